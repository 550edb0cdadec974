"""Adventure Land's exact fight odds: time per question, and a seeded simulation beside it.

Times ``fight_odds`` (the exact chance to beat a fog creature with the best use of gold,
``deepwood_kernel.games.adventureland.fight``) over every creature strength of the
designed content, bases 1-5, 0-3 swords with extra values 0-3, herb totals 0-8 and 0-3
gold: once with cold caches, once warm. Then it plays a few of those fights many times
with seeded dice and the same policy (gold as +1 when that suffices, otherwise a reroll of
the lowest die) and prints the exact value beside the simulated one with a 95% interval.
Run: ``python bench/adventureland_odds.py [--runs R] [--sims N]``.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from deepwood_kernel.games.adventureland import fight as F  # noqa: E402
from deepwood_kernel.games.adventureland.content import load_content  # noqa: E402


def questions():
    strengths = sorted(load_content().creatures)
    swords = [()] + [c for n in (1, 2, 3)
                     for c in itertools.combinations_with_replacement((3, 2, 1, 0), n)]
    for st, base, sw, herbs, gold in itertools.product(strengths, range(1, 6), swords,
                                                       (0, 2, 4, 8), range(4)):
        yield st, base, sw, ((herbs,) if herbs else ()), gold


def simulate(strength, base, swords, herbs, gold, n, seed=0) -> float:
    """Seeded play of one fight with the reroll-the-lowest policy (numpy dice)."""
    rng = np.random.default_rng(seed)
    wins = 0
    fixed = base + sum(swords) + sum(herbs)
    for _ in range(n):
        dice = sorted(rng.integers(1, 7, len(swords)).tolist())
        g = gold
        while fixed + sum(dice) + g < strength and g and dice:
            dice[0] = int(rng.integers(1, 7))
            dice.sort()
            g -= 1
        wins += fixed + sum(dice) + g >= strength
    return wins / n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sims", type=int, default=20_000)
    args = ap.parse_args()
    qs = list(questions())
    cold, warm = [], []
    for _ in range(args.runs):
        F._value.cache_clear()
        F._odds.cache_clear()
        t = time.perf_counter()
        for q in qs:
            F.fight_odds(*q)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        for q in qs:
            F.fight_odds(*q)
        warm.append(time.perf_counter() - t)
    c, w = statistics.median(cold), statistics.median(warm)
    print(f"{len(qs):,} fight questions, median of {args.runs} runs")
    print(f"cold caches: {c:.3f} s ({c / len(qs) * 1e6:,.1f} us per question)")
    print(f"warm caches: {w:.3f} s ({w / len(qs) * 1e6:,.1f} us per question)")
    print("exact vs simulated (reroll the lowest die when +1 does not suffice):")
    for q in [(12, 3, (2, 1), (), 1), (10, 1, (3,), (), 2), (14, 2, (3, 2, 1), (2,), 3),
              (8, 1, (0, 0), (), 0)]:
        exact = F.fight_odds(*q)
        sim = simulate(*q, n=args.sims)
        half = 1.96 * (sim * (1 - sim) / args.sims) ** 0.5
        print(f"  strength {q[0]:>2}, base {q[1]}, swords {q[2]}, herbs {q[3]}, gold {q[4]}: "
              f"exact {exact} = {float(exact):.4f}, simulated {sim:.4f} +- {half:.4f}")


if __name__ == "__main__":
    main()
