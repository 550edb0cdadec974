"""Property tests: 2,000 seeded Adventure Land games with invariants after every step.

After every ply of every game (``helpers.check_invariants``): every adventurer is in the
start area, on the board or in the box (AL-1.2, AL-4.2, AL-5.8); the 30 companions, 18
gold, 20 herbs, 28 swords and 14 fog creatures are each conserved across supply, board,
players, fights and box (AL-0.1); no negative supplies; nobody stands on the water sprite
or (outside a fight) on a creature (AL-2.4); groups only in *The Magnificent* (AL-8.2);
110 terrain cards between deck and discard pile (AL-1.3); a legal action while a player
must decide, chance outcomes while chance is pending. The three adventures and all player
counts are covered. Then: games differ by seed, real games happen (fights won and lost,
the sprite sweeping, the end by the supply), saves and undo round-trip exactly.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot, play_out
from tests.properties import check_save_and_undo

from .helpers import KEY, check_invariants

GAMES_PER_CONFIG = 250          # x 8 configurations = 2,000 games
CONFIGS = [(2, ("random",), "fellowship"), (3, ("random",), "magnificent"),
           (4, ("random",), "escape"), (2, ("heuristic",), "magnificent"),
           (3, ("heuristic",), "escape"), (4, ("heuristic",), "fellowship"),
           (3, ("heuristic", "random"), "fellowship"), (4, ("random", "heuristic"), "escape")]


def check_step(g: dk.Game) -> None:
    check_invariants(g)
    if g.is_chance and len(g.history) % 37 == 0:       # exact laws, sampled (Fractions cost)
        outcomes = g.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    s = g.state
    if s.pending and s.pending[0][0] != "creature" and s.fight is None:
        for seat in range(g.players):                   # AL-3.3: every seat's own view
            seen = g.rules.seat_chance_weights(s, seat)
            assert seen and all(w > 0 for _, w in seen)


@lru_cache(maxsize=None)
def _batch(players: int, kinds: tuple[str, ...], adventure: str) -> list[dk.Game]:
    out = []
    for seed in range(GAMES_PER_CONFIG):
        g = dk.new_game(KEY, players=players, seed=seed, options={"adventure": adventure})
        bots = [make_bot(KEY, kinds[i % len(kinds)], seed=seed * 7 + i) for i in range(players)]
        play_out(g, bots, on_ply=check_step, max_plies=5_000)
        out.append(g)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds, adventure", CONFIGS)
def test_many_seeded_games_keep_every_invariant(players, kinds, adventure):
    """AL-7.1, AL-7.3: every game ends; the invariants held at every step."""
    games = _batch(players, kinds, adventure)
    assert all(g.is_over for g in games)
    assert len({g.to_json() for g in games}) == len(games)
    logs = "\n".join(line for g in games for line in g.log)
    for event in ("fights the fog creature", "defeats the fog creature",
                  "loses the fight", "swept away by the water sprite",
                  "The game ends: the round is over"):
        assert event in logs, event
    if adventure == "magnificent":
        assert "joining the group" in logs


@pytest.mark.slow
def test_scores_match_their_breakdowns_and_winners():
    """AL-8.1, AL-8.6: the total is the sum of the lines; winners have the top score."""
    for g in _batch(3, ("heuristic",), "escape") + _batch(2, ("random",), "fellowship"):
        for seat in range(g.players):
            lines = g.score_breakdown(seat)
            assert lines[-1] == ("total", sum(v for _, v in lines[:-1]))
        top = max(g.scores())
        assert g.winners() == [i for i, v in enumerate(g.scores()) if v == top]


def test_saves_and_undo_round_trip_exactly():
    """Saves replay to the same fingerprint; undo restores every earlier state exactly."""
    for seed in range(12):
        adv = ("fellowship", "magnificent", "escape")[seed % 3]
        g = dk.new_game(KEY, players=2 + seed % 3, seed=seed, options={"adventure": adv})
        bots = [make_bot(KEY, ("random", "heuristic")[(seed + i) % 2], seed=seed + i)
                for i in range(g.players)]
        check_save_and_undo(g, bots, every=29)
