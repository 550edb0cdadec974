"""Dist: construction, queries, arithmetic, display, icepool bridge."""

from __future__ import annotations

import sys
from fractions import Fraction
from itertools import product

import icepool
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deepwood_kernel.prob import Dist, die, sum_of

D6 = Dist.uniform(range(1, 7))


def brute(values, weights=None):
    """Exact Dist built the slow way from a list of equally likely outcomes."""
    counts: dict = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    total = sum(counts.values())
    return {k: Fraction(c, total) for k, c in counts.items()}


# ------------------------------------------------------------ construction
def test_normalises_and_drops_zero_weights():
    d = Dist({3: 2, 1: 6, 2: 0})
    assert d.outcomes == (1, 3)
    assert d.probs == (Fraction(3, 4), Fraction(1, 4))
    assert d.weights == (3, 1)
    assert d.denominator == 4


def test_fraction_and_numpy_weights():
    d = Dist({"a": Fraction(1, 3), "b": Fraction(1, 6), "c": np.int64(1)})
    assert d.pmf("a") == Fraction(2, 9)
    assert d.pmf("c") == Fraction(6, 9)
    assert sum(d.probs) == 1


@pytest.mark.parametrize(
    "weights, message",
    [
        ({1: -1, 2: 3}, "must be >= 0"),
        ({}, "at least one outcome"),
        ({1: 0}, "at least one outcome"),
        ({1: 0.5}, "ints or Fractions"),
        ({1: True}, "ints or Fractions"),
        ({1: 1, "a": 1}, "mutually comparable"),
        ([1, 2], "mapping"),
    ],
)
def test_bad_construction_raises_clear_errors(weights, message):
    with pytest.raises(ValueError, match=message):
        Dist(weights)


def test_uniform_counts_repeats():
    d = Dist.uniform("aab")
    assert d.pmf("a") == Fraction(2, 3)
    with pytest.raises(ValueError):
        Dist.uniform([])


def test_pmf_of_missing_and_incomparable_outcomes_is_zero():
    assert D6.pmf(7) == 0
    assert D6.pmf("x") == 0
    assert 3 in D6 and 7 not in D6


def test_to_floats():
    xs, ps = sum_of(2).to_floats()
    assert xs.dtype.kind == "i"
    assert xs.tolist() == list(range(2, 13))
    assert ps[5] == pytest.approx(1 / 6)
    assert ps.sum() == pytest.approx(1.0)
    xs, ps = Dist({"a": 1, "b": 3}).to_floats()
    assert xs.dtype == object and ps.tolist() == [0.25, 0.75]
    # huge denominators still give sensible floats
    big = sum_of(40)
    assert big.to_floats()[1].sum() == pytest.approx(1.0)


# ------------------------------------------------------------ moments and tails
def test_mean_variance_against_brute_force():
    rolls = [a + b + c for a, b, c in product(range(1, 7), repeat=3)]
    d = sum_of(3)
    mean = Fraction(sum(rolls), len(rolls))
    var = sum((Fraction(r) - mean) ** 2 for r in rolls) / len(rolls)
    assert d.mean() == mean == Fraction(21, 2)
    assert d.variance() == var == Fraction(35, 4)


def test_mean_needs_numbers():
    with pytest.raises(ValueError, match="numeric"):
        Dist({"a": 1}).mean()


def test_tail_queries():
    d = sum_of(2)
    assert d.cdf(7) == d.at_most(7) == Fraction(21, 36)
    assert d.sf(7) == Fraction(15, 36)
    assert d.at_least(7) == Fraction(21, 36)
    assert d.between(6, 8) == Fraction(16, 36)
    assert d.cdf(1) == 0 and d.cdf(12) == 1 and d.sf(12) == 0
    assert d.at_least(2) == 1 and d.at_least(13) == 0
    assert d.cdf(6.5) == Fraction(15, 36)
    assert d.probability(lambda s: s % 2 == 0) == Fraction(1, 2)
    with pytest.raises(ValueError, match="a <= b"):
        d.between(8, 6)
    with pytest.raises(ValueError, match="compare"):
        d.cdf("x")


# ------------------------------------------------------------ arithmetic
def test_add_is_convolution():
    d4 = Dist.uniform(range(1, 5))
    expected = brute(a + b for a, b in product(range(1, 7), range(1, 5)))
    assert dict((D6 + d4).items()) == expected


def test_add_sparse_and_non_integer_outcomes():
    sparse = Dist({0: 1, 1000: 1})
    assert dict((sparse + sparse).items()) == {
        0: Fraction(1, 4),
        1000: Fraction(1, 2),
        2000: Fraction(1, 4),
    }
    halves = Dist({Fraction(1, 2): 1, Fraction(3, 2): 1})
    assert (halves + halves).pmf(2) == Fraction(1, 2)


def test_add_big_integers_stays_exact():
    big = Dist({0: 2**40, 1: 1})
    total = big + big + big  # weights overflow int64 products
    assert total.pmf(3) == Fraction(1, (2**40 + 1) ** 3)
    assert sum(total.probs) == 1


def test_shift_negate_subtract():
    assert (D6 + 10).outcomes == tuple(range(11, 17))
    assert (10 + D6) == (D6 + 10)
    assert (D6 - 1).outcomes == tuple(range(0, 6))
    assert (-D6).outcomes == tuple(range(-6, 0))
    diff = D6 - D6
    assert diff.pmf(0) == Fraction(1, 6)
    assert diff.mean() == 0
    assert sum([D6, D6, D6]) == sum_of(3)
    with pytest.raises(TypeError):
        D6 + "x"


def test_map_merges_outcomes():
    parity = D6.map(lambda x: x % 2)
    assert parity == Dist({0: 1, 1: 1})


def test_mixture():
    coin = Dist.uniform([0, 1])
    m = Dist.mixture([(coin, 2), (Dist({1: 1}), Fraction(1))])
    assert m.pmf(1) == Fraction(2, 3)
    with pytest.raises(ValueError, match="pairs"):
        Dist.mixture([(coin,)])
    with pytest.raises(ValueError):
        Dist.mixture([])
    with pytest.raises(ValueError, match=">= 0"):
        Dist.mixture([(coin, -1)])


def test_condition():
    high = D6.condition(lambda x: x >= 5)
    assert high == Dist({5: 1, 6: 1})
    with pytest.raises(ValueError, match="probability 0"):
        D6.condition(lambda x: x > 6)


def test_equality_and_hash():
    assert Dist({1: 1, 2: 1}) == Dist({1: 5, 2: 5})
    assert hash(Dist({1: 1, 2: 1})) == hash(Dist({2: 3, 1: 3}))
    assert Dist({1: 1}) != Dist({1: 1, 2: 1})
    assert D6 != "d6"
    assert die(6) == D6


def test_pickle_round_trip():
    import pickle

    assert pickle.loads(pickle.dumps(sum_of(3))) == sum_of(3)


# ------------------------------------------------------------ display
def test_text_table():
    text = str(Dist({0: 1, 1: 3}))
    assert "denominator 4" in text
    assert "3/4" in text and "75.00%" in text
    assert repr(D6) == str(D6)
    long = str(sum_of(20))  # 101 outcomes: middle elided
    assert "..." in long and len(long.splitlines()) < 50


def test_html_table():
    page = Dist({"<b>": 1, "ok": 1})._repr_html_()
    assert page.startswith("<table") and "&lt;b&gt;" in page and "50.00%" in page


def test_plot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = sum_of(2).plot()
    heights = [p.get_height() for p in ax.patches]
    assert len(heights) == 11 and max(heights) == pytest.approx(1 / 6)
    fig, ax2 = plt.subplots()
    assert Dist({"a": 1, "b": 1}).plot(ax=ax2) is ax2
    plt.close("all")


def test_no_matplotlib_import_at_module_level():
    import deepwood_kernel.prob.dist as dist_module

    assert "matplotlib" not in vars(dist_module)


# ------------------------------------------------------------ icepool bridge
def test_icepool_round_trip():
    d = Dist.from_icepool(3 @ icepool.d6)
    assert d == sum_of(3)
    back = d.to_icepool()
    assert back.probability(10) == Fraction(1, 8)
    with pytest.raises(ValueError, match="icepool.Die"):
        Dist.from_icepool([1, 2])


def test_icepool_missing_gives_clear_import_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "icepool", None)
    with pytest.raises(ImportError, match="pip install icepool"):
        D6.to_icepool()
    with pytest.raises(ImportError, match="pip install icepool"):
        Dist.from_icepool(object())


# ------------------------------------------------------------ properties
small_dists = (
    st.dictionaries(st.integers(-5, 8), st.integers(0, 6), min_size=1, max_size=6)
    .filter(lambda m: sum(m.values()) > 0)
    .map(Dist)
)


@settings(max_examples=60, deadline=None)
@given(small_dists, small_dists)
def test_convolution_properties(a, b):
    s = a + b
    assert s == b + a
    assert sum(s.probs) == 1
    assert s.mean() == a.mean() + b.mean()
    assert s.variance() == a.variance() + b.variance()
    brute_sum = Dist._from_pairs(
        (x + y, w * v) for x, w in zip(a.outcomes, a.weights) for y, v in zip(b.outcomes, b.weights)
    )
    assert s == brute_sum


@settings(max_examples=60, deadline=None)
@given(small_dists, st.integers(-7, 10))
def test_cdf_sf_consistency(d, x):
    assert d.cdf(x) + d.sf(x) == 1
    assert d.at_least(x) == d.sf(x - 1)
    assert d.between(x, x) == d.pmf(x)
    assert d.cdf(x) == sum((p for o, p in d.items() if o <= x), Fraction(0))
