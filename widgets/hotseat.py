"""The hot seat: one board passed between several human players without leaking a hand.

:class:`HotSeat` is a mixin of :class:`widgets.shell.GameWidget`. The board's ``seat``
(whose eyes every trait uses) is one of

* a seat number: that seat's eyes (its own hand only);
* ``None``: the open-hands spectator, every secret shown — only ever chosen explicitly
  (the seat menu's "spectator — all hands shown", ``seat=None``), or when bots play every
  seat (no human has a secret to keep);
* :data:`deepwood_kernel.PUBLIC`: nobody's eyes, only what every seat may know.

By default (``seat="auto"``) the board picks: with one human seat and bots on the others,
that human's seat (as before); with several human seats in a game with secrets (every
board but Pig's, ``SECRETS``), the **hot seat**: the board
shows the public view, and when a human is to play, it asks "Pass to Ben — show Ben's
hand?" (``status["pass_to"]``). The ``{"type": "pass", "seat": 1}`` request (the pass
button) sets the eyes to Ben's seat until Ben's turn ends: as soon as the turn belongs to
anyone else (another human, a bot, a chance event nobody owns) the board is public again,
and asks again when a human is next to play. While the board is public, the human to move
cannot act: ``legal`` is empty and a click (a stale or duplicate one) is refused with a
message, changing nothing. Choosing a seat, the public view or the spectator in the seat
menu pins it (as choosing a seat always did); choosing "auto" returns to the hot seat.

>>> from widgets import ClankBoard
>>> w = ClankBoard(players=2, seed=1, bot_delay=0)          # two humans: the hot seat
>>> w.seat, w.status["pass_to"], w.view["players"][0]["hand"], w.legal
('public', 0, None, [])
>>> w.receive({"type": "pass", "seat": 0, "ply": w.status["ply"]})
>>> w.seat, len(w.view["players"][0]["hand"]), w.view["players"][1]["hand"]
(0, 5, None)
"""

from __future__ import annotations

from deepwood_kernel import PUBLIC, IllegalAction
from deepwood_kernel.core.viewer import is_public


class HotSeat:
    """The default seat and the pass between human seats (see the module docstring)."""

    def _humans(self) -> list[int]:
        return [i for i in range(self.game.players) if i not in self.bots]

    def _auto_seat(self) -> int | str | None:
        """The seat "auto" means now: the one human seat when bots play all others; with
        several humans the public view (the hot seat: see :meth:`pass_to`); with none
        (bots on every seat) the spectator, since nobody at the table has a secret; and
        the open table for a game without secrets (Pig), where there is nothing to pass."""
        humans = self._humans()
        if len(humans) == 1:
            return humans[0]
        return PUBLIC if humans and self.SECRETS else None

    def hot_seat(self) -> bool:
        """Is the board passed between several human seats (auto, more than one human, a
        game with secrets)?"""
        return self._seat_auto and self.SECRETS and len(self._humans()) > 1

    def pass_to(self) -> int | None:
        """The human seat the public board waits to be passed to, or None (not a hot seat,
        a seat's eyes already, a bot's turn, chance nobody owns, or the game is over)."""
        if not self.hot_seat() or not is_public(self.seat) or self.game.is_over:
            return None
        owner = self.turn_owner()
        return owner if owner is not None and owner not in self.bots else None

    def _follow_turn(self) -> None:
        """Back to the public view once the passed seat's turn is over (or undone)."""
        if not self.hot_seat():
            return
        seat = self.seat
        if not isinstance(seat, int) or self.game.is_over or self.turn_owner() != seat:
            seat = PUBLIC
        if seat != self.seat:
            with self._quietly():
                self.seat = seat

    def _msg_pass(self, content: dict):
        """The pass button: show the seat to move its own hand, until its turn ends."""
        seat = content.get("seat")
        want = self.pass_to()
        if want is None:
            why = ("the board is not passed between players (pick “auto” under view)"
                   if not self.hot_seat() else
                   f"the board already shows {self.game.player_name(self.seat)}'s view"
                   if isinstance(self.seat, int) else "no human player is to move")
            raise IllegalAction(f"nothing to pass: {why}")
        if seat != want or type(seat) is not int:
            raise IllegalAction(f"the board is to be passed to {self.game.player_name(want)}, "
                                f"not to {seat!r}: the board changed — click again")
        with self._quietly():
            self.seat = want

    def _refuse_public_act(self) -> None:
        """A click on the public board plays nothing: say who must take the board."""
        want = self.pass_to()
        g = self.game
        who = g.player_name(want) if want is not None else g.player_name(g.current_player)
        raise IllegalAction(f"the board shows the public view (no hands): pass it to {who} "
                            f"first (“show {who}'s hand”); nothing was played")
