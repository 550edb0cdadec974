"""The examples in the widget modules' docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import widgets
import widgets.base
import widgets.deepwood_board


@pytest.mark.parametrize("module", [widgets, widgets.base, widgets.deepwood_board],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module is not widgets.base:
        assert result.attempted > 0
