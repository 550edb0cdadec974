"""*Klong!* (*Clank!*, by Paul Dennen), key ``"clank"``: the deck-building dungeon race.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("clank", players=2, seed=1)
>>> g.advance()
>>> sorted(g.view()["players"][0]["hand"])[:1]
['burgle']
"""

from .content import Card, Content, Effect, Room, Secret, Tunnel, load_content, parse_effect
from .dragon import AttackOdds, dragon_attack_odds
from .rules import INFO, RULES
from .scoring import owned_cards
from .state import ClankState, Player, Turn

__all__ = ["INFO", "RULES", "AttackOdds", "Card", "ClankState", "Content", "Effect", "Player",
           "Room", "Secret", "Tunnel", "Turn", "dragon_attack_odds", "load_content",
           "owned_cards", "parse_effect"]
