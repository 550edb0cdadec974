"""Seeded Monte Carlo for dice (sums, keep-highest, rerolls, roll-under, Deep Wood's
keep-aside fight), beside the exact answers of ``dice.py`` and ``keep_aside.py``.

The estimates, histograms and sampling helpers are in ``simulate.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction  # noqa: F401  (the examples use it)

import numpy as np

from ._checks import check_int
from .keep_aside import KeepAsideSolver, MAX_ROLLS, MAX_SOLVER_SIDES, _shared_solver
from .simulate import (Empirical, Estimate, SeedLike, _chunks, _dice_args, _histogram, _rng,
                       _roll, _trials)


def simulate_sum(n: int, sides: int = 6, trials: int = 1_000_000, seed: SeedLike = 0) -> Empirical:
    """Simulated distribution of the sum of n dice (compare :func:`sum_of`).

    >>> h = simulate_sum(2, 6, trials=100_000, seed=7)
    >>> h.estimate(7).contains(Fraction(1, 6), 0.999)
    True
    """
    n, sides = _dice_args(n, sides)
    trials, rng = _trials(trials), _rng(seed)
    return _histogram(
        _roll(rng, (m, n), sides).sum(axis=1, dtype=np.int64) for m in _chunks(trials, n)
    )


def simulate_keep(
    n: int,
    k: int,
    sides: int = 6,
    highest: bool = True,
    trials: int = 1_000_000,
    seed: SeedLike = 0,
) -> Empirical:
    """Simulated sum of the k highest (or lowest) of n dice (compare :func:`keep_highest`).

    >>> simulate_keep(4, 3, trials=100_000, seed=3).mean().contains(12.2446, 0.999)
    True
    """
    n, sides = _dice_args(n, sides)
    k = check_int("k (dice kept)", k, 0, n)
    trials, rng = _trials(trials), _rng(seed)

    def chunks() -> Iterator[np.ndarray]:
        for m in _chunks(trials, n):
            rolls = np.sort(_roll(rng, (m, n), sides), axis=1)
            kept = rolls[:, n - k :] if highest else rolls[:, :k]
            yield kept.sum(axis=1, dtype=np.int64)

    return _histogram(chunks())


def simulate_reroll_once(
    n: int, sides: int = 6, *, keep_at_least: int, trials: int = 1_000_000, seed: SeedLike = 0
) -> Empirical:
    """Simulated sum when dice below ``keep_at_least`` are rerolled once (compare :func:`reroll_once`).

    >>> simulate_reroll_once(1, keep_at_least=4, trials=100_000, seed=2).estimate(6).contains(0.25, 0.999)
    True
    """
    n, sides = _dice_args(n, sides)
    keep_at_least = check_int("keep_at_least", keep_at_least, 1, sides + 1)
    trials, rng = _trials(trials), _rng(seed)

    def chunks() -> Iterator[np.ndarray]:
        for m in _chunks(trials, 2 * n):
            first = _roll(rng, (m, n), sides)
            second = _roll(rng, (m, n), sides)
            final = np.where(first >= keep_at_least, first, second)
            yield final.sum(axis=1, dtype=np.int64)

    return _histogram(chunks())


def simulate_roll_under(
    target: int,
    tokens: int = 0,
    n: int = 2,
    sides: int = 6,
    trials: int = 1_000_000,
    seed: SeedLike = 0,
) -> Estimate:
    """Simulated P(sum of n dice - tokens <= target) (compare :func:`roll_under_chance`).

    >>> simulate_roll_under(8, 2, trials=100_000, seed=5).contains(Fraction(11, 12), 0.999)
    True
    """
    n, sides = _dice_args(n, sides)
    target = check_int("target", target)
    tokens = check_int("tokens", tokens, 0)
    trials, rng = _trials(trials), _rng(seed)
    hits = 0
    for m in _chunks(trials, n):
        sums = _roll(rng, (m, n), sides).sum(axis=1, dtype=np.int64)
        hits += int(np.count_nonzero(sums - tokens <= target))
    return Estimate.proportion(hits, trials)


def simulate_keep_aside(
    dice: int,
    target: int,
    rolls: int = 3,
    trials: int = 200_000,
    seed: SeedLike = 0,
    *,
    sides: int = 6,
    solver: KeepAsideSolver | None = None,
) -> Estimate:
    """Play the optimal keep-aside policy on random rolls (compare :func:`keep_aside_success`).

    Every trial rolls its remaining dice, sorts them descending and keeps the
    number ``k`` of highest dice that maximises the solver's value for the
    rest (all of them on the last roll); trials run side by side in numpy.
    Pass ``solver`` to reuse its cached tables (its ``sides`` must match).

    >>> simulate_keep_aside(3, 15, trials=50_000, seed=4).contains(0.5154, 0.999)
    True
    """
    target = check_int("target", target)
    rolls = check_int("rolls", rolls, 1, MAX_ROLLS)
    if solver is None:
        solver = _shared_solver(check_int("sides", sides, 1, MAX_SOLVER_SIDES))
    elif solver.sides != sides:
        raise ValueError(f"solver has {solver.sides} sides but sides={sides} was asked")
    dice = check_int("dice", dice, 1, solver.max_dice)
    trials, rng = _trials(trials), _rng(seed)
    # tables[j]: float values with j rolls left after the current one
    tables = [solver.value_table(j, dice) for j in range(rolls)]
    width = dice * sides + 2
    hits = 0
    for m in _chunks(trials, dice * rolls):
        left = np.full(m, dice, dtype=np.int64)
        need = np.full(m, target, dtype=np.int64)
        rows = np.arange(m)
        for roll_no in range(rolls):
            after = rolls - 1 - roll_no
            faces = _roll(rng, (m, dice), sides).astype(np.int64)
            faces[np.arange(dice)[None, :] >= left[:, None]] = 0  # dice already set aside
            faces = -np.sort(-faces, axis=1)
            prefix = np.zeros((m, dice + 1), dtype=np.int64)
            np.cumsum(faces, axis=1, out=prefix[:, 1:])
            if after == 0:
                keep = left
            else:
                ks = np.arange(dice + 1)[None, :]
                remaining = left[:, None] - ks
                cols = np.clip(need[:, None] - prefix, 0, width - 1)
                values = tables[after][np.clip(remaining, 0, dice), cols]
                values[remaining < 0] = -1.0
                # ties: keep the most dice (argmax of the reversed order)
                keep = dice - np.argmax(values[:, ::-1], axis=1)
            need -= prefix[rows, keep]
            left -= keep
        hits += int(np.count_nonzero(need <= 0))
    return Estimate.proportion(hits, trials)
