"""Seeded Monte Carlo for bags and decks (draws, hits, at-least counts, refills), beside
the exact answers of ``bags.py``.

The estimates, histograms and sampling helpers are in ``simulate.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction  # noqa: F401  (the examples use it)

import numpy as np

from ._checks import check_counts, check_int, check_marked
from .simulate import Empirical, Estimate, SeedLike, _chunks, _rng, _trials


def _shuffled_prefix_counts(
    rng: np.random.Generator, labels: np.ndarray, k: int, m: int, kinds: int
) -> np.ndarray:
    """Shuffle ``labels`` m times; count each kind among the first k: shape (m, kinds)."""
    if k == 0:
        return np.zeros((m, kinds), dtype=np.int64)
    if k < len(labels):
        keys = rng.random((m, len(labels)))
        drawn = labels[np.argpartition(keys, k - 1, axis=1)[:, :k]]
    else:
        drawn = np.broadcast_to(labels, (m, len(labels)))
    return np.stack([(drawn == i).sum(axis=1) for i in range(kinds)], axis=1)


def simulate_bag(
    counts: dict[str, int],
    k: int,
    trials: int = 200_000,
    seed: SeedLike = 0,
    replace: bool = False,
) -> Empirical:
    """Shuffle the bag and draw k cubes; histogram of colour counts (compare :func:`bag_draw`).

    ``replace=True`` draws with replacement (compare :func:`with_replacement`).
    Outcomes use the same ``((colour, count), ...)`` tuples as the exact functions.

    >>> h = simulate_bag({"black": 2, "red": 1}, 2, trials=20_000, seed=1)
    >>> h.estimate((("black", 1), ("red", 1))).contains(Fraction(2, 3), 0.999)
    True
    """
    counts = check_counts(counts)
    colours = sorted(counts)
    sizes = np.array([counts[c] for c in colours], dtype=np.int64)
    total = int(sizes.sum())
    k = check_int("k (items drawn)", k, 0)
    if not replace:
        k = min(k, total)
    trials, rng = _trials(trials), _rng(seed)
    labels = np.repeat(np.arange(len(colours)), sizes)
    radix = k + 1
    hist: dict[int, int] = {}
    for m in _chunks(trials, max(total, k)):
        if replace:
            drawn = (
                rng.multinomial(k, sizes / total, size=m)
                if k
                else np.zeros((m, len(colours)), np.int64)
            )
        else:
            drawn = _shuffled_prefix_counts(rng, labels, k, m, len(colours))
        codes = drawn.astype(object if radix ** len(colours) > 2**62 else np.int64) @ (
            radix ** np.arange(len(colours))[::-1]
        )
        uniq, freq = np.unique(codes, return_counts=True)
        for code, f in zip(uniq.tolist(), freq.tolist()):
            hist[code] = hist.get(code, 0) + f

    def decode(code: int) -> tuple[tuple[str, int], ...]:
        digits = []
        for _ in colours:
            code, d = divmod(code, radix)
            digits.append(d)
        return tuple(zip(colours, reversed(digits)))

    return Empirical({decode(code): f for code, f in hist.items()})


def simulate_bag_hits(
    counts: dict[str, int],
    k: int,
    colours: Iterable[str] | None = None,
    trials: int = 200_000,
    seed: SeedLike = 0,
) -> dict[str, Empirical]:
    """Per-colour histograms of cubes drawn (compare :func:`bag_hits`).

    >>> h = simulate_bag_hits({"black": 2, "red": 1}, 2, trials=20_000, seed=1)
    >>> h["red"].estimate(1).contains(Fraction(2, 3), 0.999)
    True
    """
    counts = check_counts(counts)
    if isinstance(colours, str):
        colours = [colours]
    chosen = [c for c in sorted(counts) if c != "black"] if colours is None else list(colours)
    for colour in chosen:
        if colour not in counts:
            raise ValueError(f"colour {colour!r} is not in the bag; colours are {sorted(counts)!r}")
    joint = simulate_bag(counts, k, trials, seed)
    return {colour: joint.map(lambda o, c=colour: dict(o)[c]) for colour in chosen}


def _simulate_marked(
    total: int, marked: int, hand: int, at_least: int, trials: int, seed: SeedLike
) -> Estimate:
    trials, rng = _trials(trials), _rng(seed)
    labels = np.zeros(total, dtype=np.int64)
    labels[:marked] = 1
    hits = 0
    for m in _chunks(trials, total):
        got = _shuffled_prefix_counts(rng, labels, hand, m, 2)[:, 1]
        hits += int(np.count_nonzero(got >= at_least))
    return Estimate.proportion(hits, trials)


def simulate_deck_at_least(
    deck_size: int, marked: int, hand: int, at_least: int, trials: int = 200_000, seed: SeedLike = 0
) -> Estimate:
    """Shuffle and deal a hand; P(>= at_least marked cards) (compare :func:`deck_at_least`).

    >>> simulate_deck_at_least(10, 2, 5, 2, trials=50_000, seed=1).contains(Fraction(2, 9), 0.999)
    True
    """
    deck_size = check_int("deck_size", deck_size, 1)
    marked = check_int("marked", marked, 0, deck_size)
    hand = min(check_int("hand", hand, 0), deck_size)
    at_least = check_int("at_least", at_least)
    return _simulate_marked(deck_size, marked, hand, at_least, trials, seed)


def simulate_refill_reveals(
    deck: dict[str, int],
    n: int,
    marked: str | Iterable[str],
    trials: int = 200_000,
    seed: SeedLike = 0,
) -> Estimate:
    """Shuffle and reveal n cards; P(some marked kind shows) (compare :func:`refill_reveals`).

    >>> simulate_refill_reveals({"dragon": 2, "other": 8}, 1, "dragon", trials=50_000, seed=1).contains(0.2, 0.999)
    True
    """
    deck, kinds = check_marked(deck, marked)
    total = sum(deck.values())
    n = min(check_int("n (cards revealed)", n, 0), total)
    return _simulate_marked(total, sum(deck[k] for k in kinds), n, 1, trials, seed)
