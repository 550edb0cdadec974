"""Benchmark deepwood_kernel.prob against icepool on the same exact questions.

Run: ``.venv/bin/python bench/prob.py``. Prints the median of RUNS timings per
query for Deepwood and icepool, their ratio, the Deep Wood fight table cold in
fresh processes, and Monte Carlo throughput. Targets: every Deepwood query
<= 5 ms median and >= 3x faster than icepool; fight table <= 20 ms cold in a
fresh process; >= 1e6 simulated dice per second.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from deepwood_kernel.prob import (  # noqa: E402
    DRAGON_BAG,
    KeepAsideSolver,
    bag_draw,
    keep_highest,
    roll_under_chance,
    simulate_keep_aside,
    simulate_sum,
    sum_of,
)
from deepwood_kernel.prob import dice as dice_module  # noqa: E402
from deepwood_kernel.prob import keep_aside as keep_aside_module  # noqa: E402

try:
    import icepool
except ImportError:  # the table then shows n/a for icepool
    icepool = None

RUNS = 9
FIGHT_DICE = range(2, 7)
FIGHT_TARGETS = range(1, 37)
STRENGTHS = (15, 20, 25, 26)
BONUSES = range(0, 7)


def median_ms(fn: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1e3 * statistics.median(times)


# ---------------------------------------------------------------- Deepwood
def deepwood_fight_table() -> dict[tuple[int, int], Fraction]:
    """Full table with a new solver and cleared shared caches: a cold start."""
    keep_aside_module._geometry.cache_clear()
    dice_module.multiset_arrays.cache_clear()
    solver = KeepAsideSolver(sides=6, rolls=3, max_dice=6)
    table = {(d, t): solver.success(d, t) for d in FIGHT_DICE for t in FIGHT_TARGETS}
    # what the engine asks: fight_odds(dice, strength, bonus) = success(dice, strength - bonus)
    for d in FIGHT_DICE:
        for strength in STRENGTHS:
            for bonus in BONUSES:
                table[d, strength - bonus] = solver.success(d, strength - bonus)
    return table


DEEPWOOD = {
    "3d6 sum": lambda: sum_of(3),
    "4d6 keep highest 3": lambda: keep_highest(4, 3),
    "2d6 <= 8 with 2 tokens": lambda: roll_under_chance(8, 2),
    "fight table 2-6 dice x 1..36 (cold)": deepwood_fight_table,
    "dragon bag: draw 5 of 24+3x4": lambda: bag_draw(DRAGON_BAG, 5),
}


# ---------------------------------------------------------------- icepool
def icepool_fight_table() -> dict[tuple[int, int], Fraction]:
    """icepool has no optimal-stopping primitive: its pool expansion gives the
    distinct rolls, and a memoised recursion takes the best keep-k-highest."""
    d6 = icepool.d6
    rolls = {d: list(d6.pool(d).expand().items()) for d in range(1, max(FIGHT_DICE) + 1)}

    @cache
    def value(r: int, d: int, t: int) -> Fraction:
        if t <= 0:
            return Fraction(1)
        if d == 0:
            return Fraction(0)
        if r == 1:
            return (d @ d6).probability(">=", t)
        total = Fraction(0)
        for roll, ways in rolls[d]:
            desc = sorted(roll, reverse=True)
            best = max(value(r - 1, d - k, t - sum(desc[:k])) for k in range(d))
            best = max(best, Fraction(int(sum(desc) >= t)))
            total += ways * best
        return total / 6**d

    return {(d, t): value(3, d, t) for d in FIGHT_DICE for t in FIGHT_TARGETS}


def icepool_queries() -> dict[str, Callable[[], object] | None]:
    if icepool is None:
        return dict.fromkeys(DEEPWOOD)
    d6 = icepool.d6
    return {
        "3d6 sum": lambda: 3 @ d6,
        "4d6 keep highest 3": lambda: d6.highest(4, 3),
        "2d6 <= 8 with 2 tokens": lambda: (2 @ d6 - 2 <= 8).probability(True),
        "fight table 2-6 dice x 1..36 (cold)": icepool_fight_table,
        "dragon bag: draw 5 of 24+3x4": lambda: icepool.Deck(DRAGON_BAG).deal(5).expand(),
    }


def check_agreement() -> None:
    """Both libraries must give the same exact answers before timings mean anything."""
    if icepool is None:
        return
    from deepwood_kernel.prob import Dist

    assert sum_of(3) == Dist.from_icepool(3 @ icepool.d6)
    assert keep_highest(4, 3) == Dist.from_icepool(icepool.d6.highest(4, 3))
    assert roll_under_chance(8, 2) == (2 @ icepool.d6 - 2 <= 8).probability(True)
    ours = deepwood_fight_table()
    theirs = icepool_fight_table()
    assert all(ours[key] == theirs[key] for key in theirs)


def fresh_process_fight_table_ms(repeats: int = 5) -> list[float]:
    code = (
        "import time\n"
        "from deepwood_kernel.prob import KeepAsideSolver\n"
        "start = time.perf_counter()\n"
        "s = KeepAsideSolver()\n"
        "table = {(d, t): s.success(d, t) for d in range(2, 7) for t in range(1, 37)}\n"
        "print((time.perf_counter() - start) * 1e3)\n"
    )
    out = []
    for _ in range(repeats):
        res = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
        )
        out.append(float(res.stdout))
    return out


def main() -> None:
    check_agreement()
    theirs = icepool_queries()
    version = getattr(icepool, "__version__", "?") if icepool else "not installed"
    print(f"deepwood_kernel.prob vs icepool {version} — median of {RUNS} runs, milliseconds")
    header = f"{'query':<38} {'deepwood':>10} {'icepool':>10} {'icepool/deepwood':>17}"
    print(header)
    print("-" * len(header))
    worst_ratio, slowest = float("inf"), 0.0
    for name, ours in DEEPWOOD.items():
        ours()  # first call outside the timing (fight table clears its caches itself)
        ours_ms = median_ms(ours)
        slowest = max(slowest, ours_ms)
        other = theirs.get(name)
        if other is None:
            print(f"{name:<38} {ours_ms:>10.3f} {'n/a':>10} {'n/a':>17}")
            continue
        other()
        other_ms = median_ms(other, runs=RUNS if "fight" not in name else 7)
        ratio = other_ms / ours_ms
        worst_ratio = min(worst_ratio, ratio)
        print(f"{name:<38} {ours_ms:>10.3f} {other_ms:>10.3f} {ratio:>16.1f}x")
    print("-" * len(header))
    print(
        f"slowest deepwood query {slowest:.3f} ms (target <= 5 ms); "
        f"smallest speed-up {worst_ratio:.1f}x (target >= 3x)"
    )

    fresh = fresh_process_fight_table_ms()
    print(
        "fight table in a fresh process (new solver, nothing cached): "
        f"median {statistics.median(fresh):.2f} ms, max {max(fresh):.2f} ms "
        f"over {len(fresh)} processes (target <= 20 ms)"
    )

    trials = 2_000_000
    simulate_sum(3, trials=10_000, seed=0)
    start = time.perf_counter()
    simulate_sum(3, trials=trials, seed=0)
    rate = 3 * trials / (time.perf_counter() - start)
    print(f"Monte Carlo 3d6 sums: {rate:,.0f} dice/s ({trials:,} trials; target >= 1,000,000)")
    games = 200_000
    solver = KeepAsideSolver()
    simulate_keep_aside(6, 25, trials=1_000, seed=0, solver=solver)
    start = time.perf_counter()
    est = simulate_keep_aside(6, 25, trials=games, seed=0, solver=solver)
    elapsed = time.perf_counter() - start
    print(
        f"Monte Carlo keep-aside fights (6 dice, target 25, optimal play): {games / elapsed:,.0f} fights/s; "
        f"estimate {est!r} vs exact {float(solver.success(6, 25)):.4f}"
    )


if __name__ == "__main__":
    main()
