"""Rule tests for Adventure Land, sections AL-5 to AL-9 of ``docs/rules/adventureland.md``:
fog-creature fights (rulebook page 2, exact, with its own example), the turn, the end of
the game, the three adventures' scoring and hidden information.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.adventureland import fight_odds, odds_now, sword_choices, win_chance
from deepwood_kernel.games.adventureland.scoring import city_prizes, placings

from .helpers import check_invariants, give, herb_twins, place, put, rigged, to_move


def fight_at(strength=12, companions=2, swords=(), herbs=(), gold=0, adventure="fellowship"):
    """Martin's adventurer (with companions) next to a creature at D7, ready to attack."""
    g = rigged(adventure=adventure)
    place(g, "D7", "creature", strength)
    put(g, "D6", 0, companions=companions)
    give(g, 0, herbs=herbs, swords=swords, gold=gold)
    to_move(g)
    g.apply("move D6 D7")
    return g


def test_AL_5_1_a_fight_starts_when_moving_onto_a_creature():
    g = fight_at(12, swords=(2,))
    f = g.state.fight
    assert (f.seat, f.square, f.strength, f.base) == (0, "D7", 12, 3)
    assert g.current_player == 0 and g.legal_action_ids() == ["swords none", "swords 2"]


def test_AL_5_2_strength_is_one_plus_one_per_companion():
    g = fight_at(8, companions=7)
    assert g.state.fight is None and g.state.players[0].creatures == [8]     # 1 + 7 = 8
    g = fight_at(10, companions=7, gold=1)
    assert g.state.fight.total == 8 and g.legal_action_ids() == ["gold +1", "give up"]


def test_AL_5_3_up_to_three_swords_one_die_each():
    g = fight_at(14, swords=(3, 3, 1, 0))
    assert g.legal_action_ids() == ["swords none", "swords 3", "swords 1", "swords 0",
                                    "swords 3 3", "swords 3 1", "swords 3 0", "swords 1 0",
                                    "swords 3 3 1", "swords 3 3 0", "swords 3 1 0"]
    g.apply("swords 3 1")
    out = g.chance_outcomes()
    assert len(out) == 21 and sum(p for _, p in out) == 1
    assert dict((a.id, p) for a, p in out)["roll 6 5"] == Fraction(2, 36)
    assert dict((a.id, p) for a, p in out)["roll 4 4"] == Fraction(1, 36)
    g.apply("roll 4 4")                                  # 3 + 3 + 1 + 8 = 15 >= 14
    assert g.state.players[0].creatures == [14] and "combat strength 15" in g.log[-1]
    with pytest.raises(ValueError, match="at most 3 swords"):
        fight_odds(10, 1, (1, 1, 1, 1))


def test_AL_5_4_herbs_add_their_value_and_leave_the_game():
    g = fight_at(12, herbs=(2, 4), swords=(0,))
    g.apply("swords none")
    g.apply("herb 2")
    assert g.state.fight.total == 5
    g.apply("give up")
    assert g.state.herbs_out == {2: 1} and g.state.players[0].herbs == {4: 1}
    check_invariants(g)


def test_AL_5_5_gold_given_back_adds_one():
    g = fight_at(8, companions=5, gold=2)
    gold_before = g.state.gold_left
    g.apply("gold +1")
    assert g.state.fight.total == 7 and g.state.gold_left == gold_before + 1
    g.apply("gold +1")
    assert g.state.fight is None and g.state.players[0].creatures == [8]
    assert g.state.gold_left == gold_before + 2                # back in the stockpile


def test_AL_5_6_gold_rerolls_one_die_which_replaces_it():
    g = fight_at(14, swords=(2, 1), gold=1)
    g.apply("swords 2 1")
    g.apply("roll 3 1")
    assert "gold reroll 1" in g.legal_action_ids() and "gold reroll 3" in g.legal_action_ids()
    g.apply("gold reroll 1")
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [(f"reroll {v}", Fraction(1, 6))
                                                           for v in range(1, 7)]
    g.apply("reroll 6")
    assert g.state.fight is None and g.state.players[0].creatures == [14]   # 3+3+3+6 = 15


def test_AL_5_7_a_won_fight_takes_the_creature_and_keeps_the_swords_shown():
    g = fight_at(10, companions=0, swords=(3,))
    g.apply("swords 3")
    g.apply("roll 6")
    s = g.state
    assert "D7" not in s.items and s.parties["D7"].adventurers == 1
    assert s.players[0].creatures == [10] and s.players[0].swords == {3: 1}
    assert s.players[0].swords_shown == {3: 1}
    assert g.view(1)["players"][0]["swords_shown"] == [3]


def test_AL_5_8_a_lost_fight_removes_the_party_and_everything_used():
    g = fight_at(14, companions=2, swords=(2, 0), herbs=(2,), gold=1)
    box = g.state.companions_box
    g.apply("swords 2 0")
    g.apply("roll 1 1")
    g.apply("herb 2")
    g.apply("gold +1")                  # 3+2+0+2+2+1 = 10 < 14, nothing left: lost
    s = g.state
    assert "D7" not in s.parties and s.items["D7"] == ("creature", 14)
    assert s.players[0].lost_adventurers == 1 and s.companions_box == box + 2
    assert s.swords_out == {2: 1, 0: 1} and s.herbs_out == {2: 1} and s.gold_box == 1
    check_invariants(g)


def test_AL_5_9_a_creature_appearing_on_an_adventurer_fights_at_once_in_any_turn():
    g = rigged()
    put(g, "D7", 1)                                      # Anna's adventurer in the fog
    give(g, 1, gold=1)
    g.apply("card D7")
    g.apply("creature 8")
    assert g.state.fight.seat == 1 and g.current_player == 1   # Anna decides, in Martin's turn
    g.apply("give up")
    assert g.state.seat == 0 and g.is_chance                  # Martin's turn goes on:
    assert g.state.to_reveal == 2                             # the replacement, then his 2nd
    g.apply("card A1")
    g.apply("card A2")
    assert g.current_player == 0


def test_AL_5_10_giving_up_and_losing_when_nothing_is_left():
    g = fight_at(14, companions=0)                       # nothing to add at all
    assert g.state.fight is None and "nothing more to add" in g.log[-2]
    assert g.state.players[0].lost_adventurers == 1
    g = fight_at(14, companions=0, herbs=(4,))
    assert g.legal_action_ids() == ["herb 4", "give up"]


def test_AL_5_11_the_rulebook_combat_example():
    """Creature 12; adventurer + 2 companions = 3; swords with extra 2 and 1 roll 3 and
    2: strength 11. A herb worth 4 gives 15 and wins; the 3 extra points are lost."""
    g = fight_at(12, companions=2, swords=(2, 1), herbs=(4,), gold=1)
    g.apply("swords 2 1")
    g.apply("roll 3 2")
    assert g.state.fight.total == 11
    assert "combat strength 11 against 12" in g.log[-1]
    g.apply("herb 4")
    assert g.state.players[0].creatures == [12] and g.state.players[0].herbs == {}
    assert "combat strength 15" in g.log[-1]
    # the alternatives the page names: one gold as +1 reaches 12; a reroll is a gamble
    assert win_chance(12, 6, (3, 2), gold=1) == 1
    assert win_chance(12, 6, (3, 2), gold=1, rerolls=False) == 1
    assert win_chance(12, 6, (3, 2)) == 0
    # rerolling the 2 needs a 3 or more (the page: "a 1 or 2 again ... lost")
    assert Fraction(4, 6) == sum(1 for f in range(1, 7) if 6 + 3 + f >= 12) / Fraction(6)
    assert fight_odds(12, base=3, swords=(2, 1)) == Fraction(13, 18)
    assert fight_odds(12, base=3, swords=(2, 1), gold=1, rerolls=False) == Fraction(5, 6)
    assert fight_odds(12, base=3, swords=(2, 1), gold=1) == Fraction(199, 216)
    best = sword_choices(12, 3, {2: 1, 1: 1, 0: 1})
    assert best[0] == ((2, 1, 0), fight_odds(12, 3, (2, 1, 0)))


def test_AL_5_6_optimal_gold_beats_plus_one_only_exactly():
    """The helper agrees with brute force over every roll of two dice for one gold."""
    from itertools import product
    wins = 0
    for a, b in product(range(1, 7), repeat=2):
        if 6 + a + b + 1 >= 12:
            wins += 36
        else:
            lo, hi = min(a, b), max(a, b)
            wins += 6 * sum(1 for f in range(1, 7) if 6 + hi + f >= 12)
    assert fight_odds(12, 3, (2, 1), gold=1) == Fraction(wins, 36 * 36)


def test_AL_6_1_the_next_player_reveals_then_moves():
    g = rigged(3)
    to_move(g)
    g.apply("end")
    assert g.state.seat == 1 and g.is_chance and g.state.to_reveal == 2
    to_move(g, ("A5", "A6"))
    g.apply("end")
    to_move(g, ("A7", "A8"))
    g.apply("end")
    assert g.state.seat == 0 and g.state.round == 2


def test_AL_7_1_no_swords_and_no_companions_finishes_the_round():
    g = rigged(3)
    s = g.state
    s.swords_removed += s.swords_left
    s.swords_left = 0
    s.companions_box += s.companions_left - 1
    s.companions_left = 1
    g._invalidate()
    g.apply("card A1")                       # a mountain: none left in the stack ...
    g.apply("box unseen")                    # ... so one from the box (AL-3.4)
    g.apply("card J1")                       # the last companion
    assert s.last_round and "this round is played to its end" in g.log[-1]
    g.apply("end")
    to_move(g, ("A5", "B5"))              # forests
    g.apply("end")
    to_move(g, ("A8", "B8"))
    assert not g.is_over
    g.apply("end")
    assert g.is_over and "no swords and no companions" in g.log[-1]


def test_AL_7_2_an_empty_deck_finishes_the_round():
    g = rigged(2)
    s = g.state
    s.discard += s.deck[2:]
    s.deck = s.deck[:2]
    g._invalidate()
    to_move(g, (s.deck[0], s.deck[1]))
    assert s.last_round
    g.apply("end")
    assert g.state.phase == "move" and g.state.seat == 1      # nothing left to reveal
    g.apply("end")
    assert g.is_over and "terrain deck is used up" in g.log[-1]


def test_AL_8_1_fellowship_scores_at_once_and_keeps_the_points():
    g = rigged()
    place(g, "B4", "companion")
    place(g, "B6", "companion")
    place(g, "E10", "gold")
    put(g, "B2", 0)
    put(g, "A10", 0)
    to_move(g, ("I5", "J5"))
    g.apply("move B2 B4")
    g.apply("move B4 B6")
    s = g.state
    assert s.seat == 1                               # two moves end the turn
    assert s.players[0].points == {"companions": 1 + 2}
    to_move(g, ("I3", "J4"))
    g.apply("end")
    to_move(g, ("I9", "J9"))
    g.apply("move A10 E10")
    assert s.players[0].points["gold"] == 2
    g2 = fight_at(10, companions=2, gold=0, swords=(3,))
    g2.apply("swords 3")
    g2.apply("roll 4")
    assert g2.state.players[0].points == {"fog creatures": 5}
    assert g2.score_breakdown(0) == [("fog creatures", 5), ("companions", 0), ("gold", 0),
                                     ("total", 5)]


def test_AL_8_1_points_are_not_taken_back_when_gold_or_companions_are_lost():
    g = fight_at(14, companions=2, gold=1)
    g.state.players[0].points = {"companions": 3, "gold": 2}
    g.apply("gold +1")                  # strength 4 of 14, nothing left: lost
    assert g.state.players[0].lost_companions == 2 and g.state.players[0].gold == 0
    assert g.scores()[0] == 5


def test_AL_8_2_magnificent_groups_of_one_colour():
    g = rigged(adventure="magnificent")
    put(g, "B2", 0, companions=1)
    put(g, "B5", 0, companions=2)
    put(g, "B7", 1)
    to_move(g)
    assert "move B2 B5" in g.legal_action_ids() and "move B5 B7" not in g.legal_action_ids()
    g.apply("move B2 B5")
    p = g.state.parties["B5"]
    assert (p.adventurers, p.companions) == (2, 3)
    assert "joining the group" in g.log[-1]
    g.apply("move B5 B6")
    assert g.state.parties["B6"].adventurers == 2 and "B5" not in g.state.parties
    g2 = rigged(adventure="fellowship")
    put(g2, "B2", 0)
    put(g2, "B5", 0)
    to_move(g2)
    assert "move B2 B5" not in g2.legal_action_ids()


def test_AL_5_2_a_magnificent_group_fights_with_every_figure():
    g = rigged(adventure="magnificent")
    place(g, "D7", "creature", 8)
    put(g, "D6", 0, companions=5, adventurers=3)
    to_move(g)
    g.apply("move D6 D7")
    assert g.state.players[0].creatures == [8]                # 3 + 5 = 8, won at once


def test_AL_8_3_magnificent_end_scoring():
    g = rigged(adventure="magnificent")
    s = g.state
    put(g, "B5", 0, companions=2, adventurers=2)
    put(g, "C9", 0, companions=4)
    give(g, 0, herbs=(2, 4), swords=(3, 0, 1), gold=2)
    s.players[0].creatures = [12, 6]
    s.creature_stack = {8: 4, 10: 3, 12: 1}
    g._invalidate()
    assert g.score_breakdown(0) == [
        ("fog creatures (full strength)", 18), ("largest group", 15), ("gold", 4),
        ("herbs", 6), ("swords (extra values)", 4), ("total", 47)]


def test_AL_8_4_escape_to_the_cities_end_scoring():
    g = rigged(3, adventure="escape")
    s = g.state
    put(g, "I6", 0, companions=3)        # Royal City (12): Martin 4
    put(g, "J7", 1, companions=1)        # Royal City: Anna 2 ...
    put(g, "K7", 1)                      # ... + 1 = 3
    put(g, "H8", 2)                      # Royal City: Ben 1
    put(g, "B6", 2)                      # Westmarch (5): Ben 1
    put(g, "A1", 0, companions=1)        # outside: 2 figures
    place(g, "D7", "creature", 8)        # creatures left on the board: 1
    place(g, "E8", "creature", 8)        # ... 2
    s.players[0].creatures = [12, 8]
    s.players[1].creatures = [10]
    s.players[2].creatures = [14]
    s.creature_stack = {8: 3, 10: 2, 12: 1}
    give(g, 0, gold=1)
    give(g, 1, gold=3)
    g._invalidate()
    assert g.score_breakdown(0) == [
        ("fog creatures (half strength)", 10), ("most fog creatures", 7), ("gold", 2),
        ("most gold", 3), ("cities", 12), ("figures outside the cities x creatures left",
                                           -(6 + 2) * 2), ("total", 18)]
    # Anna: 2nd in Royal City (6), tied 2nd for creatures (3), most gold (7)
    assert dict(g.score_breakdown(1))["cities"] == 6
    assert dict(g.score_breakdown(1))["most fog creatures"] == 3
    assert dict(g.score_breakdown(1))["most gold"] == 7
    # Ben: 3rd in Royal City (3) and first in Westmarch (5)
    assert dict(g.score_breakdown(2))["cities"] == 3 + 5
    assert dict(g.score_breakdown(2))["most fog creatures"] == 3
    assert city_prizes(12) == [12, 6, 3] and city_prizes(5) == [5, 2, 1]


def test_AL_8_5_tied_players_share_a_place():
    assert placings({0: 2, 1: 2, 2: 1}, [7, 3, 1]) == {0: 7, 1: 7, 2: 3}
    assert placings({0: 0, 1: 3}, [7, 3, 1]) == {1: 7}


def test_AL_8_6_the_most_points_win_ties_share():
    g = rigged()
    g.state.players[0].points = {"gold": 4}
    g.state.players[1].points = {"companions": 4}
    assert g.winners() == [0, 1]
    g.state.players[1].points = {"companions": 3}
    assert g.winners() == [0]


def test_AL_9_1_view_and_log_hide_face_down_tiles():
    g = rigged()
    give(g, 0, herbs=(3,), swords=(2, 1))
    place(g, "A4", "sword")
    v1 = g.view(1)
    assert "herbs" not in v1["players"][0] and v1["players"][0]["sword_count"] == 2
    assert g.view(0)["players"][0]["swords"] == [1, 2]
    assert g.view()["players"][0]["herbs"] == [3]
    cell = next(c for c in v1["board"] if c["square"] == "A4")
    assert cell["item"] == "sword" and "value" not in cell
    html = g.render_html(1)
    assert "2 swords" in html and "swords 1, 2" not in html
    assert "swords 1, 2" in g.render_html(0) and "<img" in html


def test_AL_5_11_odds_of_the_fight_in_progress_at_every_stage():
    """The example's fight, with its herb (4) and one gold in hand: the exact chance at
    each stage matches the helpers (AL-5.3 .. AL-5.6 played best)."""
    g = fight_at(12, companions=2, swords=(2, 1), herbs=(4,), gold=1)
    s = g.state
    assert odds_now(s) == max(fight_odds(12, 3, c, (4,), 1) for c in [(), (2,), (1,), (2, 1)])
    g.apply("swords 2 1")
    assert odds_now(s) == fight_odds(12, 3, (2, 1), (4,), 1)
    g.apply("roll 2 1")                                  # 3 + 3 + 3 = 9: 3 short
    assert odds_now(s) == win_chance(12, 6, (2, 1), (4,), 1) == 1
    g.apply("gold reroll 1")
    assert odds_now(s) == 1                              # the herb covers any new face
    g.apply("reroll 1")                                  # 3 + 3 + 2 + 1 = 9 again
    assert odds_now(s) == 1
    g.apply("herb 4")
    assert s.fight is None and s.players[0].creatures == [12]
    with pytest.raises(ValueError, match="no fight is in progress"):
        odds_now(s)


def test_AL_5_10_illegal_fight_actions_are_explained_and_change_nothing():
    g = fight_at(14, companions=0, herbs=(3,), gold=0)
    before = g.fingerprint()
    with pytest.raises(dk.IllegalAction, match="no herb worth 4; yours: 3"):
        g.apply("herb 4")
    with pytest.raises(dk.IllegalAction, match="no gold to give back"):
        g.apply("gold +1")
    assert g.fingerprint() == before
    assert [a.label for a in g.legal_actions()] == ["Use a herb worth 3",
                                                    "Give up the fight (lose this adventurer)"]
    import json
    assert json.loads(json.dumps(g.view(0)))["fight"]["strength"] == 14


@pytest.mark.parametrize("seed", [0, 1])
def test_AL_9_1_the_magnificent_score_in_view_hides_face_down_values(seed):
    """AL-9.1 with AL-8.3: herbs score their value in *The Magnificent*, so Martin's view
    (seat 0) of Anna's score must not depend on her face-down herb (2 or 4): he sees the
    points he can add up and ``score_complete`` false; Anna and a spectator see scores 2
    points apart, and so does everyone once the game is over."""
    a, b = herb_twins(seed)
    assert a.view(0) == b.view(0)
    assert a.render_html(0) == b.render_html(0)
    martin_sees = a.view(0)["players"][1]
    assert martin_sees["score_complete"] is False
    assert martin_sees["score"] == a.scores()[1] - 2
    assert a.view(1)["players"][1]["score"] + 2 == b.view(1)["players"][1]["score"]
    assert a.view(None)["players"][1]["score_complete"] is True
    assert a.view(None) != b.view(None)
