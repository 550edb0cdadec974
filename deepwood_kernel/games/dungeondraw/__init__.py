"""Dungeon Draw, key ``"dungeondraw"``: build a dungeon of five cards, draw one path.

"Dungeon Draw" is the project's name: the rulebook text (versus rules) carries no title.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("dungeondraw", players=2, seed=1)
>>> g.advance(); g.state.phase, g.current_player
('market', 0)
"""

from .content import Card, Content, Node, load_content
from .odds import draw_chance, expected_secondary, secondary_goal_odds
from .path import (Advice, Best, Dungeon, PathState, advise_layout, best_path,
                   build_dungeon, path_actions, path_apply, placement_options,
                   placement_problem)
from .rules import INFO, RULES
from .state import DDState, Player, Round

__all__ = ["INFO", "RULES", "Advice", "Best", "advise_layout", "Card", "Content", "DDState", "Dungeon", "Node",
           "PathState", "Player", "Round", "best_path", "build_dungeon", "load_content",
           "path_actions", "path_apply", "placement_options", "placement_problem",
           "draw_chance", "expected_secondary", "secondary_goal_odds"]
