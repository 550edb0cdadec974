"""Board widgets for Jupyter (anywidget): Python holds the game, the browser draws it.

Layout: ``shell.{py,js,css}`` is what every board shares (toolbar, status, what-if
picker, score, log, banners); ``boards/<key>.{py,js,css}`` draws one game's table;
``labs/`` holds the probability labs ``DiceLab`` and ``BagLab``.

>>> from widgets import DeepWoodBoard
>>> DeepWoodBoard(players=2, seed=1, bot_delay=0, seat=None)   # the spectator
DeepWoodBoard(game='deepwood', players=2, seed=1, ply=6, Anna to play)
"""

from .boards import (AdventureLandBoard, ClankBoard, DeepWoodBoard, DungeonDrawBoard,
                     DungeonQuestBoard, PigBoard)
from .labs import BagLab, DiceLab
from .shell import GameWidget

__all__ = ["GameWidget", "DeepWoodBoard", "ClankBoard", "DungeonQuestBoard", "AdventureLandBoard",
           "DungeonDrawBoard", "PigBoard", "DiceLab", "BagLab"]
