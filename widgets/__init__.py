"""Board widgets for Jupyter (anywidget): Python holds the game, the browser draws it.

>>> from widgets import DeepWoodBoard
>>> DeepWoodBoard(players=2, seed=1, bot_delay=0)      # doctest: +ELLIPSIS
DeepWoodBoard(game='deepwood', players=2, seed=1, ply=6, Anna to play)
"""

from .bag_lab import BagLab
from .base import GameWidget
from .clank_board import ClankBoard
from .deepwood_board import DeepWoodBoard
from .dice_lab import DiceLab

__all__ = ["GameWidget", "DeepWoodBoard", "ClankBoard", "DiceLab", "BagLab"]
