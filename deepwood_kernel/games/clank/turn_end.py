"""The end of a *Klong!* turn and what follows it (rulebook: Zugende, Drachenangriff,
Bewusstlos, Countdown, Spielende; CL-9.x, CL-10.x): refilling the row, the dragon's
attack, knock-outs, the countdown and the final scoring."""

from __future__ import annotations

from .effects import _add, _set_draw, _take
from .queries import danger_in_row, in_game, rage_cubes
from .state import COLOURS, IN, LOST, RESCUED, ClankState, Turn
from .words import lower_name


# ============================================================== turn end, dragon
def end_turn(s: ClankState) -> None:
    """Zugende (CL-2, CL-8): clean up, refill the row, maybe an attack, draw 5."""
    p, t = s.players[s.seat], s.turn
    for k in [k for k in p.secrets if s.content.secrets[k].when == "end"]:
        # Zauberbrunnen (CL-13.9): "am Zugende", not kept "bis zur Benutzung" like potions
        p.secrets.remove(k)
        _add(s.box, k)
        s.log.append(f"{p.name} did not use the {lower_name(s.content.secrets[k].name)} "
                     "this turn: it goes back into the box unused.")
    for k in p.play:
        _add(p.discard, k)
    p.play = []
    for k in t.to_trash:
        _take(p.discard, k)
        p.trashed.append(k)
        s.log.append(f"{s.content.cards[k].name} goes back into the box.")
    # unused skill, swords and boots are lost; surplus negative clank lasts through the
    # refill's arrive effects, which still happen in this turn (CL-2.10)
    s.turn = Turn(neg_clank=t.neg_clank)
    if not in_game(s):
        s.turn = Turn()
        _game_over(s)
        return
    s.phase, s.refill_attack = "refill", False
    _continue_refill(s)


def _continue_refill(s: ClankState) -> None:
    if None in s.row:
        if not s.dungeon and s.dungeon_discard:
            s.dungeon, s.dungeon_discard = s.dungeon_discard, {}
            s.log.append("The dungeon deck is empty: its discard pile is shuffled into a "
                         "new one.")
        if s.dungeon:
            return                                 # another chance draw fills a slot
    if s.turn.neg_clank:                           # "verfallen am Ende des Zuges" (CL-2.10)
        s.log.append(f"{s.players[s.seat].name}'s leftover negative clank "
                     f"({-s.turn.neg_clank}) is lost at the end of the turn.")
        s.turn = Turn()
    if s.refill_attack:
        start_attack(s, 0)
    else:
        _after_attack(s)


def start_attack(s: ClankState, extra: int) -> None:
    """Drachenangriff (CL-8): the clank area goes into the bag, then rage + danger + extra
    cubes are drawn one by one."""
    for p in s.players:
        p.bag += p.clank
        p.clank = 0
    s.attack_left = rage_cubes(s) + danger_in_row(s) + extra
    s.attack_drawn = []
    s.phase = "attack"
    s.log.append(f"The dragon attacks! {s.attack_left} cubes are drawn from the bag "
                 f"({_bag_total(s)} inside).")
    if not _bag_total(s):
        _finish_attack(s)


def _bag_total(s: ClankState) -> int:
    return s.black_bag + sum(p.bag for p in s.players)


def _draw_cube(s: ClankState, colour: str) -> None:
    s.attack_left -= 1
    s.attack_drawn.append(colour)
    if colour == "black":
        s.black_bag -= 1
        s.black_aside += 1
        s.log.append("A black cube: the dragon misses.")
    else:
        seat = COLOURS.index(colour)
        p = s.players[seat]
        p.bag -= 1
        if p.status == IN:
            p.damage += 1
            s.log.append(f"A {colour} cube: {p.name} takes 1 damage "
                         f"({p.damage} of {s.content.game['health']}).")
            if p.damage >= s.content.game["health"]:
                knock_out(s, seat)
        else:
            p.set_aside += 1
            s.log.append(f"A {colour} cube: {p.name} is out of the dungeon; it counts as "
                         "black.")
    if s.attack_left <= 0 or not _bag_total(s) or not in_game(s):
        _finish_attack(s)


def _finish_attack(s: ClankState) -> None:
    s.attack_left = 0
    _after_attack(s)


def _after_attack(s: ClankState) -> None:
    if not in_game(s):
        _game_over(s)
        return
    if s.players[s.seat].status == IN and s.phase != "hand":
        s.phase = "hand"
        _set_draw(s, s.seat, s.content.game["hand_size"])
        if s.to_draw:
            return
    _next_turn(s)


def knock_out(s: ClankState, seat: int) -> None:
    """Bewusstlos (CL-9): rescued with an artifact outside the depths, lost otherwise."""
    p, c = s.players[seat], s.content
    if p.artifacts and not c.rooms[p.room].depths:
        p.status = RESCUED
        s.log.append(f"{p.name} is knocked out, but villagers rescue them: they keep their "
                     "points.")
    else:
        p.status = LOST
        why = "in the depths" if p.artifacts else "without an artifact"
        s.log.append(f"{p.name} is knocked out {why}: no rescue is possible.")
    _player_out(s, seat)


def _player_out(s: ClankState, seat: int) -> None:
    """Schicksalsweg (CL-10): the first player out starts the countdown track."""
    if s.countdown_seat is None:
        s.countdown_seat, s.countdown = seat, 1
        s.log.append(f"{s.players[seat].name} is the first out and starts the countdown "
                     "track.")


def _next_turn(s: ClankState) -> None:
    if not in_game(s):
        _game_over(s)
        return
    for step in range(1, s.n + 1):
        seat = (s.seat + step) % s.n
        if s.players[seat].status == IN or seat == s.countdown_seat:
            break
    s.seat = seat
    s.turn_no += 1
    s.turn = Turn()
    if seat == s.countdown_seat:
        _countdown_step(s)
        return
    s.phase = "turn"
    s.log.append(f"Turn {s.turn_no}: it is {s.players[seat].name}'s turn.")


def _countdown_step(s: ClankState) -> None:
    """Schicksalsweg (CL-10): spaces 2–4 attack with extra cubes, space 5 ends everything."""
    s.countdown += 1
    name = s.players[s.seat].name
    if s.countdown <= 4:
        extra = s.content.game["countdown_extra"][s.countdown - 2]
        s.log.append(f"Turn {s.turn_no}: {name} moves the countdown to space {s.countdown}: "
                     f"an attack with {extra} extra cube{'s' if extra != 1 else ''}.")
        start_attack(s, extra)
        return
    s.log.append(f"Turn {s.turn_no}: {name} moves the countdown to its last space: the "
                 "dragon knocks out everyone still inside.")
    for seat in in_game(s):
        knock_out(s, seat)
    _game_over(s)


def _game_over(s: ClankState) -> None:
    s.phase = "over"
    s.to_draw = 0
    s.log.append("Everyone is out of the dungeon: the game ends.")
