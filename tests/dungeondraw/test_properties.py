"""Property tests: 2,000 seeded Dungeon Draw games with invariants checked after every step.

After every ply of every game (``helpers.check_invariants``): every card is in exactly one
place (stacks, market, discard, each player's deck, hand, discard pile, dungeon, box), the
fairy tiles and spell books are conserved (DD-1.1, DD-1.2, DD-2.5, DD-2.6), no negative
coins or tiles, at most 2 spell books each, and chance outcomes exist while chance is
pending and a legal action while a player must decide. Then: the games differ by seed, the
rules are reached (falls, portals, time bonuses, exits, reshuffles), saves and undo
round-trip exactly.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot

from tests.properties import check_save_and_undo, play_seeded

from .helpers import check_invariants

# 2,000 games in all; more of the quicker small tables, every table size and bot mix
CONFIGS = [(2, ("random",), 800), (3, ("random",), 400), (4, ("random",), 100),
           (5, ("random",), 100), (2, ("heuristic",), 250), (3, ("heuristic", "random"), 150),
           (4, ("random", "heuristic"), 100), (5, ("heuristic", "random", "random"), 100)]


@lru_cache(maxsize=None)
def _batch(players: int, kinds: tuple[str, ...], games: int) -> list[dk.Game]:
    return play_seeded("dungeondraw", players, kinds, games, check_invariants, 20_000)


def test_the_batch_is_2000_games():
    assert sum(n for _, _, n in CONFIGS) == 2000


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds, games", CONFIGS)
def test_many_seeded_games_keep_every_invariant(players, kinds, games):
    """DD-9.1: every game ends after round 6; the invariants held at every step."""
    games = _batch(players, kinds, games)
    assert all(g.is_over and g.state.round == 6 for g in games)
    assert len({g.to_json() for g in games}) == len(games)
    logs = "\n".join(line for g in games for line in g.log)
    for event in ("leaves the dungeon by an exit", "ends in a dead end",
                  "circles the time bonus", "shuffles the discard pile",
                  "the market is cleared", "falls through the trap pit"):
        assert event in logs, event
    if "heuristic" in kinds:
        assert "defeats the monster with" in logs and "buys" in logs


@pytest.mark.slow
def test_scores_follow_the_score_sheets():
    """DD-9.2-9.5: every final score is the sum of its sheet lines."""
    for g in _batch(3, ("heuristic", "random"), 150):
        for seat in range(3):
            lines = g.score_breakdown(seat)
            assert lines[-1][1] == sum(v for _, v in lines[:-1]) == g.scores()[seat]
        assert g.winners()


def test_saves_and_undo_round_trip_exactly():
    """Saves replay to the same fingerprint; undo restores every earlier state exactly."""
    for seed in range(12):
        g = dk.new_game("dungeondraw", players=2 + seed % 4, seed=seed)
        bots = [make_bot("dungeondraw", "heuristic" if (seed + i) % 2 else "random",
                         seed=seed + i) for i in range(g.players)]
        check_save_and_undo(g, bots, every=37, one_replay=True)
        here = g.fingerprint()
        g.undo()
        g.redo()                                # a single undo and redo restore exactly
        assert g.fingerprint() == here
