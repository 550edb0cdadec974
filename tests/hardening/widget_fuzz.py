"""Seeded hostile input for the board widgets (issue 23 §5), shared by the hardening tests.

``fuzz_messages`` sends random requests to a board's ``receive`` (the path of every browser
message): known and unknown types, fields of every odd type (``fuzz.ODD_VALUES``), right,
stale and forged plies, legal and illegal ids. ``fuzz_traits`` writes random values to the
board's traits, from Python (validated) and from the browser (``set_state``: refused).

Each returns ``(tried, refused, escaped)``: an escape is an exception out of ``receive`` /
``set_state``, a refusal (``message`` set) that changed the game, a refusal that is not a
short clear sentence, an ``act`` applied without the ply it was clicked on, or the bots
left ``busy`` with no step coming.
"""

from __future__ import annotations

import random
import time

import traitlets

from widgets.shell import MESSAGE_CHARS

from .fuzz import ODD_VALUES

TYPES = ["act", "undo", "redo", "step", "advance", "force", "new", "bots", "seat",
         "auto_chance", "speed", "skip", "teleport", "", None, 7]
FIELDS = ["id", "ply", "players", "seed", "bots", "seat", "value", "delay", "type"]
HOSTILE = ODD_VALUES + [10 ** 400, -10 ** 400, float("inf"), -0.0, 1e308, 2 ** 64,
                        "<img src=x onerror=alert(1)>", "x" * 5000, [0, 1, 1, 9], [-1]]


def _message(w, rnd: random.Random):
    g = w.game
    ply = len(g.history)
    kind = rnd.random()
    if kind < 0.35 and (w.legal or w.chance):          # a real click, right ply
        pool = [a["id"] for a in w.legal] or [c["id"] for c in w.chance]
        return {"type": "act" if w.legal else "force", "id": rnd.choice(pool),
                "ply": rnd.choice([ply, ply, ply - 1, None])}
    if kind < 0.45:
        return rnd.choice(HOSTILE)                      # not even a dict
    if kind < 0.55:                                     # a settings request, odd values
        field = rnd.choice([("speed", "delay"), ("seat", "seat"), ("bots", "bots"),
                            ("auto_chance", "value"), ("new", "seed"), ("new", "players")])
        return {"type": field[0], field[1]: rnd.choice(HOSTILE)}
    msg = {"type": rnd.choice(TYPES)}
    for f in rnd.sample(FIELDS, rnd.randrange(len(FIELDS))):
        msg[f] = rnd.choice(HOSTILE + [ply, ply + 1, 0, 1, 2, 0.5])
    return msg


def _clear(message) -> bool:
    return isinstance(message, str) and 0 < len(message) <= MESSAGE_CHARS


def fuzz_messages(make, seed: int, seconds: float = 2.0, limit: int = 600):
    """``make()`` builds a fresh board (bot_delay 0). Returns (tried, refused, escaped)."""
    rnd = random.Random(seed)
    w = make()
    tried = refused = escaped = 0
    end = time.monotonic() + seconds
    while tried < limit and time.monotonic() < end:
        if w.game.is_over or rnd.random() < 0.01:
            w.close()
            w = make()
        msg = _message(w, rnd)
        tried += 1
        with w._lock:                  # a bot step on its timer waits until we have looked
            game, fp, ply = w.game, w.game.fingerprint(), len(w.game.history)
            try:
                w.receive(msg)
            except Exception:                           # noqa: BLE001 (an escape, counted)
                escaped += 1
                continue
            if w.message:
                refused += 1
                if w.game is not game or game.fingerprint() != fp or not _clear(w.message):
                    escaped += 1
            elif (isinstance(msg, dict) and msg.get("type") == "act"
                    and msg.get("ply") != ply):
                escaped += 1                            # applied without its own ply
            if w.busy and w._timer is None:             # busy with no step coming: stuck
                escaped += 1
    w.close()
    return tried, refused, escaped


# values a Python caller may try on the settable traits
TRAIT_VALUES = HOSTILE + [0, 1, 2, 5, 0.1, None, [], [0], [1], [0, 1], True, False]
SETTABLE = ["seat", "bots", "auto_chance", "bot_delay"]
CLEAR = (traitlets.TraitError, ValueError, TypeError)


def fuzz_traits(make, seed: int, seconds: float = 2.0, limit: int = 400):
    """Random values to traits: from Python, a refusal is a ``TraitError``/``ValueError``/
    ``TypeError`` that leaves the game and the trait as they were; from the browser
    (``set_state``), every change is refused and nothing changes. Returns (tried, refused,
    escaped)."""
    rnd = random.Random(seed)
    w = make()
    names = [k for k in w.keys if not k.startswith("_")]
    tried = refused = escaped = 0
    end = time.monotonic() + seconds
    while tried < limit and time.monotonic() < end:
        if w.game.is_over or rnd.random() < 0.02:
            w.close()
            w = make()
        tried += 1
        w._lock.acquire()              # a bot step on its timer waits until we have looked
        game, fp = w.game, w.game.fingerprint()
        if rnd.random() < 0.5:                          # from Python
            name = rnd.choice(SETTABLE)
            before = getattr(w, name)
            try:
                setattr(w, name, rnd.choice(TRAIT_VALUES))
            except CLEAR as e:
                refused += 1
                if (not str(e) or getattr(w, name) != before or w.game is not game
                        or game.fingerprint() != fp):
                    escaped += 1
            except Exception:                           # noqa: BLE001 (an escape, counted)
                escaped += 1
            if w.busy and w._timer is None:
                escaped += 1
        else:                                           # from the browser
            state = {n: rnd.choice(TRAIT_VALUES + [{}, {"ply": 0}])
                     for n in rnd.sample(names, rnd.randrange(1, 4))}
            snapshot = {n: getattr(w, n) for n in SETTABLE + ["view", "legal", "status"]}
            try:
                w.set_state(state)
            except Exception:                           # noqa: BLE001 (an escape, counted)
                escaped += 1
            else:
                refused += 1
                if (not _clear(w.message) or w.game is not game or game.fingerprint() != fp
                        or any(getattr(w, n) != v for n, v in snapshot.items())):
                    escaped += 1
        w._lock.release()
    w.close()
    return tried, refused, escaped
