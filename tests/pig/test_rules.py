"""Pig's rules (docs/rules/pig.md), one test per rule, with the numbers of the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.pig import HeuristicBot


def game(players: int = 2, **kw) -> dk.Game:
    return dk.new_game("pig", players=players, seed=kw.pop("seed", 0), **kw)


def roll(g: dk.Game, *faces: int) -> None:
    for face in faces:
        g.apply("roll")
        g.apply(f"die {face}")


def test_PIG_1_1_two_to_four_players_start_at_zero_and_seat_0_begins():
    for n in (2, 3, 4):
        g = game(n)
        assert g.scores() == [0] * n and g.current_player == 0
    for n in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            game(n)


def test_PIG_1_2_the_goal_and_the_die_come_from_the_content_file(tmp_path):
    g = game()
    assert (g.view()["goal"], g.view()["faces"]) == (100, 6)
    mine = tmp_path / "pig50.toml"
    mine.write_text("goal = 50\nfaces = 6\n")
    g = dk.new_game("pig", players=2, content=mine)
    assert g.view()["goal"] == 50
    for text, entry in (("goal = 5\nfaces = 6\n", "goal"), ("goal = 50\n", "faces"),
                        ("goal = 50\nfaces = 6\nwild = 1\n", "wild")):
        mine.write_text(text)
        with pytest.raises(dk.ContentError, match=rf"\[{entry}\]"):
            dk.new_game("pig", players=2, content=mine)


def test_PIG_2_1_a_turn_starts_with_the_only_choice_roll():
    g = game()
    assert g.legal_action_ids() == ["roll"]
    g.apply("roll")
    assert g.is_chance and g.current_player is None


def test_PIG_2_2_each_face_has_probability_exactly_one_sixth():
    g = game()
    g.apply("roll")
    outcomes = g.chance_outcomes()
    assert [a.id for a, _ in outcomes] == [f"die {f}" for f in range(1, 7)]
    assert {p for _, p in outcomes} == {Fraction(1, 6)}


def test_PIG_2_3_a_one_loses_the_turn_total_and_passes_the_turn():
    g = game()
    roll(g, 6, 5, 1)
    assert g.scores() == [0, 0] and g.current_player == 1
    assert g.view()["turn_total"] == 0
    assert g.log[-1] == "Anna rolls a 1 and loses 11 points."


def test_PIG_2_4_two_to_six_add_to_the_turn_total_and_the_turn_goes_on():
    g = game()
    roll(g, 2, 6, 4)
    assert g.view()["turn_total"] == 12 and g.current_player == 0
    assert g.legal_action_ids() == ["roll", "hold"]


def test_PIG_3_1_holding_banks_the_turn_total_and_passes_the_turn():
    g = game(3)
    roll(g, 3, 4)
    g.apply("hold")
    assert g.scores() == [7, 0, 0] and g.current_player == 1
    roll(g, 1)
    assert g.current_player == 2


def test_PIG_3_2_holding_needs_a_turn_total_above_zero():
    """Reading: a turn starts with a roll, so a hold at 0 (a pass) is refused."""
    g = game()
    before = g.fingerprint()
    with pytest.raises(dk.IllegalAction, match="PIG-3.2"):
        g.apply("hold")
    assert g.fingerprint() == before


def test_PIG_4_1_banking_the_goal_wins_at_once_but_only_by_holding():
    g = game()
    for _ in range(5):                      # Anna banks 20 five times: 100; Ben busts
        roll(g, 5, 5, 5, 5)
        if g.scores()[0] + 20 < 100:
            g.apply("hold")
            roll(g, 1)
    assert g.scores() == [80, 0] and g.view()["turn_total"] == 20 and not g.is_over
    g.apply("hold")
    assert g.is_over and g.scores() == [100, 0] and g.winners() == [0]
    assert g.log[-1] == "Anna reaches 100 and wins."


def test_PIG_5_1_the_maximum_length_ends_the_game_and_unbanked_points_are_lost():
    g = game()
    g._max_len = 6                          # the same rule, reached sooner
    roll(g, 3)
    g.apply("hold")
    roll(g, 6)
    g.apply("roll")                         # ply 6: Ben's 6 is still unbanked
    assert g.is_over and g.scores() == [3, 0] and "maximum length" in g.log[-1]
    assert dk.GAMES["pig"].max_game_length == 10_000


def test_PIG_6_1_the_bot_holds_at_20_or_when_the_turn_total_reaches_the_goal():
    g = game()
    bot = HeuristicBot()
    roll(g, 6, 6, 6)
    assert bot.choose(g) == "roll"          # 18 < 20
    roll(g, 2)
    assert bot.choose(g) == "hold"          # 20
    g = game()
    for _ in range(5):                      # Anna banks 18 five times: 90; Ben busts
        roll(g, 6, 6, 6)
        g.apply("hold")
        roll(g, 1)
    roll(g, 6, 4)
    assert g.scores()[0] == 90 and g.view()["turn_total"] == 10
    assert bot.choose(g) == "hold"          # 10 < 20, but 90 + 10 reaches the goal


def test_PIG_6_1_hold_at_20_maximises_the_expected_gain_of_one_more_roll():
    """With turn total t, one more roll gains (5/6)*4 - (1/6)*t: positive exactly below 20."""
    gain = lambda t: Fraction(5, 6) * Fraction(2 + 3 + 4 + 5 + 6, 5) - Fraction(1, 6) * t
    assert gain(19) > 0 and gain(20) == 0 and gain(21) < 0
