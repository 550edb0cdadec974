"""The engine contract: one :class:`Game` class drives every game's :class:`Rules`.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("deepwood", players=2, seed=7)
>>> g.is_chance                     # the strips are dealt first
True
>>> g.advance(); g.current_player
0
>>> g.apply(g.legal_actions()[0]); len(g.history) > 0
True

Saves are replays: :meth:`Game.to_json` writes one, :func:`load` rebuilds a game from one.
The save format, its checks and the replay of a history entry by entry live in
:mod:`.saves`; every name that module defines is importable from here too, as it was.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from fractions import Fraction
from typing import Any

from .action import Action, ActionList, Step
from .errors import (ContentError, ContentFile, IllegalAction, SaveError,  # noqa: F401
                     _short, read_user_content)
from .log import line_for
from .registry import rules_for
from .rng import make_rng, sample_index
from .saves import (MAX_ID_CHARS, MAX_NUMBER_DIGITS, MAX_SAVE_BYTES,  # noqa: F401
                    MAX_SAVE_DEPTH, MAX_SAVE_STRING, SAVE_FORMAT, SAVE_VERSION, _SHA256,
                    _check_nesting, _content_for, _parse_int, _parse_save,
                    _reject_constant, _reject_float, _unique_keys, replay_history)
from .viewer import PUBLIC, Viewer, is_public


# (game key, sha256) -> parsed content: a user's file is validated once per session
_CONTENT_CACHE: dict[tuple[str, str], Any] = {}
# (id, player, sampled) -> Step: history entries are shared immutable values, made once
_STEPS: dict[tuple[str, int | None, bool], Step] = {}


class _Position:
    """Where the lazy labels of one listing are written: the game at the ply it was listed.

    While the game stays there, labels come from its live state. Once it has moved on, the
    position is rebuilt once by replaying the history prefix (the history list it saw is
    never changed in place, only appended to or replaced), so a label always describes the
    position it was listed in.
    """

    __slots__ = ("game", "history", "n", "state")

    def __init__(self, game: Game):
        self.game, self.history, self.n = game, game._history, len(game._history)
        self.state = None

    def __call__(self, action_id: str) -> str:
        g = self.game
        if self.state is None:
            if g._history is self.history and len(g._history) == self.n:
                return g.rules.label(g.state, action_id)
            other = copy.copy(g)
            other._replay(self.history[:self.n])
            self.state = other.state
        return g.rules.label(self.state, action_id)


class Game:
    """A game in progress: rules + state + seeded RNG + history (+ a redo stack).

    Create games with :func:`new_game` or :func:`load`. Every mutation goes through
    :meth:`apply` (or :meth:`step`, which samples and then applies), which checks legality
    *before* touching anything, so a refused action leaves the game exactly as it was.
    """

    def __init__(self, key: str, players: int, seed: int = 0, options: dict | None = None,
                 content: str | os.PathLike | ContentFile | None = None):
        rules = rules_for(key)
        info = rules.info
        info.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"seed must be an int from 0 to 2**64 - 1, got {seed!r}")
        self.key = key
        self.rules = rules
        self.players = players
        self.seed = seed
        self.options = info.resolve_options(options)
        self._content_file: ContentFile | None = None
        if content is None:
            self.content = rules.default_content()
        else:
            cf = content if isinstance(content, ContentFile) else read_user_content(content)
            cached = _CONTENT_CACHE.get((key, cf.sha256))
            if cached is None:
                cached = rules.parse_content(cf.text, cf.name)
                if len(_CONTENT_CACHE) > 32:
                    _CONTENT_CACHE.clear()
                _CONTENT_CACHE[(key, cf.sha256)] = cached
            self.content = cached
            self._content_file = cf
        self._max_len = info.max_game_length
        self._history: list[Step] = []
        self._redo: list[Step] = []
        self._reset()

    # ------------------------------------------------------------------ internals
    def _reset(self) -> None:
        self.state = self.rules.initial_state(self.players, self.options, self.content)
        self._rng = make_rng(self.seed)
        self._invalidate()

    def _invalidate(self) -> None:
        self._legal_cache: tuple[tuple[str, ...], set[str] | tuple[str, ...],
                                 int | None] | None = None
        self._chance_cache: list[tuple[str, int]] | None = None
        self._position: _Position | None = None

    def _legal(self) -> tuple[tuple[str, ...], set[str] | tuple[str, ...], int | None]:
        """(ids, the same for ``in`` tests, the seat they are for), cached until the next
        ply. A short listing is searched as it is: building a set would cost more."""
        if self._legal_cache is None:
            player = self.rules.current_player(self.state)
            ids = tuple(self.rules.legal_ids(self.state)) if player is not None else ()
            self._legal_cache = (ids, set(ids) if len(ids) > 8 else ids, player)
        return self._legal_cache

    def _weights(self) -> list[tuple[str, int]]:
        if self._chance_cache is None:
            self._chance_cache = self.rules.chance_weights(self.state) if self.is_chance else []
        return self._chance_cache

    def _labeler(self) -> _Position:
        if self._position is None:
            self._position = _Position(self)
        return self._position

    def _push(self, step: Step) -> None:
        """Apply a (checked or trusted) step, record it, and end the game by the length
        rule when it reaches ``max_game_length`` plies."""
        rules = self.rules
        rules.apply(self.state, step.id)
        self._history.append(step)
        self._legal_cache = self._chance_cache = self._position = None   # _invalidate()
        if len(self._history) >= self._max_len and not rules.is_over(self.state):
            rules.end_by_length(self.state)

    def _replay(self, steps: list[Step]) -> None:
        """Rebuild state and RNG position from the seed by replaying ``steps`` (trusted)."""
        self._reset()
        self._history = []
        for s in steps:
            if s.sampled:
                self._draw()
            self._push(s)

    def _draw(self) -> str:
        weights = self._weights()
        return weights[sample_index(self._rng, [w for _, w in weights])][0]

    def _commit(self, action_id: str, player: int | None, sampled: bool) -> None:
        n = len(self._history)
        key = (action_id, player, sampled)
        step = _STEPS.get(key)
        if step is None:          # Steps are immutable values: one object per distinct step
            if len(_STEPS) > 65_536:
                _STEPS.clear()
            step = _STEPS[key] = Step(action_id, player, sampled)
        try:
            self._push(step)
        except Exception:
            # A rules bug must not leave a half-applied move behind: rebuild exactly.
            self._replay(self._history[:n])
            raise

    # ------------------------------------------------------------------ the contract
    @property
    def info(self):
        return self.rules.info

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, or None while chance is pending or after the end."""
        return self.rules.current_player(self.state)

    @property
    def is_chance(self) -> bool:
        return self.rules.is_chance(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def legal_action_ids(self) -> list[str]:
        """The legal action ids (for bots that only need the strings)."""
        return list(self._legal()[0])

    def legal_actions(self) -> ActionList:
        """Every legal action of the player to move, in a canonical order.

        A lazy, read-only sequence: Actions are made as they are touched and each label is
        written when first read, so this is as fast as :meth:`legal_action_ids`.
        """
        ids, _set, player = self._legal()
        return ActionList(ids, player, self._labeler())

    def chance_outcomes(self, seat: Viewer = None) -> list[tuple[Action, Fraction]]:
        """The pending chance event's outcomes with exact probabilities summing to 1.

        With ``seat``, the event as that seat sees it: outcomes it cannot tell apart are
        grouped and the chances come from what the seat knows, never from hidden cards.
        Such grouped or belief outcomes have ids starting with ``"?"`` and cannot be forced.
        ``seat=PUBLIC`` reads it as nobody's eyes: every draw hidden from *some* seat
        (into any hand) is grouped, as the seats that do not receive it reason.
        """
        weights = None
        if seat is not None:
            seat = self._check_viewer(seat)
            if self.is_chance:
                weights = self.rules.seat_chance_weights(self.state, seat)
        if weights is None:
            weights = self._weights()
        total = sum(w for _, w in weights)
        lab = self._labeler()
        return [(Action(i, None, None, lab), Fraction(w, total)) for i, w in weights]

    def apply(self, action: Action | str) -> None:
        """Apply a player action or force a chance outcome (an :class:`Action` or its id).

        Raises :class:`IllegalAction` with a reason (and nothing else, whatever the input),
        leaving the game exactly as it was.
        """
        seat = None
        is_action = isinstance(action, Action)
        if is_action:
            try:     # a subclass may make .id or .player raise: that is not an action
                action_id, seat = action.id, action.player
            except Exception:
                raise IllegalAction(f"{_short(action)} has no readable id and player; an "
                                    "action is an Action or its id string") from None
            # the seat is checked by type, never compared: an object's own __eq__ or
            # __index__ could raise or lie; a bool is not a seat
            if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
                raise IllegalAction(
                    f"{_short(action)} is for seat {_short(seat, 30)}, which is not a seat of "
                    f"this game: seats are 0..{self.players - 1} "
                    f"({', '.join(self.state.names)}), or None for a chance outcome")
        else:
            action_id = action
        if not isinstance(action_id, str):
            raise IllegalAction(f"an action is an Action or its id string, "
                                f"got {_short(action_id)}")
        # a str subclass may override __hash__, __eq__, __repr__…: use the plain text
        action_id = str.__str__(action_id)
        if len(action_id) > MAX_ID_CHARS:
            raise IllegalAction(f"{_short(action_id)} is {len(action_id):,} characters long; "
                                f"no action id is longer than {MAX_ID_CHARS}")
        rules, state = self.rules, self.state
        if rules.is_over(state):
            raise IllegalAction(f"{_short(action_id)}: the game is over; nothing more can "
                                "be played")
        if action_id.startswith("?"):
            raise IllegalAction(f"{_short(action_id)} is an outcome as one seat sees it, "
                                "not one that can be forced; step() draws the real outcome")
        if rules.is_chance(state):
            if seat is not None:
                raise IllegalAction(f"{_short(action_id)} is {self.player_name(seat)}'s "
                                    "action, but a chance event is pending")
            ids = [i for i, _ in self._weights()]
            if action_id not in ids:
                raise IllegalAction(
                    f"{_short(action_id)} is not a possible outcome of the pending chance "
                    f"event; possible: {_preview(ids)}")
            self._redo.clear()
            self._commit(action_id, None, sampled=False)
            return
        mover = rules.current_player(state)
        if is_action and seat != mover:
            owner = "a chance outcome" if seat is None else f"{self.player_name(seat)}'s action"
            raise IllegalAction(f"{_short(action_id)} is {owner}, but it is "
                                f"{self.player_name(mover)}'s move")
        ids, legal, _player = self._legal()
        if action_id not in legal:
            try:
                why = self.rules.explain_illegal(self.state, action_id)
            except Exception:        # an explanation must never turn into another error
                why = None
            raise IllegalAction(
                f"{_short(action_id)} is not legal now" + (f": {why}" if why else "")
                + f". {self.player_name(mover)} can play: {_preview(ids)}")
        self._redo.clear()
        self._commit(action_id, mover, sampled=False)

    def step(self) -> Action:
        """Sample the pending chance event from the game's seeded RNG and apply it."""
        rules, state = self.rules, self.state
        if not rules.is_chance(state):
            raise IllegalAction("no chance event is pending: "
                                + ("the game is over" if self.is_over else
                                   f"{self.player_name(self.current_player)} must decide"))
        weights = self._chance_cache          # _draw(), without asking is_chance again
        if weights is None:
            weights = self._chance_cache = rules.chance_weights(state)
        outcome = weights[sample_index(self._rng, [w for _, w in weights])][0]
        # the label is written when read, for this position (as legal_actions() does):
        # playouts never read it, so they do not pay for it
        labeler = self._labeler()
        self._redo.clear()
        self._commit(outcome, None, sampled=True)
        return Action(outcome, None, None, labeler)

    def advance(self) -> None:
        """Resolve chance events until a player must decide or the game ends."""
        while self.is_chance:
            self.step()

    def undo(self, steps: int = 1) -> Step:
        """Take back the last ``steps`` history entries (actions or chance outcomes) in one
        replay; they can be redone. Returns the earliest entry taken back."""
        if type(steps) is not int or steps < 1:     # an int subclass could make < raise
            raise IllegalAction(f"undo takes a positive number of steps, got {_short(steps)}")
        if not self._history:
            raise IllegalAction("nothing to undo: the history is empty")
        if steps > len(self._history):
            raise IllegalAction(f"cannot undo {steps} steps: the history has "
                                f"{len(self._history)}")
        undone = self._history[-steps:]
        redo = self._redo
        self._replay(self._history[:-steps])
        self._redo = redo + undone[::-1]
        return undone[0]

    def redo(self) -> Step:
        """Re-apply the last undone entry (a sampled outcome is re-drawn and matches)."""
        if not self._redo:
            raise IllegalAction("nothing to redo")
        s = self._redo[-1]
        if s.sampled:
            self._draw()
        self._commit(s.id, s.player, s.sampled)
        self._redo.pop()
        return s

    def fork(self) -> Game:
        """An independent copy (state, RNG position, history, options) for what-if branches."""
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
        other.options = copy.deepcopy(self.options)
        other._rng = make_rng(self.seed)
        other._rng.bit_generator.state = self._rng.bit_generator.state
        other._history = list(self._history)
        other._redo = list(self._redo)
        other._invalidate()
        return other

    @property
    def history(self) -> list[Step]:
        """Every applied action and chance outcome, in order."""
        return list(self._history)

    @property
    def log(self) -> list[str]:
        """Readable events, e.g. ``"Anna pays 3 potions to clear the thicket at c3"``, as an
        open-hands spectator reads them (every secret shown)."""
        return [str(line) for line in self.state.log]

    def log_for(self, seat: Viewer, last: int | None = None) -> list[str]:
        """The log as ``seat`` may read it (None: a spectator; ``PUBLIC``: every secret line
        as its public text): another seat's secrets are replaced by their public text.
        ``last`` keeps only the newest lines."""
        if seat is not None:
            seat = self._check_viewer(seat)
        lines = self.state.log if last is None else self.state.log[-last:] if last else []
        return [line_for(line, seat) for line in lines]

    @property
    def content_file(self) -> dict | None:
        """The user's content file this game was started with (name and SHA-256), or None
        for the content designed for this project."""
        cf = self._content_file
        return None if cf is None else {"name": cf.name, "sha256": cf.sha256}

    @property
    def max_game_length(self) -> int:
        return self._max_len

    def scores(self) -> list[int]:
        """Final scores once the game is over; before that, the score if it ended now."""
        return self.rules.scores(self.state)

    def score_breakdown(self, seat: int) -> list[tuple[str, int]]:
        """The rulebook's scoring lines for ``seat`` as (line, points) pairs."""
        self._check_seat(seat)
        return self.rules.score_breakdown(self.state, seat)

    def winners(self) -> list[int]:
        return self.rules.winners(self.state)

    def view(self, seat: Viewer = None) -> dict:
        """A JSON-able render model; hides what ``seat`` cannot see (None: a spectator;
        ``PUBLIC``: shows only what every seat may know, no hand at all)."""
        if seat is not None:
            seat = self._check_viewer(seat)
        return self.rules.view(self.state, seat)

    def render_html(self, seat: Viewer = None) -> str:
        """The table as static HTML/SVG, drawn from what ``seat`` may see (None: all;
        ``PUBLIC``: what every seat may see)."""
        if seat is not None:
            seat = self._check_viewer(seat)
        return self.rules.render_html(self.state, seat)

    def player_name(self, seat: int | None) -> str:
        if seat is None:
            return "chance"
        return self.state.names[seat]

    def _is_seat(self, seat) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players

    def _check_seat(self, seat) -> None:
        if not self._is_seat(seat):
            raise ValueError(f"seat must be an int 0..{self.players - 1}, got {seat!r}")

    def _check_viewer(self, seat) -> int | str:
        """A viewer other than None: a seat, or the public view (returned as ``PUBLIC``
        itself). Anything else raises a ``ValueError`` naming what is allowed."""
        if is_public(seat):
            return PUBLIC
        if not self._is_seat(seat):
            raise ValueError(f"seat must be an int 0..{self.players - 1}, None (a spectator, "
                             f"every hand shown) or {PUBLIC!r} (only what every seat may "
                             f"know), got {_short(seat, 40)}")
        return seat

    # ------------------------------------------------------------------ saves
    def to_json(self) -> str:
        """A JSON replay: game key, players, options, seed, the user's content file (name and
        SHA-256 only, never a path) and history (never pickle)."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.key,
            "players": self.players, "seed": self.seed, "options": self.options,
            "content": self.content_file,
            "history": [[s.id, s.player, int(s.sampled)] for s in self._history],
        }, separators=(",", ":"))

    def fingerprint(self) -> str:
        """SHA-256 of everything that makes the game what it is (state, RNG, history, log).

        The redo stack is not part of it: an undo followed by a redo restores the game.
        """
        blob = json.dumps([self.rules.fingerprint(self.state),
                           self._rng.bit_generator.state,
                           [(s.id, s.player, s.sampled) for s in self._history]],
                          sort_keys=True, default=_jsonable)
        return hashlib.sha256(blob.encode()).hexdigest()

    # ------------------------------------------------------------------ display
    def _repr_html_(self) -> str:
        return self.rules.render_html(self.state, None)

    def __repr__(self) -> str:
        status = ("over" if self.is_over else "chance" if self.is_chance
                  else f"{self.player_name(self.current_player)} to play")
        return (f"<Game {self.key!r} players={self.players} seed={self.seed} "
                f"ply={len(self._history)} {status}>")


def _jsonable(o: Any):
    if isinstance(o, (set, frozenset)):
        return sorted(o)
    if isinstance(o, Fraction):
        return str(o)
    return repr(o)


def _preview(ids, n: int = 8) -> str:
    if not ids:
        return "nothing"
    shown = ", ".join(_short(i, 40) for i in ids[:n])
    return shown + (f" … ({len(ids)} in all)" if len(ids) > n else "")


def new_game(key: str, players: int = 2, seed: int = 0, options: dict | None = None,
             content: str | os.PathLike | None = None) -> Game:
    """Start a game: ``new_game("deepwood", players=3, seed=7)``.

    ``content`` is the path of your own content file (a board, cards, tiles), read once,
    bounded and validated; saves record its name and SHA-256, never the path.
    """
    return Game(key, players, seed, options, content)


def load(save: str | bytes, content: str | os.PathLike | None = None) -> Game:
    """Rebuild a game from :meth:`Game.to_json` by replaying and validating its history.

    A save is data: it never names a file. If it was played with your own content file,
    pass the file (``content=path``); its SHA-256 must match the one the save records.

    Raises :class:`SaveError` (a ``ValueError``) for anything that is not a valid save:
    oversized or deeply nested input, bad JSON, duplicate or unknown keys, wrong types,
    unknown game, a history longer than the game's ``max_game_length``, or an entry that is
    illegal at its point in the history. Never returns a half-loaded game.
    """
    data = _parse_save(save)
    cf = _content_for(data, content)
    try:
        game = Game(data["game"], data["players"], data["seed"], data["options"], cf)
    except (ValueError, TypeError) as e:
        raise SaveError(f"cannot start the saved game: {e}") from None
    history = data["history"]
    if len(history) > game.max_game_length:
        raise SaveError(f"history has {len(history):,} entries; a {game.info.title} game "
                        f"ends after at most {game.max_game_length:,}")
    replay_history(game, history)
    game._redo = []
    return game
