"""Rock-monster fight odds (Felsmonster, DW-6.x) on the probability lab's keep-aside solver.

A fight: announce a strength, roll up to 3 times, setting dice aside after the 1st and 2nd
roll, then add one pip per bonus resource paid. ``fight_odds`` is the exact win chance with
optimal set-aside play; ``fight_advice`` ranks every set-aside choice for a given roll.
The game's own fight phase offers exactly those choices.

>>> fight_odds(3, 15)               # three swords against a strength-15 monster
Fraction(162319, 314928)
>>> float(fight_odds(3, 15, bonus=2))  # two marker stones in hand help
0.79...
>>> fight_odds(2, 15) < fight_odds(3, 15) < fight_odds(4, 15)
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...prob.keep_aside import KeepAsideSolver

ROLLS = 3
MAX_DICE = 6


@lru_cache(maxsize=1)
def solver() -> KeepAsideSolver:
    """The one shared solver (6-sided dice, 3 rolls, up to 6 dice); it caches its tables."""
    return KeepAsideSolver(sides=6, rolls=ROLLS, max_dice=MAX_DICE)


def _check(dice: int, strength: int, bonus: int) -> None:
    if not isinstance(dice, int) or not 1 <= dice <= MAX_DICE:
        raise ValueError(f"dice must be an int 1..{MAX_DICE} (one per sword used), got {dice!r}")
    if not isinstance(strength, int) or strength < 0:
        raise ValueError(f"strength must be a non-negative int, got {strength!r}")
    if not isinstance(bonus, int) or bonus < 0:
        raise ValueError(f"bonus must be a non-negative int (pips bought after the last "
                         f"roll), got {bonus!r}")


def fight_odds(dice: int, strength: int, bonus: int = 0) -> Fraction:
    """Exact chance to beat ``strength`` with ``dice`` dice and ``bonus`` pips bought after
    the last roll, setting dice aside optimally over three rolls.

    >>> fight_odds(2, 12) == (1 - Fraction(5, 6) ** 3) ** 2   # each die: a six in 3 tries
    True
    """
    _check(dice, strength, bonus)
    return solver().success(dice, strength - bonus)


def fight_advice(roll, rolls_left: int, strength: int, kept=(), bonus: int = 0
                 ) -> list[tuple[tuple[int, ...], Fraction]]:
    """For the dice just rolled, every set-aside choice with its exact win chance, best
    first. ``kept`` are dice set aside earlier, ``rolls_left`` the rerolls still allowed
    (0 after the third roll).

    >>> fight_advice((6, 5, 1), 2, 15)[0]     # set aside the 6 and the 5: need 4+ on one die
    ((6, 5), Fraction(3, 4))
    """
    target = strength - bonus - sum(kept)
    return solver().choices(tuple(roll), rolls_left, target)


def fight_table(strengths=(15, 20, 25, 26), dice=range(2, MAX_DICE + 1),
                bonuses=range(0, 7)) -> dict[tuple[int, int, int], Fraction]:
    """The full table {(dice, strength, bonus): win chance} the fight advisor shows."""
    return {(d, st, b): fight_odds(d, st, b) for d in dice for st in strengths for b in bonuses}
