"""solve_zero_sum: exact equilibria of matrix games, checked against known games and
against scipy's linear-programming solver on many seeded random matrices."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from deepwood_kernel.prob import ZeroSum, solve_zero_sum
from deepwood_kernel.prob.zero_sum import _solve_linear

F = Fraction


def _is_equilibrium(a, sol: ZeroSum) -> bool:
    rows, cols = len(a), len(a[0])
    p, q, v = sol
    return (sum(p) == 1 and sum(q) == 1 and min(p) >= 0 and min(q) >= 0
            and all(sum(p[i] * a[i][j] for i in range(rows)) >= v for j in range(cols))
            and all(sum(q[j] * a[i][j] for j in range(cols)) <= v for i in range(rows)))


# ------------------------------------------------------------------ known small games
def test_matching_pennies():
    assert solve_zero_sum([[1, -1], [-1, 1]]) == ZeroSum([F(1, 2)] * 2, [F(1, 2)] * 2, F(0))


def test_rock_paper_scissors():
    rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    assert solve_zero_sum(rps) == ZeroSum([F(1, 3)] * 3, [F(1, 3)] * 3, F(0))


def test_a_dominated_strategy_is_never_played():
    # row 2 is dominated by row 0 (every entry lower); the rest is a 2x2 game
    # [[3, -1], [-2, 1]]: p = (3/7, 4/7), q = (2/7, 5/7), value 1/7
    a = [[3, -1], [-2, 1], [2, -3]]
    assert solve_zero_sum(a) == ZeroSum([F(3, 7), F(4, 7), F(0)], [F(2, 7), F(5, 7)], F(1, 7))


def test_saddle_point_and_one_by_one():
    assert solve_zero_sum([[4, 2], [3, 1]]) == ZeroSum([F(1), F(0)], [F(0), F(1)], F(2))
    assert solve_zero_sum([[F(-5, 3)]]) == ZeroSum([F(1)], [F(1)], F(-5, 3))


def test_dungeonquest_combat_table_value():
    """DQ-9.6's duel (designed table): the value 2/9 per round the lesson quotes."""
    from deepwood_kernel.games.dungeonquest import combat_equilibrium
    assert combat_equilibrium()["value"] == F(2, 9)


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("bad, error, words", [
    ([], ValueError, "at least one row"),
    ([[]], ValueError, "same positive length"),
    ([[1, 2], [3]], ValueError, "row 1 has 1"),
    ([[1.5, 2]], TypeError, "must be exact"),
    ([[True, 0]], TypeError, "must be exact"),
    ("12", TypeError, "list of rows"),
    ([5], TypeError, "row 0"),
])
def test_bad_matrices_raise_typed_errors(bad, error, words):
    with pytest.raises(error, match=words):
        solve_zero_sum(bad)


# ------------------------------------------------------------------ against linprog
def _lp(a: np.ndarray):
    """The row player's LP: maximise v with p^T A >= v (every column), sum p = 1, p >= 0.
    Returns the result, p and the column player's q (the duals of the column rows)."""
    m, n = a.shape
    c = np.zeros(m + 1)
    c[-1] = -1.0                                              # minimise -v
    a_ub = np.hstack([-a.T, np.ones((n, 1))])                 # v - p.A[:, j] <= 0
    a_eq = np.hstack([np.ones((1, m)), np.zeros((1, 1))])
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs")
    return res, res.x[:m], -res.ineqlin.marginals


def _exact_unique(a, rs, cs):
    """Solve the indifference equations on supports (rs, cs) exactly; return (p, q, v)
    if they give a *strictly complementary* equilibrium (every row outside rs earns less
    than v, every column outside cs pays more), which makes the optimal strategies
    unique; else None."""
    k = len(rs)
    mp = [[a[r][c] for r in rs] + [F(-1)] for c in cs] + [[F(1)] * k + [F(0)]]
    mq = [[a[r][c] for c in cs] + [F(-1)] for r in rs] + [[F(1)] * k + [F(0)]]
    sp = _solve_linear(mp, [F(0)] * k + [F(1)])
    sq = _solve_linear(mq, [F(0)] * k + [F(1)])
    if sp is None or sq is None or min(sp[:k]) <= 0 or min(sq[:k]) <= 0:
        return None
    rows, cols = len(a), len(a[0])
    p, q = [F(0)] * rows, [F(0)] * cols
    for r, x in zip(rs, sp):
        p[r] = x
    for c, x in zip(cs, sq):
        q[c] = x
    v = sp[k]
    if any(sum(q[c] * a[r][c] for c in range(cols)) >= v for r in range(rows) if r not in rs):
        return None
    if any(sum(p[r] * a[r][c] for r in range(rows)) <= v for c in range(cols) if c not in cs):
        return None
    return p, q, v


def test_against_linprog_on_random_matrices():
    """400 seeded random integer games, 1x1 to 5x5, entries -6..6.

    Every game: our value matches the LP's within 1e-9 and our mixes are an exact
    equilibrium (the value of a zero-sum game is unique, even when the strategies are
    not). Where the LP is non-degenerate we compare exactly. Degeneracy is detected from
    the LP's own answer: it must report success, its row mix and its column mix (the
    duals) must have supports of the same size (a degenerate basic solution has a zero
    basic variable, so the supports differ), and the indifference equations on those
    supports, solved in Fractions, must give a strictly complementary equilibrium, which
    is then the *unique* pair of optimal strategies. Then our mixes and value must equal
    it exactly, and the LP's floats must be within 1e-9 of it."""
    rng = np.random.default_rng(20261126)
    exact = 0
    for _ in range(400):
        m, n = (int(x) for x in rng.integers(1, 6, size=2))
        arr = rng.integers(-6, 7, size=(m, n))
        a = [[F(int(x)) for x in row] for row in arr]
        ours = solve_zero_sum(a)
        assert _is_equilibrium(a, ours), arr
        res, p_lp, q_lp = _lp(arr.astype(float))
        assert res.status == 0, res.message
        assert abs(float(ours.value) - (-res.fun)) < 1e-9, arr
        rs = [i for i in range(m) if p_lp[i] > 1e-9]
        cs = [j for j in range(n) if q_lp[j] > 1e-9]
        if len(rs) != len(cs):
            continue                                   # degenerate basis: value only
        unique = _exact_unique(a, rs, cs)
        if unique is None:
            continue                                   # not strictly complementary
        p, q, v = unique
        assert ours == ZeroSum(p, q, v), arr
        assert np.allclose(p_lp, [float(x) for x in p], atol=1e-9)
        assert np.allclose(q_lp, [float(x) for x in q], atol=1e-9)
        exact += 1
    # most random games are non-degenerate: the exact comparison is the common case
    assert exact >= 250, exact
