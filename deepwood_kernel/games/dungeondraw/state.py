"""Dungeon Draw's state: plain dataclasses, no behaviour (the rules live in ``rules.py``).

Piles are multisets (``{card key: count}``): a face-down pile has no order anyone knows,
so drawing is a chance event over what is left. Every card is always in exactly one place:
a stack, a face-up row, the market's discard, a player's deck, hand, discard pile or
dungeon, or the box.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content
from .path import PathState

NAMES = ("Anna", "Ben", "Clara", "David", "Emma")
COLOURS = ("green", "blue", "red", "yellow", "purple")


@dataclass
class Round:
    """One row of the score sheet (Wertungstafel): blue, pink, time bonus, exit."""

    blue: int = 0
    pink: int = 0
    green: int | None = None          # None: no hourglass; 0: crossed out
    exit: bool = False


@dataclass
class Player:
    name: str
    colour: str
    coins: int
    deck: dict = field(default_factory=dict)        # exploration deck (multiset)
    hand: dict = field(default_factory=dict)
    discard: dict = field(default_factory=dict)
    boxed: list = field(default_factory=list)       # cards out of the game
    fairy: dict = field(default_factory=dict)       # fairy tiles held this round
    books: list = field(default_factory=list)       # spell books owned
    ready: list = field(default_factory=list)       # of them, face up this round
    passed: bool = False
    placements: list = field(default_factory=list)  # (key, col, row, turn)
    built: bool = False
    path: PathState | None = None
    finished: bool = False
    peeked: bool = False                            # SB-12 used this draw
    sheet: list = field(default_factory=list)       # Round per round played
    upgrades: dict = field(default_factory=dict)    # recycle/scissors still to use
    chosen: list = field(default_factory=list)      # dungeon cards kept or boxed (index)
    keep: list = field(default_factory=list)        # indices kept as hand cards


@dataclass
class DDState:
    content: Content
    players: list
    fairy: dict                                     # the market's fairy tiles left
    book_deck: dict
    book_row: list
    stacks: dict                                    # cost -> multiset
    rows: dict                                      # cost -> [key|None, key|None]
    goal_deck: dict
    market_discard: list = field(default_factory=list)
    book_box: list = field(default_factory=list)     # spell books boxed (SB-13)
    fairy_extra: dict = field(default_factory=dict)  # SB-13 tiles from the box, in play
    book_discard: list = field(default_factory=list)
    goal_discard: list = field(default_factory=list)
    main_goal: str | None = None
    second_goal: str | None = None
    round: int = 1
    rounds: int = 6                   # the option "rounds" (the rulebook: 6)
    phase: str = "setup"              # setup market draw explore score cleanup over
    tasks: list = field(default_factory=list)       # pending chance events, in order
    order: list = field(default_factory=list)       # seats in turn order this round
    turn: int = 0                                   # index into order (market, explore)
    choice: tuple = ()                              # ("drop book", seat, new book) / ("peek", seat, key)
    draw_seat: int = 0
    cleanup_seat: int = 0
    bonus_taken: bool = False
    first_finisher: int | None = None
    log: list = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def names(self) -> list:
        return [p.name for p in self.players]
