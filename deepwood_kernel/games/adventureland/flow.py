"""The turn's flow (AL-6, AL-7): settling after a move, the turn's end, players dropping out
and the game's end, with the bookkeeping every phase shares (tile multisets, points scored
at once, parties removed). Part of the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .board import MAX_MOVES, _stops, can_move
from .state import ALState, Party


def _add(ms: dict[int, int], v: int, n: int = 1) -> None:
    ms[v] = ms.get(v, 0) + n
    if ms[v] == 0:
        del ms[v]


def _score(s: ALState, seat: int, line: str, pts: int) -> None:
    """AL-8.1: in *The Fellowship* points are scored at once and never taken back."""
    if s.adventure == "fellowship" and pts:
        pp = s.players[seat].points
        pp[line] = pp.get(line, 0) + pts


def _party_text(p: Party, article: bool = True) -> str:
    """``an adventurer with 2 companions``; without the article after a possessive."""
    one = "an adventurer" if article else "adventurer"
    a = one if p.adventurers == 1 else f"{p.adventurers} adventurers"
    if p.companions:
        a += f" with {p.companions} companion{'s' if p.companions > 1 else ''}"
    return a


def _remove_party(s: ALState, sq: str, why: str) -> None:
    party = s.parties.pop(sq)
    pl = s.players[party.seat]
    pl.lost_adventurers += party.adventurers
    pl.lost_companions += party.companions
    s.companions_box += party.companions
    s.log.append(f"{pl.name}'s {_party_text(party, False)} at {sq} {why} and leave"
                 f"{'' if party.adventurers > 1 else 's'} the game.")


def _settle(s: ALState) -> None:
    """Move the game on until a player must decide or a chance event is pending."""
    while True:
        if s.phase == "over" or s.fight is not None or s.pending:
            return
        if s.phase in ("setup", "reveal"):
            if s.to_reveal > 0 and s.deck:
                return
            s.to_reveal = 0
            if s.phase == "setup":
                s.phase, s.seat = "reveal", 0
                s.to_reveal = s.cards_per_turn
                s.log.append(f"Round 1: {s.players[0].name} begins.")
                continue
            s.phase, s.moves_left = "move", MAX_MOVES
            return
        if s.phase == "move" and s.moves_left == 0:
            _end_turn(s)
            continue
        return


def _end_turn(s: ALState) -> None:
    """AL-6.1, AL-7.1 .. AL-7.4: the next player's turn, or the end of the game.

    After every turn, a player none of whose adventurers can move drops out for good
    (AL-7.4): they keep their points and take no more turns (no cards, no moves). The
    game ends at once when every player has dropped out (AL-7.3); in the last round it
    ends when the turn order would pass the last seat.
    """
    stop = _stops(s)
    for i, p in enumerate(s.players):
        if not p.out and not can_move(s, i, stop):
            p.out = True
            s.log.append(f"{p.name} can no longer move any adventurer and drops out; "
                         f"{p.name} keeps the points scored, and the game goes on without "
                         f"{p.name}.")
    if all(p.out for p in s.players):
        s.end_reason = "no adventurer can move any more"      # AL-7.3, as AL-7.1/7.2 set it
        _game_over(s, s.end_reason)
        return
    nxt, wrapped = s.seat, False
    while True:
        nxt = (nxt + 1) % s.n
        wrapped = wrapped or nxt == 0
        if not s.players[nxt].out:
            break
    if s.last_round and wrapped:
        _game_over(s, f"the round is over and {s.end_reason}")
        return
    s.seat = nxt
    if wrapped:
        s.round += 1
        s.log.append(f"Round {s.round}: {s.players[nxt].name} begins.")
    s.phase, s.to_reveal, s.moves_left = "reveal", s.cards_per_turn, 0


def _game_over(s: ALState, why: str) -> None:
    s.phase = "over"
    s.fight = None
    s.pending = []
    s.log.append(f"The game ends: {why}.")
