"""The rules of *Durch den tiefen Wald* as plain functions over :class:`DeepWoodState`.

Each rule function names the rulebook section it implements (the German headings of
Bettina Katzenberger's rulebook of the prototype, *Spielregel*) and the rule ID of
``docs/rules/deepwood.md``.

This module is the face: :data:`RULES`, the one :class:`DeepWoodRules` object the engine
drives, and :func:`apply`, which hands each action to its phase. The rules live beside it,
one module per part of the rulebook, each importing only those listed before it:

* ``setup.py`` — constants, game info and options (DW-12), geometry, Spielvorbereitung;
* ``queries.py`` — questions that change nothing (costs, fog, steps, sight, market lines);
* ``legal.py`` — the legal actions, the chance events (per seat too), why one is illegal;
* ``flow.py`` — turn order, rounds, fog, the end (DW-10), the mandatory reveal;
* ``market.py`` — dealing, the entry field, laying strips, border lines (DW-1 to DW-4);
* ``forest.py`` — the board part of a turn: tiles, moving, obstacles, trolls, leaving;
* ``combat.py`` — rock-monster fights (DW-6).

Every name those modules define is importable from here too, as it always was.

Readings chosen where the rulebook is ambiguous (also explained in the lessons):

* "neben" / "angrenzend" (next to) means orthogonally adjacent, everywhere: trolls, the
  path rule, the fight fields beside a rock.
* Revealing is mandatory "at the start, during or at the end" of your turn: we reveal at
  the start of the board phase and after every board action, the earliest moment allowed.
  A field with a troll placed on it shows a troll, so it stops the line of sight.
* A troll next to your figure blocks every action *in your forest* (moving, clearing,
  swords, fighting, stepping back) until appeased. Exchanging resources ("jederzeit")
  and placing a troll on another board are not actions in your forest and stay allowed,
  so a player without gold may still exchange 3 resources for 1 gold first. Ending the
  turn is always allowed ("dein Zug endet").
* Exchanging and placing a troll are allowed "jederzeit" in your turn, the market part
  included (DW-9.1, DW-8.3): they are offered before you lay your strip, before you choose
  a border field, at monster 4's doubling, on the board, after leaving the forest, in a
  fight once the dice are done, and after a won fight. They are not offered between the
  rolls of a fight or while a monster card is chosen: nothing there depends on resources,
  and the same choices come right afterwards.
* "Du kannst jederzeit in deinem Zug einen Troll einsetzen, allerdings nicht während oder
  nach einem verlorenen Felsmonsterkampf" (DW-8.5): only a *lost* fight excludes a troll.
  While the dice are rolled the result is open, so no troll is placed then. After the last
  roll, when the pips fall short and bonus resources may still win the fight, a troll may
  be placed if the missing pips can then still be paid (with exchanges); placing it commits
  you to win: you can no longer accept the defeat, and only exchanges that keep the payment
  possible are offered. A won fight ends the board part of your turn ("Hast du gegen ein
  Felsmonster gekämpft, endet damit dein Zug"), but if you hold a troll you may place, the
  turn goes on in the phase "won": place it, exchange, then end the turn. A lost fight
  ends the turn at once.
* The fog rises from beside the bottom forest row in round 11 to row 5 in round 15. The
  wall fields are never "in fog": leaving a wall field always costs exactly 1 stone.
* Leaving the forest is one action from a top-row field: the stones for leaving that
  field, then 1 stone on the top wall field. Only possible once the fog has set in.
* After the first player leaves, every other player has exactly one more turn, but the
  game never goes beyond round 15 ("maximal 5 weitere Runden"). A player who has left
  therefore never takes another turn.
* Monster 1's gold comes at the start of every later round; monster 4's doubling adds one
  unit of one resource type you just took from the market (you may decline).
* The general supply is unlimited (the rulebook lists component counts but no shortage
  rule; gold comes in denominations). The strips-slide-off dexterity rule is left out.
* In a fight the bonus resources are paid after the last roll, exactly the shortfall.
* A game that reaches ``max_game_length`` plies (6,000, far above the longest legal game)
  ends at once and is scored as it stands (DW-10.7).
* Rule options for a designer's playtests (DW-12, defaults = the rulebook): ``set_gold``
  (a set's value), ``strip_mix`` (which strips are shuffled in) and ``fog_round`` (the
  round the fog sets in; the game still ends after round 15 at the latest, so an earlier
  fog means more fog rounds and a later one fewer, never a longer game).
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.rules import PackageRules
from .combat import (_bonus, _concede, _fight, _fight_lost, _fight_total,  # noqa: F401
                     _fight_won, _keep, _monster, _roll, _take_monster)
from .content import Content, load_content, parse_content
from .flow import (_check_limit, _game_over, _next_turn, _start_round, end_turn,  # noqa: F401
                   settle, start_turn)
from .forest import (_appease, _back, _clear, _draw, _end, _exchange, _leave,  # noqa: F401
                     _move, _return, _reveal, _step_onto, _sword, _take_tile, _troll, pay)
from .legal import (_after_exchange, anytime_ids, bonus_ids, bonus_reach,  # noqa: F401
                    chance_weights, exchange_ids, explain_illegal, keep_choices, legal_ids,
                    seat_chance_weights, strip_receiver, troll_placements)
from .market import _border, _deal, _double, _enter, _place
from .queries import (_placements, bonus_resource, can_pay, cost_text,  # noqa: F401
                      fight_strengths, in_fog, market_lines, market_take, next_reveal,
                      owns_advantage, path_problem, placements, step_problem,
                      stones_to_leave, strip_cells, troll_ready, trolls_next_to)
from .setup import (DIRECTIONS, EXCHANGES, INFO, LAST_ROUND, MARKET_COLS,  # noqa: F401
                    MARKET_ROWS, MAX_DICE, NAMES, RES_SINGULAR, ROLLS, SWORD_LOSS_ON_WIN,
                    TROLL_REWARDS, Geometry, _amount, geometry, initial_state, name)
from .state import DeepWoodState


# ============================================================== apply
def apply(s: DeepWoodState, aid: str) -> None:
    verb, _, rest = aid.partition(" ")
    handler = _HANDLERS[verb]
    handler(s, rest)


_HANDLERS = {
    "deal": _deal, "enter": _enter, "place": _place, "border": _border, "double": _double,
    "draw": _draw, "reveal": _reveal, "move": _move, "clear": _clear, "sword": _sword,
    "appease": _appease, "leave": _leave, "back": _back, "exchange": _exchange,
    "return": _return, "troll": _troll, "end": _end, "fight": _fight, "roll": _roll,
    "keep": _keep, "bonus": _bonus, "concede": _concede, "monster": _monster,
}


# ============================================================== the Rules object
class DeepWoodRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> DeepWoodState:
        return initial_state(players, content, options)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: DeepWoodState) -> None:
        """DW-10.7: a game that reaches ``max_game_length`` plies ends at once and is scored
        as it stands (DW-11); a fight in progress is broken off, nobody wins or loses it."""
        s.fight = None
        _game_over(s, f"it reached the maximum game length of {INFO.max_game_length:,} "
                      "plies")

    def current_player(self, s: DeepWoodState) -> int | None:
        return None if s.phase in ("deal", "draw", "reveal", "roll", "over") else s.seat

    def is_chance(self, s: DeepWoodState) -> bool:
        return s.phase in ("deal", "draw", "reveal", "roll")

    def is_over(self, s: DeepWoodState) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s) if f.name != "content"}
        d["players"] = [asdict(p) for p in s.players]
        d["boards"] = [asdict(b) for b in s.boards]
        d["fight"] = asdict(s.fight) if s.fight else None
        d["content"] = s.content.file
        return d


RULES = DeepWoodRules()
