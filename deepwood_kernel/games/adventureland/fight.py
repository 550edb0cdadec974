"""Exact odds of a fog-creature fight (AL-5.x; HABA's English rulebook, 2015, section
"Combat strength of the fog creature").

A fight: the adventurer's strength is 1 per adventurer, +1 per companion, plus, for each
sword used (at most 3), one die and the sword's extra value. If that falls short, herbs add
their values and each piece of gold given back adds 1 *or* rerolls one die (the new roll
replaces that die). This module computes the exact chance of winning with the best use of
gold, on the probability lab (:func:`deepwood_kernel.prob.roll_multisets`, ``die``).

The rulebook's example: a creature of strength 12; adventurer and 2 companions (3), swords
with extra values 2 and 1, dice 3 and 2: strength 11. A herb worth 4 wins it, so does one
gold as +1; so the chance after that roll is 1 with either:

>>> win_chance(12, fixed=3 + 2 + 1, dice=(3, 2), herbs=(4,))
Fraction(1, 1)
>>> win_chance(12, fixed=6, dice=(3, 2), gold=1)
Fraction(1, 1)
>>> win_chance(12, fixed=6, dice=(3, 2))
Fraction(0, 1)

Before the dice are rolled, with no herbs or gold, the two dice must show 6 or more:

>>> fight_odds(12, base=3, swords=(2, 1))
Fraction(13, 18)

One gold: as +1 only, the dice need 5 or more; used well (a reroll when one helps more):

>>> fight_odds(12, base=3, swords=(2, 1), gold=1, rerolls=False)
Fraction(5, 6)
>>> fight_odds(12, base=3, swords=(2, 1), gold=1)
Fraction(199, 216)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ...prob import die, roll_multisets

_DIE = die(6)
_FACES = tuple(int(f) for f in _DIE.outcomes)
_SIDES = len(_FACES)


def _check(strength, base, swords, herbs, gold) -> None:
    if not isinstance(strength, int) or strength < 0:
        raise ValueError(f"strength is the creature's combat strength, an int >= 0, "
                         f"got {strength!r}")
    if not isinstance(base, int) or base < 0:
        raise ValueError(f"base (adventurers + companions) must be an int >= 0, got {base!r}")
    if len(swords) > 3:
        raise ValueError(f"at most 3 swords may be used in a fight, got {len(swords)}")
    if any(not isinstance(x, int) or x < 0 for x in (*swords, *herbs)):
        raise ValueError("sword extra values and herb values are ints >= 0")
    if not isinstance(gold, int) or gold < 0:
        raise ValueError(f"gold must be an int >= 0, got {gold!r}")


@lru_cache(maxsize=200_000)
def _value(need: int, dice: tuple[int, ...], gold: int, rerolls: bool) -> Fraction:
    """Chance to reach ``need`` (beyond what herbs cover) from ``dice`` with ``gold`` left,
    playing best: +1 gold is sure, so only rerolls are gambles worth comparing."""
    short = need - sum(dice)
    if short <= gold:
        return Fraction(1)
    if not gold or not dice or not rerolls:
        return Fraction(0)
    best = Fraction(0)
    for v in sorted(set(dice)):
        rest = list(dice)
        rest.remove(v)
        p = sum(_value(need, tuple(sorted(rest + [f], reverse=True)), gold - 1, rerolls)
                for f in _FACES) / _SIDES
        best = max(best, p)
    return best


def win_chance(strength: int, fixed: int, dice: tuple[int, ...] = (), herbs=(), gold: int = 0,
               rerolls: bool = True) -> Fraction:
    """The exact chance to win a fight once the sword dice show ``dice``.

    ``fixed`` is everything already certain (adventurers, companions, sword extras, herbs
    and gold already added); ``herbs`` and ``gold`` are what the player may still add.
    With ``rerolls=False`` gold only adds +1 (for comparison).
    """
    _check(strength, fixed, (), tuple(herbs), gold)
    need = strength - fixed - sum(herbs)
    return _value(need, tuple(sorted(dice, reverse=True)), gold, rerolls)


def fight_odds(strength: int, base: int = 1, swords=(), herbs=(), gold: int = 0,
               rerolls: bool = True) -> Fraction:
    """The exact chance to beat a creature of ``strength`` before the dice are rolled.

    ``base``: adventurers + companions; ``swords``: extra values of the swords used (one
    die each, at most 3); ``herbs``: herb values available; ``gold``: gold available, each
    piece a +1 or a reroll, used in the best way (``rerolls=False``: +1 only).
    """
    swords, herbs = tuple(swords), tuple(herbs)
    _check(strength, base, swords, herbs, gold)
    return _odds(strength - base - sum(swords) - sum(herbs), len(swords), gold, rerolls)


@lru_cache(maxsize=20_000)
def _odds(need: int, dice: int, gold: int, rerolls: bool) -> Fraction:
    """Chance to reach ``need`` with ``dice`` fresh dice and ``gold`` (only sums matter)."""
    out = Fraction(0)
    weight = 0
    for faces, w in roll_multisets(dice) if dice else [((), 1)]:
        out += w * _value(need, tuple(sorted(faces, reverse=True)), gold, rerolls)
        weight += w
    return out / weight


def sword_choices(strength: int, base: int, held: dict[int, int], herbs=(), gold: int = 0
                  ) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every way to pick up to 3 of the swords ``held`` ({extra value: count}) with the
    exact chance of winning for each, best first (ties: fewer swords risked first).

    >>> sword_choices(6, 1, {0: 1, 3: 1})
    [((3, 0), Fraction(1, 1)), ((3,), Fraction(5, 6)), ((0,), Fraction(1, 3)), ((), Fraction(0, 1))]
    """
    out = [(c, fight_odds(strength, base, c, herbs, gold)) for c in choices_of(held)]
    out.sort(key=lambda x: (-x[1], len(x[0]), [-v for v in x[0]]))
    return out


def choices_of(held: dict[int, int], most: int = 3) -> list[tuple[int, ...]]:
    """The distinct multisets of at most ``most`` sword values from ``held``, each high to
    low, in a canonical order (by size, then values).

    >>> choices_of({0: 2, 3: 1})
    [(), (3,), (0,), (3, 0), (0, 0), (3, 0, 0)]
    """
    vals = sorted(held, reverse=True)
    out: list[tuple[int, ...]] = [()]

    def rec(i: int, cur: list[int]):
        if len(cur) == most or i == len(vals):
            return
        for j in range(i, len(vals)):
            v = vals[j]
            if cur.count(v) < held[v] and (not cur or v <= cur[-1]):
                nxt = cur + [v]
                out.append(tuple(nxt))
                rec(j, nxt)
    rec(0, [])
    out = sorted(set(out), key=lambda t: (len(t), [-x for x in t]))
    return out


def odds_now(s) -> Fraction:
    """The exact chance that the fight in progress in state ``s`` is won, played best from
    here on (the best swords while they are being chosen; then the dice, herbs and gold).

    Raises ValueError when no fight is in progress.
    """
    f = s.fight
    if f is None:
        raise ValueError("no fight is in progress")
    p = s.players[f.seat]
    herbs = tuple(v for v, k in p.herbs.items() for _ in range(k))
    if f.stage == "swords":
        return sword_choices(f.strength, f.base, p.swords, herbs, p.gold)[0][1]
    fixed = f.total - sum(f.dice)
    if f.stage == "roll":
        return fight_odds(f.strength, fixed - sum(f.swords), tuple(f.swords), herbs, p.gold)
    if f.stage == "reroll":
        rest = list(f.dice)
        rest.remove(f.reroll)
        return sum(win_chance(f.strength, fixed, tuple(rest + [face]), herbs, p.gold)
                   for face in _FACES) / _SIDES
    return win_chance(f.strength, fixed, tuple(f.dice), herbs, p.gold)
