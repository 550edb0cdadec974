"""*DungeonQuest* (revised edition, Fantasy Flight), key ``"dungeonquest"``: explore the
fire dragon's dungeon tile by tile, loot the treasure chamber, and get out before sunset.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("dungeonquest", players=2, seed=1)
>>> g.is_chance                   # the start-player dice come first
True
>>> from deepwood_kernel.games.dungeonquest import test_odds, sun_survival
>>> test_odds(7), test_odds(7, determination=2)
(Fraction(7, 12), Fraction(5, 6))
"""

from .content import Card, Content, Hero, Tile, load_content, parse_effect
from .odds import sun_survival, test_odds
from .rules import INFO, RULES, combat_equilibrium
from .state import DQState

__all__ = ["INFO", "RULES", "Card", "Content", "DQState", "Hero", "Tile",
           "combat_equilibrium", "load_content", "parse_effect", "sun_survival", "test_odds"]
