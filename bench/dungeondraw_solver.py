"""Dungeon Draw's exact path solver: time to find the best path through a laid dungeon.

For seeded random dungeons of 5 designed cards (legal layouts, a random main goal and,
for half of them, a fairy tile and a spell book) it times ``best_path`` with its
branch-and-bound pruning and, as the baseline measured in the same run, the same
exhaustive search without pruning (every path enumerated). Both must agree on the best
value; the script checks that. Prints the median time per dungeon over ``--runs`` runs,
the search nodes visited, and the ratio baseline / pruned. Then it times the layout
advisor (``advise_layout``: beam search over placements of a 5-card hand, each candidate
judged by the solver) against the bot's greedy layout, median and slowest hand.
Run: ``python bench/dungeondraw_solver.py [--dungeons N] [--runs R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deepwood_kernel.core.rng import make_rng  # noqa: E402
from deepwood_kernel.games.dungeondraw.content import load_content  # noqa: E402
from deepwood_kernel.games.dungeondraw.bots import card_value  # noqa: E402
from deepwood_kernel.games.dungeondraw.path import (advise_layout, best_path,  # noqa: E402
                                                    build_dungeon, placement_options)


def dungeons(n: int, seed: int = 0) -> list[tuple]:
    """n seeded random 5-card dungeons with a goal, points, fairy tiles and books."""
    c = load_content()
    keys = sorted(c.cards)
    goals = sorted(c.goals)
    rng = make_rng(seed)
    out = []
    while len(out) < n:
        hand = [keys[int(i)] for i in rng.choice(len(keys), 5, replace=False)]
        lay = []
        for k in hand:
            opts = placement_options(c, lay, [k])
            if opts:
                lay.append(opts[int(rng.integers(len(opts)))])
        if len(lay) < 5:
            continue
        goal = goals[int(rng.integers(len(goals)))]
        extra = len(out) % 2 == 1
        fairy = {"sword": 1} if extra else {}
        books = ("SB-8",) if extra else ()
        out.append((build_dungeon(c, lay), goal, c.goals[goal], fairy, books))
    return out


def run(ds, prune: bool) -> tuple[float, int, list]:
    t = time.perf_counter()
    nodes, values = 0, []
    for d, goal, pts, fairy, books in ds:
        b = best_path(d, goal, pts, fairy=fairy, books=books, prune=prune)
        nodes += b.nodes
        values.append(b.value)
    return time.perf_counter() - t, nodes, values


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dungeons", type=int, default=40)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    ds = dungeons(a.dungeons)
    pruned, brute = [], []
    for _ in range(a.runs):
        tp, np_, vp = run(ds, True)
        tb, nb, vb = run(ds, False)
        assert vp == vb, "pruned and exhaustive search disagree"
        pruned.append(tp / len(ds))
        brute.append(tb / len(ds))
    mp, mb = statistics.median(pruned), statistics.median(brute)
    worst = max(run([d], True)[0] for d in ds)
    print(f"{len(ds)} dungeons of 5 cards, median of {a.runs} runs")
    print(f"best_path with pruning : {mp * 1000:8.2f} ms per dungeon, {np_ / len(ds):8.0f} "
          f"search nodes, slowest dungeon {worst * 1000:.1f} ms")
    print(f"exhaustive (baseline)  : {mb * 1000:8.2f} ms per dungeon, {nb / len(ds):8.0f} "
          "search nodes")
    print(f"ratio baseline / pruned: {mb / mp:.2f}x time, {nb / np_:.2f}x nodes")
    advisor(a.dungeons)


def advisor(n: int) -> None:
    c = load_content()
    keys, goals = sorted(c.cards), sorted(c.goals)
    rng = make_rng(1)
    times, won, adv_pts, greedy_pts = [], 0, 0, 0
    for i in range(n):
        hand = [keys[int(j)] for j in rng.choice(len(keys), 5, replace=False)]
        goal = goals[i % len(goals)]
        pts = c.goals[goal]
        t = time.perf_counter()
        a = advise_layout(c, hand, goal, pts)
        times.append(time.perf_counter() - t)
        lay, left = [], list(hand)
        while left:
            opts = placement_options(c, lay, left)
            if not opts:
                break
            o = max(opts, key=lambda x: (card_value(c, x[0], goal), -abs(x[1]) - abs(x[2]),
                                         x[3] == 0))
            lay.append(o)
            left.remove(o[0])
        g = best_path(build_dungeon(c, lay), goal, pts).value
        won += a.best.value > g
        adv_pts += a.best.value[0]
        greedy_pts += g[0]
    print(f"layout advisor         : {statistics.median(times) * 1000:8.1f} ms per hand "
          f"(slowest {max(times) * 1000:.0f} ms); better than the greedy layout in {won} of "
          f"{n} hands, goal points {adv_pts} against {greedy_pts}")


if __name__ == "__main__":
    main()
