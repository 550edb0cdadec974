"""DungeonQuest's state: plain dataclasses, no behaviour (the rules live in ``rules.py``).

Decks and the tile stack are multisets (``{key: count}``): a shuffled face-down pile has no
order anyone knows, so a draw is a chance event over what is left. The rules run as a stack
of small tasks (``tasks``, plain tuples); a task that needs a die, a card or a tile sets
``chance``, one that needs a player's choice sets ``decide``, and the stack waits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content

NAMES = ("Anna", "Ben", "Clara", "David")
#: a hero's status: choosing (setup), in the dungeon, in the catacombs, escaped, dead
SETUP, IN, CATACOMBS, ESCAPED, DEAD = "setup", "in", "catacombs", "escaped", "dead"


@dataclass
class Hero:
    name: str                      # the player's name
    hero: str = ""                 # hero key (content.heroes)
    status: str = SETUP
    sq: str | None = None          # square of the figure (None: off the board)
    came: int | None = None        # world side of the room the hero entered through
    wounds: int = 0
    determination: int = 0
    loot: list[str] = field(default_factory=list)       # loot cards (card keys)
    keep: list[str] = field(default_factory=list)       # cards with lasting effects
    runes: list[str] = field(default_factory=list)
    rune_face_down: str = ""       # setup: dealt before the hero choice, unseen (DQ-1.9)
    cat_cards: list[str] = field(default_factory=list)  # catacomb cards beside the sheet
    travel: tuple | None = None    # (square, direction) of the travel marker
    ability_used: int = 0          # uses of the hero sheet's special ability (DQ-14.7)


@dataclass
class DQState:
    content: Content
    heroes: list[Hero]
    options: dict
    tiles: dict[str, int]                               # the tile stack (a multiset)
    piles: dict[str, dict[str, int]]                    # deck -> draw pile (multiset)
    discards: dict[str, dict[str, int]]                 # deck -> discard pile
    board: dict[str, list] = field(default_factory=dict)   # square -> [tile key, rotation]
    searched: list[str] = field(default_factory=list)
    monsters: list[str] = field(default_factory=list)   # squares with a monster marker
    entrances: list[str] = field(default_factory=list)  # squares with an entrance marker
    secret: list[str] = field(default_factory=list)     # edges opened by a secret door,
    #                                                     both ways: "b1E", "c1W" (DQ-5.3)
    tokens: int = 0                                     # token supply (determination/searched)
    dragon_drawn: list[str] = field(default_factory=list)
    sun: int = 1
    start: int = 0                                      # start player seat
    seat: int = 0                                       # active seat
    round: int = 0
    rolls: dict = field(default_factory=dict)           # start-player dice (setup)
    corridors: list[str] = field(default_factory=list)  # corridors entered this turn
    combat: dict | None = None
    test: dict | None = None
    tasks: list = field(default_factory=list)
    chance: tuple | None = None
    decide: tuple | None = None
    over: bool = False
    sunset: bool = False
    log: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.heroes)

    @property
    def phase(self) -> str:
        """What the game waits for: a chance kind ("tile", "test", "sun", ...), a decision
        kind ("action", "combat", "onward", ...), or "over"."""
        if self.over:
            return "over"
        if self.chance is not None:
            return self.chance[0]
        return self.decide[0] if self.decide else "run"

    @property
    def names(self) -> list[str]:
        return [h.name for h in self.heroes]
