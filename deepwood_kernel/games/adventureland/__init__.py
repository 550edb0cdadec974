"""*Adventure Land* (Wolfgang Kramer & Michael Kiesling, HABA 2015), key ``"adventureland"``.

Two pages of HABA's English rulebook (2015), "2. Move adventurer(s)" with the "Water
Sprite Rule" and "Combat strength of the fog creature", are implemented
exactly; the rest is reconstructed from published facts or designed for this project
(``docs/rules/adventureland.md`` says which is which).

>>> import deepwood_kernel as dk
>>> g = dk.new_game("adventureland", players=2, seed=1)
>>> g.advance(); g.current_player, len(g.state.discard) >= 10
(0, True)
>>> fight_odds(12, base=3, swords=(2, 1))
Fraction(13, 18)
"""

from .content import Content, load_content, parse_content
from .fight import choices_of, fight_odds, odds_now, sword_choices, win_chance
from .rules import ADVENTURES, INFO, RULES
from .state import ALState, Fight, Party, Player

__all__ = ["ADVENTURES", "INFO", "RULES", "ALState", "Content", "Fight", "Party", "Player",
           "choices_of", "fight_odds", "load_content", "odds_now", "parse_content",
           "sword_choices", "win_chance"]
