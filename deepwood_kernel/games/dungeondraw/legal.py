"""Whose decision it is, the legal actions and why an action is illegal. Part of the rules; the
face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .cleanup import _cleanup_ids
from .explore import _explore_ids
from .market import _market_ids
from .path import placement_problem
from .state import DDState


def current_player(s: DDState) -> int | None:
    if s.tasks or s.phase == "over":
        return None
    if s.choice:
        return s.choice[1]
    phase = s.phase
    if phase == "market" or phase == "explore":
        return s.order[s.turn]            # turns go round the table in both phases
    if phase == "cleanup" and s.cleanup_seat < s.n:
        return s.cleanup_seat
    return None


def legal_ids(s: DDState) -> list[str]:
    seat = current_player(s)
    if seat is None:
        return []
    if s.choice:
        if s.choice[0] == "drop book":
            return [f"drop {b}" for b in s.players[seat].books if b != s.choice[2]]
        return ["peek keep", "peek discard"]
    if s.phase == "market":
        return _market_ids(s, seat)
    if s.phase == "explore":
        return _explore_ids(s, seat)
    return _cleanup_ids(s, seat)


def explain_illegal(s: DDState, aid: str) -> str | None:
    if not isinstance(aid, str):
        return None
    verb, _, arg = aid.partition(" ")
    seat = current_player(s)
    if seat is None:
        return "nobody is to decide now"
    p = s.players[seat]
    if s.phase == "market" and verb == "buy":
        return (f"{p.name} has {p.coins} coins; buy something on display that you can "
                "pay for, or pass")
    if s.phase == "explore" and verb == "place":
        parts = arg.split()
        if len(parts) != 4:
            return "write 'place CARD COL ROW TURN'"
        key = parts[0]
        if key not in p.hand:
            return f"{key!r} is not in {p.name}'s hand"
        try:
            col, row, rot = int(parts[1]), int(parts[2]), int(parts[3])
        except ValueError:
            return "column, row and turn are whole numbers"
        if p.built:
            return "the dungeon is already built"
        return placement_problem(s.content, p.placements, key, col, row, rot)
    if s.phase == "explore" and verb in ("go", "start"):
        return ("a path starts at an open corridor on the dungeon's edge and goes on along "
                "an unused corridor to a node not yet visited (rooms may be re-entered)")
    return None
