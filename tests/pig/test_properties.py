"""Property tests: 600 seeded Pig games with invariants after every step (PIG-2 to PIG-4).

After every ply: banked points never fall and at most one player's grow; the turn total is the sum of this turn's rolls, none of which is a 1 while the
turn goes on; chance outcomes sum to 1 exactly. Then: every game ends with one winner at
or above the goal, saves and undo round-trip exactly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot

from tests.properties import check_save_and_undo, play_seeded


class Watch:
    def __init__(self):
        self.before: list[int] | None = None

    def __call__(self, g: dk.Game) -> None:
        s = g.state
        if len(g.history) == 1:             # a new game of the batch
            self.before = None
        if self.before is not None:
            grew = [i for i, (a, b) in enumerate(zip(self.before, s.scores)) if b != a]
            assert all(b >= a for a, b in zip(self.before, s.scores))
            assert len(grew) <= 1
        self.before = list(s.scores)
        if s.phase != "over":
            assert s.turn_total == sum(s.rolls) and 1 not in s.rolls
        if g.is_chance:
            assert sum(p for _, p in g.chance_outcomes()) == Fraction(1)


@pytest.mark.parametrize("players, kinds", [(2, ("random",)), (3, ("heuristic", "random")),
                                            (4, ("heuristic",))])
def test_PIG_4_1_seeded_games_keep_every_invariant_and_end_with_a_winner(players, kinds):
    games = play_seeded("pig", players, kinds, 200, Watch(), 10_000)
    for g in games:
        assert g.is_over and len(g.winners()) == 1
        assert max(g.scores()) >= 100 and sorted(g.scores())[-2] < 100
    assert len({g.to_json() for g in games}) == len(games)


def test_saves_and_undo_round_trip_exactly():
    for seed in range(5):
        g = dk.new_game("pig", players=3, seed=seed)
        check_save_and_undo(g, [make_bot("pig", "heuristic", seed=i) for i in range(3)], 9)
