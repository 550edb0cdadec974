"""Seeded mutations of saves and action ids, shared by the hardening tests and the bench.

Mutations work at two levels: on the text (bit flips, cuts, splices, duplicated runs) and on
the parsed JSON (a value replaced by one of another type, keys dropped or added, history
entries swapped, cut, repeated or renamed), so both the parser and the replay are reached.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

from deepwood_kernel import Action

ODD_VALUES = [None, True, False, 0, -1, 1.5, 2 ** 70, "9" * 30, "", "x", [], {}, [None],
              {"a": 1}, "/dev/zero", "../../etc/passwd", float("nan"), 10 ** 400]


def _text_mutation(s: str, rnd: random.Random) -> str:
    i, j = sorted(rnd.randrange(len(s) + 1) for _ in range(2))
    kind = rnd.randrange(8)
    if kind == 6:                                        # a number of another kind
        spans = [m.span() for m in re.finditer(r"-?\d+", s)]
        a, b = rnd.choice(spans) if spans else (i, i)
        return s[:a] + rnd.choice(["1.0", "true", "9" * 5000, "1e400", "-0", "NaN"]) + s[b:]
    if kind == 7:                                        # a duplicate key
        return "{" + rnd.choice(['"history":[],', '"seed":1,', '"game":"clank",']) + s[1:]
    if kind == 0:                                        # flip one character
        i = min(i, len(s) - 1)
        return s[:i] + chr(rnd.randrange(32, 127)) + s[i + 1:]
    if kind == 1:                                        # cut a run
        return s[:i] + s[j:]
    if kind == 2:                                        # repeat a run
        return s[:j] + s[i:j] + s[j:]
    if kind == 3:                                        # splice a token in
        return s[:i] + rnd.choice(['[', ']', '{', '}', ',', '"', ':', '0', '-', '1e9',
                                   'null', 'true', '"x"', '9' * 40]) + s[i:]
    if kind == 4:                                        # truncate
        return s[:i]
    return s[:i] + "[" * rnd.choice([3, 60, 3000]) + s[i:]  # nest


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for k, v in enumerate(node):
            yield from _paths(v, path + (k,))


def _json_mutation(data: dict, rnd: random.Random) -> str:
    data = json.loads(json.dumps(data))
    paths = [p for p in _paths(data) if p]
    path = rnd.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    kind = rnd.randrange(6)
    hist = data.get("history")
    if kind == 0:
        parent[last] = rnd.choice(ODD_VALUES)
    elif kind == 1 and isinstance(parent, dict):
        del parent[last]
    elif kind == 1:
        parent.pop(last)
    elif kind == 2 and isinstance(parent, dict):
        parent[rnd.choice(["extra", "content", "path", "__class__"])] = rnd.choice(ODD_VALUES)
    elif kind == 3 and isinstance(hist, list) and len(hist) > 2:
        a, b = rnd.randrange(len(hist)), rnd.randrange(len(hist))
        hist[a], hist[b] = hist[b], hist[a]
    elif kind == 4 and isinstance(hist, list) and hist:
        entry = rnd.choice(hist)
        if isinstance(entry, list) and entry and isinstance(entry[0], str):
            entry[0] = rnd.choice([entry[0] + "0", entry[0][:-1], entry[0].upper(),
                                   entry[0] + " " + "9" * rnd.randrange(1, 500), "?" + entry[0]])
    elif isinstance(hist, list):
        n = rnd.randrange(len(hist) + 1)
        data["history"] = hist[:n] + hist[n - 1:n] * rnd.randrange(1, 4) + hist[n:]
    try:
        return json.dumps(data, allow_nan=True)
    except (ValueError, OverflowError):
        return json.dumps({"format": "deepwood-save"})


def mutated_saves(save: str, n: int, seed: int = 0) -> Iterator[str]:
    """``n`` seeded mutants of ``save`` (half text-level, half JSON-level)."""
    rnd = random.Random(seed)
    data = json.loads(save)
    for k in range(n):
        yield _text_mutation(save, rnd) if k % 2 else _json_mutation(data, rnd)


def mutated_ids(ids: list[str], n: int, seed: int = 0) -> Iterator[object]:
    """``n`` seeded near-misses of legal action ids, plus odd non-string inputs."""
    rnd = random.Random(seed)
    for _ in range(n):
        base = rnd.choice(ids) if ids else "x"
        kind = rnd.randrange(8)
        if kind == 0:
            yield base + " " + "9" * rnd.choice([1, 20, 400, 4400])
        elif kind == 1:
            yield base.replace(" ", "  ") if " " in base else base + " "
        elif kind == 2:
            yield " ".join(base.split()[:1] + ["-1" if rnd.random() < .5 else "1e9"])
        elif kind == 3:
            yield rnd.choice(ODD_VALUES)
        elif kind == 4:
            yield "?" + base
        elif kind == 5:
            yield base.upper()
        elif kind == 6:
            yield base[:rnd.randrange(len(base) + 1)]
        else:
            yield base + "\x00" + base


class _Raising:
    """An object every dunder of which raises: ``repr``, ``str``, ``==``, ``hash``, ``<``,
    ``index``, ``len``. Nothing of it may escape ``apply`` but IllegalAction."""

    def _boom(self, *a, **k):
        raise RuntimeError("a hostile object")
    __repr__ = __str__ = __eq__ = __ne__ = __hash__ = __lt__ = __index__ = __len__ = _boom
    __int__ = __bool__ = _boom


class _RaisingStr(str):
    """A str whose repr, hash and equality raise (the issue's id whose ``repr`` raises)."""

    def _boom(self, *a, **k):
        raise RuntimeError("a hostile str")
    __repr__ = __hash__ = __eq__ = __ne__ = __str__ = __format__ = _boom


class _RaisingInt(int):
    def _boom(self, *a, **k):
        raise RuntimeError("a hostile int")
    __repr__ = __eq__ = __ne__ = __hash__ = __lt__ = __le__ = __gt__ = __ge__ = _boom
    __index__ = __str__ = _boom


def hostile_actions(ids: list[str], mover, players: int) -> Iterator[object]:
    """Issue 23 §5: actions that are wrong by their seat or by the type of what they hold:
    seats out of range (5, -1, players, 2**200, 10**400), bools, floats, strings, objects
    whose ``repr``/``==``/``hash``/``str`` raise, ids that are hostile str subclasses. A
    legal id with a wrong seat is refused too; a legal id as a hostile ``str`` subclass is
    a legal id (its text is what counts) and may be applied."""
    base = ids[0] if ids else "end"
    for seat in (5, -1, players, 2 ** 200, 10 ** 400, True, False, 1.0, "0", None if mover
                 is not None else 0, _Raising(), _RaisingInt(0), [0], object()):
        yield Action(base, None, seat)
        yield Action("end", None, seat)
    for bad_id in (_Raising(), _RaisingStr("zz not an id"), 10 ** 400, b"end", None, True,
                   [base], (base,), Action):
        yield bad_id
        yield Action(bad_id, None, mover)
    yield _RaisingStr(base)                       # the legal text: applied, or refused
    yield Action(_RaisingStr(base), None, mover)
