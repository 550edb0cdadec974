"""Bots and batch simulation over the engine contract.

>>> import deepwood_kernel as dk
>>> from deepwood_kernel.sim import make_bot, play_out
>>> g = dk.new_game("deepwood", players=2, seed=4)
>>> _ = play_out(g, [make_bot("deepwood", "heuristic", seed=0), make_bot("deepwood", "random", seed=1)])
>>> g.is_over
True
"""

from .bots import Bot, RandomBot, make_bot, play_out, run_batch

__all__ = ["Bot", "RandomBot", "make_bot", "play_out", "run_batch"]
