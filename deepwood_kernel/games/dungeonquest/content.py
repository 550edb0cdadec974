"""Load and validate DungeonQuest's ``content.toml``: board, sun track, tiles, decks, heroes.

The rulebook gives rules but no content, so the default file is **designed for this
project** (marked in its header). Card effects are data in a small vocabulary (DQ-14 of
``docs/rules/dungeonquest.md``): one string per effect, ``"verb"`` or ``"verb ARG"``. The
rules interpret them; there is no code per card. Every check names the file, the entry and
the problem.

>>> c = load_content()
>>> sum(t.count for t in c.tiles.values())
117
>>> {d: sum(k.count for k in c.cards.values() if k.deck == d) for d in DECKS}["dungeon"]
50
>>> parse_effect("wounds_die 2")
('wounds_die', '2')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from pydantic import Field as Declared

from ...core.content import (Choice, Flag, Int, Items, Key, Meta, Name, Pattern, Schema,
                             Table, validate)
from ...core.errors import ContentError, read_content_toml

DEFAULT_FILE = Path(__file__).with_name("content.toml")

DIRS = "NESW"
DELTA = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}       # (dcol, drow) per direction
ATTRS = ("strength", "agility", "toughness", "luck")
ATTR_DE = {"strength": "Stärke", "agility": "Gewandtheit", "toughness": "Zähigkeit",
           "luck": "Glück"}
DECKS = ("dungeon", "catacomb", "corpse", "trap", "crypt", "door", "search", "treasure",
         "rune", "monster", "dragon")
#: the rulebook's component counts (Spielmaterial): each deck must have exactly this many
DECK_SIZES = {"dungeon": 50, "catacomb": 40, "corpse": 15, "trap": 15, "crypt": 15,
              "door": 15, "search": 30, "treasure": 32, "rune": 12, "monster": 20,
              "dragon": 8}
TILE_COUNT = 117
TILE_TYPES = ("dungeon", "corridor", "trap", "cave_in", "chasm", "bridge", "rotating",
              "darkness", "web", "pit")
SIDE_KINDS = {"o": "open", "w": "wall", "d": "door", "p": "portcullis"}

#: the effect vocabulary: verb -> (argument kind, meaning)
VERBS = {
    "wounds": ("int", "suffer N wounds"),
    "wounds_die": ("int", "suffer wounds equal to N dice"),
    "heal": ("int", "heal N wounds"),
    "determination": ("int", "take N determination tokens from the supply"),
    "monster": (None, "you meet a monster"),
    "dead": (None, "you are dead"),
    "end_turn": (None, "your turn ends"),
    "catacombs": (None, "you fall into the catacombs"),
    "entrance": (None, "place a catacomb entrance marker in your room"),
    "draw": ("deck", "draw a card of that deck and resolve it"),
    "may": ("deck", "you may draw a card of that deck (your choice)"),
    "secret_door": (None, "a secret door in a wall of your room (search cards only)"),
}
#: verbs only the cards of one deck may carry: a secret door is found by searching
#: ("Das Durchsuchen eines Raumes kann … Geheimtüren … zum Vorschein bringen")
DECK_ONLY_VERBS = {"secret_door": "search"}
_EFFECT_RE = re.compile(r"^([a-z_]+)(?: ([a-z0-9_]+))?$")


def parse_effect(text, where: str = "effect", file: str = "content.toml") -> tuple:
    """``"heal 2"`` -> ``('heal', '2')``; checks the verb and its argument."""
    m = _EFFECT_RE.match(text) if isinstance(text, str) else None
    if m is None:
        raise ContentError(file, where, f"{text!r} is not an effect like 'heal 2' or 'monster'")
    verb, arg = m.group(1), m.group(2)
    if verb not in VERBS:
        raise ContentError(file, where, f"unknown effect {verb!r}; known: {', '.join(VERBS)}")
    kind = VERBS[verb][0]
    if kind is None and arg is not None:
        raise ContentError(file, where, f"{text!r}: {verb!r} takes no argument")
    if kind == "int" and (arg is None or not arg.isdigit() or int(arg) < 1):
        raise ContentError(file, where, f"{text!r}: {verb!r} needs a positive number")
    if kind == "deck" and arg not in DECKS:
        raise ContentError(file, where, f"{text!r}: {verb!r} needs a deck, one of "
                                        f"{', '.join(DECKS)}")
    return (verb, arg)


@dataclass(frozen=True)
class Tile:
    key: str
    type: str
    sides: str                    # N E S W in the tile's frame (arrow on S)
    far: str = ""                 # sides beyond the rubble / chasm / bridge span
    torch: bool = False
    entrance: bool = False
    count: int = 1


#: decks whose cards may be loot (Beute); rune, door, monster and dragon cards are not
LOOT_DECKS = ("dungeon", "catacomb", "corpse", "trap", "crypt", "search", "treasure")
#: when a hero's special ability acts (DQ-14.7): in every status phase, or as the action
ABILITY_WHEN = ("status", "action")
#: the most uses of a special ability per game a content file may give (0: no limit)
MAX_ABILITY_USES = 20


@dataclass(frozen=True)
class Card:
    key: str
    deck: str
    name: str
    count: int
    gold: int = 0                 # the gold value of a loot card (0: none, DQ-8.5)
    effects: tuple = ()
    test: str = ""
    passed: tuple = ()
    failed: tuple = ()
    keep: bool = False
    start: tuple = ()
    cure: str = ""
    exit: bool = False
    life: int = 0
    escape: int = 0
    bonus_attr: str = ""
    bonus_with: str = ""
    bonus: int = 0
    loot: bool = False            # a loot card (Beute): gold > 0, or ``loot = true``


@dataclass(frozen=True)
class Ability:
    """A hero's special ability from the hero sheet (DQ-14.7, designed).

    ``when`` is ``"status"`` (its effects act in every status phase of the hero's) or
    ``"action"`` (the hero may use it as the turn's one action); ``uses`` limits how often
    in a game (0: no limit). ``effects`` are in the card vocabulary (DQ-14.2)."""
    name: str
    when: str
    effects: tuple
    uses: int = 0


@dataclass(frozen=True)
class Hero:
    key: str
    name: str
    strength: int
    agility: int
    toughness: int
    luck: int
    life: int
    ability: Ability | None = None


@dataclass
class Content:
    file: str
    columns: int
    rows: int
    towers: tuple
    treasure: tuple
    sun_length: int
    sun_numbers: dict
    supply: dict
    combat_cards: tuple
    combat_names: tuple
    hero_wounds: tuple
    monster_wounds: tuple
    heroes: dict
    tiles: dict
    cards: dict
    deck_keys: dict = field(default_factory=dict)

    def sq(self, col: int, row: int) -> str:
        return f"{'abcdefghijklmnopqrstuvwxyz'[col]}{row + 1}"

    def xy(self, sq: str) -> tuple[int, int]:
        return ord(sq[0]) - 97, int(sq[1:]) - 1

    def neighbour(self, sq: str, d: int) -> str | None:
        c, r = self.xy(sq)
        dc, dr = DELTA[d]
        c, r = c + dc, r + dr
        if 0 <= c < self.columns and 0 <= r < self.rows:
            return self.sq(c, r)
        return None


# ------------------------------------------------------------------------------ the schema
# Bounds keep a game playable (issue 23): the board is at most 26 x 26 squares (a-z, the
# square names' letters; the designed board is 10 x 12); the sun track at most 60 spaces
# (a die decides on numbered ones, 1-6); attributes are 2-12 (a 2d6 test) and life at most
# 40; combat wounds at most 20 a card pair; a card kind has at most 50 copies and loot is
# worth at most 10,000 gold (the designed maximum is 700); tiles and card kinds at most 200
# (the decks' exact sizes and the 117 tiles are checked in parse_content, with every other
# cross-field rule: the named loot exists, the treasure squares are adjacent...).
Square = Pattern(r"^[a-z]([1-9]|1[0-9]|2[0-6])$", "a square like 'e6' (column a-z, row 1-26)")
EffectText = Pattern(r"^[a-z_]+( [a-z0-9_]+)?$", "an effect like 'heal 2' or 'monster'")
Effects = Items(EffectText, 8)
Attr = Choice(*ATTRS, "")


class BoardSpec(Schema):
    columns: Int(3, 26)
    rows: Int(3, 26)
    towers: Items(Square, 4, 4)
    treasure: Items(Square, 2, 2)


class SunSpec(Schema):
    length: Int(2, 60)
    numbered: Items(Items(Int(1, 60), 2, 2), 60, 1)


class SupplySpec(Schema):
    tokens: Int(1, 999)
    monster_markers: Int(1, 99)
    entrance_markers: Int(1, 99)


Wounds = Items(Items(Int(0, 20), 3, 3), 3, 3)


class CombatSpec(Schema):
    cards: Items(Key, 3, 3)
    names: Items(Name, 3, 3)
    hero_wounds: Wounds
    monster_wounds: Wounds


class AbilitySpec(Schema):
    """A hero's special ability (DQ-14.7, designed); ``uses`` 0 means no limit."""
    name: Name
    when: Choice(*ABILITY_WHEN)
    effects: Items(EffectText, 8, 1)
    uses: Int(0, MAX_ABILITY_USES) = 0


class HeroSpec(Schema):
    name: Name
    strength: Int(2, 12)
    agility: Int(2, 12)
    toughness: Int(2, 12)
    luck: Int(2, 12)
    life: Int(2, 40)
    ability: AbilitySpec | None = None


class TileSpec(Schema):
    type: Choice(*TILE_TYPES)
    sides: Pattern(r"^[owdp]{4}$", "4 letters of o, w, d, p (N E S W)")
    far: Pattern(r"^[NEW]{0,3}$", "sides from N, E, W") = ""
    torch: Flag = False
    entrance: Flag = False
    count: Int(1, TILE_COUNT)


class CardSpec(Schema):
    deck: Choice(*DECKS)
    name: Name
    count: Int(1, 50)
    gold: Int(0, 10_000) = 0
    loot: Flag = False
    effects: Effects = []
    test: Attr = ""
    passed: Effects = Declared([], alias="pass")
    failed: Effects = Declared([], alias="fail")
    keep: Flag = False
    start: Effects = []
    cure: Attr = ""
    exit: Flag = False
    life: Int(0, 40) = 0
    escape: Int(0, 12) = 0
    bonus_attr: Attr = ""
    bonus_with: Key | Choice("") = ""
    bonus: Int(0, 10_000) = 0


class ContentSpec(Schema):
    """The whole ``content.toml`` of DungeonQuest."""

    meta: Meta = {}
    board: BoardSpec
    sun: SunSpec
    supply: SupplySpec
    combat: CombatSpec
    heroes: Table(Key, HeroSpec, 24, min_length=4)
    tiles: Table(Key, TileSpec, 200, min_length=1)
    cards: Table(Key, CardSpec, 200, min_length=1)


def _need(d: dict, key: str, typ, file: str, entry: str, *, default=None, low=None):
    if key not in d:
        if default is not None:
            return default
        raise ContentError(file, entry, f"missing {key!r}")
    v = d[key]
    if typ is int and (type(v) is not int):
        raise ContentError(file, entry, f"{key!r} must be a whole number, got {v!r}")
    if typ is bool and type(v) is not bool:
        raise ContentError(file, entry, f"{key!r} must be true or false, got {v!r}")
    if typ is str and type(v) is not str:
        raise ContentError(file, entry, f"{key!r} must be a string, got {v!r}")
    if typ is list and type(v) is not list:
        raise ContentError(file, entry, f"{key!r} must be a list, got {v!r}")
    if low is not None and v < low:
        raise ContentError(file, entry, f"{key!r} must be at least {low}, got {v!r}")
    return v


def _effects(lst, file, entry) -> tuple:
    if type(lst) is not list:
        raise ContentError(file, entry, f"effects must be a list of strings, got {lst!r}")
    return tuple(parse_effect(e, entry, file) for e in lst)


def _ability(a, file: str, entry: str) -> Ability | None:
    """``[heroes.KEY.ability]``: name, when (status or action), effects, uses (0..20)."""
    if a is None:
        return None
    e = f"{entry}.ability"
    if not isinstance(a, dict):
        raise ContentError(file, e, "must be a table with name, when, effects and uses")
    unknown = set(a) - {"name", "when", "effects", "uses"}
    if unknown:
        raise ContentError(file, e, f"unknown field(s) {', '.join(sorted(unknown))}; known: "
                                    "name, when, effects, uses")
    when = _need(a, "when", str, file, e)
    if when not in ABILITY_WHEN:
        raise ContentError(file, e, f"when {when!r} must be one of {', '.join(ABILITY_WHEN)}")
    effects = _effects(_need(a, "effects", list, file, e), file, e)
    if not effects:
        raise ContentError(file, e, "needs at least one effect")
    for verb, _ in effects:
        if verb in DECK_ONLY_VERBS:
            raise ContentError(file, e, f"{verb!r} is found only on {DECK_ONLY_VERBS[verb]} "
                                        "cards, not by a hero's ability")
    uses = _need(a, "uses", int, file, e, low=0) if "uses" in a else 0
    if uses > MAX_ABILITY_USES:
        raise ContentError(file, e, f"uses must be 0 (no limit) to {MAX_ABILITY_USES}, "
                                    f"got {uses}")
    return Ability(_need(a, "name", str, file, e), when, effects, uses)


def parse_content(data: dict, file: str) -> Content:
    """Validate parsed TOML against :class:`ContentSpec` and build :class:`Content` (see
    the file's header)."""
    validate(ContentSpec, data, file)
    for sec in ("board", "sun", "supply", "combat", "heroes", "tiles", "cards"):
        if not isinstance(data.get(sec), dict):
            raise ContentError(file, sec, "missing section")
    b = data["board"]
    cols = _need(b, "columns", int, file, "board", low=3)
    rows = _need(b, "rows", int, file, "board", low=3)
    if cols > 26 or rows > 99:
        raise ContentError(file, "board", "at most 26 columns and 99 rows")
    content = Content(file, cols, rows, (), (), 0, {}, {}, (), (), (), (), {}, {}, {})
    towers = tuple(_need(b, "towers", list, file, "board"))
    treasure = tuple(_need(b, "treasure", list, file, "board"))
    squares = {content.sq(c, r) for c in range(cols) for r in range(rows)}
    for sq in towers + treasure:
        if sq not in squares:
            raise ContentError(file, "board", f"{sq!r} is not a square of the board")
    if len(towers) != 4 or len(set(towers)) != 4:
        raise ContentError(file, "board", "needs 4 different tower rooms")
    if len(treasure) != 2 or set(treasure) & set(towers):
        raise ContentError(file, "board", "the treasure chamber is 2 squares, no tower room")
    (c0, r0), (c1, r1) = content.xy(treasure[0]), content.xy(treasure[1])
    if abs(c0 - c1) + abs(r0 - r1) != 1:
        raise ContentError(file, "board", "the 2 treasure squares must be adjacent")
    content.towers, content.treasure = towers, treasure
    s = data["sun"]
    length = _need(s, "length", int, file, "sun", low=2)
    nums = {}
    for pair in _need(s, "numbered", list, file, "sun"):
        if (type(pair) is not list or len(pair) != 2 or any(type(x) is not int for x in pair)
                or not 2 <= pair[0] <= length or not 1 <= pair[1] <= 6):
            raise ContentError(file, "sun", f"numbered entry {pair!r} must be [space 2..{length}, "
                                            "number 1..6]")
        nums[pair[0]] = pair[1]
    if nums.get(length) != 6:
        raise ContentError(file, "sun", f"the last space ({length}) must carry a 6, so the "
                                        "sun always sets")
    content.sun_length, content.sun_numbers = length, nums
    sup = data["supply"]
    content.supply = {k: _need(sup, k, int, file, "supply", low=1)
                      for k in ("tokens", "monster_markers", "entrance_markers")}
    cb = data["combat"]
    cards = tuple(_need(cb, "cards", list, file, "combat"))
    if len(cards) != 3 or len(set(cards)) != 3:
        raise ContentError(file, "combat", "needs 3 different combat cards")
    names = tuple(_need(cb, "names", list, file, "combat"))
    if len(names) != 3:
        raise ContentError(file, "combat", "needs 3 card names")
    tables = []
    for t in ("hero_wounds", "monster_wounds"):
        m = _need(cb, t, list, file, "combat")
        if (len(m) != 3 or any(type(r) is not list or len(r) != 3 for r in m)
                or any(type(x) is not int or x < 0 for r in m for x in r)):
            raise ContentError(file, "combat", f"{t!r} must be a 3x3 table of whole "
                                               "numbers >= 0")
        tables.append(tuple(tuple(r) for r in m))
    if any(tables[0][h][m] + tables[1][h][m] == 0 for h in range(3) for m in range(3)):
        raise ContentError(file, "combat", "every pair of cards must wound someone, or a "
                                           "fight could last for ever")
    content.combat_cards, content.combat_names = cards, names
    content.hero_wounds, content.monster_wounds = tables
    for key, h in data["heroes"].items():
        e = f"heroes.{key}"
        if not isinstance(h, dict):
            raise ContentError(file, e, "must be a table")
        vals = {a: _need(h, a, int, file, e, low=2) for a in ATTRS + ("life",)}
        for a in ATTRS:
            if vals[a] > 12:
                raise ContentError(file, e, f"{a!r} must be 2..12 (a 2d6 test)")
        content.heroes[key] = Hero(key, _need(h, "name", str, file, e), **vals,
                                   ability=_ability(h.get("ability"), file, e))
    if len(content.heroes) < 4:
        raise ContentError(file, "heroes", "needs at least 4 heroes (4 players)")
    for key, t in data["tiles"].items():
        e = f"tiles.{key}"
        if not isinstance(t, dict):
            raise ContentError(file, e, "must be a table")
        typ = _need(t, "type", str, file, e)
        if typ not in TILE_TYPES:
            raise ContentError(file, e, f"unknown type {typ!r}; known: {', '.join(TILE_TYPES)}")
        sides = _need(t, "sides", str, file, e)
        if len(sides) != 4 or any(ch not in SIDE_KINDS for ch in sides):
            raise ContentError(file, e, f"sides {sides!r} must be 4 letters of o, w, d, p (N E S W)")
        if sides[2] != "o":
            raise ContentError(file, e, "the S side carries the entry arrow and must be open")
        far = t.get("far", "")
        if type(far) is not str or any(ch not in DIRS or ch == "S" for ch in far):
            raise ContentError(file, e, f"far {far!r} must list sides from N, E, W")
        if typ in ("cave_in", "chasm", "bridge") and not far:
            raise ContentError(file, e, f"a {typ} tile needs 'far' (the sides across it)")
        content.tiles[key] = Tile(key, typ, sides, far,
                                  _need(t, "torch", bool, file, e, default=False),
                                  _need(t, "entrance", bool, file, e, default=False),
                                  _need(t, "count", int, file, e, low=1))
    total = sum(t.count for t in content.tiles.values())
    if total != TILE_COUNT:
        raise ContentError(file, "tiles", f"{total} room tiles; the game has {TILE_COUNT}")
    for key, c in data["cards"].items():
        e = f"cards.{key}"
        if not isinstance(c, dict):
            raise ContentError(file, e, "must be a table")
        deck = _need(c, "deck", str, file, e)
        if deck not in DECKS:
            raise ContentError(file, e, f"unknown deck {deck!r}; known: {', '.join(DECKS)}")
        test = c.get("test", "")
        if test and test not in ATTRS:
            raise ContentError(file, e, f"test {test!r} must be one of {', '.join(ATTRS)}")
        cure = c.get("cure", "")
        if cure and cure not in ATTRS:
            raise ContentError(file, e, f"cure {cure!r} must be one of {', '.join(ATTRS)}")
        bonus_attr = c.get("bonus_attr", "")
        if bonus_attr and bonus_attr not in ATTRS:
            raise ContentError(file, e, f"bonus_attr {bonus_attr!r} must be an attribute")
        card = Card(key, deck, _need(c, "name", str, file, e), _need(c, "count", int, file, e, low=1),
                    gold=_need(c, "gold", int, file, e, default=0) if "gold" in c else 0,
                    effects=_effects(c.get("effects", []), file, e), test=test,
                    passed=_effects(c.get("pass", []), file, e),
                    failed=_effects(c.get("fail", []), file, e),
                    keep=_need(c, "keep", bool, file, e, default=False) if "keep" in c else False,
                    start=_effects(c.get("start", []), file, e), cure=cure,
                    exit=_need(c, "exit", bool, file, e, default=False) if "exit" in c else False,
                    life=c.get("life", 0), escape=c.get("escape", 0),
                    bonus_attr=bonus_attr, bonus_with=c.get("bonus_with", ""),
                    bonus=c.get("bonus", 0))
        if card.gold < 0:
            raise ContentError(file, e, "gold must be >= 0")
        # DQ-8.5: loot "oftmals" (not always) has a gold value; `loot = true` marks a
        # loot card without one, and any gold makes a card loot
        flag = _need(c, "loot", bool, file, e) if "loot" in c else None
        if flag is False and card.gold > 0:
            raise ContentError(file, e, f"a card with gold ({card.gold}) is loot; drop "
                                        "'loot = false'")
        if card.gold > 0 or flag:
            if deck not in LOOT_DECKS:
                raise ContentError(file, e, f"a {deck} card cannot be loot; loot comes from "
                                            f"the decks {', '.join(LOOT_DECKS)}")
            card = replace(card, loot=True)
        for verb, _ in card.effects + card.passed + card.failed + card.start:
            if verb in DECK_ONLY_VERBS and deck != DECK_ONLY_VERBS[verb]:
                raise ContentError(file, e, f"{verb!r} is found only on "
                                            f"{DECK_ONLY_VERBS[verb]} cards, not {deck} cards")
        if (card.passed or card.failed) and not test:
            raise ContentError(file, e, "pass/fail effects need a 'test'")
        if deck == "monster" and (type(card.life) is not int or card.life < 1
                                  or type(card.escape) is not int or card.escape < 0):
            raise ContentError(file, e, "a monster needs life >= 1 and escape >= 0")
        if card.keep and deck == "rune":
            raise ContentError(file, e, "rune cards always stay in your area; no 'keep'")
        if card.exit and deck != "catacomb":
            raise ContentError(file, e, "only catacomb cards can let you leave (exit)")
        content.cards[key] = card
    for key, card in content.cards.items():
        if card.bonus_with and (card.bonus_with not in content.cards
                                or not content.cards[card.bonus_with].loot):
            raise ContentError(file, f"cards.{key}", f"bonus_with {card.bonus_with!r} must "
                                                     "name a loot card")
    for d in DECKS:
        keys = tuple(sorted(k for k, c in content.cards.items() if c.deck == d))
        n = sum(content.cards[k].count for k in keys)
        if n != DECK_SIZES[d]:
            raise ContentError(file, d, f"the {d} deck has {n} cards; the game has "
                                        f"{DECK_SIZES[d]}")
        content.deck_keys[d] = keys
    return content


@lru_cache(maxsize=1)
def load_content() -> Content:
    """The content designed for this project (the package's ``content.toml``)."""
    return parse_content(read_content_toml(DEFAULT_FILE), DEFAULT_FILE.name)
