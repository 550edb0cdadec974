"""Monte Carlo estimates land inside 99.9% intervals around the exact answers."""

from __future__ import annotations

import math
import re
import sys
import time
from fractions import Fraction

import numpy as np
import pytest

from deepwood_kernel.prob import (
    DRAGON_BAG,
    Dist,
    Empirical,
    Estimate,
    KeepAsideSolver,
    bag_draw,
    bag_hits,
    deck_at_least,
    keep_aside_success,
    keep_highest,
    keep_lowest,
    refill_reveals,
    reroll_once,
    roll_under_chance,
    simulate_bag,
    simulate_bag_hits,
    simulate_deck_at_least,
    simulate_keep,
    simulate_keep_aside,
    simulate_refill_reveals,
    simulate_reroll_once,
    simulate_roll_under,
    simulate_sum,
    sum_of,
    with_replacement,
)

SEEDS = [1, 2, 3]
LEVEL = 0.999


def assert_histogram_fits(hist: Empirical, exact: Dist, probes=()):
    """Chi-square fit, mean and a few single probabilities inside 99.9% intervals."""
    _, p_value = hist.chi_square(exact)
    assert p_value > 1 - LEVEL, p_value
    if all(isinstance(o, int) for o in exact.outcomes):
        assert hist.mean().contains(exact.mean(), LEVEL)
    for outcome in probes:
        assert hist.estimate(outcome).contains(exact.pmf(outcome), LEVEL), outcome


@pytest.mark.parametrize("seed", SEEDS)
def test_sum(seed):
    hist = simulate_sum(3, 6, trials=200_000, seed=seed)
    assert hist.trials == 200_000
    assert_histogram_fits(hist, sum_of(3), probes=(3, 10, 18))
    assert hist.at_least(15).contains(sum_of(3).at_least(15), LEVEL)
    assert hist.at_most(6).contains(sum_of(3).at_most(6), LEVEL)


@pytest.mark.parametrize("seed", SEEDS)
def test_keep(seed):
    assert_histogram_fits(
        simulate_keep(4, 3, trials=100_000, seed=seed), keep_highest(4, 3), probes=(18,)
    )
    low = simulate_keep(2, 1, sides=20, highest=False, trials=100_000, seed=seed)
    assert_histogram_fits(low, keep_lowest(2, 1, 20), probes=(1, 20))


@pytest.mark.parametrize("seed", SEEDS)
def test_reroll_once(seed):
    hist = simulate_reroll_once(2, 6, keep_at_least=4, trials=100_000, seed=seed)
    assert_histogram_fits(hist, reroll_once(2, 6, keep_at_least=4), probes=(12,))


@pytest.mark.parametrize("seed", SEEDS)
def test_roll_under(seed):
    for target, tokens in [(8, 2), (6, 0), (3, 1)]:
        est = simulate_roll_under(target, tokens, trials=100_000, seed=seed)
        assert est.contains(roll_under_chance(target, tokens), LEVEL)


@pytest.mark.parametrize("seed", SEEDS)
def test_keep_aside(seed):
    solver = KeepAsideSolver()
    for dice, target, rolls in [(3, 15, 3), (6, 25, 3), (2, 11, 2), (5, 26, 3), (4, 20, 1)]:
        est = simulate_keep_aside(dice, target, rolls, trials=60_000, seed=seed, solver=solver)
        assert est.contains(solver.success(dice, target, rolls), LEVEL), (dice, target, rolls)


def test_keep_aside_policy_matters():
    # A deliberately bad fixed policy (never set anything aside until the end)
    # would just be the last-roll sum; optimal play is clearly better.
    exact = keep_aside_success(5, 25)
    est = simulate_keep_aside(5, 25, trials=100_000, seed=9)
    assert est.contains(exact, LEVEL)
    assert est.value > float(sum_of(5).at_least(25)) + 0.1


@pytest.mark.parametrize("seed", SEEDS)
def test_bag(seed):
    hist = simulate_bag(DRAGON_BAG, 5, trials=100_000, seed=seed)
    all_black = (("black", 5), ("blue", 0), ("green", 0), ("red", 0))
    assert_histogram_fits(hist, bag_draw(DRAGON_BAG, 5), probes=(all_black,))
    small = {"black": 3, "red": 2}
    assert_histogram_fits(simulate_bag(small, 9, trials=1_000, seed=seed), bag_draw(small, 9))
    assert_histogram_fits(simulate_bag(small, 0, trials=1_000, seed=seed), bag_draw(small, 0))
    repl = simulate_bag(small, 4, trials=50_000, seed=seed, replace=True)
    assert_histogram_fits(repl, with_replacement(small, 4))


@pytest.mark.parametrize("seed", SEEDS)
def test_bag_hits(seed):
    sims = simulate_bag_hits(DRAGON_BAG, 5, trials=100_000, seed=seed)
    exact = bag_hits(DRAGON_BAG, 5)
    assert sims.keys() == exact.keys()
    for colour, hist in sims.items():
        assert_histogram_fits(hist, exact[colour], probes=(0, 1))


@pytest.mark.parametrize("seed", SEEDS)
def test_decks(seed):
    assert simulate_deck_at_least(10, 2, 5, 2, trials=50_000, seed=seed).contains(
        deck_at_least(10, 2, 5, 2), LEVEL
    )
    assert simulate_deck_at_least(40, 7, 6, 1, trials=50_000, seed=seed).contains(
        deck_at_least(40, 7, 6, 1), LEVEL
    )
    deck = {"dragon": 3, "gem": 2, "other": 20}
    est = simulate_refill_reveals(deck, 6, ["dragon", "gem"], trials=50_000, seed=seed)
    assert est.contains(refill_reveals(deck, 6, ["dragon", "gem"]), LEVEL)


def test_seeds_reproduce_and_differ():
    a = simulate_sum(2, trials=10_000, seed=42)
    b = simulate_sum(2, trials=10_000, seed=42)
    c = simulate_sum(2, trials=10_000, seed=43)
    assert a.counts == b.counts and a.counts != c.counts
    gen = np.random.Generator(np.random.PCG64(42))
    assert simulate_sum(2, trials=10_000, seed=gen).counts == a.counts
    assert simulate_sum(2, trials=1_000, seed=None).trials == 1_000


def test_global_rng_untouched():
    np.random.seed(123)
    before = np.random.get_state()[1].copy()
    simulate_sum(3, trials=1_000, seed=1)
    simulate_keep_aside(3, 12, trials=1_000, seed=1)
    simulate_bag(DRAGON_BAG, 3, trials=1_000, seed=1)
    assert np.array_equal(np.random.get_state()[1], before)


def test_sum_throughput_at_least_a_million_dice_per_second():
    simulate_sum(3, trials=10_000, seed=0)  # warm up
    start = time.perf_counter()
    simulate_sum(3, trials=1_000_000, seed=0)
    rate = 3_000_000 / (time.perf_counter() - start)
    assert rate >= 1e6, f"{rate:.3g} dice/s"


# ---------------------------------------------------------------- Estimate
def test_estimate_repr_and_intervals():
    e = Estimate.proportion(421_300, 1_000_000)
    assert re.fullmatch(r"0\.4213, 95% CI \[0\.4203, 0\.4223\] \(1,000,000 trials\)", repr(e))
    lo, hi = e.ci(0.95)
    assert lo < 0.4213 < hi and hi - lo == pytest.approx(
        2 * 1.959964 * math.sqrt(0.4213 * 0.5787 / 1e6), rel=1e-3
    )
    # Wilson interval known value: 0 successes of 100 -> upper bound 0.037
    assert Estimate.proportion(0, 100).ci() == (0.0, pytest.approx(0.03699, abs=1e-4))
    assert Estimate.proportion(100, 100).ci()[1] == 1.0


def test_estimate_repr_prints_a_lopsided_interval_as_low_high():
    # 2 of 5 sixes: the Wilson interval [0.1176, 0.7693] does not contain 1/6 - 0.05 = 0.1167
    # but "0.4000 ± 0.2596" seemed to (issue 24, lab 6): the repr must print the ends.
    e = Estimate.proportion(2, 5)
    lo, hi = e.ci()
    assert repr(e) == f"0.4000, 95% CI [{lo:.4f}, {hi:.4f}] (5 trials)"
    assert "±" not in repr(e)
    tiny = Estimate.proportion(3, 1_000_000)
    assert "0.000003" in repr(tiny)
    mean = Estimate.mean_of(10.0, 30.0, 4)
    assert mean.successes is None and mean.value == 2.5
    lo, hi = mean.ci(0.9)
    assert (hi - lo) / 2 == pytest.approx(1.644854 * mean.stderr, rel=1e-5)
    assert float(mean) == 2.5
    with pytest.raises(ValueError, match="between 0 and 1"):
        e.ci(1.5)


def test_estimate_without_scipy(monkeypatch):
    with_scipy = Estimate.proportion(30, 100).ci(0.99)
    monkeypatch.setitem(sys.modules, "scipy.stats", None)
    assert Estimate.proportion(30, 100).ci(0.99) == pytest.approx(with_scipy, rel=1e-9)
    _, p = Empirical({0: 480, 1: 520}).chi_square(Dist.uniform([0, 1]))
    assert p == pytest.approx(0.2059, abs=0.01)


def test_empirical_helpers():
    h = Empirical({3: 1, 1: 2, 2: 0})
    assert h.outcomes == (1, 3) and h.trials == 3
    assert h[1].value == pytest.approx(2 / 3)
    assert h.to_dist() == Dist({1: 2, 3: 1})
    assert h.map(lambda x: x > 2).counts == {False: 2, True: 1}
    assert "3 trials" in repr(h)
    assert h.chi_square(Dist({1: 1})) == (math.inf, 0.0)
    with pytest.raises(ValueError, match="non-negative"):
        Empirical({})


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: simulate_sum(0, 6), "dice must be 1..200, got 0"),
        (lambda: simulate_sum(2, 6, trials=0), "trials must be 1..1000000000, got 0"),
        (lambda: simulate_sum(2, 6, seed=-1), "seed must be >= 0, got -1"),
        (lambda: simulate_keep_aside(13, 20), "dice must be 1..12, got 13"),
        (lambda: simulate_keep_aside(3, 12, solver=KeepAsideSolver(sides=8)), "solver has 8 sides"),
        (lambda: simulate_bag_hits(DRAGON_BAG, 2, ["pink"]), "colour 'pink' is not in the bag"),
        (lambda: simulate_refill_reveals({"a": 2}, 1, "b"), "card kind 'b' is not in the deck"),
    ],
)
def test_clear_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_exact_fraction_inputs_to_contains():
    assert Estimate.proportion(1, 6).contains(Fraction(1, 6))
