"""The Pig lesson's and lab 7's helpers (``lessons/pig.py``): exact turn outcomes and the
value iteration for optimal play (PIG-6.1)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from deepwood_kernel.games.pig import HeuristicBot
from lessons.pig import (OptimalBot, expected_turn, match, optimal_hold_point,
                         turn_distribution, win_tables)


def test_PIG_6_1_turn_distribution_is_exact():
    # hold at 1: the first roll decides (a 1 banks 0, else its face)
    assert turn_distribution(1) == {0: Fraction(1, 6), **{f: Fraction(1, 6) for f in range(2, 7)}}
    assert expected_turn(1) == Fraction(20, 6)
    assert sum(turn_distribution(20).values()) == 1
    # hold at 20 maximises the expected points per turn; at a turn total of exactly 20 one
    # more roll gains (5/6)*4 - (1/6)*20 = 0, so "hold at 21" ties with it exactly
    assert expected_turn(20) == expected_turn(21) == max(expected_turn(n) for n in range(1, 40))
    assert expected_turn(20) > expected_turn(19) and expected_turn(21) > expected_turn(22)


def test_PIG_6_1_value_iteration_finds_the_first_players_53_06_percent():
    """Neller & Presser: with optimal play by both, the first player wins 53.06%."""
    best = win_tables()
    assert abs(best[0][0, 0, 0] - 0.5306) < 5e-5
    assert np.all((best[0] >= 0) & (best[0] <= 1))
    assert optimal_hold_point(best, 0, 0) == 21          # near "hold at 20" at the start
    assert optimal_hold_point(best, 95, 70) == 5         # hold as soon as the turn wins


def test_PIG_6_1_the_best_reply_to_hold_at_20_beats_it_on_the_engine():
    reply = win_tables(goal=30, policies=(None, 20))
    fair = win_tables(goal=30, policies=(20, 20))
    assert reply[0][0, 0, 0] > fair[0][0, 0, 0]          # a better policy wins more
    est = match((OptimalBot(win_tables(policies=(None, 20)), 0), HeuristicBot()), 300,
                seed=4)
    lo, hi = est.ci()
    assert lo <= win_tables(policies=(None, 20))[0][0, 0, 0] <= hi
