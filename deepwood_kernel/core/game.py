"""The engine contract: one :class:`Game` class drives every game's :class:`Rules`.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("deepwood", players=2, seed=7)
>>> g.is_chance                     # the strips are dealt first
True
>>> g.advance(); g.current_player
0
>>> g.apply(g.legal_actions()[0]); len(g.history) > 0
True
"""

from __future__ import annotations

import copy
import hashlib
import json
from fractions import Fraction
from typing import Any

from .action import Action, Step
from .errors import IllegalAction, SaveError
from .registry import rules_for
from .rng import make_rng, sample_index

SAVE_FORMAT = "deepwood-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 4_000_000   # a 15-round game is ~50 kB; anything near this is not a save
MAX_HISTORY = 200_000


class Game:
    """A game in progress: rules + state + seeded RNG + history (+ a redo stack).

    Create games with :func:`new_game` or :func:`load`. Every mutation goes through
    :meth:`apply` (or :meth:`step`, which samples and then applies), which checks legality
    *before* touching anything, so a refused action leaves the game exactly as it was.
    """

    def __init__(self, key: str, players: int, seed: int = 0, options: dict | None = None):
        rules = rules_for(key)
        info = rules.info
        info.check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a non-negative int, got {seed!r}")
        self.key = key
        self.rules = rules
        self.players = players
        self.seed = seed
        self.options = info.resolve_options(options)
        self._history: list[Step] = []
        self._redo: list[Step] = []
        self._reset()

    # ------------------------------------------------------------------ internals
    def _reset(self) -> None:
        self.state = self.rules.initial_state(self.players, self.options)
        self._rng = make_rng(self.seed)
        self._legal_cache: tuple[list[str], set[str]] | None = None
        self._chance_cache: list[tuple[str, int]] | None = None

    def _invalidate(self) -> None:
        self._legal_cache = None
        self._chance_cache = None

    def _legal(self) -> tuple[list[str], set[str]]:
        if self._legal_cache is None:
            ids = self.rules.legal_ids(self.state) if self.current_player is not None else []
            self._legal_cache = (ids, set(ids))
        return self._legal_cache

    def _weights(self) -> list[tuple[str, int]]:
        if self._chance_cache is None:
            self._chance_cache = self.rules.chance_weights(self.state) if self.is_chance else []
        return self._chance_cache

    def _replay(self, steps: list[Step]) -> None:
        """Rebuild state and RNG position from the seed by replaying ``steps`` (trusted)."""
        self._reset()
        self._history = []
        for s in steps:
            if s.sampled:
                self._draw()
            self.rules.apply(self.state, s.id)
            self._history.append(s)
            self._invalidate()

    def _draw(self) -> str:
        weights = self._weights()
        return weights[sample_index(self._rng, [w for _, w in weights])][0]

    def _commit(self, action_id: str, player: int | None, sampled: bool) -> None:
        try:
            self.rules.apply(self.state, action_id)
        except Exception:
            # A rules bug must not leave a half-applied move behind: rebuild exactly.
            self._replay(list(self._history))
            raise
        self._history.append(Step(action_id, player, sampled))
        self._invalidate()

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
        """The legal action ids (fast path for bots): no labels are built."""
        return list(self._legal()[0])

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, with readable labels."""
        seat = self.current_player
        return [Action(i, self.rules.label(self.state, i), seat) for i in self._legal()[0]]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance event's outcomes with exact probabilities summing to 1."""
        weights = self._weights()
        total = sum(w for _, w in weights)
        return [(Action(i, self.rules.label(self.state, i), None), Fraction(w, total))
                for i, w in weights]

    def apply(self, action: Action | str) -> None:
        """Apply a player action or force a chance outcome (an :class:`Action` or its id).

        Raises :class:`IllegalAction` with a reason, leaving the game exactly as it was.
        """
        action_id = action.id if isinstance(action, Action) else action
        if not isinstance(action_id, str):
            raise IllegalAction(f"an action is an Action or its id string, got {action!r}")
        if self.is_over:
            raise IllegalAction(f"{action_id!r}: the game is over; nothing more can be played")
        if self.is_chance:
            ids = [i for i, _ in self._weights()]
            if action_id not in ids:
                raise IllegalAction(
                    f"{action_id!r} is not a possible outcome of the pending chance event; "
                    f"possible: {_preview(ids)}")
            self._redo.clear()
            self._commit(action_id, None, sampled=False)
            return
        ids, legal = self._legal()
        if action_id not in legal:
            why = self.rules.explain_illegal(self.state, action_id)
            who = self.player_name(self.current_player)
            raise IllegalAction(
                f"{action_id!r} is not legal now" + (f": {why}" if why else "")
                + f". {who} can play: {_preview(ids)}")
        self._redo.clear()
        self._commit(action_id, self.current_player, sampled=False)

    def step(self) -> Action:
        """Sample the pending chance event from the game's seeded RNG and apply it."""
        if not self.is_chance:
            raise IllegalAction("no chance event is pending: "
                                + ("the game is over" if self.is_over else
                                   f"{self.player_name(self.current_player)} must decide"))
        outcome = self._draw()
        label = self.rules.label(self.state, outcome)
        self._redo.clear()
        self._commit(outcome, None, sampled=True)
        return Action(outcome, label, None)

    def advance(self) -> None:
        """Resolve chance events until a player must decide or the game ends."""
        while self.is_chance:
            self.step()

    def undo(self) -> Step:
        """Take back the last history entry (action or chance outcome); it can be redone."""
        if not self._history:
            raise IllegalAction("nothing to undo: the history is empty")
        last = self._history[-1]
        redo = self._redo
        self._replay(self._history[:-1])
        self._redo = redo + [last]
        return last

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
        """An independent copy (state, RNG position, history) for what-if branches."""
        other = copy.copy(self)
        other.state = copy.deepcopy(self.state)
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
        """Readable events, e.g. ``"Anna pays 3 potions to clear the thicket at c3"``."""
        return list(self.state.log)

    def scores(self) -> list[int]:
        """Final scores once the game is over; before that, the score if it ended now."""
        return self.rules.scores(self.state)

    def score_breakdown(self, seat: int) -> list[tuple[str, int]]:
        """The rulebook's scoring lines for ``seat`` as (line, points) pairs."""
        self._check_seat(seat)
        return self.rules.score_breakdown(self.state, seat)

    def winners(self) -> list[int]:
        return self.rules.winners(self.state)

    def view(self, seat: int | None = None) -> dict:
        """A JSON-able render model; hides what ``seat`` cannot see (None: a spectator)."""
        if seat is not None:
            self._check_seat(seat)
        return self.rules.view(self.state, seat)

    def player_name(self, seat: int | None) -> str:
        if seat is None:
            return "chance"
        return self.state.names[seat]

    def _check_seat(self, seat) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be an int 0..{self.players - 1}, got {seat!r}")

    # ------------------------------------------------------------------ saves
    def to_json(self) -> str:
        """A JSON replay: game key, players, options, seed and history (never pickle)."""
        return json.dumps({
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.key,
            "players": self.players, "seed": self.seed, "options": self.options,
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


def _preview(ids: list[str], n: int = 8) -> str:
    if not ids:
        return "nothing"
    shown = ", ".join(repr(i) for i in ids[:n])
    return shown + (f" … ({len(ids)} in all)" if len(ids) > n else "")


def new_game(key: str, players: int = 2, seed: int = 0, options: dict | None = None) -> Game:
    """Start a game: ``new_game("deepwood", players=3, seed=7)``."""
    return Game(key, players, seed, options)


def load(save: str | bytes) -> Game:
    """Rebuild a game from :meth:`Game.to_json` by replaying and validating its history.

    Raises :class:`SaveError` (a ``ValueError``) for anything that is not a valid save:
    oversized input, bad JSON, wrong types, unknown game, or an entry that is illegal at its
    point in the history. Never returns a half-loaded game.
    """
    if isinstance(save, bytes):
        try:
            save = save.decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"a save is UTF-8 JSON text: {e}") from None
    if not isinstance(save, str):
        raise SaveError(f"a save is a JSON string, got {type(save).__name__}")
    if len(save) > MAX_SAVE_BYTES:
        raise SaveError(f"save is {len(save):,} bytes; the limit is {MAX_SAVE_BYTES:,}")
    try:
        data = json.loads(save)
    except json.JSONDecodeError as e:
        raise SaveError(f"a save must be JSON: {e}") from None
    if not isinstance(data, dict):
        raise SaveError("a save is a JSON object")
    if data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
        raise SaveError(f"not a {SAVE_FORMAT} version {SAVE_VERSION} save "
                        f"(format={data.get('format')!r}, version={data.get('version')!r})")
    expected = {"format", "version", "game", "players", "seed", "options", "history"}
    if set(data) != expected:
        raise SaveError(f"save keys must be {sorted(expected)}, got {sorted(data)}")
    for name, typ in (("game", str), ("players", int), ("seed", int), ("options", dict),
                      ("history", list)):
        if not isinstance(data[name], typ) or isinstance(data[name], bool):
            raise SaveError(f"save field {name!r} must be a {typ.__name__}, "
                            f"got {type(data[name]).__name__}")
    if len(data["history"]) > MAX_HISTORY:
        raise SaveError(f"history has {len(data['history']):,} entries; limit {MAX_HISTORY:,}")
    try:
        game = Game(data["game"], data["players"], data["seed"], data["options"])
    except ValueError as e:
        raise SaveError(f"cannot start the saved game: {e}") from None
    for n, entry in enumerate(data["history"]):
        if (not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[0], str)
                or not (entry[1] is None or (isinstance(entry[1], int)
                                             and not isinstance(entry[1], bool)))
                or entry[2] not in (0, 1)):
            raise SaveError(f"history entry {n} must be [id, seat-or-null, 0|1], got {entry!r}")
        action_id, player, sampled = entry
        if player != game.current_player:
            who = (game.player_name(player) if player is not None and 0 <= player < game.players
                   else f"seat {player}")
            raise SaveError(f"history entry {n} ({action_id!r}) is recorded for {who} but at "
                            f"that point it is {game.player_name(game.current_player)}'s move")
        if sampled:
            if not game.is_chance:
                raise SaveError(f"history entry {n} ({action_id!r}) is marked as sampled "
                                f"but no chance event is pending there")
            drawn = game._draw()
            if drawn != action_id:
                raise SaveError(f"history entry {n}: the seeded RNG draws {drawn!r} here, the "
                                f"save says {action_id!r} (edited save or another version)")
            game._commit(action_id, None, sampled=True)
            continue
        try:
            game.apply(action_id)
        except IllegalAction as e:
            raise SaveError(f"history entry {n} is illegal at its point in the game: "
                            f"{e.reason}") from None
    game._redo = []
    return game
