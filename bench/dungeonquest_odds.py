"""DungeonQuest's exact helpers: time per call of ``test_odds`` (every attribute 2-12 with
0-4 tokens), ``sun_survival`` (every space, 1-10 turns) and the combat equilibrium solved
cold (support enumeration with Fractions, cache cleared each run). Median of 5 runs.
Run: ``python bench/dungeonquest_odds.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deepwood_kernel.games.dungeonquest import odds, rules  # noqa: E402


def timed(fn, runs: int = 5) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def all_tests():
    for a in range(2, 13):
        for d in range(5):
            odds.test_odds(a, d)


def all_suns():
    for space in range(1, 29):
        for turns in range(1, 11):
            odds.sun_survival(space, turns)


def cold_equilibrium():
    rules._SOLVED.clear()
    rules.combat_equilibrium()


def main() -> None:
    rows = [("test_odds, 55 queries", timed(all_tests), 55),
            ("sun_survival, 280 queries", timed(all_suns), 280),
            ("combat_equilibrium, cold", timed(cold_equilibrium), 1)]
    print(f"{'helper':32s} {'total ms':>9s} {'per call µs':>12s}")
    for name, sec, n in rows:
        print(f"{name:32s} {sec * 1000:9.2f} {sec / n * 1e6:12.1f}")


if __name__ == "__main__":
    main()
