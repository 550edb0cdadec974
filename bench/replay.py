"""How fast saves load: replay speed (plies/s) and the longest legal save of every game.

A save is a replay (game key, seed, history), so loading it costs one legality check and
one rules step per ply. Issue 10 asks that the longest legal save of any game loads in
under a second. For each registered game this prints, as the median of several runs:

* replay plies/s of ``dk.load`` on random-bot saves, beside the baseline measured in the
  same run: playing those same games live (bots choosing through ``legal_actions()``);
* the longest legal save found (``max_game_length`` caps every game; for *Klong!* a
  stalling line where nobody ever touches the row reaches that cap) with its load time and
  the time of one ``undo`` there;
* the projected load time of a save of exactly ``max_game_length`` plies.

Run: ``make bench`` or ``python bench/replay.py [--games N] [--runs R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import deepwood_kernel as dk  # noqa: E402
from deepwood_kernel.core.rng import make_rng  # noqa: E402

# Stalling lines: ids to prefer, in order, so a game lasts as long as its rules allow.
STALL = {"clank": ("play", "end")}


def live(key: str, players: int, seed: int, prefer=()) -> dk.Game:
    """One game played live through the public API, random or stalling."""
    g = dk.new_game(key, players=players, seed=seed)
    rng = make_rng(seed)
    while not g.is_over:
        if g.is_chance:
            g.step()
            continue
        acts = g.legal_actions()
        pick = next((a for p in prefer for a in acts if a.id.startswith(p)), None)
        g.apply(pick if pick is not None else acts[int(rng.integers(len(acts)))])
    return g


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="random games per run (default 20)")
    ap.add_argument("--runs", type=int, default=5, help="runs; the median is shown")
    args = ap.parse_args()
    print(f"save replay, median of {args.runs} runs, one core")
    print(f"{'game':14} {'live plies/s':>12} {'load plies/s':>12} {'ratio':>6} "
          f"{'longest':>8} {'load s':>7} {'undo s':>7} {'max len':>8} {'proj. s':>8}")
    for key in dk.GAMES:
        info = dk.GAMES[key]
        players = info.min_players
        live_pps, load_pps = [], []
        for run in range(args.runs):
            seeds = range(1000 * run, 1000 * run + args.games)
            t = time.perf_counter()
            games = [live(key, players, s) for s in seeds]
            live_pps.append(sum(len(g.history) for g in games) / (time.perf_counter() - t))
            saves = [g.to_json() for g in games]
            t = time.perf_counter()
            for s in saves:
                dk.load(s)
            load_pps.append(sum(len(g.history) for g in games) / (time.perf_counter() - t))
        longest = max((live(key, players, s, STALL.get(key, ())) for s in range(3)),
                      key=lambda g: len(g.history))
        save = longest.to_json()
        load_s = statistics.median(timed(lambda: dk.load(save)) for _ in range(args.runs))
        h = dk.load(save)
        undo_s = statistics.median(timed(lambda: (h.undo(), h.redo())) / 2
                                   for _ in range(args.runs))
        lp, rp = statistics.median(live_pps), statistics.median(load_pps)
        print(f"{key:14} {lp:12,.0f} {rp:12,.0f} {rp / lp:5.2f}x {len(longest.history):8,} "
              f"{load_s:7.3f} {undo_s:7.3f} {info.max_game_length:8,} "
              f"{info.max_game_length / rp:8.3f}")
    print("goal: every game's longest legal save loads in under 1 s (proj. s < 1)")


if __name__ == "__main__":
    main()
