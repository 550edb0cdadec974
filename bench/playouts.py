"""Random-playout throughput of every registered game (plies/s and games/s, median of 5),
played through the public ``legal_actions()`` / ``apply`` / ``step`` loop. Times are this
process's CPU time, so other work on a shared machine does not skew the ratio.

A ply is one applied action or chance outcome. The baseline, measured in the same run, is
python-chess playing random legal moves (the issue's yardstick: Deep Wood should manage
at least twice what python-chess does here). Run: ``make bench`` or
``python bench/playouts.py [--games N] [--runs R] [--only KEY]``.
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


def deepwood_run(key: str, players: int, games: int, seed0: int) -> tuple[int, float]:
    """Random playouts through the documented API only: ``legal_actions()``, ``apply``
    (with the Action object) and ``step``, as a learner's own loop would be written."""
    plies = 0
    t = time.process_time()
    for i in range(games):
        g = dk.new_game(key, players=players, seed=seed0 + i)
        rng = make_rng(seed0 + i)
        while not g.is_over:
            if g.is_chance:
                g.step()
            else:
                acts = g.legal_actions()
                g.apply(acts[int(rng.integers(len(acts)))])
        plies += len(g.history)
    return plies, time.process_time() - t


def chess_run(games: int, seed0: int) -> tuple[int, float] | None:
    try:
        import chess
    except ImportError:
        return None
    import random
    rnd = random.Random(seed0)
    plies = 0
    t = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 300:
            board.push(rnd.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.process_time() - t


TARGET = 2.5   # times python-chess's plies/s, every game and player count


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per run (default 40)")
    ap.add_argument("--runs", type=int, default=5, help="runs; the median is shown")
    ap.add_argument("--only", action="append", choices=sorted(dk.GAMES), metavar="KEY",
                    help="measure only this game (repeatable); python-chess is always "
                         "measured (default: every game)")
    args = ap.parse_args()
    rows = []
    for r_games, label, fn in [
        (args.games // 2, "python-chess (baseline)", lambda run: chess_run(args.games // 2, run)),
    ] + [(args.games, f"{key} {n}p", (lambda run, key=key, n=n: deepwood_run(key, n, args.games,
                                                                          1000 * run)))
         for key in dk.GAMES if not args.only or key in args.only
         for n in range(dk.GAMES[key].min_players, dk.GAMES[key].max_players + 1)]:
        results = [fn(run) for run in range(args.runs)]
        if results[0] is None:
            rows.append((label, None, None))
            continue
        pps = statistics.median(p / t for p, t in results)
        gps = statistics.median(r_games / t for _, t in results)
        rows.append((label, pps, gps))
    base = rows[0][1]
    print(f"random playouts, median of {args.runs} runs, CPU time of one core")
    print(f"{'game':26} {'plies/s':>10} {'games/s':>9} {'vs chess':>9}")
    for label, pps, gps in rows:
        if pps is None:
            print(f"{label:26} {'n/a (pip install chess)':>30}")
            continue
        ratio = f"{pps / base:8.2f}x" if base else "      n/a"
        print(f"{label:26} {pps:10,.0f} {gps:9.1f} {ratio}")
    # issue 22: a margin a noisy machine cannot erase, as a ratio measured in the same run
    short = [label for label, pps, _ in rows[1:] if pps and base and pps / base < TARGET]
    print(f"target: >= {TARGET}x python-chess for every game: "
          + ("met" if not short else "NOT met by " + ", ".join(short)))


if __name__ == "__main__":
    main()
