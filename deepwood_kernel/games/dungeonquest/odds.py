"""Exact odds of DungeonQuest's dice, built on the probability lab (``deepwood_kernel.prob``).

>>> test_odds(7)                  # a 7 or less on 2d6: 21 of 36 rolls
Fraction(7, 12)
>>> test_odds(7, determination=2) # two tokens after the roll turn a 9 into a 7
Fraction(5, 6)
>>> sun_survival(15, 1)           # space 16 is marked 1: the sun sets on a 1
Fraction(5, 6)
>>> sun_survival(27, 1)           # space 28 is marked 6: it always sets
Fraction(0, 1)
"""

from __future__ import annotations

from fractions import Fraction

from ...prob import die, roll_under_chance
from .content import Content, load_content


def test_odds(attribute: int, determination: int = 0) -> Fraction:
    """DQ-6.1, DQ-6.3: the chance to pass an attribute test (2d6 at or under the
    attribute) when up to ``determination`` tokens may be spent after the roll, each
    lowering the sum by 1."""
    if not isinstance(attribute, int) or isinstance(attribute, bool):
        raise ValueError(f"attribute must be a whole number, got {attribute!r}")
    if not isinstance(determination, int) or isinstance(determination, bool) \
            or determination < 0:
        raise ValueError(f"determination must be a whole number >= 0, got {determination!r}")
    return roll_under_chance(attribute, determination)


test_odds.__test__ = False          # pytest: a helper, not a test


def sun_survival(space: int, turns: int, content: Content | None = None) -> Fraction:
    """DQ-7.2: the chance that the sun is still up after ``turns`` more moves of the sun
    marker, which now stands on ``space`` (each move onto a numbered space rolls a die;
    at or under the number the sun sets)."""
    c = content or load_content()
    if not isinstance(space, int) or not 1 <= space <= c.sun_length:
        raise ValueError(f"space must be 1..{c.sun_length}, got {space!r}")
    if not isinstance(turns, int) or turns < 0:
        raise ValueError(f"turns must be a whole number >= 0, got {turns!r}")
    p = Fraction(1)
    d6 = die(6)
    for k in range(space + 1, min(space + turns, c.sun_length) + 1):
        num = c.sun_numbers.get(k)
        if num:
            p *= d6.at_least(num + 1)
    return p
