"""Property tests: 2,000 seeded DungeonQuest games with invariants after every step.

After every ply of every game (``helpers.check_invariants``): every card of the eleven
decks is in exactly one place (pile, discards, a hero's loot, lasting cards, runes,
catacomb cards, the drawn dragon cards, the monster in combat); tiles on the board plus
the stack make 117; the 65 determination/searched markers are conserved; no negative
supply; markers within their supply; living heroes below their life; chance outcomes
while chance is pending and a legal action while a player must decide. Then: the games
differ by seed, the game's events all happen, saves and undo round-trip exactly.
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
CONFIGS = [(1, ("random",)), (2, ("random",)), (3, ("random",)), (4, ("random",)),
           (1, ("heuristic",)), (2, ("heuristic",)), (3, ("heuristic", "random")),
           (4, ("random", "heuristic"))]


def check_step(g: dk.Game) -> None:
    check_invariants(g)
    if g.is_chance and len(g.history) % 7 == 0:
        outcomes = g.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)


@lru_cache(maxsize=None)
def _batch(players: int, kinds: tuple[str, ...]) -> list[dk.Game]:
    return play_seeded("dungeonquest", players, kinds, GAMES_PER_CONFIG, check_step, 20_000)


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds", CONFIGS)
def test_many_seeded_games_keep_every_invariant(players, kinds):
    """DQ-8.1: every game ends (sunset, or everyone dead or out); invariants held."""
    games = _batch(players, kinds)
    assert all(g.is_over for g in games)
    assert len({g.to_json() for g in games}) == len(games)
    logs = "\n".join(line for g in games for line in g.log)
    for event in ("draws a tile and enters", "meets a monster", "The hero is dead",
                  "escapes from the dungeon", "descends into the catacombs",
                  "takes a determination token", "searches the room"):
        assert event in logs, event
    if players >= 2:
        assert "the sun sets!" in logs


@pytest.mark.slow
def test_outcomes_are_consistent_with_scoring():
    """DQ-8.2, DQ-7.6, DQ-8.5: only escaped heroes score, the gold of their loot (a loot
    card without a gold value adds none); the winners escaped."""
    for g in _batch(2, ("random",)) + _batch(1, ("heuristic",)):
        s = g.state
        for seat, h in enumerate(s.heroes):
            total = g.score_breakdown(seat)[-1][1]
            if h.status != "escaped":
                assert total == 0
            else:
                cards = s.content.cards
                gold = sum(cards[k].gold for k in h.loot)
                assert h.loot and total >= gold and (total > 0 or gold == 0)
        for w in g.winners():
            assert s.heroes[w].status == "escaped"


def test_saves_and_undo_round_trip_exactly():
    """Saves replay to the same fingerprint; undo restores earlier states exactly."""
    for seed in range(12):
        g = dk.new_game("dungeonquest", players=1 + seed % 4, seed=seed)
        bots = [make_bot("dungeonquest", "random", seed=seed + i) for i in range(g.players)]
        check_save_and_undo(g, bots, every=23)
