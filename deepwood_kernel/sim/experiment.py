"""The playtest lab: experiments of many seeded bot games, as one tidy table.

An :class:`Experiment` names a game, player counts, bot line-ups, rule-option variants
(any option the game declares in ``dk.GAMES[key].options``), the number of games per
combination and a base seed. :meth:`Experiment.run` plays every game and returns a
pandas DataFrame with **one row per game and seat**:

``variant``, one column per game option, ``players``, ``lineup``, ``game`` (0, 1, … within
its combination), ``seed``, ``seat`` (0 = the start player), ``bot``, ``score``, ``winner``
(the seat is among the winners), ``winners`` (how many share the win), ``plies`` (game
length: decisions plus chance outcomes), then the game's own statistics from
:mod:`deepwood_kernel.sim.stats` (Deep Wood: rounds, fights, monsters taken by strength …;
*Klong!*: turns, artifact value, status …).

Where it runs (the results are the same, row for row, whichever way):

* in this process (the default);
* ``executor=``: any ``concurrent.futures.Executor`` (e.g. a ``ProcessPoolExecutor``) or a
  ``dask.distributed.Client``;
* ``workers=N``: a ``dask.distributed.LocalCluster`` of N single-threaded worker processes,
  started and closed for this run;
* ``scheduler="tcp://host:8786"``: an existing Dask cluster (its workers need this package
  installed).

Games travel in chunks (``chunk_size`` games per task, by default enough for about four
tasks per worker and at most 250 games each), so 100,000 games are a few hundred tasks.
A progress bar (tqdm) counts finished games unless ``progress=False``.

Reproducibility: game ``i`` of every combination uses seed ``seed + i`` (the same seeds in
every variant and line-up: a paired comparison) and its bots seeds derived from it, and
every game is played from its seed alone, so neither the executor nor the chunking can
change a result.

pandas, tqdm and dask are the optional extra ``playtest`` (``pip install
'deepwood[playtest]'``; ``make install`` includes it); the engine never imports them.
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from concurrent.futures import Future as _CFFuture
from concurrent.futures import as_completed as _cf_as_completed
from dataclasses import dataclass, field

from ..core.game import new_game
from ..core.registry import rules_for
from .bots import make_bot, play_out
from .stats import stats

MAX_CHUNK = 250
BOT_KINDS = ("random", "heuristic")


def _need(module: str):
    """Import an optional dependency of the playtest lab, or say how to install it."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ImportError(
            f"the playtest lab needs {module.split('.')[0]!r}, part of the optional extra "
            "'playtest': run `make install`, or `pip install 'deepwood[playtest]'` "
            "(pandas, tqdm, dask[distributed])") from err


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with ``game_seed`` (seats < 16)."""
    return game_seed * 16 + seat + 1


def play_game(key: str, players: int, seed: int, kinds: Sequence[str],
              options: Mapping | None = None):
    """Play one game to the end with bots of ``kinds`` (one per seat); returns the game."""
    g = new_game(key, players=players, seed=seed, options=dict(options or {}))
    bots = [make_bot(key, kinds[seat], seed=bot_seed(seed, seat)) for seat in range(players)]
    return play_out(g, bots)


def _play_chunk(specs: list[tuple]) -> list[dict]:
    """Worker side: play each spec's game, return one row dict per seat."""
    rows = []
    for cell, variant, key, players, options, lineup, kinds, index, seed in specs:
        g = play_game(key, players, seed, kinds, options)
        scores, winners = g.scores(), g.winners()
        per_game, per_seat = stats(g)
        for seat in range(players):
            rows.append({"_cell": cell, "variant": variant, **options, "players": players,
                         "lineup": lineup, "game": index, "seed": seed, "seat": seat,
                         "bot": kinds[seat], "score": scores[seat],
                         "winner": seat in winners, "winners": len(winners),
                         "plies": len(g.history), **per_game, **per_seat[seat]})
    return rows


def _label(options: Mapping, defaults: Mapping) -> str:
    changed = [f"{k}={v}" for k, v in options.items() if v != defaults[k]]
    return ", ".join(changed) or "rulebook"


@dataclass(frozen=True)
class Experiment:
    """A playtest: every combination of ``players`` x ``lineups`` x ``variants`` is played
    ``games`` times, game ``i`` with seed ``seed + i``.

    * ``lineups``: bot kinds (``"random"``, ``"heuristic"``) per seat; a line-up shorter
      than the player count is repeated (``("heuristic",)`` = heuristic bots everywhere).
      With ``rotate=True`` game ``i`` turns the line-up ``i`` seats, so every bot sits in
      every seat equally often (for comparing bots, not seats).
    * ``variants``: option dicts, or a mapping ``label -> option dict``; options left out
      keep the game's default (the rulebook). Labels default to the changed options.
    """

    game: str
    players: tuple[int, ...] = (2,)
    lineups: tuple[tuple[str, ...], ...] = (("heuristic",),)
    variants: tuple[tuple[str, tuple], ...] = (("rulebook", ()),)
    games: int = 100
    seed: int = 0
    rotate: bool = False
    _checked: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        info = rules_for(self.game).info
        if not isinstance(self.games, int) or isinstance(self.games, bool) or self.games < 1:
            raise ValueError(f"games must be a positive int, got {self.games!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or \
                not 0 <= self.seed <= 2 ** 59 - self.games:
            raise ValueError(f"seed must be an int from 0 to 2**59 - games, got {self.seed!r}")
        for n in self.players:
            info.check_players(n)
        for lineup in self.lineups:
            if not lineup or any(k not in BOT_KINDS for k in lineup):
                raise ValueError(f"a line-up is a list of bot kinds {BOT_KINDS}, got {lineup!r}")
            for k in set(lineup):
                make_bot(self.game, k)          # a game without a heuristic bot says so now
        for label, opts in self.variants:
            self._checked[label] = info.resolve_options(dict(opts))
        if len(self._checked) != len(self.variants):
            raise ValueError("variant labels must be distinct")

    @classmethod
    def make(cls, game: str, players: int | Sequence[int] = 2,
             bots: str | Sequence[str] | Sequence[Sequence[str]] = "heuristic",
             options: Mapping | Sequence[Mapping] | None = None, games: int = 100,
             seed: int = 0, rotate: bool = False) -> Experiment:
        """Build an experiment from plain values: ``players=3`` or ``[2, 3, 4]``;
        ``bots="heuristic"``, a line-up ``["heuristic", "random"]`` or a list of line-ups;
        ``options={"set_gold": 12}``, a list of option dicts, or ``{"A": {...}, "B": {...}}``.
        """
        info = rules_for(game).info
        players = (players,) if isinstance(players, int) else tuple(players)
        if isinstance(bots, str):
            lineups = ((bots,),)
        elif all(isinstance(b, str) for b in bots):
            lineups = (tuple(bots),)
        else:
            lineups = tuple((b,) if isinstance(b, str) else tuple(b) for b in bots)
        defaults = {k: o.default for k, o in info.options.items()}
        if options is None:
            options = [{}]
        if isinstance(options, Mapping) and options and all(
                isinstance(v, Mapping) for v in options.values()):
            variants = tuple((str(k), tuple(dict(v).items())) for k, v in options.items())
        else:
            if isinstance(options, Mapping):
                options = [options]
            variants = tuple((_label(info.resolve_options(dict(o)), defaults),
                              tuple(dict(o).items())) for o in options)
        return cls(game, players, lineups, variants, games, seed, rotate)

    # ------------------------------------------------------------------ the games
    def specs(self) -> list[tuple]:
        """Every game to play, in the table's order (picklable tuples)."""
        out = []
        cell = 0
        for label, _ in self.variants:
            opts = self._checked[label]
            for n in self.players:
                for lineup in self.lineups:
                    base = [lineup[j % len(lineup)] for j in range(n)]
                    name = "/".join(base)
                    for i in range(self.games):
                        turn = i % n if self.rotate else 0
                        kinds = tuple(base[(j + turn) % n] for j in range(n))
                        out.append((cell, label, self.game, n, opts, name, kinds, i,
                                    self.seed + i))
                    cell += 1
        return out

    def run(self, executor=None, scheduler: str | None = None, workers: int | None = None,
            chunk_size: int | None = None, progress: bool = True):
        """Play every game and return the tidy DataFrame (see the module docstring)."""
        pd = _need("pandas")
        specs = self.specs()
        given = sum(x is not None for x in (executor, scheduler, workers))
        if given > 1:
            raise ValueError("give at most one of executor=, scheduler=, workers=")
        if workers is not None and (not isinstance(workers, int) or workers < 1):
            raise ValueError(f"workers must be a positive int, got {workers!r}")
        n_workers = _worker_count(executor, workers) if given else 1
        if chunk_size is None:
            chunk_size = max(1, min(MAX_CHUNK, math.ceil(len(specs) / (4 * n_workers))))
        elif not isinstance(chunk_size, int) or chunk_size < 1:
            raise ValueError(f"chunk_size must be a positive int, got {chunk_size!r}")
        chunks = [specs[i:i + chunk_size] for i in range(0, len(specs), chunk_size)]
        bar = _need("tqdm.auto").tqdm(total=len(specs), unit="game", disable=not progress,
                                      desc=f"{self.game} playtest")
        try:
            if scheduler is not None or workers is not None:
                parts = _run_dask(chunks, bar, scheduler=scheduler, workers=workers)
            elif executor is not None:
                parts = _run_executor(executor, chunks, bar)
            else:
                parts = []
                for c in chunks:
                    parts.append(_play_chunk(c))
                    bar.update(len(c))
        finally:
            bar.close()
        rows = [r for part in parts for r in part]
        df = pd.DataFrame(rows).drop(columns="_cell")
        return df.reset_index(drop=True)


def _worker_count(executor, workers) -> int:
    if workers is not None:
        return workers
    if executor is None:                    # a scheduler address: ask it later; guess 4
        return 4
    if hasattr(executor, "nthreads"):       # a dask.distributed Client
        try:
            return max(1, sum(executor.nthreads().values()))
        except Exception:                    # not connected yet: any guess chunks well
            return 4
    return int(getattr(executor, "_max_workers", None) or os.cpu_count() or 1)


def _is_dask_client(obj) -> bool:
    return type(obj).__module__.startswith("distributed") and hasattr(obj, "gather")


def _run_executor(executor, chunks, bar) -> list[list[dict]]:
    if _is_dask_client(executor):
        return _gather_dask(executor, chunks, bar)
    if not isinstance(executor, Executor) and not hasattr(executor, "submit"):
        raise TypeError(f"executor must be a concurrent.futures.Executor or a "
                        f"dask.distributed.Client, got {type(executor).__name__}")
    futures = [executor.submit(_play_chunk, c) for c in chunks]
    if all(isinstance(f, _CFFuture) for f in futures):
        sizes = {f: len(c) for f, c in zip(futures, chunks)}
        for f in _cf_as_completed(futures):
            bar.update(sizes[f])
    parts = []
    for f, c in zip(futures, chunks):
        parts.append(f.result())
        if not isinstance(f, _CFFuture):
            bar.update(len(c))
    return parts


def _gather_dask(client, chunks, bar) -> list[list[dict]]:
    distributed = _need("distributed")
    futures = client.map(_play_chunk, chunks, pure=False)
    sizes = {f.key: len(c) for f, c in zip(futures, chunks)}
    for f in distributed.as_completed(futures):
        bar.update(sizes[f.key])
    return client.gather(futures)


def _run_dask(chunks, bar, scheduler=None, workers=None) -> list[list[dict]]:
    distributed = _need("distributed")
    if scheduler is not None:
        with distributed.Client(scheduler) as client:
            return _gather_dask(client, chunks, bar)
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        return _gather_dask(client, chunks, bar)


def run_experiment(game: str, players: int | Sequence[int] = 2,
                   bots: str | Sequence = "heuristic", options=None, games: int = 100,
                   seed: int = 0, rotate: bool = False, *, executor=None,
                   scheduler: str | None = None, workers: int | None = None,
                   chunk_size: int | None = None, progress: bool = True):
    """Build an :class:`Experiment` (see :meth:`Experiment.make`) and run it.

    >>> df = run_experiment("deepwood", players=2, games=2, progress=False)
    >>> df[["game", "seat", "bot", "winner"]].shape
    (4, 4)
    """
    exp = Experiment.make(game, players, bots, options, games, seed, rotate)
    return exp.run(executor=executor, scheduler=scheduler, workers=workers,
                   chunk_size=chunk_size, progress=progress)
