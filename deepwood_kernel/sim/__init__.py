"""Bots, batch simulation and the playtest lab over the engine contract.

``run_experiment`` / :class:`Experiment` (in :mod:`.experiment`) play many seeded bot games
in-process, on a process pool or on a Dask cluster and return one tidy pandas table; pandas,
tqdm and dask are imported only when an experiment runs (the ``playtest`` extra).

>>> import deepwood_kernel as dk
>>> from deepwood_kernel.sim import make_bot, play_out
>>> g = dk.new_game("deepwood", players=2, seed=4)
>>> _ = play_out(g, [make_bot("deepwood", "heuristic", seed=0), make_bot("deepwood", "random", seed=1)])
>>> g.is_over
True
"""

from .bots import Bot, RandomBot, make_bot, play_out, run_batch
from .experiment import Experiment, play_game, run_experiment
from .stats import stats

__all__ = ["Bot", "Experiment", "RandomBot", "make_bot", "play_game", "play_out", "run_batch",
           "run_experiment", "stats"]
