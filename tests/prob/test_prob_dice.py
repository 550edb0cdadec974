"""Dice distributions against brute-force enumeration and icepool."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import product

import icepool
import pytest

from deepwood_kernel.prob import (
    Dist,
    die,
    keep_highest,
    keep_lowest,
    reroll_once,
    roll_multisets,
    roll_under,
    roll_under_chance,
    sum_of,
)
from deepwood_kernel.prob import dice as dice_module


def enumerate_dist(n, sides, f):
    """Exact Dist of f(ordered roll) over all sides**n ordered rolls."""
    return Dist(Counter(f(roll) for roll in product(range(1, sides + 1), repeat=n)))


def test_known_values():
    assert sum_of(2).pmf(7) == Fraction(1, 6)
    assert sum_of(3).pmf(10) == Fraction(27, 216)
    assert keep_highest(4, 3).pmf(18) == Fraction(21, 1296)
    assert keep_highest(4, 3).mean() == Fraction(15869, 1296)
    assert die(20).mean() == Fraction(21, 2)
    assert sum_of(0) == Dist({0: 1})


@pytest.mark.parametrize("n, sides", [(1, 6), (2, 6), (3, 6), (4, 4), (2, 10), (5, 3), (3, 1)])
def test_sum_of_matches_brute_force(n, sides):
    assert sum_of(n, sides) == enumerate_dist(n, sides, sum)


@pytest.mark.parametrize("n, sides", [(3, 6), (10, 6), (30, 6), (25, 10), (7, 20)])
def test_sum_of_matches_icepool(n, sides):
    # (30, 6) and (25, 10) exceed int64 and take the Python-int path
    assert sum_of(n, sides) == Dist.from_icepool(n @ icepool.d(sides))


@pytest.mark.parametrize(
    "n, k, sides", [(4, 3, 6), (3, 1, 6), (5, 2, 4), (4, 0, 6), (4, 4, 6), (3, 2, 8)]
)
def test_keep_highest_lowest_match_brute_force(n, k, sides):
    high = enumerate_dist(n, sides, lambda r: sum(sorted(r)[n - k :]))
    low = enumerate_dist(n, sides, lambda r: sum(sorted(r)[:k]))
    assert keep_highest(n, k, sides) == high
    assert keep_lowest(n, k, sides) == low


@pytest.mark.parametrize("n, k, sides", [(4, 3, 6), (2, 1, 20), (8, 3, 6), (6, 2, 10)])
def test_keep_matches_icepool(n, k, sides):
    d = icepool.d(sides)
    assert keep_highest(n, k, sides) == Dist.from_icepool(d.highest(n, k))
    assert keep_lowest(n, k, sides) == Dist.from_icepool(d.lowest(n, k))


@pytest.mark.parametrize("n, k, sides", [(4, 3, 6), (6, 2, 5), (3, 3, 2), (5, 0, 3), (26, 3, 6)])
def test_keep_algorithms_agree(n, k, sides):
    for highest in (True, False):
        by_faces = dice_module._keep_by_faces(n, k, sides, highest)
        assert sum(by_faces.probs) == 1
        if math.comb(n + sides - 1, n) <= 20_000:
            assert dice_module._keep_by_multisets(n, k, sides, highest) == by_faces


def test_keep_large_uses_face_dp_and_matches_icepool():
    # 30 dice of 6 sides: 324,632 distinct rolls -> dynamic programme, Python ints
    assert keep_highest(30, 2) == Dist.from_icepool(icepool.d6.highest(30, 2))


@pytest.mark.parametrize("n, sides", [(0, 6), (1, 6), (2, 6), (3, 4), (4, 6), (5, 3)])
def test_roll_multisets_match_brute_force(n, sides):
    expected = Counter(tuple(sorted(r)) for r in product(range(1, sides + 1), repeat=n))
    got = roll_multisets(n, sides)
    assert dict(got) == dict(expected)
    assert sum(c for _, c in got) == sides**n
    assert [r for r, _ in got] == sorted(expected)


def test_roll_multisets_size_limit():
    with pytest.raises(ValueError, match="distinct rolls"):
        roll_multisets(12, 100)


def test_roll_under_against_brute_force():
    for target in range(0, 14):
        for tokens in range(0, 5):
            hits = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b - tokens <= target)
            assert roll_under_chance(target, tokens) == Fraction(hits, 36)
    assert roll_under_chance(8, 2) == Fraction(33, 36)
    assert roll_under_chance(4, 0, n=3, sides=4) == Fraction(4, 64)


def test_roll_under_tokens_needed():
    needed = roll_under(target=8)
    expected = enumerate_dist(2, 6, lambda r: max(0, sum(r) - 8))
    assert needed == expected
    assert needed.pmf(0) == roll_under_chance(8, 0)
    assert needed.at_most(2) == roll_under_chance(8, 2)
    committed = roll_under(3, 6, target=10, modifier_tokens=2)
    assert committed == enumerate_dist(3, 6, lambda r: max(0, sum(r) - 2 - 10))


@pytest.mark.parametrize(
    "n, sides, threshold", [(1, 6, 4), (2, 6, 5), (3, 4, 3), (2, 6, 1), (2, 6, 7)]
)
def test_reroll_once_against_brute_force(n, sides, threshold):
    faces = range(1, sides + 1)

    def final(first, second):
        return sum(f if f >= threshold else s for f, s in zip(first, second))

    expected = Dist(
        Counter(final(a, b) for a in product(faces, repeat=n) for b in product(faces, repeat=n))
    )
    assert reroll_once(n, sides, keep_at_least=threshold) == expected


def test_reroll_once_matches_icepool():
    rerolled = icepool.d6.reroll([1, 2, 3], depth=1)
    assert reroll_once(3, 6, keep_at_least=4) == Dist.from_icepool(3 @ rerolled)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: die(0), "sides must be 1..1000, got 0"),
        (lambda: sum_of(-1), "dice must be 0..200, got -1"),
        (lambda: sum_of(2.5), "dice must be a whole number"),
        (lambda: keep_highest(3, 4), r"k \(dice kept\) must be 0..3, got 4"),
        (lambda: roll_under(0, target=5), "dice must be 1..200, got 0"),
        (lambda: roll_under_chance(5, -1), "tokens must be >= 0, got -1"),
        (lambda: reroll_once(2, 6, keep_at_least=9), "keep_at_least must be 1..7, got 9"),
    ],
)
def test_clear_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
