"""Seeded mutations of a game's shipped ``content.toml``, and what a mutant must do.

A mutant file either loads and plays (a few seeded bot plies at every player count, a view
and the static HTML) without error, or raises exactly one :class:`ContentError` that names
the file. Anything else (another exception, a ContentError without the file) is an
*escape*.

Every field is reached: the shipped file's paths are grouped by shape (list indices and
the keys of a table of tables become ``*``, so ``card.*.count`` is one field however
many cards there are), and each field gets the value mutations below; on top come the
mutations of whole entries (deleted, duplicated), of whole sections (wrong type, empty)
and of the text (a 5,000-digit integer, arrays nested 2,000 deep).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import re
import tomllib
from collections.abc import Iterator
from importlib import import_module

import deepwood_kernel as dk
from deepwood_kernel.core.errors import ContentError, ContentFile
from deepwood_kernel.sim.bots import RandomBot
from tests.properties import play_steps

#: values put in place of a field's value (None stands for "the field deleted")
VALUES = [None, True, -1, 0, 1, 2, 6, 12, 99, 4000, 2 ** 63, 10 ** 9, 200_000, 1.5, math.inf,
          "", "x" * 5000, "zz",
          '"><img src=x onerror=alert(1)>', "a\x00b\x1b[31m", "\u202eevil", "9" * 30,
          [], [[[[[[1]]]]]], {}, {"x": 1}, ["x"] * 3]


def toml_text(value, top: bool = True) -> str:
    """``value`` (a dict) as TOML text: every table inline, every string a basic string."""
    if top:
        return "".join(f"{json.dumps(k)} = {toml_text(v, False)}\n" for k, v in value.items())
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "inf" if value == math.inf else "-inf" if value == -math.inf else \
            "nan" if value != value else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v, False) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_text(v, False)}"
                           for k, v in value.items()) + "}"


def _shape(data, path) -> tuple:
    """The field a path belongs to: list indices and keys of a table of tables as ``*``."""
    out, node = [], data
    for k in path:
        table_of_tables = isinstance(node, dict) and len(node) > 2 and all(
            isinstance(v, dict) for v in node.values())
        out.append("*" if isinstance(node, list) or table_of_tables else k)
        node = node[k]
    return tuple(out)


def _paths(node, path=()) -> Iterator[tuple]:
    if path:
        yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def fields(data: dict, rnd: random.Random) -> dict[tuple, tuple]:
    """One seeded representative path for every field shape of ``data``."""
    groups: dict[tuple, list[tuple]] = {}
    for p in _paths(data):
        groups.setdefault(_shape(data, p), []).append(p)
    return {shape: rnd.choice(ps) for shape, ps in groups.items()}


def _set(data: dict, path: tuple, value) -> dict:
    data = json.loads(json.dumps(data))
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    if value is None:
        del parent[last]
    else:
        parent[last] = value
    return data


def _duplicate(data: dict, path: tuple) -> dict:
    data = json.loads(json.dumps(data))
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    if isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    else:
        parent[f"{last}_copy"] = json.loads(json.dumps(parent[last]))
    return data


def content_module(key: str):
    """Where a game declares ``ContentSpec``, ``DEFAULT_FILE`` and ``parse_content``: its
    content module, or for Pig, the one-file game, its rules module."""
    try:
        return import_module(f"deepwood_kernel.games.{key}.content")
    except ModuleNotFoundError:
        return import_module(f"deepwood_kernel.games.{key}.rules")


def mutants(key: str, seed: int = 0, per_field: int | None = None
            ) -> Iterator[tuple[str, str | dict]]:
    """(what was done, the mutant file's text or parsed data) for game ``key``;
    ``per_field`` mutations of each field (seeded sample; None: all of them)."""
    text = content_module(key).DEFAULT_FILE.read_text(
        encoding="utf-8")
    data = tomllib.loads(text)
    rnd = random.Random(f"{key}-{seed}")
    for shape, path in sorted(fields(data, rnd).items(), key=lambda kv: repr(kv[0])):
        name = ".".join(map(str, shape))
        values = VALUES if per_field is None else rnd.sample(VALUES, per_field)
        for v in values:
            what = "deleted" if v is None else f"= {v!r}"[:40]
            yield f"{name} {what}", _set(data, path, v)
        if isinstance(path[-1], int) or shape[-1] == "*":
            yield f"{name} duplicated", _duplicate(data, path)
    for section in data:
        yield f"{section} = 5", _set(data, (section,), 5)
        if isinstance(data[section], dict):
            yield f"{section} empty", _set(data, (section,), {})
    numbers = [i for i, line in enumerate(text.splitlines()) if re.match(r"^\w+ = \d", line)]
    lines = text.splitlines()
    i = rnd.choice(numbers)
    head = lines[i].split("= ", 1)[0]
    yield "a 5,000-digit integer", "\n".join(lines[:i] + [head + "= " + "9" * 5000]
                                            + lines[i + 1:])
    yield "arrays nested 2,000 deep", "\n".join(lines[:i] + [head + "= " + "[" * 2000
                                                             + "]" * 2000] + lines[i + 1:])
    yield "not TOML", text[: len(text) // 2] + "\n[[[\n"


def check(key: str, what: str, mutant: str | dict, plies: int = 12) -> tuple[str, str]:
    """``("refused", problem)`` if the mutant raised a ContentError naming the file and a
    field, ``("played", "")`` if it loaded and played; else ``("escaped", what happened)``.

    A mutant given as parsed data is validated as such first (tomllib is slow on the long
    inline tables of a written-out mutant, and most mutants are refused); one that passes
    is written out as TOML and loaded and played like a user's file."""
    name = "mutant.toml"
    if isinstance(mutant, dict):
        try:
            content_module(key).parse_content(mutant, name)
        except ContentError as e:
            if e.file != name or not e.entry or not e.problem:
                return "escaped", f"{what}: ContentError without file/field: {e}"
            return "refused", str(e)
        except Exception as e:                   # noqa: BLE001 - that is what we look for
            return "escaped", f"{what}: {type(e).__name__} on load: {str(e)[:200]}"
        mutant = toml_text(mutant)
    text = mutant
    cf = ContentFile(name, text, hashlib.sha256(text.encode()).hexdigest())
    info = dk.GAMES[key]
    try:
        games = [dk.new_game(key, players=n, seed=n, content=cf)
                 for n in range(info.min_players, info.max_players + 1)]
    except ContentError as e:
        if e.file != name or not e.entry or not e.problem:
            return "escaped", f"{what}: ContentError without file/field: {e}"
        return "refused", str(e)
    except Exception as e:                       # noqa: BLE001 - that is what we look for
        return "escaped", f"{what}: {type(e).__name__} on load: {str(e)[:200]}"
    try:
        for g in games:
            bots = [RandomBot(s) for s in range(g.players)]
            play_steps(g, lambda game: bots[game.current_player].choose(game), plies)
            g.view(0)
            g.rules.render_html(g.state, 0)
    except Exception as e:                       # noqa: BLE001
        return "escaped", f"{what}: {type(e).__name__} in play: {str(e)[:200]}"
    return "played", ""


def run(key: str, seed: int = 0, per_field: int | None = None, plies: int = 12
        ) -> tuple[int, int, list[str]]:
    """(mutants tried, mutants that loaded and played, escapes) for game ``key``."""
    tried, played, escapes = 0, 0, []
    for what, text in mutants(key, seed, per_field):
        tried += 1
        outcome, detail = check(key, what, text, plies)
        played += outcome == "played"
        if outcome == "escaped":
            escapes.append(detail)
    return tried, played, escapes
