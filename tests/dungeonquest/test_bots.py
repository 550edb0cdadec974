"""The DungeonQuest bots: legal play, and a heuristic that measurably beats random.

Measured when written (seeds 0-299, 2 players, ``run_batch``): with the heuristic in seat
0 it won 99 games to random's 17 (the rest: nobody got out), and 101 to 17 with the seats
swapped; playing solo it escaped with loot in 91 of 300 games against random's 21. The
test below checks a smaller sample with a wide margin.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from deepwood_kernel.games.dungeonquest.bots import HeuristicBot
from deepwood_kernel.sim import make_bot, run_batch


def test_make_bot_knows_the_dungeonquest_heuristic():
    assert isinstance(make_bot("dungeonquest", "heuristic", seed=3), HeuristicBot)


def test_heuristic_beats_random():
    """DQ-0.1, DQ-8.2: the heuristic gets out with loot far more often than random."""
    res = run_batch("dungeonquest", 2, range(60), kinds=("heuristic", "random"))
    h = sum(0 in r["winners"] for r in res)
    r_ = sum(1 in r["winners"] for r in res)
    assert h >= 2 * r_ + 5, (h, r_)
    solo_h = run_batch("dungeonquest", 1, range(60), kinds=("heuristic",))
    solo_r = run_batch("dungeonquest", 1, range(60), kinds=("random",))
    assert sum(bool(r["winners"]) for r in solo_h) >= \
        2 * sum(bool(r["winners"]) for r in solo_r)


def test_batches_agree_with_and_without_an_executor():
    plain = run_batch("dungeonquest", 3, range(4), kinds=("heuristic", "random"))
    with ThreadPoolExecutor(2) as ex:
        pooled = run_batch("dungeonquest", 3, range(4), kinds=("heuristic", "random"),
                           executor=ex)
    assert plain == pooled
