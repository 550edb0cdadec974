"""The sun and the end: the sun marker (DQ-7.1, DQ-7.2), sunset (DQ-7.3), the turn's end
with the dragon cards' return (DQ-11.10), and the end of the game (DQ-8.1).
"""

from __future__ import annotations

from .queries import in_dungeon
from .state import DQState
from .turn import _add, _begin_turn, kill


def t_sun(s: DQState) -> None:
    """Zeit (DQ-7.1, DQ-7.2): the start player moves the sun marker 1 space; on a
    numbered space a die is rolled at once."""
    c = s.content
    s.sun = min(s.sun + 1, c.sun_length)
    num = c.sun_numbers.get(s.sun)
    if num is None:
        s.log.append(f"The sun moves to space {s.sun}.")
        return
    s.log.append(f"The sun moves to space {s.sun}, marked {num}: "
                 f"{s.heroes[s.start].name} rolls a die.")
    s.chance = ("sun", num)


def t_turn_end(s: DQState) -> None:
    """After a turn: the dragon cards go back when nobody is in the treasure chamber
    (DQ-11.10); the game ends when nobody is left inside (DQ-8.1); else the next hero."""
    c = s.content
    if s.dragon_drawn and not any(h.sq in c.treasure for h in s.heroes):
        for k in s.dragon_drawn:
            _add(s.piles["dragon"], k)
        s.log.append(f"Nobody is left in the treasure chamber: the "
                     f"{len(s.dragon_drawn)} drawn dragon card"
                     f"{'s are' if len(s.dragon_drawn) > 1 else ' is'} shuffled back.")
        s.dragon_drawn = []
    if not any(in_dungeon(h) for h in s.heroes):
        _game_over(s, "Every hero has escaped or died: the game ends.")
        return
    seat, new_round = s.seat, False
    while True:
        seat = (seat + 1) % s.n
        if seat == s.start:
            new_round = True
        if in_dungeon(s.heroes[seat]):
            break
    if new_round:
        s.round += 1
        s.log.append(f"Round {s.round} begins.")
    s.log.append(f"{s.heroes[seat].name}'s turn.")
    _begin_turn(s, seat, new_round)


def _game_over(s: DQState, why: str) -> None:
    s.over = True
    s.tasks = []
    s.chance = s.decide = None
    s.log.append(why)


def _sunset(s: DQState) -> None:
    """Sonnenuntergang (DQ-7.3): the game ends at once; heroes inside die."""
    s.sunset = True
    for i, h in enumerate(s.heroes):
        if in_dungeon(h):
            s.log.append(f"{h.name} is still inside when the gates close.")
            kill(s, i, "is trapped in the dungeon")
    _game_over(s, "The sun has set: the game is over.")
