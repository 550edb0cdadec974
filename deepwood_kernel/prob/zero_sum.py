"""Exact equilibria of small two-player zero-sum games (matrix games), in Fractions.

A matrix game: the row player picks a row, the column player a column, and the column
player pays the row player the entry. By von Neumann's minimax theorem both have mixed
strategies that guarantee the same *value*. :func:`solve_zero_sum` finds one such pair
exactly by **support enumeration**: for every pair of equal-size row and column supports
(smallest first) it solves the indifference equations with Gaussian elimination over
:class:`fractions.Fraction` and keeps the first pair that no pure strategy can beat.
Every matrix game has an equilibrium whose supports have equal size (an extreme point of
the optimal sets), so the search always succeeds; it is exponential in the size and
meant for games of a few rows and columns, like DungeonQuest's combat cards.

>>> from fractions import Fraction
>>> solve_zero_sum([[1, -1], [-1, 1]])          # matching pennies
ZeroSum(row=[Fraction(1, 2), Fraction(1, 2)], column=[Fraction(1, 2), Fraction(1, 2)], value=Fraction(0, 1))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from numbers import Rational
from typing import NamedTuple, Sequence


class ZeroSum(NamedTuple):
    """An equilibrium of a matrix game: the row player's mix, the column player's mix
    (both lists of Fractions summing to 1) and the value the row player is guaranteed.
    It unpacks as ``row, column, value = solve_zero_sum(a)``.

    >>> row, column, value = solve_zero_sum([[2, 0], [0, 1]])
    >>> row, value
    ([Fraction(1, 3), Fraction(2, 3)], Fraction(2, 3))
    """
    row: list[Fraction]
    column: list[Fraction]
    value: Fraction


def _check(matrix) -> list[list[Fraction]]:
    """The matrix as rows of Fractions, or a TypeError/ValueError saying what is wrong."""
    if isinstance(matrix, (str, bytes)) or not isinstance(matrix, Sequence):
        raise TypeError("the payoff matrix must be a list of rows (lists of int or "
                        f"Fraction), got {type(matrix).__name__}")
    if not matrix:
        raise ValueError("the payoff matrix must have at least one row, got none")
    rows = []
    for i, row in enumerate(matrix):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"row {i} of the payoff matrix must be a list of int or "
                            f"Fraction, got {type(row).__name__}")
        if len(row) != len(matrix[0]) or not row:
            raise ValueError(f"every row of the payoff matrix must have the same positive "
                             f"length: row 0 has {len(matrix[0])} entries, row {i} has "
                             f"{len(row)}")
        for j, x in enumerate(row):
            if isinstance(x, bool) or not isinstance(x, Rational):
                raise TypeError(f"entry [{i}][{j}] of the payoff matrix must be exact (int "
                                f"or Fraction), got {x!r}; convert floats with "
                                "Fraction(str(x)) if you mean the decimal")
        rows.append([Fraction(x) for x in row])
    return rows


def _solve_linear(m: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """The unique solution of the square system ``m x = rhs``, or None if singular."""
    n = len(m)
    m = [list(r) + [v] for r, v in zip(m, rhs)]
    for i in range(n):
        piv = next((r for r in range(i, n) if m[r][i] != 0), None)
        if piv is None:
            return None
        m[i], m[piv] = m[piv], m[i]
        for r in range(n):
            if r != i and m[r][i] != 0:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def solve_zero_sum(matrix: Sequence[Sequence[int | Fraction]]) -> ZeroSum:
    """An exact equilibrium of the zero-sum game ``matrix`` (the row player maximises).

    ``matrix[i][j]`` is what the column player pays the row player when row ``i`` meets
    column ``j``; entries must be exact (int or Fraction). Supports are tried smallest
    first, rows and columns in index order, so a game with several equilibria always gets
    the same one. The value is unique; the mixes are one optimal pair.

    >>> solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]).value   # rock-paper-scissors
    Fraction(0, 1)
    >>> solve_zero_sum([[3, 1], [2, 0]])            # row 0 dominates: a saddle point
    ZeroSum(row=[Fraction(1, 1), Fraction(0, 1)], column=[Fraction(0, 1), Fraction(1, 1)], value=Fraction(1, 1))
    >>> solve_zero_sum([[1, 2], [3]])
    Traceback (most recent call last):
    ...
    ValueError: every row of the payoff matrix must have the same positive length: row 0 has 2 entries, row 1 has 1
    """
    a = _check(matrix)
    rows, cols = len(a), len(a[0])
    for k in range(1, min(rows, cols) + 1):
        for rs in combinations(range(rows), k):
            for cs in combinations(range(cols), k):
                # the row mix p over rs makes every column in cs pay v; sum p = 1
                mp = [[a[r][c] for r in rs] + [Fraction(-1)] for c in cs] + \
                     [[Fraction(1)] * k + [Fraction(0)]]
                sp = _solve_linear(mp, [Fraction(0)] * k + [Fraction(1)])
                mq = [[a[r][c] for c in cs] + [Fraction(-1)] for r in rs] + \
                     [[Fraction(1)] * k + [Fraction(0)]]
                sq = _solve_linear(mq, [Fraction(0)] * k + [Fraction(1)])
                if sp is None or sq is None:
                    continue
                p, v, q = sp[:k], sp[k], sq[:k]
                if min(p) < 0 or min(q) < 0:
                    continue
                pf = [Fraction(0)] * rows
                qf = [Fraction(0)] * cols
                for r, x in zip(rs, p):
                    pf[r] = x
                for c, x in zip(cs, q):
                    qf[c] = x
                # an equilibrium: no column pays the row player less than v, no row more
                if all(sum(pf[r] * a[r][c] for r in range(rows)) >= v for c in range(cols)) \
                        and all(sum(qf[c] * a[r][c] for c in range(cols)) <= v
                                for r in range(rows)):
                    return ZeroSum(pf, qf, v)
    # unreachable: an extreme equilibrium with equal-size supports always exists
    raise ArithmeticError("support enumeration found no equilibrium")
