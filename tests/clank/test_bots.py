"""The Clank! bots: legal play, a heuristic that grabs an artifact and runs, batch runs."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import deepwood_kernel as dk
from deepwood_kernel.games.clank.bots import HeuristicBot, distances_to
from deepwood_kernel.sim import make_bot, play_out, run_batch


def test_make_bot_knows_the_clank_heuristic():
    assert isinstance(make_bot("clank", "heuristic", seed=3), HeuristicBot)


def test_heuristic_beats_random_and_escapes_with_an_artifact():
    """CL-0.3, CL-10.1: the heuristic bot heads for an artifact and out again."""
    results = run_batch("clank", 2, range(30), kinds=("heuristic", "random"))
    assert sum(0 in r["winners"] for r in results) >= 27
    scoring = escaped = 0
    for seed in range(10):
        g = dk.new_game("clank", players=3, seed=seed)
        play_out(g, [make_bot("clank", "heuristic", seed=seed + i) for i in range(3)])
        escaped += sum(p.status == "escaped" and p.artifacts != [] for p in g.state.players)
        scoring += sum(p.status in ("escaped", "rescued") for p in g.state.players)
    # of 30 thieves most score (escaped, or rescued above the depths); many get out
    assert scoring >= 20 and escaped >= 10


def test_batches_agree_with_and_without_an_executor():
    plain = run_batch("clank", 3, range(4), kinds=("heuristic", "random"))
    with ThreadPoolExecutor(2) as ex:
        pooled = run_batch("clank", 3, range(4), kinds=("heuristic", "random"), executor=ex)
    assert plain == pooled


def test_distances_follow_boots_and_respect_locks():
    """CL-5.1, CL-5.2, CL-5.6: the bot's route planner counts boots and skips locked
    tunnels without a key."""
    g = dk.new_game("clank", players=2, seed=1)
    s = g.state
    c = s.content
    d = distances_to(s, c.start, keys=False)
    assert d[c.room_index["r1"]] == 1                       # one plain tunnel out
    assert d[c.start] == 0
    with_key = distances_to(s, c.room_index["r9"], keys=True)
    without = distances_to(s, c.room_index["r9"], keys=False)
    assert with_key[c.room_index["r2"]] < without[c.room_index["r2"]]   # r2-r9 is locked
