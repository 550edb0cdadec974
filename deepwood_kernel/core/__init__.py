"""The engine contract shared by every game (see ``docs/architecture.md``)."""

from .action import Action, Step
from .errors import ContentError, DeepwoodError, IllegalAction, SaveError
from .game import Game, load, new_game
from .registry import GAMES, rules_for
from .rng import make_rng, sample_index
from .rules import GameInfo, Option, PackageRules, Rules
from .viewer import PUBLIC, knows

__all__ = ["Action", "Step", "ContentError", "DeepwoodError", "IllegalAction", "SaveError",
           "Game", "load", "new_game", "GAMES", "rules_for", "make_rng", "sample_index",
           "GameInfo", "Option", "PackageRules", "Rules", "PUBLIC", "knows"]
