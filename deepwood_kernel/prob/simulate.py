"""Seeded Monte Carlo beside every exact answer.

Each ``simulate_*`` function (``simulate_dice.py``, ``simulate_bags.py``) asks the same question as its exact counterpart
and answers with an :class:`Estimate` (a probability or mean with standard
error and confidence interval) or an :class:`Empirical` histogram (one
estimate per outcome). Randomness always comes from
``numpy.random.Generator(numpy.random.PCG64(seed))``, never the global RNG;
the same seed gives the same answer, ``seed=None`` gives fresh randomness.
Work is vectorised over ``(trials, dice)`` arrays in chunks.

>>> from deepwood_kernel.prob import simulate_roll_under
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

from ._checks import check_int
from .dice import MAX_DICE, MAX_SIDES
from .dist import Dist

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
