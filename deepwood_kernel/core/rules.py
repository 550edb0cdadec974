"""What a game writes: its rules as plain functions over its own state (OpenSpiel-style).

A game package subclasses :class:`Rules` once. It keeps *game info* (title, player range,
options) apart from *state* (a dataclass the rules mutate), and it never sees randomness
directly: when the next step is random the rules report the possible outcomes with integer
weights, and :class:`~deepwood_kernel.core.game.Game` picks or forces one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from abc import ABC, abstractmethod
from typing import Any


@dataclass(frozen=True)
class Option:
    """A game option: its default, the allowed values and a one-line help text."""

    default: Any
    allowed: tuple | None = None
    help: str = ""

    def check(self, name: str, value: Any) -> Any:
        if self.allowed is not None and value not in self.allowed:
            raise ValueError(f"option {name!r} must be one of {list(self.allowed)}, got {value!r}")
        if self.allowed is None and not isinstance(value, type(self.default)):
            raise ValueError(
                f"option {name!r} must be a {type(self.default).__name__}, got {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: what ``dk.GAMES[key]`` tells about a game before it is created."""

    key: str
    title: str
    min_players: int
    max_players: int
    description: str
    options: dict[str, Option] = field(default_factory=dict)

    def check_players(self, players: int) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an int, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} "
                             f"players, got {players}")

    def resolve_options(self, options: dict | None) -> dict:
        options = dict(options or {})
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)} for {self.key!r}; "
                             f"allowed: {sorted(self.options)}")
        return {name: opt.check(name, options.get(name, opt.default))
                for name, opt in self.options.items()}


class Rules(ABC):
    """The interface each game implements. Every method is a function of ``state``.

    ``apply`` may assume that ``action_id`` is legal (the :class:`Game` checks first) and
    appends readable events to ``state.log``.
    """

    info: GameInfo

    @abstractmethod
    def initial_state(self, players: int, options: dict) -> Any:
        ...

    # --- whose turn -------------------------------------------------------------------
    @abstractmethod
    def current_player(self, state) -> int | None:
        """The seat to decide, or None while chance is pending or the game is over."""

    @abstractmethod
    def is_chance(self, state) -> bool:
        ...

    @abstractmethod
    def is_over(self, state) -> bool:
        ...

    # --- actions ----------------------------------------------------------------------
    @abstractmethod
    def legal_ids(self, state) -> list[str]:
        """Ids of the legal player actions, in a canonical order."""

    @abstractmethod
    def chance_weights(self, state) -> list[tuple[str, int]]:
        """The pending chance event's outcomes and positive integer weights, canonical order."""

    def label(self, state, action_id: str) -> str:
        """A readable label for a legal action or chance outcome in ``state``."""
        return action_id

    def explain_illegal(self, state, action_id: str) -> str | None:
        """Optionally, why ``action_id`` is illegal now (shown to learners)."""
        return None

    @abstractmethod
    def apply(self, state, action_id: str) -> None:
        ...

    # --- results and rendering -------------------------------------------------------
    @abstractmethod
    def scores(self, state) -> list[int]:
        ...

    @abstractmethod
    def score_breakdown(self, state, seat: int) -> list[tuple[str, int]]:
        ...

    def winners(self, state) -> list[int]:
        scores = self.scores(state)
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    @abstractmethod
    def view(self, state, seat: int | None) -> dict:
        ...

    @abstractmethod
    def render_html(self, state, seat: int | None = None) -> str:
        ...

    @abstractmethod
    def fingerprint(self, state) -> Any:
        """A plain-data copy of the whole state (for hashing and exact comparisons)."""


class PackageRules(Rules):
    """A :class:`Rules` whose presentation and scoring live beside it in the game package.

    Every game package has the same shape: ``rules.py`` (this class), ``render.py``
    (``label``, ``view``, ``render_html``) and ``scoring.py`` (``scores``,
    ``score_breakdown``, ``winners``). Those modules import the rules, so the rules reach
    them on first use, by name, instead of importing them at the top (a cycle).
    Subclasses set ``package`` to their ``__package__``.
    """

    package = ""

    def _module(self, name: str):
        return importlib.import_module(f"{self.package}.{name}")

    def label(self, state, action_id: str) -> str:
        return self._module("render").label(state, action_id)

    def view(self, state, seat: int | None) -> dict:
        return self._module("render").view(state, seat)

    def render_html(self, state, seat: int | None = None) -> str:
        return self._module("render").render_html(state, seat)

    def scores(self, state) -> list[int]:
        return self._module("scoring").scores(state)

    def score_breakdown(self, state, seat: int) -> list[tuple[str, int]]:
        return self._module("scoring").score_breakdown(state, seat)

    def winners(self, state) -> list[int]:
        return self._module("scoring").winners(state)
