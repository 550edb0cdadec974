"""Seeded batches of bot games for every game's property tests (invariants every ply)."""

from __future__ import annotations

from collections.abc import Callable

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot, play_out


def play_seeded(key: str, players: int, kinds: tuple[str, ...], games: int,
                on_ply: Callable[[dk.Game], None], max_plies: int) -> list[dk.Game]:
    """Play seeds ``0..games-1`` to the end, bots by ``kinds`` cycled over the seats,
    calling ``on_ply`` after every ply; return the finished games."""
    out = []
    for seed in range(games):
        g = dk.new_game(key, players=players, seed=seed)
        bots = [make_bot(key, kinds[i % len(kinds)], seed=seed * 7 + i)
                for i in range(players)]
        play_out(g, bots, on_ply=on_ply, max_plies=max_plies)
        out.append(g)
    return out
