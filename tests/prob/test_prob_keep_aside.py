"""Keep-aside solver against a slow, obviously-correct recursion over ALL sub-multisets."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import pytest

from deepwood_kernel.prob import KeepAsideSolver, keep_aside_success, sum_of
from deepwood_kernel.prob import keep_aside as keep_aside_module


def sub_multisets(roll):
    """Every distinct sub-multiset of roll as a descending tuple (via all index subsets)."""
    return {
        tuple(sorted((x for x, pick in zip(roll, mask) if pick), reverse=True))
        for mask in product((0, 1), repeat=len(roll))
    }


def make_reference(sides):
    ordered = {
        d: Counter(tuple(sorted(r)) for r in product(range(1, sides + 1), repeat=d))
        for d in range(9)
    }

    @cache
    def value(rolls_left, dice, target):
        """P(success) with `dice` dice to roll and `rolls_left` rolls, best of every choice."""
        if target <= 0:
            return Fraction(1)
        if dice == 0 or rolls_left == 0:
            return Fraction(0)
        total = Fraction(0)
        for roll, ways in ordered[dice].items():
            total += ways * max(
                choice_value(roll, rolls_left - 1, target, s) for s in sub_multisets(roll)
            )
        return total / sides**dice

    def choice_value(roll, rerolls, target, kept):
        if len(kept) == len(roll):
            return Fraction(int(sum(roll) >= target))
        if rerolls == 0:
            return Fraction(-1)  # not allowed: the last roll must be kept whole
        return value(rerolls, len(roll) - len(kept), target - sum(kept))

    return value, choice_value


REF6, CHOICE6 = make_reference(6)
REF4, CHOICE4 = make_reference(4)


@pytest.mark.parametrize("rolls", [1, 2, 3])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_success_matches_reference_small(dice, rolls):
    solver = KeepAsideSolver(sides=6, rolls=3, max_dice=4)
    for target in range(-1, 6 * dice + 3):
        assert solver.success(dice, target, rolls) == REF6(rolls, dice, target), target


@pytest.mark.parametrize("rolls", [2, 3])
def test_success_matches_reference_four_dice(rolls):
    solver = KeepAsideSolver(sides=6, rolls=rolls, max_dice=4)
    for target in range(-1, 27):
        assert solver.success(4, target) == REF6(rolls, 4, target), target


def test_success_matches_reference_other_sides():
    solver = KeepAsideSolver(sides=4, rolls=3, max_dice=4)
    for target in range(0, 18):
        assert solver.success(4, target) == REF4(3, 4, target), target


@pytest.mark.parametrize("rolls_left", [0, 1, 2])
def test_choices_list_every_sub_multiset_with_reference_values(rolls_left):
    solver = KeepAsideSolver(sides=6, rolls=3, max_dice=4)
    rng = np.random.default_rng(11)
    rolls = [(6, 5), (3, 3, 1), (6, 6, 2), (1, 1, 1)] + [
        tuple(int(x) for x in rng.integers(1, 7, size=3)) for _ in range(6)
    ]
    for roll in rolls:
        for target in (2, 7, 10, 13, 16, 19):
            got = solver.choices(roll, rolls_left, target)
            if rolls_left == 0:
                assert got == [
                    (tuple(sorted(roll, reverse=True)), Fraction(int(sum(roll) >= target)))
                ]
                continue
            expected = {s: CHOICE6(roll, rolls_left, target, s) for s in sub_multisets(roll)}
            assert dict(got) == expected
            assert len(got) == len(expected)  # distinct, nothing missing
            values = [v for _, v in got]
            assert values == sorted(values, reverse=True)
            # the best choice is always "keep the k highest" for some k
            best = got[0][0]
            assert best == tuple(sorted(roll, reverse=True)[: len(best)])


def test_choices_order_and_best_keep():
    solver = KeepAsideSolver()
    got = solver.choices((6, 1), rolls_left=1, target=11)
    assert got == [
        ((6,), Fraction(1, 3)),
        ((), Fraction(1, 12)),
        ((6, 1), Fraction(0)),
        ((1,), Fraction(0)),
    ]
    # ties: more dice first, so an already-won roll says "stop"
    assert solver.best_keep((6, 6, 1), rolls_left=2, target=5) == (6, 6, 1)
    assert solver.best_keep((5, 5, 2), rolls_left=2, target=13) == (5, 5)
    # remaining target already met by set-aside dice
    assert solver.choices((2,), 1, 0)[0] == ((2,), Fraction(1))


def test_known_values():
    solver = KeepAsideSolver()
    assert solver.success(1, 6) == 1 - Fraction(5, 6) ** 3
    assert solver.success(2, 12) == (1 - Fraction(5, 6) ** 3) ** 2
    assert solver.success(3, 0) == 1 and solver.success(3, -4) == 1
    assert solver.success(3, 3) == 1 and solver.success(3, 19) == 0
    assert solver.success(0, 1) == 0
    for d in range(1, 7):
        assert solver.success(d, 20, rolls=1) == sum_of(d).at_least(20)
    assert keep_aside_success(3, 15) == solver.success(3, 15)
    assert keep_aside_success(2, 12, rolls=2) == Fraction(121, 1296)


def test_fight_table_is_monotone():
    solver = KeepAsideSolver()
    table = np.array([[float(solver.success(d, t)) for t in range(1, 37)] for d in range(2, 7)])
    assert np.all(np.diff(table, axis=1) <= 0)  # harder targets never help
    assert np.all(np.diff(table, axis=0) >= 0)  # more dice never hurt
    more_rolls = np.array(
        [[float(solver.success(d, t, rolls=4)) for t in range(1, 37)] for d in range(2, 7)]
    )
    assert np.all(more_rolls >= table)


def test_python_int_fallback_agrees(monkeypatch):
    fast = KeepAsideSolver(sides=6, rolls=3, max_dice=5)
    expected = {(d, t): fast.success(d, t) for d in range(1, 6) for t in range(0, 32)}
    monkeypatch.setattr(keep_aside_module, "_INT64_MAX", 1000)
    monkeypatch.setattr(keep_aside_module, "_BLOCK_ELEMENTS", 64)  # also exercise row blocks
    slow = KeepAsideSolver(sides=6, rolls=3, max_dice=5)
    for (d, t), v in expected.items():
        assert slow.success(d, t) == v
    assert slow._layer(3, 5).dtype == object


def test_overflowing_sizes_are_exact():
    solver = KeepAsideSolver(sides=6, rolls=4, max_dice=8)
    p = solver.success(8, 40)  # numerators over 6**32 > int64
    assert p.denominator > 1 and 0 < p < 1
    assert solver._layer(4, 8).dtype == object
    assert solver.success(1, 6) == 1 - Fraction(5, 6) ** 4
    assert solver.success(8, 48) == (1 - Fraction(5, 6) ** 4) ** 8


def test_value_table():
    solver = KeepAsideSolver()
    table = solver.value_table(2, 3)
    assert table.shape == (4, 20)
    for d in range(4):
        for t in range(20):
            assert table[d, t] == pytest.approx(float(solver.success(d, t, rolls=2)))
    none_left = solver.value_table(0, 2)
    assert none_left[0].tolist()[:2] == [1.0, 0.0]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda s: s.success(7, 10), "dice must be 0..6, got 7"),
        (lambda s: s.success(2, 10, rolls=0), "rolls must be 1..20, got 0"),
        (lambda s: s.choices((7, 1), 1, 5), "die face must be 1..6, got 7"),
        (lambda s: s.choices((), 1, 5), "roll must have 1..6 dice, got 0"),
        (lambda s: s.choices((1, 2), -1, 5), "rolls_left must be 0..20, got -1"),
        (lambda s: s.choices(5, 1, 5), "roll must be a tuple"),
        (lambda s: KeepAsideSolver(sides=0), "sides must be 1..100, got 0"),
        (lambda s: KeepAsideSolver(max_dice=12, sides=30), "distinct rolls"),
    ],
)
def test_clear_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call(KeepAsideSolver())


def test_the_cold_fight_table_solves_each_layer_once(monkeypatch):
    """The whole fight table (2-6 dice, targets 1..36) from a new solver builds each
    (rolls, dice) layer once, vectorised, and answers every question from them: that is
    what makes it fast cold. Its time is a figure of ``bench/prob.py`` ("fight table ...
    (cold)"), not a test: tests never assert timings."""
    built = Counter()
    for name in ("_first_layer", "_build"):
        real = getattr(KeepAsideSolver, name)

        def counted(self, *args, _real=real, _name=name):
            built[(_name, *args)] += 1
            return _real(self, *args)
        monkeypatch.setattr(KeepAsideSolver, name, counted)
    s = KeepAsideSolver()
    table = {(d, t): s.success(d, t) for d in range(2, 7) for t in range(1, 37)}
    assert max(built.values()) == 1
    # a higher target is never easier; 1 is certain; 36 is beyond two dice, not six
    for d in range(2, 7):
        column = [table[d, t] for t in range(1, 37)]
        assert column == sorted(column, reverse=True) and column[0] == 1
    assert table[2, 36] == 0 and 0 < table[6, 36] < 1
    # three rolls over at most six dice: no more layers than that exist
    assert len(built) <= 3 * 6 and set(s._layers) <= {(r, d) for r in (1, 2, 3) for d in range(7)}
