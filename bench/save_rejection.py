"""How fast a hostile save is refused: median rejection time for growing sizes.

Issue 23 §2: the nesting check used to be quadratic (80 kB of escaped quotes took 13 s).
Each refusal must now be linear in the input. For every kind of hostile input and size
(80 kB up to the 4 MB cap) this prints the median time of ``dk.load`` refusing it, beside
two baselines measured in the same run: ``json.loads`` of the same text (it often stops at
the first bad character, so its time can be near zero) and ``json.loads`` of a valid JSON
list of short strings of the same size (the cost of reading that many bytes at all), with
the ratio to each. A ratio to the valid read that stays flat as the size grows means
linear time.

Run: ``python bench/save_rejection.py [--runs R]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import deepwood_kernel as dk  # noqa: E402

SIZES = [80_000, 400_000, 1_000_000, 2_000_000, 3_999_000]
KINDS = {
    "escaped quotes": lambda n: '"' + '\\"' * ((n - 1) // 2),
    "long string": lambda n: '{"format": "' + "a" * (n - 15) + '"}',
    "open brackets": lambda n: "[" * n,
    "empty arrays": lambda n: "[]" * (n // 2),
    "many short strings": lambda n: '["a",' * (n // 5),
}


def median_time(fn, text: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        try:
            fn(text)
        except (dk.SaveError, ValueError, RecursionError):
            pass
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{'input':<20}{'size':>11}{'dk.load ms':>12}{'json same ms':>14}{'ratio':>9}"
          f"{'json valid ms':>15}{'ratio':>7}")
    for kind, make in KINDS.items():
        for n in SIZES:
            text = make(n)
            ours = median_time(dk.load, text, args.runs)
            same = median_time(json.loads, text, args.runs)
            valid = median_time(json.loads, '["a", ' + '"a", ' * ((n - 12) // 5) + '"a"]',
                                args.runs)
            print(f"{kind:<20}{len(text):>11,}{ours * 1e3:>12.1f}{same * 1e3:>14.2f}"
                  f"{ours / same:>9.0f}{valid * 1e3:>15.1f}{ours / valid:>7.2f}")


if __name__ == "__main__":
    main()
