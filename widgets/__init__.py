"""Board widgets for Jupyter (anywidget): Python holds the game, the browser draws it.

>>> from widgets import DeepWoodBoard
>>> DeepWoodBoard(players=2, seed=1, bot_delay=0)      # doctest: +ELLIPSIS
DeepWoodBoard(game='deepwood', players=2, seed=1, ply=6, Anna to play)
"""

from .base import GameWidget
from .deepwood_board import DeepWoodBoard

__all__ = ["GameWidget", "DeepWoodBoard"]
