"""DungeonQuest rules: components, setup, the turn, moving, searching, tests, the sun,
wounds, death and victory (DQ-0 to DQ-8), with the rulebook's own numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.dungeonquest import odds
from deepwood_kernel.games.dungeonquest.content import DECK_SIZES, load_content
from deepwood_kernel.games.dungeonquest.rules import attribute

from .helpers import check_invariants, place, play, put, start, take_card


# ------------------------------------------------------------------ 0 components
def test_DQ_0_1_goal_is_loot_and_getting_out():
    """DQ-0.1: only a hero who got out scores; the most gold wins."""
    g = start(2)
    take_card(g, "fire_ruby")
    s = g.state
    s.heroes[0].status, s.heroes[0].sq = "escaped", None
    s.heroes[1].status, s.heroes[1].sq = "dead", None
    s.over = True
    assert g.scores() == [300, 0] and g.winners() == [0]


def test_DQ_0_2_component_counts():
    """DQ-0.2: 117 tiles; 50/40/15/15/15/15/30/32/12/20/8 cards; 10+10 markers, 65 tokens."""
    c = load_content()
    assert sum(t.count for t in c.tiles.values()) == 117
    for deck, n in DECK_SIZES.items():
        assert sum(k.count for k in c.cards.values() if k.deck == deck) == n, deck
    assert DECK_SIZES == {"dungeon": 50, "catacomb": 40, "corpse": 15, "trap": 15,
                          "crypt": 15, "door": 15, "search": 30, "treasure": 32, "rune": 12,
                          "monster": 20, "dragon": 8}
    assert c.supply == {"tokens": 65, "monster_markers": 10, "entrance_markers": 10}
    assert len(c.combat_cards) == 3 and len(c.heroes) == 6


def test_DQ_0_3_one_pool_for_determination_and_searched_markers():
    """DQ-0.3: an empty pool gives no token for a failure and forbids searching."""
    g = start(1)
    s = g.state
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    s.tokens = 0
    s.heroes[0].determination = 65
    g._invalidate()
    assert "search" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="no searched marker is left"):
        g.apply("search")
    check_invariants(g)


def test_DQ_0_4_game_length_bound_ends_as_at_sunset():
    """DQ-0.4: reaching max_game_length ends the game; heroes inside die."""
    info = dk.GAMES["dungeonquest"]
    assert info.max_game_length == 20_000
    g = start(1)
    g.rules.end_by_length(g.state)
    assert g.is_over and g.state.heroes[0].status == "dead"


# ------------------------------------------------------------------ 1 setup
def test_DQ_1_1_DQ_1_3_tiles_and_decks_are_shuffled_multisets():
    """DQ-1.1, DQ-1.3: a tile draw and a card draw are chance events over what is left."""
    g = start(1)
    g.apply("move b1")
    outs = dict((a.id, p) for a, p in g.chance_outcomes())
    assert outs["tile hall_cross"] == Fraction(9, 117)
    assert sum(outs.values()) == 1
    g.apply("tile hall_cross")
    outs = dict((a.id, p) for a, p in g.chance_outcomes())
    assert outs["card stirring"] == Fraction(12, 50)


def test_DQ_1_2_combat_cards_for_both_sides():
    """DQ-1.2: three combat cards for the hero side, three for the monster side."""
    c = load_content()
    assert c.combat_cards == ("melee", "ranged", "magic")


def test_DQ_1_4_DQ_1_5_sun_on_space_one_and_the_supply():
    """DQ-1.4, DQ-1.5: sun on space 1; the supply holds every marker."""
    g = dk.new_game("dungeonquest", players=2, seed=4)
    assert g.state.sun == 1 and g.state.tokens == 65
    assert g.state.monsters == [] and g.state.entrances == []


def test_DQ_1_6_start_player_by_die_with_rerolls():
    """DQ-1.6: everyone rolls; the tied highest roll again; the highest starts."""
    g = dk.new_game("dungeonquest", players=3, seed=0)
    assert g.is_chance and [p for _, p in g.chance_outcomes()] == [Fraction(1, 6)] * 6
    play(g, "die 5", "die 5", "die 2")            # seats 0 and 1 tie on 5
    assert "roll again" in g.log[-1]
    play(g, "die 3", "die 4")                     # the reroll: seat 1 wins
    assert g.state.start == 1
    assert "Ben rolls highest" in " ".join(g.log)
    solo = dk.new_game("dungeonquest", players=1, seed=0)
    solo.apply("die 2")
    assert solo.state.start == 0


def test_DQ_1_7_DQ_1_8_DQ_1_9_heroes_in_turn_order_and_runes_dealt_face_down():
    """DQ-1.7, DQ-1.8, DQ-1.9: runes are dealt face down from the start player on, then
    heroes chosen from the start player on (no hero twice), then runes turned up."""
    g = dk.new_game("dungeonquest", players=2, seed=0)
    play(g, "die 1", "die 6")                     # seat 1 starts
    assert g.chance_outcomes(seat=0)[0][0].id == "?rune"     # unseen by every seat
    play(g, "card rune_grace", "card rune_might")
    assert g.state.heroes[1].rune_face_down == "rune_grace"
    assert g.view(0)["heroes"][1]["rune_face_down"] is True
    assert g.current_player == 1
    g.apply("hero ysolde")
    assert "hero ysolde" not in g.legal_action_ids() and g.current_player == 0
    g.apply("hero oskar")
    assert g.state.heroes[1].runes == ["rune_grace"]
    assert attribute(g.state, 1, "agility") == 10                  # 9 + the rune


def test_DQ_1_10_heroes_into_free_tower_rooms():
    """DQ-1.10: each hero into a tower room where no other hero stands."""
    g = dk.new_game("dungeonquest", players=2, seed=0)
    play(g, "die 6", "die 1", "card rune_stone", "card rune_stone", "hero brannoc",
         "hero ysolde", "tower j12")
    assert g.legal_action_ids() == ["tower a1", "tower j1", "tower a12"]


# ------------------------------------------------------------------ 2 the turn
def test_DQ_2_1_clockwise_from_the_start_player_skipping_the_dead():
    """DQ-2.1: start player first, then clockwise; dead heroes are skipped."""
    g = start(3)
    g.state.heroes[1].status, g.state.heroes[1].sq = "dead", None
    g._invalidate()
    g.apply("move b1")
    g.apply("tile hall_cross")
    g.apply("card empty_hall")
    assert g.current_player == 2


def test_DQ_2_2_status_phase_lasting_cards_and_cure():
    """DQ-2.2, DQ-14.3: a lasting card acts at the start of your turn; a passed cure test
    discards it."""
    g = start(1)
    s = g.state
    s.piles["corpse"]["rot_fever"] -= 1
    s.heroes[0].keep.append("rot_fever")
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    g.apply("card empty_hall")                    # turn ends; next round starts
    assert s.heroes[0].wounds == 1                # rot fever: 1 wound
    g.apply("roll 4")                             # toughness test (7 + rune 1) passes
    assert "rot_fever" not in s.heroes[0].keep and s.discards["corpse"] == {"rot_fever": 1}


def test_DQ_2_3_sun_moves_each_round_even_when_the_start_player_is_out():
    """DQ-2.3, DQ-7.1: one space per round, also after the start player escaped."""
    g = start(2)
    assert g.state.sun == 2
    g.state.heroes[0].status, g.state.heroes[0].sq = "escaped", None
    take_card(g, "silver_chain")
    place(g, "i1", "hall_cross")
    g.state.seat = 1
    g.state.decide = ("action", 1)
    g._invalidate()
    g.apply("move i1")
    g.apply("card empty_hall")
    assert g.state.sun == 3 and g.current_player == 1


def test_DQ_2_4_one_action_and_waiting_when_blocked():
    """DQ-2.4: move, search or catacombs — one of them; boxed in, the hero waits."""
    g = start(2)
    place(g, "b1", "alcove", 0)                   # "wwow", arrow south: a wall towards a1
    put(g, 1, "a2")                               # the other way out is taken
    assert g.legal_action_ids() == ["wait"]
    g.apply("wait")
    assert g.current_player == 1


# ------------------------------------------------------------------ 3 moving
def test_DQ_3_1_walls_block_on_either_side():
    """DQ-3.1: a wall on either side of the edge, or the board edge, blocks a move."""
    g = start(1)
    place(g, "b1", "alcove", 2)                   # "wwow" turned 180°: open only north
    ids = g.legal_action_ids()
    assert "move b1" not in ids and ids == ["move a2"]


def test_DQ_3_2_DQ_3_5_entering_a_room_resolves_its_effect():
    """DQ-3.2, DQ-3.5: into an explored dungeon room: its effect, a dungeon card."""
    g = start(1)
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    assert g.is_chance and g.chance_outcomes()[0][0].id.startswith("card ")


def test_DQ_3_3_no_voluntary_entry_into_a_room_with_a_hero():
    """DQ-3.3: another hero's room is no move target; the reason says why."""
    g = start(2)
    place(g, "b1", "hall_cross")
    put(g, 1, "b1", came=3)
    assert "move b1" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="another hero stands on b1"):
        g.apply("move b1")


def test_DQ_3_4_new_tile_arrow_points_back():
    """DQ-3.4: moving east onto an unexplored square, the tile is turned so its arrow
    (its S side) faces west, towards where the hero came from."""
    g = start(1)
    g.apply("move b1")
    g.apply("tile alcove")                        # "wwow": only the arrow side open
    s = g.state
    assert s.board["b1"] == ["alcove", 1]
    from deepwood_kernel.games.dungeonquest.rules import side
    assert side(s, "b1", 3) == "o" and side(s, "b1", 0) == "w" and side(s, "b1", 1) == "w"
    assert s.heroes[0].sq == "b1"


# ------------------------------------------------------------------ 5 searching
def test_DQ_5_1_search_needs_torch_no_monster_no_marker():
    """DQ-5.1: no torch, a monster marker or a searched marker forbid a search."""
    g = start(1)
    place(g, "b1", "hall_cross_dark")
    put(g, 0, "b1", came=3)
    with pytest.raises(dk.IllegalAction, match="no torch"):
        g.apply("search")
    g.state.board["b1"] = ["hall_cross", 0]
    g.state.monsters.append("b1")
    g._invalidate()
    with pytest.raises(dk.IllegalAction, match="monster marker"):
        g.apply("search")
    g.state.monsters.remove("b1")
    g._invalidate()
    assert "search" in g.legal_action_ids()


def test_DQ_5_2_search_draws_and_marks():
    """DQ-5.2: a search card is drawn and a searched marker placed; never again here."""
    g = start(1)
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    g.apply("search")
    assert g.state.searched == ["b1"] and g.state.tokens == 64
    assert {a.id for a, _ in g.chance_outcomes()} >= {"card hidden_coins", "card nothing_here"}
    g.apply("card hidden_coins")
    assert g.state.heroes[0].loot == ["hidden_coins"]
    assert "search" not in g.legal_action_ids()   # searched: never again


# ------------------------------------------------------------------ 6 tests
def test_DQ_6_1_two_dice_at_or_under():
    """DQ-6.1: 2d6 at or under the attribute; a 7 passes 7, an 8 fails."""
    assert odds.test_odds(7) == Fraction(21, 36)
    assert odds.test_odds(2) == Fraction(1, 36) and odds.test_odds(12) == 1
    g = start(1)
    place(g, "b1", "pit")
    g.apply("move b1")
    assert [p for _, p in g.chance_outcomes()][5] == Fraction(6, 36)   # a 7
    g.apply("roll 5")                             # luck 6 + 0: pass, turn ends
    assert g.state.heroes[0].status == "in"


def test_DQ_6_2_failure_earns_a_token():
    """DQ-6.2: every failure puts a determination token on the sheet."""
    g = start(1)
    place(g, "b1", "hall_portcullis", 3)          # portcullis on its W side (towards a1)
    g.apply("move b1")
    g.apply("roll 12")                            # strength 9: fail, turn ends
    assert g.state.heroes[0].determination == 1 and g.state.heroes[0].sq == "a1"


def test_DQ_6_3_spend_tokens_after_the_roll():
    """DQ-6.3: after a roll of 11 against strength 9, 2 tokens turn it into a pass."""
    assert odds.test_odds(9, determination=2) == odds.test_odds(11)
    g = start(1)
    g.state.heroes[0].determination, g.state.tokens = 3, 62
    place(g, "b1", "hall_portcullis", 3)
    g.apply("move b1")
    g.apply("roll 11")
    assert g.legal_action_ids() == ["spend 2", "accept"]
    g.apply("spend 2")
    assert g.state.heroes[0].determination == 1 and g.state.tokens == 64
    assert g.chance_outcomes()[0][0].id.startswith("card ")     # through: a dungeon card


# ------------------------------------------------------------------ 7 sun, wounds, death
def test_DQ_7_2_numbered_spaces_and_sunset():
    """DQ-7.2: on space 16 (a 1) a roll of 1 sets the sun, a 2 does not."""
    c = load_content()
    assert c.sun_numbers == {16: 1, 18: 1, 20: 2, 22: 2, 24: 3, 25: 3, 26: 4, 27: 5, 28: 6}
    assert odds.sun_survival(15, 1) == Fraction(5, 6)
    assert odds.sun_survival(15, 3) == Fraction(25, 36)
    assert odds.sun_survival(1, 14) == 1 and odds.sun_survival(27, 1) == 0
    g = start(1)
    g.state.sun = 15
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    g.apply("card empty_hall")
    assert g.state.sun == 16 and g.is_chance
    g.apply("die 2")
    assert not g.is_over


def test_DQ_7_3_heroes_inside_die_at_sunset():
    """DQ-7.3, DQ-8.1: the sun sets on a roll at or under the number; all inside die."""
    g = start(2)
    g.state.sun = 15
    g.state.heroes[1].status, g.state.heroes[1].sq = "escaped", None
    take_card(g, "silver_chain")                  # seat 0's loot, lost with the hero
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    g.apply("card empty_hall")
    g.apply("die 1")
    assert g.is_over and g.state.sunset and g.state.heroes[0].status == "dead"
    check_invariants(g)


def test_DQ_7_4_DQ_7_6_death_by_wounds_discards_everything():
    """DQ-7.4, DQ-7.6: wounds reaching life kill; cards discarded, tokens back, the turn
    ends at once."""
    g = start(2)
    s = g.state
    take_card(g, "fire_ruby")
    s.heroes[0].wounds = 15                       # Brannoc: life 16
    s.heroes[0].determination, s.tokens = 2, 63
    place(g, "b1", "trap_hall")
    g.apply("move b1")
    g.apply("card spike_pit")
    g.apply("wounds 1")
    assert s.heroes[0].status == "dead" and s.heroes[0].loot == []
    assert s.discards["treasure"] == {"fire_ruby": 1} and s.tokens == 65
    assert g.current_player == 1
    check_invariants(g)


def test_DQ_7_5_healing_never_below_zero():
    """DQ-7.5: heal 2 with 1 wound leaves 0."""
    g = start(1)
    g.state.heroes[0].wounds = 1
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    g.apply("card clear_spring")
    assert g.state.heroes[0].wounds == 0


# ------------------------------------------------------------------ 8 victory
def _ended(g, statuses):
    s = g.state
    for h, st in zip(s.heroes, statuses):
        h.status, h.sq = st, None
    s.over = True


def test_DQ_8_2_ties_most_valuable_card_then_most_cards():
    """DQ-8.2: equal gold -> the single most valuable card; then most loot cards."""
    g = start(3)
    s = g.state
    s.heroes[0].loot = ["gold_hoard", "silver_chain"]          # 200: 120 + 80
    s.heroes[1].loot = ["jewelled_goblet"]                     # 200: one card of 200
    s.heroes[2].loot = ["silver_chain", "silver_chain"]        # 160
    _ended(g, ["escaped"] * 3)
    assert g.scores() == [200, 200, 160] and g.winners() == [1]
    s.heroes[0].loot = ["jewelled_goblet"]
    s.heroes[1].loot = ["jewelled_goblet"]
    assert g.winners() == [0, 1]                               # a shared win
    _ended(g, ["dead", "dead", "dead"])
    assert g.winners() == []


def test_DQ_8_3_loot_cards_go_to_your_area():
    """DQ-8.3: a loot card drawn lies face up in your area."""
    g = start(1)
    place(g, "b1", "hall_cross")
    g.apply("move b1")
    g.apply("card dropped_purse")
    assert g.state.heroes[0].loot == ["dropped_purse"]
    assert g.view()["heroes"][0]["score"] == 15


def test_DQ_8_4_escape_ends_your_game_with_the_loot():
    """DQ-8.4, DQ-11.13: an escaped hero takes no more turns; the tokens return."""
    g = start(2)
    take_card(g, "gold_hoard")
    g.state.heroes[0].determination, g.state.tokens = 1, 64
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    g.apply("move a1")
    assert "escape" in g.legal_action_ids()
    g.apply("escape")
    assert g.state.heroes[0].status == "escaped" and g.state.tokens == 65
    assert g.current_player == 1
