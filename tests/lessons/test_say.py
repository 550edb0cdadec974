"""lessons.say: computed figures reach the prose through the code (issue 24)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

import importlib
from lessons import say
from tests.lessons import test_typed_figures as typed


def test_doctests():
    say_module = importlib.import_module("lessons.say")
    assert doctest.testmod(say_module).failed == 0
    assert doctest.testmod(typed).failed == 0


def test_say_fills_in_the_figures_and_shows_them_as_markdown_and_text():
    out = say("passes {p} = {p:.1%}; {pp:.2f} points", p=Fraction(7, 12), pp=5.6893)
    assert out.data == "passes 7/12 = 58.3%; 5.69 points"
    assert out._repr_markdown_() == out.data
    assert repr(out) == out.data


def test_say_names_a_missing_figure():
    with pytest.raises(KeyError, match=r"names \{q\}.*passed: p"):
        say("{q}", p=1)


def test_typed_figure_checker_flags_figures_the_output_does_not_show():
    # typed beside an output that shows other numbers, as playtest 1 typed a bigger run's
    # figures under a table of 120 games
    printed = "3 dice against strength 15  51.54%"
    for fig in typed.typed_figures("drops from 41.7% to 29.5%; 4 dice: 46%"):
        assert not typed.is_printed(fig, printed), fig
