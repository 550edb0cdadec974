"""``GameWidget``: the reusable anywidget base of every board widget.

Python is the single source of truth. The widget holds a :class:`deepwood_kernel.Game`
(``widget.game``) and mirrors it into synced traits after every change:

``view``      ``game.view(viewer)``: the JSON render model the browser draws
``legal``     ``[{id, label, target}]``: the legal actions of the human to move, each with
              a click target (where the browser draws it); empty while a bot or chance moves
``chance``    ``[{id, label, p_num, p_den, p_text}]``: the pending chance event's outcomes
              with exact probabilities, for the what-if picker
``advice``    game-specific hints (the Deep Wood fight advisor)
``status``    ``{title, players, seed, ply, can_undo, can_redo, over, to_move, ...}``
``message``   the last refusal or problem ("" when the last request worked)
``event_log`` the game's readable log (the tail)
``seat``      whose hidden information is shown (None: a spectator who sees everything)
``bots``      seats played by bots; ``busy`` is True while a bot (or chance) is due to move
``auto_chance`` resolve every chance event on its own (False: chance events in a human's
              turn wait for step / advance / a forced outcome)

The browser never changes the game directly. It sends messages (``model.send``), handled
by :meth:`GameWidget.receive`:

``{"type": "act", "id": "move c4"}``   apply a player action (refused with a message if it
                                        is not legal now; nothing changes then)
``{"type": "undo"}`` / ``{"type": "redo"}``    take back / replay, skipping bot moves
``{"type": "step"}`` / ``{"type": "advance"}`` sample the pending chance event(s)
``{"type": "force", "id": "roll 6 5 3"}``      choose a chance outcome (what-if)
``{"type": "new", "players": 3, "seed": 7, "bots": [1, 2]}``
``{"type": "bots", "bots": [1]}`` / ``{"type": "seat", "seat": 0}`` /
``{"type": "auto_chance", "value": true}``

Note: the event log trait is called ``event_log`` because ``log`` is taken: every
ipywidgets widget has a ``log`` trait holding its ``logging.Logger``, and replacing it
breaks ipywidgets' own error reporting.
"""

from __future__ import annotations

import asyncio
import threading
from fractions import Fraction
from typing import Any

import anywidget
import traitlets as t

import deepwood_kernel as dk
from deepwood_kernel import IllegalAction

LOG_TAIL = 80          # log lines synced to the browser
MAX_AUTO_STEPS = 20_000   # a safety net for synchronous bot play (a game is ~400 steps)


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


def prob_dict(p: Fraction) -> dict:
    return {"p_num": p.numerator, "p_den": p.denominator, "p_text": fraction_text(p),
            "p_pct": percent_text(p), "p": float(p)}


class GameWidget(anywidget.AnyWidget):
    """A clickable board for one :class:`deepwood_kernel.Game`; subclass per game.

    Subclasses set ``_esm`` / ``_css`` and ``game_key``, and may override
    :meth:`target` (where an action is clicked), :meth:`compute_advice`,
    :meth:`turn_owner` and :meth:`prepare` (what a fresh game does first).
    """

    game_key = ""          # the registry key used by :meth:`make_game`

    view = t.Dict().tag(sync=True)
    legal = t.List().tag(sync=True)
    chance = t.List().tag(sync=True)
    advice = t.Dict().tag(sync=True)
    status = t.Dict().tag(sync=True)
    message = t.Unicode("").tag(sync=True)
    event_log = t.List().tag(sync=True)
    seat = t.Int(None, allow_none=True).tag(sync=True)
    bots = t.List(t.Int()).tag(sync=True)
    busy = t.Bool(False).tag(sync=True)
    auto_chance = t.Bool(False).tag(sync=True)
    bot_delay = t.Float(0.4).tag(sync=True)

    def __init__(self, game: dk.Game | None = None, *, players: int = 2, seed: int = 0,
                 bots=(), seat: int | None = None, bot_delay: float = 0.4,
                 auto_chance: bool = False, bot: Any = "heuristic", **kwargs):
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self._epoch = 0              # bumped by every human request: stale bot ticks stop
        self._timer: Any = None
        self._quiet = True           # no observer work until the game exists
        self._bot_spec = bot
        self._bot_objs: dict[int, Any] = {}
        if game is None:
            game = self.make_game(players, seed)
        elif not isinstance(game, dk.Game):
            raise TypeError(f"game must be a deepwood_kernel.Game, got {type(game).__name__}")
        elif self.game_key and game.key != self.game_key:
            raise ValueError(f"{type(self).__name__} shows {self.game_key!r} games, "
                             f"not {game.key!r}")
        self.prepare(game)
        self.game: dk.Game = game
        self.bot_delay = float(bot_delay)
        self.auto_chance = bool(auto_chance)
        self.seat = self._check_seat(seat)
        self.bots = self._check_bots(bots, game.players)
        self._quiet = False
        self.on_msg(self._on_frontend_msg)
        self.refresh()
        self._schedule()

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
        return (f"{type(self).__name__}(game={g.key!r}, players={g.players}, seed={g.seed}, "
                f"ply={len(g.history)}, {state}{bots})")

    def _repr_mimebundle_(self, **kwargs):
        """The live widget plus a static ``text/html`` copy of the table, so a saved
        notebook still shows the board where no kernel runs (GitHub, nbviewer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/html"] = self.game._repr_html_()
        return data, meta

    # ------------------------------------------------------------------ state -> traits
    def _viewer(self) -> int | None:
        """Whose hidden information the view shows: ``seat`` (None: everything), except
        that a human player to move always sees their own hand (hot seat)."""
        if self.seat is None:
            return None
        cp = self.game.current_player
        if cp is not None and cp not in self.bots:
            return cp
        return self.seat

    def human_to_move(self) -> bool:
        cp = self.game.current_player
        return cp is not None and cp not in self.bots

    def refresh(self) -> None:
        """Recompute every synced trait from the game (assigning new objects)."""
        with self._lock:
            g = self.game
            view = g.view(self._viewer())
            legal = []
            if self.human_to_move():
                legal = [{"id": a.id, "label": a.label, "target": self.target(a.id, view)}
                         for a in g.legal_actions()]
            chance = []
            if g.is_chance:
                chance = [{"id": a.id, "label": a.label, **prob_dict(p)}
                          for a, p in g.chance_outcomes()]
            owner = self.turn_owner()
            info = g.info
            status = {
                "key": g.key, "title": info.title, "players": g.players, "seed": g.seed,
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
            }
            advice = self.compute_advice()
            with self.hold_sync():          # one update message for the browser, not six
                self.view = view
                self.legal = legal
                self.chance = chance
                self.status = status
                self.advice = advice
                self.event_log = g.log[-LOG_TAIL:]

    # ------------------------------------------------------------------ messages
    def _on_frontend_msg(self, widget, content, buffers=None) -> None:
        """The ``on_msg`` callback: every browser request lands here."""
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one request dict from the browser (also callable from Python/tests)."""
        with self._lock:
            if not isinstance(content, dict) or not isinstance(content.get("type"), str):
                self.message = f"ignored a malformed request: {content!r}"[:200]
                return
            kind = content["type"]
            handler = {
                "act": self._msg_act, "undo": self._msg_undo, "redo": self._msg_redo,
                "step": self._msg_step, "advance": self._msg_advance,
                "force": self._msg_force, "new": self._msg_new, "bots": self._msg_bots,
                "seat": self._msg_seat, "auto_chance": self._msg_auto_chance,
            }.get(kind)
            if handler is None:
                self.message = f"unknown request type {kind!r}"
                return
            try:
                handler(content)
            except (IllegalAction, ValueError, TypeError) as e:
                # refused: the game is unchanged (the contract guarantees it)
                self.message = getattr(e, "reason", None) or str(e)
                self.refresh()
                self._schedule()
                return
            self.message = ""
            self.refresh()
            self._schedule()

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

    def _msg_act(self, content: dict):
        aid = content.get("id")
        if not isinstance(aid, str):
            raise IllegalAction(f"an action id is a string, got {aid!r}")
        g = self.game
        if g.is_over:
            raise IllegalAction(f"{aid!r}: the game is over; start a new one or undo")
        if g.is_chance:
            raise IllegalAction(f"{aid!r}: a chance event is pending; roll it (step / "
                                "advance) or pick an outcome first")
        if g.current_player in self.bots:
            raise IllegalAction(f"{aid!r}: it is {g.player_name(g.current_player)}'s turn, "
                                "played by a bot")
        self._cancel()
        g.apply(aid)

    def _msg_undo(self, content: dict):
        self._cancel()
        g = self.game
        g.undo()
        while g.history and self._is_auto():
            g.undo()

    def _msg_redo(self, content: dict):
        self._cancel()
        g = self.game
        g.redo()
        while getattr(g, "_redo", None) and self._is_auto():
            g.redo()

    def _msg_step(self, content: dict):
        self._cancel()
        self.game.step()

    def _msg_advance(self, content: dict):
        self._cancel()
        g = self.game
        if not g.is_chance:
            raise IllegalAction("no chance event is pending: "
                                + ("the game is over" if g.is_over else
                                   f"{g.player_name(g.current_player)} must decide"))
        g.advance()

    def _msg_force(self, content: dict):
        aid = content.get("id")
        g = self.game
        if not g.is_chance:
            raise IllegalAction(f"{aid!r}: no chance event is pending")
        if not isinstance(aid, str) or aid not in {a.id for a, _ in g.chance_outcomes()}:
            raise IllegalAction(f"{aid!r} is not an outcome of the pending chance event")
        self._cancel()
        g.apply(aid)

    def _msg_new(self, content: dict):
        g = self.game
        players = content.get("players", g.players)
        seed = content.get("seed", g.seed)
        for n, v in (("players", players), ("seed", seed)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"new game: {n} must be an integer, got {v!r}")
        bots = self._check_bots(content.get("bots", list(self.bots)), players)
        game = self.make_game(players, seed)   # raises ValueError on bad players/seed
        self._cancel()
        self.prepare(game)
        self._quiet = True
        try:
            self.game = game
            self._bot_objs = {}
            if self.seat is not None and self.seat >= players:
                self.seat = None
            self.bots = bots
        finally:
            self._quiet = False

    def _msg_bots(self, content: dict):
        bots = self._check_bots(content.get("bots"), self.game.players)
        self._cancel()
        self._quiet = True
        try:
            self.bots = bots
        finally:
            self._quiet = False

    def _msg_seat(self, content: dict):
        seat = self._check_seat(content.get("seat"))
        self._quiet = True
        try:
            self.seat = seat
        finally:
            self._quiet = False

    def _msg_auto_chance(self, content: dict):
        value = content.get("value")
        if not isinstance(value, bool):
            raise ValueError(f"auto_chance needs true or false, got {value!r}")
        self._cancel()
        self._quiet = True
        try:
            self.auto_chance = value
        finally:
            self._quiet = False

    def _check_bots(self, bots, players: int) -> list[int]:
        if bots is None or isinstance(bots, (str, bytes)):
            raise ValueError(f"bots is a list of seats, got {bots!r}")
        try:
            seats = sorted(set(bots))
        except TypeError:
            raise ValueError(f"bots is a list of seats, got {bots!r}") from None
        for s in seats:
            if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < players:
                raise ValueError(f"bot seats must be ints 0..{players - 1}, got {s!r}")
        return seats

    def _check_seat(self, seat) -> int | None:
        if seat is None:
            return None
        players = self.game.players if hasattr(self, "game") else None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (
                players is not None and seat >= players):
            raise ValueError(f"seat must be None or a seat number, got {seat!r}")
        return seat

    # ------------------------------------------------------------------ python-side changes
    @t.observe("bots", "seat", "auto_chance")
    def _settings_changed(self, change) -> None:
        if self._quiet or not hasattr(self, "game"):
            return
        with self._lock:
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

    # ------------------------------------------------------------------ bots and chance
    def _is_auto(self) -> bool:
        """Does the game move on without a human now (a bot's decision, or a chance event
        that is resolved automatically)?"""
        g = self.game
        if g.is_over:
            return False
        if g.is_chance:
            return self.auto_chance or self.turn_owner() in self.bots
        return g.current_player in self.bots

    def auto_step(self) -> bool:
        """Make one automatic move (a bot's action or a sampled chance outcome).
        Returns False when nothing was due or the bot failed (``message`` says why)."""
        g = self.game
        if not self._is_auto():
            return False
        if g.is_chance:
            g.step()
            return True
        seat = g.current_player
        try:
            bot = self._bot_objs.get(seat)
            if bot is None:
                bot = self._bot_objs[seat] = self.make_bot(seat)
            aid = bot.choose(g)
            g.apply(aid)
        except Exception as e:          # a broken bot must not take the widget down
            self.message = (f"the bot for {g.player_name(seat)} failed "
                            f"({type(e).__name__}: {e}); take the seat over or undo")
            return False
        return True

    def _schedule(self) -> None:
        """Let bots and automatic chance play: at once when ``bot_delay`` is 0, else one
        step per delay on the kernel's asyncio loop (a timer thread outside a kernel)."""
        with self._lock:
            if not self._is_auto():
                self.busy = False
                return
            if self.bot_delay <= 0:
                self._run_sync()
                return
            epoch = self._epoch
            self.busy = True
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
            # chance events inside a bot's turn go a little faster than decisions
            delay = self.bot_delay / 2 if self.game.is_chance else self.bot_delay
            if loop is not None:
                self._timer = loop.call_later(delay, self._tick, epoch)
            else:
                timer = threading.Timer(delay, self._tick, args=(epoch,))
                timer.daemon = True
                self._timer = timer
                timer.start()

    def _run_sync(self) -> None:
        steps = 0
        while self._is_auto() and steps < MAX_AUTO_STEPS:
            if not self.auto_step():
                break
            steps += 1
        self.busy = False
        self.refresh()

    def _tick(self, epoch: int) -> None:
        with self._lock:
            if epoch != self._epoch:
                return
            self._timer = None
            ok = self.auto_step()
            self.refresh()
            if ok:
                self._schedule()
            else:
                self.busy = False

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until bots and automatic chance have stopped (only useful outside a
        running event loop, e.g. in scripts with ``bot_delay > 0``). True if idle."""
        import time
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if not self.busy:
                    return True
            time.sleep(0.01)
        return False
