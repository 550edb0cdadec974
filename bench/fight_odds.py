"""Time to build Deep Wood's full fight table cold (2-6 dice x strengths 15/20/25/26 x
bonus 0-6), each run in a fresh process so nothing is cached. Median of 7 runs.

Baseline in the same run: the same table from a plain recursive Fraction solver that
tries every subset of the dice (the obviously-correct reference the tests use), for 2-4
dice only (5-6 dice take minutes that way).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLD = """
import time, sys
sys.path.insert(0, {root!r})
from deepwood_kernel.games.deepwood import fight_table
t = time.perf_counter()
table = fight_table(dice={dice})
print((time.perf_counter() - t) * 1000, len(table))
"""


def cold_ms(dice: range) -> tuple[float, int]:
    out = subprocess.run([sys.executable, "-c", COLD.format(root=str(ROOT), dice=repr(dice))],
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def naive_table(dice: range) -> dict:
    @lru_cache(maxsize=None)
    def value(n: int, target: int, rolls: int) -> Fraction:
        if target <= 0:
            return Fraction(1)
        if n == 0 or rolls == 0:
            return Fraction(0)
        total = Fraction(0)
        for roll in product(range(1, 7), repeat=n):
            best = Fraction(1) if sum(roll) >= target else Fraction(0)
            if rolls > 1:
                for k in range(n):
                    for keep in combinations(roll, k):
                        best = max(best, value(n - k, target - sum(keep), rolls - 1))
            total += best
        return total / 6 ** n
    return {(d, s, b): value(d, s - b, 3) for d in dice for s in (15, 20, 25, 26)
            for b in range(7)}


def main() -> None:
    runs = [cold_ms(range(2, 7)) for _ in range(7)]
    full = statistics.median(ms for ms, _ in runs)
    small = statistics.median(cold_ms(range(2, 5))[0] for _ in range(5))
    t = time.perf_counter()
    naive_table(range(2, 5))
    naive = (time.perf_counter() - t) * 1000
    print("Deep Wood fight table, cold (fresh process, import time excluded)")
    print(f"  full table 2-6 dice x 4 strengths x bonus 0-6 ({runs[0][1]} entries): "
          f"median {full:.2f} ms over 7 runs (target <= 20 ms)")
    print(f"  2-4 dice only: deepwood {small:.2f} ms, naive subset-enumeration "
          f"{naive:.0f} ms, ratio {naive / small:,.0f}x")


if __name__ == "__main__":
    main()
