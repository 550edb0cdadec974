"""Moving and rooms (Bewegen, Raumeffekte): moving through doors and portcullises
(DQ-3.1 to DQ-3.4, DQ-12.1, DQ-12.2), entering a room and its effect (DQ-11), the bridge
(DQ-11.3), flight from a monster into the next room (DQ-9.8) and escaping from a tower room
(DQ-11.13, DQ-8.4).
"""

from __future__ import annotations

from .combat import start_encounter
from .queries import (dark_weights, describe_room, direction, far_side, on_far_half,
                      room_marker, room_squares, room_type, side)
from .state import DQState, ESCAPED, IN
from .turn import _discard, _end_turn, wound


def t_go(s: DQState, to: str, ignore: bool, how: str) -> None:
    """Bewegen (DQ-3.1): move to the neighbouring square ``to``; a door needs a door card
    (DQ-12.1), a portcullis a strength test (DQ-12.2), unless the move ignores them
    (corridor, web, darkness, flight)."""
    h = s.heroes[s.seat]
    c = s.content
    frm, d = next((q, d) for q in room_squares(s, h.sq) for d in range(4)
                  if c.neighbour(q, d) == to)
    s.tasks.append(("enter", to, d, how))
    if ignore:
        return
    kinds = {side(s, frm, d)}
    if to in s.board:
        kinds.add(side(s, to, (d + 2) % 4))
    if "p" in kinds:
        s.log.append(f"A portcullis blocks the way to {to}: {h.name} must lift it.")
        s.tasks.append(("test", "strength", 0, (), (("eff", "end_turn", None),)))
    if "d" in kinds:
        s.log.append(f"A closed door leads to {to}: {h.name} draws a door card.")
        s.tasks.append(("draw", "door"))


def _move_from_action(s: DQState, to: str, how: str) -> None:
    h = s.heroes[s.seat]
    d = direction(s, h.sq, to)
    typ = room_type(s, h.sq)
    ignore = how in ("corridor", "web", "flee")
    s.tasks.append(("go", to, ignore, how))
    if typ == "cave_in" and far_side(s, h.sq, d) != on_far_half(s, s.seat):
        s.log.append(f"{h.name} climbs over the rubble.")
        s.tasks.append(("test", "agility", 0, (), (("eff", "end_turn", None),)))
    if how == "web" and d != h.came:
        s.tasks.append(("test", "strength", 0, (), (("eff", "end_turn", None),)))


def t_enter(s: DQState, to: str, d: int, how: str) -> None:
    """Bewegung in einen Raum / auf ein unerforschtes Feld (DQ-3.2, DQ-3.4)."""
    h = s.heroes[s.seat]
    if not (to in s.board or to in s.content.towers or to in s.content.treasure):
        s.chance = ("tile", to, d)
        return
    h.sq, h.came = to, (d + 2) % 4
    s.log.append(f"{h.name} enters {describe_room(s, to)} on {to}.")
    _arrive(s)


def _arrive(s: DQState) -> None:
    """A room with a monster marker: meet the monster instead of the room's effect
    (DQ-9.1); else the room's effect."""
    h = s.heroes[s.seat]
    if room_marker(s, h.sq) is not None:
        s.log.append(f"A monster marker lies here: {h.name} meets a monster.")
        start_encounter(s)
        return
    room_effect(s)


def room_effect(s: DQState) -> None:
    """Raumeffekte (DQ-11): the effect of the room the hero has just entered."""
    h = s.heroes[s.seat]
    typ = room_type(s, h.sq)
    if typ in ("dungeon", "cave_in", "chasm"):
        s.tasks.append(("draw", "dungeon"))
    elif typ == "trap":
        s.tasks.append(("draw", "trap"))
    elif typ == "treasure":
        s.tasks.append(("draw", "dragon"))
    elif typ == "pit":
        s.log.append(f"{h.name} teeters at the edge of a bottomless pit.")
        s.tasks.append(("test", "luck", 0, (("eff", "end_turn", None),),
                        (("eff", "dead", None),)))
    elif typ == "rotating":
        s.board[h.sq][1] = (s.board[h.sq][1] + 2) % 4
        h.came = (h.came + 2) % 4 if h.came is not None else None
        s.log.append(f"The room turns half a circle with {h.name} in it.")
        _end_turn(s)
    elif typ == "corridor":
        if h.sq in s.corridors:
            s.log.append(f"{h.name} enters the same corridor twice: the turn ends.")
            _end_turn(s)
            return
        s.corridors.append(h.sq)
        s.decide = ("onward", s.seat, "corridor")
    elif typ == "web":
        s.decide = ("onward", s.seat, "web")
    elif typ == "tower":
        s.decide = ("onward", s.seat, "tower")
    elif typ == "bridge":
        s.decide = ("bridge", s.seat)
    elif typ == "darkness":
        if dark_weights(s, s.seat):
            s.chance = ("dark",)
        else:                              # reading: every way blocked, the turn ends
            s.log.append(f"Every way out of the darkness is blocked: {h.name}'s turn ends.")
            _end_turn(s)


def t_fled(s: DQState, to: str) -> None:
    """Flucht (DQ-9.8): a successful flight reveals the monster card, the hero suffers its
    escape wounds, then moves into the chosen neighbouring explored room.

    The move ignores doors and portcullises and nothing else ("wobei er Türen und
    Fallgitter ignoriert"): leaving a caved-in room by a passage beyond the rubble still
    asks for the agility test of DQ-11.6, and a failure ends the turn in the room (the
    encounter is over either way). The chasm blocks flight across it (``flee_targets``)."""
    cb = s.combat
    card = s.content.cards[cb["monster"]]
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} escapes from the {card.name} (life {card.life}, escape "
                 f"wounds {card.escape}).")
    _discard(s, cb["monster"])
    s.combat = None
    s.tasks = [("turn_end",)]
    if card.escape:
        wound(s, s.seat, card.escape)
    if h.status == IN:                     # the escape wounds may have killed the hero
        _move_from_action(s, to, "flee")


def _cross(s: DQState) -> None:
    """Brücke (DQ-11.3): an agility test, +1 to the roll per loot card carried; across
    on a pass (the turn ends there), a fall into the catacombs with a die of wounds on a
    failure."""
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} tries to cross the bridge.")
    s.tasks.append(("test", "agility", len(h.loot), (("crossed",),),
                    (("eff", "wounds_die", "1"), ("eff", "catacombs", None))))


def t_crossed(s: DQState) -> None:
    h = s.heroes[s.seat]
    # stand on the other half: enter "through" a side of the half you were not on
    want = not on_far_half(s, s.seat)
    h.came = next(d for d in range(4) if far_side(s, h.sq, d) == want)
    s.log.append(f"{h.name} is across the bridge.")
    _end_turn(s)


def _escape(s: DQState) -> None:
    """Turmzimmer (DQ-11.13, DQ-8.4): out of the dungeon with your loot; no more turns."""
    h = s.heroes[s.seat]
    h.status, h.sq, h.came = ESCAPED, None, None
    s.tokens += h.determination
    h.determination = 0
    for k in h.keep:                       # lasting cards act no more outside (DQ-8.4)
        _discard(s, k)
    h.keep = []
    s.log.append(f"{h.name} escapes from the dungeon with {len(h.loot)} loot card"
                 f"{'s' if len(h.loot) != 1 else ''}!")
    _end_turn(s)
