"""The board's geometry for moving ("2. Move adventurer(s)", AL-2): the lines a party moves
along, where it stops and leaps, where it may go, whether a player can move at all. Part of
the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .content import Content
from .state import ALState


MAX_MOVES = 2            # AL-2.1: one adventurer twice, or two adventurers once each


_RAYS: dict[int, dict] = {}


_LAST_RAYS: list = [None]         # the tables last asked for (rays())


def rays(c: Content) -> dict:
    """Squares east and south of every square, in order, and the start lines (cached)."""
    last = _LAST_RAYS[0]
    if last is not None and last["content"] is c:         # the usual case: one content
        return last
    key = id(c)
    r = _RAYS.get(key)
    if r is not None and r["content"] is c:
        _LAST_RAYS[0] = r
        return r
    east, south = {}, {}
    for sq in c.squares:
        col, row = c.coord(sq)
        east[sq] = tuple(c.square(k, row) for k in range(col + 1, len(c.columns)))
        south[sq] = tuple(c.square(col, k) for k in range(row + 1, c.rows + 1))
    starts = {}
    for n, p in c.players.items():
        # AL-1.4: a start line is named as the rulebook names it: "3" in front of row 3
        # (its adventurer enters moving east), "B" above column B (moving south)
        lines = {str(row): tuple(c.square(k, row) for k in range(len(c.columns)))
                 for row in p["start_rows"]}
        lines.update({col: tuple(c.square(c.columns.index(col), k) for k in range(1, c.rows + 1))
                      for col in p["start_columns"]})
        starts[n] = lines
    r = {"content": c, "east": east, "south": south, "starts": starts,
         "card": {sq: f"card {sq}" for sq in c.squares},
         # the same as weighted outcomes, made once (chance_weights)
         "card_w": {sq: (f"card {sq}", 1) for sq in c.squares},
         "fog": tuple(sq for sq in c.squares if c.terrain[sq] == "fog"),
         "enter": {lab: {sq: f"enter {lab} {sq}" for sq in c.squares}
                   for lines in starts.values() for lab in lines},
         "move": {a: {b: f"move {a} {b}" for b in east[a] + south[a]} for a in c.squares},
         # (squares, their action ids) of every way, for _way_ids
         "enter_ways": {n: {lab: (line, tuple(f"enter {lab} {t}" for t in line))
                            for lab, line in lines.items()} for n, lines in starts.items()},
         "east_way": {a: (east[a], tuple(f"move {a} {b}" for b in east[a])) for a in c.squares},
         "south_way": {a: (south[a], tuple(f"move {a} {b}" for b in south[a]))
                       for a in c.squares},
         "order": {sq: i for i, sq in enumerate(c.squares)},
         "river": {sq: i for i, sq in enumerate(c.river)}}
    _RAYS[key] = _LAST_RAYS[0] = r
    return r


def _stops(s: ALState) -> dict[str, bool]:
    """Squares no way passes: fog creatures (True: a move may end there, to fight) and the
    water sprite (False)."""
    items = s.items                          # creatures lie on fog squares only
    stop = {sq: True for sq in rays(s.content)["fog"]
            if (it := items.get(sq)) is not None and it[0] == "creature"}
    if s.sprite is not None:
        stop[s.sprite] = False
    return stop


def _walk(s: ALState, seat: int, line, stop: dict[str, bool]) -> list[str]:
    """AL-2.3, AL-2.4: along ``line``, every square where a move may end, in order.

    Leap over adventurers, companions and tiles; never over a fog creature or the water
    sprite. Never end on another adventurer or the sprite (in *The Magnificent*, a party
    of your own colour may be joined, AL-8.2). Entering a creature's square ends the way.
    """
    parties = s.parties
    merge = s.adventure == "magnificent"
    out = []
    for t in line:
        if t in stop:
            if stop[t] and t not in parties:
                out.append(t)
            return out
        if t in parties:
            if merge and parties[t].seat == seat:
                out.append(t)
        else:
            out.append(t)
    return out


def destinations(s: ALState, seat: int, src: str,
                 stop: dict[str, bool] | None = None) -> list[str]:
    """Where the party on ``src`` may move (east, then south, nearest first); ``src`` a
    start line's name ("3", "B"): where that line's adventurer may enter (AL-1.4)."""
    r = rays(s.content)
    if stop is None:
        stop = _stops(s)
    line = r["starts"][s.n].get(src)
    if line is not None:
        return _walk(s, seat, line, stop)
    return _walk(s, seat, r["east"][src], stop) + _walk(s, seat, r["south"][src], stop)


def _opens(s: ALState, seat: int, line, stop: dict[str, bool]) -> bool:
    """Whether a move along ``line`` can end anywhere (:func:`_walk`, stopping early)."""
    parties = s.parties
    merge = s.adventure == "magnificent"
    for t in line:
        if t in stop:
            return stop[t] and t not in parties
        p = parties.get(t)
        if p is None or (merge and p.seat == seat):
            return True
    return False


def can_move(s: ALState, seat: int, stop: dict[str, bool] | None = None) -> bool:
    """Whether ``seat`` has any move (AL-7.3, AL-7.4): :func:`_opens` along its ways,
    stopping at the first open one (asked for every player after every turn; usually the
    first square of the first way is open)."""
    stop = _stops(s) if stop is None else stop
    r = rays(s.content)
    starts, east, south = r["starts"][s.n], r["east"], r["south"]
    if any(_opens(s, seat, starts[lab], stop) for lab in s.players[seat].lines):
        return True
    return any(p.seat == seat and (_opens(s, seat, east[sq], stop)
                                   or _opens(s, seat, south[sq], stop))
               for sq, p in s.parties.items())
