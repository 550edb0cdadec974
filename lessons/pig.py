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


# ----------------------------------------------------------------- optimal play (lab 7)
@lru_cache(maxsize=4)
def win_tables(goal: int = 100, faces: int = 6, policies: tuple = (None, None),
               tol: float = 1e-8) -> tuple:
    """Value iteration for two-player Pig (Neller & Presser): ``(V0, V1)`` where
    ``Vp[i, j, k]`` is the chance that player ``p``, to move with ``i`` banked, the
    opponent ``j`` and a turn total ``k``, wins. ``policies[p]`` is None (``p`` plays to win
    as well as possible) or ``n`` (``p`` holds at ``n``, PIG-6.1). Floats, not Fractions:
    the equations loop (a turn can come back to the same scores), so they are solved by
    improving a guess for every position until no value moves by ``tol``.

    A sweep updates each player's table from the highest turn total down, so a roll sees
    the values it leads to already updated (Gauss-Seidel); about 50 sweeps converge (47 for the goal of 100).
    """
    import numpy as np

    G, K, rows = goal, goal + faces, np.arange(goal)
    win = (rows[:, None] + np.arange(K)[None, :]) >= G            # [i, k]: holding wins
    tables = [np.zeros((G, G, K)), np.zeros((G, G, K))]
    for v in tables:
        v[np.broadcast_to(win[:, None, :], v.shape)] = 1.0
    for _ in range(10_000):
        delta = 0.0
        for p in (0, 1):
            me, other = tables[p], tables[1 - p][:, :, 0].T           # other[i, j]: j to move
            bust = (1.0 - other) / faces                             # PIG-2.3
            for k in range(G - 1, -1, -1):
                live = rows + k < G
                roll = bust + me[:, :, k + 2:k + faces + 1].sum(axis=2) / faces   # PIG-2.4
                if k == 0:                                           # PIG-3.2: no hold at 0
                    new = roll
                else:
                    hold = np.where(live[:, None], 1.0 - other[np.minimum(rows + k, G - 1)],
                                    1.0)                             # PIG-3.1, PIG-4.1
                    if policies[p] is None:
                        new = np.maximum(roll, hold)
                    else:
                        holds = k >= np.minimum(policies[p], G - rows)
                        new = np.where(holds[:, None], hold, roll)
                new = np.where(live[:, None], new, 1.0)
                delta = max(delta, float(np.abs(new - me[:, :, k]).max()))
                me[:, :, k] = new
        if delta < tol:
            return tuple(tables)
    raise RuntimeError("value iteration did not converge")


class OptimalBot:
    """Plays seat ``p``'s table from :func:`win_tables`: roll when rolling wins more often."""

    def __init__(self, tables: tuple, p: int = 0):
        self.me, self.other = tables[p], tables[1 - p]

    def choose(self, game) -> str:
        s, faces = game.state, game.state.content.faces
        i, j, k = s.scores[s.seat], s.scores[1 - s.seat], s.turn_total
        if k == 0:
            return "roll"
        hold = 1.0 if i + k >= s.content.goal else 1.0 - self.other[j, i + k, 0]
        roll = (1.0 - self.other[j, i, 0]) / faces + self.me[i, j, k + 2:k + faces + 1].sum() / faces
        return "hold" if hold >= roll else "roll"


def match(bots: tuple, games: int, seed: int = 0) -> Estimate:
    """Seeded two-player games on the engine, ``bots[0]`` on seat 0: the estimated chance
    that seat 0 wins."""
    from deepwood_kernel.sim import play_out
    wins = sum(play_out(dk.new_game("pig", players=2, seed=seed + n), bots).winners() == [0]
               for n in range(games))
    return Estimate.proportion(wins, games)


def optimal_hold_point(tables: tuple, i: int, j: int, faces: int = 6) -> int:
    """The smallest turn total at which seat 0's table holds, banked ``i`` against ``j``
    (below it, rolling wins more often; the goal is ``tables[0].shape[0]``)."""
    bot, goal = OptimalBot(tables, 0), tables[0].shape[0]
    roll = lambda k: ((1.0 - bot.other[j, i, 0]) / faces            # noqa: E731
                      + bot.me[i, j, k + 2:k + faces + 1].sum() / faces)
    hold = lambda k: 1.0 if i + k >= goal else 1.0 - bot.other[j, i + k, 0]   # noqa: E731
    return next(k for k in range(1, goal + 1) if hold(k) >= roll(k))
