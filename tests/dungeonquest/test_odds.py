"""Exact odds helpers (DQ-6.1, DQ-6.3, DQ-7.2, DQ-9.6), checked against counting and a
seeded simulation. The module is imported, not the name ``test_odds`` (pytest would
collect a name starting with ``test_``)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest

from deepwood_kernel.games.dungeonquest import odds
from deepwood_kernel.games.dungeonquest.rules import combat_equilibrium


def test_DQ_6_1_DQ_6_3_test_odds_by_counting():
    """DQ-6.1, DQ-6.3: count the 36 rolls: pass when sum - tokens <= attribute."""
    for attr in range(1, 14):
        for det in range(0, 5):
            n = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b - det <= attr)
            assert odds.test_odds(attr, det) == Fraction(n, 36)
    assert odds.test_odds(7) == Fraction(7, 12)          # why a 7 is (a bit over) a coin flip
    with pytest.raises(ValueError, match="determination"):
        odds.test_odds(7, -1)


def test_DQ_6_1_test_odds_against_a_simulation():
    rng = np.random.Generator(np.random.PCG64(5))
    rolls = rng.integers(1, 7, size=(200_000, 2)).sum(axis=1)
    est = float(np.mean(rolls <= 8))
    assert abs(est - float(odds.test_odds(8))) < 0.005


def test_DQ_7_2_sun_survival_multiplies_the_numbered_spaces():
    """DQ-7.2: from space 15, five more moves cross 16 (1), 18 (1), 20 (2):
    5/6 * 5/6 * 4/6."""
    assert odds.sun_survival(15, 5) == Fraction(5, 6) * Fraction(5, 6) * Fraction(4, 6)
    assert odds.sun_survival(15, 0) == 1
    assert odds.sun_survival(20, 100) == 0
    with pytest.raises(ValueError, match="space must be"):
        odds.sun_survival(0, 1)


def test_DQ_9_6_equilibrium_is_exact_fractions():
    eq = combat_equilibrium()
    assert sum(eq["hero"].values()) == 1 and sum(eq["monster"].values()) == 1
    assert all(isinstance(x, Fraction) for x in eq["monster"].values())
