"""Rule tests for *Klong!* (Clank!): clank (CL-7), the dragon (CL-8), health (CL-9), escape
and the countdown track (CL-10), scoring (CL-11) and secrets and wares (CL-13).

Each test names the rule IDs of docs/rules/clank.md it checks and uses exact numbers: the
rulebook's own attack example (CL-8.10, CL-8.11) is replayed cube by cube. Positions are
built with ``rig()``, forced chance outcomes and small, conserving state surgery followed
by ``check_invariants``.
"""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.clank import rules as R
from deepwood_kernel.games.clank.dragon import dragon_attack_odds
from deepwood_kernel.games.clank.state import ESCAPED, IN, LOST, RESCUED
from deepwood_kernel.prob.bags import colour_marginal
from deepwood_kernel.prob.dist import Dist

from .helpers import check_invariants, hurt, rig

#: six dungeon cards with no dragon symbol, no danger and no arrive effect
SAFE_ROW = ["lamp_bearer", "burrow_scout", "chalk_map", "jewelers_loupe", "salvaged_purse",
            "second_thoughts"]
MINOR_POOL = {"potion_heal": 3, "potion_swiftness": 3, "potion_strength": 3,
              "skill_boost": 2, "treasure": 3, "magic_spring": 2, "dragon_egg": 2}
MAJOR_POOL = {"potion_heal_greater": 2, "skill_boost_greater": 2, "treasure_big": 3,
              "flash_of_brilliance": 2, "chalice": 2}


# ============================================================== position builders
#: artifacts sent back to the box at setup (forced, CL-1.4), by player count
REMOVED = {2: (25, 30), 3: (30,), 4: ()}


def game(players: int = 2, seed: int = 0) -> dk.Game:
    """Seat 0 to decide in turn 1: the richest artifacts forced out of the game (with 2 or 3
    players), the rest of the setup dealt from the seed, then a known, harmless row."""
    g = dk.new_game("clank", players=players, seed=seed)
    for v in REMOVED[players]:
        g.apply(f"remove {v}")
    g.advance()
    assert g.current_player == 0
    set_row(g, SAFE_ROW)
    return g


def set_row(g: dk.Game, keys) -> None:
    """Lay exactly ``keys`` (None: empty slot) as the dungeon row; the old row cards go
    back into the dungeon deck, so every card stays conserved."""
    s = g.state
    for k in s.row:
        if k is not None:
            R._add(s.dungeon, k)
    s.row = [None] * len(s.row)
    for i, k in enumerate(keys):
        if k is not None:
            R._take(s.dungeon, k)
            s.row[i] = k
    g._invalidate()


def hand(g: dk.Game, keys, seat: int | None = None, **turn) -> dk.Game:
    """``rig`` a hand that may hold dungeon or reserve cards: the missing copies are first
    taken from the dungeon deck or the reserve piles into the player's draw pile."""
    s = g.state
    seat = s.seat if seat is None else seat
    p = s.players[seat]
    have = Counter(p.draw) + Counter(p.hand) + Counter(p.discard)
    for k, n in Counter(keys).items():
        for _ in range(n - have[k]):
            if s.content.cards[k].set == "dungeon":
                R._take(s.dungeon, k)
            else:
                s.reserve[k] -= 1
            R._add(p.draw, k)
    return rig(g, seat, hand=list(keys), **turn)


def give_artifact(g: dk.Game, seat: int, value: int) -> None:
    """Hand ``seat`` the artifact worth ``value`` off the map (artifacts stay conserved)."""
    s = g.state
    room = next(r for r, v in s.artifacts.items() if v == value)
    del s.artifacts[room]
    s.players[seat].artifacts.append(value)
    g._invalidate()


def empty_slots(g: dk.Game, n: int) -> None:
    """Clear the first ``n`` row slots onto the dungeon discard pile (as if bought)."""
    s = g.state
    for i in range(n):
        R._add(s.dungeon_discard, s.row[i])
        s.row[i] = None
    g._invalidate()


def end_turn(g: dk.Game, *refill) -> None:
    """End the current turn with an empty hand; ``refill`` cards are forced into as many
    empty slots (the slots are emptied first)."""
    empty_slots(g, len(refill))
    rig(g, hand=[])
    g.apply("end")
    for key in refill:
        assert g.state.phase == "refill"
        g.apply(f"row {key}")


def finish_draw(g: dk.Game) -> None:
    """Resolve the 5 cards drawn at a turn's end (seeded), stopping before anything else."""
    while g.is_chance and g.state.phase == "hand":
        g.step()


def weights(g: dk.Game) -> dict[str, Fraction]:
    return {a.id: p for a, p in g.chance_outcomes()}


def cubes(g: dk.Game, *colours: str) -> None:
    for c in colours:
        assert g.state.phase == "attack"
        g.apply(f"cube {c}")


def enter(g: dk.Game, src: str, dest: str, **turn) -> None:
    """Put the player to move in ``src`` with an empty hand and walk into ``dest``."""
    rig(g, hand=[], room=src, **{"boots": 1, **turn})
    g.apply(f"move {dest}")


def engine_attack_laws(g: dk.Game) -> list[Dist]:
    """Brute force over the engine's own chance tree: each seat's damage law for the rest
    of the attack being drawn (every cube outcome with its engine weight)."""
    s0 = g.state
    start = [p.damage for p in s0.players]
    acc = [Counter() for _ in s0.players]

    def walk(s, prob):
        if s.phase != "attack":
            for i, p in enumerate(s.players):
                acc[i][p.damage - start[i]] += prob
            return
        w = R.chance_weights(s)
        total = sum(n for _, n in w)
        for aid, n in w:
            s2 = copy.deepcopy(s, {id(s.content): s.content})
            R.apply(s2, aid)
            walk(s2, prob * Fraction(n, total))

    walk(s0, Fraction(1))
    return [Dist(dict(c)) for c in acc]


def laws_equal(a: Dist, b: Dist) -> bool:
    return dict(a.items()) == dict(b.items())


# ============================================================== CL-7 clank
def test_CL_7_1_clank_puts_cubes_from_your_supply_into_the_clank_area():
    g = game(2)
    s, anna = g.state, g.state.players[0]
    assert (anna.supply, anna.clank) == (27, 3)          # 3 starting clank (CL-1.14)
    hand(g, ["stumble", "reckless_charge"])
    g.apply("play stumble")
    assert (anna.supply, anna.clank) == (26, 4)
    g.apply("play reckless_charge")                      # clank 2
    assert (anna.supply, anna.clank) == (24, 6)
    assert [p.clank for p in s.players[1:]] == [2]       # nobody else's cubes move
    check_invariants(g)


def test_CL_7_2_negative_clank_takes_your_own_cubes_back_out():
    g = game(3)
    s, anna = g.state, g.state.players[0]
    hand(g, ["hushed_footfall", "rattling_chains"])
    g.apply("play hushed_footfall")                      # clank -1
    assert (anna.supply, anna.clank) == (28, 2)
    g.apply("play rattling_chains")                      # clank -2
    assert (anna.supply, anna.clank) == (30, 0)
    assert [p.clank for p in s.players] == [0, 2, 1]     # only her own cubes
    assert s.turn.neg_clank == 0
    check_invariants(g)


def test_CL_7_3_surplus_negative_clank_cancels_later_clank_this_turn():
    """The reading of CL-7.3 (and CL-2.11): own cubes first, then the rest cancels."""
    g = game(2)
    s, anna = g.state, g.state.players[0]
    hand(g, ["rattling_chains", "hushed_footfall", "hushed_footfall", "stumble", "stumble"])
    g.apply("play rattling_chains")                      # -2 of her 3 cubes
    assert (anna.clank, s.turn.neg_clank) == (1, 0)
    g.apply("play hushed_footfall")                      # her last cube
    assert (anna.supply, anna.clank, s.turn.neg_clank) == (30, 0, 0)
    g.apply("play hushed_footfall")                      # no cube left: -1 kept
    assert (anna.supply, anna.clank, s.turn.neg_clank) == (30, 0, 1)
    g.apply("play stumble")                              # cancelled
    assert (anna.supply, anna.clank, s.turn.neg_clank) == (30, 0, 0)
    g.apply("play stumble")                              # now it counts
    assert (anna.supply, anna.clank) == (29, 1)
    check_invariants(g)


def test_CL_7_3_unused_negative_clank_is_lost_at_the_end_of_the_turn():
    """Reading of CL-7.3 / CL-2.10: leftover negative clank does not carry over."""
    g = game(2)
    s, anna = g.state, g.state.players[0]
    hand(g, ["rattling_chains", "hushed_footfall", "hushed_footfall"])
    for card in ("rattling_chains", "hushed_footfall", "hushed_footfall"):
        g.apply(f"play {card}")                          # -4 against 3 cubes
    assert (anna.clank, s.turn.neg_clank) == (0, 1)
    g.apply("end")
    assert s.turn.neg_clank == 0
    finish_draw(g)
    end_turn(g)                                          # Sandra passes
    finish_draw(g)
    assert (s.seat, s.phase) == (0, "turn")
    hand(g, ["stumble"])
    g.apply("play stumble")                              # nothing left to cancel it
    assert (anna.supply, anna.clank) == (29, 1)
    check_invariants(g)


def test_CL_7_4_cubes_in_the_dragon_bag_cannot_be_taken_back():
    g = game(2)
    s, anna = g.state, g.state.players[0]
    anna.bag, anna.clank = 3, 0                          # her 3 cubes went into the bag
    g._invalidate()
    check_invariants(g)
    hand(g, ["hushed_footfall"])
    g.apply("play hushed_footfall")
    assert (anna.supply, anna.clank, anna.bag) == (27, 0, 3)
    assert s.turn.neg_clank == 1                         # only cancels later clank
    check_invariants(g)


def test_CL_7_5_clank_beyond_your_supply_is_not_added():
    """Reading of CL-7.5; the healed cube can make clank again (CL-9.4)."""
    g = game(2)
    s, anna = g.state, g.state.players[0]
    anna.supply, anna.damage, anna.bag = 1, 2, 24        # 1 + 3 clank + 24 + 2 = 30
    g._invalidate()
    check_invariants(g)
    hand(g, ["reckless_charge", "stumble"], room="r12", boots=1)
    g.apply("play reckless_charge")                      # clank 2, only 1 cube left
    assert (anna.supply, anna.clank) == (0, 4)
    g.apply("play stumble")                              # no cube: nothing happens
    assert (anna.supply, anna.clank) == (0, 4)
    assert sum(1 for line in s.log if "no cubes left" in line) == 2
    g.apply("move r5")                                   # the fountain heals 1 (CL-6.8)
    assert (anna.supply, anna.damage) == (1, 1)
    check_invariants(g)


def test_CL_7_6_waiting_players_make_clank_players_out_of_the_game_do_not():
    """Reading of CL-7.6 with CL-10.4 and CL-12.5: an arriving 'every player +1 clank'
    reaches the active player and Ben, who never entered; not Sandra, who escaped."""
    g = game(3)
    s = g.state
    sandra, ben = s.players[1], s.players[2]
    give_artifact(g, 1, 5)
    sandra.status, sandra.mastery = ESCAPED, True
    s.countdown_seat, s.countdown = 1, 1
    assert ben.room == s.content.start and ben.status == IN
    end_turn(g, "rattling_chains")                       # arrive: clank_all 1
    assert [p.clank for p in s.players] == [4, 2, 2]
    assert [p.supply for p in s.players] == [26, 28, 28]
    check_invariants(g)


def test_CL_7_6_a_player_still_waiting_outside_takes_dragon_damage():
    g = game(3)
    s = g.state
    s.players[0].clank, s.players[0].supply = 0, 30      # only Sandra's 2 and Ben's 1
    g._invalidate()
    end_turn(g, "grizzled_pikeman")
    assert weights(g) == {"cube black": Fraction(24, 27), "cube blue": Fraction(2, 27),
                          "cube red": Fraction(1, 27)}
    assert g.state.attack_left == 2                      # 3 players: rage space 2
    cubes(g, "red", "black")
    ben = s.players[2]
    assert ben.room == s.content.start and ben.damage == 1 and ben.bag == 0
    check_invariants(g)


# ============================================================== CL-8 the dragon
def test_CL_8_1_the_row_is_refilled_to_six_from_the_dungeon_deck():
    g = game(2)
    s = g.state
    empty_slots(g, 2)
    before = dict(s.dungeon)
    total = sum(before.values())
    rig(g, hand=[])
    g.apply("end")
    assert s.phase == "refill"
    assert weights(g) == {f"row {k}": Fraction(n, total) for k, n in before.items()}
    g.apply("row lamp_bearer")
    assert s.row[0] == "lamp_bearer" and s.row[1] is None and s.phase == "refill"
    g.apply("row cellar_rats")
    assert None not in s.row and s.row[:2] == ["lamp_bearer", "cellar_rats"]
    assert s.phase == "hand"                              # no symbol: no attack
    assert sum(s.dungeon.values()) == total - 2
    check_invariants(g)


def test_CL_8_2_an_empty_dungeon_deck_is_reshuffled_from_its_discard_pile():
    g = game(2)
    s = g.state
    s.dungeon_discard = {**s.dungeon}
    s.dungeon = {}
    empty_slots(g, 1)
    rig(g, hand=[])
    g.apply("end")
    assert s.phase == "refill" and s.dungeon_discard == {}
    assert weights(g)["row cellar_rats"] == Fraction(5, 95)
    g.apply("row cellar_rats")
    assert s.row[0] == "cellar_rats" and sum(s.dungeon.values()) == 94
    check_invariants(g)


def test_CL_8_2_with_deck_and_discard_both_empty_the_slot_stays_empty():
    g = game(2)
    s = g.state
    sandra = s.players[1]
    for k, n in s.dungeon.items():                       # park the deck in Sandra's discard
        R._add(sandra.discard, k, n)
    s.dungeon = {}
    empty_slots(g, 1)                                    # ... and the slot's card in hers too
    for k, n in s.dungeon_discard.items():
        R._add(sandra.discard, k, n)
    s.dungeon_discard = {}
    g._invalidate()
    check_invariants(g)
    rig(g, hand=[])
    g.apply("end")
    assert s.phase == "hand" and s.row[0] is None
    finish_draw(g)
    assert s.seat == 1 and s.row[0] is None
    check_invariants(g)


def test_CL_8_3_one_attack_however_many_dragon_symbols_are_revealed():
    g = game(2)
    s = g.state
    end_turn(g, "grizzled_pikeman", "gong_herald", "hermit_sage")   # three symbols
    assert s.phase == "attack" and s.attack_left == 3    # 2 players: rage space 3 (CL-1.2)
    cubes(g, "black", "black", "black")
    assert s.phase == "hand"
    assert sum(1 for line in s.log if line.startswith("The dragon attacks")) == 1
    assert sum(1 for st in g.history if st.id.startswith("cube")) == 3
    check_invariants(g)


def test_CL_8_3_no_symbol_revealed_no_attack():
    g = game(2)
    s = g.state
    end_turn(g, "cellar_rats", "lamp_bearer")
    assert s.phase == "hand" and s.players[0].bag == 0 and s.players[0].clank == 3
    assert not any(line.startswith("The dragon attacks") for line in s.log)


def test_CL_8_3_the_attack_comes_after_every_arrive_effect_of_the_refill():
    """Reading of CL-8.3 and CL-12.4: the symbol is revealed first, the arrive clank of a
    later card in the same refill still lands in the bag before the draw."""
    g = game(2)
    s = g.state
    end_turn(g, "grizzled_pikeman")
    cubes(g, "black", "black", "black")
    finish_draw(g)
    empty_slots(g, 2)
    rig(g, hand=[])
    g.apply("end")
    g.apply("row spined_crawler")                        # the dragon symbol
    assert s.phase == "refill"                           # no attack yet
    g.apply("row rattling_chains")                       # arrive: every player +1 clank
    assert s.phase == "attack"
    assert [p.clank for p in s.players] == [0, 0]
    assert [p.bag for p in s.players] == [3 + 1, 2 + 1]
    assert weights(g) == {"cube black": Fraction(21, 28), "cube green": Fraction(4, 28),
                          "cube blue": Fraction(3, 28)}
    check_invariants(g)


def test_CL_8_4_the_clank_area_goes_into_the_bag_then_rage_cubes_are_drawn():
    g = game(4)
    s = g.state
    end_turn(g, "moss_troll")
    assert [p.clank for p in s.players] == [0, 0, 0, 0]
    assert [p.bag for p in s.players] == [3, 2, 1, 0]
    assert s.attack_left == 2                            # 4 players: first space, 2 cubes
    assert weights(g) == {"cube black": Fraction(24, 30), "cube green": Fraction(3, 30),
                          "cube blue": Fraction(2, 30), "cube red": Fraction(1, 30)}
    cubes(g, "green")
    assert weights(g) == {"cube black": Fraction(24, 29), "cube green": Fraction(2, 29),
                          "cube blue": Fraction(2, 29), "cube red": Fraction(1, 29)}
    cubes(g, "black")
    assert s.phase == "hand" and s.players[0].damage == 1
    check_invariants(g)


def test_CL_8_4_a_bag_with_fewer_cubes_is_drawn_empty():
    g = game(2)
    s = g.state
    s.black_bag, s.black_aside = 0, 24
    s.players[0].clank, s.players[0].supply = 1, 29
    s.players[1].clank, s.players[1].supply = 0, 30
    g._invalidate()
    check_invariants(g)
    end_turn(g, "grizzled_pikeman")                      # 3 cubes wanted, 1 in the bag
    assert s.attack_left == 3 and weights(g) == {"cube green": 1}
    odds = dragon_attack_odds(g)
    assert odds.cubes == 3 and laws_equal(odds.damage[0], Dist({1: 1}))
    cubes(g, "green")
    assert s.phase == "hand" and s.attack_left == 0 and s.players[0].damage == 1


def test_CL_8_4_an_empty_bag_draws_nothing():
    g = game(2)
    s = g.state
    s.black_bag, s.black_aside = 0, 24
    for p in s.players:
        p.supply, p.clank = 30, 0
    g._invalidate()
    end_turn(g, "grizzled_pikeman")
    assert s.phase == "hand" and s.attack_left == 0
    assert [p.damage for p in s.players] == [0, 0]
    check_invariants(g)


def test_CL_8_5_each_danger_card_in_the_row_adds_a_cube():
    """Reading of CL-8.5: rage cubes + 1 per danger card (here 3 + 2)."""
    g = game(2)
    s = g.state
    set_row(g, ["shrieking_bats", "ember_whelp"] + SAFE_ROW[2:])
    assert R.danger_in_row(s) == 2 and dragon_attack_odds(g).cubes == 5
    end_turn(g, "moss_troll")                            # slot 0: the bats are gone
    assert R.danger_in_row(s) == 1 and s.attack_left == 4
    check_invariants(g)
    g2 = game(2, seed=1)
    s2 = g2.state
    set_row(g2, ["shrieking_bats", "ember_whelp", "vault_lich", None] + SAFE_ROW[4:])
    rig(g2, hand=[])
    g2.apply("end")
    g2.apply("row tunnel_wyrm")                          # symbol, danger, arrive clank
    assert s2.phase == "attack" and s2.attack_left == 3 + 4
    assert dragon_attack_odds(g2).cubes == 7 and dragon_attack_odds(g2).ongoing
    check_invariants(g2)


def test_CL_8_6_black_cubes_set_aside_undrawn_cubes_stay_for_later():
    g = game(2)
    s = g.state
    anna, sandra = s.players
    end_turn(g, "grizzled_pikeman")
    cubes(g, "black", "blue", "black")
    assert (s.black_bag, s.black_aside) == (22, 2)
    assert (sandra.bag, sandra.damage, sandra.supply) == (1, 1, 28)
    assert (anna.bag, anna.damage) == (3, 0)             # not drawn: still in the bag
    finish_draw(g)
    hand(g, ["stumble"])                                 # Sandra makes 1 clank
    g.apply("play stumble")
    end_turn(g, "moss_troll")
    assert weights(g) == {"cube black": Fraction(22, 27), "cube green": Fraction(3, 27),
                          "cube blue": Fraction(2, 27)}
    check_invariants(g)


def test_CL_8_7_a_knocked_out_players_further_cubes_count_as_black():
    g = game(2)
    s = g.state
    anna, sandra = s.players
    hurt(g, 0, 9)
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green")
    assert anna.status == LOST and anna.damage == 10
    assert s.phase == "attack" and s.attack_left == 2    # the attack goes on
    cubes(g, "green", "blue")
    assert (anna.damage, anna.set_aside, anna.bag) == (10, 1, 1)
    assert sandra.damage == 1
    assert s.countdown_seat == 0                         # first out (CL-10.5)
    assert s.seat == 1 and s.phase == "turn"             # Anna draws no hand
    check_invariants(g)


def test_CL_8_7_cubes_of_a_player_out_of_the_game_count_as_black():
    g = game(3)
    s = g.state
    sandra = s.players[1]
    give_artifact(g, 1, 5)
    sandra.status, sandra.mastery = ESCAPED, True
    s.countdown_seat, s.countdown = 1, 1
    odds = dragon_attack_odds(g)
    assert laws_equal(odds.damage[1], Dist({0: 1})) and odds.p_hit(1) == 0
    end_turn(g, "grizzled_pikeman")
    cubes(g, "blue", "blue")
    assert (sandra.damage, sandra.set_aside, sandra.bag) == (0, 2, 0)
    assert sandra.status == ESCAPED
    check_invariants(g)


def test_CL_8_8_taking_an_artifact_raises_the_rage_at_once():
    g = game(4)
    s = g.state
    assert s.rage == 0 and R.rage_cubes(s) == 2
    enter(g, "r1", "r3")
    g.apply("take artifact")
    assert s.players[0].artifacts == [5]
    assert s.rage == 1 and R.rage_cubes(s) == 2
    assert dragon_attack_odds(g).cubes == 2
    check_invariants(g)


def test_CL_8_8_a_dragon_egg_raises_the_rage_too():
    g = game(2)
    s = g.state
    assert s.rage == 2 and R.rage_cubes(s) == 3
    enter(g, "r1", "r2")
    g.apply("take minor")
    g.apply("secret dragon_egg")
    assert s.rage == 3 and R.rage_cubes(s) == 3
    assert s.players[0].secrets == ["dragon_egg"]
    check_invariants(g)


def test_CL_8_8_and_CL_13_12_a_second_artifact_with_a_backpack_raises_it_again():
    g = game(4)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 10)                              # carried since earlier
    s.market["backpacks"] -= 1
    anna.backpacks = 1
    s.rage = 3
    g._invalidate()
    enter(g, "r1", "r3")
    assert "take artifact" in g.legal_action_ids()
    g.apply("take artifact")
    assert anna.artifacts == [10, 5] and s.rage == 4 and R.rage_cubes(s) == 4
    check_invariants(g)


def test_CL_8_8_without_backpack_no_second_artifact():
    g = game(4)
    give_artifact(g, 0, 10)
    enter(g, "r1", "r3")
    assert "take artifact" not in g.legal_action_ids()


def test_CL_8_9_the_rage_marker_stops_on_the_last_space():
    g = game(4)
    s = g.state
    s.rage = 6
    enter(g, "r1", "r3")
    g.apply("take artifact")
    assert s.rage == 6 and R.rage_cubes(s) == 5
    g2 = game(2)
    g2.state.rage = 6
    enter(g2, "r1", "r2")
    g2.apply("take minor")
    g2.apply("secret dragon_egg")
    assert g2.state.rage == 6 and R.rage_cubes(g2.state) == 5
    check_invariants(g)
    check_invariants(g2)


def test_CL_8_10_and_CL_8_11_the_rulebooks_attack_example():
    """Sandra (blue) leaves 3 cards in the row; 3 are revealed, 2 with the symbol: one
    attack. Rage on the fifth space: 4 cubes, no danger. 1 black (aside), 1 green (Anna
    1 damage), 2 blue (Sandra 2 damage)."""
    g = game(4, seed=3)
    s = g.state
    anna, sandra, ben, clara = s.players
    end_turn(g)                                          # Anna passes; full row
    finish_draw(g)
    assert (s.seat, s.phase) == (1, "turn")
    set_row(g, ["cellar_rats"] * 3 + SAFE_ROW[:3])
    s.rage = 4                                           # the fifth space
    rig(g, hand=[], swords=3)
    for slot in range(3):
        g.apply(f"fight {slot}")
    assert sum(k is not None for k in s.row) == 3        # CL-8.10: 3 cards remain
    assert [p.clank for p in s.players] == [3, 2, 1, 0]
    g.apply("end")
    for key in ("grizzled_pikeman", "lamp_bearer", "gong_herald"):
        assert s.phase == "refill"
        g.apply(f"row {key}")
    assert sum(s.content.cards[k].dragon for k in s.row[:3]) == 2
    # CL-8.11: the clank area into the bag, 4 cubes (no danger in the row)
    assert s.phase == "attack" and s.attack_left == 4 and R.danger_in_row(s) == 0
    assert [p.clank for p in s.players] == [0, 0, 0, 0]
    assert weights(g) == {"cube black": Fraction(24, 30), "cube green": Fraction(3, 30),
                          "cube blue": Fraction(2, 30), "cube red": Fraction(1, 30)}
    cubes(g, "black")
    assert (s.black_bag, s.black_aside) == (23, 1)
    assert [p.damage for p in s.players] == [0, 0, 0, 0]
    assert weights(g) == {"cube black": Fraction(23, 29), "cube green": Fraction(3, 29),
                          "cube blue": Fraction(2, 29), "cube red": Fraction(1, 29)}
    cubes(g, "green")
    assert anna.damage == 1
    assert weights(g) == {"cube black": Fraction(23, 28), "cube green": Fraction(2, 28),
                          "cube blue": Fraction(2, 28), "cube red": Fraction(1, 28)}
    cubes(g, "blue")
    assert weights(g) == {"cube black": Fraction(23, 27), "cube green": Fraction(2, 27),
                          "cube blue": Fraction(1, 27), "cube red": Fraction(1, 27)}
    cubes(g, "blue")
    assert [p.damage for p in s.players] == [1, 2, 0, 0]
    assert [p.bag for p in s.players] == [2, 0, 1, 0]
    assert s.phase == "hand" and s.draw_seat == 1        # one attack only; Sandra draws
    assert sum(1 for line in s.log if line.startswith("The dragon attacks")) == 1
    check_invariants(g)


# ---------------------------------------------------------------- exact odds of an attack
def _example_attack(anna_damage: int = 0) -> dk.Game:
    """The example's attack (4 players, rage space 5, bag 24 black + 3 green + 2 blue +
    1 red), right after the refill, before any cube is drawn."""
    g = game(4, seed=3)
    s = g.state
    s.rage = 4
    if anna_damage:
        hurt(g, 0, anna_damage)
    end_turn(g, "grizzled_pikeman")
    assert s.phase == "attack" and s.attack_left == 4
    return g


def test_CL_8_4_and_CL_8_6_attack_odds_equal_the_engines_chance_tree():
    g = _example_attack()
    odds = dragon_attack_odds(g)
    assert odds.ongoing and odds.cubes == 4
    assert odds.bag == {"black": 24, "green": 3, "blue": 2, "red": 1, "yellow": 0}
    brute = engine_attack_laws(g)
    for seat in range(4):
        assert laws_equal(odds.damage[seat], brute[seat]), seat
    bag = {"black": 24, "green": 3, "blue": 2, "red": 1}
    for seat, colour in enumerate(["green", "blue", "red"]):
        assert laws_equal(odds.damage[seat], colour_marginal(bag, 4, colour))
    # by hand: P(Anna unhurt) = C(27,4)/C(30,4), P(Sandra hit twice) = C(2,2)C(28,2)/C(30,4)
    assert odds.damage[0].pmf(0) == Fraction(17550, 27405)
    assert odds.damage[1].pmf(2) == Fraction(378, 27405)
    assert laws_equal(odds.damage[3], Dist({0: 1}))
    assert odds.p_hit(2) == Fraction(4, 30)


def test_CL_8_4_attack_odds_before_the_turn_ends_count_the_clank_area():
    """Before the attack (not ongoing) the clank area is counted as if already in the bag."""
    g = game(4, seed=3)
    g.state.rage = 4
    pre = dragon_attack_odds(g)
    assert not pre.ongoing and pre.cubes == 4
    assert pre.bag == {"black": 24, "green": 3, "blue": 2, "red": 1, "yellow": 0}
    end_turn(g, "grizzled_pikeman")
    brute = engine_attack_laws(g)
    for seat in range(4):
        assert laws_equal(pre.damage[seat], brute[seat])


def test_CL_8_4_attack_odds_are_for_an_attack_now_and_extra_clank_asks_what_if():
    """CL-8.4 / CL-7.3 / CL-7.5: ``dragon_attack_odds`` is the attack *if the dragon attacked
    now* (today's clank area, bag and rage); ``extra_clank`` adds the clank still to come
    this turn, by the engine's own rules, and equals the odds after really making it."""
    g = game(4, seed=3)
    s, anna = g.state, g.state.players[0]
    assert "if the dragon attacked now" in dragon_attack_odds.__doc__
    hand(g, ["stumble", "rattling_chains", "gong_herald"])
    now = dragon_attack_odds(g)
    assert now.cubes == 2 and now.bag == {"black": 24, "green": 3, "blue": 2, "red": 1,
                                          "yellow": 0}
    assert now.damage[0].pmf(0) == Fraction(27 * 26, 30 * 29)
    what_if = dragon_attack_odds(g, extra_clank=1)       # "if I also play my Stumble"
    assert what_if.bag["green"] == 4
    assert what_if.damage[0].pmf(0) == Fraction(27 * 26, 31 * 30) == Fraction(117, 155)
    assert what_if.damage[1].pmf(0) == Fraction(29 * 28, 31 * 30)
    g.apply("play stumble")
    after = dragon_attack_odds(g)
    assert after.bag == what_if.bag
    assert all(laws_equal(x, y) for x, y in zip(after.damage, what_if.damage))
    # negative clank first takes Anna's 4 cubes back, the rest cancels later clank
    g.apply("play rattling_chains")                      # -2: 4 -> 2 cubes
    assert dragon_attack_odds(g, extra_clank=-5).bag["green"] == 0
    assert dragon_attack_odds(g, extra_clank={1: 3}).bag["blue"] == 5
    anna.clank, anna.supply = 0, anna.supply + anna.clank
    s.turn.neg_clank = 1
    g._invalidate()
    pre = dragon_attack_odds(g, extra_clank=2)           # 1 cancelled, 1 cube
    g.apply("play gong_herald")                          # clank 2
    assert anna.clank == 1 and pre.bag == dragon_attack_odds(g).bag
    with pytest.raises(ValueError, match="extra_clank"):
        dragon_attack_odds(g, extra_clank={7: 1})
    with pytest.raises(ValueError, match="extra_clank"):
        dragon_attack_odds(g, extra_clank=1.5)
    attack = _example_attack()
    with pytest.raises(ValueError, match="attack is being drawn"):
        dragon_attack_odds(attack, extra_clank=1)
    check_invariants(g)


def test_CL_9_5_and_CL_8_7_attack_odds_cap_damage_at_the_health_left():
    g = _example_attack(anna_damage=9)
    odds = dragon_attack_odds(g)
    assert dict(odds.damage[0].items()) == {0: Fraction(17550, 27405),
                                            1: Fraction(27405 - 17550, 27405)}
    brute = engine_attack_laws(g)
    assert laws_equal(odds.damage[0], brute[0])
    assert laws_equal(odds.damage[1], brute[1])


def test_CL_8_6_exact_attack_odds_against_a_seeded_simulation_of_the_engine():
    g = _example_attack()
    odds = dragon_attack_odds(g)
    rng = np.random.default_rng(20240611)
    trials = 3000
    hits = Counter()
    s0 = g.state
    for _ in range(trials):
        s = copy.deepcopy(s0, {id(s0.content): s0.content})
        while s.phase == "attack":
            w = R.chance_weights(s)
            n = np.array([x for _, x in w], dtype=float)
            R.apply(s, w[rng.choice(len(w), p=n / n.sum())][0])
        hits[s.players[1].damage] += 1
    for k in (0, 1, 2):
        p = float(odds.damage[1].pmf(k))
        se = (p * (1 - p) / trials) ** 0.5
        assert abs(hits[k] / trials - p) <= 4 * se + 1e-9, (k, hits[k], p)
    assert sum(hits.values()) == trials and set(hits) <= {0, 1, 2}


# ============================================================== CL-9 health
def test_CL_9_1_and_CL_9_5_ten_damage_fill_the_track_and_knock_you_out():
    g = game(2)
    s = g.state
    anna = s.players[0]
    assert s.content.game["health"] == 10
    hurt(g, 0, 8)
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green")
    assert anna.damage == 9 and anna.status == IN
    cubes(g, "green")
    assert anna.damage == 10 and anna.status == LOST
    check_invariants(g)


def test_CL_9_2_dragon_damage_is_marked_with_the_drawn_cubes():
    g = game(2)
    s = g.state
    anna = s.players[0]
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green", "green", "black")
    assert (anna.supply, anna.clank, anna.bag, anna.damage) == (27, 0, 1, 2)
    check_invariants(g)


def test_CL_9_3_tunnel_damage_comes_from_your_supply():
    g = game(2)
    anna = g.state.players[0]
    rig(g, hand=[], room="r3", boots=1)
    assert "move r5 block 0" in g.legal_action_ids()
    assert "move r5 block 1" not in g.legal_action_ids()  # no swords
    g.apply("move r5 block 0")
    # 1 damage from the tunnel, then the fountain in r5 heals it again (CL-6.8)
    assert (anna.supply, anna.damage) == (27, 0)
    assert any("taking 1 damage" in line for line in g.state.log)
    check_invariants(g)
    g2 = game(2)
    anna2 = g2.state.players[0]
    rig(g2, hand=[], room="r8", boots=1)
    g2.apply("move r13 block 0")                         # no fountain there
    assert (anna2.supply, anna2.damage) == (26, 1)
    check_invariants(g2)


def test_CL_9_3_no_move_whose_damage_would_fill_the_health_track():
    g = game(2)
    hurt(g, 0, 9)
    rig(g, hand=[], room="r8", boots=1)
    assert "move r13 block 0" not in g.legal_action_ids()
    rig(g, hand=[], room="r8", boots=1, swords=1)
    assert "move r13 block 1" in g.legal_action_ids()
    assert "move r13 block 0" not in g.legal_action_ids()
    g.apply("move r13 block 1")
    assert g.state.players[0].damage == 9 and g.state.players[0].status == IN


def test_CL_9_4_healing_returns_the_cube_to_your_supply():
    g = game(2)
    anna = g.state.players[0]
    hurt(g, 0, 3)
    hand(g, ["cave_medic"])
    g.apply("play cave_medic")                           # heal 1
    assert (anna.supply, anna.damage) == (25, 2)
    check_invariants(g)


def test_CL_9_6_and_CL_11_3_knocked_out_with_an_artifact_outside_the_depths_is_rescued():
    g = game(2)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 5)
    hurt(g, 0, 9)
    anna.room = s.content.room_index["r3"]               # upper dungeon
    g._invalidate()
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green")
    assert anna.status == RESCUED
    assert dict(g.score_breakdown(0))["mastery token"] == 0
    assert g.scores()[0] == 5
    check_invariants(g)


def test_CL_9_6_knocked_out_in_the_depths_or_without_an_artifact_is_lost():
    g = game(3)
    s = g.state
    anna, sandra = s.players[0], s.players[1]
    give_artifact(g, 0, 15)
    anna.room = s.content.room_index["r16"]              # the depths
    anna.gold = 9
    sandra.room = s.content.room_index["r3"]             # upper, but no artifact
    sandra.gold = 4
    hurt(g, 0, 9)
    hurt(g, 1, 9)
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green", "blue")
    assert (anna.status, sandra.status) == (LOST, LOST)
    assert g.scores()[:2] == [0, 0]
    assert g.score_breakdown(0) == [("knocked out without rescue: no points", 0),
                                    ("total", 0)]
    check_invariants(g)


# ============================================================== CL-10 escape, countdown
def test_CL_10_1_escaping_with_an_artifact_takes_a_mastery_token():
    g = game(2)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 5)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    assert anna.status == ESCAPED and anna.mastery
    lines = dict(g.score_breakdown(0))
    assert lines["mastery token"] == 20 and lines["artifacts"] == 5 and lines["total"] == 25
    check_invariants(g)


def test_CL_10_2_without_an_artifact_you_cannot_leave_the_dungeon():
    g = game(2)
    rig(g, hand=[], room="r1", boots=1, teleports=1)
    legal = g.legal_action_ids()
    assert "move start" not in legal and "teleport start" not in legal
    assert "move r2" in legal and "teleport r2" in legal
    give_artifact(g, 0, 7)
    assert "teleport start" in g.legal_action_ids()
    g.apply("teleport start")
    assert g.state.players[0].status == ESCAPED


def test_CL_10_3_reading_escaping_does_not_end_the_turn_the_hand_still_pays_gold():
    """CL-10.3 reading: "Spieler, die das Verlies verlassen haben ... führen keine Spielzüge
    mehr aus" -- no more *turns*; no line ends the current one. Anna escapes with 4 cards in
    hand, plays them (her Salvaged Purse's gold scores, her Stumble makes no cube: she is
    out of the game, CL-10.4), may not move back in, and only then ends her turn."""
    g = game(2)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 5)
    hand(g, ["sidestep", "salvaged_purse", "burgle", "stumble", "scramble"], room="r1",
         teleports=1)
    g.apply("play sidestep")
    g.apply("move start")                                # 4 cards still in hand
    assert anna.status == ESCAPED and anna.mastery
    assert (s.seat, s.phase, g.current_player) == (0, "turn", 0)     # her turn goes on
    assert sum(anna.hand.values()) == 4
    legal = set(g.legal_action_ids())
    assert legal == {"play salvaged_purse", "play burgle", "play stumble", "play scramble"}
    g.apply("play scramble")                             # +1 skill, +1 boot: no way back
    assert not any(a.startswith(("move", "teleport")) for a in g.legal_action_ids())
    for aid in ("move r1", "teleport r1"):
        with pytest.raises(dk.IllegalAction, match="no way back in"):
            g.apply(aid)
    g.apply("play salvaged_purse")
    assert anna.gold == 1
    g.apply("play stumble")
    assert (anna.clank, anna.supply, s.turn.clank_made) == (3, 27, 0)
    g.apply("play burgle")
    assert "Anna ends the turn." not in g.log
    g.apply("end")
    assert (s.seat, s.phase) == (1, "turn")              # Sandra's turn; Anna draws none
    assert anna.hand == {} and sum(anna.draw.values()) == 6   # 10 starters - 4 played
    assert anna.discard == {"sidestep": 1, "salvaged_purse": 1, "burgle": 1, "stumble": 1,
                            "scramble": 1}
    assert dict(g.score_breakdown(0))["gold"] == 1
    assert dict(g.score_breakdown(0))["total"] == 5 + 20 + 1
    check_invariants(g)


def test_CL_10_4_and_CL_10_5_players_out_take_no_turns_only_the_first_counts_down():
    g = game(3)
    s = g.state
    anna, sandra, ben = s.players
    give_artifact(g, 0, 5)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")                                # Anna escapes first
    assert (s.countdown_seat, s.countdown) == (0, 1)
    g.apply("end")
    assert (s.seat, s.phase) == (1, "turn")
    give_artifact(g, 1, 7)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")                                # Sandra escapes second
    g.apply("end")
    assert sandra.status == ESCAPED and sandra.mastery
    assert (s.countdown_seat, s.countdown) == (0, 1)     # she does not go on the track
    assert (s.seat, s.phase) == (2, "turn")              # Ben's turn
    end_turn(g, "rattling_chains")                       # arrive: every player +1 clank
    assert [p.clank for p in s.players] == [3, 2, 2]     # only Ben, still inside
    finish_draw(g)
    # Anna's turn comes round: a countdown step (attack), then Ben again, never Sandra
    assert s.countdown == 2 and s.phase == "attack" and s.seat == 0
    assert s.attack_left == R.rage_cubes(s) + 1 == 3      # 3 players: space 2 (2) + 1
    cubes(g, "blue", "green", "black")
    assert (sandra.damage, sandra.set_aside) == (0, 1)
    assert (anna.damage, anna.set_aside) == (0, 1)
    assert (s.seat, s.phase) == (2, "turn")
    check_invariants(g)


def test_CL_10_6_and_CL_10_7_countdown_spaces_2_to_4_attack_with_1_2_3_extra_cubes():
    """Also the reading of CL-8.5 (rage + danger + countdown extra) and, at the end,
    CL-10.8 (space 5 knocks out Sandra, who never entered) and CL-10.9 (the game ends)."""
    g = game(2)
    s = g.state
    anna, sandra = s.players
    set_row(g, ["shrieking_bats"] + SAFE_ROW[1:])        # 1 danger card
    give_artifact(g, 0, 5)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    g.apply("end")
    assert (s.seat, s.phase, s.countdown) == (1, "turn", 1)
    base = R.rage_cubes(s) + R.danger_in_row(s)
    assert base == 3 + 1
    for space, extra in ((2, 1), (3, 2), (4, 3)):
        pre = dragon_attack_odds(g, extra=extra)         # Sandra's clank not yet bagged
        end_turn(g)                                      # Sandra plays a quiet turn
        finish_draw(g)
        assert (s.seat, s.countdown, s.phase) == (0, space, "attack")
        assert s.attack_left == base + extra == pre.cubes
        brute = engine_attack_laws(g) if space == 2 else None
        if brute:
            assert laws_equal(pre.damage[1], brute[1]) and laws_equal(brute[0], Dist({0: 1}))
        cubes(g, *["black"] * (base + extra))
        assert (s.seat, s.phase) == (1, "turn")          # Anna plays no normal turn
        assert anna.hand == {}
    assert s.black_aside == 5 + 6 + 7
    assert sandra.room == s.content.start and sandra.status == IN
    end_turn(g)
    finish_draw(g)
    assert s.countdown == 5 and sandra.status == LOST
    assert g.is_over and s.phase == "over"
    assert g.scores() == [25, 0] and g.winners() == [0]
    check_invariants(g)


def test_CL_10_8_space_5_knocks_out_everyone_inside_even_those_never_entered():
    """Ben never entered: knocked out and lost. Sandra, with an artifact in the upper
    dungeon, is knocked out too but rescued (CL-9.6)."""
    g = game(3)
    s = g.state
    anna, sandra, ben = s.players
    give_artifact(g, 0, 5)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    g.apply("end")
    give_artifact(g, 1, 7)
    sandra.room = s.content.room_index["r14"]            # upper dungeon, with an artifact
    s.countdown = 4
    g._invalidate()
    end_turn(g)                                          # Sandra
    finish_draw(g)
    assert s.seat == 2
    assert ben.room == s.content.start
    end_turn(g)                                          # Ben, who never entered
    finish_draw(g)
    assert s.countdown == 5 and g.is_over
    assert (anna.status, sandra.status, ben.status) == (ESCAPED, RESCUED, LOST)
    assert g.scores() == [25, 7, 0] and g.winners() == [0]
    check_invariants(g)


def test_CL_10_9_the_game_ends_once_everybody_is_out():
    g = game(2)
    s = g.state
    give_artifact(g, 0, 5)
    give_artifact(g, 1, 10)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    g.apply("end")
    assert not g.is_over
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    assert not g.is_over and g.legal_action_ids() == ["end"]    # the last turn goes on
    g.apply("end")
    assert g.is_over and s.phase == "over" and g.legal_action_ids() == []
    assert g.scores() == [25, 30] and g.winners() == [1]
    check_invariants(g)


def test_CL_10_10_reading_a_game_reaching_its_maximum_length_ends_like_the_last_countdown_space():
    """CL-10.10 reading: at ``max_game_length`` (20,000) plies the game ends at once, as the
    countdown's last space ends it: everybody still in the game is knocked out -- Anna, with
    an artifact in the upper dungeon, is rescued; Sandra, in the depths, is lost -- and the
    game is scored."""
    assert R.INFO.max_game_length == 20_000
    g = game(2)
    s = g.state
    anna, sandra = s.players
    give_artifact(g, 0, 5)
    sandra.room = s.content.room_index["r22"]            # the depths
    rig(g, hand=["burgle"], room="r14")
    g._max_len = len(g.history) + 1                      # the same rule, reached sooner
    g.apply("play burgle")
    assert g.is_over and s.phase == "over"
    assert (anna.status, sandra.status) == (RESCUED, LOST)
    assert "The game reached its maximum length of 20,000 plies: the dragon knocks out " \
           "everyone still inside." in g.log
    assert g.scores() == [5, 0] and g.winners() == [0]
    check_invariants(g)


# ============================================================== CL-11 scoring
def _finished(players: int = 3) -> dk.Game:
    g = game(players)
    g.state.phase = "over"
    for p in g.state.players:
        p.status = LOST
    g._invalidate()
    return g


def test_CL_11_1_only_players_out_of_the_dungeon_or_the_depths_score():
    g = _finished(3)
    s = g.state
    s.players[0].status, s.players[0].mastery = ESCAPED, True
    s.players[1].status = RESCUED
    s.players[0].artifacts, s.players[1].artifacts = [5], [7]
    s.players[2].artifacts, s.players[2].gold = [10], 50          # lost: counts nothing
    assert g.scores() == [25, 7, 0]
    assert g.winners() == [0]


def test_CL_11_2_and_CL_11_5_every_scoring_line_with_the_rulebooks_values():
    g = game(4)
    s = g.state
    anna = s.players[0]
    hand(g, ["secret_tome", "burgle"])                   # a card worth 7 points
    give_artifact(g, 0, 20)
    anna.status, anna.mastery = ESCAPED, True
    anna.idols, s.idols = 1, s.idols - 1
    anna.secrets = ["chalice", "dragon_egg"]
    anna.gold = 7
    anna.keys, anna.backpacks, anna.crowns = 1, 1, [10, 9, 8]
    assert g.score_breakdown(0) == [
        ("artifacts", 20), ("monkey idols", 5),
        ("secret tokens (chalices, dragon eggs)", 7 + 3), ("mastery token", 20),
        ("gold", 7), ("card points", 7), ("market wares", 5 + 5 + 10 + 9 + 8),
        ("total", 20 + 5 + 10 + 20 + 7 + 7 + 37)]


def test_CL_11_3_rescued_scores_everything_but_the_mastery_token():
    g = game(2)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 10)
    anna.gold, anna.idols = 3, 1
    anna.room = s.content.room_index["r8"]
    hurt(g, 0, 9)
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green")
    assert anna.status == RESCUED and not anna.mastery
    assert dict(g.score_breakdown(0))["total"] == 10 + 3 + 5
    check_invariants(g)


def test_CL_11_4_card_points_count_in_draw_pile_hand_discard_and_play_area():
    g = game(2)
    s = g.state
    anna = s.players[0]
    hand(g, ["secret_tome", "secret_tome", "wyrms_tear"])
    g.apply("play secret_tome")                          # play area
    s.reserve["secret_tome"] -= 2                        # one in the discard, one to draw
    R._add(anna.discard, "secret_tome")
    R._add(anna.draw, "secret_tome")
    g._invalidate()
    check_invariants(g)
    assert anna.play == ["secret_tome"] and anna.hand["secret_tome"] == 1
    assert dict(g.score_breakdown(0))["card points"] == 4 * 7 + 5


def test_CL_11_6_a_tie_goes_to_the_most_valuable_artifact():
    g = _finished(3)
    s = g.state
    a, b, c = s.players
    a.status, b.status, c.status = ESCAPED, ESCAPED, RESCUED
    a.artifacts, a.mastery, a.gold = [10], True, 0       # 30
    b.artifacts, b.mastery, b.gold = [5], True, 5        # 30
    c.artifacts, c.gold = [7], 23                        # 30, no mastery
    assert g.scores() == [30, 30, 30]
    assert g.winners() == [0]


def test_CL_11_6_tied_on_points_and_artifact_the_win_is_shared():
    g = _finished(2)
    s = g.state
    for p in s.players:                                  # only possible with own content
        p.status, p.artifacts, p.mastery = ESCAPED, [10], True
    assert g.scores() == [30, 30] and g.winners() == [0, 1]


def test_CL_11_6_if_nobody_scores_nobody_wins():
    """Reading of CL-11.6, in a real game: Anna is knocked out without an artifact, the
    countdown runs out on Sandra, who has none either."""
    g = game(2)
    s = g.state
    hurt(g, 0, 9)
    s.players[1].gold = 12
    end_turn(g, "grizzled_pikeman")
    cubes(g, "green", "black", "black")
    assert s.countdown_seat == 0 and (s.seat, s.phase) == (1, "turn")
    s.countdown = 4
    end_turn(g)
    finish_draw(g)
    assert g.is_over and [p.status for p in s.players] == [LOST, LOST]
    assert g.scores() == [0, 0] and g.winners() == []
    check_invariants(g)


# ============================================================== CL-13 secrets and wares
def _minor(secret: str, **turn) -> dk.Game:
    """Anna walks into the minor-secret room r2 and takes a token, revealed as ``secret``."""
    g = game(2)
    enter(g, "r1", "r2", **turn)
    g.apply("take minor")
    assert weights(g) == {f"secret {k}": Fraction(n, 18) for k, n in MINOR_POOL.items()}
    g.apply(f"secret {secret}")
    return g


def _major(secret: str, **turn) -> dk.Game:
    """Anna walks into the major-secret room r22 (depths) and takes its token."""
    g = game(2)
    enter(g, "r17", "r22", **turn)
    g.apply("take major")
    assert weights(g) == {f"secret {k}": Fraction(n, 11) for k, n in MAJOR_POOL.items()}
    g.apply(f"secret {secret}")
    return g


def test_CL_13_1_great_healing_potion_is_kept_and_heals_2():
    g = _major("potion_heal_greater")
    s = g.state
    anna = s.players[0]
    hurt(g, 0, 3)
    assert anna.secrets == ["potion_heal_greater"] and anna.damage == 3
    g.apply("token potion_heal_greater")
    assert (anna.damage, anna.supply, anna.secrets) == (1, 26, [])
    assert s.box == {"potion_heal_greater": 1}
    check_invariants(g)


def test_CL_13_2_great_skill_boost_gives_5_skill_at_once():
    g = _major("skill_boost_greater")
    s = g.state
    assert s.turn.skill == 5 and s.players[0].secrets == []
    assert s.box == {"skill_boost_greater": 1}
    g.apply("buy explore")
    assert s.turn.skill == 2
    g.apply("end")
    assert s.turn.skill == 0                             # for this turn only


def test_CL_13_3_great_treasure_counts_as_5_gold():
    g = _major("treasure_big")
    anna = g.state.players[0]
    assert anna.gold == 5
    assert dict(g.score_breakdown(0))["gold"] == 5


def test_CL_13_4_stroke_of_genius_draws_3_cards_that_must_be_played():
    g = _major("flash_of_brilliance")
    s = g.state
    anna = s.players[0]
    assert s.to_draw == 3 and g.is_chance
    for _ in range(3):
        g.step()
    assert sum(anna.hand.values()) == 3 and s.box == {"flash_of_brilliance": 1}
    assert "end" not in g.legal_action_ids()
    check_invariants(g)


def test_CL_13_5_chalice_scores_7_but_is_no_artifact():
    g = _major("chalice")
    s = g.state
    anna = s.players[0]
    assert anna.secrets == ["chalice"] and anna.artifacts == []
    assert dict(g.score_breakdown(0))["secret tokens (chalices, dragon eggs)"] == 7
    rig(g, hand=[], room="r1", boots=1)
    assert "move start" not in g.legal_action_ids()      # no artifact: no way out


def test_CL_13_6_potions_are_kept_and_give_heal_boots_swords():
    g = _minor("potion_heal")
    anna = g.state.players[0]
    hurt(g, 0, 2)
    assert anna.secrets == ["potion_heal"]
    g.apply("token potion_heal")
    assert (anna.damage, anna.secrets) == (1, [])
    g = _minor("potion_swiftness")
    t = g.state.turn
    boots = t.boots
    assert g.state.players[0].secrets == ["potion_swiftness"]
    g.apply("token potion_swiftness")
    assert g.state.turn.boots == boots + 1 and g.state.box == {"potion_swiftness": 1}
    g = _minor("potion_strength")
    assert g.state.turn.swords == 0
    g.apply("token potion_strength")
    assert g.state.turn.swords == 2
    g.apply("fight goblin")
    assert g.state.players[0].gold == 1


def test_CL_13_6_a_potion_kept_for_a_later_turn():
    g = _minor("potion_swiftness")
    s = g.state
    g.apply("end")
    finish_draw(g)
    end_turn(g)
    finish_draw(g)
    assert s.seat == 0 and s.players[0].secrets == ["potion_swiftness"]
    rig(g, hand=[])
    g.apply("token potion_swiftness")
    assert s.turn.boots == 1


def test_CL_13_6_and_CL_13_1_reading_a_potion_that_would_do_nothing_is_refused():
    """CL-13.6 reading: a potion is used "um 1 Schaden zu heilen" / "um 1 Stiefel zu
    erhalten". At full health, or when no boot can be spent this turn (a crystal cave was
    entered, CL-6.7; or after escaping, CL-10.3), it would do nothing: the engine refuses it
    with the reason and the potion stays in hand for later, the game unchanged."""
    g = _minor("potion_heal")
    s = g.state
    anna = s.players[0]
    assert anna.damage == 0 and "token potion_heal" not in g.legal_action_ids()
    before = g.to_json()
    with pytest.raises(dk.IllegalAction, match="no damage to heal"):
        g.apply("token potion_heal")
    assert g.to_json() == before and anna.secrets == ["potion_heal"]
    hurt(g, 0, 1)
    assert "token potion_heal" in g.legal_action_ids()
    g = _major("potion_heal_greater")                     # heals 2: 1 damage is enough
    hurt(g, 0, 1)
    g.apply("token potion_heal_greater")
    assert g.state.players[0].damage == 0
    # swiftness in a turn with a crystal cave: the boot could not be spent
    g = _minor("potion_swiftness")
    enter(g, "r2", "r4", boots=2)                        # the Glimmer Grotto, a crystal cave
    assert g.state.turn.boots_locked
    assert "token potion_swiftness" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="crystal cave"):
        g.apply("token potion_swiftness")
    # swiftness after escaping: no move is left to make; strength still buys a fight
    g = game(2)
    anna = g.state.players[0]
    anna.secrets += ["potion_swiftness", "potion_strength"]
    R._take(g.state.secret_pool["minor"], "potion_swiftness")
    R._take(g.state.secret_pool["minor"], "potion_strength")
    give_artifact(g, 0, 5)
    rig(g, hand=[], room="r1", boots=1)
    g.apply("move start")
    with pytest.raises(dk.IllegalAction, match="escaped"):
        g.apply("token potion_swiftness")
    g.apply("token potion_strength")
    g.apply("fight goblin")
    assert anna.gold == 1
    check_invariants(g)


def test_CL_13_7_skill_boost_gives_2_skill_at_once():
    g = _minor("skill_boost")
    s = g.state
    assert s.turn.skill == 2 and s.players[0].secrets == [] and s.box == {"skill_boost": 1}


def test_CL_13_8_treasure_counts_as_2_gold_and_can_be_spent():
    g = _minor("treasure")
    s = g.state
    anna = s.players[0]
    assert anna.gold == 2
    anna.gold += 5
    enter(g, "r2", "r6")                                 # a market room
    g.apply("market key")
    assert anna.gold == 0 and anna.keys == 1


def test_CL_13_9_magic_spring_only_once_the_hand_is_empty():
    """CL-13.9: "Am Zugende kann eine Karte ... entsorgt werden": once the hand is empty,
    from the play area (or the discard pile); the card and the token go into the box."""
    g = _minor("magic_spring")
    s = g.state
    anna = s.players[0]
    assert anna.secrets == ["magic_spring"]
    hand(g, ["stumble", "burgle"])
    assert "token magic_spring" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="play your 2 card"):
        g.apply("token magic_spring")
    g.apply("play stumble")
    assert "token magic_spring" not in g.legal_action_ids()
    g.apply("play burgle")
    assert "token magic_spring" in g.legal_action_ids()
    labels = {a.id: a.label for a in g.legal_actions()}
    assert "lost when this turn ends" in labels["token magic_spring"]
    g.apply("token magic_spring")
    assert set(g.legal_action_ids()) == {"trash burgle", "trash stumble", "skip"}
    g.apply("trash stumble")                             # from the play area
    g.apply("end")
    assert anna.trashed == ["stumble"] and anna.secrets == []
    assert s.box == {"magic_spring": 1}
    owned = Counter(anna.draw) + Counter(anna.hand) + Counter(anna.discard)
    assert owned["stumble"] == 1
    check_invariants(g)


def test_CL_13_9_reading_magic_spring_used_the_turn_it_is_found_or_lost():
    """CL-13.9 reading: the potions say "Bis zur Benutzung behalten", the magic spring does
    not; it says "Am Zugende". So it works at the end of the turn it was found: a spring not
    used then goes into the box unused, and Anna has nothing left for a later turn."""
    g = _minor("magic_spring")
    s = g.state
    anna = s.players[0]
    R._take(anna.draw, "stumble")                        # a card she would like to trash
    R._add(anna.discard, "stumble")
    g._invalidate()
    assert "token magic_spring" in g.legal_action_ids()
    g.apply("end")                                       # not used this turn
    assert anna.secrets == [] and s.box == {"magic_spring": 1}
    assert "Anna did not use the magic spring this turn: it goes back into the box " \
           "unused." in g.log
    finish_draw(g)
    end_turn(g)
    finish_draw(g)
    assert s.seat == 0
    rig(g, hand=[])
    assert not any(a.startswith("token") for a in g.legal_action_ids())
    with pytest.raises(dk.IllegalAction, match="you hold no 'magic_spring' token"):
        g.apply("token magic_spring")
    assert dict(g.score_breakdown(0))["total"] == 0
    check_invariants(g)


def test_CL_13_9_magic_spring_trashes_from_the_discard_pile():
    g = _minor("magic_spring")
    anna = g.state.players[0]
    rig(g, hand=[])
    R._take(anna.draw, "stumble")
    R._add(anna.discard, "stumble")
    g._invalidate()
    g.apply("token magic_spring")
    g.apply("trash stumble")
    assert anna.trashed == ["stumble"] and "stumble" not in anna.discard
    g.apply("end")
    assert anna.trashed == ["stumble"]
    check_invariants(g)


def test_CL_13_10_dragon_egg_raises_the_rage_and_scores_3():
    g = _minor("dragon_egg")
    s = g.state
    assert s.rage == 3 and R.rage_cubes(s) == 3
    assert dict(g.score_breakdown(0))["secret tokens (chalices, dragon eggs)"] == 3
    assert "token dragon_egg" not in g.legal_action_ids()


def test_CL_13_11_master_key_opens_locked_tunnels_and_scores_5():
    g = game(2)
    s = g.state
    anna = s.players[0]
    rig(g, hand=[], room="r2", boots=1)
    assert "move r9" not in g.legal_action_ids()
    anna.gold = 7
    rig(g, hand=[], room="r6")
    g.apply("market key")
    assert anna.keys == 1 and s.market["keys"] == 1 and anna.gold == 0
    rig(g, hand=[], room="r2", boots=1)
    assert "move r9" in g.legal_action_ids()
    assert dict(g.score_breakdown(0))["market wares"] == 5


def test_CL_13_12_backpack_carries_a_second_artifact_and_scores_5():
    g = game(4)
    s = g.state
    anna = s.players[0]
    give_artifact(g, 0, 7)
    anna.gold = 7
    rig(g, hand=[], room="r6")
    g.apply("market backpack")
    assert anna.backpacks == 1 and s.market["backpacks"] == 1
    enter(g, "r1", "r3")
    g.apply("take artifact")
    assert anna.artifacts == [7, 5] and s.rage == 1
    assert dict(g.score_breakdown(0))["market wares"] == 5
    assert dict(g.score_breakdown(0))["artifacts"] == 12
    check_invariants(g)


def test_CL_13_13_crowns_are_sold_most_valuable_first():
    g = game(2)
    s = g.state
    anna = s.players[0]
    anna.gold = 21
    rig(g, hand=[], room="r7")
    for _ in range(3):
        g.apply("market crown")
    assert anna.crowns == [10, 9, 8] and anna.gold == 0
    assert s.market["crowns"] == []
    anna.gold = 7
    g._invalidate()
    assert "market crown" not in g.legal_action_ids()
    assert dict(g.score_breakdown(0))["market wares"] == 27
