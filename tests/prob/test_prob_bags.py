"""Bags and decks against brute force over labelled items, scipy and icepool."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product

import icepool
import pytest
from scipy.stats import hypergeom

from deepwood_kernel.prob import (
    DRAGON_BAG,
    Dist,
    at_least_one,
    bag_draw,
    bag_hits,
    colour_marginal,
    deck_at_least,
    refill_reveals,
    sequential_draws,
    with_replacement,
)

SMALL_BAGS = [
    {"black": 3, "red": 2},
    {"black": 4, "blue": 1, "red": 2},
    {"a": 2, "b": 2, "c": 2},
    {"black": 2, "red": 0, "blue": 1},
]


def items_of(counts):
    return [c for c in sorted(counts) for _ in range(counts[c])]


def as_outcome(counts, drawn):
    got = Counter(drawn)
    return tuple((c, got[c]) for c in sorted(counts))


def brute_unordered(counts, k):
    items = items_of(counts)
    k = min(k, len(items))
    return Dist(Counter(as_outcome(counts, pick) for pick in combinations(items, k)))


@pytest.mark.parametrize("counts", SMALL_BAGS)
def test_bag_draw_matches_brute_force(counts):
    for k in range(0, sum(counts.values()) + 2):
        assert bag_draw(counts, k) == brute_unordered(counts, k), k


def test_bag_draw_matches_icepool_deck():
    deck = icepool.Deck(DRAGON_BAG)
    dealt = Dist.from_icepool(deck.deal(5).expand())
    assert bag_draw(DRAGON_BAG, 5) == dealt.map(lambda hand: as_outcome(DRAGON_BAG, hand))


def test_dragon_bag_values():
    d = bag_draw(DRAGON_BAG, 5)
    assert len(d) == 53 and sum(d.probs) == 1
    all_black = (("black", 5), ("blue", 0), ("green", 0), ("red", 0))
    assert d.pmf(all_black) == Fraction(42504, 376992)
    assert at_least_one(DRAGON_BAG, 5, "red") == 1 - Fraction(201376, 376992)
    hits = bag_hits(DRAGON_BAG, 5)
    assert sorted(hits) == ["blue", "green", "red"]
    assert hits["red"] == colour_marginal(DRAGON_BAG, 5, "red")
    assert hits["red"].mean() == Fraction(5 * 4, 36)
    assert bag_hits(DRAGON_BAG, 5, "black")["black"].mean() == Fraction(5 * 24, 36)
    assert bag_hits(DRAGON_BAG, 5, ["red"]).keys() == {"red"}


@pytest.mark.parametrize("counts", SMALL_BAGS)
def test_marginal_and_at_least_one_match_brute_force(counts):
    for k in range(0, sum(counts.values()) + 1):
        joint = brute_unordered(counts, k)
        for colour in counts:
            marginal = joint.map(lambda o, c=colour: dict(o)[c])
            assert colour_marginal(counts, k, colour) == marginal
            assert at_least_one(counts, k, colour) == marginal.at_least(1)


def test_marginal_matches_scipy():
    d = colour_marginal({"black": 30, "red": 10}, 8, "red")
    for x in range(0, 9):
        assert float(d.pmf(x)) == pytest.approx(hypergeom.pmf(x, 40, 10, 8), rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("counts", SMALL_BAGS[:3])
def test_sequential_draws_match_permutations(counts):
    items = items_of(counts)
    for k in range(0, 4):
        expected = Dist(Counter(p for p in permutations(items, k)))
        assert sequential_draws(counts, k) == expected
    # order forgotten, it is the unordered draw
    forget = sequential_draws(counts, 3).map(lambda seq: as_outcome(counts, seq))
    assert forget == bag_draw(counts, 3)


def test_sequential_draws_size_limit():
    with pytest.raises(ValueError, match="sequences"):
        sequential_draws({c: 20 for c in "abcdefgh"}, 8)


@pytest.mark.parametrize("counts", SMALL_BAGS)
def test_with_replacement_matches_product(counts):
    items = items_of(counts)
    for k in range(0, 4):
        expected = Dist(Counter(as_outcome(counts, p) for p in product(items, repeat=k)))
        assert with_replacement(counts, k) == expected


def test_deck_at_least_known_values():
    # both of 2 Boots in a 5-card hand from a 10-card deck
    assert deck_at_least(10, 2, 5, 2) == Fraction(2, 9)
    assert deck_at_least(10, 2, 5, 1) == 1 - Fraction(56, 252)  # 1 - C(8,5)/C(10,5)
    assert deck_at_least(10, 2, 5, 0) == 1
    assert deck_at_least(10, 2, 5, 3) == 0
    assert deck_at_least(5, 2, 9, 2) == 1  # hand bigger than the deck takes it all


def test_deck_at_least_matches_brute_force():
    for size, marked, hand in [(8, 3, 4), (6, 0, 3), (7, 7, 2), (9, 2, 0)]:
        deck = [1] * marked + [0] * (size - marked)
        hands = list(combinations(range(size), hand))
        for at_least in range(-1, 5):
            hits = sum(1 for h in hands if sum(deck[i] for i in h) >= at_least)
            assert deck_at_least(size, marked, hand, at_least) == Fraction(hits, len(hands))


def test_refill_reveals():
    deck = {"dragon": 2, "gem": 1, "other": 5}
    assert refill_reveals(deck, 1, "dragon") == Fraction(1, 4)
    items = items_of(deck)
    for n in range(0, 9):
        picks = list(combinations(items, n))
        for marked in (["dragon"], ["dragon", "gem"], "gem"):
            kinds = {marked} if isinstance(marked, str) else set(marked)
            hits = sum(1 for p in picks if kinds & set(p))
            assert refill_reveals(deck, n, marked) == Fraction(hits, len(picks))
    assert refill_reveals(deck, 20, "gem") == 1


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: bag_draw({"black": -1}, 2), r"counts\['black'\] must be >= 0, got -1"),
        (lambda: bag_draw({"black": 0}, 2), "at least one item"),
        (lambda: bag_draw([1, 2], 2), "must be a dict"),
        (lambda: bag_draw({"black": 3}, -1), r"k \(items drawn\) must be >= 0, got -1"),
        (lambda: colour_marginal({"black": 3}, 1, "red"), "colour 'red' is not in the bag"),
        (lambda: bag_hits({"black": 3}, 1, ["red"]), "colour 'red' is not in the bag"),
        (lambda: deck_at_least(10, 11, 5, 1), "marked must be 0..10, got 11"),
        (lambda: deck_at_least(0, 0, 5, 1), "deck_size must be >= 1, got 0"),
        (lambda: refill_reveals({"a": 1}, 1, "b"), "card kind 'b' is not in the deck"),
        (lambda: refill_reveals({"a": 1}, 1, []), "at least one card kind"),
    ],
)
def test_clear_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
