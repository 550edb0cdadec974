"""Clank!'s state: plain dataclasses, no behaviour (the rules live in ``rules.py``).

Decks are multisets (``{card key: count}``): a face-down draw pile has no order anyone
knows, so drawing is a chance event over what is left (CL-12, reading 4). Every one of a
player's 30 clank cubes is always in exactly one place: ``supply``, ``clank`` (the clank
area), ``bag`` (the dragon bag), ``damage`` (the health track) or ``set_aside``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content

#: Player colours by seat; the rulebook's examples have Anna green and Sandra blue.
COLOURS = ("green", "blue", "red", "yellow")
NAMES = ("Anna", "Sandra", "Ben", "Clara")

#: ``status`` of a player: still playing, out of the dungeon with an artifact, knocked out
#: but rescued (artifact, outside the depths), or knocked out and lost.
IN, ESCAPED, RESCUED, LOST = "in", "escaped", "rescued", "lost"


@dataclass
class Player:
    name: str
    colour: str
    room: int                                  # room index; the start space before entering
    supply: int                                # clank cubes in front of the player
    clank: int = 0                             # cubes in the clank area
    bag: int = 0                               # cubes in the dragon bag
    damage: int = 0                            # cubes on the health track
    set_aside: int = 0                         # cubes drawn but harmless (player was out)
    gold: int = 0
    artifacts: list[int] = field(default_factory=list)      # values carried
    draw: dict[str, int] = field(default_factory=dict)      # draw pile (a multiset)
    hand: dict[str, int] = field(default_factory=dict)      # hand (a multiset)
    discard: dict[str, int] = field(default_factory=dict)   # discard pile
    play: list[str] = field(default_factory=list)           # play area, in order played
    trashed: list[str] = field(default_factory=list)        # cards sent to the box
    secrets: list[str] = field(default_factory=list)        # secret tokens kept (keys)
    idols: int = 0
    keys: int = 0
    backpacks: int = 0
    crowns: list[int] = field(default_factory=list)
    mastery: bool = False
    status: str = IN
    may_take: bool = False                     # a token may still be taken on this entry


@dataclass
class Turn:
    """What the player to move has this turn; reset at every turn's end (CL-2)."""

    skill: int = 0
    swords: int = 0
    boots: int = 0
    teleports: int = 0
    neg_clank: int = 0              # negative clank left over: cancels later clank, the
    #                                 refill's arrive clank included (CL-7.3, CL-2.10)
    clank_made: int = 0             # clank made this turn, not cancelled (CL-12.9)
    per_clank: int = 0              # skill per clank, from cards played
    boots_locked: bool = False      # entered a crystal cave this turn
    watches: list[tuple[str, int, str, bool]] = field(default_factory=list)
    #   conditional effects still waiting: (verb, n, condition, the card has that tag)
    to_trash: list[str] = field(default_factory=list)       # leave at the end of the turn
    pending: list[tuple[str, int]] = field(default_factory=list)   # ("trash"|"discard", n)
    secret_to_reveal: str = ""      # "minor"/"major": a token taken, its face still unknown


@dataclass
class ClankState:
    content: Content
    players: list[Player]
    dungeon: dict[str, int]                    # the dungeon deck (a multiset)
    dungeon_discard: dict[str, int] = field(default_factory=dict)
    row: list[str | None] = field(default_factory=list)     # the dungeon row, 6 slots
    reserve: dict[str, int] = field(default_factory=dict)   # mercenary, explore, tome piles
    artifacts: dict[int, int] = field(default_factory=dict)  # room -> artifact value there
    secret_slots: dict[int, int] = field(default_factory=dict)  # room -> face-down tokens
    secret_pool: dict[str, dict[str, int]] = field(default_factory=dict)  # unrevealed
    box: dict[str, int] = field(default_factory=dict)        # secret tokens used up
    idols: int = 0                             # monkey idols on the shrine
    market: dict = field(default_factory=dict)               # keys, backpacks, crowns left
    black_bag: int = 0
    black_aside: int = 0
    rage: int = 0                              # index on the rage track
    countdown_seat: int | None = None          # the first player out (Schicksalsweg)
    countdown: int = 0                         # space 1..5 of the countdown track
    seat: int = 0                              # whose turn it is
    turn_no: int = 1
    turn: Turn = field(default_factory=Turn)
    phase: str = "artifacts"                   # artifacts row deal turn refill attack hand over
    to_remove: int = 0                         # artifacts still to remove at setup
    to_draw: int = 0                           # cards the drawing seat still draws
    draw_seat: int = 0
    refill_attack: bool = False                # a revealed card showed the dragon symbol
    attack_left: int = 0                       # cubes still to draw in this attack
    attack_drawn: list[str] = field(default_factory=list)   # colours drawn this attack
    log: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]
