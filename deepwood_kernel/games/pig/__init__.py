"""Pig (key ``"pig"``): roll or hold, a 1 loses the turn's points, first to 100.

The whole game is :mod:`.rules`, the worked example of the engine contract that
``docs/adding-a-game.md`` walks through.
"""

from .rules import INFO, RULES, Content, HeuristicBot, PigState

__all__ = ["INFO", "RULES", "Content", "HeuristicBot", "PigState"]
