"""The examples in the widget modules' docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import widgets
import widgets.boards.adventureland
import widgets.boards.clank
import widgets.boards.deepwood
import widgets.boards.dungeondraw
import widgets.boards.dungeonquest
import widgets.boards.pig
import widgets.labs.common
import widgets.labs.dice
import widgets.shell


@pytest.mark.parametrize("module", [widgets, widgets.shell, widgets.boards.deepwood,
                                    widgets.boards.clank, widgets.boards.dungeonquest,
                                    widgets.boards.adventureland, widgets.boards.dungeondraw,
                                    widgets.boards.pig,
                                    widgets.labs.common, widgets.labs.dice],
                         ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module is not widgets.shell:
        assert result.attempted > 0
