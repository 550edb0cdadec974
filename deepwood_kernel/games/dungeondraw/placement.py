"""Laying dungeon cards (DD-4): where a card may go, its nodes and connectors placed.

A card is placed at a column and row of whole cards and turned by 0 or 180 degrees; its
connectors must meet the connectors of the cards beside it. :func:`placement_options` lists
every legal placement of the cards in hand (the engine offers them as ``place <key> <col>
<row> <rot>`` actions). The face :mod:`.path` re-exports every name.
"""

from __future__ import annotations

from bisect import bisect_left

from .content import CARD_H, CARD_W, Content

_FLIP = {"L": "R", "R": "L", "T": "B", "B": "T"}


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
