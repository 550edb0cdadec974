"""*Durch den tiefen Wald* (a prototype by Bettina Katzenberger), key ``"deepwood"``.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("deepwood", players=2, seed=1)
>>> g.advance()
>>> g.legal_actions()[0].label
'Enter the forest at wall field a0'
"""

from .content import Content, load_content
from .fight import fight_advice, fight_odds, fight_table
from .rules import INFO, RULES
from .scoring import obstacle_set_gold
from .state import Board, DeepWoodState, Fight, Player

__all__ = ["INFO", "RULES", "Board", "Content", "DeepWoodState", "Fight", "Player",
           "fight_advice", "fight_odds", "fight_table", "load_content", "obstacle_set_gold"]
