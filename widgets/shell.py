"""The board shell: ``GameWidget``, the Python half of every board widget.

Every board is the shell plus a board module: ``widgets/boards/<key>.py`` subclasses
:class:`GameWidget` (click targets, advice, what a seat may know of a draw) and
``widgets/boards/<key>.js`` draws only the game's own table. The browser side of the
shell (``shell.js`` and ``shell.css``) owns the toolbar (undo, redo, step, new game,
players, seed, bots, bot speed, "skip to my turn", view/seat), the status line with the
phase in English and German, the what-if picker, the score table, the event log, the
error banner and the pending-click mark. anywidget does not resolve imports between
files, so :func:`board_module` joins ``shell.js``, ``patch.js`` (the redraw's DOM patch),
``pending.js`` (the pending-click mark), ``chance.js`` (the what-if picker), ``a11y.js``
(keyboard and screen reader), ``sync.js`` and the board's file into the one ES module a
board ships. ``shell.js`` also exports the drawing every board may share (each documented
there): ``panel``, ``actButton``, ``group``, ``buttonGroups``, ``oddsLine``, ``seatCard``,
``legendRow``, the token shapes ``SHAPES``/``shape``/``placed``, ``pipDie``, ``grouped``,
``groupBy``, ``legalMap``, and ``term(en, de)``, the one scheme for German game terms
beside English ones. What a board can compute in Python (texts of targets, advice, short
chance labels) its Python sends ready-made.

Python is the single source of truth. The widget holds a :class:`deepwood_kernel.Game`
(``widget.game``) and mirrors it into synced traits after every change:

``view``      ``game.view(viewer)``: the JSON render model the browser draws
``legal``     ``[{id, label, target}]``: the legal actions of the human to move, each with
              a click target (where the browser draws it); empty while a bot or chance moves
``chance``    ``[{id, label, p_num, p_den, p_text}]``: the pending chance event's outcomes
              with exact probabilities, for the what-if picker
``advice``    game-specific hints (the Deep Wood fight advisor)
``status``    ``{game, title, players, seed, ply, can_undo, ...}``; ``game`` counts new games
``message``   the last refusal or problem ("" when the last request worked)
``event_log`` the game's readable log (the tail)
``seat``      whose eyes the board uses: a seat, None (a spectator who sees everything,
              and the board says so) or ``PUBLIC`` (only what every seat may know: the hot
              seat of :mod:`widgets.hotseat`); EVERY trait above and the static HTML copy
              are computed from what those eyes may know (issue 10 §3, issue 25 §3)
``score``     the score table, lines aligned by label across players (a knocked-out
              Klong! player has 2 lines, an escaped one 8)
``answered``  counts answered requests, so a refusal that repeats the last message still
              reaches the browser (it clears the pending-click mark)
``bots``      seats played by bots; ``busy`` is True while a bot (or chance) is due to move
``auto_chance`` resolve every chance event on its own (False: chance events in a human's
              turn wait for step / advance / a forced outcome)

The browser never changes the game directly. It sends messages (``model.send``), handled
by :meth:`GameWidget.receive`:

``{"type": "act", "id": "move c4", "ply": 12}``   apply a player action (refused with a
                                        message if it is not legal now; nothing changes then)

Every message the browser sends carries the ply it was clicked on; a game-changing request
(act, force, step, advance, undo, redo) for another ply is refused with "the board
changed — click again" and changes nothing, so a double click never plays twice. An
``act`` without its ply is refused (issue 23 §5: the browser always sends it, so an act
without one is a replayed or forged message); Python calls :meth:`GameWidget.play`
instead, which clicks on the current ply. The other requests made from Python may leave
``ply`` out.
``{"type": "undo"}`` / ``{"type": "redo"}``    take back / replay, skipping bot moves
``{"type": "step"}`` / ``{"type": "advance"}`` sample the pending chance event(s)
``{"type": "force", "id": "roll 6 5 3"}``      choose a chance outcome (what-if)
``{"type": "new", "players": 3, "seed": 7, "bots": [1, 2]}``
``{"type": "bots", "bots": [1]}`` / ``{"type": "seat", "seat": 0}`` (or None, "public",
"auto") / ``{"type": "pass", "seat": 1, "ply": 12}`` (the hot seat's pass button) /
``{"type": "auto_chance", "value": true}`` / ``{"type": "speed", "delay": 0.1}`` (seconds
per bot step, 0 to 5; the ``bot_delay`` trait itself takes 0 to 3600 seconds, so a script
may hold the bots, but a bot step is never put off for longer than an hour) / ``{"type": "skip"}`` (bots and automatic chance play at once up
to the next human decision)

The seed (issue 23 §1): the seed and a seat's own clicks rebuild every other seat's secret
cards, so while a game with secrets (:attr:`GameWidget.SECRETS`) is in play and a seat is
set, ``status["seed"]`` is None (``status["seed_hidden"]`` says so), the repr says
``seed=hidden`` and nothing else the browser gets is derived from it; at game over (or for a
spectator, who sees every secret anyway) the seed is shown, for reproducibility.

Note: the event log trait is called ``event_log`` because ``log`` is taken: every
ipywidgets widget has a ``log`` trait holding its ``logging.Logger``, and replacing it
breaks ipywidgets' own error reporting.

Mixins of :class:`GameWidget`: the request handlers (:class:`widgets.requests.BrowserRequests`),
the bots' and automatic chance's timed play (:class:`widgets.autoplay.AutoPlay`), the default
seat and the hot seat's pass (:class:`widgets.hotseat.HotSeat`), and the updates that carry
only what changed (:class:`widgets.sync.PatchedSync`)."""

from __future__ import annotations

import threading
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

import deepwood_kernel as dk
from deepwood_kernel import IllegalAction
from widgets.autoplay import AutoPlay
from widgets.hotseat import HotSeat
from widgets.requests import (AUTO, MAX_AUTO_STEPS, MAX_BOT_DELAY, MESSAGE_CHARS,  # noqa: F401
                              BrowserRequests, check_delay, is_auto_seat, short_message)
from widgets.sync import PatchedSync

HERE = Path(__file__).parent
MAX_HOLD_DELAY = 3600.0  # seconds per step ``bot_delay`` may hold from Python (an hour)
LOG_TAIL = 80          # log lines synced to the browser
STALE = "the board changed — click again"
PLY_CHECKED = ("act", "force", "step", "advance", "undo", "redo", "pass")
#: every request a board sends, each handled by ``_msg_<type>`` (widgets/requests.py, hotseat.py)
REQUESTS = PLY_CHECKED + ("new", "bots", "seat", "auto_chance", "speed", "skip")


def fraction_text(p: Fraction) -> str:
    """The exact fraction plus a rounded percentage.

    >>> fraction_text(Fraction(1, 7)), fraction_text(Fraction(1, 216)), fraction_text(Fraction(0))
    ('1/7 ≈ 14.3%', '1/216 ≈ 0.463%', '0 (impossible)')
    """
    pct = float(p) * 100
    exact = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    if p == 0:
        return "0 (impossible)"
    if p == 1:
        return "1 (certain)"
    return f"{exact} ≈ {pct:.3g}%" if pct < 1 else f"{exact} ≈ {pct:.1f}%"


def percent_text(p: Fraction) -> str:
    """``Fraction(1, 3)`` -> ``"33.3%"``; exact 0 and 1 read ``"0%"`` and ``"100%"``."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    pct = float(p) * 100
    return f"{pct:.2g}%" if pct < 1 else f"{pct:.1f}%"


def board_module(key: str) -> str:
    """The one ES module a board ships: ``shell.js``, then ``patch.js`` (the redraw's DOM
    patch), ``pending.js`` (the pending-click mark), ``chance.js`` (the what-if picker),
    ``a11y.js`` (the keyboard and screen-reader layer) and ``sync.js`` (patches), then
    ``boards/<key>.js`` (which calls the shell's ``defineBoard``); anywidget takes it as a
    string."""
    parts = (HERE / "shell.js", HERE / "patch.js", HERE / "pending.js", HERE / "chance.js",
             HERE / "a11y.js", HERE / "sync.js", HERE / "boards" / f"{key}.js")
    return "\n".join(part.read_text(encoding="utf-8") for part in parts)


def board_styles(key: str) -> str:
    """``shell.css`` followed by ``boards/<key>.css``."""
    return (HERE / "shell.css").read_text(encoding="utf-8") + "\n" + \
        (HERE / "boards" / f"{key}.css").read_text(encoding="utf-8")


def score_table(game: dk.Game) -> dict:
    """Every player's score breakdown as one table whose rows are aligned by line label.

    The label's parenthesised detail ("Trolls (4)") differs between players, so rows are
    matched on the label without it; a line a player does not have (a knocked-out
    Klong! player has 2 lines, an escaped one 8) is ``None``. The total row is
    ``game.scores()``, never a line of the breakdown.
    """
    import re
    n = game.players
    keys: list[str] = []
    cells: dict[str, list] = {}
    titles: dict[str, list] = {}
    for seat in range(n):
        for label, points in game.score_breakdown(seat):
            key = re.sub(r"\s*\(.*\)$", "", str(label))
            if key.lower() == "total":
                continue
            if key not in cells:
                keys.append(key)
                cells[key] = [None] * n
                titles[key] = [""] * n
            cells[key][seat] = points
            titles[key][seat] = str(label)
    return {"rows": [{"label": k, "cells": cells[k], "titles": titles[k]} for k in keys],
            "total": list(game.scores()), "over": game.is_over,
            "winners": game.winners() if game.is_over else []}


class BotDelay(t.Float):
    """The ``bot_delay`` trait: seconds per bot step, checked by :func:`check_delay`
    with the range 0 to ``MAX_HOLD_DELAY`` (an hour): a plain ``Float`` takes ``inf`` and
    ``nan`` (the bots stall with ``busy`` stuck), casts ``True`` and overflows on 10**400."""

    def validate(self, obj, value):
        return check_delay(value, MAX_HOLD_DELAY)


def merge_alike(outcomes: list[tuple[str, str, Fraction]]) -> list[tuple[str, str, Fraction]]:
    """Hidden outcomes (``"?"`` ids) a seat cannot tell apart — the same label — become
    one row whose probability is their sum; forceable outcomes stay apart (forcing picks
    one true outcome).

    >>> merge_alike([("?a", "a card", Fraction(1, 4)), ("?b", "a card", Fraction(3, 4))])
    [('?a', 'a card', Fraction(1, 1))]
    """
    merged: dict[tuple[str, str], list] = {}
    for i, label, p in outcomes:
        key = (label, "?") if i.startswith("?") else (label, i)
        if key in merged:
            merged[key][2] += p
        else:
            merged[key] = [i, label, p]
    return [tuple(row) for row in merged.values()]


def prob_dict(p: Fraction) -> dict:
    return {"p_num": p.numerator, "p_den": p.denominator, "p_text": fraction_text(p),
            "p_pct": percent_text(p), "p": float(p)}


def _rules_know_seats(game: dk.Game) -> bool:
    """Do the game's rules answer ``chance_outcomes(seat=...)`` themselves?"""
    from deepwood_kernel.core.rules import Rules
    return type(game.rules).seat_chance_weights is not Rules.seat_chance_weights


class GameWidget(PatchedSync, BrowserRequests, AutoPlay, HotSeat, anywidget.AnyWidget):
    """A clickable board for one :class:`deepwood_kernel.Game`; subclass per game.

    Subclasses set ``_esm`` / ``_css`` and ``game_key``, and may override
    :meth:`target` (where an action is clicked), :meth:`compute_advice`,
    :meth:`turn_owner` and :meth:`prepare` (what a fresh game does first).
    """

    game_key = ""          # the registry key used by :meth:`make_game`
    _games = 0             # games this board has shown, counted by the game setter
    # Does the game hold information hidden from the watching seat (hands, face-down tiles,
    # a shuffled pile)? Then its seed is hidden from a seat while the game is on. Every board
    # but Pig's says yes (Pig has no hidden information: both players see every die and score).
    SECRETS = True
    # phase -> (English name, German rulebook term, one-line hint) for the status line
    PHASES: dict[str, tuple[str, str, str]] = {}

    view = t.Dict().tag(sync=True)
    legal = t.List().tag(sync=True)
    chance = t.List().tag(sync=True)
    advice = t.Dict().tag(sync=True)
    status = t.Dict().tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    event_log = t.List().tag(sync=True)
    seat = t.Union([t.Int(), t.Unicode()], default_value=None,
                   allow_none=True).tag(sync=True)
    score = t.Dict().tag(sync=True)
    answered = t.Int(0).tag(sync=True)
    bots = t.List(t.Int()).tag(sync=True)
    busy = t.Bool(False).tag(sync=True)
    auto_chance = t.Bool(False).tag(sync=True)
    bot_delay = BotDelay(0.4).tag(sync=True)

    def __init__(self, game: dk.Game | None = None, *, players: int = 2, seed: int = 0,
                 bots=(), seat: int | None | str = AUTO, bot_delay: float = 0.4,
                 auto_chance: bool = False, bot: Any = "heuristic", **kwargs):
        self._lock = threading.RLock()   # before the comm opens: PatchedSync takes it
        super().__init__(**kwargs)
        self._epoch = 0              # bumped by every human request: stale bot ticks stop
        self._timer: Any = None
        self._quiet = True           # no observer work until the game exists
        self._bot_spec = bot
        self._bot_objs: dict[int, Any] = {}
        if game is None:
            game = self.make_game(players, seed)
        self._check_game(game)
        self.prepare(game)
        self.game = game
        self.bot_delay = bot_delay          # checked by the trait (BotDelay)
        self.auto_chance = bool(auto_chance)
        self.bots = self._check_bots(bots, game.players)
        # "auto": the one human seat when bots play every other seat, the hot seat with
        # several humans (widgets.hotseat); it follows later changes of the bots until a
        # seat is chosen explicitly
        self._seat_auto = is_auto_seat(seat)
        self.seat = self._auto_seat() if self._seat_auto else self._check_seat(seat)
        self._quiet = False
        self.on_msg(self._on_frontend_msg)
        self.refresh()
        self._schedule()

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> dk.Game:
        """The game shown. Assigning another game of this board's kind shows that game
        (call :meth:`refresh` to redraw); a game of another kind is refused with a
        ``ValueError`` (a board draws only its own game's view), anything else with a
        ``TypeError``, and the board keeps its game."""
        return self._game

    @game.setter
    def game(self, game: dk.Game) -> None:
        self._check_game(game)
        self._game, self._games = game, self._games + 1   # status["game"]

    def _check_game(self, game) -> None:
        if not isinstance(game, dk.Game):
            raise TypeError(f"game must be a deepwood_kernel.Game, got {type(game).__name__}")
        if self.game_key and game.key != self.game_key:
            raise ValueError(f"{type(self).__name__} shows {self.game_key!r} games, "
                             f"not {game.key!r}: use that game's own board")

    def seed_hidden(self) -> bool:
        """Is the seed kept from the browser now? While a game with secrets is in play and
        a seat is set: the seed plus the seat's own clicks would rebuild every hidden card.

        >>> from widgets import ClankBoard
        >>> w = ClankBoard(players=2, seed=7, bots=[1], seat=0, bot_delay=0)
        >>> w.seed_hidden(), w.status["seed"], "seed=hidden" in repr(w)
        (True, None, True)
        """
        return self.SECRETS and self.seat is not None and not self.game.is_over

    # ------------------------------------------------------------------ hooks
    def make_game(self, players: int, seed: int) -> dk.Game:
        """A fresh game of this widget's kind (``new`` messages come through here)."""
        return dk.new_game(self.game_key, players=players, seed=seed)

    def prepare(self, game: dk.Game) -> None:
        """Called on every game before it is shown (created or passed in): a chance to
        play what needs no decision, like dealing the secret cards."""

    def target(self, action_id: str, view: dict) -> dict:
        """Where the browser places the click for ``action_id`` (default: a button)."""
        return {"kind": "button", "group": action_id.partition(" ")[0]}

    def legal_entry(self, action, view: dict) -> dict:
        """One entry of the synced ``legal``: ``{id, label, target}``."""
        return {"id": action.id, "label": action.label, "target": self.target(action.id, view)}

    def legal_list(self, view: dict) -> list[dict]:
        """The synced ``legal``: :meth:`legal_entry` of each legal action."""
        return [self.legal_entry(a, view) for a in self.game.legal_actions()]

    def compute_advice(self) -> dict:
        """Game-specific advice for the player to move (default: none)."""
        return {}

    def turn_owner(self) -> int | None:
        """The seat whose turn it is, also while a chance event of that turn is pending."""
        cp = self.game.current_player
        if cp is not None:
            return cp
        return self.game.view().get("seat")

    def make_bot(self, seat: int):
        """The bot for ``seat``: ``bot`` given to the constructor may be a kind for
        :func:`deepwood_kernel.sim.make_bot` ("random", "heuristic"), an object with a
        ``choose(game)`` method, or a callable ``seat -> bot``."""
        spec = self._bot_spec
        if hasattr(spec, "choose"):
            return spec
        if callable(spec):
            return spec(seat)
        from deepwood_kernel.sim import make_bot   # written alongside; imported on demand
        return make_bot(self.game.key, spec, seed=self.game.seed * 10 + seat)

    def close(self) -> None:
        """Close the widget; a bot move still waiting on its timer is dropped."""
        with self._lock:
            self._cancel()
        super().close()

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        g = self.game
        state = ("game over" if g.is_over else "chance pending" if g.is_chance
                 else f"{g.player_name(g.current_player)} to play")
        bots = f", bots={list(self.bots)}" if self.bots else ""
        seed = "hidden" if self.seed_hidden() else g.seed
        return (f"{type(self).__name__}(game={g.key!r}, players={g.players}, seed={seed}, "
                f"ply={len(g.history)}, {state}{bots})")

    def _repr_mimebundle_(self, **kwargs):
        """The live widget plus a static ``text/html`` copy of the table, so a saved
        notebook still shows the board where no kernel runs (GitHub, nbviewer); drawn for
        ``seat`` (a spectator copy says that it shows every hand)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/html"] = self.static_html()
        return data, meta

    def static_html(self) -> str:
        """The table as static HTML, from what ``seat`` may see."""
        html = self.game.render_html(self.seat)
        note = ("Spectator view: every hand is shown." if self.seat is None else
                "Public view: no hands shown." if self.seat == dk.PUBLIC else "")
        return (f'<div style="font:12px sans-serif;color:#8a5a00">{note}</div>' + html
                if note else html)

    # ------------------------------------------------------------------ state -> traits
    def _viewer(self) -> int | str | None:
        """Whose eyes every trait uses: ``seat`` (None: a spectator who sees everything;
        ``PUBLIC``: nobody's). A hot seat switches ``seat`` (:mod:`widgets.hotseat`)."""
        return self.seat

    def human_to_move(self) -> bool:
        """Does the board's human decide now? (Not a bot, and the watching seat if set.)"""
        cp = self.game.current_player
        return (cp is not None and cp not in self.bots
                and (self.seat is None or cp == self.seat))

    # ------------------------------------------------------------------ per-seat hooks
    def seat_chance(self, seat: int) -> list[tuple[str, str, Fraction]] | None:
        """The pending chance event as ``seat`` reasons about it, as ``(id, label, p)``
        with ``"?"`` ids, or None when the true outcomes reveal nothing to ``seat``.

        Used only when the game's rules do not answer ``chance_outcomes(seat=...)``
        themselves (``Rules.seat_chance_weights`` not overridden); boards of games with
        hidden draws override it."""
        return None

    def public_log(self, lines: list[str], seat: int) -> list[str]:
        """The log lines ``seat`` may read, for games whose rules do not yet mark secret
        lines (``Game.log_for`` does the rest); default: unchanged."""
        return lines

    def chance_list(self) -> list[dict]:
        """The what-if picker: each outcome with its exact probability and whether it may
        be forced. With a seat set, a draw the seat cannot see is shown as the seat
        reasons about it (``"?"`` ids, never forceable), never from the true pile."""
        g = self.game
        if not g.is_chance:
            return []
        seat = self.seat
        outcomes = None
        if seat is not None:
            if _rules_know_seats(g):
                pairs = g.chance_outcomes(seat=seat)
                if any(a.id.startswith("?") for a, _ in pairs):
                    outcomes = [(a.id, a.label, p) for a, p in pairs]
            else:
                outcomes = self.seat_chance(seat)
        if outcomes is None:
            outcomes = [(a.id, a.label, p) for a, p in g.chance_outcomes()]
        return [{"id": i, "label": label, "force": not i.startswith("?"), **prob_dict(p)}
                for i, label, p in merge_alike(outcomes)]

    def phase_text(self, view: dict) -> dict:
        """The phase for the status line: ``{name, de, hint}`` from :attr:`PHASES`."""
        phase = str(view.get("phase", ""))
        name, de, hint = self.PHASES.get(phase, (phase, "", ""))
        return {"key": phase, "name": name, "de": de, "hint": hint}

    def log_lines(self) -> list[str]:
        """The log tail as the watching seat may read it."""
        lines = self.game.log_for(self.seat, last=LOG_TAIL)
        return lines if self.seat is None else self.public_log(lines, self.seat)

    def refresh(self) -> None:
        """Recompute every synced trait from the game (assigning new objects)."""
        with self._lock:
            self._follow_turn()
            g = self.game
            view = g.view(self._viewer())
            legal = self.legal_list(view) if self.human_to_move() else []
            chance = self.chance_list()
            owner = self.turn_owner()
            info = g.info
            status = {
                "key": g.key, "game": self._games, "title": info.title, "players": g.players,
                "seed": None if self.seed_hidden() else g.seed,
                "seed_hidden": self.seed_hidden(),
                "min_players": info.min_players, "max_players": info.max_players,
                "names": [g.player_name(i) for i in range(g.players)],
                "ply": len(g.history), "can_undo": bool(g.history),
                "can_redo": bool(getattr(g, "_redo", ())),
                "over": g.is_over, "chance_pending": g.is_chance,
                "to_move": g.current_player, "turn_owner": owner,
                "bot_to_move": (not g.is_over) and owner in self.bots,
                "human_to_move": self.human_to_move(),
                "auto": self._is_auto(),
                "scores": g.scores(),
                "winners": g.winners() if g.is_over else [],
                # seat: the seat whose eyes, else None (the spectator, or public: no hand)
                "seat": self.seat if isinstance(self.seat, int) else None,
                "spectator": self.seat is None, "public": self.seat == dk.PUBLIC,
                "hot_seat": self.hot_seat(), "pass_to": self.pass_to(),
                "seat_auto": self._seat_auto,
                "phase": self.phase_text(view),
                "waiting_for_human": (not g.is_over and g.current_player is not None
                                      and g.current_player not in self.bots
                                      and not self.human_to_move()
                                      and self.pass_to() is None),
            }
            log = self.log_lines()
            status["log_start"] = max(0, len(g.state.log) - len(log))   # the tail's first line
            advice = self.compute_advice()
            with self.hold_sync():          # one update message for the browser, not six
                self.view = view
                self.legal = legal
                self.chance = chance
                self.status = status
                self.advice = advice
                self.score = score_table(g)
                self.event_log = log

    # ------------------------------------------------------------------ messages
    def _on_frontend_msg(self, widget, content, buffers=None) -> None:
        """The ``on_msg`` callback: every browser request lands here (and "resync")."""
        if isinstance(content, dict) and content.get("type") == "resync":
            self.resync()
            return
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one request dict from the browser (also callable from Python/tests).

        Everything it changes (``answered``, ``message`` and the game's traits) reaches
        the browser in one update message, so the board redraws once per click."""
        with self._lock, self.hold_sync():
            self.answered += 1
            self._receive(content)

    def _receive(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            self.message = short_message(f"ignored a malformed request: {content!r}",
                                         200)
            return
        kind = content["type"]
        ply = content.get("ply")
        if kind == "act" and ply is None:
            self.message = ("refused an act without the ply it was clicked on (the board "
                            "always sends it; from Python call board.play(action_id))")
            return
        if kind in PLY_CHECKED and ply is not None and ply != len(self.game.history):
            self.message = STALE           # a double click, or a bot moved meanwhile
            return
        handler = getattr(self, f"_msg_{kind}") if kind in REQUESTS else None
        if handler is None:
            self.message = short_message(f"unknown request type {kind!r}")
            return
        try:
            handler(content)
        except (IllegalAction, ValueError, TypeError) as e:
            # refused: the game is unchanged (the contract guarantees it)
            self.message = short_message(getattr(e, "reason", None) or str(e))
            self._refresh_and_schedule()
            return
        self.message = ""
        self._refresh_and_schedule()

    def play(self, action_id: str) -> None:
        """Play ``action_id`` from Python as a click on the current ply would (the same
        checks: legal now, the board's seat to move, not a bot's turn). A refusal leaves
        the game unchanged and says why in ``message`` ("" after a move that worked)."""
        with self._lock:
            self.receive({"type": "act", "id": action_id, "ply": len(self.game.history)})

    def set_state(self, sync_data) -> None:
        """A trait change sent by the browser: refused, all of it. The board's JS never
        writes a trait (it sends requests, each checked by :meth:`receive`), so a written
        trait comes from a hostile or broken front end; the game and every trait stay as
        they are, ``message`` says so, and the browser's copy is sent back corrected."""
        with self._lock, self.hold_sync():
            self.answered += 1
            names = sorted(str(k) for k in sync_data) if isinstance(sync_data, dict) else []
            self.message = short_message(
                f"refused a change of {', '.join(names) or 'the state'} from the browser: a "
                "board changes only through its requests (act, seat, bots, speed, ...)")
            known = [k for k in names if k in self.keys]
            if known:
                self.send_state(known)

    def _cancel(self) -> None:
        """A human request overrides whatever a bot was about to do."""
        self._epoch += 1
        if self._timer is not None:
            try:
                self._timer.cancel()
            except Exception:           # an already-fired timer
                pass
            self._timer = None
        self.busy = False

    # ------------------------------------------------------------------ python-side changes
    @t.observe("bots", "seat", "auto_chance")
    def _settings_changed(self, change) -> None:
        if self._quiet or not hasattr(self, "game"):
            return
        with self._lock:
            if change["name"] == "seat":
                self._seat_auto = False
            elif change["name"] == "bots" and self._seat_auto:
                with self._quietly():
                    self.seat = self._auto_seat()
            self._cancel()
            self.refresh()
            self._schedule()

    @t.validate("bots")
    def _valid_bots(self, proposal):
        if hasattr(self, "game"):
            return self._check_bots(proposal["value"], self.game.players)
        return proposal["value"]

    @t.validate("seat")
    def _valid_seat(self, proposal):
        return self._check_seat(proposal["value"])
