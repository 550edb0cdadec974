"""Seeded Monte Carlo beside every exact answer.

Each ``simulate_*`` function asks the same question as its exact counterpart
and answers with an :class:`Estimate` (a probability or mean with standard
error and confidence interval) or an :class:`Empirical` histogram (one
estimate per outcome). Randomness always comes from
``numpy.random.Generator(numpy.random.PCG64(seed))``, never the global RNG;
the same seed gives the same answer, ``seed=None`` gives fresh randomness.
Work is vectorised over ``(trials, dice)`` arrays in chunks.

>>> simulate_roll_under(8, 2, trials=10_000, seed=1).ci(0.999)[0] < 11 / 12
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import Any

import numpy as np

from ._checks import check_counts, check_int, check_marked
from .dice import MAX_DICE, MAX_SIDES
from .dist import Dist
from .keep_aside import MAX_ROLLS, MAX_SOLVER_SIDES, KeepAsideSolver, _shared_solver

__all__ = [
    "Empirical",
    "Estimate",
    "simulate_bag",
    "simulate_bag_hits",
    "simulate_deck_at_least",
    "simulate_keep",
    "simulate_keep_aside",
    "simulate_refill_reveals",
    "simulate_reroll_once",
    "simulate_roll_under",
    "simulate_sum",
]

MAX_TRIALS = 10**9
# Random numbers generated per chunk (bounds memory to a few tens of MB).
_CHUNK_ELEMENTS = 1 << 22

SeedLike = int | None | np.random.Generator


def _z(level: float) -> float:
    if not 0 < level < 1:
        raise ValueError(f"confidence level must be between 0 and 1 (exclusive), got {level!r}")
    try:
        from scipy.stats import norm
    except ImportError:
        return NormalDist().inv_cdf((1 + level) / 2)
    return float(norm.ppf((1 + level) / 2))


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: value, trial count and standard error.

    ``successes`` is set for proportions, which then get Wilson intervals;
    means get normal intervals.

    >>> e = Estimate(0.25, 10_000, math.sqrt(0.25 * 0.75 / 10_000), successes=2500)
    >>> e
    0.2500, 95% CI [0.2416, 0.2586] (10,000 trials)
    >>> e.contains(0.255)
    True
    """

    value: float
    trials: int
    stderr: float
    successes: int | None = None

    @classmethod
    def proportion(cls, successes: int, trials: int) -> Estimate:
        """Estimate of a probability from a success count.

        >>> Estimate.proportion(30, 100).value
        0.3
        """
        p = successes / trials
        return cls(p, trials, math.sqrt(p * (1 - p) / trials), int(successes))

    @classmethod
    def mean_of(cls, total: float, total_sq: float, trials: int) -> Estimate:
        """Estimate of a mean from the sum and sum of squares of the samples.

        >>> Estimate.mean_of(10.0, 30.0, 4).value
        2.5
        """
        mean = total / trials
        var = max(0.0, total_sq / trials - mean * mean) * trials / max(1, trials - 1)
        return cls(mean, trials, math.sqrt(var / trials))

    def ci(self, level: float = 0.95) -> tuple[float, float]:
        """Confidence interval: Wilson for proportions, normal otherwise.

        >>> lo, hi = Estimate.proportion(0, 100).ci()
        >>> lo, round(hi, 4)
        (0.0, 0.037)
        """
        z = _z(level)
        n = self.trials
        if self.successes is None:
            return self.value - z * self.stderr, self.value + z * self.stderr
        p = self.value
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        lo = 0.0 if self.successes == 0 else max(0.0, centre - half)
        hi = 1.0 if self.successes == n else min(1.0, centre + half)
        return lo, hi

    def contains(self, exact: float | Fraction, level: float = 0.95) -> bool:
        """Whether ``exact`` lies inside the ``level`` confidence interval.

        >>> Estimate.proportion(50, 100).contains(Fraction(1, 2))
        True
        """
        lo, hi = self.ci(level)
        return lo <= float(exact) <= hi

    def __float__(self) -> float:
        return float(self.value)

    def __repr__(self) -> str:
        # The interval is printed as [low, high], never as "value ± half": a Wilson interval
        # is lopsided near 0 and 1, and a symmetric "±" would claim it contains values it
        # does not (0.4000 ± 0.2596 seemed to contain 1/6; its Wilson interval does not).
        lo, hi = self.ci(0.95)
        half = (hi - lo) / 2
        # 4 decimals, more only when the width would otherwise print as 0.0000
        digits = 4 if half <= 0 or half >= 5e-5 else min(10, 1 - math.floor(math.log10(half)))
        return (f"{self.value:.{digits}f}, 95% CI [{lo:.{digits}f}, {hi:.{digits}f}]"
                f" ({self.trials:,} trials)")


class Empirical:
    """An empirical histogram from a simulation: counts per outcome, with estimates.

    >>> h = Empirical({1: 3, 2: 1})
    >>> h.trials, h.estimate(1).value
    (4, 0.75)
    """

    __slots__ = ("_counts", "_trials")

    def __init__(self, counts: dict[Hashable, int]) -> None:
        if not counts or any(c < 0 for c in counts.values()) or sum(counts.values()) == 0:
            raise ValueError(f"counts must be non-negative with a positive total, got {counts!r}")
        self._counts = {o: int(counts[o]) for o in sorted(counts) if counts[o]}
        self._trials = sum(self._counts.values())

    @property
    def trials(self) -> int:
        """Number of simulated trials.

        >>> Empirical({1: 3, 2: 1}).trials
        4
        """
        return self._trials

    @property
    def counts(self) -> dict[Hashable, int]:
        """Outcome -> number of trials that produced it (outcomes sorted).

        >>> Empirical({2: 1, 1: 1}).counts
        {1: 1, 2: 1}
        """
        return dict(self._counts)

    @property
    def outcomes(self) -> tuple:
        """Outcomes seen at least once, sorted.

        >>> Empirical({2: 1, 1: 1, 5: 0}).outcomes
        (1, 2)
        """
        return tuple(self._counts)

    def __iter__(self) -> Iterator:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def estimate(self, outcome: Hashable) -> Estimate:
        """Estimated P(X == outcome).

        >>> Empirical({"a": 1, "b": 3}).estimate("b").value
        0.75
        """
        return Estimate.proportion(self._counts.get(outcome, 0), self._trials)

    __getitem__ = estimate

    def probability(self, event: Callable[[Any], bool]) -> Estimate:
        """Estimated P(event(X)).

        >>> Empirical({1: 1, 2: 1, 3: 2}).probability(lambda x: x >= 2).value
        0.75
        """
        hits = sum(c for o, c in self._counts.items() if event(o))
        return Estimate.proportion(hits, self._trials)

    def at_least(self, k: Any) -> Estimate:
        """Estimated P(X >= k).

        >>> Empirical({1: 1, 2: 1}).at_least(2).value
        0.5
        """
        return self.probability(lambda o: o >= k)

    def at_most(self, k: Any) -> Estimate:
        """Estimated P(X <= k).

        >>> Empirical({1: 1, 2: 3}).at_most(1).value
        0.25
        """
        return self.probability(lambda o: o <= k)

    def mean(self) -> Estimate:
        """Sample mean with its standard error (numeric outcomes).

        >>> Empirical({1: 1, 3: 1}).mean().value
        2.0
        """
        total = sum(float(o) * c for o, c in self._counts.items())
        total_sq = sum(float(o) ** 2 * c for o, c in self._counts.items())
        return Estimate.mean_of(total, total_sq, self._trials)

    def map(self, f: Callable[[Any], Hashable]) -> Empirical:
        """Histogram of f(X), merging outcomes with the same image.

        >>> Empirical({1: 1, 2: 1, 3: 1}).map(lambda x: x % 2).counts
        {0: 1, 1: 2}
        """
        merged: dict = {}
        for o, c in self._counts.items():
            key = f(o)
            merged[key] = merged.get(key, 0) + c
        return Empirical(merged)

    def to_dist(self) -> Dist:
        """The empirical frequencies as an exact :class:`Dist`.

        >>> Empirical({1: 1, 2: 3}).to_dist().pmf(2)
        Fraction(3, 4)
        """
        return Dist._make(self._counts.keys(), self._counts.values())

    def chi_square(self, exact: Dist) -> tuple[float, float]:
        """Pearson goodness of fit against an exact Dist: ``(statistic, p_value)``.

        Outcomes the simulation produced but ``exact`` forbids give p = 0.
        Uses scipy when installed, else the Wilson-Hilferty approximation.

        >>> stat, p = Empirical({0: 48, 1: 52}).chi_square(Dist.uniform([0, 1]))
        >>> round(stat, 2), p > 0.5
        (0.16, True)
        """
        if any(o not in exact for o in self._counts):
            return math.inf, 0.0
        n = self._trials
        stat = 0.0
        for o, p in exact.items():
            expected = n * float(p)
            stat += (self._counts.get(o, 0) - expected) ** 2 / expected
        dof = len(exact) - 1
        if dof == 0:
            return stat, 1.0
        try:
            from scipy.stats import chi2
        except ImportError:
            x = (stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))
            return stat, 1 - NormalDist().cdf(x / math.sqrt(2 / (9 * dof)))
        return stat, float(chi2.sf(stat, dof))

    def __repr__(self) -> str:
        lines = [f"Empirical: {len(self)} outcomes, {self._trials:,} trials"]
        width = max(7, *(len(str(o)) for o in self._counts))
        lines.append(f"{'outcome':>{width}}  {'estimate':>28}")
        for o in self._counts:
            lines.append(f"{str(o):>{width}}  {self.estimate(o)!r}")
        return "\n".join(lines)


# ---------------------------------------------------------------- helpers
def _rng(seed: SeedLike) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None:
        seed = check_int("seed", seed, 0)
    return np.random.Generator(np.random.PCG64(seed))


def _trials(trials: int) -> int:
    return check_int("trials", trials, 1, MAX_TRIALS)


def _chunks(trials: int, per_trial: int) -> Iterator[int]:
    size = max(1, _CHUNK_ELEMENTS // max(1, per_trial))
    done = 0
    while done < trials:
        step = min(size, trials - done)
        yield step
        done += step


def _dice_dtype(sides: int) -> type:
    return np.int8 if sides < 127 else np.int16


def _roll(rng: np.random.Generator, shape: tuple[int, int], sides: int) -> np.ndarray:
    return rng.integers(1, sides + 1, size=shape, dtype=_dice_dtype(sides))


def _histogram(values: Iterable[np.ndarray]) -> Empirical:
    """Merge chunked integer samples into an Empirical histogram."""
    total: np.ndarray | None = None
    lo = None
    for chunk in values:
        c_lo = int(chunk.min())
        counts = np.bincount(chunk - c_lo)
        if total is None:
            total, lo = counts, c_lo
            continue
        new_lo = min(lo, c_lo)
        size = max(lo + len(total), c_lo + len(counts)) - new_lo
        merged = np.zeros(size, dtype=np.int64)
        merged[lo - new_lo : lo - new_lo + len(total)] += total
        merged[c_lo - new_lo : c_lo - new_lo + len(counts)] += counts
        total, lo = merged, new_lo
    assert total is not None and lo is not None
    return Empirical({lo + i: int(c) for i, c in enumerate(total) if c})


def _dice_args(n: int, sides: int, lo: int = 1) -> tuple[int, int]:
    return check_int("dice", n, lo, MAX_DICE), check_int("sides", sides, 1, MAX_SIDES)


# ---------------------------------------------------------------- dice
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


# ---------------------------------------------------------------- bags and decks
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
