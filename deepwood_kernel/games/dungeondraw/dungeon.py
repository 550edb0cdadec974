"""A laid dungeon as a graph (DD-4, DD-5): every card's nodes placed, facing connectors merged
into one node, the rim's open connectors marked as starts and exits.

The face :mod:`.path` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import CARD_H, CARD_W, Content
from .placement import _beyond, _evict, card_nodes

#: what a goal kind counts among the discoveries
GOAL_OF = {"monster": "monster", "lock": "lock", "trap": "pit", "lava": "pit"}


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
