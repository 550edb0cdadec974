"""Optimal "keep aside and reroll" dice solver (the Deep Wood rock-monster fight).

Rules: you have ``n`` dice and up to ``r`` rolls. Roll all of them. After each
roll except the last you may set aside any of the dice just rolled (set-aside
dice are fixed for good) and reroll the rest; setting all of them aside ends
the rolling. You succeed when the final total of all dice is at least the
target. The solver gives the exact success chance under optimal play, and the
exact value of every possible choice after any roll.

Why keeping the *highest* dice is enough
----------------------------------------
Write ``V_r(d, t)`` for the success chance with ``d`` dice still to roll, ``r``
rolls left and remaining target ``t`` (``V_r(0, t) = [t <= 0]``).

1. ``V_r(d, t)`` is non-increasing in ``t``. Coupling argument: any strategy
   that reaches a total ``>= t`` on some sequence of rolls also reaches
   ``>= t'`` for every ``t' <= t`` on the same rolls, so the optimum for ``t'``
   is at least the optimum for ``t``. (By induction on ``r``:
   ``V_1(d, t) = P(sum >= t)`` is non-increasing; ``V_r`` is an average of a
   maximum of functions ``V_{r-1}(d - k, t - s)`` that are non-increasing in
   ``t``, and averages and maxima keep that property.)
2. After a roll, set aside some sub-multiset ``S`` of size ``k``; the value is
   ``V_{r-1}(d - k, t - sum(S))``. Among all ``S`` of size ``k``, the ``k``
   highest dice have the largest sum ``P_k``, hence the smallest remaining
   target ``t - P_k``, hence (by 1.) the largest value.

So a decision is just *how many* of the highest dice to keep:
``V_r(d, t) = E_roll[max_k V_{r-1}(d - k, t - P_k)]`` where ``P_k`` is the sum of
the k highest dice of the roll, and keeping all d dice means stopping.

Exact integers: ``V_r(d, t) * sides**(d*r)`` is an integer. A layer ``(r, d)``
is computed for every target at once with numpy: the distinct rolls of ``d``
dice (with multinomial counts) and the prefix sums of their sorted values
gather rows of the previous layers, a maximum over ``k`` picks the best
decision, and a dot product with the counts sums over rolls. Numbers are
``int64`` when ``sides**(d*r)`` fits and Python ints otherwise.

>>> keep_aside_success(2, 12, rolls=1)
Fraction(1, 36)
>>> keep_aside_success(2, 12, rolls=2)
Fraction(121, 1296)
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np

from ._checks import check_int
from .dice import multiset_arrays

__all__ = ["KeepAsideSolver", "keep_aside_success"]

MAX_SOLVER_DICE = 12
MAX_SOLVER_SIDES = 100
MAX_ROLLS = 20
# Largest number of distinct rolls of max_dice dice a solver accepts.
MAX_SOLVER_MULTISETS = 250_000
# Rows of the (rolls x choices x targets) gather processed per block.
_BLOCK_ELEMENTS = 1 << 21
_INT64_MAX = int(np.iinfo(np.int64).max)


@lru_cache(maxsize=64)
def _geometry(d: int, sides: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per dice count: stop sums, row index into the stacked tables, counts, offsets.

    Row ``idx[m, k]`` of the stacked table holds, for distinct roll ``m``, the
    values of keeping its ``k`` highest dice (prefix sum ``P_k``) against every
    target. Block ``k`` of the stack has one row per possible ``P_k``
    (``k .. k*sides``), starting at ``offsets[k]``.
    """
    rolls, counts = multiset_arrays(d, sides)
    desc = rolls[:, ::-1]
    prefix = np.zeros((len(rolls), d + 1), dtype=np.int64)
    np.cumsum(desc, axis=1, out=prefix[:, 1:])
    ks = np.arange(d + 1)
    offsets = np.concatenate(([0], np.cumsum(ks * (sides - 1) + 1)))
    idx = prefix - ks + offsets[:-1]
    return prefix[:, d].copy(), idx, counts, offsets


class KeepAsideSolver:
    """Exact optimal play for keep-aside dice rolling; solved layers are cached.

    ``sides``: faces per die; ``rolls``: default number of rolls; ``max_dice``:
    the most dice a question may use.

    >>> solver = KeepAsideSolver(sides=6, rolls=3, max_dice=6)
    >>> solver.success(1, 6)
    Fraction(91, 216)
    >>> solver.best_keep((6, 1), rolls_left=2, target=11)
    (6,)
    """

    def __init__(self, sides: int = 6, rolls: int = 3, max_dice: int = 6) -> None:
        self.sides = check_int("sides", sides, 1, MAX_SOLVER_SIDES)
        self.rolls = check_int("rolls", rolls, 1, MAX_ROLLS)
        self.max_dice = check_int("max_dice", max_dice, 1, MAX_SOLVER_DICE)
        size = math.comb(self.max_dice + self.sides - 1, self.max_dice)
        if size > MAX_SOLVER_MULTISETS:
            raise ValueError(
                f"max_dice={self.max_dice} with {self.sides} sides gives {size:,} distinct rolls; "
                f"the solver allows at most {MAX_SOLVER_MULTISETS:,}: lower max_dice or sides"
            )
        # (rolls, dice) -> numerators over sides**(dice*rolls), indexed by the
        # target clamped to 0 .. dice*sides + 1 (0: certain, last: impossible).
        self._layers: dict[tuple[int, int], np.ndarray] = {}

    def __repr__(self) -> str:
        return f"KeepAsideSolver(sides={self.sides}, rolls={self.rolls}, max_dice={self.max_dice})"

    # ------------------------------------------------------------- layers
    def _layer(self, r: int, d: int) -> np.ndarray:
        layer = self._layers.get((r, d))
        if layer is None:
            if d == 0:
                layer = np.array([1, 0], dtype=np.int64)
            elif r == 1:
                layer = self._first_layer(d)
            else:
                layer = self._build(r, d)
            self._layers[(r, d)] = layer
        return layer

    def _first_layer(self, d: int) -> np.ndarray:
        """One roll left: count the rolls whose total reaches each target."""
        s = self.sides
        totals, _, counts, _ = _geometry(d, s)
        dtype = np.int64 if s**d <= _INT64_MAX else object
        hist = np.zeros(d * s + 2, dtype=dtype)
        np.add.at(hist, totals, counts.astype(dtype))
        # V[t] = #rolls with total >= t, for t = 0 .. d*s+1
        return np.cumsum(hist[::-1])[::-1].copy()

    def _build(self, r: int, d: int) -> np.ndarray:
        s = self.sides
        _, idx, counts, offsets = _geometry(d, s)
        width = d * s + 2
        targets = np.arange(width)
        big = s ** (d * r) > _INT64_MAX
        dtype = object if big else np.int64
        # Block k: keeping the k highest (sum p in k..k*s) leaves d-k dice and
        # target t-p; values are scaled to the common denominator s**(d*(r-1)).
        blocks = []
        for k in range(d + 1):
            prev = self._layer(r - 1, d - k)
            scale = s ** (k * (r - 1))
            scaled = prev.astype(dtype) * (scale if big else np.int64(scale))
            p = np.arange(k, k * s + 1)
            cols = np.clip(targets[None, :] - p[:, None], 0, len(prev) - 1)
            blocks.append(scaled[cols])
        stacked = np.concatenate(blocks)
        weights = counts.astype(dtype)
        rows_per_block = max(1, _BLOCK_ELEMENTS // ((d + 1) * width))
        out = np.zeros(width, dtype=dtype)
        for start in range(0, len(idx), rows_per_block):
            chunk = idx[start : start + rows_per_block]
            best = stacked[chunk].max(axis=1)  # (rolls, targets): best k per roll
            out += weights[start : start + rows_per_block] @ best
        return out

    def _numerator(self, r: int, d: int, target: int) -> int:
        layer = self._layer(r, d)
        return int(layer[min(max(target, 0), len(layer) - 1)])

    def _value(self, r: int, d: int, target: int) -> Fraction:
        if target <= 0:
            return Fraction(1)
        return Fraction(self._numerator(r, d, target), self.sides ** (d * r))

    # ------------------------------------------------------------- public
    def _check_dice(self, dice: int) -> int:
        return check_int("dice", dice, 0, self.max_dice)

    def _check_rolls(self, rolls: int | None) -> int:
        return self.rolls if rolls is None else check_int("rolls", rolls, 1, MAX_ROLLS)

    def success(self, dice: int, target: int, rolls: int | None = None) -> Fraction:
        """P(final total >= target) before the first roll, playing optimally.

        ``target <= 0`` gives 1; ``rolls`` defaults to the solver's ``rolls``.

        >>> KeepAsideSolver().success(2, 12, rolls=3)  # (91/216)**2: chase two sixes
        Fraction(8281, 46656)
        """
        dice = self._check_dice(dice)
        target = check_int("target", target)
        return self._value(self._check_rolls(rolls), dice, target)

    def success_float(self, dice: int, target: int, rolls: int | None = None) -> float:
        """:meth:`success` as a float, without building a Fraction.

        >>> round(KeepAsideSolver().success_float(3, 15), 4)
        0.5154
        """
        dice = self._check_dice(dice)
        target = check_int("target", target)
        if target <= 0:
            return 1.0
        r = self._check_rolls(rolls)
        return self._numerator(r, dice, target) / self.sides ** (dice * r)

    def value_table(self, rolls_left: int, dice: int) -> np.ndarray:
        """Float success chances ``V[d, t]`` with ``rolls_left`` rolls for d = 0..dice dice.

        Columns are targets ``t = 0 .. dice*sides + 1`` (larger targets are
        impossible, smaller ones certain). ``rolls_left = 0`` means no roll is
        left: only ``d = 0`` can still succeed. Used to play the optimal policy
        in simulations.

        >>> KeepAsideSolver().value_table(1, 1)[1, :8].tolist()
        [1.0, 1.0, 0.8333333333333334, 0.6666666666666666, 0.5, 0.3333333333333333, 0.16666666666666666, 0.0]
        """
        rolls_left = check_int("rolls_left", rolls_left, 0, MAX_ROLLS)
        dice = self._check_dice(dice)
        width = dice * self.sides + 2
        table = np.zeros((dice + 1, width))
        table[:, 0] = 1.0
        if rolls_left == 0:
            return table
        cols = np.arange(width)
        for d in range(dice + 1):
            layer = self._layer(rolls_left, d)
            denom = self.sides ** (d * rolls_left)
            values = (
                np.array([int(x) / denom for x in layer])
                if layer.dtype == object
                else layer / denom
            )
            table[d] = values[np.minimum(cols, len(layer) - 1)]
        return table

    def choices(
        self, roll: tuple[int, ...], rolls_left: int, target: int
    ) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every distinct set of dice you could set aside from ``roll``, with its exact value.

        ``roll`` is the dice just rolled (any order), ``rolls_left`` the rerolls
        still allowed (0: this was the last roll) and ``target`` the remaining
        target for these dice (previously set-aside dice already subtracted).
        Each choice is a descending tuple, from ``()`` (reroll everything) to
        the whole roll (stop: success iff ``sum(roll) >= target``). With
        ``rolls_left == 0`` only the whole roll is a choice.

        Order: best chance first; ties keep *more* dice first (stop as soon as
        nothing is gained by rolling on), then higher dice first.

        >>> KeepAsideSolver().choices((6, 1), rolls_left=1, target=11)[:2]
        [((6,), Fraction(1, 3)), ((), Fraction(1, 12))]
        """
        dice = self._check_roll(roll)
        rolls_left = check_int("rolls_left", rolls_left, 0, MAX_ROLLS)
        target = check_int("target", target)
        n = len(dice)
        whole = tuple(sorted(dice, reverse=True))
        stop = (whole, Fraction(int(sum(dice) >= target)))
        if rolls_left == 0:
            return [stop]
        faces = sorted(set(dice), reverse=True)
        limits = [dice.count(f) for f in faces]
        options = [stop]
        for picks in product(*(range(c + 1) for c in limits)):
            kept = tuple(f for f, c in zip(faces, picks) for _ in range(c))
            if len(kept) == n:
                continue
            options.append((kept, self._value(rolls_left, n - len(kept), target - sum(kept))))
        options.sort(key=lambda o: (-o[1], -len(o[0]), [-x for x in o[0]]))
        return options

    def best_keep(self, roll: tuple[int, ...], rolls_left: int, target: int) -> tuple[int, ...]:
        """The dice to set aside under optimal play: the first of :meth:`choices`.

        >>> KeepAsideSolver().best_keep((5, 5, 2), rolls_left=2, target=13)
        (5, 5)
        """
        return self.choices(roll, rolls_left, target)[0][0]

    def _check_roll(self, roll: tuple[int, ...]) -> list[int]:
        try:
            dice = list(roll)
        except TypeError:
            raise ValueError(
                f"roll must be a tuple of die faces like (6, 3, 1), got {roll!r}"
            ) from None
        if not 1 <= len(dice) <= self.max_dice:
            raise ValueError(f"roll must have 1..{self.max_dice} dice, got {len(dice)}")
        return [check_int("die face", x, 1, self.sides) for x in dice]


@lru_cache(maxsize=16)
def _shared_solver(sides: int) -> KeepAsideSolver:
    max_dice = MAX_SOLVER_DICE
    while math.comb(max_dice + sides - 1, max_dice) > MAX_SOLVER_MULTISETS:
        max_dice -= 1
    return KeepAsideSolver(sides=sides, rolls=1, max_dice=max(1, max_dice))


def keep_aside_success(dice: int, target: int, rolls: int = 3, sides: int = 6) -> Fraction:
    """Module-level :meth:`KeepAsideSolver.success` with one cached solver per ``sides``.

    >>> keep_aside_success(3, 15)
    Fraction(162319, 314928)
    """
    sides = check_int("sides", sides, 1, MAX_SOLVER_SIDES)
    return _shared_solver(sides).success(dice, target, rolls)
