"""The dungeon and the path: card placement (DD-4), path drawing (DD-5), the path solver.

A laid dungeon is a graph (:class:`Dungeon`): every card's nodes placed at absolute
half-cell coordinates, facing connectors of neighbouring cards merged into one node. The
path is drawn one step at a time (:func:`path_actions`, :func:`path_apply`): start at an
open connector on the rim, step to a neighbouring node along an unused corridor segment,
overcome obstacles with an item, a fairy tile or a spell book, use portals and stairs.
So the legal actions stay few (a node has at most four ways out), bots and random
playouts can draw paths, and a widget can click nodes.

Readings (each in ``docs/rules/dungeondraw.md``):

* Corridor nodes, stairs and connectors are entered once ("eine Kreuzung zählt als
  Korridor"); a room is entered as often as unused segments (its distinct entry and exit
  points) lead into it. Each pass through a room (in by one doorway, out by another) is a
  line across it, and a later pass may not cross an earlier one: their doorways may not
  alternate around the room's rim ("kann sich nicht selbst kreuzen", DD-5.2; SB-8 allows
  it once). Segments of the two levels cross without meeting, so the path runs over and
  under itself there (DD-5.3).
* The path ends at an exit (an open connector on the rim, reached after the start) or at
  a dead end. Turning back into your own corridor is one of the rulebook's dead ends, so
  ``end`` is allowed at any time after the start; refusing to overcome an obstacle ends
  the path there too. With no way on, the path ends by itself. SB-13 is offered at an
  obstacle too (it is used "in der Phase 'Erkundung'", DD-10.13), so a path with the
  book ready never dies at an obstacle before the player chooses.
* Entering a room you must defeat all its monsters, one means each; only then are its
  items, portals and upgrades discovered, the room counted, and its monsters counted --
  all at once: a path that beats one of two monsters and ends in the room counts none
  ("Tu das nur, wenn du in diesem Raum alle Monster besiegt hast", DD-6.7). A trap pit in
  a room is walked around (and counted) unless you choose ``fall``.

>>> from .content import load_content
>>> c = load_content()
>>> d = build_dungeon(c, (("s1", 0, 0, 0), ("s6", 2, 0, 0)))
>>> sorted(d.open_starts())
['0.L1', '1.B1', '1.R1']
>>> best_path(d, "coin").value          # the lock hides the coin of Clay Hall
(1, 1, True)
>>> best = best_path(d, "coin", fairy={"key": 1})
>>> best.value, best.actions
((2, 2, True), ['start 0.L1', 'go 0.c01', 'go 0.c11', 'go 0.R1', 'go 1.c01', 'use fairy', 'go 1.c11', 'go 1.R1'])
"""

from __future__ import annotations

from bisect import bisect_left
from math import atan2, tau
from dataclasses import dataclass
from time import perf_counter

from .content import CARD_H, CARD_W, Content

# obstacle -> (item, fairy-tile kind, spell books that overcome it)
MEANS = {"monster": ("sword", "sword", ("SB-1",)),
         "lock": ("key", "key", ("SB-7",)),
         "lava": ("rope", "rope", ("SB-3",)),
         "trap": ("rope", "rope", ("SB-3",)),
         "portal": ("scroll", "scroll", ("SB-9",))}
#: what a goal kind counts among the discoveries
GOAL_OF = {"monster": "monster", "lock": "lock", "trap": "pit", "lava": "pit"}
_FLIP = {"L": "R", "R": "L", "T": "B", "B": "T"}
_JUMPS = {"SB-2", "SB-4", "SB-5", "SB-11", "SB-15", "SB-8"}


# ====================================================================== placement
def card_nodes(card, col: int, row: int, rot: int):
    """The card's nodes at their absolute positions: (local id, node, x, y, side)."""
    out = []
    for nid, n in card.nodes.items():
        x, y, side = n.x, n.y, n.side
        if rot == 180:
            x, y, side = 2 * CARD_W - x, 2 * CARD_H - y, _FLIP.get(side, "")
        out.append((nid, n, 2 * col + x, 2 * row + y, side))
    return out


_CELLS = [(i, j) for i in range(CARD_W) for j in range(CARD_H)]


def cells_of(col: int, row: int) -> list[tuple[int, int]]:
    return [(col + i, row + j) for i, j in _CELLS]


_EDGES: dict = {}


def _card_edges(card, rot: int) -> list:
    """The card's connectors at turn ``rot`` with the card at 0 0: (x, y, side, level)."""
    key = (id(card), rot)
    hit = _EDGES.get(key)
    if hit is None or hit[0] is not card:
        out = [(x, y, side, n.level) for _nid, n, x, y, side in card_nodes(card, 0, 0, rot)
               if n.kind == "edge"]
        if len(_EDGES) > 4096:
            _EDGES.clear()
        hit = _EDGES[key] = (card, out)       # the card kept alive: its id stays its own
    return hit[1]


def _beyond(x: int, y: int, side: str) -> tuple[int, int]:
    """The cell outside a connector at (x, y) on ``side``."""
    if side == "L":
        return x // 2 - 1, (y - 1) // 2
    if side == "R":
        return x // 2, (y - 1) // 2
    if side == "T":
        return (x - 1) // 2, y // 2 - 1
    return (x - 1) // 2, y // 2


def _connectors(content: Content, placements) -> dict:
    """(x, y, level) -> side of every connector in the layout."""
    out = {}
    for key, col, row, rot in placements:
        ox, oy = 2 * col, 2 * row
        for x, y, side, level in _card_edges(content.cards[key], rot):
            out[(x + ox, y + oy, level)] = side
    return out


def placement_problem(content: Content, placements, key: str, col: int, row: int,
                      rot: int) -> str | None:
    """Why the card cannot go there (DD-4.1-4.4), or None: upright either way up, no
    overlap, adjacent and joined to the dungeon by at least one corridor."""
    if rot not in (0, 180):
        return "a card lies upright, either way up: turn 0 or 180"
    if not placements:
        return None if (col, row) == (0, 0) else "the first card goes at 0 0"
    taken = {c for _, c0, r0, _ in placements for c in cells_of(c0, r0)}
    mine = cells_of(col, row)
    if any(c in taken for c in mine):
        return "cards may not overlap"
    conns = _connectors(content, placements)
    for nid, n, x, y, side in card_nodes(content.cards[key], col, row, rot):
        if n.kind == "edge" and conns.get((x, y, n.level)) == _FLIP[side]:
            return None
    return "a card must join the dungeon at a corridor (a connector facing a connector)"


_EDGES_BY: dict = {}


def _card_edges_by(card) -> dict:
    """The card's connectors at both turns by (side, level): {(side, level): [(rot, x, y)…]}
    with the card at 0 0, in the order of turn 0 then 180 and the card's own order."""
    key = id(card)
    hit = _EDGES_BY.get(key)
    if hit is None or hit[0] is not card:
        by: dict = {}
        for rot in (0, 180):
            for x, y, side, level in _card_edges(card, rot):
                by.setdefault((side, level), []).append((rot, x, y))
        if len(_EDGES_BY) > 4096:
            _EDGES_BY.clear()
        hit = _EDGES_BY[key] = (card, by)       # the card kept alive: its id stays its own
    return hit[1]


_PAIRS: dict = {}


def _pairs(card, rot: int, other) -> list:
    """Where card ``other`` can lie to meet a connector of ``card`` (at turn ``rot``, laid
    at 0 0): ``(connector index, col, row, turn)``, the index in ``_card_edges`` order."""
    key = (id(card), rot, id(other))
    hit = _PAIRS.get(key)
    if hit is None or hit[0] is not card or hit[1] is not other:
        by = _card_edges_by(other)
        out = []
        for j, (cx, cy, side, level) in enumerate(_card_edges(card, rot)):
            for orot, x, y in by.get((_FLIP[side], level), ()):
                # facing connectors share a parity, so the offset is whole cells
                out.append((j, (cx - x) // 2, (cy - y) // 2, orot))
        if len(_PAIRS) > 16_384:
            _PAIRS.clear()
        hit = _PAIRS[key] = (card, other, out)  # both kept alive: their ids stay their own
    return hit[2]


def _evict(cache: dict) -> None:
    """Drop a full cache's oldest entry (a dict keeps insertion order).

    One entry out for each one in, never the whole cache at once: CPython's cyclic
    collector counts allocations minus frees, but a mass free earns no credit, so a
    cache cleared wholesale (and refilled) triggers a collection every ~700 new
    objects, each walking every object alive; evicting one by one keeps that count
    flat, and random playouts then run with almost no collections."""
    del cache[next(iter(cache))]


_BEYOND: dict = {}


def _card_beyond(card, rot: int) -> list:
    """The cell beyond each connector of the card at turn ``rot`` laid at 0 0, in
    ``_card_edges`` order (a connector's half-cell point shifts by twice the card's cell,
    so the cell beyond it shifts by the card's cell)."""
    key = (id(card), rot)
    hit = _BEYOND.get(key)
    if hit is None or hit[0] is not card:
        if len(_BEYOND) > 4096:
            _BEYOND.clear()
        hit = _BEYOND[key] = (card, [_beyond(x, y, side)
                                     for x, y, side, _l in _card_edges(card, rot)])
    return hit[1]


_FIRST: dict = {}                 # key -> the first card's two placements, with their ids
_OPTIONS: dict = {}               # (content, layout) -> (last card's open connectors, {key: …})
# one-card layouts: a dungeon starts at 0 0, so there are only two per card, and listing
# the second card's placements next to the first is the costliest listing (every
# connector is open): those are kept for good (up to a bound)
_OPTIONS_1: dict = {}


_PLACEMENTS: dict = {}            # (key, col, row, turn) -> (col, row, turn, action id)


def _placement(key: str, col: int, row: int, rot: int) -> tuple:
    """One placement as ``_options`` lists it, its action id written once: the same
    placements come back game after game (a dungeon grows from 0 0)."""
    ck = (key, col, row, rot)
    o = _PLACEMENTS.get(ck)
    if o is None:
        if len(_PLACEMENTS) >= 16_384:
            _evict(_PLACEMENTS)
        o = _PLACEMENTS[ck] = (col, row, rot, f"place {key} {col} {row} {rot}")
    return o


def _options(content: Content, lay: tuple, keys) -> list[tuple]:
    """For each card of ``keys``, its legal placements next to the layout ``lay`` (one card
    or more) as sorted ``(col, row, rot, action id)`` (DD-4.2, DD-4.3). Cached per layout.

    A layout grows one card at a time while a dungeon is laid, and the hand only shrinks,
    so each listing starts from the previous layout's placements of the same card: a
    placement stays legal unless it overlaps the new card (one that met a connector the
    new card now covers lies where the new card lies), and the new ones are those that
    meet an open connector of the new card without overlapping an earlier card (a card
    meeting a connector lies beyond it, clear of the card it meets). Each listing then
    costs one card's work instead of the whole layout's, and keeps the action ids it
    already wrote.
    """
    ck = (content, lay)                  # Content hashes by identity (eq=False)
    cache = _OPTIONS if len(lay) > 1 else _OPTIONS_1
    entry = cache.get(ck)
    k0, c0, r0, rot0 = lay[-1]
    cards = content.cards
    if entry is None:
        if len(cache) >= (512 if cache is _OPTIONS else 2048):
            _evict(cache)
        # which connectors of the new card are open: no card lies beyond them
        open_ = []
        for bc, br in _card_beyond(cards[k0], rot0):
            bc += c0
            br += r0
            for _k, c, r, _t in lay:
                if 0 <= bc - c < CARD_W and 0 <= br - r < CARD_H:
                    open_.append(False)
                    break
            else:
                open_.append(True)
        entry = cache[ck] = (open_, {})
    open_, per = entry
    missing = [k for k in keys if k not in per]
    if missing:
        earlier = lay[:-1]
        before = _options(content, earlier, missing) if earlier else [()] * len(missing)
        for key, prev in zip(missing, before):
            # what stays of the previous layout's placements: those clear of the new card
            out = [o for o in prev
                   if not (-CARD_W < o[0] - c0 < CARD_W and -CARD_H < o[1] - r0 < CARD_H)]
            for j, dc, dr, rot in _pairs(cards[k0], rot0, cards[key]):
                if not open_[j]:
                    continue
                col, row = c0 + dc, r0 + dr
                for _k, c, r, _t in earlier:
                    if -CARD_W < col - c < CARD_W and -CARD_H < row - r < CARD_H:
                        break                                   # it would overlap a card
                else:
                    o = _placement(key, col, row, rot)
                    i = bisect_left(out, o)                     # kept in order, and once
                    if i == len(out) or out[i] != o:            # (it may meet two connectors)
                        out.insert(i, o)
            per[key] = tuple(out)
    return [per[k] for k in keys]


def _layout(placements) -> tuple:
    """The placements as a tuple of tuples (hashable, for the caches)."""
    try:
        lay = tuple(placements)
        hash(lay)
    except TypeError:                           # placements given as lists
        lay = tuple(tuple(p) for p in placements)
    return lay


def placement_options(content: Content, placements, keys) -> list[tuple[str, int, int, int]]:
    """Every legal placement of the cards ``keys`` (sorted, without repeats)."""
    if not placements:
        return sorted({(k, 0, 0, r) for k in keys for r in (0, 180)})
    keys = sorted(set(keys))
    return [(key, col, row, rot)
            for key, opts in zip(keys, _options(content, _layout(placements), keys))
            for col, row, rot, _id in opts]


def placement_ids(content: Content, placements, keys) -> list[str]:
    """The action ids ``place KEY COL ROW TURN`` of :func:`placement_options`, in its
    order (what the rules list while a dungeon is built)."""
    keys = sorted(set(keys))
    if not placements:
        out = []
        for key in keys:
            ids = _FIRST.get(key)
            if ids is None:
                if len(_FIRST) > 4096:
                    _FIRST.clear()
                ids = _FIRST[key] = (f"place {key} 0 0 0", f"place {key} 0 0 180")
            out += ids
        return out
    return [o[3] for opts in _options(content, _layout(placements), keys) for o in opts]


# ====================================================================== the dungeon graph
@dataclass
class Dungeon:
    """A laid dungeon as a graph. Node ``i`` has ``names[i]`` ("card.local"), ``kind``,
    ``level``, ``pos`` (half-cells), ``contents``, ``side`` and ``open`` (a connector on
    the rim: a start or an exit). ``adj[i]`` lists (neighbour, segment); ``drop[i]`` is the
    trap pit's shaft (target, segment)."""

    names: list
    kind: list
    level: list
    pos: list
    contents: list
    side: list
    open: list
    adj: list
    drop: dict
    index: dict
    totals: dict

    def open_starts(self) -> list[str]:
        return [self.names[i] for i in range(len(self.names)) if self.open[i]]


_CACHE: dict = {}
_TEMPLATES: dict = {}


def _template(card, rot: int):
    """A card's nodes at turn ``rot`` (placed at 0 0) with its links and drops by index.

    Each node carries what :func:`build_dungeon` would otherwise work out per node (for a
    connector, the cell beyond it); the card's totals come in the order its nodes count
    them (a connector holds nothing, so a connector that merges changes no total); the
    node names are kept per place in a layout ("i.local")."""
    key = (id(card), rot)
    hit = _TEMPLATES.get(key)
    if hit is None or hit[0] is not card:
        if len(_TEMPLATES) > 4096:
            _TEMPLATES.clear()
        nodes = card_nodes(card, 0, 0, rot)
        at = {nid: i for i, (nid, *_r) in enumerate(nodes)}
        tnodes = []
        totals: dict = {}
        for _nid, n, x, y, sd in nodes:
            for k in [GOAL_OF.get(t, t) for t in n.contents] + (
                    [n.kind] if n.kind in ("room", "stairs") else []):
                totals[k] = totals.get(k, 0) + 1
            beyond = _beyond(x, y, sd) if n.kind == "edge" else None
            tnodes.append((n.kind, n.level, x, y, n.contents, sd, beyond))
        hit = _TEMPLATES[key] = (card, tnodes, [(at[a], at[b]) for a, b in card.links],
                                 [(at[a], at[b]) for a, b in card.drops],
                                 list(totals.items()), [nid for nid, *_r in nodes], {})
    return hit[1:]


def build_dungeon(content: Content, placements) -> Dungeon:
    """The graph of a layout (cached: layouts repeat while a path is drawn).

    Nodes are numbered card by card in the card's order; a connector meeting an earlier
    card's connector (same point and level) is that node, not a new one, and no longer
    open; a connector is open when no card lies in the cell beyond it."""
    try:                                        # a list of tuples needs no copying
        ck = (content, tuple(placements))
        d = _CACHE.get(ck)
    except TypeError:                           # placements given as lists
        ck = (content, tuple(tuple(p) for p in placements))
        d = _CACHE.get(ck)
    if d is not None:
        return d
    placements = ck[1]
    names, kind, level, pos, contents, side, open_ = [], [], [], [], [], [], []
    index, at = {}, {}
    adj: list = []
    drop = {}
    totals: dict[str, int] = {}
    e = 0
    cards = content.cards
    for i, (key, col, row, rot) in enumerate(placements):
        tnodes, tlinks, tdrops, ttotals, ids, tnames = _template(cards[key], rot)
        names_i = tnames.get(i)
        if names_i is None:
            names_i = tnames[i] = [f"{i}.{nid}" for nid in ids]
        ox, oy = 2 * col, 2 * row
        m = []                                  # template index -> dungeon node
        g = len(names)                          # the next new node
        for name, (nk, lvl, x, y, cs, sd, beyond) in zip(names_i, tnodes):
            x += ox
            y += oy
            if beyond is not None:              # a connector
                h = at.get((x, y, lvl))
                if h is not None:
                    m.append(h)
                    open_[h] = False            # two facing connectors: joined
                    continue
                at[(x, y, lvl)] = g
                bc, br = beyond
                bc += col
                br += row
                for _k, c, r, _t in placements:
                    if 0 <= bc - c < CARD_W and 0 <= br - r < CARD_H:
                        open_.append(False)     # a card lies beyond it
                        break
                else:
                    open_.append(True)
            else:
                open_.append(False)
            names.append(name)
            kind.append(nk)
            level.append(lvl)
            pos.append((x, y))
            contents.append(cs)
            side.append(sd)
            adj.append([])
            index[name] = g
            m.append(g)
            g += 1
        for k, v in ttotals:
            totals[k] = totals.get(k, 0) + v
        for a, b in tlinks:
            ga, gb = m[a], m[b]
            adj[ga].append((gb, e))
            adj[gb].append((ga, e))
            e += 1
        for a, b in tdrops:
            drop[m[a]] = (m[b], e)
            e += 1
    d = Dungeon(names, kind, level, pos, contents, side, open_, adj, drop, index, totals)
    if len(_CACHE) >= 64:
        _evict(_CACHE)
    _CACHE[ck] = d
    return d


# ====================================================================== the path
class PathState:
    """A path being drawn, with what the player carries for it (fairy tiles, books)."""

    __slots__ = ("node", "start", "visited", "used", "cleared", "pending", "inv", "found",
                 "used_portals", "used_traps", "fairy", "books", "boxed", "crossed",
                 "ended", "at_exit", "steps", "entry", "passes")

    def __init__(self, fairy: dict, books: set):
        self.node = -1
        self.start = -1
        self.visited: set = set()        # corridor, stair and connector nodes entered
        self.used: set = set()           # corridor segments (and shafts) used
        self.cleared: set = set()        # rooms entered with every monster defeated
        self.pending: tuple = ()         # obstacles still to overcome at this node
        self.inv: dict = {}              # discovered items not used yet
        self.found: dict = {}            # discoveries that goals count
        self.used_portals: set = set()
        self.used_traps: set = set()
        self.fairy = dict(fairy)
        self.books = set(books)          # spell books still face up this round
        self.boxed: list = []            # SB-13 boxed during this path
        self.crossed = False             # SB-8 used
        self.ended = ""                  # "", "exit", "dead end"
        self.at_exit = False             # on an exit with a travel book: choose
        self.steps: list = []            # (how, node) in order
        self.entry = -1                  # the doorway (segment) this room visit came in by
        self.passes: dict = {}           # room -> ((in, out) doorway segments, ...)

    def copy(self) -> PathState:
        o = PathState.__new__(PathState)
        o.node, o.start, o.pending, o.crossed = self.node, self.start, self.pending, self.crossed
        o.ended, o.at_exit = self.ended, self.at_exit
        o.visited, o.used, o.cleared = set(self.visited), set(self.used), set(self.cleared)
        o.inv, o.found, o.fairy = dict(self.inv), dict(self.found), dict(self.fairy)
        o.used_portals, o.used_traps = set(self.used_portals), set(self.used_traps)
        o.books, o.boxed, o.steps = set(self.books), list(self.boxed), list(self.steps)
        o.entry, o.passes = self.entry, dict(self.passes)
        return o

    def as_dict(self) -> dict:
        return {k: (sorted(v) if isinstance(v, set) else v)
                for k in self.__slots__ for v in [getattr(self, k)]}

    @property
    def coins(self) -> int:
        return self.found.get("coin", 0)


def _add(d: dict, k: str, n: int = 1) -> None:
    d[k] = d.get(k, 0) + n


def _means(ps: PathState, obstacle: str) -> list[str]:
    item, tile, books = MEANS[obstacle]
    out = []
    if ps.inv.get(item):
        out.append("item")
    if ps.fairy.get(tile):
        out.append("fairy")
    out += [b for b in books if b in ps.books]
    return out


def _enterable(d: Dungeon, ps: PathState, v: int) -> bool:
    return d.kind[v] == "room" or v not in ps.visited


def _door_angle(d: Dungeon, room: int, e: int) -> float:
    """The direction (radians) of the room's doorway along segment ``e``."""
    (x0, y0) = d.pos[room]
    for v, f in d.adj[room]:
        if f == e:
            x, y = d.pos[v]
            return atan2(y - y0, x - x0)
    raise KeyError(e)


def _crosses(d: Dungeon, ps: PathState, room: int, out: int) -> bool:
    """Would leaving ``room`` by doorway ``out`` cross an earlier pass through it?

    A pass in by doorway a and out by b is a line across the room; two passes cross when
    their doorways alternate around the room's rim (DD-5.2: "kann sich nicht selbst
    kreuzen"). A visit that began by portal or teleport has no entry doorway and draws no
    line (reading: its point inside the room is drawn where no line needs crossing)."""
    done = ps.passes.get(room)
    if not done or ps.entry < 0:
        return False
    a, b = _door_angle(d, room, ps.entry), _door_angle(d, room, out)
    span = (b - a) % tau

    def inside(x: float) -> bool:
        return 0 < (x - a) % tau < span

    for c, e in done:
        ac, ae = _door_angle(d, room, c), _door_angle(d, room, e)
        if len({a, b, ac, ae}) == 4 and inside(ac) != inside(ae):
            return True
    return False


def _go_targets(d: Dungeon, ps: PathState) -> list[tuple[int, int, bool]]:
    """(node, segment, crossing) for every step along an unused segment."""
    out = []
    u = ps.node
    room = d.kind[u] == "room" and ps.entry >= 0 and u in ps.passes
    for v, e in d.adj[u]:
        if e in ps.used:
            continue
        if room and _crosses(d, ps, u, e):
            if "SB-8" in ps.books and not ps.crossed:
                out.append((v, e, True))   # SB-8: cross your own path once (in a room)
            continue
        if _enterable(d, ps, v):
            out.append((v, e, False))
        elif (d.kind[v] in ("corridor", "stairs") and "SB-8" in ps.books
              and not ps.crossed):
            out.append((v, e, True))       # SB-8: cross your own path once
    return out


def _fall_target(d: Dungeon, ps: PathState):
    u = ps.node
    if u in d.drop and u not in ps.used_traps:
        v, e = d.drop[u]
        if _enterable(d, ps, v):
            return v, e
    return None


def _here_has(d: Dungeon, ps: PathState, thing: str) -> bool:
    u = ps.node
    if thing not in d.contents[u]:
        return False
    return d.kind[u] != "room" or u in ps.cleared


def _specials(d: Dungeon, ps: PathState) -> list[str]:
    """Portal, teleport, barrel, climb, travel and fall moves from here."""
    out = []
    u, names = ps.node, d.names
    if d.kind[u] == "room" and u in ps.cleared and _fall_target(d, ps):
        out.append("fall")
    if _here_has(d, ps, "portal") and u not in ps.used_portals:
        means = _means(ps, "portal")
        for q in range(len(names)):
            if q != u and "portal" in d.contents[q] and q not in ps.used_portals \
                    and _enterable(d, ps, q):
                out += [f"portal {names[q]} {m}" for m in means]
    if "SB-2" in ps.books:
        for q in range(len(names)):
            if q != u and "monster" in d.contents[q] and _enterable(d, ps, q) \
                    and q not in ps.cleared:
                out.append(f"teleport {names[q]}")
    if "SB-5" in ps.books and _here_has(d, ps, "barrel"):
        for q in range(len(names)):
            if q != u and "barrel" in d.contents[q] and _enterable(d, ps, q):
                out.append(f"barrel {names[q]}")
    if "SB-4" in ps.books and d.level[u] == 1:
        for t, (v, _e) in d.drop.items():
            if v == u and t not in ps.used_traps and _enterable(d, ps, t):
                out.append(f"climb {names[t]}")
    return out


def _travel_target(d: Dungeon, ps: PathState, u: int):
    """SB-11 / SB-15: the open connector exactly opposite an exit on the rim."""
    sd = d.side[u]
    book = "SB-11" if sd in "TB" else "SB-15"
    if book not in ps.books:
        return None
    x, y = d.pos[u]
    want = _FLIP[sd]
    best = None
    for q in range(len(d.names)):
        if d.open[q] and d.side[q] == want and d.level[q] == d.level[u] \
                and q not in ps.visited:
            qx, qy = d.pos[q]
            if (sd in "TB" and qx == x) or (sd in "LR" and qy == y):
                far = qy if want == "B" else -qy if want == "T" else qx if want == "R" else -qx
                if best is None or far > best[0]:
                    best = (far, q)
    return None if best is None else (best[1], book)


def path_actions(d: Dungeon, ps: PathState) -> list[str]:
    """The legal path actions now, in a canonical order (empty once the path has ended)."""
    names = d.names
    if ps.ended:
        return []
    if ps.node < 0:
        return [f"start {n}" for n in d.open_starts()]
    out = []
    if ps.pending:
        ob = ps.pending[0]
        means = _means(ps, ob)
        if ob == "trap":
            if _fall_target(d, ps):
                out.append("fall")
            return out + [f"use {m}" for m in means]
        # SB-13 is used "in der Phase 'Erkundung'": at an obstacle too (DD-10.13)
        return [f"use {m}" for m in means] + _favours(ps) + ["end"]
    if ps.at_exit:
        t = _travel_target(d, ps, ps.node)
        return ["exit"] + ([f"travel {names[t[0]]}"] if t else [])
    out = [f"go {names[v]}" for v, _e, _c in _go_targets(d, ps)]
    out += _specials(d, ps)
    out += _favours(ps)
    out.append("end")
    return out


def _favours(ps: PathState) -> list[str]:
    """SB-13 (DD-10.13): box the book for a fairy tile of your choice."""
    if "SB-13" in ps.books:
        return [f"favour {k}" for k in ("key", "rope", "scroll", "sword")]
    return []


def _discover(d: Dungeon, ps: PathState, u: int) -> None:
    """Circle what lies at ``u`` (DD-6.1): items into the bag, goals counted."""
    for t in d.contents[u]:
        if t in ("monster", "lock", "lava"):
            continue                      # counted when overcome
        if t == "trap":
            if d.kind[u] == "room":       # walked around, counted (FAQ)
                _add(ps.found, "pit")
            continue
        _add(ps.found, t)
        if t in ("sword", "rope", "key", "scroll"):
            _add(ps.inv, t)
    if d.kind[u] in ("room", "stairs"):
        _add(ps.found, d.kind[u])


def _arrive(d: Dungeon, ps: PathState, v: int, how: str) -> None:
    ps.node = v
    ps.entry = -1
    ps.steps.append((how, v))
    k = d.kind[v]
    if k == "room":
        if v not in ps.cleared:
            ps.pending = tuple("monster" for t in d.contents[v] if t == "monster")
            if not ps.pending:
                _room_cleared(d, ps, v)
        return
    first = v not in ps.visited
    ps.visited.add(v)
    if not first:
        return
    if k == "edge":
        if d.open[v] and how in ("go", "fall", "portal", "teleport", "barrel", "climb"):
            if _travel_target(d, ps, v):
                ps.at_exit = True
            else:
                ps.ended = "exit"
        return
    obstacles = tuple(t for t in d.contents[v] if t in MEANS and t != "portal")
    if how == "climb":                   # climbed out of the pit: it is behind you
        ps.used_traps.add(v)
        _add(ps.found, "pit")
        obstacles = ()
    if obstacles:
        ps.pending = obstacles
    else:
        _discover(d, ps, v)


def _room_cleared(d: Dungeon, ps: PathState, v: int) -> None:
    ps.cleared.add(v)
    _discover(d, ps, v)


def _use(ps: PathState, how: str, obstacle: str) -> None:
    item, tile, _books = MEANS[obstacle]
    if how == "item":
        ps.inv[item] -= 1
    elif how == "fairy":
        ps.fairy[tile] -= 1
    else:
        ps.books.discard(how)


def path_apply(d: Dungeon, ps: PathState, aid: str) -> None:
    """Apply a legal path action (checked by the caller), then end the path if it is
    stuck (DD-5.5: a dead end)."""
    verb, _, arg = aid.partition(" ")
    idx = d.index
    if verb == "start":
        v = idx[arg]
        ps.start = v
        ps.visited.add(v)
        ps.node = v
        ps.steps.append(("start", v))
    elif verb == "go":
        v = idx[arg]
        u = ps.node
        for w, e, crossing in _go_targets(d, ps):
            if w == v:
                ps.used.add(e)
                if crossing:
                    ps.crossed = True
                    ps.books.discard("SB-8")
                break
        if d.kind[u] == "room" and ps.entry >= 0:      # a line drawn across the room
            ps.passes[u] = ps.passes.get(u, ()) + ((ps.entry, e),)
        _arrive(d, ps, v, "go")
        if d.kind[v] == "room":
            ps.entry = e
    elif verb == "use":
        u, ob = ps.node, ps.pending[0]
        _use(ps, arg, ob)
        room = d.kind[u] == "room"
        if not room:
            _add(ps.found, GOAL_OF[ob])
        ps.pending = ps.pending[1:]
        if ob == "trap":
            ps.used_traps.add(u)
        if not ps.pending:
            if room:
                # a room's monsters count only once ALL of them are beaten (DD-6.7,
                # Belohnung 3: "Tu das nur, wenn du in diesem Raum alle Monster besiegt
                # hast"); one beaten before the path ends in the room counts nothing
                _add(ps.found, "monster", d.contents[u].count("monster"))
                _room_cleared(d, ps, u)
            else:
                _discover(d, ps, u)
    elif verb == "fall":
        u = ps.node
        v, e = _fall_target(d, ps)
        if ps.pending:                   # a trap pit in a corridor: fall in (DD-6.5)
            _add(ps.found, "pit")
            ps.pending = ()
        ps.used_traps.add(u)
        ps.used.add(e)
        _arrive(d, ps, v, "fall")
    elif verb == "portal":
        name, how = arg.split(" ")
        v = idx[name]
        _use(ps, how, "portal")
        ps.used_portals.update((ps.node, v))
        _arrive(d, ps, v, "portal")
    elif verb in ("teleport", "barrel", "climb"):
        ps.books.discard({"teleport": "SB-2", "barrel": "SB-5", "climb": "SB-4"}[verb])
        _arrive(d, ps, idx[arg], verb)
    elif verb == "travel":
        v = idx[arg]
        ps.books.discard(_travel_target(d, ps, ps.node)[1])
        ps.at_exit = False
        _arrive(d, ps, v, "travel")
    elif verb == "exit":
        ps.at_exit = False
        ps.ended = "exit"
    elif verb == "favour":
        ps.books.discard("SB-13")
        ps.boxed.append("SB-13")
        _add(ps.fairy, arg)
    elif verb == "end":
        ps.ended = "dead end"
        ps.pending = ()
    else:
        raise ValueError(f"unknown path action {aid!r}")
    if not ps.ended and ps.node >= 0:
        if ps.pending:
            if not _means(ps, ps.pending[0]) and "SB-13" not in ps.books and not (
                    ps.pending[0] == "trap" and _fall_target(d, ps)):
                ps.ended = "dead end"    # blocked: the obstacle is not counted
                ps.pending = ()
        elif not ps.at_exit and not _go_targets(d, ps) and not _specials(d, ps):
            ps.ended = "dead end"


# ====================================================================== the solver
@dataclass
class Best:
    """The solver's answer: the actions of the best path and what it scores."""

    actions: list
    score: int
    coins: int
    exit: bool
    nodes: int                         # search nodes visited

    @property
    def value(self) -> tuple:
        return (self.score, self.coins, self.exit)


def path_value(ps: PathState, goal: str | None, points: int) -> tuple[int, int, bool]:
    """(goal points, coins, exit) of a path: what the solver maximises, in that order."""
    s = ps.found.get(goal, 0) * points if goal else 0
    return (s, ps.coins, ps.ended == "exit")


def best_path(d: Dungeon, goal: str | None = None, points: int = 1,
              fairy: dict | None = None, books=(), prune: bool = True,
              start: PathState | None = None) -> Best:
    """The highest-scoring path through a laid dungeon, by exhaustive search.

    Maximises the main goal's points, then the coins found, then reaching an exit
    (the rulebook's order of wishes, DD-4.6). With ``prune`` a branch is cut when even
    every remaining discovery of the goal kind and every remaining coin could not beat
    the best path found so far; without it, every path is enumerated (the baseline).
    ``start`` continues a path already begun.
    """
    root = start.copy() if start is not None else PathState(fairy or {}, set(books))
    best: list = [None, None]
    count = [0]
    n = len(d.names)
    # per node: the goal things and coins it holds (for the bound)
    gw = [sum(1 for t in d.contents[i] if GOAL_OF.get(t, t) == goal) + (d.kind[i] == goal)
          if goal else 0 for i in range(n)]
    cw = [d.contents[i].count("coin") for i in range(n)]
    worth = [i for i in range(n) if gw[i] or cw[i]]
    portals = any("portal" in d.contents[i] for i in range(n))

    def bound(ps: PathState, cheap: bool) -> tuple:
        # what could still be found: the goal things and coins in nodes not yet
        # discovered that the path can still reach (over any unused segment or shaft;
        # portals and teleport books reach everywhere); ``cheap`` skips the reach test
        g = ps.found.get(goal, 0) if goal else 0
        c = ps.coins
        if cheap or portals or ps.books & _JUMPS or ps.node < 0:
            reach = None
        else:
            reach, todo = {ps.node}, [ps.node]
            while todo:
                u = todo.pop()
                for v, e in d.adj[u] + ([d.drop[u]] if u in d.drop else []):
                    if e not in ps.used and v not in reach and _enterable(d, ps, v):
                        reach.add(v)
                        todo.append(v)
        here = ps.node if ps.pending else None
        for i in worth:
            # the node the path stands on still counts while its obstacle is pending: the
            # obstacle's own goal value is not in ``found`` yet (an upper bound may only
            # overestimate, never leave a reachable value out)
            if (i in ps.visited and i != here) or i in ps.cleared or (
                    reach is not None and i not in reach):
                continue
            g += gw[i]
            c += cw[i]
        return (g * points, c, True)

    def rec(ps: PathState, trail: list) -> None:
        count[0] += 1
        acts = path_actions(d, ps)
        if not acts:
            v = path_value(ps, goal, points)
            if best[0] is None or v > best[0]:
                best[0], best[1] = v, list(trail)
            return
        # the reach test costs more than a single step: only at a fork
        if prune and best[0] is not None and (best[0] >= bound(ps, True) or (
                len(acts) > 2 and best[0] >= bound(ps, False))):
            return
        if prune:        # promising steps first: a good path early prunes more
            acts = sorted(acts, key=lambda a: -_promise(a))
        for a in acts:
            if a.startswith("favour") and (ps.pending or trail and trail[-1].startswith(
                    "favour")):
                continue
            child = ps.copy()
            path_apply(d, child, a)
            trail.append(a)
            rec(child, trail)
            trail.pop()

    def _promise(a: str) -> int:
        verb, _, arg = a.partition(" ")
        if verb == "end":
            return -1
        if verb in ("go", "teleport", "barrel", "climb", "travel") or verb == "portal":
            i = d.index.get(arg.split(" ")[0])
            return 0 if i is None else 2 * gw[i] + cw[i]
        return 1

    rec(root, [])
    v = best[0]
    return Best(best[1], v[0], v[1], v[2], count[0])


def time_solver(d: Dungeon, goal: str, points: int, prune: bool) -> tuple[float, Best]:
    t = perf_counter()
    b = best_path(d, goal, points, prune=prune)
    return perf_counter() - t, b


# ====================================================================== the layout advisor
@dataclass
class Advice:
    """The advisor's answer: a layout (placements in order) and its best path."""

    placements: list
    best: Best
    layouts: int                       # layouts whose best path was solved


def advise_layout(content: Content, hand, goal: str | None = None, points: int = 1,
                  fairy: dict | None = None, books=(), beam: int = 2,
                  widen: int = 6) -> Advice:
    """A good layout of ``hand`` for the goal, by beam search over placements (DD-4).

    Each round of the search lays one more card. The candidates of every layout kept are
    pre-sorted by a cheap count (goal things and coins on the new card, then a compact
    dungeon); the ``widen`` best of each are solved exactly with :func:`best_path`, and the
    ``beam`` best layouts go on. Every layout solved on the way competes, so a dungeon of
    fewer cards wins when it scores more (DD-4.4). Not exhaustive: a heuristic search that
    uses the exact solver as its judge.
    """
    hand = list(hand)
    fairy = fairy or {}
    solved = [0]

    def worth(key: str) -> int:
        card = content.cards[key]
        return sum(2 if (t == goal or GOAL_OF.get(t) == goal) else 1 if t == "coin" else 0
                   for n in card.nodes.values() for t in n.contents) + sum(
            2 for n in card.nodes.values() if n.kind == goal)

    def judge(lay):
        solved[0] += 1
        return best_path(build_dungeon(content, lay), goal, points, fairy=fairy, books=books)

    frontier = [([], list(hand))]
    best_lay, best = None, None
    for _ in range(min(len(hand), content.game["hand_size"])):
        scored = []
        for lay, left in frontier:
            opts = placement_options(content, lay, left)
            opts.sort(key=lambda o: (-worth(o[0]), abs(o[1]) + abs(o[2]), o))
            for o in opts[:widen]:
                new = lay + [o]
                b = judge(new)
                rest = list(left)
                rest.remove(o[0])
                scored.append((b.value, len(scored), new, rest, b))
        if not scored:
            break
        scored.sort(key=lambda t: (t[0], -t[1]), reverse=True)
        top = scored[0]
        if best is None or top[0] > best.value:
            best_lay, best = top[2], top[4]
        frontier = [(t[2], t[3]) for t in scored[:beam]]
    return Advice(best_lay or [], best, solved[0])
