"""Load and validate Dungeon Draw's ``content.toml``: card geometry, goals, spell books.

The rulebook gives no dungeon-card contents, so the default file holds cards designed for
this project (marked so in its header). A card is a small graph (DD-4.x): nodes on its
cells (corridors, rooms, stairs) and edge connectors on its rim, joined by corridor
segments ("links"), with trap-pit shafts ("drops") down to the underground. Every check
names the file, the entry and the problem.

>>> c = load_content()
>>> len(c.start_cards), sum(1 for k in c.cards if c.cards[k].deck == "dungeon")
(9, 32)
>>> sorted(c.cards["s1"].nodes)
['L1', 'R1', 'c01', 'c11']
>>> c.goals["monster"]
3
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import model_validator

from ...core.content import (Choice, Int, Items, Key, Name, Pattern, Schema, Table, Text,
                             require, validate)
from ...core.errors import ContentError, read_content_toml

DEFAULT_FILE = Path(__file__).with_name("content.toml")

ITEMS = ("coin", "barrel", "sword", "rope", "key", "scroll")
OBSTACLES = ("monster", "lock", "trap", "lava")
UPGRADES = ("recycle", "scissors")
CONTENTS = ITEMS + OBSTACLES + ("portal",) + UPGRADES
KINDS = ("corridor", "room", "stairs")
GOAL_KINDS = ("barrel", "monster", "room", "key", "rope", "coin", "pit", "lock", "scroll",
              "portal", "sword", "stairs")
#: the spell books of the rulebook's list, all 17 implemented (SB-14 since hand cards left
#: over stay in hand, DD-4.4)
BOOK_IDS = tuple(f"SB-{i}" for i in range(1, 18))
CARD_W, CARD_H = 2, 3                       # cells: upright cards (DD-4.1)

_NODE = re.compile(r"^([cus])([01])([012])$")
_CONN = re.compile(r"^([LRTB])(\d)(u?)$")


@dataclass(frozen=True)
class Node:
    """One node of a card: ``kind`` is ``edge`` for a rim connector, else corridor, room or
    stairs; ``level`` 0 main, 1 underground (a stair is level 0 and joins both); ``x, y``
    in half-cells (a card is 4 wide, 6 tall); ``side`` for connectors."""

    id: str
    kind: str
    level: int
    x: int
    y: int
    contents: tuple[str, ...] = ()
    side: str = ""


@dataclass(frozen=True)
class Card:
    key: str
    name: str
    deck: str                                # "start" or "dungeon"
    cost: int
    nodes: dict
    links: tuple[tuple[str, str], ...]
    drops: tuple[tuple[str, str], ...]

    def count(self, what: str) -> int:
        return sum(n.contents.count(what) for n in self.nodes.values())


@dataclass(frozen=True, eq=False)
class Content:
    file: str
    game: dict
    fairy: dict                               # tile kind -> what it overcomes
    goals: dict                               # goal kind -> points
    goal_count: int
    goal_hourglass: int
    books: dict                               # SB id -> description
    cards: dict                               # key -> Card

    @property
    def start_cards(self) -> list[str]:
        return [k for k, c in self.cards.items() if c.deck == "start"]

    def stack(self, cost: int) -> list[str]:
        return [k for k, c in self.cards.items() if c.deck == "dungeon" and c.cost == cost]

    def __deepcopy__(self, memo):            # content is immutable: forks share it
        return self


# ------------------------------------------------------------------------------ the schema
# Bounds keep a game playable (issue 23): the rulebook plays 6 rounds with hands of 5 and
# 2 face-up cards; a dungeon is built from at most a hand of cards and the path search over
# it grows fast with its size, so hands stay at most 6 and rounds at most 12; coins and
# points are at most 99; a card is 2 x 3 cells, so its graph is small (at most 12 nodes,
# 30 links, 6 drops); at most 120 cards. Geometry and cross-field checks (9 starting
# cards, costs among the stacks, enough goal cards) follow in parse_content.
Coins = Int(0, 99)


class GameSpec(Schema):
    rounds: Int(1, 12)
    starting_coins: Coins
    hand_size: Int(1, 6)
    fairy_stack: Int(0, 20)
    fairy_cost: Coins
    book_cost: Coins
    book_limit: Int(1, len(BOOK_IDS))
    face_up: Int(1, 4)
    dungeon_costs: Items(Int(1, 99), 8, 1)
    refresh_after_round: Int(0, 12)
    keep_card_cost: Coins
    time_bonus: Items(Coins, 12, 1)
    room_goal_points: Coins


class FairySpec(Schema):
    sword: Choice("monster")
    rope: Choice("pit")
    key: Choice("lock")
    scroll: Choice("portal")


class GoalSpec(Schema):
    points: Int(1, 99)


class GoalDeckSpec(Schema):
    count: Int(1, 20)
    hourglass: Int(0, 20)


class CardSpec(Schema):
    key: Key
    name: Name
    deck: Choice("start", "dungeon")
    cost: Int(0, 99) = 0
    nodes: Items(Pattern(r"^[a-z0-9]+( [a-z]+)+$", "'ID KIND CONTENTS...', e.g. "
                         "'c01 corridor coin'", 80), 12) = []
    links: Items(Pattern(r"^[A-Za-z0-9]{1,4}-[A-Za-z0-9]{1,4}$", "'A-B', e.g. 'L1-c01'"),
                 30) = []
    drops: Items(Pattern(r"^[A-Za-z0-9]{1,4}>[A-Za-z0-9]{1,4}$", "'MAIN>UNDER', e.g. "
                         "'c01>u01'"), 6) = []


class ContentSpec(Schema):
    """The whole ``content.toml`` of Dungeon Draw."""

    game: GameSpec
    fairy: FairySpec
    goals: Table(Choice(*GOAL_KINDS), GoalSpec, len(GOAL_KINDS), min_length=1)
    goal_deck: GoalDeckSpec
    books: Table(Choice(*BOOK_IDS), Text, len(BOOK_IDS)) = {}
    card: Items(CardSpec, 120, 9)

    @model_validator(mode="after")
    def _consistent(self):
        # the face-up book row is filled at setup (DD-1.2): an empty book deck cannot
        require(len(self.books) >= self.game.face_up, "books", sorted(self.books),
                f"at least game.face_up ({self.game.face_up}) spell books for the book row")
        return self


def _fail(file, entry, problem):
    raise ContentError(file, entry, problem)


def _int(file, entry, v, lo=0, hi=None):
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        _fail(file, entry, f"must be a whole number from {lo}" + (f" to {hi}" if hi else "")
              + f", got {v!r}")
    return v


def conn_pos(name: str) -> tuple[int, int, str, int]:
    """A connector name -> (x, y, side, level) in half-cells; raises ValueError."""
    m = _CONN.match(name)
    if not m:
        raise ValueError(name)
    side, i, u = m.group(1), int(m.group(2)), 1 if m.group(3) else 0
    if side in "LR":
        if i >= CARD_H:
            raise ValueError(name)
        return (0 if side == "L" else 2 * CARD_W), 2 * i + 1, side, u
    if i >= CARD_W:
        raise ValueError(name)
    return 2 * i + 1, (0 if side == "T" else 2 * CARD_H), side, u


def _cross(p, q, r, s) -> bool:
    """Do segments p-q and r-s cross at a point inside both (not at an end)?"""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)
    if {p, q} & {r, s}:
        return False
    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    return o1 * o2 < 0 and o3 * o4 < 0


def _check_no_crossing(file, entry, nodes, links) -> None:
    """DD-5.2: corridors of one level meet only at nodes (a crossing is a node), so a
    path cannot cross itself between nodes."""
    segs = []
    for a, b in links:
        na, nb = nodes[a], nodes[b]
        if "stairs" in (na.kind, nb.kind):
            continue
        segs.append((a, b, na.level, (na.x, na.y), (nb.x, nb.y)))
    for i, (a, b, lv, p, q) in enumerate(segs):
        for c, d, lw, r, s in segs[i + 1:]:
            if lv == lw and _cross(p, q, r, s):
                _fail(file, entry, f"links {a}-{b} and {c}-{d} cross between nodes; "
                                   "put a crossing node where they meet")


def _parse_card(file, raw) -> Card:
    entry = f"card {raw.get('key', '?')}"
    for k in raw:
        if k not in ("key", "name", "deck", "cost", "nodes", "links", "drops"):
            _fail(file, entry, f"unknown field {k!r}")
    key, name = raw.get("key"), raw.get("name")
    if not isinstance(key, str) or not key or not isinstance(name, str) or not name:
        _fail(file, entry, "needs a key and a name (strings)")
    deck = raw.get("deck")
    if deck not in ("start", "dungeon"):
        _fail(file, entry, f"deck must be 'start' or 'dungeon', got {deck!r}")
    cost = raw.get("cost", 0)
    nodes: dict[str, Node] = {}
    for spec in raw.get("nodes", []):
        parts = spec.split() if isinstance(spec, str) else []
        if len(parts) < 2:
            _fail(file, entry, f"node {spec!r} must be 'ID KIND CONTENTS...'")
        nid, kind, contents = parts[0], parts[1], tuple(parts[2:])
        m = _NODE.match(nid)
        if not m:
            _fail(file, entry, f"node id {nid!r} must be c/u/s + column 0-1 + row 0-2")
        if kind not in KINDS or (kind == "stairs") != (m.group(1) == "s"):
            _fail(file, entry, f"node {nid}: kind {kind!r} must be one of {KINDS}; "
                               "stairs (and only stairs) have ids starting with 's'")
        for t in contents:
            if t not in CONTENTS:
                _fail(file, entry, f"node {nid}: unknown content {t!r}; known: {CONTENTS}")
        if kind != "room" and len(contents) > 1:
            _fail(file, entry, f"node {nid}: a {kind} holds at most one thing")
        if kind == "stairs" and contents:
            _fail(file, entry, f"node {nid}: a stair holds nothing")
        if kind == "room" and ("lava" in contents or "lock" in contents):
            _fail(file, entry, f"node {nid}: lava pits and locks lie in corridors only "
                               "(designed)")
        if nid in nodes:
            _fail(file, entry, f"node {nid} appears twice")
        level = 1 if m.group(1) == "u" else 0
        if level == 1 and ("lava" in contents or "trap" in contents):
            _fail(file, entry, f"node {nid}: pits lie on the main level (DD-6.5)")
        col, row = int(m.group(2)), int(m.group(3))
        nodes[nid] = Node(nid, kind, level, 2 * col + 1, 2 * row + 1, contents)
    links = []
    for spec in raw.get("links", []):
        if not isinstance(spec, str) or spec.count("-") != 1:
            _fail(file, entry, f"link {spec!r} must be 'A-B'")
        a, b = spec.split("-")
        for e in (a, b):
            if e not in nodes:
                try:
                    x, y, side, lvl = conn_pos(e)
                except ValueError:
                    _fail(file, entry, f"link {spec}: {e!r} is no node of the card and no "
                                       "connector (L0-L2, R0-R2, T0-T1, B0-B1, + 'u')")
                nodes[e] = Node(e, "edge", lvl, x, y, (), side)
        na, nb = nodes[a], nodes[b]
        if a == b or (na.kind == "edge" and nb.kind == "edge"):
            _fail(file, entry, f"link {spec}: joins a node to itself or two connectors")
        if "stairs" not in (na.kind, nb.kind) and na.level != nb.level:
            _fail(file, entry, f"link {spec}: joins two levels; only a stair may")
        links.append((a, b))
    drops = []
    for spec in raw.get("drops", []):
        a, _, b = spec.partition(">") if isinstance(spec, str) else ("", "", "")
        if a not in nodes or b not in nodes or "trap" not in nodes[a].contents \
                or nodes[b].level != 1:
            _fail(file, entry, f"drop {spec!r} must lead from a node with a trap pit to an "
                               "underground node")
        drops.append((a, b))
    for nid, n in nodes.items():
        if "trap" in n.contents and not any(a == nid for a, _ in drops):
            _fail(file, entry, f"node {nid}: a trap pit needs a drop to the underground")
        deg = sum(nid in ln for ln in links)
        if n.kind == "edge" and deg != 1:
            _fail(file, entry, f"connector {nid} is linked {deg} times; once is needed")
        if n.kind != "edge" and deg == 0 and not any(b == nid for _, b in drops):
            _fail(file, entry, f"node {nid} is not linked to anything")
    _check_no_crossing(file, entry, nodes, links)
    if not any(n.kind == "edge" for n in nodes.values()):
        _fail(file, entry, "a card needs at least one edge connector")
    if deck == "start":
        if cost not in (0,):
            _fail(file, entry, "starting cards cost nothing")
        bad = [t for n in nodes.values() for t in n.contents
               if t in ("trap", "lava", "rope", "portal")]
        if bad:
            _fail(file, entry, f"starting cards have no pits, ropes or portals (DD-1.7), "
                               f"found {bad[0]!r}")
    return Card(key, name, deck, cost, nodes, tuple(links), tuple(drops))


def parse_content(data: dict, file: str = "content.toml") -> Content:
    """Validate the parsed TOML of a content file against :class:`ContentSpec` and build
    :class:`Content`."""
    validate(ContentSpec, data, file)
    for k in data:
        if k not in ("game", "fairy", "goals", "goal_deck", "books", "card"):
            _fail(file, k, "unknown table")
    g = dict(data.get("game", {}))
    for k in ("rounds", "starting_coins", "hand_size", "fairy_stack", "fairy_cost",
              "book_cost", "book_limit", "face_up", "refresh_after_round", "keep_card_cost",
              "room_goal_points"):
        _int(file, f"game.{k}", g.get(k), 0, 99)
    if g["rounds"] < 1 or g["hand_size"] < 1 or g["book_limit"] < 1 or g["face_up"] < 1:
        _fail(file, "game", "rounds, hand_size, book_limit and face_up must be at least 1")
    tb = g.get("time_bonus")
    if not isinstance(tb, list) or len(tb) != g["rounds"]:
        _fail(file, "game.time_bonus", "must list one number per round")
    for v in tb:
        _int(file, "game.time_bonus", v, 0, 99)
    costs = g.get("dungeon_costs")
    if not isinstance(costs, list) or not costs:
        _fail(file, "game.dungeon_costs", "must list the dungeon-card costs")
    for v in costs:
        _int(file, "game.dungeon_costs", v, 1, 99)
    fairy = data.get("fairy", {})
    if sorted(fairy) != ["key", "rope", "scroll", "sword"]:
        _fail(file, "fairy", "the four fairy-tile kinds are sword, rope, key, scroll")
    goals = {}
    for k, v in data.get("goals", {}).items():
        if k not in GOAL_KINDS:
            _fail(file, f"goals.{k}", f"unknown goal; known: {GOAL_KINDS}")
        goals[k] = _int(file, f"goals.{k}.points", v.get("points"), 1, 99)
    if not goals:
        _fail(file, "goals", "needs at least one goal")
    gd = data.get("goal_deck", {})
    count = _int(file, "goal_deck.count", gd.get("count"), 1, 20)
    hg = _int(file, "goal_deck.hourglass", gd.get("hourglass"), 0, count)
    if len(goals) * count < 2 * g["rounds"]:
        _fail(file, "goal_deck", f"{len(goals) * count} goal cards cannot serve "
                                 f"{g['rounds']} rounds of 2 goals")
    books = dict(data.get("books", {}))
    for k, v in books.items():
        if k not in BOOK_IDS or not isinstance(v, str):
            _fail(file, f"books.{k}", f"unknown spell book; the engine knows {BOOK_IDS}")
    cards = {}
    for raw in data.get("card", []):
        card = _parse_card(file, raw)
        if card.key in cards:
            _fail(file, f"card {card.key}", "key appears twice")
        if card.deck == "dungeon" and card.cost not in costs:
            _fail(file, f"card {card.key}", f"cost must be one of {costs}")
        cards[card.key] = card
    starts = [k for k, c in cards.items() if c.deck == "start"]
    if len(starts) != 9:
        _fail(file, "card", f"there must be 9 starting cards (DD-1.7), found {len(starts)}")
    return Content(file, g, dict(fairy), goals, count, hg, books, cards)


@lru_cache(maxsize=4)
def load_content(path: str | None = None) -> Content:
    """The content file shipped with the package (or ``path``), validated once."""
    p = Path(path) if path else DEFAULT_FILE
    return parse_content(read_content_toml(p), p.name)
