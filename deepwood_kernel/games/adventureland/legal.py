"""The legal actions and why an action is illegal. Part of the rules; the face :mod:`.rules`
re-exports every name.
"""

from __future__ import annotations

from .board import _stops, rays
from .moving import _line_text
from .state import ALState


def legal_ids(s: ALState) -> list[str]:
    f = s.fight
    if f is not None:
        p = s.players[f.seat]
        if f.stage == "swords":
            from .fight import choices_of
            return ["swords " + (" ".join(map(str, c)) if c else "none")
                    for c in choices_of(p.swords, s.content.game["max_swords_in_fight"])]
        ids = [f"herb {v}" for v in sorted(p.herbs)]
        if p.gold:
            ids.append("gold +1")
            ids += [f"gold reroll {v}" for v in sorted(set(f.dice))]
        return ids + ["give up"]
    if s.phase != "move":
        return []
    seat = s.seat
    r = rays(s.content)
    stop = _stops(s)
    parties = s.parties
    merge = s.adventure == "magnificent"
    lines = s.players[seat].lines
    # the ways to walk, in the order of the ids: AL-1.4, each start line's own adventurer;
    # then each party of the seat, board order, east then south (as destinations())
    if lines:
        enter_ways = r["enter_ways"][s.n]
        ways = [enter_ways[lab] for lab in lines]
    else:
        ways = []
    mine = [q for q, p in parties.items() if p.seat == seat]
    if len(mine) > 1:
        mine.sort(key=r["order"].__getitem__)
    east, south = r["east_way"], r["south_way"]
    for sq in mine:
        ways.append(east[sq])
        ways.append(south[sq])
    # _walk along each way, inlined (this is the playouts' hottest loop): a way meeting
    # no party, creature or sprite is taken whole
    ids: list[str] = []
    no_parties, no_stops = parties.keys().isdisjoint, stop.keys().isdisjoint
    for line, way_ids in ways:
        if no_parties(line) and no_stops(line):
            ids += way_ids
            continue
        if merge:                        # AL-8.2: own parties may be joined
            for t, a in zip(line, way_ids):
                if t in stop:
                    if stop[t] and t not in parties:
                        ids.append(a)
                    break
                p = parties.get(t)
                if p is None or p.seat == seat:
                    ids.append(a)
        else:
            for t, a in zip(line, way_ids):
                if t in stop:
                    if stop[t] and t not in parties:
                        ids.append(a)
                    break
                if t not in parties:
                    ids.append(a)
    ids.append("end")
    return ids


def explain_illegal(s: ALState, aid: str) -> str | None:
    if s.phase == "over":
        return "the game is over"
    verb, _, arg = aid.partition(" ")
    f = s.fight
    c = s.content
    if f is not None:
        pl = s.players[f.seat]
        if f.stage == "swords":
            return (f"choose the swords for the fight first ('swords none' or e.g. "
                    f"'swords 3 1', at most {c.game['max_swords_in_fight']} of yours); "
                    f"yours: {_ms_text(pl.swords)}")
        if verb == "herb":
            return f"you hold no herb worth {arg}; yours: {_ms_text(pl.herbs)}"
        if verb == "gold" and not pl.gold:
            return "you have no gold to give back"
        if verb == "gold":
            return f"no die shows {arg.split()[-1]}; the dice show {f.dice or 'nothing'}"
        return "a fight is on: add herbs or gold, or give up"
    if verb in ("move", "enter"):
        parts = arg.split()
        dst = parts[-1] if parts else ""
        if dst not in c.terrain:
            return f"{dst!r} is not a square; squares run from A1 to " \
                   f"{c.columns[-1]}{c.rows}"
        if verb == "enter":
            pl = s.players[s.seat]
            line = parts[0] if len(parts) == 2 else ""
            starts = rays(c)["starts"][s.n]
            if not pl.lines:
                return "you have no adventurer left in the start area"
            if line not in pl.lines:
                return (f"name the start line of the adventurer that enters, then the square "
                        f"(e.g. 'enter {pl.lines[0]} {starts[pl.lines[0]][0]}'); yours still "
                        f"waiting: {', '.join(_line_text(x) for x in pl.lines)}")
            if dst not in starts[line]:
                return (f"the adventurer {_line_text(line)} enters along "
                        f"{'row' if line.isdigit() else 'column'} {line} only "
                        f"(moving {'east' if line.isdigit() else 'south'}); {dst} is not on it")
        if verb == "move":
            src = parts[0] if len(parts) == 2 else ""
            p = s.parties.get(src)
            if p is None or p.seat != s.seat:
                return f"you have no adventurer on {src or '?'}"
            (c0, r0), (c1, r1) = c.coord(src), c.coord(dst)
            if not ((c1 > c0 and r1 == r0) or (r1 > r0 and c1 == c0)):
                return "adventurers move in a straight line south (down) or east (right) " \
                       "only, never north or west"
        if dst == s.sprite:
            return f"the water sprite is on {dst}: no move may end there"
        if dst in s.parties:
            return f"another adventurer stands on {dst}"
        return "the way is blocked: adventurers may not leap over a fog creature or the " \
               "water sprite"
    if verb == "end" and s.phase != "move":
        return "the terrain cards of this turn are revealed first"
    return None


def _ms_text(ms: dict[int, int]) -> str:
    vals = [v for v, k in sorted(ms.items()) for _ in range(k)]
    return ", ".join(map(str, vals)) or "none"
