"""Exact dice distributions: single dice, sums, keep-highest/lowest, roll-under tests.

All results are :class:`~deepwood_kernel.prob.dist.Dist` objects (exact
Fractions). Sums are integer polynomial powers (numpy ``int64`` when
``sides**n`` fits, Python ints otherwise).

>>> sum_of(2).pmf(7)
Fraction(1, 6)
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from ._checks import check_int
from .dist import Dist

__all__ = [
    "MAX_DICE",
    "MAX_SIDES",
    "die",
    "keep_highest",
    "keep_lowest",
    "reroll_once",
    "roll_multisets",
    "roll_under",
    "roll_under_chance",
    "sum_of",
]

MAX_SIDES = 1000
MAX_DICE = 200
# roll_multisets refuses to list more distinct rolls than this.
MAX_MULTISETS = 1_000_000
_INT64_MAX = int(np.iinfo(np.int64).max)


def _sides(sides: int) -> int:
    return check_int("sides", sides, 1, MAX_SIDES)


def _dice(n: int, lo: int = 0) -> int:
    return check_int("dice", n, lo, MAX_DICE)


def _dtype_for(bound: int) -> type | np.dtype:
    """int64 when every number stays <= bound fits, else Python ints (object)."""
    return np.int64 if bound <= _INT64_MAX else object


def _power(weights: np.ndarray, n: int, total: int) -> np.ndarray:
    """Dense weights of the sum of n independent copies (exponentiation by squaring).

    >>> _power(np.array([1, 1]), 2, 2).tolist()
    [1, 2, 1]
    """
    arr = np.asarray(weights, dtype=_dtype_for(total**n))
    result = np.ones(1, dtype=arr.dtype)
    while n:
        if n & 1:
            result = np.convolve(result, arr)
        n >>= 1
        if n:
            arr = np.convolve(arr, arr)
    return result


def _dist_from_dense(lo: int, dense: np.ndarray) -> Dist:
    values = dense.tolist()
    return Dist._make((lo + i for i, w in enumerate(values) if w), (w for w in values if w))


def die(sides: int = 6) -> Dist:
    """A fair die with faces 1..sides.

    >>> die(4).outcomes
    (1, 2, 3, 4)
    """
    sides = _sides(sides)
    return Dist._make(range(1, sides + 1), [1] * sides)


def sum_of(n: int, sides: int = 6) -> Dist:
    """Sum of n fair dice (n = 0 gives the constant 0).

    >>> sum_of(3).pmf(10)
    Fraction(1, 8)
    """
    n, sides = _dice(n), _sides(sides)
    dense = _power(np.ones(sides, dtype=np.int64), n, sides)
    return _dist_from_dense(n, dense)


# keep_highest/keep_lowest sum over the distinct rolls when there are at most
# this many, and use the face-by-face dynamic programme otherwise.
_KEEP_MULTISET_LIMIT = 20_000


def _keep(n: int, k: int, sides: int, highest: bool) -> Dist:
    if math.comb(n + sides - 1, n) <= _KEEP_MULTISET_LIMIT:
        return _keep_by_multisets(n, k, sides, highest)
    return _keep_by_faces(n, k, sides, highest)


def _keep_by_multisets(n: int, k: int, sides: int, highest: bool) -> Dist:
    rolls, counts = multiset_arrays(n, sides)
    kept = (rolls[:, n - k :] if highest else rolls[:, :k]).sum(axis=1) - k
    if sides**n < 2**53:  # float accumulation of integers below 2**53 is exact
        dense = np.bincount(kept, weights=counts).astype(np.int64)
    else:
        dense = np.zeros(k * (sides - 1) + 1, dtype=object)
        np.add.at(dense, kept, counts.astype(object))
    return _dist_from_dense(k, dense)


def _keep_by_faces(n: int, k: int, sides: int, highest: bool) -> Dist:
    # Walk the faces from best to worst. State [m, s]: number of ordered rolls in
    # which m dice show faces already visited and the kept dice among them sum to
    # s. The first k dice met are the kept ones, so c new dice showing face v add
    # v * (newly kept) to s, in comb(n - m, c) ways.
    faces = range(sides, 0, -1) if highest else range(1, sides + 1)
    width = k * sides + 1
    state = np.zeros((n + 1, width), dtype=_dtype_for(sides**n))
    state[0, 0] = 1
    for i, v in enumerate(faces):
        last = i == sides - 1
        new = np.zeros_like(state)
        for m in range(n + 1):
            row = state[m]
            if not row.any():
                continue
            kept_before = min(m, k)
            for c in range(n - m if last else 0, n - m + 1):
                shift = v * (min(m + c, k) - kept_before)
                ways = math.comb(n - m, c)
                if shift:
                    new[m + c, shift:] += ways * row[: width - shift]
                else:
                    new[m + c] += ways * row
        state = new
    return _dist_from_dense(0, state[n])


def keep_highest(n: int, k: int, sides: int = 6) -> Dist:
    """Sum of the k highest of n dice (e.g. 4d6 keep 3).

    >>> keep_highest(4, 3).pmf(18)
    Fraction(7, 432)
    """
    n, sides = _dice(n), _sides(sides)
    k = check_int("k (dice kept)", k, 0, n)
    return _keep(n, k, sides, highest=True)


def keep_lowest(n: int, k: int, sides: int = 6) -> Dist:
    """Sum of the k lowest of n dice (e.g. disadvantage = keep_lowest(2, 1, 20)).

    >>> keep_lowest(2, 1, 20).pmf(20)
    Fraction(1, 400)
    """
    n, sides = _dice(n), _sides(sides)
    k = check_int("k (dice kept)", k, 0, n)
    return _keep(n, k, sides, highest=False)


@lru_cache(maxsize=64)
def multiset_arrays(n: int, sides: int) -> tuple[np.ndarray, np.ndarray]:
    """Every distinct roll of n dice (ascending rows) and its multinomial count.

    Shared, read-only geometry used by :func:`roll_multisets` and the
    keep-aside solver. Counts sum to ``sides**n``.

    >>> rolls, counts = multiset_arrays(2, 2)
    >>> rolls.tolist(), counts.tolist()
    ([[1, 1], [1, 2], [2, 2]], [1, 2, 1])
    """
    if n == 0:
        return np.zeros((1, 0), dtype=np.int64), np.ones(1, dtype=np.int64)
    rolls = np.array(
        list(combinations_with_replacement(range(1, sides + 1), n)), dtype=np.int64
    ).reshape(-1, n)
    # Multiplicity of each face, then n! / prod(mult!) with exact integer division.
    mult = np.zeros((len(rolls), sides + 1), dtype=np.int64)
    np.add.at(mult, (np.repeat(np.arange(len(rolls)), n), rolls.ravel()), 1)
    fact = np.array([math.factorial(i) for i in range(n + 1)], dtype=object)
    denominators = np.prod(fact[mult], axis=1)
    counts = (math.factorial(n) // denominators).astype(np.int64)
    rolls.setflags(write=False)
    counts.setflags(write=False)
    return rolls, counts


def roll_multisets(n: int, sides: int = 6) -> list[tuple[tuple[int, ...], int]]:
    """All distinct rolls of n dice as (ascending tuple, number of ordered rolls).

    The counts sum to ``sides**n``: these are the chance outcomes of rolling n
    dice at once, which game engines expand instead of all ``sides**n`` orders.

    >>> roll_multisets(2, 2)
    [((1, 1), 1), ((1, 2), 2), ((2, 2), 1)]
    """
    n, sides = _dice(n), _sides(sides)
    size = math.comb(n + sides - 1, n)
    if size > MAX_MULTISETS:
        raise ValueError(
            f"{n} dice with {sides} sides have {size:,} distinct rolls; "
            f"roll_multisets lists at most {MAX_MULTISETS:,}"
        )
    rolls, counts = multiset_arrays(n, sides)
    return [(tuple(r), c) for r, c in zip(rolls.tolist(), counts.tolist())]


def roll_under(n: int = 2, sides: int = 6, *, target: int, modifier_tokens: int = 0) -> Dist:
    """Tokens needed to pass a roll-under test (DungeonQuest determination tokens).

    Roll n dice; the test passes when ``sum - tokens_spent <= target``. Tokens
    are spent after seeing the roll, each lowering the sum by 1.
    ``modifier_tokens`` tokens are already committed (they lower the sum for
    free), so the outcome is how many *more* tokens the roll needs:
    ``max(0, sum - modifier_tokens - target)``; outcome 0 means a pass.

    >>> d = roll_under(target=8)
    >>> d.pmf(0), d.at_most(2)
    (Fraction(13, 18), Fraction(11, 12))
    """
    n, sides = _dice(n, 1), _sides(sides)
    target = check_int("target", target)
    modifier_tokens = check_int("modifier_tokens", modifier_tokens, 0)
    return sum_of(n, sides).map(lambda s: max(0, s - modifier_tokens - target))


def roll_under_chance(target: int, tokens: int = 0, n: int = 2, sides: int = 6) -> Fraction:
    """P(sum of n dice - tokens <= target) when up to ``tokens`` may be spent after the roll.

    >>> roll_under_chance(8, 2)
    Fraction(11, 12)
    """
    n, sides = _dice(n, 1), _sides(sides)
    target = check_int("target", target)
    tokens = check_int("tokens", tokens, 0)
    return sum_of(n, sides).at_most(target + tokens)


def reroll_once(n: int, sides: int = 6, *, keep_at_least: int) -> Dist:
    """Sum of n dice when every die showing less than ``keep_at_least`` is rerolled once.

    Each die then follows the same two-step law independently, so the sum is an
    exact polynomial power. For the *optimal* reroll decision towards a target
    use ``KeepAsideSolver(rolls=2)``.

    >>> reroll_once(1, 6, keep_at_least=4).pmf(6)
    Fraction(1, 4)
    """
    n, sides = _dice(n), _sides(sides)
    keep_at_least = check_int("keep_at_least", keep_at_least, 1, sides + 1)
    low = keep_at_least - 1  # faces that get rerolled
    per_die = np.array(
        [low + (sides if face >= keep_at_least else 0) for face in range(1, sides + 1)],
        dtype=np.int64,
    )
    return _dist_from_dense(n, _power(per_die, n, sides * sides))
