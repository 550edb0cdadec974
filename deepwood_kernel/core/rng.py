"""The game's own random number generator and exact sampling from integer weights."""

from __future__ import annotations

import numpy as np


def make_rng(seed: int) -> np.random.Generator:
    """A ``numpy.random.Generator(PCG64(seed))``: the only source of randomness of a game."""
    return np.random.Generator(np.random.PCG64(seed))


def sample_index(rng: np.random.Generator, weights: list[int]) -> int:
    """Pick an index with probability ``weights[i] / sum(weights)``, exactly.

    One integer draw below the total weight, then a walk along the cumulative weights: no
    floating point, so the same seed picks the same outcome on every machine.
    """
    total = sum(weights)
    r = int(rng.integers(total))
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    raise AssertionError("unreachable: r < total")
