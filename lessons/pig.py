"""Helpers of the Pig lesson (``notebooks/pig/01_pig.ipynb``): exact turn outcomes and their
simulation on the engine, so the notebook's cells stay short.

>>> dist = turn_distribution(20)
>>> dist[0], sum(dist.values())
(Fraction(9440899, 15116544), Fraction(1, 1))
>>> expected_turn(20) == max(expected_turn(h) for h in range(1, 40))
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import deepwood_kernel as dk
from deepwood_kernel.games.pig import HeuristicBot
from deepwood_kernel.prob import Estimate


def turn_distribution(hold_at: int, faces: int = 6) -> dict[int, Fraction]:
    """Exact chance of banking each number of points in one turn of "hold at ``hold_at``"
    (PIG-2.3, PIG-2.4, PIG-3.1): 0 when a 1 comes first, else the turn total held."""

    @lru_cache(maxsize=None)
    def from_total(t: int) -> tuple[tuple[int, Fraction], ...]:
        if t >= hold_at:
            return ((t, Fraction(1)),)
        out: dict[int, Fraction] = {0: Fraction(1, faces)}          # a 1: nothing banked
        for face in range(2, faces + 1):
            for points, p in from_total(t + face):
                out[points] = out.get(points, Fraction(0)) + p / faces
        return tuple(sorted(out.items()))

    return dict(from_total(0))


def expected_turn(hold_at: int, faces: int = 6) -> Fraction:
    """The exact expected points banked in one turn of "hold at ``hold_at``"."""
    return sum((points * p for points, p in turn_distribution(hold_at, faces).items()),
               Fraction(0))


def simulate_turns(hold_at: int, turns: int, seed: int = 0) -> tuple[Estimate, Estimate]:
    """Play ``turns`` turns of "hold at ``hold_at``" on the engine (seeded dice): the
    estimated chance of banking nothing, and of the mean points banked."""
    bot, zero, total, total_sq, n = HeuristicBot(hold_at=hold_at), 0, 0.0, 0.0, 0
    g = dk.new_game("pig", players=2, seed=seed)
    while n < turns:
        seat, before = g.current_player, g.scores()
        if g.is_over or before[seat] + hold_at >= g.view()["goal"]:
            g = dk.new_game("pig", players=2, seed=seed + n + 1)   # no turn near the end
            continue
        while g.current_player == seat and not g.is_over:
            g.apply(bot.choose(g))
            g.advance()
        points = g.scores()[seat] - before[seat]
        zero, total, total_sq, n = zero + (points == 0), total + points, total_sq + points ** 2, n + 1
    return Estimate.proportion(zero, n), Estimate.mean_of(total, total_sq, n)
