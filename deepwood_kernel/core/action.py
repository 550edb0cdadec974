"""Small value types: actions, chance outcomes and history steps.

``Game.legal_actions()`` hands out an :class:`ActionList`, a lazy sequence: an
:class:`Action` object is made only for the entries a caller touches, and its ``label`` is
written only when it is read (python-chess's legal-move generator works the same way).
That keeps the documented API as fast as the bare ids in a random playout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


class Action:
    """A move a player (or chance) can make.

    ``id`` is a stable string (what saves store and widgets send back), ``label`` reads well
    in a log or a button, ``player`` is the seat, or ``None`` for a chance outcome. Two
    actions are equal when their id and player are; the label is presentation.

    >>> a = Action("move c4", "Move to c4", 0)
    >>> a, a.label, a == Action("move c4", "", 0)
    (Action('move c4'), 'Move to c4', True)
    """

    __slots__ = ("id", "player", "_label", "_labeler")

    def __init__(self, id: str, label: str | None, player: int | None,
                 _labeler: Callable[[str], str] | None = None):
        self.id = id
        self.player = player
        self._label = label
        self._labeler = _labeler

    @property
    def label(self) -> str:
        """The readable label, written on first use for the position it was listed in."""
        if self._label is None:
            self._label = self._labeler(self.id) if self._labeler else self.id
            self._labeler = None
        return self._label

    def __eq__(self, other) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.id == other.id and self.player == other.player

    def __hash__(self) -> int:
        return hash((self.id, self.player))

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    def __str__(self) -> str:
        return self.id

    # copies and pickles carry the label itself, never the game it came from
    def __reduce__(self):
        return (Action, (self.id, self.label, self.player))

    def __copy__(self) -> Action:
        return Action(self.id, self.label, self.player)

    def __deepcopy__(self, memo) -> Action:
        return self.__copy__()


class ActionList(Sequence):
    """The legal actions of one position: a read-only sequence of :class:`Action`.

    It behaves like a list (``len``, indexing, slicing, iteration, ``in``, ``==`` against a
    list of actions) but builds each Action on access. ``ids`` gives the bare id strings.
    """

    __slots__ = ("ids", "_player", "_labeler")

    def __init__(self, ids: list[str], player: int | None, labeler: Callable[[str], str]):
        self.ids = ids
        self._player = player
        self._labeler = labeler

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [Action(a, None, self._player, self._labeler) for a in self.ids[i]]
        return Action(self.ids[i], None, self._player, self._labeler)

    def __iter__(self):
        p, lab = self._player, self._labeler
        for a in self.ids:
            yield Action(a, None, p, lab)

    def __contains__(self, item) -> bool:
        if isinstance(item, Action):
            return item.player == self._player and item.id in self.ids
        return False

    def __eq__(self, other) -> bool:
        if isinstance(other, (ActionList, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # a list-like value: unhashable, like list

    def __repr__(self) -> str:
        shown = ", ".join(f"Action({a!r})" for a in self.ids[:6])
        more = f", … {len(self.ids)} in all" if len(self.ids) > 6 else ""
        return f"[{shown}{more}]"


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a game's history: the action id, who made it, and how it came about.

    ``player`` is ``None`` for chance outcomes; ``sampled`` is True when the game's seeded
    RNG chose the outcome (``step``/``advance``) and False when it was forced (``apply``).
    """

    id: str
    player: int | None
    sampled: bool = False

    @property
    def is_chance(self) -> bool:
        return self.player is None

