"""Klong!'s content as value types (rooms, tunnels, cards, secrets, the whole :class:`Content`)
and the card-effect vocabulary: ``"verb N"`` or ``"if COND: verb N"``, parsed by
:func:`parse_effect`. :mod:`.content` loads and checks a file into these and re-exports
every name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import ContentError


#: The effect vocabulary (``docs/rules/clank.md``, section 12) and what each verb does.
VERBS = {
    "skill": "skill this turn", "swords": "swords this turn", "boots": "boots this turn",
    "gold": "gold from the bank", "clank": "clank (negative: remove your cubes)",
    "draw": "cards drawn from your deck", "heal": "damage healed",
    "teleport": "teleports this turn", "trash": "cards trashed from discard pile or play area",
    "discard_draw": "cards drawn if you discard 1 card from hand", "rage": "rage steps",
    "clank_all": "clank added by every player still in the game",
    "skill_per_clank": "skill for every clank you make this turn",
}


CONDITIONS = {
    "companion": "another companion is in your play area",
    "gem": "another gem is in your play area",
    "crown": "you own a crown", "key": "you own a master key",
    "artifact": "you carry an artifact", "depths": "your figure is in the depths",
}


CARD_SETS = ("starter", "reserve", "dungeon")


CARD_TYPES = ("action", "device", "monster")


TAGS = ("companion", "gem")


SECRET_SIZES = ("minor", "major")


SECRET_WHEN = ("now", "use", "end")


# which effect lists a card type may carry
TYPE_FIELDS = {"action": ("play", "acquire", "arrive"), "device": ("use", "arrive"),
               "monster": ("reward", "arrive")}


EFFECT_FIELDS = ("play", "acquire", "arrive", "use", "reward")


ARRIVE_VERBS = ("clank_all", "rage")          # arrive effects act on everyone, not a player


_EFFECT_RE = re.compile(r"^(?:if ([a-z_]+): )?([a-z_]+) (-?\d+)$")


@dataclass(frozen=True)
class Effect:
    """One effect of a card or secret: ``verb`` with amount ``n``, under condition ``cond``."""

    verb: str
    n: int
    cond: str | None = None

    def __str__(self) -> str:
        return (f"if {self.cond}: " if self.cond else "") + f"{self.verb} {self.n}"


def parse_effect(text: str, where: str = "effect", file: str = "content.toml") -> Effect:
    """Parse ``"skill 2"``, ``"clank -1"`` or ``"if crown: swords 1"`` into an :class:`Effect`."""
    m = _EFFECT_RE.match(text) if isinstance(text, str) else None
    if m is None:
        raise ContentError(file, where, f"{text!r} is not an effect like 'skill 2' or "
                                        "'if companion: draw 1'")
    cond, verb, n = m.group(1), m.group(2), int(m.group(3))
    if verb not in VERBS:
        raise ContentError(file, where, f"unknown effect {verb!r}; known: {', '.join(VERBS)}")
    if cond is not None and cond not in CONDITIONS:
        raise ContentError(file, where, f"unknown condition {cond!r}; known: "
                                        f"{', '.join(CONDITIONS)}")
    if n == 0 or (n < 0 and verb != "clank"):
        raise ContentError(file, where, f"{text!r}: the amount must be positive "
                                        "(only clank may be negative)")
    return Effect(verb, n, cond)


@dataclass(frozen=True)
class Room:
    """A room of the dungeon map (or the start space outside it)."""

    index: int
    id: str
    name: str
    x: int
    y: int
    depths: bool = False
    crystal: bool = False
    fountain: bool = False
    market: bool = False
    shrine: bool = False
    artifact: int = 0            # value of the artifact lying here at the start (0: none)
    secret: str = ""             # "", "minor" or "major": the secret room's kind


@dataclass(frozen=True)
class Tunnel:
    """A tunnel between rooms ``a`` and ``b`` (indices), with its symbols."""

    a: int
    b: int
    boots: int = 1               # 2: footprints
    monsters: int = 0            # threat symbols: 1 damage each unless a sword is spent
    locked: bool = False         # needs a master key
    one_way: bool = False        # only from a to b
    wrap: bool = False           # continues across the board edge (drawing only)

    def other(self, room: int) -> int:
        return self.b if room == self.a else self.a


@dataclass(frozen=True)
class Secret:
    """A kind of secret token (Kleines / Großes Versteck)."""

    key: str
    name: str
    size: str                    # "minor" or "major"
    count: int
    when: str                    # "now", "use" (kept, used on your turn), "end" (at the end
    #                              of the turn it was found, else lost: CL-13.9)
    effects: tuple[Effect, ...]
    points: int = 0


@dataclass(frozen=True)
class Card:
    """A kind of card; ``count`` copies exist (per player for starters)."""

    key: str
    name: str
    set: str
    type: str
    count: int
    cost: int = 0
    german: str = ""          # the German edition's name, shown beside the English one
    swords: int = 0
    points: int = 0
    dragon: bool = False
    danger: bool = False
    tags: tuple[str, ...] = ()
    play: tuple[Effect, ...] = ()
    acquire: tuple[Effect, ...] = ()
    arrive: tuple[Effect, ...] = ()
    use: tuple[Effect, ...] = ()
    reward: tuple[Effect, ...] = ()

    def text(self) -> str:
        """The card's effects in the vocabulary, one clause per field (for labels)."""
        parts = []
        for fld in EFFECT_FIELDS:
            effects = getattr(self, fld)
            if effects:
                body = ", ".join(map(str, effects))
                parts.append(body if fld == "play" else f"{fld}: {body}")
        return "; ".join(parts) or "no effect"


@dataclass(frozen=True)
class Content:
    file: str
    game: dict
    market: dict
    width: int
    height: int
    depths_y: int
    start: int                               # index of the start space
    rooms: tuple[Room, ...]
    tunnels: tuple[Tunnel, ...]
    secrets: dict[str, Secret]
    cards: dict[str, Card]
    room_index: dict[str, int]
    exits: tuple[tuple[tuple[int, Tunnel], ...], ...]       # room -> (dest, tunnel) crossable
    adjacent: tuple[tuple[int, ...], ...]                    # room -> every room one tunnel away

    def __deepcopy__(self, memo) -> "Content":
        return self          # immutable and shared by every copy of a game

    def room(self, rid: str) -> Room:
        return self.rooms[self.room_index[rid]]

    def card(self, key: str) -> Card:
        return self.cards[key]

    @property
    def health(self) -> int:
        return self.game["health"]

    def keys_of(self, set_: str) -> list[str]:
        return [k for k, c in self.cards.items() if c.set == set_]
