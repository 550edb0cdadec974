"""Every docstring example in deepwood_kernel.prob runs and prints what it claims."""

from __future__ import annotations

import doctest
import importlib

import matplotlib
import pytest

MODULES = ["__init__", "_checks", "bags", "dice", "dist", "keep_aside", "simulate", "simulate_bags",
           "simulate_dice", "zero_sum"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    matplotlib.use("Agg")
    module = importlib.import_module(
        "deepwood_kernel.prob" if name == "__init__" else f"deepwood_kernel.prob.{name}"
    )
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_public_api_is_documented():
    import deepwood_kernel.prob as prob

    for name in prob.__all__:
        obj = getattr(prob, name)
        if callable(obj):
            assert obj.__doc__ and ">>>" in obj.__doc__, name
