"""Bots and automatic chance on a board: one automatic step, and the timer that plays them one
step per ``bot_delay`` (at once when it is 0) until a human must decide.

:class:`AutoPlay` is a mixin of :class:`widgets.shell.GameWidget`: it uses the widget's
game, ``bots``, ``auto_chance``, ``bot_delay``, its lock and timer, and calls its
``refresh``. A bot step runs under the widget's lock, and a timer from an older game (its
``epoch``) does nothing, so a new game or an undo never meets a stale bot move.
"""

from __future__ import annotations

import asyncio
import threading

from widgets.requests import MAX_AUTO_STEPS


class AutoPlay:
    """The bots' and automatic chance's moves (see the module docstring)."""

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

    def _refresh_and_schedule(self) -> None:
        """``refresh()`` then ``_schedule()``, for a request answered in one message. When
        the bots and automatic chance play at once (``bot_delay`` 0), ``_run_sync``
        refreshes after them and a refresh before would be thrown away: only its hot-seat
        part runs first (the board turns public when the shown seat's turn ends)."""
        with self._lock:
            if self.bot_delay <= 0 and self._is_auto():
                self._follow_turn()
                self._run_sync()
            else:
                self.refresh()
                self._schedule()

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
