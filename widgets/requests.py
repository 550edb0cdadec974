"""The browser's requests to a board, one handler each (the ``{"type": ...}`` messages
listed in :mod:`widgets.shell`), and the checks on what they carry.

:class:`BrowserRequests` is a mixin of :class:`widgets.shell.GameWidget`: the widget's
``receive`` checks the ply and dispatches to ``_msg_<type>``; a handler either changes the
game or raises ``IllegalAction`` / ``ValueError`` / ``TypeError`` having changed nothing,
and ``receive`` turns that into the ``message`` the board shows.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from deepwood_kernel import PUBLIC, IllegalAction
from deepwood_kernel.core.viewer import is_public

MAX_BOT_DELAY = 5.0      # seconds per bot step the browser's speed request may ask for
MESSAGE_CHARS = 300    # refusals are cut to this length before they reach the browser
AUTO = "auto"          # the default seat: the one human seat when bots play all others
MAX_AUTO_STEPS = 20_000   # a safety net for synchronous bot play (a game is ~400 steps)


def short_message(text: str, limit: int = MESSAGE_CHARS) -> str:
    """A message cut to ``limit`` characters (a 5 MB id must not become a 5 MB trait).

    >>> short_message("x" * 1000)[-20:], len(short_message("x" * 1000))
    ('… (1,000 characters)', 300)
    """
    text = str(text)
    if len(text) <= limit:
        return text
    tail = f"… ({len(text):,} characters)"
    return text[:limit - len(tail)] + tail


def check_delay(delay: Any, limit: float = MAX_BOT_DELAY) -> float:
    """A bot delay in seconds per step: a number from 0 to ``limit`` (5), else a
    ``ValueError`` saying so (an infinite, NaN or 10**400 delay would stall the bots with
    ``busy`` stuck, or overflow). Compared before any conversion, so huge ints are safe.

    >>> check_delay(0.4), check_delay(5)
    (0.4, 5.0)
    >>> check_delay(10 ** 400)
    Traceback (most recent call last):
    ...
    ValueError: bot speed: a delay of 0 to 5 seconds per step, got an integer of 1329 bits
    """
    if (not isinstance(delay, (int, float)) or isinstance(delay, bool)
            or not 0 <= delay <= limit):     # NaN fails the comparison too
        shown = (f"an integer of {delay.bit_length()} bits" if isinstance(delay, int)
                 and delay.bit_length() > 64 else short_message(repr(delay), 40))
        raise ValueError(f"bot speed: a delay of 0 to {limit:g} seconds per step, "
                         f"got {shown}")
    return float(delay)


def is_auto_seat(seat) -> bool:
    """Is ``seat`` the default "auto" (the board chooses whose eyes: see widgets.hotseat)?"""
    return isinstance(seat, str) and seat == AUTO


class BrowserRequests:
    """The handlers of the browser's requests (see the module docstring); they use the
    widget's game, bots, seat and timers, so they live on the widget as a mixin."""

    @contextmanager
    def _quietly(self):
        """Change traits without their observers redrawing or rescheduling (the request's
        own refresh follows)."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    def _msg_act(self, content: dict):
        aid = content.get("id")
        if not isinstance(aid, str):
            raise IllegalAction(f"an action id is a string, got {aid!r}")
        g = self.game
        if g.is_over:
            raise IllegalAction(f"{short_message(repr(aid), 60)}: the game is over; start a "
                                "new one or undo")
        if g.is_chance:
            raise IllegalAction(f"{aid!r}: a chance event is pending; roll it (step / "
                                "advance) or pick an outcome first")
        if g.current_player in self.bots:
            raise IllegalAction(f"{aid!r}: it is {g.player_name(g.current_player)}'s turn, "
                                "played by a bot")
        if is_public(self.seat):
            self._refuse_public_act()        # the hot seat (widgets.hotseat)
        if self.seat is not None and g.current_player != self.seat:
            raise IllegalAction(f"it is {g.player_name(g.current_player)}'s turn; this board "
                                f"shows {g.player_name(self.seat)}'s seat (switch the view "
                                "to play another seat)")
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
        hidden = self.seat is not None and any(not c["force"] for c in self.chance_list())
        if hidden or (isinstance(aid, str) and aid.startswith("?")):
            # refusing a hidden card by name would tell where it is: refuse them all alike
            raise IllegalAction("this draw is hidden from your seat, so its outcomes are "
                                "shown as you reason about them and cannot be forced; "
                                "roll it (step) or switch the view to a spectator")
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
        with self._quietly():
            self.game = game
            self._bot_objs = {}
            if isinstance(self.seat, int) and self.seat >= players:
                self.seat = None
            self.bots = bots
            if self._seat_auto:
                self.seat = self._auto_seat()

    def _msg_bots(self, content: dict):
        bots = self._check_bots(content.get("bots"), self.game.players)
        self._cancel()
        with self._quietly():
            self.bots = bots
            if self._seat_auto:
                self.seat = self._auto_seat()

    def _msg_seat(self, content: dict):
        """A seat, None (the spectator) or PUBLIC pins the eyes; "auto" lets the board
        choose again (one human: that seat; several: the hot seat)."""
        seat = content.get("seat")
        auto = is_auto_seat(seat)
        seat = None if auto else self._check_seat(seat)
        self._seat_auto = auto
        with self._quietly():
            self.seat = self._auto_seat() if auto else seat

    def _msg_auto_chance(self, content: dict):
        value = content.get("value")
        if not isinstance(value, bool):
            raise ValueError(f"auto_chance needs true or false, got {value!r}")
        self._cancel()
        with self._quietly():
            self.auto_chance = value

    def _msg_speed(self, content: dict):
        self.bot_delay = check_delay(content.get("delay"))

    def _msg_skip(self, content: dict):
        """Skip to my turn: bots and automatic chance play now, without the delay."""
        self._cancel()
        steps = 0
        while self._is_auto() and steps < MAX_AUTO_STEPS and self.auto_step():
            steps += 1

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

    def _check_seat(self, seat) -> int | str | None:
        if seat is None:
            return None
        if is_public(seat):
            return PUBLIC
        players = self.game.players if hasattr(self, "game") else None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (
                players is not None and seat >= players):
            raise ValueError(f"seat must be None (the spectator), {PUBLIC!r} (the public "
                             f"view) or a seat number, got {short_message(repr(seat), 40)}")
        return seat
