"""Drawing from bags and decks without replacement (hypergeometric laws).

Exact answers come from binomial-coefficient integer arithmetic
(:func:`math.comb`) and are returned as Fractions or :class:`Dist` objects.
Bag contents are ``{colour: count}`` dicts; an outcome of a draw is a tuple of
``(colour, count)`` pairs sorted by colour, listing every colour of the bag.

>>> at_least_one(DRAGON_BAG, 5, "red")
Fraction(784, 1683)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from itertools import product

from ._checks import check_counts, check_int, check_marked
from .dist import Dist

__all__ = [
    "DRAGON_BAG",
    "at_least_one",
    "bag_draw",
    "bag_hits",
    "colour_marginal",
    "deck_at_least",
    "refill_reveals",
    "sequential_draws",
    "with_replacement",
]

#: Clank!'s dragon bag used in the docs: 24 black cubes (misses) and 4 cubes
#: of each of three player colours.
DRAGON_BAG: dict[str, int] = {"black": 24, "blue": 4, "green": 4, "red": 4}

# sequential_draws refuses to list more ordered sequences than this.
MAX_SEQUENCES = 200_000


def _draw_size(k: int, total: int) -> int:
    """Validate k >= 0; drawing more than the bag holds draws everything."""
    return min(check_int("k (items drawn)", k, 0), total)


def _check_colour(counts: dict[str, int], colour: str) -> None:
    if colour not in counts:
        raise ValueError(f"colour {colour!r} is not in the bag; colours are {sorted(counts)!r}")


def _weighted_compositions(
    limits: list[int], k: int, tables: list[list[int]]
) -> list[tuple[tuple[int, ...], int]]:
    """Vectors x with 0 <= x[i] <= limits[i] and sum k, each with weight prod tables[i][x[i]].

    Built colour by colour, so the vectors come out in lexicographic order.

    >>> _weighted_compositions([1, 2], 2, [[1, 1], [1, 2, 1]])
    [((0, 2), 1), ((1, 1), 2)]
    """
    capacity_after = [sum(limits[i + 1 :]) for i in range(len(limits))]
    partial: list[tuple[tuple[int, ...], int, int]] = [((), 1, k)]
    for limit, rest, table in zip(limits, capacity_after, tables):
        partial = [
            ((*xs, x), w * table[x], left - x)
            for xs, w, left in partial
            for x in range(max(0, left - rest), min(limit, left) + 1)
        ]
    return [(xs, w) for xs, w, _ in partial]


def bag_draw(counts: dict[str, int], k: int) -> Dist:
    """How many of each colour k cubes drawn at once contain (multivariate hypergeometric).

    If k exceeds the bag size, everything is drawn.

    >>> d = bag_draw({"black": 2, "red": 1}, 2)
    >>> d.pmf((("black", 1), ("red", 1)))
    Fraction(2, 3)
    """
    counts = check_counts(counts)
    colours = sorted(counts)
    limits = [counts[c] for c in colours]
    k = _draw_size(k, sum(limits))
    tables = [[math.comb(n, x) for x in range(n + 1)] for n in limits]
    rows = _weighted_compositions(limits, k, tables)
    return Dist._make((tuple(zip(colours, xs)) for xs, _ in rows), (w for _, w in rows))


def with_replacement(counts: dict[str, int], k: int) -> Dist:
    """The same question as :func:`bag_draw` when each cube goes back before the next draw (multinomial).

    >>> with_replacement({"black": 1, "red": 1}, 2).pmf((("black", 1), ("red", 1)))
    Fraction(1, 2)
    """
    counts = check_counts(counts)
    k = check_int("k (items drawn)", k, 0)
    colours = sorted(counts)
    limits = [counts[c] for c in colours]
    # k! * prod(n**x / x!) = prod over colours of comb(remaining draws, x) * n**x
    outcomes, weights = [], []
    powers = [[n**x for x in range(k + 1)] for n in limits]
    for xs, w in _weighted_compositions([k] * len(colours), k, powers):
        if w:
            left = k
            for x in xs:
                w *= math.comb(left, x)
                left -= x
            outcomes.append(tuple(zip(colours, xs)))
            weights.append(w)
    return Dist._make(outcomes, weights)


def colour_marginal(counts: dict[str, int], k: int, colour: str) -> Dist:
    """Number of ``colour`` cubes among k drawn (hypergeometric).

    >>> colour_marginal({"black": 2, "red": 1}, 2, "red").pmf(1)
    Fraction(2, 3)
    """
    counts = check_counts(counts)
    _check_colour(counts, colour)
    total = sum(counts.values())
    k = _draw_size(k, total)
    return _hypergeometric(total, counts[colour], k)


def _hypergeometric(total: int, marked: int, k: int) -> Dist:
    others = total - marked
    lo, hi = max(0, k - others), min(k, marked)
    return Dist._make(
        range(lo, hi + 1),
        (math.comb(marked, x) * math.comb(others, k - x) for x in range(lo, hi + 1)),
    )


def at_least_one(counts: dict[str, int], k: int, colour: str) -> Fraction:
    """P(at least one ``colour`` cube among k drawn).

    >>> at_least_one({"black": 2, "red": 1}, 2, "red")
    Fraction(2, 3)
    """
    counts = check_counts(counts)
    _check_colour(counts, colour)
    total = sum(counts.values())
    k = _draw_size(k, total)
    return 1 - Fraction(math.comb(total - counts[colour], k), math.comb(total, k))


def sequential_draws(counts: dict[str, int], k: int) -> Dist:
    """Ordered colour sequences of k draws without replacement (small cases).

    >>> sequential_draws({"black": 1, "red": 1}, 2).outcomes
    (('black', 'red'), ('red', 'black'))
    """
    counts = check_counts(counts)
    colours = sorted(c for c, n in counts.items() if n)
    k = _draw_size(k, sum(counts.values()))
    size = len(colours) ** k
    if size > MAX_SEQUENCES:
        raise ValueError(
            f"{len(colours)} colours drawn {k} times give up to {size:,} sequences; "
            f"sequential_draws lists at most {MAX_SEQUENCES:,} (use bag_draw for counts)"
        )
    outcomes, weights = [], []
    for seq in product(colours, repeat=k):
        left = dict(counts)
        w = 1
        for c in seq:
            w *= left[c]
            left[c] -= 1
            if not w:
                break
        if w:
            outcomes.append(seq)
            weights.append(w)
    return Dist._make(outcomes, weights)


def bag_hits(
    counts: dict[str, int], k: int, colours: Iterable[str] | None = None
) -> dict[str, Dist]:
    """For each colour, the distribution of how many of its cubes k draws pull out.

    Clank!'s dragon attack: draw k cubes from the dragon bag; black cubes are
    misses, each coloured cube is one damage to that player. ``colours``
    defaults to every colour except ``"black"``.

    >>> hits = bag_hits(DRAGON_BAG, 3)
    >>> sorted(hits), hits["red"].pmf(0)
    (['blue', 'green', 'red'], Fraction(248, 357))
    """
    counts = check_counts(counts)
    chosen = [c for c in sorted(counts) if c != "black"] if colours is None else list(colours)
    if isinstance(colours, str):
        chosen = [colours]
    total = sum(counts.values())
    k = _draw_size(k, total)
    result = {}
    for colour in chosen:
        _check_colour(counts, colour)
        result[colour] = _hypergeometric(total, counts[colour], k)
    return result


def deck_at_least(deck_size: int, marked: int, hand: int, at_least: int) -> Fraction:
    """P(a hand of ``hand`` cards from a shuffled deck holds >= ``at_least`` marked cards).

    A hand larger than the deck takes the whole deck.

    >>> deck_at_least(10, 2, 5, 2)  # both Boots in a 5-card Clank! starting hand
    Fraction(2, 9)
    """
    deck_size = check_int("deck_size", deck_size, 1)
    marked = check_int("marked", marked, 0, deck_size)
    hand = min(check_int("hand", hand, 0), deck_size)
    at_least = check_int("at_least", at_least)
    if at_least <= 0:
        return Fraction(1)
    others = deck_size - marked
    hits = sum(
        math.comb(marked, x) * math.comb(others, hand - x)
        for x in range(at_least, min(marked, hand) + 1)
    )
    return Fraction(hits, math.comb(deck_size, hand))


def refill_reveals(deck: dict[str, int], n: int, marked: str | Iterable[str]) -> Fraction:
    """P(refilling n cards from ``deck`` reveals at least one card of the ``marked`` kinds).

    ``marked`` is one kind or several; refilling more than the deck holds
    reveals the whole deck.

    >>> refill_reveals({"dragon": 2, "other": 8}, 1, "dragon")
    Fraction(1, 5)
    """
    deck, kinds = check_marked(deck, marked)
    total = sum(deck.values())
    n = min(check_int("n (cards revealed)", n, 0), total)
    unmarked = total - sum(deck[kind] for kind in kinds)
    return 1 - Fraction(math.comb(unmarked, n), math.comb(total, n))
