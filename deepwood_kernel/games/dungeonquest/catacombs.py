"""The catacombs (Katakomben): going down (DQ-10.1, DQ-10.2), the catacomb cards'
way out (DQ-10.3, DQ-10.4), the roll and the outer wall (DQ-10.5) and the return to the
board (DQ-10.6, DQ-10.7).
"""

from __future__ import annotations

from .content import DIRS
from .moving import _arrive
from .queries import describe_room
from .state import DQState, IN
from .turn import _discard, wound


def fall_into_catacombs(s: DQState) -> None:
    """Die Katakomben betreten (DQ-10.1, DQ-10.2): the travel marker on the hero's square,
    facing any way; the figure leaves the board; the turn ends."""
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} descends into the catacombs.")
    s.tasks = [("turn_end",)]
    s.decide = ("face", s.seat)


def t_exit_choice(s: DQState) -> None:
    s.decide = ("exit", s.seat)


def _travel(s: DQState, sq: str, d: int, steps: int) -> tuple[str, int]:
    """Move the travel marker ``steps`` squares; at the outer wall it stops. Returns the
    square and the steps lost."""
    c = s.content
    for i in range(steps):
        t = c.neighbour(sq, d)
        if t is None:
            return sq, steps - i
        sq = t
    return sq, 0


def _leave_catacombs(s: DQState) -> None:
    """Die Katakomben verlassen (DQ-10.4): move by the number of catacomb cards, stop at
    the outer wall (no wound); then turn 90° (the hero's choice) and roll."""
    h = s.heroes[s.seat]
    sq, d = h.travel
    n = len(h.cat_cards)
    sq, lost = _travel(s, sq, d, n)
    h.travel = (sq, d)
    s.log.append(f"{h.name} follows the catacombs {n} square{'s' if n != 1 else ''} "
                 f"{DIRS[d]} to {sq}" + (f" (the outer wall stops {lost})." if lost else "."))
    s.decide = ("turn", s.seat)


def _catacomb_roll(s: DQState, roll: int) -> None:
    h = s.heroes[s.seat]
    sq, d = h.travel
    sq, lost = _travel(s, sq, d, roll)
    s.log.append(f"{h.name} rolls {roll} and moves on {DIRS[d]} to {sq}.")
    if lost:
        s.log.append(f"The outer wall stops {lost} step{'s' if lost > 1 else ''}.")
    cards = s.content.cards
    for k in h.cat_cards:
        if cards[k].loot:
            h.loot.append(k)
        else:
            _discard(s, k)
    h.cat_cards = []
    h.travel = (sq, d)                   # the figure replaces the marker on landing
    s.tasks.append(("land", sq))
    if lost:
        wound(s, s.seat, lost)            # DQ-10.5: 1 wound per step lost


def t_land(s: DQState, sq: str) -> None:
    """Rückkehr (DQ-10.6, DQ-10.7): other heroes allowed; an unexplored square gets a
    tile in any orientation; then the room's effect (or its monster)."""
    h = s.heroes[s.seat]
    if sq in s.board or sq in s.content.towers or sq in s.content.treasure:
        h.sq, h.came, h.travel, h.status = sq, None, None, IN
        s.log.append(f"{h.name} climbs up into {describe_room(s, sq)} on {sq}.")
        _arrive(s)
        return
    s.chance = ("tile", sq, None)
