"""Adventure Land's state: plain dataclasses, no behaviour (the rules live in ``rules.py``).

A *party* is what stands on one square: one adventurer of a colour with the companions
that joined it (in *The Magnificent*, several adventurers of one colour as a group). The
face-down herbs and swords a player holds are multisets ``{value: count}``; their values
are drawn when a player first looks at them (AL-3.3), so the stacks are counts only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content


@dataclass
class Party:
    seat: int
    adventurers: int = 1
    companions: int = 0


@dataclass
class Player:
    name: str
    colour: str
    lines: list[str]                            # start lines still holding an adventurer
    #   (AL-1.4: one adventurer per line, "3" in front of row 3, "B" above column B)
    herbs: dict[int, int] = field(default_factory=dict)      # face down, value -> count
    swords: dict[int, int] = field(default_factory=dict)     # face down, extra -> count
    swords_shown: dict[int, int] = field(default_factory=dict)  # of those, shown in a fight
    gold: int = 0
    creatures: list[int] = field(default_factory=list)       # strengths of creatures won
    lost_adventurers: int = 0                   # in the box (fog creature or water sprite)
    lost_companions: int = 0
    points: dict[str, int] = field(default_factory=dict)     # immediate points (Fellowship)
    out: bool = False                           # dropped out: can no longer move (AL-7.4)

    @property
    def start(self) -> int:
        """Adventurers still in the start area (one on each of :attr:`lines`)."""
        return len(self.lines)


@dataclass
class Fight:
    """A fog-creature fight in progress (HABA's English rulebook, 2015,
    "Combat strength of the fog creature")."""

    seat: int
    square: str
    strength: int                               # the creature's (red number)
    base: int                                   # adventurers + companions
    stage: str = "swords"                       # swords, roll, boost, reroll
    swords: list[int] = field(default_factory=list)   # extra values of the swords used
    dice: list[int] = field(default_factory=list)     # faces showing, high to low
    herbs: list[int] = field(default_factory=list)    # herb values used
    gold_plus: int = 0                          # gold given back for +1 each
    gold_rerolls: int = 0                       # gold given back for a reroll each
    reroll: int = 0                             # the face of the die being rerolled

    @property
    def total(self) -> int:
        return (self.base + sum(self.swords) + sum(self.dice) + sum(self.herbs)
                + self.gold_plus)


@dataclass
class ALState:
    content: Content
    adventure: str                              # fellowship, magnificent, escape
    players: list[Player]
    deck: list[str]                             # terrain cards not yet drawn (squares)
    discard: list[str] = field(default_factory=list)   # drawn cards, face up, in order
    items: dict[str, tuple] = field(default_factory=dict)
    #   square -> ("gold",) ("herb",) ("sword",) ("companion",) ("creature", strength)
    parties: dict[str, Party] = field(default_factory=dict)
    sprite: str | None = None                   # the water sprite's square (None: beside)
    creature_stack: dict[int, int] = field(default_factory=dict)
    herbs_left: int = 0                         # face-down herbs in the stack
    swords_left: int = 0                        # face-down swords in the stack
    companions_left: int = 0                    # companions in the supply
    gold_left: int = 0                          # gold in the supply (stockpile)
    herbs_out: dict[int, int] = field(default_factory=dict)   # used herbs (out of game)
    swords_out: dict[int, int] = field(default_factory=dict)  # swords lost in fights
    gold_box: int = 0                           # gold lost in fights
    companions_box: int = 0                     # companions in the box (setup, fights, sprite)
    swords_removed: int = 0                     # face-down swords put back at setup
    phase: str = "setup"                        # setup, reveal, move, over
    seat: int = 0
    round: int = 1
    cards_per_turn: int = 2                     # terrain cards revealed per turn (option)
    to_reveal: int = 0                          # terrain cards still to draw now
    moves_left: int = 0
    pending: list[tuple[str, int, str]] = field(default_factory=list)
    #   chance draws waiting: ("creature", -1, square), ("herb"/"sword", seat, square)
    fight: Fight | None = None
    last_round: bool = False                    # an end condition holds: finish the round
    end_reason: str = ""
    log: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]
