"""Property tests: 2,000 seeded Clank! games with invariants checked after every step.

After every ply of every game (``helpers.check_invariants``): each player's 30 cubes are
split between supply, clank area, bag, health track and set-aside (CL-7, CL-8, CL-9); the
24 black cubes between bag and set-aside; the 100 dungeon cards, the reserve piles and
every starting deck conserved (CL-0.5); no negative resources; a knocked-out player's
health track is full; chance outcomes exist while chance is pending and a legal action
while a player must decide. Then: the games differ by seed, real games happen (attacks,
escapes, knock-outs, the countdown), saves and undo round-trip exactly.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot

from tests.properties import check_save_and_undo, play_seeded

from .helpers import check_invariants

GAMES_PER_CONFIG = 250          # x 8 configurations = 2,000 games
CONFIGS = [(2, ("random",)), (3, ("random",)), (4, ("random",)),
           (2, ("heuristic",)), (3, ("heuristic",)), (4, ("heuristic",)),
           (3, ("heuristic", "random")), (4, ("random", "heuristic"))]


def check_step(g: dk.Game) -> None:
    check_invariants(g)
    if g.is_chance and len(g.history) % 7 == 0:      # exact laws (sampled: Fractions cost)
        outcomes = g.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)


@lru_cache(maxsize=None)
def _batch(players: int, kinds: tuple[str, ...]) -> list[dk.Game]:
    return play_seeded("clank", players, kinds, GAMES_PER_CONFIG, check_step, 50_000)


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds", CONFIGS)
def test_many_seeded_games_keep_every_invariant(players, kinds):
    """CL-10.9: every game ends with everyone out; the invariants held at every step.
    CL-10.10: none comes near the maximum game length (the number's reason)."""
    games = _batch(players, kinds)
    assert all(g.is_over for g in games)
    assert 10 * max(len(g.history) for g in games) < dk.GAMES["clank"].max_game_length
    assert len({g.to_json() for g in games}) == len(games)
    logs = "\n".join(line for g in games for line in g.log)
    for event in ("The dragon attacks!", "A black cube", "is knocked out",
                  "starts the countdown track", "moves the countdown"):
        assert event in logs, event
    if "heuristic" in kinds:
        assert "escapes from the dungeon" in logs
        assert "takes the artifact worth" in logs


@pytest.mark.slow
def test_outcomes_are_consistent_with_scoring():
    """CL-11.1, CL-11.3: only escaped or rescued players score; lost players score 0."""
    for g in _batch(3, ("heuristic",)) + _batch(2, ("random",)):
        s = g.state
        for seat, p in enumerate(s.players):
            total = g.score_breakdown(seat)[-1][1]
            if p.status == "lost":
                assert total == 0
            else:
                assert p.status in ("escaped", "rescued") and total >= sum(p.artifacts) > 0
                assert p.mastery == (p.status == "escaped")
        for w in g.winners():
            assert s.players[w].status in ("escaped", "rescued")


def test_saves_and_undo_round_trip_exactly():
    """Saves replay to the same fingerprint; undo restores every earlier state exactly."""
    for seed in range(12):
        g = dk.new_game("clank", players=2 + seed % 3, seed=seed)
        bots = [make_bot("clank", "random", seed=seed + i) for i in range(g.players)]
        check_save_and_undo(g, bots, every=37)
