"""The game boards: each is the shell plus a board module (``<key>.py`` for the Python
side, ``<key>.js`` for the table it draws, ``<key>.css`` for its styles)."""

from .adventureland import AdventureLandBoard
from .clank import ClankBoard
from .deepwood import DeepWoodBoard
from .dungeondraw import DungeonDrawBoard
from .dungeonquest import DungeonQuestBoard
from .pig import PigBoard

__all__ = ["DeepWoodBoard", "ClankBoard", "DungeonQuestBoard", "AdventureLandBoard",
           "DungeonDrawBoard", "PigBoard"]
