"""The chance events: every draw from a pile (goal cards, spell books, dungeon cards, the
exploration deck) is a multiset draw, with the view of a seat that cannot see the card. Part
of the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from ...core.log import Secret
from .content import Content
from .flow import _score_round, _settle
from .market import _gain_book
from .setup import _add, _take, goal_kind, has_hourglass
from .state import DDState


def chance_weights(s: DDState) -> list[tuple[str, int]]:
    if not s.tasks:
        return []
    t = s.tasks[0]
    kind = t[0]
    if kind == "draw":
        p = s.players[t[1]]
        pile = p.deck or p.discard        # an empty deck is the shuffled discard (DD-3.2)
        return _outcomes("draw", pile)
    if kind in ("book", "blindbook"):
        return _outcomes("book", s.book_deck, _sb_order)
    if kind in ("row", "blind"):
        return _outcomes("card", s.stacks[t[1] if kind == "row" else t[2]])
    if kind == "goal":
        return _outcomes("goal", s.goal_deck)
    return []


def _sb_order(key: str) -> int:
    return int(key.split("-")[1])


_OUTCOME_IDS: dict = {}           # verb -> {key: "verb key"}


def _outcomes(verb: str, pile: dict, order=None) -> list[tuple[str, int]]:
    """Drawing from a pile (a multiset): the outcomes ``"VERB KEY"`` weighted by how many
    of each are left, in key order. Each id is written once (a draw is a third of all
    plies), and the keys are sorted alone, not as (key, count) pairs."""
    ids = _OUTCOME_IDS.get(verb)
    if ids is None:
        ids = _OUTCOME_IDS[verb] = {}
    out = []
    for k in sorted(pile, key=order):
        aid = ids.get(k)
        if aid is None:
            if len(ids) > 4096:
                ids.clear()
            aid = ids[k] = f"{verb} {k}"
        out.append((aid, pile[k]))
    return out


def seat_chance_weights(s: DDState, seat: int):
    """A card drawn into another player's hand (or bought blind) is unseen by ``seat``."""
    if not s.tasks:
        return None
    t = s.tasks[0]
    if t[0] == "draw" and t[1] != seat or t[0] == "blind" and t[1] != seat:
        return [("?a face-down card", 1)]
    return None


_DRAW_LINES: dict = {}            # (content, name, card, seat) -> its Secret log line


def _draw_line(c: Content, name: str, key: str, seat: int) -> Secret:
    """The log line of a card drawn into a hand (the card shown to its owner only). A
    Secret is immutable, so one per player name, card and seat serves every game."""
    ck = (c, name, key, seat)
    line = _DRAW_LINES.get(ck)
    if line is None:
        if len(_DRAW_LINES) > 4096:
            _DRAW_LINES.clear()
        line = _DRAW_LINES[ck] = Secret(f"{name} draws {c.cards[key].name}.",
                                        f"{name} draws a card.", (seat,))
    return line


def _apply_chance(s: DDState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    t = s.tasks.pop(0)
    c = s.content
    kind = t[0]
    if kind == "draw":                    # a third of all plies: first
        p = s.players[t[1]]
        if not p.deck:
            p.deck, p.discard = p.discard, {}
            s.log.append(f"{p.name} shuffles the discard pile into a new exploration deck.")
        _take(p.deck, arg)
        _add(p.hand, arg)
        s.log.append(_draw_line(c, p.name, arg, t[1]))
        if "SB-12" in p.ready and not p.peeked:
            p.peeked = True
            s.choice = ("peek", t[1], arg)
    elif kind == "book":
        _take(s.book_deck, arg)
        s.book_row[t[1]] = arg
        s.log.append(f"The spell book {arg} ({c.books[arg].split(':')[0]}) is laid out.")
    elif kind == "blindbook":
        _take(s.book_deck, arg)
        _gain_book(s, t[1], arg)
    elif kind == "row":
        _take(s.stacks[t[1]], arg)
        s.rows[t[1]][t[2]] = arg
        s.log.append(f"{c.cards[arg].name} ({t[1]} coins) is laid out in the market.")
    elif kind == "blind":
        _take(s.stacks[t[2]], arg)
        p = s.players[t[1]]
        _add(p.hand, arg)
        s.log.append(Secret(f"{p.name} draws {c.cards[arg].name} blind from the "
                            f"{t[2]}-coin stack.",
                            f"{p.name} draws a card blind from the {t[2]}-coin stack.",
                            (t[1],)))
    elif kind == "goal":
        _take(s.goal_deck, arg)
        kind_ = goal_kind(arg)
        text = f"{c.goals[kind_]} point{'' if c.goals[kind_] == 1 else 's'} per {kind_}"
        if t[1] == "main":
            s.main_goal = arg
            r = s.round + (1 if s.phase == "cleanup" else 0)
            hg = ", with an hourglass" if has_hourglass(arg) else ""
            s.log.append(f"Round {r}'s main goal: {text}{hg}.")
        else:
            s.second_goal = arg
            s.log.append(f"The secondary goal: {text}.")
            _score_round(s)
    _settle(s)
