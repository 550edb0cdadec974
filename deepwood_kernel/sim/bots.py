"""The bot interface, a uniform random bot, ``play_out`` and batch runs over executors."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from typing import Protocol

from ..core.game import Game, new_game
from ..core.rng import make_rng

# key -> module with heuristic bots (games never import each other; sim imports games)
_HEURISTICS = {"deepwood": "deepwood_kernel.games.deepwood.bots",
               "dungeonquest": "deepwood_kernel.games.dungeonquest.bots",
               "clank": "deepwood_kernel.games.clank.bots",
               "dungeondraw": "deepwood_kernel.games.dungeondraw.bots",
               "adventureland": "deepwood_kernel.games.adventureland.bots",
               "pig": "deepwood_kernel.games.pig.rules"}


class Bot(Protocol):
    """Anything with ``choose(game) -> action id``; called only when a player must decide."""

    def choose(self, game: Game) -> str: ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded RNG."""

    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)

    def choose(self, game: Game) -> str:
        ids = game.legal_action_ids()
        return ids[int(self.rng.integers(len(ids)))]

    def __repr__(self) -> str:
        return "RandomBot()"


def make_bot(key: str, kind: str = "random", seed: int = 0) -> Bot:
    """A bot for game ``key``: ``"random"`` (any game) or ``"heuristic"`` (where one exists)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        if key not in _HEURISTICS:
            raise ValueError(f"no heuristic bot for {key!r}; games with one: {sorted(_HEURISTICS)}")
        return importlib.import_module(_HEURISTICS[key]).HeuristicBot(seed)
    raise ValueError(f"bot kind must be 'random' or 'heuristic', got {kind!r}")


def play_out(game: Game, bots: Sequence[Bot] | dict[int, Bot], max_plies: int = 1_000_000,
             on_ply: Callable[[Game], None] | None = None) -> Game:
    """Play ``game`` to the end: chance from the game's own RNG, decisions by the bots
    (``bots[seat]``). ``on_ply`` is called after every ply (used by property tests)."""
    plies = 0
    while not game.is_over:
        if plies >= max_plies:
            raise RuntimeError(f"game not over after {max_plies} plies")
        if game.is_chance:
            game.step()
        else:
            game.apply(bots[game.current_player].choose(game))
        plies += 1
        if on_ply is not None:
            on_ply(game)
    return game


def _one(args) -> dict:
    key, players, seed, kinds, options = args
    g = new_game(key, players=players, seed=seed, options=options)
    bots = [make_bot(key, kinds[i % len(kinds)], seed=seed * 10 + i) for i in range(players)]
    play_out(g, bots)
    return {"seed": seed, "scores": g.scores(), "winners": g.winners(), "plies": len(g.history)}


def run_batch(key: str, players: int, seeds: Iterable[int], kinds: Sequence[str] = ("random",),
              executor: Executor | None = None, options: dict | None = None) -> list[dict]:
    """Play one game per seed (bots by ``kinds``, cycled over seats) and return summaries.

    Works with any ``concurrent.futures.Executor`` (a process pool, a Dask client's
    executor); without one it runs in this process.
    """
    jobs = [(key, players, s, tuple(kinds), options or {}) for s in seeds]
    if executor is None:
        return [_one(j) for j in jobs]
    return list(executor.map(_one, jobs))
