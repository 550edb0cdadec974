"""The playtest lab's speed: games/s in-process, on 1 and on 2 Dask workers (the same run).

One experiment (default: Deep Wood, 3 players, heuristic bots, 200 games) is played three
ways by ``deepwood_kernel.sim.Experiment.run``: in this process, on a ``LocalCluster`` of 1
single-threaded worker process and on one of 2. Cluster start-up is not timed (a warm-up
run starts the workers and imports the engine in them first); each timed run includes
chunking, shipping the tasks, playing, and gathering the rows into the DataFrame. It then
prints the speed-up of 2 workers over 1 and over in-process (goal: at least 1.8x on 2
free cores), the Dask overhead per game against in-process, and checks that all three
tables are identical (same seeds, same rows). Beside the wall times it measures CPU
seconds (this process plus the workers'), which another job on the machine hardly changes:
the CPU overhead per game of the Dask path, and the speed-up 2 free cores would allow.

The machine may be shared: the figures are what this run measured; run it on a quiet
machine for the engine's real speed. Run: ``python bench/playtest.py [--games N]
[--game KEY] [--players P] [--bots KIND] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _cpu(client=None) -> float:
    """CPU seconds used so far by this process and, with a Dask client, by its workers."""
    used = time.process_time()
    if client is not None:
        used += sum(client.run(time.process_time).values())
    return used


def timed(exp, repeat: int, client=None, **where) -> tuple[float, float, object]:
    """Best wall time of ``repeat`` runs (the least disturbed by other load), the CPU
    seconds of that run (this process + the workers: load-independent), and the table."""
    best, cpu, df = float("inf"), 0.0, None
    for _ in range(repeat):
        c, t = _cpu(client), time.perf_counter()
        df = exp.run(progress=False, executor=client, **where)
        wall = time.perf_counter() - t
        if wall < best:
            best, cpu = wall, _cpu(client) - c
    return best, cpu, df


def main() -> None:
    import pandas as pd
    from distributed import Client, LocalCluster

    from deepwood_kernel.sim import Experiment

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="deepwood")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args()
    exp = Experiment.make(a.game, players=a.players, bots=a.bots, games=a.games, seed=0)
    warm = Experiment.make(a.game, players=a.players, bots=a.bots, games=2, seed=10**6)
    print(f"{a.game}, {a.players} players, {a.bots} bots, {a.games} games a run, best of "
          f"{a.repeat}; {os.cpu_count()} CPUs seen, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))

    rows = []
    warm.run(progress=False)
    t_in, c_in, df_in = timed(exp, a.repeat)
    rows.append(("in-process", t_in, c_in))
    tables = [df_in]
    for n in (1, 2):
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            warm.run(executor=client, progress=False)
            t, c, df = timed(exp, a.repeat, client=client)
        rows.append((f"Dask, {n} worker{'s' * (n > 1)}", t, c))
        tables.append(df)

    print(f"{'':<18} {'seconds':>8} {'games/s':>9} {'CPU s':>8} {'CPU ms/game':>12}")
    for name, t, c in rows:
        print(f"{name:<18} {t:8.2f} {a.games / t:9.1f} {c:8.2f} {c / a.games * 1000:12.1f}")
    t1, t2 = rows[1][1], rows[2][1]
    c1 = rows[1][2]
    print(f"speed-up, 2 workers over 1:          {t1 / t2:5.2f}x (goal >= 1.8x)")
    print(f"speed-up, 2 workers over in-process: {t_in / t2:5.2f}x")
    print(f"Dask overhead per game (1 worker - in-process): "
          f"{(t1 - t_in) / a.games * 1000:+.2f} ms of {t_in / a.games * 1000:.1f} ms a game")
    print(f"Dask CPU overhead per game (all processes, 1 worker - in-process): "
          f"{(c1 - c_in) / a.games * 1000:+.2f} ms of {c_in / a.games * 1000:.1f} ms a game")
    c2 = rows[2][2]
    print(f"speed-up 2 free cores would give (in-process CPU x 2 / Dask 2-worker CPU, an "
          f"estimate): {2 * c_in / c2:4.2f}x")
    print("(wall times depend on what else runs on the machine; CPU times much less)")
    for df in tables[1:]:
        pd.testing.assert_frame_equal(df_in, df)
    print(f"all three tables identical: {len(df_in)} rows (one per game and seat)")
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
