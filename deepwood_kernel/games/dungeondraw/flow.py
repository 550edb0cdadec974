"""The round's flow (DD-2 to DD-8): the phases started and ended in the rulebook's order
(market, drawing up, exploration, rewards, clean-up, the next round) and :func:`_settle`,
which moves the game on until a chance event or a decision is pending. Part of the rules;
the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .cleanup import _cleanup_ids, _finish_cleanup
from .path import PathState
from .setup import _fill_market, _take, goal_kind, has_hourglass
from .state import DDState, Round


def _task_possible(s: DDState, t: tuple) -> bool:
    kind = t[0]
    if kind == "book":
        return bool(s.book_deck)
    if kind == "row":
        return bool(s.stacks[t[1]])
    if kind == "blind":
        return bool(s.stacks[t[2]])
    if kind == "blindbook":
        return bool(s.book_deck)
    if kind == "goal":
        return bool(s.goal_deck)
    if kind == "draw":
        p = s.players[t[1]]
        return bool(p.deck or p.discard)
    return True


def _settle(s: DDState) -> None:
    """Drop impossible chance events and move the game on until a chance event or a
    decision is pending."""
    while True:
        while s.tasks and not _task_possible(s, s.tasks[0]):
            t = s.tasks.pop(0)
            if t[0] == "draw":
                s.log.append(f"{s.players[t[1]].name} has no cards left to draw.")
            elif t == ("goal", "second"):
                s.log.append("The goal deck is empty: no secondary goal this round.")
                _score_round(s)
        if s.tasks or s.choice:
            return
        if s.phase == "setup":
            _start_market(s)
        elif s.phase == "market":
            if all(p.passed for p in s.players):
                _start_draw(s)
            else:
                return
        elif s.phase == "draw":
            if not _next_draw(s):
                _start_explore(s)
        elif s.phase == "explore":
            for p in s.players:
                if not p.finished:
                    return
            _end_explore(s)
        elif s.phase == "score":
            _after_scoring(s)
        elif s.phase == "cleanup":
            if s.cleanup_seat >= s.n:
                _next_round(s)
            elif _cleanup_ids(s, s.cleanup_seat) == ["done"] or s.round >= s.rounds:
                _finish_cleanup(s, s.cleanup_seat)
            else:
                return
        else:
            return


def _start_market(s: DDState) -> None:
    """Einkaufen (DD-2.2): round 1 the youngest (seat 0) first; later the fewest coins,
    ties by the fewest points last round; then clockwise."""
    s.phase = "market"
    if s.round == 1:
        first = 0
    else:
        def last(i):
            r = s.players[i].sheet[-1]
            return r.blue + r.pink + (r.green or 0)
        first = min(range(s.n), key=lambda i: (s.players[i].coins, last(i), i))
    s.order = [(first + k) % s.n for k in range(s.n)]
    s.turn = 0
    for p in s.players:
        p.passed = False
    s.log.append(f"Round {s.round}: the market opens; {s.players[first].name} buys first.")


def _advance_market(s: DDState) -> None:
    if all(p.passed for p in s.players):
        return
    for _ in range(s.n):
        s.turn = (s.turn + 1) % s.n
        if not s.players[s.order[s.turn]].passed:
            return


def _start_draw(s: DDState) -> None:
    """Auf 5 Handkarten nachziehen (DD-3.1)."""
    s.phase = "draw"
    s.draw_seat = 0
    for p in s.players:
        p.peeked = False


def _next_draw(s: DDState) -> bool:
    """Queue the next card draw; False once every hand is full or nothing is left."""
    hs = s.content.game["hand_size"]
    while s.draw_seat < s.n:
        p = s.players[s.draw_seat]
        if sum(p.hand.values()) < hs and (p.deck or p.discard):
            s.tasks.append(("draw", s.draw_seat))
            return True
        s.draw_seat += 1
    return False


def _start_explore(s: DDState) -> None:
    """Erkundung (DD-4): all at once; hands are shown now (DD-3.3)."""
    s.phase = "explore"
    s.turn = 0
    s.bonus_taken = False
    s.first_finisher = None
    for i, p in enumerate(s.players):
        p.placements, p.built, p.path, p.finished = [], False, None, False
        cards = ", ".join(s.content.cards[k].name for k in sorted(p.hand)) or "no cards"
        s.log.append(f"{p.name} shows a hand of {cards}.")
        if not p.hand:
            p.finished = True
            p.path = PathState(p.fairy, set(p.ready))
            p.path.ended = "dead end"
            s.log.append(f"{p.name} has no card to build with and explores nothing.")
    if has_hourglass(s.main_goal):
        s.log.append("The main goal shows an hourglass: \"Start!\" -- the first finished "
                     "path earns the time bonus.")
    _explore_to_next(s, start=True)


def _explore_to_next(s: DDState, start: bool = False) -> None:
    """The turn passes to the next player still exploring (with ``start``, only if the
    first one is done). When everyone is done the turn goes all the way round and stays."""
    players, order, n = s.players, s.order, len(s.players)
    if not start or players[order[s.turn]].finished:
        for _ in range(n):
            s.turn = (s.turn + 1) % n
            if not players[order[s.turn]].finished:
                return


def _return_tile(s: DDState, kind: str) -> None:
    """A fairy tile goes back to the market (DD-2.5); one taken from the box with SB-13
    while the market had none goes back to the box, so the market never holds more than
    its 5 of a kind (reading)."""
    if s.fairy_extra.get(kind):
        _take(s.fairy_extra, kind)
    else:
        s.fairy[kind] += 1


def _finish_path(s: DDState, seat: int) -> None:
    """A finished path (DD-5.5, DD-7.4): the first one in an hourglass round circles the
    time bonus, everyone later crosses it out."""
    p = s.players[seat]
    p.finished = True
    ps = p.path
    how = "leaves the dungeon by an exit" if ps.ended == "exit" else "ends in a dead end"
    s.log.append(f"{p.name}'s path {how}.")
    if has_hourglass(s.main_goal) and not s.bonus_taken:
        s.bonus_taken = True
        s.first_finisher = seat
        s.log.append(f"{p.name} calls \"Fertig!\" first and circles the time bonus.")


def _end_explore(s: DDState) -> None:
    """Belohnung erhalten 1-2 (DD-7.1, DD-7.2): fairy tiles back, coins taken; then the
    secondary goal is drawn and the round scored."""
    s.phase = "score"
    for p in s.players:
        ps = p.path
        for k, v in p.fairy.items():
            for _ in range(v):
                _return_tile(s, k)
        p.fairy = {}
        if ps.coins:
            p.coins += ps.coins
            s.log.append(f"{p.name} takes {ps.coins} coin{'s' if ps.coins != 1 else ''} "
                         "found on the path.")
        p.ready = [b for b in p.ready if b in ps.books]      # used books turned over
        for b in ps.boxed:
            if b in p.books:
                p.books.remove(b)
            if b in p.ready:
                p.ready.remove(b)
            s.book_box.append(b)
            s.log.append(f"{p.name} puts {b} back into the box (once per game).")
        p.sheet.append(Round())
    s.tasks.append(("goal", "second"))


def _score_round(s: DDState) -> None:
    """Belohnung erhalten 3-6 (DD-7.3-7.6): main goal x points (blue), secondary goal x
    points (pink), time bonus (green), exit tick."""
    c = s.content
    bonus = c.game["time_bonus"][s.round - 1]
    for i, p in enumerate(s.players):
        r = p.sheet[-1]
        found = p.path.found
        mk, sk = goal_kind(s.main_goal), goal_kind(s.second_goal)
        r.blue = found.get(mk, 0) * c.goals[mk] if mk else 0
        r.pink = found.get(sk, 0) * c.goals[sk] if sk else 0
        if has_hourglass(s.main_goal):
            r.green = bonus if s.first_finisher == i else 0
        r.exit = p.path.ended == "exit"
        s.log.append(f"{p.name} scores {r.blue} for the main goal and {r.pink} for the "
                     f"secondary goal" + (f", {r.green} time bonus" if r.green else "")
                     + (", and ticks the exit." if r.exit else ", and crosses out the exit."))
        p.upgrades = {k: found.get(k, 0) for k in ("recycle", "scissors") if found.get(k)}
        p.chosen, p.keep = [], []
    s.goal_discard += [g for g in (s.main_goal, s.second_goal) if g]


def _after_scoring(s: DDState) -> None:
    """Optimieren und Aufräumen (DD-8.1): the next main goal (not after the last round),
    then each player's upgrades in seat order."""
    s.phase = "cleanup"
    s.cleanup_seat = 0
    s.main_goal = s.second_goal = None
    if s.round < s.rounds:
        s.tasks.append(("goal", "main"))


def _next_round(s: DDState) -> None:
    if s.round == s.content.game["refresh_after_round"] and s.round < s.rounds:
        # DD-8.7: the market is cleared and refilled after round 3
        for i, b in enumerate(s.book_row):
            if b is not None:
                s.book_discard.append(b)
                s.book_row[i] = None
        for cost, row in s.rows.items():
            for i, k in enumerate(row):
                if k is not None:
                    s.market_discard.append(k)
                    row[i] = None
        s.log.append("End of round 3: the market is cleared and laid out anew.")
        _fill_market(s)
    if s.round >= s.rounds:
        s.phase = "over"
        s.log.append("The game ends after the last round's rewards.")
        return
    s.round += 1
    s.phase = "setup"
