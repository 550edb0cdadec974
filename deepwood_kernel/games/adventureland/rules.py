"""The rules of *Adventure Land* (Kramer & Kiesling, HABA 2015) over :class:`ALState`.

Two pages of HABA's English rulebook (2015) are our text: "2. Move adventurer(s)" with the
"Water Sprite Rule", and "Combat strength of the fog creature"; they are implemented
exactly. The rest is reconstructed from published facts (a few sentences of the full
English rulebook among them) or designed for this project; every rule function names its
rule ID of ``docs/rules/adventureland.md``, where each rule says where it comes from.

Readings chosen where the text is silent (each is a **reading** of the reference):

* One adventurer waits on each start line (the rulebook's setup, AL-1.4); it enters along
  its own line only: in front of a row moving east, above a column moving south, with
  the leaping rules along its way. ``enter 3 J3``: the adventurer of row 3 to J3.
* "Move only one adventurer one field" is one move of any length; each of a turn's two
  moves chooses its own direction (AL-2.1).
* Herbs and swords lie face down on the board and nobody has seen them; so a tile's value
  is drawn when a player takes it, from every value nobody has looked at yet (exact by
  symmetry; the swords put back at setup are among them, unseen). A sword drawn from the
  box when the stack is empty (AL-3.4) is one of the box's tiles, each equally likely:
  one put back at setup (value unseen) or one lost in a fight (value seen then).
* An item appearing under an adventurer is always taken ("can" read as permission to act
  outside one's turn, AL-2.7).
* A party moving onto a fog creature ends its move there and fights. Fights are decided by
  the fighting adventurer's owner, even in another player's turn. Reaching the creature's
  strength wins at once; a player who cannot or will not add more gives up and loses.
* Swords used in a won fight go back face down to their owner (now known to all); herbs
  used are out of the game either way; gold given back goes to the stockpile, and in a
  lost fight it goes to the box instead (the page's loss clause).
* The water sprite removes every party on the river squares it passes and on the square it
  reaches (after that party took the gold there); the square it leaves keeps nothing.
* The game ends after the round in which the supply has no swords and no companions left,
  or the terrain deck is used up; at once when, after a turn, no adventurer can move. A
  player who, after any turn, can no longer move drops out for good and takes no more
  turns; their figures stay on the board (AL-7.4).

This module is the face: :data:`RULES`, the one :class:`AdventureLandRules` object the
engine drives, and :func:`apply` (a player's move, a fight's choice or a chance outcome).
The rules live beside it, one module per part of the rules, each importing only those
listed before it:

* ``board.py`` — the geometry of moving: lines, stops, leaps, destinations (AL-2);
* ``queries.py`` — unseen tile values, whose decision it is, the chance events;
* ``flow.py`` — the turn's end, dropping out, the game's end, shared bookkeeping;
* ``fights.py`` — fights with the fog creatures (AL-5);
* ``moving.py`` — moves made, items taken, terrain revealed, the water sprite;
* ``setup.py`` — game info and setup (AL-1);
* ``legal.py`` — the legal actions and why an action is illegal.

Every name those modules define is importable from here too, as it always was.
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.rules import PackageRules
from .board import (MAX_MOVES, _LAST_RAYS, _RAYS, _opens, _stops, _walk,  # noqa: F401
                    can_move, destinations, rays)
from .content import Content, load_content, parse_content
from .fights import _after_total, _fight_action, _lose, _win, start_fight  # noqa: F401
from .flow import (_add, _end_turn, _game_over, _party_text,  # noqa: F401
                   _remove_party, _score, _settle)
from .legal import _ms_text, explain_illegal, legal_ids  # noqa: F401
from .moving import (_SUPPLY, _apply_chance, _check_end_trigger, _land,  # noqa: F401
                     _line_text, _move, _reveal, _sprite_to)
from .queries import (_DECK_W, _deck_weights, chance_weights,  # noqa: F401
                      current_player, is_chance, seat_chance_weights, undetermined,
                      unknown_to)
from .setup import ADVENTURE_TITLES, ADVENTURES, INFO, initial_state  # noqa: F401
from .state import ALState, Fight, Party, Player  # noqa: F401


def apply(s: ALState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    if is_chance(s):
        _apply_chance(s, verb, arg)
    elif s.fight is not None:
        _fight_action(s, verb, arg)
    elif verb == "end":
        p = s.players[s.seat]
        moved = MAX_MOVES - s.moves_left
        s.log.append(f"{p.name} ends the turn" + (" without moving." if not moved else "."))
        _end_turn(s)
    elif verb == "enter":
        line, _, dst = arg.partition(" ")
        _move(s, s.seat, None, dst, line)
    elif verb == "move":
        src, _, dst = arg.partition(" ")
        _move(s, s.seat, src, dst)
    else:
        raise ValueError(f"unknown action {aid!r}")
    _settle(s)


# ============================================================== the Rules object
class AdventureLandRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> ALState:
        return initial_state(players, options, content)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: ALState) -> None:
        """AL-0.2: at ``max_game_length`` plies the game ends and is scored as it stands."""
        _game_over(s, f"it reached its maximum length of {INFO.max_game_length:,} plies")

    # the module's functions themselves: asked several times a ply, no delegating call
    current_player = staticmethod(current_player)
    is_chance = staticmethod(is_chance)

    def is_over(self, s):
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players", "parties", "fight")}
        d["players"] = [asdict(p) for p in s.players]
        d["parties"] = {k: asdict(v) for k, v in sorted(s.parties.items())}
        d["fight"] = asdict(s.fight) if s.fight else None
        d["content"] = s.content.file
        return d


RULES = AdventureLandRules()
