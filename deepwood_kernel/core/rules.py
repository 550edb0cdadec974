"""What a game writes: its rules as plain functions over its own state (OpenSpiel-style).

A game package subclasses :class:`Rules` once. It keeps *game info* (title, player range,
options) apart from *state* (a dataclass the rules mutate), and it never sees randomness
directly: when the next step is random the rules report the possible outcomes with integer
weights, and :class:`~deepwood_kernel.core.game.Game` picks or forces one.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from abc import ABC, abstractmethod
from typing import Any


@dataclass(frozen=True)
class Option:
    """A game option: its default, the allowed values or bounds, and a one-line help text.

    A value must have exactly the default's type (``True`` is no int, ``1`` is no float
    here), lie in ``allowed`` when that is given, and between ``low`` and ``high`` when
    those are given.

    >>> Option(15, low=5, high=40, help="gold for a set").check("set_gold", 12)
    12
    """

    default: Any
    allowed: tuple | None = None
    help: str = ""
    low: Any = None
    high: Any = None

    def check(self, name: str, value: Any) -> Any:
        if self.allowed is not None:
            if not any(type(value) is type(a) and value == a for a in self.allowed):
                raise ValueError(f"option {name!r} must be one of {list(self.allowed)}, "
                                 f"got {value!r}")
            return value
        want = type(self.default)
        if type(value) is not want and not (want is float and type(value) is int):
            raise ValueError(f"option {name!r} must be a {want.__name__}, got {value!r}")
        if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high):
            raise ValueError(f"option {name!r} must lie between {self.low} and {self.high}, "
                             f"got {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """A registry entry: what ``dk.GAMES[key]`` tells about a game before it is created."""

    key: str
    title: str
    min_players: int
    max_players: int
    description: str
    max_game_length: int            # plies (actions + chance outcomes); bounds a save's replay
    options: dict[str, Option] = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.max_game_length, int) or self.max_game_length < 1:
            raise ValueError(f"{self.key}: max_game_length must be a positive int")

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


def _no_content(key: str):
    raise ValueError(f"{key!r} has no content file to replace")


class Rules(ABC):
    """The interface each game implements. Every method is a function of ``state``.

    ``apply`` may assume that ``action_id`` is legal (the :class:`Game` checks first) and
    appends readable events to ``state.log``.
    """

    info: GameInfo

    @abstractmethod
    def initial_state(self, players: int, options: dict, content: Any) -> Any:
        """The state before the first ply; ``content`` is :meth:`default_content` or what
        :meth:`parse_content` made of a user's file."""

    # --- content (boards, cards, tiles: data, not code) --------------------------------
    def default_content(self) -> Any:
        """The content designed for this project (``content.toml`` in the package)."""
        return None

    def parse_content(self, text: str, name: str) -> Any:
        """Validate a user's own content file (its text) and build the content object;
        raises :class:`~deepwood_kernel.core.errors.ContentError` naming the entry."""
        _no_content(self.info.key)

    @abstractmethod
    def end_by_length(self, state) -> None:
        """End the game at once because it reached ``info.max_game_length`` plies (the
        documented rule of the game's rules reference); afterwards ``is_over`` is True."""

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

    def seat_chance_weights(self, state, seat: int) -> list[tuple[str, int]] | None:
        """The pending chance event as ``seat`` can tell its outcomes apart and reason about
        them, or None when the true outcomes and weights reveal nothing (a die, a public
        deck). Games with hidden draws override it: outcomes the seat cannot tell apart are
        grouped, and weights come from what the seat cannot see (the pile *and* the hands
        hidden from it), never from the true pile. Such ids start with ``"?"``; they are
        for reading, and ``apply`` refuses them. ``seat`` may be ``PUBLIC``
        (:mod:`.viewer`): then every draw hidden from *any* seat is grouped, as a seat
        that does not receive it reasons."""
        return None

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
    def view(self, state, seat: int | str | None) -> dict:
        """The JSON-able render model for a viewer (:mod:`.viewer`): a seat (its own
        secrets only), None (every secret) or ``PUBLIC`` (no secret at all)."""

    @abstractmethod
    def render_html(self, state, seat: int | str | None = None) -> str:
        """The table as static HTML for the same viewers as :meth:`view`."""

    @abstractmethod
    def fingerprint(self, state) -> Any:
        """A plain-data copy of the whole state (for hashing and exact comparisons)."""


class PackageRules(Rules):
    """A :class:`Rules` whose presentation and scoring live beside it in the game package.

    Every game package has the same shape: ``rules.py`` (this class, with the module-level
    functions named in ``STATE_FUNCTIONS`` as its methods), ``render.py``
    (``label``, ``view``, ``render_html``) and ``scoring.py`` (``scores``,
    ``score_breakdown``, ``winners``). Those modules import the rules, so the rules reach
    them on first use, by name, instead of importing them at the top (a cycle).
    Subclasses set ``package`` to their ``__package__``.
    """

    package = ""

    # The game's rules module defines these as plain functions of the state (moves as
    # functions over state); a subclass that does not define one itself gets the module's
    # function as a static method when the class is made, so every game has the same shape
    # and a ply pays no extra delegating call.
    STATE_FUNCTIONS = ("legal_ids", "chance_weights", "seat_chance_weights", "apply",
                       "explain_illegal")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        module = sys.modules[cls.__module__]
        for name in cls.STATE_FUNCTIONS:
            fn = module.__dict__.get(name)
            if name not in cls.__dict__ and callable(fn):
                setattr(cls, name, staticmethod(fn))

    def _module(self, name: str):
        # looked up once per module: label() runs on every chance ply of a playout
        cache = self.__dict__.setdefault("_modules", {})
        module = cache.get(name)
        if module is None:
            module = cache[name] = importlib.import_module(f"{self.package}.{name}")
        return module

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
