"""The versus rules of Dungeon Draw as plain functions over :class:`DDState`.

Dungeon Draw is the project's name for the deck-building "draw one path through your own
dungeon" game whose German versus rulebook we follow (the text gives no title and no
edition; we cite it by its section headings, e.g. "Spielrunde", "Weg einzeichnen").
Each function names the rulebook section (German headings) and the rule IDs of
``docs/rules/dungeondraw.md``. The co-operative mode is only named in the rulebook and is
left out.

Readings chosen where the rulebook is silent (each is a **reading** in the reference):

* Seat 0 is the youngest player and buys first in round 1; later rounds start with the
  fewest coins, then the fewest points scored last round, then the lower seat; turns go
  clockwise from there.
* The exploration is simultaneous at the table. The engine lets the players act in turn
  order, one action (a card laid, a path step) each, skipping those who are done; "first
  to finish" (the time bonus) is whoever completes the path in the fewest actions, ties
  by turn order. Hands become open when the exploration begins (DD-3.3).
* Piles are multisets: every draw (goal card, spell book, dungeon card, exploration deck)
  is a chance event over what is left. An empty stack leaves its face-up slot empty.
* Hand cards not laid in the dungeon stay in hand for the next round (the rulebook discards
  only the dungeon's cards); SB-14 trades one of them at clean-up.
* The exit majority needs at least one exit to score; "second most" is the next lower
  count of exits (ties share both places).

This module is the face: :data:`RULES`, the one :class:`DungeonDrawRules` object the
engine drives, and :func:`apply` (a player's answer or a chance outcome). The rules live
beside it, one module per part of the rulebook, each importing only those listed before
it:

* ``setup.py`` — game info, setup (DD-1) and the small pile and goal helpers;
* ``cleanup.py`` — optimising and clearing up (DD-8), the spell books used there;
* ``flow.py`` — the round's phases started and ended in order, and ``_settle``;
* ``market.py`` — the fairy market (DD-2);
* ``chance.py`` — every draw from a pile, and what a seat can see of it;
* ``explore.py`` — laying the dungeon and drawing the path (DD-4, DD-5), on the geometry
  of ``path.py``;
* ``legal.py`` — whose decision it is, the legal actions, why an action is illegal.

Every name those modules define is importable from here too, as it always was.
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import PackageRules
from .chance import (_DRAW_LINES, _OUTCOME_IDS, _apply_chance, _draw_line,  # noqa: F401
                     _outcomes, _sb_order, chance_weights, seat_chance_weights)
from .cleanup import _cleanup, _cleanup_ids, _finish_cleanup, _swap_ids  # noqa: F401
from .content import Content, load_content, parse_content
from .explore import _explore, _explore_ids, _step_text  # noqa: F401
from .flow import (_advance_market, _after_scoring, _end_explore,  # noqa: F401
                   _explore_to_next, _finish_path, _next_draw, _next_round,
                   _return_tile, _score_round, _settle, _start_draw, _start_explore,
                   _start_market, _task_possible)
from .legal import current_player, explain_illegal, legal_ids  # noqa: F401
from .market import _buy, _gain_book, _market_ids  # noqa: F401
from .path import (PathState, build_dungeon, path_actions, path_apply,  # noqa: F401
                   placement_ids)
from .setup import (FAIRY_KINDS, INFO, _PILES, _add, _fill_market, _piles,  # noqa: F401
                    _take, goal_kind, goal_points, has_hourglass, initial_state)
from .state import COLOURS, NAMES, DDState, Player, Round  # noqa: F401
from .words import path_log  # noqa: F401


def apply(s: DDState, aid: str) -> None:
    if s.tasks:
        _apply_chance(s, aid)
        return
    seat = current_player(s)
    p = s.players[seat]
    verb, _, arg = aid.partition(" ")
    if s.choice:
        kind = s.choice[0]
        if kind == "drop book":
            p.books.remove(arg)
            if arg in p.ready:
                p.ready.remove(arg)
            s.book_discard.append(arg)
            s.log.append(f"{p.name} already has {s.content.game['book_limit']} spell books "
                         f"and lays {arg} aside.")
        else:
            key = s.choice[2]
            p.ready.remove("SB-12")
            if arg == "discard":
                _take(p.hand, key)
                _add(p.discard, key)
                s.log.append(Secret(f"{p.name} peeks with SB-12 and discards "
                                    f"{s.content.cards[key].name}.",
                                    f"{p.name} peeks with SB-12 and discards a card.", (seat,)))
            else:
                s.log.append(f"{p.name} peeks with SB-12 and keeps the card.")
        s.choice = ()
        _settle(s)
        return
    if s.phase == "market":
        if verb == "pass":
            p.passed = True
            s.log.append(f"{p.name} passes and buys nothing more this round.")
            _advance_market(s)
        else:
            _buy(s, seat, arg)
    elif s.phase == "explore":
        _explore(s, seat, verb, arg, aid)
    else:
        _cleanup(s, seat, verb, arg)
    _settle(s)


# ============================================================== the Rules object
class DungeonDrawRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> DDState:
        return initial_state(players, options, content)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: DDState) -> None:
        """DD-0.1: at ``max_game_length`` plies the game ends and is scored as it stands."""
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} "
                     "plies and ends; the score sheets are scored as they stand.")
        s.tasks, s.choice, s.phase = [], (), "over"

    def current_player(self, s):
        return current_player(s)

    def is_chance(self, s) -> bool:
        return bool(s.tasks) and s.phase != "over"

    def is_over(self, s) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players")}
        d["rounds"] = s.rounds
        d["content"] = s.content.file
        d["players"] = []
        for p in s.players:
            pd = {f.name: getattr(p, f.name) for f in fields(p) if f.name not in
                  ("path", "sheet")}
            pd["path"] = p.path.as_dict() if p.path else None
            pd["sheet"] = [asdict(r) for r in p.sheet]
            d["players"].append(pd)
        d["log"] = [str(x) for x in s.log]
        return d


RULES = DungeonDrawRules()
