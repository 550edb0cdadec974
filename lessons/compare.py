"""Exact value beside simulation: the narrow tables every lesson prints.

Every probability claim in a lesson shows the exact value (a fraction from
``deepwood_kernel.prob``) and a seeded simulation with its 95% confidence interval. An
interval catches the exact value about 19 times in 20, so a table also says, honestly,
which rows miss and how many did. Lines stay under 90 characters so a table reads on a
phone, a projector and GitHub without wrapping.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from deepwood_kernel.prob import Estimate

Z95 = 1.959963984540054        # the 97.5% point of the standard normal distribution


def frac(p) -> str:
    """A fraction as a student writes it: ``5/36``, ``1``, ``0``."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def pct_frac(p) -> str:
    """``5/36 = 13.89%``: the exact fraction and its percentage."""
    return f"{frac(p)} = {float(p):.2%}"


def _short(p) -> str:
    # a fraction too long for its column (optimal play over 6 dice has 12-digit
    # denominators) shows as "≈": the percentage beside it is still exact to 2 places
    text = frac(p)
    return text if len(text) <= 11 else "≈"


def _row(label: str, exact, est: Estimate, width: int) -> tuple[str, bool]:
    lo, hi = est.ci()
    inside = lo <= float(exact) <= hi
    text = (f"{label:<{width}} {_short(exact):>11} {float(exact):7.2%} | {est.value:7.2%}"
            f"  [{lo:6.2%}, {hi:6.2%}]  {'yes' if inside else 'MISS'}")
    return text, inside


def _header(width: int, trials: str) -> str:
    return (f"{'':<{width}} {'exact':>19} | {'simulated':>9}  {'95% CI':^18}  in CI?"
            + (f"\n{'':<{width}} {'':>19} | {trials}" if trials else ""))


def show(label: str, exact, est: Estimate) -> None:
    """Print one row, exact beside simulated with its 95% interval, and whether
    whether the interval contains the exact value ("MISS" when it does not).

    >>> show("face 1", Fraction(1, 6), Estimate.proportion(1000, 6000))
    face 1                           1/6  16.67% |  16.67%  [15.75%, 17.63%]  yes
    """
    print(_row(label, exact, est, max(24, len(label)))[0])


def table(rows, title: str | None = None) -> None:
    """Print rows ``(label, exact, estimate)`` under a header, then count honestly how
    many intervals contain the exact value.

    >>> table([("face 1", Fraction(1, 6), Estimate.proportion(1000, 6000))])
                                     exact | simulated        95% CI        in CI?
                                           | 6,000 trials each
    face 1                     1/6  16.67% |  16.67%  [15.75%, 17.63%]  yes
    1 of 1 intervals contain the exact value.
    """
    rows = list(rows)
    width = max([18] + [len(r[0]) for r in rows])
    trials = {r[2].trials for r in rows}
    note = f"{trials.pop():,} trials each" if len(trials) == 1 else ""
    if title:
        print(title)
    print(_header(width, note))
    misses = 0
    for label, exact, est in rows:
        text, inside = _row(label, exact, est, width)
        print(text)
        misses += not inside
    n = len(rows)
    print(f"{n - misses} of {n} intervals contain the exact value."
          + ("" if not misses else " A miss is expected about 1 time in 20."))


def wilson(successes, n, z: float = Z95):
    """Wilson 95% intervals for arrays of success counts out of ``n`` (the interval
    :meth:`Estimate.ci` uses), as two arrays ``(low, high)``."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return np.maximum(0, centre - half), np.minimum(1, centre + half)


def interval_plot(ax, estimates, exact, label: str = "P"):
    """Draw many 95% intervals (one per simulated "class") as vertical bars around the
    exact value: the ones that miss it in red. Returns the number of misses."""
    exact = float(exact)
    misses = 0
    for i, est in enumerate(estimates):
        lo, hi = est.ci()
        miss = not lo <= exact <= hi
        misses += miss
        ax.plot([i, i], [lo, hi], color="#d7301f" if miss else "#3182bd", lw=2.2 if miss else 1.4)
        ax.plot(i, est.value, "o", ms=3, color="#d7301f" if miss else "#08519c")
    ax.axhline(exact, color="k", ls="--", lw=1, label=f"exact {label}")
    ax.set_xlabel("experiment")
    ax.set_ylabel("95% confidence interval")
    return misses


def mean_estimate(values) -> Estimate:
    """The mean of simulated values as an :class:`Estimate` with its 95% interval.

    >>> lo, hi = mean_estimate([1, 2, 3, 4]).ci()
    >>> round(lo, 2), round(hi, 2)
    (1.23, 3.77)
    """
    v = np.asarray(values, dtype=float)
    return Estimate.mean_of(float(v.sum()), float((v * v).sum()), len(v))
