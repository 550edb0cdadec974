"""The game's own random number generator and exact sampling from integer weights."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

import numpy as np


def make_rng(seed: int) -> np.random.Generator:
    """A ``numpy.random.Generator(PCG64(seed))``: the only source of randomness of a game."""
    return np.random.Generator(np.random.PCG64(seed))


def sample_index(rng: np.random.Generator, weights: list[int]) -> int:
    """Pick an index with probability ``weights[i] / sum(weights)``, exactly.

    One integer draw below the total weight, then a binary search in the cumulative
    weights (the first index whose running total exceeds the draw): no floating point, so
    the same seed picks the same outcome on every machine.

    >>> sample_index(make_rng(1), [1, 0, 3])
    2
    """
    cumulative = list(accumulate(weights))
    r = int(rng.integers(cumulative[-1]))
    return bisect_right(cumulative, r)
