"""The playtest lab (issue 16 §1): tidy tables, chunks, and the same results for the same
seeds in-process, on a process pool and on a 2-worker Dask LocalCluster."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import Experiment, play_game, run_experiment

pd = pytest.importorskip("pandas")
pytest.importorskip("tqdm")

COMMON = ["variant", "players", "lineup", "game", "seed", "seat", "bot", "score", "winner",
          "winners", "plies"]


def test_one_row_per_game_and_seat_with_the_games_scores():
    df = run_experiment("deepwood", players=[2, 3], games=3, seed=10, progress=False)
    assert len(df) == 3 * 2 + 3 * 3
    assert set(COMMON) <= set(df.columns)
    assert {"set_gold", "strip_mix", "fog_round", "fights", "monster_26", "rounds"} <= set(df)
    for (n, i), rows in df.groupby(["players", "game"]):
        g = play_game("deepwood", n, 10 + i, ("heuristic",) * n)
        assert rows["score"].tolist() == g.scores()
        assert rows.loc[rows["winner"], "seat"].tolist() == g.winners()
        assert (rows["plies"] == len(g.history)).all()
        assert (rows["fights_won"] == [len(p.beaten) for p in g.state.players]).all()


def test_variants_line_ups_and_rotation():
    df = run_experiment("clank", players=3, bots=["heuristic", "random"],
                        options={"A": {}, "B": {"mastery_points": 30}}, games=3,
                        rotate=True, progress=False)
    assert df["variant"].unique().tolist() == ["A", "B"]
    assert set(df.loc[df["variant"] == "B", "mastery_points"]) == {30}
    # rotation: game i turns the line-up heuristic/random/heuristic by i seats
    first = df[(df["variant"] == "A") & (df["game"] == 1)]["bot"].tolist()
    assert first == ["random", "heuristic", "heuristic"]
    assert {"artifact", "status", "turns", "rage_space"} <= set(df.columns)
    # paired seeds: game i has seed i in both variants
    assert (df.groupby("variant")["seed"].apply(list).apply(tuple).nunique()) == 1


def test_games_without_a_stats_hook_give_the_common_columns():
    df = run_experiment("dungeondraw", players=2, games=1, progress=False)
    assert set(COMMON) <= set(df.columns) and "rounds" in df.columns  # its only option


@pytest.mark.parametrize("kwargs, match", [
    ({"players": 5}, "players"), ({"bots": ["wizard"]}, "line-up"),
    ({"options": {"set_gold": 0}}, "set_gold"), ({"options": {"nope": 1}}, "unknown"),
    ({"games": 0}, "games")])
def test_bad_experiments_are_refused_before_any_game(kwargs, match):
    with pytest.raises(ValueError, match=match):
        run_experiment("deepwood", **{"games": 1, **kwargs}, progress=False)


def test_chunking_and_a_process_pool_give_the_same_table():
    exp = Experiment.make("deepwood", players=2, bots="random", games=6, seed=3)
    base = exp.run(progress=False)
    pd.testing.assert_frame_equal(base, exp.run(chunk_size=1, progress=False))
    with ProcessPoolExecutor(2) as pool:
        pd.testing.assert_frame_equal(base, exp.run(executor=pool, chunk_size=2,
                                                    progress=False))


def test_a_2_worker_dask_local_cluster_gives_the_same_table():
    """Issue 16: the same seeds give the same rows on Dask, passed as a client and as
    ``workers=2`` (a LocalCluster the run starts and closes)."""
    distributed = pytest.importorskip("distributed")
    exp = Experiment.make("clank", players=2, bots=["heuristic", "random"], games=8, seed=1)
    base = exp.run(progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        pd.testing.assert_frame_equal(base, exp.run(executor=client, chunk_size=3,
                                                    progress=False))
        pd.testing.assert_frame_equal(base, exp.run(scheduler=cluster.scheduler_address,
                                                    progress=False))


def test_missing_pandas_says_how_to_install(monkeypatch):
    import builtins
    real = builtins.__import__

    def fake(name, *a, **k):
        if name == "pandas":
            raise ImportError("No module named 'pandas'")
        return real(name, *a, **k)

    monkeypatch.delitem(__import__("sys").modules, "pandas")
    monkeypatch.setattr(builtins, "__import__", fake)
    with pytest.raises(ImportError, match=r"deepwood\[playtest\]"):
        run_experiment("deepwood", games=1, progress=False)


def test_the_engine_core_never_imports_the_playtest_extra():
    import subprocess
    import sys
    code = ("import sys, deepwood_kernel as dk, deepwood_kernel.sim; "
            "dk.new_game('deepwood', players=2); "
            "print(sorted(m for m in ('pandas', 'dask', 'distributed', 'tqdm') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
