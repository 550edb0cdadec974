"""DungeonQuest rules: monsters, the combat duel, flight (DQ-9) and the catacombs (DQ-10),
with the rulebook's examples (Bruder Gherinn's round, Tatianna's way out)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.dungeonquest import combat_equilibrium
from deepwood_kernel.games.dungeonquest.content import load_content

from .helpers import check_invariants, place, play, put, start


def meet(players=2, monster="goblin_raider", **opts) -> dk.Game:
    """Seat 0 steps into a dungeon room at b1, draws 'Something stirs' and meets
    ``monster``; returns the game at the hero's choice of combat card."""
    g = start(players, **opts)
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card stirring", f"card {monster}")
    return g


# ------------------------------------------------------------------ 9 monsters, combat
def test_DQ_9_1_a_marker_room_means_a_monster_instead_of_the_effect():
    """DQ-9.1: entering a room with a monster marker skips its dungeon card."""
    g = start(1)
    place(g, "b1", "hall_cross")
    g.state.monsters.append("b1")
    g.apply("move b1")
    ids = [a.id for a, _ in g.chance_outcomes()]
    assert "card goblin_raider" in ids and "card stirring" not in ids   # the monster deck


def test_DQ_9_2_left_player_draws_and_a_marker_is_placed():
    """DQ-9.2: the player to the left plays the monster; only its name is read aloud; a
    monster marker goes into the room."""
    g = meet(3)
    assert g.state.monsters == ["b1"]
    assert "meets a monster: the Goblin raider" in g.log[-1]
    assert g.view(0)["combat"]["life"] is None              # the hero does not see it
    assert g.view(1)["combat"]["life"] == 3                 # the monster player does
    g.apply("play melee")
    assert g.current_player == 1                            # seat 0's left neighbour


def test_DQ_9_2_solo_and_policies_are_chance_events():
    """DQ-9.2, DQ-9.6: solo (or a policy option) the monster's card is a chance event:
    the equilibrium mix 5/18, 7/18, 1/3, or uniform."""
    g = meet(1)
    g.apply("play melee")
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [
        ("monster melee", Fraction(5, 18)), ("monster ranged", Fraction(7, 18)),
        ("monster magic", Fraction(1, 3))]
    g2 = start(2, **{"monster": "uniform"})
    place(g2, "b1", "hall_cross")
    play(g2, "move b1", "card stirring", "card goblin_raider", "play magic")
    assert [p for _, p in g2.chance_outcomes()] == [Fraction(1, 3)] * 3


def test_DQ_9_3_the_rulebook_example_ranged_against_magic():
    """DQ-9.3, DQ-9.6 (Beispiel: Kampf): hero ranged, monster magic: the hero suffers 1
    wound, the monster 0. The hero's card stays secret until both are chosen."""
    g = meet(2)
    g.apply("play ranged")
    assert g.view(1)["combat"]["hero_card"] == "chosen"
    assert g.log_for(1)[-1] == "Anna chooses a combat card in secret."
    assert g.log_for(0)[-1] == "Anna chooses ranged in secret."
    g.apply("monster magic")
    assert g.state.heroes[0].wounds == 1 and g.state.combat["wounds"] == 0


def test_DQ_9_4_a_dead_hero_ends_the_encounter():
    """DQ-9.4: the hero dies first; the monster card is discarded, the marker stays."""
    g = meet(2)
    g.state.heroes[0].wounds = 14                 # Brannoc: life 16
    play(g, "play melee", "monster ranged")       # hero 2 wounds
    s = g.state
    assert s.heroes[0].status == "dead" and s.combat is None
    assert s.discards["monster"] == {"goblin_raider": 1} and s.monsters == ["b1"]
    assert g.current_player == 1
    check_invariants(g)


def test_DQ_9_5_a_slain_monster_ends_the_turn():
    """DQ-9.5: the goblin (life 3) takes 3 from melee against magic: slain, marker gone."""
    g = meet(2)
    play(g, "play melee", "monster magic")
    s = g.state
    assert s.combat is None and s.monsters == [] and s.discards["monster"] == {
        "goblin_raider": 1}
    assert g.current_player == 1


def test_DQ_9_6_no_card_dominates_and_the_equilibrium_is_exact():
    """DQ-9.6: the designed table: no dominated card on either side; the equilibrium
    makes the other side indifferent (checked with Fractions)."""
    c = load_content()
    a = [[c.monster_wounds[h][m] - c.hero_wounds[h][m] for m in range(3)] for h in range(3)]
    assert c.hero_wounds[1][2] == 1 and c.monster_wounds[1][2] == 0   # the example
    for i, j in product(range(3), repeat=2):
        if i != j:
            assert not all(a[i][m] >= a[j][m] for m in range(3))      # hero rows
            assert not all(a[h][i] <= a[h][j] for h in range(3))      # monster columns
    eq = combat_equilibrium()
    p, q, v = list(eq["hero"].values()), list(eq["monster"].values()), eq["value"]
    assert v == Fraction(2, 9)
    for h in range(3):
        assert sum(q[m] * a[h][m] for m in range(3)) == v
    for m in range(3):
        assert sum(p[h] * a[h][m] for h in range(3)) == v


def test_DQ_9_7_fight_on_or_flee_at_the_end_of_a_round():
    """DQ-9.7: both alive: fight again (cards back in hand) or try to flee."""
    g = meet(2)
    play(g, "play melee", "monster melee")        # 1 and 1
    assert g.legal_action_ids() == ["fight", "flee a1"]
    g.apply("fight")
    assert g.state.combat["round"] == 2
    assert g.legal_action_ids() == ["play melee", "play ranged", "play magic"]


def test_DQ_9_8_flight_escape_wounds_and_the_move():
    """DQ-9.8: a passed agility test, the card revealed, its escape wounds, then the move
    into the neighbouring explored room (here the tower room a1, whose effect follows);
    a failed test: a token and a new round."""
    g = meet(2, monster="cave_troll")
    play(g, "play melee", "monster melee", "flee a1", "roll 12")
    assert g.state.heroes[0].determination == 1 and g.state.combat["round"] == 2
    play(g, "play melee", "monster melee", "flee a1", "roll 3")
    s = g.state
    assert "escape wounds 3" in " ".join(g.log)
    assert s.heroes[0].wounds == 2 + 3 and s.heroes[0].sq == "a1" and s.combat is None
    assert s.decide[0] == "onward"                # the tower room: move on (no loot)
    assert s.monsters == ["b1"]                   # the marker stays behind


def test_DQ_9_8_DQ_11_6_flight_over_the_rubble_needs_the_agility_test():
    """DQ-9.8, DQ-11.6: flight ignores only doors and portcullises. Fleeing out of a
    caved-in room by a passage beyond the rubble asks for the rubble's agility test after
    the flight's own; a failure ends the turn in the room, a pass reaches the room."""
    def fled(rubble_roll):
        g = start(2)
        place(g, "c1", "hall_cross")
        play(g, "move b1", "tile cave_in", "card stirring", "card goblin_raider",
             "play melee", "monster melee")       # 1 and 1: the goblin (life 3) lives
        assert g.legal_action_ids() == ["fight", "flee c1", "flee a1"]
        play(g, "flee c1", "roll 3")              # the flight (agility 6) succeeds
        s = g.state
        assert s.combat is None and s.heroes[0].wounds == 1 + 1       # escape wounds 1
        assert s.test is not None and s.test["attr"] == "agility"      # the rubble
        assert s.heroes[0].sq == "b1"
        g.apply(f"roll {rubble_roll}")
        return g
    g = fled(12)
    s = g.state
    assert s.heroes[0].sq == "b1" and s.heroes[0].determination == 1
    assert g.current_player == 1                  # the turn ended in the room
    g = fled(6)
    assert g.state.heroes[0].sq == "c1"
    assert g.chance_outcomes()[0][0].id.startswith("card ")   # c1's dungeon card
    g = start(2)                                  # back over the arrow's side: no test
    place(g, "c1", "hall_cross")
    play(g, "move b1", "tile cave_in", "card stirring", "card goblin_raider",
         "play melee", "monster melee", "flee a1", "roll 3")
    assert g.state.test is None and g.state.heroes[0].sq == "a1"


def test_DQ_9_8_no_flight_without_an_explored_neighbour():
    """DQ-9.8: a room among unexplored squares offers no flight."""
    g = start(2)
    place(g, "c3", "hall_cross")
    put(g, 0, "c3", came=3)
    g.state.decide = ("action", 0)
    g._invalidate()
    place(g, "c4", "hall_cross")
    play(g, "move c4", "card stirring", "card goblin_raider", "play melee",
         "monster melee")
    assert g.legal_action_ids() == ["fight", "flee c3"]
    del g.state.board["c3"]
    g.state.tiles["hall_cross"] += 1
    g._invalidate()
    assert g.legal_action_ids() == ["fight"]


# ------------------------------------------------------------------ 10 catacombs
def down(cards=(), face="E") -> dk.Game:
    """Solo: a stairwell at b1, the hero goes down facing ``face``; ``cards`` are put
    beside the sheet as collected earlier. Returns the game at the next catacomb draw."""
    g = start(1)
    place(g, "b1", "stairwell")
    play(g, "move b1", "card empty_hall")
    assert "catacombs" in g.legal_action_ids()
    g.apply("catacombs")
    assert g.legal_action_ids() == ["face N", "face E", "face S", "face W"]
    s = g.state
    for k in cards:
        s.piles["catacomb"][k] -= 1
        s.heroes[0].cat_cards.append(k)
    g._invalidate()
    g.apply(f"face {face}")
    return g


def test_DQ_10_1_entrances_printed_or_marker():
    """DQ-10.1: only a room with a printed entrance or an entrance marker."""
    g = start(1)
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card hidden_stairway")    # an entrance marker on b1
    assert g.state.entrances == ["b1"] and "catacombs" in g.legal_action_ids()
    g2 = start(1)
    place(g2, "b1", "hall_cross")
    play(g2, "move b1", "card empty_hall")
    with pytest.raises(dk.IllegalAction, match="no catacomb entrance"):
        g2.apply("catacombs")


def test_DQ_10_2_DQ_10_3_travel_marker_and_a_card_each_turn():
    """DQ-10.2, DQ-10.3: marker on the square, figure off the board, turn over; then a
    catacomb card each action phase, kept beside the sheet."""
    g = down()
    h = g.state.heroes[0]
    assert h.status == "catacombs" and h.sq is None and h.travel == ("b1", 1)
    assert g.is_chance and g.chance_outcomes()[0][0].id.startswith("card ")
    g.apply("card winding_tunnel")
    assert h.cat_cards == ["winding_tunnel"]


def test_DQ_10_4_DQ_10_5_the_rulebook_example_three_cards_then_a_two():
    """DQ-10.4, DQ-10.5, DQ-10.7 (Beispiel): 2 cards held, the exit card makes 3: the
    marker moves 3 squares, turns 90° anticlockwise, a roll of 2 moves it 2 more; the
    cards are discarded (loot kept), the square is unexplored: a tile in any orientation."""
    g = down(cards=("winding_tunnel", "bone_coins"), face="S")   # from b1 heading south
    g.apply("card ladder_up")
    assert g.legal_action_ids() == ["leave", "stay"]
    g.apply("leave")
    assert g.state.heroes[0].travel == ("b4", 2)                  # 3 squares south
    g.apply("turn left")                                          # anticlockwise: east
    g.apply("die 2")
    s = g.state
    assert s.heroes[0].loot == ["bone_coins"]
    assert s.discards["catacomb"] == {"ladder_up": 1, "winding_tunnel": 1}
    g.apply("tile hall_cross")
    assert g.legal_action_ids() == ["orient N", "orient E", "orient S", "orient W"]
    g.apply("orient W")
    assert s.heroes[0].sq == "d4" and s.board["d4"] == ["hall_cross", 1]
    assert g.chance_outcomes()[0][0].id.startswith("card ")      # its effect: a card
    check_invariants(g)


def test_DQ_10_5_steps_lost_at_the_outer_wall_wound():
    """DQ-10.4, DQ-10.5: at the wall the first move just stops; on the rolled move each
    lost step is 1 wound."""
    g = down(cards=("winding_tunnel",), face="W")                  # b1 heading west
    play(g, "card ladder_up", "leave")
    assert g.state.heroes[0].travel == ("a1", 3)                   # 2 squares, 1 lost
    assert g.state.heroes[0].wounds == 0
    play(g, "turn right", "die 5")                                 # north from a1: 5 lost
    assert g.state.heroes[0].wounds == 5
    assert g.state.heroes[0].sq == "a1"                            # the tower room


def test_DQ_10_6_landing_on_an_explored_room_with_a_hero():
    """DQ-10.6: landing may share a room with another hero; its effect follows."""
    g = start(2)
    place(g, "b1", "stairwell")
    place(g, "j2", "hall_cross")
    play(g, "move b1", "card empty_hall", "move j2", "card empty_hall")
    play(g, "catacombs", "face S")                # seat 0 goes down at b1, heading south
    play(g, "move j3", "tile hall_cross", "card empty_hall")
    place(g, "c2", "hall_cross")
    put(g, 1, "c2", came=None)                    # seat 1 now stands on c2
    s = g.state
    play(g, "card ladder_up", "leave")            # 1 card: b1 south 1 -> b2
    assert s.heroes[0].travel == ("b2", 2)
    play(g, "turn left", "die 1")                 # east 1 -> c2, where seat 1 stands
    assert s.heroes[0].sq == "c2" == s.heroes[1].sq
    assert g.chance_outcomes()[0][0].id.startswith("card ")


def test_DQ_10_stay_keeps_exploring():
    """DQ-10.4: leaving is a choice; staying keeps the card beside the sheet."""
    g = down()
    play(g, "card ladder_up", "stay")
    assert g.state.heroes[0].cat_cards == ["ladder_up"] and g.state.heroes[0].status == \
        "catacombs"
