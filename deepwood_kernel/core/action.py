"""Small value types: actions, chance outcomes and history steps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """A move a player (or chance) can make.

    ``id`` is a stable string (what saves store and widgets send back), ``label`` reads well
    in a log or a button, ``player`` is the seat, or ``None`` for a chance outcome.

    >>> Action("move c4", "Move to c4", 0)
    Action('move c4')
    """

    id: str
    label: str
    player: int | None

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    def __str__(self) -> str:
        return self.id


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
