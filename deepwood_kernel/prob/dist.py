"""Exact finite probability distributions.

:class:`Dist` stores a distribution as sorted outcomes and positive integer
weights over one common denominator, so every probability it reports is an
exact :class:`fractions.Fraction`, while sums and convolutions run on plain
integers (numpy ``int64`` where the numbers provably fit, Python ints
otherwise).

>>> d6 = Dist.uniform(range(1, 7))
>>> (d6 + d6).pmf(7)
Fraction(1, 6)
"""

from __future__ import annotations

import html
import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from numbers import Integral, Rational
from typing import Any

import numpy as np

__all__ = ["Dist"]

# Largest total weight for which dense int64 arithmetic is exact (with headroom).
_INT64_SAFE = 2**62
# A dense convolution is used when the outcome span is at most this many times
# the number of outcomes (plus a constant); sparse dict convolution otherwise.
_DENSE_SLACK = 8
# Rows shown by the text and HTML tables before the middle is elided.
_MAX_ROWS = 40


def _convolve_dense(a: list[int], b: list[int]) -> list[int]:
    """Convolve two integer weight vectors exactly.

    >>> _convolve_dense([1, 1], [1, 1])
    [1, 2, 1]
    """
    if sum(a) * sum(b) < _INT64_SAFE:
        out = np.convolve(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64))
    else:
        out = np.convolve(np.asarray(a, dtype=object), np.asarray(b, dtype=object))
    return [int(x) for x in out]


def _check_weight(outcome: Any, weight: Any) -> Rational:
    if isinstance(weight, bool) or not isinstance(weight, Rational):
        raise ValueError(
            f"weights must be ints or Fractions (exact numbers), got {weight!r} "
            f"({type(weight).__name__}) for outcome {outcome!r}; "
            "use Fraction('0.25') instead of 0.25"
        )
    if weight < 0:
        raise ValueError(f"weights must be >= 0, got {weight} for outcome {outcome!r}")
    return int(weight) if isinstance(weight, Integral) else Fraction(weight)


class Dist:
    """An immutable exact distribution over hashable, sortable outcomes.

    Build it from a mapping ``outcome -> weight`` where weights are ints or
    Fractions; weights are normalised, zero weights are dropped, and negative
    or all-zero weights are rejected.

    >>> coin = Dist({"heads": 1, "tails": 1})
    >>> coin.pmf("heads")
    Fraction(1, 2)
    >>> Dist({1: Fraction(1, 3), 2: Fraction(2, 3)}).mean()
    Fraction(5, 3)
    """

    __slots__ = ("_outcomes", "_weights", "_total", "_cum", "_hash")

    _outcomes: tuple
    _weights: tuple[int, ...]
    _total: int

    def __init__(self, weights: Mapping[Hashable, int | Fraction]) -> None:
        if isinstance(weights, Dist):
            outcomes, ints = weights._outcomes, weights._weights
        else:
            if not isinstance(weights, Mapping):
                raise ValueError(
                    "Dist needs a mapping outcome -> weight, "
                    f"got {type(weights).__name__}; use Dist.uniform(...) for a list of outcomes"
                )
            checked = {o: _check_weight(o, w) for o, w in weights.items()}
            checked = {o: w for o, w in checked.items() if w != 0}
            if not checked:
                raise ValueError("a Dist needs at least one outcome with positive weight, got none")
            try:
                outcomes = tuple(sorted(checked))
            except TypeError as exc:
                raise ValueError(
                    f"outcomes must be mutually comparable so they can be sorted: {exc}"
                ) from None
            denominator = math.lcm(*(int(w.denominator) for w in checked.values()))
            ints = tuple(
                int(checked[o].numerator) * (denominator // int(checked[o].denominator))
                for o in outcomes
            )
        self._init(outcomes, ints)

    def _init(self, outcomes: tuple, weights: tuple[int, ...]) -> None:
        g = math.gcd(*weights)
        if g > 1:
            weights = tuple(w // g for w in weights)
        self._outcomes = outcomes
        self._weights = weights
        self._total = sum(weights)
        self._cum = None
        self._hash = None

    @classmethod
    def _make(cls, outcomes: Iterable, weights: Iterable[int]) -> Dist:
        """Trusted fast constructor: outcomes sorted and distinct, weights ints > 0."""
        self = object.__new__(cls)
        self._init(tuple(outcomes), tuple(int(w) for w in weights))
        return self

    @classmethod
    def _from_pairs(cls, pairs: Iterable[tuple[Hashable, int]]) -> Dist:
        """Trusted constructor from (outcome, int weight) pairs; merges, sorts, drops zeros."""
        acc: dict = {}
        for o, w in pairs:
            acc[o] = acc.get(o, 0) + w
        acc = {o: w for o, w in acc.items() if w}
        if not acc:
            raise ValueError("a Dist needs at least one outcome with positive weight, got none")
        try:
            outcomes = sorted(acc)
        except TypeError as exc:
            raise ValueError(
                f"outcomes must be mutually comparable so they can be sorted: {exc}"
            ) from None
        return cls._make(outcomes, (acc[o] for o in outcomes))

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely; repeats add weight.

        >>> Dist.uniform([1, 2, 2]).pmf(2)
        Fraction(2, 3)
        """
        return cls._from_pairs((o, 1) for o in outcomes)

    @classmethod
    def mixture(cls, components: Iterable[tuple[Dist, int | Fraction]]) -> Dist:
        """Pick a component with probability proportional to its weight, then sample it.

        >>> coin = Dist.uniform([0, 1])
        >>> Dist.mixture([(coin, 1), (Dist({1: 1}), 1)]).pmf(1)
        Fraction(3, 4)
        """
        parts = list(components)
        if not parts:
            raise ValueError("mixture needs at least one (dist, weight) pair, got none")
        acc: dict = {}
        for i, part in enumerate(parts):
            if not (isinstance(part, tuple) and len(part) == 2 and isinstance(part[0], Dist)):
                raise ValueError(
                    f"mixture items must be (Dist, weight) pairs, item {i} is {part!r}"
                )
            dist, weight = part
            weight = Fraction(_check_weight(f"component {i}", weight))
            if weight == 0:
                continue
            for o, w in zip(dist._outcomes, dist._weights):
                acc[o] = acc.get(o, 0) + weight * Fraction(w, dist._total)
        return cls(acc)

    @classmethod
    def from_icepool(cls, die: Any) -> Dist:
        """Convert an ``icepool.Die`` (needs icepool installed).

        >>> import icepool
        >>> Dist.from_icepool(icepool.d6).pmf(3)
        Fraction(1, 6)
        """
        icepool = _import_icepool()
        if not isinstance(die, icepool.Die):
            raise ValueError(f"from_icepool needs an icepool.Die, got {type(die).__name__}")
        return cls._from_pairs((o, int(q)) for o, q in die.items())

    def to_icepool(self) -> Any:
        """Convert to an ``icepool.Die`` with the same (integer) quantities.

        >>> Dist.uniform(range(1, 7)).to_icepool().probability(3)
        Fraction(1, 6)
        """
        icepool = _import_icepool()
        return icepool.Die(dict(zip(self._outcomes, self._weights)))

    # ------------------------------------------------------------------ views
    @property
    def outcomes(self) -> tuple:
        """Outcomes with positive probability, sorted.

        >>> Dist({2: 1, 1: 1}).outcomes
        (1, 2)
        """
        return self._outcomes

    @property
    def weights(self) -> tuple[int, ...]:
        """Integer weights (lowest terms) over :attr:`denominator`, aligned with outcomes.

        >>> Dist({1: 2, 2: 4}).weights
        (1, 2)
        """
        return self._weights

    @property
    def denominator(self) -> int:
        """The common denominator: ``sum(weights)``.

        >>> Dist.uniform(range(6)).denominator
        6
        """
        return self._total

    @property
    def probs(self) -> tuple[Fraction, ...]:
        """Exact probabilities aligned with :attr:`outcomes`.

        >>> Dist({0: 1, 1: 3}).probs
        (Fraction(1, 4), Fraction(3, 4))
        """
        return tuple(Fraction(w, self._total) for w in self._weights)

    def items(self) -> Iterator[tuple[Hashable, Fraction]]:
        """Iterate ``(outcome, probability)`` pairs in outcome order.

        >>> list(Dist({0: 1, 1: 1}).items())
        [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
        """
        return zip(self._outcomes, self.probs)

    def __len__(self) -> int:
        return len(self._outcomes)

    def __iter__(self) -> Iterator:
        return iter(self._outcomes)

    def __contains__(self, outcome: object) -> bool:
        return self._index(outcome) is not None

    def _index(self, outcome: object) -> int | None:
        try:
            i = bisect_left(self._outcomes, outcome)
        except TypeError:
            return None
        if i < len(self._outcomes) and self._outcomes[i] == outcome:
            return i
        return None

    def pmf(self, outcome: Hashable) -> Fraction:
        """P(X == outcome); 0 for outcomes that cannot happen.

        >>> Dist.uniform(range(1, 7)).pmf(7)
        Fraction(0, 1)
        """
        i = self._index(outcome)
        return Fraction(0) if i is None else Fraction(self._weights[i], self._total)

    def to_floats(self) -> tuple[np.ndarray, np.ndarray]:
        """Fast float view: ``(outcomes, probabilities)`` as numpy arrays.

        >>> xs, ps = Dist.uniform([1, 2]).to_floats()
        >>> xs.tolist(), ps.tolist()
        ([1, 2], [0.5, 0.5])
        """
        if all(isinstance(o, (int, float)) and not isinstance(o, bool) for o in self._outcomes):
            xs = np.asarray(self._outcomes)
        else:
            xs = np.empty(len(self._outcomes), dtype=object)
            xs[:] = self._outcomes
        if self._total < 2**53:
            ps = np.asarray(self._weights, dtype=np.float64) / self._total
        else:
            ps = np.asarray([w / self._total for w in self._weights], dtype=np.float64)
        return xs, ps

    # ------------------------------------------------------------- moments
    def mean(self) -> Fraction:
        """Exact expected value (numeric outcomes).

        >>> Dist.uniform(range(1, 7)).mean()
        Fraction(7, 2)
        """
        self._require_numeric("mean")
        return Fraction(sum(o * w for o, w in zip(self._outcomes, self._weights))) / self._total

    def variance(self) -> Fraction:
        """Exact variance (numeric outcomes).

        >>> Dist.uniform(range(1, 7)).variance()
        Fraction(35, 12)
        """
        self._require_numeric("variance")
        m = self.mean()
        return (
            sum((Fraction(o) - m) ** 2 * w for o, w in zip(self._outcomes, self._weights))
            / self._total
        )

    def _require_numeric(self, what: str) -> None:
        for o in self._outcomes:
            if isinstance(o, bool) or not isinstance(o, (Rational, float)):
                raise ValueError(f"{what}() needs numeric outcomes, got {o!r}")

    # ------------------------------------------------------------ cumulative
    def _cumulative(self) -> tuple[int, ...]:
        if self._cum is None:
            cum = [0]
            for w in self._weights:
                cum.append(cum[-1] + w)
            self._cum = tuple(cum)
        return self._cum

    def _weight_below(self, x: Any, inclusive: bool) -> int:
        try:
            i = (bisect_right if inclusive else bisect_left)(self._outcomes, x)
        except TypeError:
            raise ValueError(
                f"cannot compare {x!r} with outcomes like {self._outcomes[0]!r}"
            ) from None
        return self._cumulative()[i]

    def cdf(self, x: Any) -> Fraction:
        """P(X <= x).

        >>> Dist.uniform(range(1, 7)).cdf(2)
        Fraction(1, 3)
        """
        return Fraction(self._weight_below(x, True), self._total)

    def sf(self, x: Any) -> Fraction:
        """Survival function P(X > x).

        >>> Dist.uniform(range(1, 7)).sf(4)
        Fraction(1, 3)
        """
        return Fraction(self._total - self._weight_below(x, True), self._total)

    def at_most(self, k: Any) -> Fraction:
        """P(X <= k), same as :meth:`cdf`.

        >>> Dist.uniform(range(1, 7)).at_most(3)
        Fraction(1, 2)
        """
        return self.cdf(k)

    def at_least(self, k: Any) -> Fraction:
        """P(X >= k).

        >>> Dist.uniform(range(1, 7)).at_least(5)
        Fraction(1, 3)
        """
        return Fraction(self._total - self._weight_below(k, False), self._total)

    def between(self, a: Any, b: Any) -> Fraction:
        """P(a <= X <= b), both ends included.

        >>> Dist.uniform(range(1, 7)).between(2, 3)
        Fraction(1, 3)
        """
        try:
            if b < a:
                raise ValueError(f"between(a, b) needs a <= b, got a={a!r}, b={b!r}")
        except TypeError:
            raise ValueError(f"between() bounds must be comparable, got {a!r} and {b!r}") from None
        return Fraction(self._weight_below(b, True) - self._weight_below(a, False), self._total)

    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event(X)) for a predicate on outcomes.

        >>> Dist.uniform(range(1, 7)).probability(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        hit = sum(w for o, w in zip(self._outcomes, self._weights) if event(o))
        return Fraction(hit, self._total)

    # ------------------------------------------------------------ transforms
    def _int_outcomes(self) -> bool:
        return all(type(o) is int for o in self._outcomes)

    def __add__(self, other: Dist | int) -> Dist:
        """Sum of independent variables (convolution), or shift by a number.

        >>> d2 = Dist.uniform([1, 2])
        >>> (d2 + d2).weights
        (1, 2, 1)
        >>> (d2 + 10).outcomes
        (11, 12)
        """
        if isinstance(other, Dist):
            return self._convolve(other)
        if isinstance(other, bool) or not isinstance(other, (Rational, float)):
            return NotImplemented
        return Dist._make((o + other for o in self._outcomes), self._weights)

    def __radd__(self, other: Any) -> Dist:
        if isinstance(other, bool) or not isinstance(other, (Rational, float)):
            return NotImplemented
        return self + other

    def __neg__(self) -> Dist:
        """Distribution of -X.

        >>> (-Dist.uniform([1, 2])).outcomes
        (-2, -1)
        """
        return Dist._make((-o for o in reversed(self._outcomes)), reversed(self._weights))

    def __sub__(self, other: Dist | int) -> Dist:
        """X - Y for independent Dists, or a shift down by a number.

        >>> (Dist.uniform([1, 2]) - Dist.uniform([1, 2])).pmf(0)
        Fraction(1, 2)
        """
        if isinstance(other, Dist):
            return self._convolve(-other)
        if isinstance(other, bool) or not isinstance(other, (Rational, float)):
            return NotImplemented
        return self + (-other)

    def _convolve(self, other: Dist) -> Dist:
        a, b = self, other
        if a._int_outcomes() and b._int_outcomes():
            span_a = a._outcomes[-1] - a._outcomes[0]
            span_b = b._outcomes[-1] - b._outcomes[0]
            if span_a <= _DENSE_SLACK * len(a) + 64 and span_b <= _DENSE_SLACK * len(b) + 64:
                dense_a = a._dense()
                dense_b = b._dense()
                lo = a._outcomes[0] + b._outcomes[0]
                out = _convolve_dense(dense_a, dense_b)
                return Dist._make((lo + i for i, w in enumerate(out) if w), (w for w in out if w))
        return Dist._from_pairs(
            (x + y, w * v)
            for x, w in zip(a._outcomes, a._weights)
            for y, v in zip(b._outcomes, b._weights)
        )

    def _dense(self) -> list[int]:
        lo = self._outcomes[0]
        dense = [0] * (self._outcomes[-1] - lo + 1)
        for o, w in zip(self._outcomes, self._weights):
            dense[o - lo] = w
        return dense

    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """Distribution of f(X); outcomes mapping to the same value merge.

        >>> Dist.uniform(range(1, 7)).map(lambda x: x >= 5).pmf(True)
        Fraction(1, 3)
        """
        return Dist._from_pairs((f(o), w) for o, w in zip(self._outcomes, self._weights))

    def condition(self, predicate: Callable[[Any], bool]) -> Dist:
        """Distribution of X given predicate(X); ValueError if that has probability 0.

        >>> Dist.uniform(range(1, 7)).condition(lambda x: x > 4).pmf(6)
        Fraction(1, 2)
        """
        kept = [(o, w) for o, w in zip(self._outcomes, self._weights) if predicate(o)]
        if not kept:
            raise ValueError(
                "cannot condition on an event of probability 0 (no outcome satisfies it)"
            )
        return Dist._make((o for o, _ in kept), (w for _, w in kept))

    # ------------------------------------------------------------ equality
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._outcomes == other._outcomes and self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._outcomes, self._weights))
        return self._hash

    def __reduce__(self):
        return (Dist, (dict(zip(self._outcomes, self._weights)),))

    # ------------------------------------------------------------ display
    def _rows(self) -> list[tuple[str, str, float] | None]:
        rows: list[tuple[str, str, float] | None] = []
        n = len(self._outcomes)
        shown = (
            range(n)
            if n <= _MAX_ROWS
            else [*range(_MAX_ROWS // 2), -1, *range(n - _MAX_ROWS // 2, n)]
        )
        for i in shown:
            if i < 0:
                rows.append(None)
                continue
            p = Fraction(self._weights[i], self._total)
            rows.append((str(self._outcomes[i]), str(p), float(p)))
        return rows

    def __str__(self) -> str:
        """A text table of outcomes, exact fractions, percents and bars.

        >>> print(Dist({0: 1, 1: 3}))
        Dist: 2 outcomes, denominator 4
        outcome  probability        %
              0          1/4   25.00%  ##########
              1          3/4   75.00%  ##############################
        """
        rows = self._rows()
        real = [r for r in rows if r is not None]
        w_out = max(7, *(len(r[0]) for r in real))
        w_frac = max(11, *(len(r[1]) for r in real))
        peak = max(r[2] for r in real)
        lines = [
            f"Dist: {len(self)} outcome{'s' if len(self) != 1 else ''}, denominator {self._total}",
            f"{'outcome':>{w_out}}  {'probability':>{w_frac}}  {'%':>7}",
        ]
        for r in rows:
            if r is None:
                lines.append(f"{'...':>{w_out}}")
                continue
            bar = "#" * max(1 if r[2] > 0 else 0, round(30 * r[2] / peak))
            lines.append(f"{r[0]:>{w_out}}  {r[1]:>{w_frac}}  {100 * r[2]:>6.2f}%  {bar}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        """An HTML table for Jupyter, with inline bars.

        >>> "<table" in Dist.uniform([1, 2])._repr_html_()
        True
        """
        rows = self._rows()
        peak = max(r[2] for r in rows if r is not None)
        body = []
        for r in rows:
            if r is None:
                body.append('<tr><td colspan="4" style="text-align:center">&hellip;</td></tr>')
                continue
            width = 100 * r[2] / peak
            body.append(
                "<tr>"
                f'<td style="text-align:right">{html.escape(r[0])}</td>'
                f'<td style="text-align:right">{html.escape(r[1])}</td>'
                f'<td style="text-align:right">{100 * r[2]:.2f}%</td>'
                f'<td style="min-width:8em"><div style="background:#4c78a8;height:0.8em;'
                f'width:{width:.1f}%"></div></td>'
                "</tr>"
            )
        return (
            '<table class="deepwood-dist">'
            f"<caption>Dist: {len(self)} outcomes, denominator {self._total}</caption>"
            "<thead><tr><th>outcome</th><th>probability</th><th>%</th><th></th></tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>"
        )

    def plot(self, ax: Any = None, **bar_kwargs: Any) -> Any:
        """Bar chart of the distribution with matplotlib; returns the Axes.

        >>> import matplotlib; matplotlib.use("Agg")
        >>> ax = Dist.uniform(range(1, 7)).plot()
        >>> len(ax.patches)
        6
        """
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots()
        _, ps = self.to_floats()
        numeric = all(
            isinstance(o, (int, float)) and not isinstance(o, bool) for o in self._outcomes
        )
        xs = list(self._outcomes) if numeric else [str(o) for o in self._outcomes]
        ax.bar(xs, ps, **bar_kwargs)
        ax.set_ylabel("probability")
        ax.set_xlabel("outcome")
        return ax


def _import_icepool() -> Any:
    try:
        import icepool
    except ImportError:
        raise ImportError(
            "this needs the optional package 'icepool' (pip install icepool)"
        ) from None
    return icepool
