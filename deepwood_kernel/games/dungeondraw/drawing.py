"""Drawing the path one step at a time ("Weg einzeichnen": DD-5, DD-6, the spell books of
DD-10): :class:`PathState`, the legal steps (:func:`path_actions`) and a step taken
(:func:`path_apply`). The readings are listed in the face :mod:`.path`, which re-exports
every name.
"""

from __future__ import annotations

from math import atan2, tau

from .dungeon import GOAL_OF, Dungeon
from .placement import _FLIP

# obstacle -> (item, fairy-tile kind, spell books that overcome it)
MEANS = {"monster": ("sword", "sword", ("SB-1",)),
         "lock": ("key", "key", ("SB-7",)),
         "lava": ("rope", "rope", ("SB-3",)),
         "trap": ("rope", "rope", ("SB-3",)),
         "portal": ("scroll", "scroll", ("SB-9",))}


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
