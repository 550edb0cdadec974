"""Seeded batches of bot games for every game's property tests (invariants every ply)."""

from __future__ import annotations

from collections.abc import Callable

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot, play_out


def play_steps(g: dk.Game, choose: Callable[[dk.Game], object], steps: int,
               at_decision: Callable[[dk.Game], None] | None = None) -> dk.Game:
    """Up to ``steps`` steps of ``g``: chance from its own RNG, decisions by ``choose(g)``
    (``at_decision(g)`` sees each such position first); stops at the game's end."""
    for _ in range(steps):
        if g.is_over:
            break
        if g.is_chance:
            g.step()
            continue
        if at_decision is not None:
            at_decision(g)
        g.apply(choose(g))
    return g


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


def check_save_and_undo(g: dk.Game, bots, every: int, one_replay: bool = False) -> None:
    """Play ``g`` to the end with ``bots``, remembering the fingerprint every ``every``
    plies; then the save must replay to the same fingerprint, and undoing back to each of
    the last five checkpoints must restore it exactly (one ``undo()`` per ply, or with
    ``one_replay`` a single ``undo(n)`` per checkpoint)."""
    prints = []

    def remember(game):
        if len(game.history) % every == 0:
            prints.append((len(game.history), game.fingerprint()))
    play_out(g, bots, on_ply=remember)
    assert dk.load(g.to_json()).fingerprint() == g.fingerprint()
    for ply, fp in reversed(prints[-5:]):
        if one_replay and len(g.history) > ply:
            g.undo(len(g.history) - ply)
        while len(g.history) > ply:
            g.undo()
        assert g.fingerprint() == fp
