"""Play the playtest lab's bigger runs and store their tables under notebooks/playtest/data/.

The playtest lessons answer their questions from a few hundred games so that they run in
seconds; each ends with the same experiments played with more games. Those take minutes,
too long for a lesson that nbval re-runs, so this script plays them once and stores the
per-seat result tables (one row per game and seat, as ``run_experiment`` returns them).
The lessons load the tables and compute every figure they state from them, so prose and
data cannot drift apart. Every game depends only on its seed: re-running this script
after an engine or content change refreshes the tables, and the lessons must then be
regenerated (``tools/run_notebooks.py notebooks/playtest``).

    .venv/bin/python tools/playtest_big_runs.py            # about 3 minutes on one core
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from deepwood_kernel.sim import run_experiment

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "playtest" / "data"

RUNS = {
    # lesson 1: seat advantage, game length, monsters taken (Deep Wood, 3 players)
    "deepwood_3p_1000": dict(game="deepwood", players=3, games=1_000),
    # lesson 2: sets at 12 instead of 15, paired on the same seeds (Deep Wood, 2 players)
    "deepwood_sets_500": dict(game="deepwood", players=2, games=500,
                              options={"sets 15": {}, "sets 12": {"set_gold": 12}}),
    # lessons 1 and 2: the dragon on space 4, paired; the rulebook half answers lesson 1
    "clank_dragon_2000": dict(game="clank", players=3, games=2_000,
                              options={"rulebook": {}, "dragon on 4": {"dragon_start": 4}}),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", help=f"some of {', '.join(RUNS)} (default: all)")
    parser.add_argument("--workers", type=int, default=None,
                        help="play on a local Dask cluster of this many workers")
    args = parser.parse_args(argv)
    unknown = set(args.runs) - set(RUNS)
    if unknown:
        parser.error(f"unknown run(s) {', '.join(sorted(unknown))}; known: {', '.join(RUNS)}")
    DATA.mkdir(parents=True, exist_ok=True)
    for name in args.runs or list(RUNS):
        spec = dict(RUNS[name])
        start = time.perf_counter()
        df = run_experiment(spec.pop("game"), seed=0, progress=False, workers=args.workers,
                            **spec)
        path = DATA / f"{name}.csv.gz"
        df.to_csv(path, index=False, compression={"method": "gzip", "mtime": 0})
        print(f"{name}: {len(df):,} rows in {time.perf_counter() - start:.0f} s -> {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
