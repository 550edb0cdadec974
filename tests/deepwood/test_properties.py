"""Property tests: thousands of seeded Deep Wood games with invariants checked every step."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood import obstacle_set_gold
from deepwood_kernel.sim import make_bot, play_out

from tests.properties import play_seeded

from .test_rules import total_tiles

GAMES_PER_CONFIG = 250          # x 8 configurations = 2,000 games
CONFIGS = [(n, kinds) for n in (2, 3, 4) for kinds in (("random",), ("heuristic",),
                                                        ("heuristic", "random"))][:8]


def strips_total(players: int) -> int:
    return {2: 26, 3: 39, 4: 32}[players]


def check_invariants(g: dk.Game) -> None:
    s = g.state
    n = s.n
    # tiles conserved: 36 per player between boards, placed trolls and the players
    assert total_tiles(s) == 36 * n
    for b in s.boards:
        assert b.tiles.count("?") == sum(b.hidden.values())
        assert min(b.hidden.values()) >= 0 and min(b.stones) >= 0 and min(b.trolls) >= 0
        if b.figure is not None:
            assert b.stones[b.figure] == 0 and b.path[-1] == b.figure
    # strips conserved between pile, market and hands; monster cards between middle and players
    assert len(s.pile) + len(s.market) + sum(len(p.hand) for p in s.players) == strips_total(n)
    assert len(s.middle) + sum(len(p.monsters) for p in s.players) == 9 - {2: 2, 3: 1, 4: 0}[n]
    for p in s.players:
        assert min(p.res.values()) >= 0, p.res
        assert p.swords >= 0 and p.swords_spent >= 0 and p.step_backs >= 0
        assert 0 <= p.trolls_fresh <= p.trolls + 1
        assert len(set(p.beaten)) == len(p.beaten)
    assert 1 <= s.round <= 15
    # a move or a chance event exists until the end; probabilities are exact and sum to 1
    if g.is_over:
        assert g.current_player is None and not g.legal_action_ids()
    elif g.is_chance:
        outcomes = g.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    else:
        legal = g.legal_action_ids()
        assert legal and len(legal) == len(set(legal))


@lru_cache(maxsize=None)
def _batch(players: int, kinds: tuple[str, ...]) -> list[dk.Game]:
    return play_seeded("deepwood", players, kinds, GAMES_PER_CONFIG, check_invariants, 20_000)


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds", CONFIGS)
def test_many_seeded_games_keep_every_invariant(players, kinds):
    games = _batch(players, kinds)
    assert all(g.is_over for g in games)
    # the game really varies with the seed, and real games happen (fights, leaving, fog)
    assert len({g.to_json() for g in games}) == len(games)
    logs = "\n".join(line for g in games for line in g.log)
    assert "fights a rock monster" in logs and "reveals a" in logs
    # DW-10.7: the bound on a legal game's length (412 plies a player) holds, far below
    # max_game_length, so the length rule never decides a game with the designed content
    assert max(len(g.history) for g in games) <= 412 * players < 6_000


@pytest.mark.slow
@pytest.mark.parametrize("players, kinds", CONFIGS)
def test_every_finished_game_round_trips_and_undoes(players, kinds):
    for g in _batch(players, kinds)[:60]:
        h = dk.load(g.to_json())
        assert h.fingerprint() == g.fingerprint() and h.scores() == g.scores()
        fp = g.fingerprint()
        h.undo()
        h.redo()
        assert h.fingerprint() == fp


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_undo_and_save_restore_exactly_at_every_step(seed):
    players = 2 + seed % 3
    g = dk.new_game("deepwood", players=players, seed=100 + seed)
    bots = [make_bot("deepwood", "heuristic" if i % 2 else "random", seed=seed + i)
            for i in range(players)]
    prev = g.fingerprint()

    def step_checks(game: dk.Game) -> None:
        nonlocal prev
        now = game.fingerprint()
        assert dk.load(game.to_json()).fingerprint() == now
        if len(game.history) % 7 == 0:            # undo is a replay: sample it
            game.undo()
            assert game.fingerprint() == prev
            game.redo()
            assert game.fingerprint() == now
        prev = now
    play_out(g, bots, on_ply=step_checks)
    assert g.is_over


def test_heuristic_bot_beats_random():
    wins = Counter()
    for seed in range(30):
        g = dk.new_game("deepwood", players=2, seed=seed)
        play_out(g, [make_bot("deepwood", "heuristic", seed), make_bot("deepwood", "random",
                                                                       seed)])
        wins.update(g.winners())
    assert wins[0] >= 27


# ------------------------------------------------------------------ obstacle sets (DW-11.2)
def _brute_force_sets(counts: tuple[int, int, int]) -> int:
    """Try every way of forming sets, recursively: the obviously-correct reference."""
    @lru_cache(maxsize=None)
    def best(a, b, c):
        options = [a + b + c]                       # everything left as singles
        if min(a, b, c) >= 1:
            options.append(15 + best(a - 1, b - 1, c - 1))
        for i, x in enumerate((a, b, c)):
            if x >= 3:
                y = [a, b, c]
                y[i] -= 3
                options.append(15 + best(*y))
        return max(options)
    return best(*counts)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(0, 2))
def test_DW_11_2_obstacle_set_gold_is_the_best_partition(thickets, gates, guards, wild):
    expected = max(_brute_force_sets((thickets + x, gates + y, guards + wild - x - y))
                   for x in range(wild + 1) for y in range(wild + 1 - x))
    assert obstacle_set_gold(thickets, gates, guards, wild) == expected
