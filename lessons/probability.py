"""Models behind the probability labs, too long for a lesson cell.

Each exact function has a seeded simulation beside it, so a lab can show both.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from deepwood_kernel.prob import Dist, Estimate, roll_multisets, sum_of


# -- lab 2: a simple rule against optimal play ------------------------------------------

@lru_cache(maxsize=None)
def keep_high_rule(dice: int, need: int, rolls_left: int, keep_from: int = 5) -> Fraction:
    """Exact win chance of the rule "stop as soon as the dice reach the strength, else set
    aside every die showing ``keep_from`` or more" in a keep-aside fight (DW-6.3):
    ``dice`` dice, ``need`` pips, ``rolls_left`` rolls.

    The stop matters: without it the rule would reroll a 3 from 6-6-3 against 15 and could
    lose a fight already won, which no player who adds up would do. Walks every distinct
    roll (a multiset of faces) with its number of orderings; the fight also ends once every
    die is set aside.

    >>> keep_high_rule(1, 5, 2)
    Fraction(5, 9)
    >>> keep_high_rule(3, 15, 3)
    Fraction(161059, 314928)
    """
    if need <= 0:
        return Fraction(1)
    if dice == 0:
        return Fraction(0)
    total = Fraction(0)
    for roll, ways in roll_multisets(dice):
        if sum(roll) >= need:                 # the dice showing reach the strength: stop
            total += ways
            continue
        keep = [x for x in roll if x >= keep_from]
        if rolls_left > 1 and len(keep) < dice:
            total += ways * keep_high_rule(dice - len(keep), need - sum(keep),
                                           rolls_left - 1, keep_from)
    return total / 6**dice


def simulate_keep_high_rule(dice: int, need: int, rolls: int = 3, trials: int = 100_000,
                            seed: int = 0, keep_from: int = 5) -> Estimate:
    """Seeded simulation of :func:`keep_high_rule` (numpy, one row per fight)."""
    rng = np.random.Generator(np.random.PCG64(seed))
    left = np.full(trials, dice)
    short = np.full(trials, need)
    won = np.zeros(trials, dtype=bool)
    for _ in range(rolls):
        faces = rng.integers(1, 7, size=(trials, dice))
        faces[np.arange(dice)[None, :] >= left[:, None]] = 0      # dice already aside
        won |= faces.sum(axis=1) >= short                         # reached: the fight stops
        keep = np.where(faces >= keep_from, faces, 0)
        short -= keep.sum(axis=1)
        left = np.where(won, 0, left - (keep > 0).sum(axis=1))
    return Estimate.proportion(int(won.sum()), trials)


# -- lab 3: runs of attribute tests, the sun track --------------------------------------

def run_of_tests(value: int, tests: int) -> list[tuple[Fraction, Dist]]:
    """Exact pass chance of each test in a run, and the tokens in hand after it.

    A hero with attribute ``value`` starts without tokens; a test passes if 2d6 minus the
    tokens spent is at most ``value``; the hero spends exactly the shortfall when that
    saves the test, and a failure earns one token. Returns ``[(P(pass), tokens), ...]``.
    """
    two = sum_of(2)
    state = {0: Fraction(1)}
    rows = []
    for _ in range(tests):
        passed, new = Fraction(0), {}
        for tokens, p in state.items():
            for s, q in two.items():
                short = max(0, s - value)
                after = tokens - short if short <= tokens else tokens + 1
                if short <= tokens:
                    passed += p * q
                new[after] = new.get(after, 0) + p * q
        state = new
        rows.append((passed, Dist(state)))
    return rows


def simulate_run(value: int, tests: int, heroes: int = 100_000, seed: int = 0) -> list[Estimate]:
    """Seeded simulation of :func:`run_of_tests`: one estimate of P(pass) per test."""
    rng = np.random.Generator(np.random.PCG64(seed))
    tokens = np.zeros(heroes, dtype=int)
    out = []
    for _ in range(tests):
        short = np.maximum(rng.integers(1, 7, size=(heroes, 2)).sum(axis=1) - value, 0)
        ok = short <= tokens
        tokens = np.where(ok, tokens - short, tokens + 1)
        out.append(Estimate.proportion(int(ok.sum()), heroes))
    return out


def still_running(track) -> list[Fraction]:
    """Exact P(the game is still running after round t), t = 0 .. len(track).

    ``track[t]`` is the number on the space the sun reaches in round t+1 (0 = blank):
    on a number m one die is rolled and the sun sets on m or less.

    >>> still_running([0, 1, 6])
    [Fraction(1, 1), Fraction(1, 1), Fraction(5, 6), Fraction(0, 1)]
    """
    out, alive = [Fraction(1)], Fraction(1)
    for m in track:
        alive *= 1 - Fraction(m, 6)
        out.append(alive)
    return out


def simulate_sun(track, games: int = 100_000, seed: int = 0) -> list[Estimate]:
    """Seeded simulation of :func:`still_running`, one estimate per round."""
    rng = np.random.Generator(np.random.PCG64(seed))
    m = np.array(track)
    rolls = rng.integers(1, 7, size=(games, len(track)))
    sets = (m > 0) & (rolls <= m)                      # the sun sets in this round
    end = np.where(sets.any(axis=1), sets.argmax(axis=1) + 1, len(track) + 1)
    return [Estimate.proportion(int((end > t).sum()), games) for t in range(len(track) + 1)]


# -- lab 4: bags ----------------------------------------------------------------------

def coloured(outcome) -> int:
    """Number of non-black cubes in a ``bag_draw`` outcome such as
    ``(('black', 2), ('red', 1))``: the damage one dragon attack deals.

    >>> coloured((("black", 2), ("blue", 1), ("red", 1)))
    2
    """
    return sum(n for colour, n in outcome if colour != "black")


def second_attack(bag: dict, k: int, colour: str) -> Fraction:
    """Exact chance that a second draw of ``k`` cubes, after a first draw of ``k`` with
    nothing added in between, hits ``colour`` at least once (averaged over the first)."""
    from deepwood_kernel.prob import at_least_one, bag_draw
    out = Fraction(0)
    for outcome, p in bag_draw(bag, k).items():
        left = {c: bag[c] - n for c, n in outcome}
        out += p * at_least_one(left, k, colour)
    return out
