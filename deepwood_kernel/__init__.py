"""Deepwood's engine: exact rules engines for tabletop games, with no Jupyter imports.

>>> import deepwood_kernel as dk
>>> sorted(dk.GAMES)
['adventureland', 'clank', 'deepwood', 'dungeondraw', 'dungeonquest', 'pig']
>>> g = dk.new_game("deepwood", players=3, seed=7)
"""

from .core import (GAMES, PUBLIC, Action, ContentError, Game, IllegalAction, SaveError, Step,
                   load, new_game)

__all__ = ["GAMES", "PUBLIC", "Action", "ContentError", "Game", "IllegalAction", "SaveError", "Step",
           "load", "new_game"]
__version__ = "0.1.0"
