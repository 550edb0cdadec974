"""Deep Wood's state: plain dataclasses, no behaviour (the rules live in ``rules.py``).

Fields of a forest board are numbered ``row * columns + column``; row 0 is the bottom wall
(Mauer), rows 1..7 the forest, row 8 the top wall. Names read like chess squares: ``c1`` is
the middle of the bottom forest row, ``c0`` the wall field below it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .content import Content

FACE_DOWN = "?"


@dataclass
class Board:
    """One player's forest board (Spielplan)."""

    tiles: list[str | None]          # None: bare forest floor, wall or rock; "?" face down
    stones: list[int]                # marker stones (Markierungssteine) on each field
    trolls: list[int]                # trolls other players placed here, stacked
    hidden: dict[str, int]           # the face-down tiles, a multiset: revealing is chance
    figure: int | None = None        # field of the figure; None before entering / after leaving
    path: list[int] = field(default_factory=list)   # fields walked, wall field first
    left: bool = False               # crossed the top wall (den Wald verlassen)


@dataclass
class Player:
    """A player's supplies and collected cards, face up for everyone (Ressourcen liegen offen)."""

    name: str
    res: dict[str, int]              # potions, books, gold, stones
    swords: int = 1                  # usable swords (face up); the starting sword
    swords_spent: int = 0            # swords turned face down after fights
    step_backs: int = 2              # unused step-back tiles (Ruckzieh-Kartchen)
    obstacles: dict[str, int] = field(
        default_factory=lambda: {"thicket": 0, "gate": 0, "guard": 0})
    trolls: int = 0                  # troll tiles in front of the player
    trolls_fresh: int = 0            # of those, taken this round (placeable from next round)
    troll_placed_round: int = 0      # the round in which this player last placed a troll
    monsters: list[tuple[int, int]] = field(default_factory=list)  # (card index, round won)
    beaten: list[int] = field(default_factory=list)                 # strengths beaten
    hand: list[int] = field(default_factory=list)                   # strip ids, secret
    market_field: str | None = None  # border field of the small figure


@dataclass
class Fight:
    """A rock-monster fight in progress (Felsmonsterkampf)."""

    strength: int
    dice: int
    kept: list[int] = field(default_factory=list)    # dice set aside, descending
    rolled: list[int] = field(default_factory=list)  # the latest roll, descending
    rolls: int = 0                                   # rolls made so far (at most 3)
    troll_placed: bool = False   # a troll was placed after the last roll: must be won (DW-8.5)


@dataclass
class DeepWoodState:
    content: Content
    players: list[Player]
    boards: list[Board]
    middle: list[int]                    # indices of monster cards still in the middle
    pile: list[int]                      # strip ids in the draw pile (a multiset)
    market: list[int] = field(default_factory=list)         # strips on the market, in order
    cells: list[str | None] = field(default_factory=lambda: [None] * 16)   # visible cells
    cell_strip: list[int | None] = field(default_factory=lambda: [None] * 16)
    borders: dict[str, int] = field(default_factory=dict)   # border field -> seat
    round: int = 1
    seat: int = 0
    phase: str = "deal"
    reveal_at: int | None = None
    fight: Fight | None = None
    gained: dict[str, int] = field(default_factory=dict)    # taken from the market this turn
    final_turns: int | None = None       # turns left once someone has left the forest
    piles_made: int = 1
    log: list[str] = field(default_factory=list)
    # rule options (DW-12.x): the rulebook's values unless the game was created otherwise
    set_gold: int = 15                   # gold for a set of three obstacles (DW-12.1)
    fog_round: int = 11                  # the round in which the fog sets in (DW-12.3)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def fog_row(self) -> int | None:
        """Highest forest row in fog, or None before the fog sets in (after round 10, or
        in the round of the ``fog_round`` option, DW-12.3), rising one row a round."""
        if self.round < self.fog_round:
            return None
        return self.content.fog_start_row + self.round - self.fog_round
