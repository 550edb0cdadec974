"""The rules of *Klong!* (*Clank!*, Paul Dennen) as plain functions over :class:`ClankState`.

Each rule function names the rulebook paragraph it implements (the German headings of the
*Klong!* rulebook, Schmidt Spiele's German edition of *Clank!*) and the rule IDs of
``docs/rules/clank.md``.

This module is the face: :data:`RULES`, the one :class:`ClankRules` object the engine
drives. The rules themselves live beside it, one module per phase of the rulebook, each
importing only the ones listed before it (no cycles):

* ``words.py`` — sentence makers shared with ``render.py`` (effects, secrets' names);
* ``queries.py`` — questions that change nothing: the bag and row, who is inside, what
  may be carried, trashed, taken or moved to, the legal actions and why one is illegal;
* ``setup.py`` — the game info and options (CL-15) and Spielaufbau (CL-1);
* ``effects.py`` — card effects, watched conditions, clank, healing, rage (CL-12);
* ``turn_end.py`` — Zugende, the dragon's attack, knock-outs, countdown, the end (CL-9/10);
* ``actions.py`` — chance events and the player's actions of a turn (CL-2 to CL-8).

Every name those modules define is importable from here too, as it always was.

Readings chosen where the rulebook is silent or ambiguous (each is a **reading:** item of
the rules reference, has a test, and is explained in the lessons):

* Seat 0 is the start player. Setting up the row, cards with the dragon symbol are
  replaced and shuffled back; that equals drawing the 6 cards from the cards without the
  symbol, which is how the engine deals it. No arrive effects at setup.
* Decks, the dungeon deck and the bags of secrets are multisets: a draw is a chance event
  over what is left. A secret's face is drawn when it is taken, from every secret of its
  size not yet revealed (those left in the box included): nobody has seen them, so this is
  exact by symmetry.
* Turn end: played cards to the discard pile, unused resources lost, trashed cards to the
  box; then the row is refilled left to right (arrive effects as each card turns up: they
  happen in this turn, so surplus negative clank still cancels clank they make for you),
  then surplus negative clank is lost ("verfallen am Ende des Zuges"), then one attack if
  any new card shows the dragon symbol, then the player draws 5 (if still in the game).
  Ending the turn needs an empty hand.
* "Discard 1 card to draw N" and trashing are optional ("up to"). A card trashed from the
  discard pile leaves at once (so a reshuffle in the same turn cannot bring it back); one
  trashed from the play area stays there, still counting for conditions, until the turn's
  end. Conditional effects fire once, as soon as their
  condition holds during the turn, whatever the order of play; skill-per-clank counts every
  point of clank you make this turn, but clank that negative clank cancelled was never made
  ("Klong!-verursachenden Effekte ignorieren"): it pays no skill.
* Negative clank removes your cubes from the clank area first; the rest cancels later
  clank this turn. Clank beyond your supply is not added. Tunnel damage comes from your
  supply, you choose how many swords to spend, and a move that would fill your health track
  (or needs more cubes than you have) is illegal.
* One token per entry into a room, taken any time while you stay there. Escaping does not
  end the turn (the rulebook says only that escaped players take no more *turns*): you play
  the rest of your hand and may buy and fight, but never move again; your clank makes no
  cubes (CL-10.4).
* A magic spring (*Zauberbrunnen*) works "am Zugende" and, unlike the potions, is not kept
  "bis zur Benutzung": it is used at the end of the turn it was found, or it goes to the box
  unused. A potion that would do nothing (healing at full health, a boot that cannot be
  spent) is refused, so it is not wasted.
* The first player out moves on the countdown track instead of playing; space 5 knocks
  out everyone still inside, including players who never entered (they are "in the
  dungeon" for clank and attacks too). Knocked out with an artifact outside the depths:
  rescued, scoring everything but the mastery token; otherwise lost, scoring nothing.
* An exhausted dungeon deck is re-formed from the dungeon discard pile. The rage marker
  stops at the last space. The bank's gold is unlimited; the reserve piles are not.
* Rule options for a designer's playtests (CL-15, defaults = the rulebook): ``dragon_start``
  (the rage space the dragon marker starts on, 0 = by player count as CL-1.2) and
  ``mastery_points`` (the mastery token's value). A changed mastery value makes a copy of
  the content with that value, so every reader of ``content.game`` (scoring, log, lessons)
  sees the same number.
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.rules import PackageRules
from .actions import (_apply_chance, _enter, _market, _move, _play, _row_action,  # noqa: F401
                      _take_token, apply, chance_weights, is_chance, seat_chance_weights)
from .content import Content, load_content, parse_content
from .effects import (_add, _check_watches, _prepare_draw, _reveal_secret,  # noqa: F401
                      _set_draw, _take, apply_effect, apply_effects, clank, condition_holds,
                      heal, raise_rage)
from .queries import (RESERVE_BUYS, ROW_VERBS, can_carry, danger_in_row,  # noqa: F401
                      explain_illegal, in_game, legal_ids, move_options, rage_cubes,
                      token_problem, trash_candidates)
from .setup import INFO, _start_row, initial_state, with_mastery  # noqa: F401
from .state import ClankState
from .turn_end import (_after_attack, _bag_total, _continue_refill,  # noqa: F401
                       _countdown_step, _draw_cube, _finish_attack, _game_over, _next_turn,
                       _player_out, end_turn, knock_out, start_attack)



# ============================================================== the Rules object
class ClankRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> ClankState:
        return initial_state(players, content, options)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: ClankState) -> None:
        """CL-10.10: at ``max_game_length`` plies the dragon ends the game as the countdown's
        last space does (CL-10.8): everyone still in the game is knocked out, rescued with
        an artifact outside the depths (CL-9.6), and the game is scored."""
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} "
                     "plies: the dragon knocks out everyone still inside.")
        for seat in in_game(s):
            knock_out(s, seat)
        _game_over(s)

    def current_player(self, s: ClankState) -> int | None:
        if s.phase != "turn" or is_chance(s):
            return None
        return s.seat

    def is_chance(self, s: ClankState) -> bool:
        return is_chance(s)

    def is_over(self, s: ClankState) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players", "turn")}
        d["players"] = [asdict(p) for p in s.players]
        d["turn"] = asdict(s.turn)
        d["content"] = s.content.file
        d["mastery_points"] = s.content.game["mastery_points"]   # CL-15.2 lives in content
        return d


RULES = ClankRules()
