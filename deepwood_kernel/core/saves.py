"""Saves as replays: the save format, its checks before parsing, the parse, the content a save
needs and the replay of its history, entry by entry.

A save is data, never an instruction (see :meth:`Game.to_json` and :func:`load` in
:mod:`.game`, which use these): it never names a file, every bad save is a
:class:`SaveError`, and a history is replayed step by step, each entry checked at its point
(the mover, legality, a sampled entry against the seeded RNG), so no half-loaded game is
ever returned.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import (ContentError, ContentFile, IllegalAction, SaveError, _short,
                     read_user_content)

SAVE_FORMAT = "deepwood-save"
SAVE_VERSION = 2
MAX_SAVE_BYTES = 4_000_000   # a long game is ~100 kB; anything near this is not a save
MAX_SAVE_DEPTH = 4           # save object > history > entry (> a content record)
MAX_NUMBER_DIGITS = 20       # a seed fits in 64 bits
MAX_SAVE_STRING = 1000       # ids are at most 200, a content file name 255: a save's strings are short
MAX_ID_CHARS = 200           # no game's action id is longer; a longer one is not an action
_SHA256 = re.compile(r"[0-9a-f]{64}")


def _reject_constant(name: str):
    raise SaveError(f"a save holds no {name}")


def _reject_float(text: str):
    raise SaveError(f"a save holds whole numbers only, got {text[:30]!r}")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise SaveError(f"a number of {len(text):,} digits; a save's numbers have at most "
                        f"{MAX_NUMBER_DIGITS}")
    return int(text)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise SaveError(f"the key {_short(k, 40)} appears twice in one object")
        out[k] = v
    return out


# One JSON string, unrolled so that no character is tried twice: an unterminated string
# runs to the end of the text (the closing quote is optional), so a scan that starts at
# every quote of ``"\\"\\"\\"…`` cannot happen: the scan is linear in the text.
_JSON_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.S)
# Everything but the brackets outside strings, in one pass.
_NOT_BRACKET = re.compile(_JSON_STRING.pattern + r'|[^"\[\]{}]++', re.S)
_LONG_STRING = re.compile(r'"(?:[^"\\]|\\.){%d}' % (MAX_SAVE_STRING + 1), re.S)


def _check_nesting(text: str) -> None:
    """Refuse, before parsing, strings longer than ``MAX_SAVE_STRING`` characters,
    brackets nested deeper than ``MAX_SAVE_DEPTH`` (strings aside) and brackets that do not
    match, so no save reaches the recursive parser deep or makes it build a huge string.

    Cost on any text up to ``MAX_SAVE_BYTES``: linear time (a handful of passes, none of
    which goes back) and memory of at most about twice the text (the brackets outside strings,
    copied at most a few times, each copy no longer than the text); the regular expressions
    use possessive repeats, so they keep no backtracking stack however long a string is.

    >>> _check_nesting('{"a": [[1], "]]"]}')
    >>> _check_nesting('[[[[[1]]]]]')
    Traceback (most recent call last):
    ...
    deepwood_kernel.core.errors.SaveError: a save nests at most 4 levels of brackets deep
    """
    # Fast path: a quote followed by more than MAX_SAVE_STRING string characters. Each
    # try stops at the next quote or after MAX_SAVE_STRING + 1 characters, so the search is
    # linear; it may also start at a closing quote, so a hit is confirmed string by string.
    longest = 0
    if _LONG_STRING.search(text):
        longest = max((m.end() - m.start() for m in _JSON_STRING.finditer(text)), default=0)
    if longest - 2 > MAX_SAVE_STRING:
        raise SaveError(f"a save holds a string of {longest - 2:,} characters; no string "
                        f"in a save is longer than {MAX_SAVE_STRING:,}")
    brackets = _NOT_BRACKET.sub("", text)
    for _ in range(MAX_SAVE_DEPTH):
        brackets = brackets.replace("[]", "").replace("{}", "")
    if not brackets:
        return
    if brackets.replace("[]", "").replace("{}", "") != brackets:
        raise SaveError(f"a save nests at most {MAX_SAVE_DEPTH} levels of brackets deep")
    raise SaveError("a save must be JSON: its brackets do not match")


def _parse_save(save: str | bytes) -> dict:
    if isinstance(save, (bytes, bytearray)):
        if len(save) > MAX_SAVE_BYTES:
            raise SaveError(f"save is {len(save):,} bytes; the limit is {MAX_SAVE_BYTES:,}")
        try:
            save = bytes(save).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"a save is UTF-8 JSON text: {e}") from None
    if not isinstance(save, str):
        raise SaveError(f"a save is a JSON string, got {type(save).__name__}")
    if len(save) > MAX_SAVE_BYTES:
        raise SaveError(f"save is {len(save):,} characters; the limit is {MAX_SAVE_BYTES:,}")
    _check_nesting(save)
    try:
        data = json.loads(save, object_pairs_hook=_unique_keys, parse_int=_parse_int,
                          parse_float=_reject_float, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise SaveError(f"a save must be JSON: {e}") from None
    except RecursionError:            # unreachable after the nesting check; kept as a net
        raise SaveError("a save nests too deeply") from None
    if not isinstance(data, dict):
        raise SaveError("a save is a JSON object")
    if data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
        raise SaveError(f"not a {SAVE_FORMAT} version {SAVE_VERSION} save "
                        f"(format={_short(data.get('format'), 40)}, "
                        f"version={_short(data.get('version'), 40)})")
    expected = {"format", "version", "game", "players", "seed", "options", "content",
                "history"}
    if set(data) != expected:
        extra, missing = sorted(set(data) - expected), sorted(expected - set(data))
        raise SaveError("save keys must be exactly " + ", ".join(sorted(expected))
                        + (f"; unknown: {_short(extra, 80)}" if extra else "")
                        + (f"; missing: {', '.join(missing)}" if missing else ""))
    for name, typ in (("game", str), ("players", int), ("seed", int), ("options", dict),
                      ("history", list)):
        if type(data[name]) is not typ:
            raise SaveError(f"save field {name!r} must be a {typ.__name__}, "
                            f"got {type(data[name]).__name__}")
    c = data["content"]
    if c is not None and not (type(c) is dict and set(c) == {"name", "sha256"}
                              and type(c["name"]) is str and 0 < len(c["name"]) <= 255
                              and type(c["sha256"]) is str and _SHA256.fullmatch(c["sha256"])):
        raise SaveError("save field 'content' is null or {\"name\": file name, \"sha256\": "
                        "64 hex digits}")
    return data


def _content_for(data: dict, content) -> ContentFile | None:
    """The content a save needs: built in (null) or the user's file, checked by SHA-256."""
    want = data["content"]
    if want is None:
        if content is not None:
            raise SaveError("this save was played with the built-in content; load it "
                            "without content=")
        return None
    hint = (f"this save was played with the content file {want['name']!r} (SHA-256 "
            f"{want['sha256'][:12]}…); pass that file: dk.load(save, content=PATH)")
    if content is None:
        raise SaveError(hint)
    try:
        cf = content if isinstance(content, ContentFile) else read_user_content(content)
    except ContentError as e:
        raise SaveError(f"the content file cannot be read: {e}") from None
    if cf.sha256 != want["sha256"]:
        raise SaveError(f"the content file given is not the one the save needs "
                        f"(SHA-256 {cf.sha256[:12]}…): {hint}")
    return cf


def replay_history(game, history: list) -> None:
    """Replay a save's ``history`` on ``game`` (a fresh :class:`~.game.Game`), checking
    every entry at its point: its shape, the mover it records, legality, and for a sampled
    entry that the seeded RNG draws it. Raises :class:`SaveError` naming the entry.
    """
    for n, entry in enumerate(history):
        if (type(entry) is not list or len(entry) != 3 or type(entry[0]) is not str
                or len(entry[0]) > MAX_ID_CHARS
                or not (entry[1] is None or type(entry[1]) is int)
                or type(entry[2]) is not int or entry[2] not in (0, 1)):
            raise SaveError(f"history entry {n} must be [id, seat-or-null, 0|1], "
                            f"got {_short(entry)}")
        action_id, player, sampled = entry
        if player != game.current_player:
            who = (game.player_name(player) if player is not None and 0 <= player < game.players
                   else "chance" if player is None else f"seat {player}")
            now = ("nobody (the game is over)" if game.is_over
                   else game.player_name(game.current_player))
            raise SaveError(f"history entry {n} ({_short(action_id, 40)}) is recorded for "
                            f"{who} but at that point it is {now}'s move")
        try:
            if sampled:
                if not game.is_chance:
                    raise SaveError(f"history entry {n} ({_short(action_id, 40)}) is marked "
                                    "as sampled but no chance event is pending there")
                drawn = game._draw()
                if drawn != action_id:
                    raise SaveError(f"history entry {n}: the seeded RNG draws {drawn!r} here, "
                                    f"the save says {_short(action_id, 40)} (edited save or "
                                    "another version)")
                game._commit(action_id, None, sampled=True)
            else:
                game.apply(action_id)
        except IllegalAction as e:
            raise SaveError(f"history entry {n} is illegal at its point in the game: "
                            f"{e.reason}") from None
        except SaveError:
            raise
        except Exception as e:        # a rules bug met by a strange but legal history
            raise SaveError(f"history entry {n} ({_short(action_id, 40)}) could not be "
                            f"replayed: {type(e).__name__}: {e}") from None
