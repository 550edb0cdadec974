"""Log lines that keep a secret: what everyone reads, and what only some seats may read.

A game appends plain strings to ``state.log`` for public events. For an event with a
secret part (a card drawn into a hand, a strip dealt) it appends a :class:`Secret`:
the full text for the seats that know it (and for an open-hands spectator), and a public
text for everyone else, the public viewer (:data:`~.viewer.PUBLIC`) included.
``Game.log_for(seat)`` picks the right text line by line.

>>> line = Secret("Anna draws Rough Garnet.", "Anna draws a card.", seats=(0,))
>>> str(line), line.for_seat(0), line.for_seat(1), line.for_seat(None)
('Anna draws Rough Garnet.', 'Anna draws Rough Garnet.', 'Anna draws a card.', 'Anna draws Rough Garnet.')
>>> line.for_seat("public")
'Anna draws a card.'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Secret:
    """One log line with a secret: ``text`` for ``seats`` (and spectators), ``public`` for
    every other seat and for the public viewer (which is in no ``seats``)."""

    text: str
    public: str
    seats: tuple[int, ...] = ()

    def for_seat(self, seat: int | str | None) -> str:
        return self.text if seat is None or seat in self.seats else self.public

    def __str__(self) -> str:
        return self.text


def line_for(line, seat: int | str | None) -> str:
    """The text of one log entry (a string or a :class:`Secret`) as ``seat`` may read it."""
    return line.for_seat(seat) if isinstance(line, Secret) else line
