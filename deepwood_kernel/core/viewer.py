"""Whose eyes a view is drawn for: a seat, the open-hands spectator, or :data:`PUBLIC`.

Every per-seat reading of the engine contract (``view``, ``render_html``, ``log_for``,
``chance_outcomes(seat=...)`` and the rules' ``seat_chance_weights``) takes a *viewer*:

* an ``int`` seat ``0..players-1``: what that seat may know (its own hand, not the others');
* ``None``: the open-hands spectator, who sees every secret (a teacher checking a game);
* :data:`PUBLIC`: nobody's eyes, what *every* seat may know — no hand, no secret card, no
  hidden chance outcome (a draw into any hand is grouped as a "?" outcome), no private
  log line. It is the table shown on a projector, or on one screen passed between
  players (the hot seat of ``widgets``).

:data:`PUBLIC` is the string ``"public"`` on purpose: it is JSON-able (a view may echo its
viewer) and it can never index a list, so a code path that would read ``hands[seat]``
fails loudly (``TypeError``) instead of silently reading a seat's secrets, as ``-1`` (the
last seat) would. It equals no seat, so the usual test "``seat is None or seat == i``"
already hides every hand from it; a test of the form "``seat != owner``" (someone
*other* than the owner knows it) must exclude :data:`PUBLIC` explicitly (see
:func:`knows`), because the public view must also be a view the owner's opponents
could share with the owner.

>>> PUBLIC, knows(PUBLIC, 0), knows(None, 0), knows(0, 0), knows(1, 0)
('public', False, True, True, False)
>>> [10, 20][PUBLIC]
Traceback (most recent call last):
...
TypeError: list indices must be integers or slices, not str
"""

from __future__ import annotations

from typing import Union

#: the public viewer: sees only what every seat may know (see the module docstring)
PUBLIC = "public"

#: a viewer: a seat, ``None`` (the spectator) or :data:`PUBLIC`
Viewer = Union[int, str, None]


def knows(viewer: Viewer, owner: int) -> bool:
    """Does ``viewer`` see the secrets of seat ``owner``? The spectator and the owner do;
    another seat and the public view do not."""
    return viewer is None or (viewer != PUBLIC and viewer == owner)


def is_public(viewer: Viewer) -> bool:
    """Is ``viewer`` the public view? (``==``, so a copy of the string read from JSON is
    the public view too.)"""
    return isinstance(viewer, str) and viewer == PUBLIC
