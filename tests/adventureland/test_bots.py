"""The Adventure Land bots: the heuristic beats random in every adventure, by a wide margin.

Measured exactly as ``test_heuristic_beats_random`` plays (seeds 0-29, 2 players,
heuristic against random, seats alternating): the heuristic won 30 of 30 games of *The
Fellowship* (average 54.6 points to 7.8, ahead by 46.8), 29 of 30 of *The Magnificent*
(65.3 to 31.6, ahead by 33.8) and 30 of 30 of *Escape to the Cities* (45.8 to -3.6, ahead
by 49.5). The test asserts at least 27 wins and a 15-point average lead.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.adventureland.bots import HeuristicBot
from deepwood_kernel.sim import make_bot, play_out, run_batch

KEY = "adventureland"


def test_make_bot_knows_the_adventureland_heuristic():
    assert isinstance(make_bot(KEY, "heuristic", seed=3), HeuristicBot)


@pytest.mark.parametrize("adventure", ["fellowship", "magnificent", "escape"])
def test_heuristic_beats_random(adventure):
    """AL-8.1, AL-8.3, AL-8.4: more points than a random player, nearly always."""
    wins, margin = 0, 0
    for seed in range(30):
        h = seed % 2
        g = dk.new_game(KEY, players=2, seed=seed, options={"adventure": adventure})
        bots = [make_bot(KEY, "heuristic" if i == h else "random", seed=seed + i)
                for i in range(2)]
        play_out(g, bots)
        wins += g.winners() == [h]
        margin += g.scores()[h] - g.scores()[1 - h]
    assert wins >= 27 and margin / 30 >= 15


def test_heuristic_fights_with_good_odds():
    """AL-5.3, AL-5.11: the bot takes the sword choice with the best exact chance."""
    from .helpers import give, place, put, rigged, to_move
    g = rigged()
    place(g, "D7", "creature", 10)
    put(g, "D6", 0, companions=1)
    give(g, 0, swords=(0, 3, 1, 2))
    to_move(g)
    g.apply("move D6 D7")
    assert HeuristicBot(0).choose(g) == "swords 3 2 1"


def test_batches_agree_with_and_without_an_executor():
    plain = run_batch(KEY, 3, range(4), kinds=("heuristic", "random"))
    with ThreadPoolExecutor(2) as ex:
        pooled = run_batch(KEY, 3, range(4), kinds=("heuristic", "random"), executor=ex)
    assert plain == pooled
