"""Updates that carry only what changed (issue 25 §4): the board's traits as patches.

ipywidgets sends a changed trait whole. A Deep Wood undo changes a few places of a 14 KB
``view``, yet sent 15 KB: the kernel serialised it, the server passed it on, the page
parsed it and Backbone compared it, old against new, node by node. :class:`PatchedSync`
sends, for each changed trait, the edits that turn the value the browser holds into the new
one (:func:`diff`), and every other changed trait whole, in one custom message per change::

    {"type": "sync", "base": 7, "rev": 8, "whole": {"answered": 12, ...},
     "patch": {"view": [["=", ["board", "c0"], {...}], ...], ...}}

The browser (``widgets/sync.js``) applies it only on top of revision ``base``; a model
that holds another revision (a message lost, a view opened meanwhile) asks for the whole
state instead (``{"type": "resync"}``), which carries its ``revision``. Every full state
(the comm's opening, ipywidgets' ``request_state``, a resync) therefore says which
revision it is, and is where the next patch starts from.

A patch is built so that applying it gives exactly the JSON of the new value, key order
included: a dict whose keys changed (in name or order) is rebuilt in the new order, and a
leaf is compared with its type (``1`` against ``True``). Equal subtrees are found by Python's
``==``, which also holds between ``1`` and ``True`` and between dicts in another key order:
inside a trait that changed elsewhere, a subtree that changed only so would keep its old
JSON. No board's traits change so; ``tests/widgets/test_sync.py`` replays seeded games of
every board and compares the browser's patched copy with the new JSON, key order included,
after every message. A trait equal by ``==`` as a whole has no edits and goes whole.

>>> diff({"a": 1, "b": [1, 2, 3]}, {"a": 1, "b": [1, 5, 3]})
[['=', ['b', 1], 5]]
>>> diff([1, 2, 3, 4], [1, 9, 4])
[['l', [], [0, [9], 3]]]
>>> diff({"cards": {"a": 1, "b": 2}}, {"cards": {"b": 2, "c": 3}})
[['d', ['cards'], ['b', 'c'], {'c': 3}]]
>>> diff({"a": 1, "b": 2}, {"b": 2, "a": 1}) is None     # no edit found: send it whole
True
"""

from __future__ import annotations

from typing import Any

#: the traits sent as patches (the big, nested ones); the rest change whole
PATCHED = ("view", "legal", "chance", "advice", "status", "score", "event_log")
#: more edits than this and the trait goes whole: the patch would be no smaller
MAX_EDITS = 80


class _TooMany(Exception):
    pass


def diff(old: Any, new: Any, limit: int = MAX_EDITS) -> list | None:
    """The edits that turn JSON value ``old`` into ``new``, or None to send ``new`` whole
    (no edit found, or more than ``limit``).

    Edits, each at a path (the keys and indices from the root):

    * ``["=", path, value]`` sets a value;
    * ``["d", path, keys, added]`` rebuilds a dict whose keys came, went or moved: ``keys``
      in their new order, each value kept from the old dict unless in ``added``;
    * ``["l", path, items]`` rebuilds a list from ``items``: an index keeps that item of
      the old list, ``[value]`` is a new one. Items are matched by their ``id`` (dicts) or
      by value (strings, numbers), so a list that lost or gained an entry, or a log that
      slid by a line, sends only what is new.

    Edits after a ``d`` or ``l`` address the rebuilt container (new keys and positions).
    """
    if _same(old, new):
        return None
    edits: list = []
    try:
        _diff(old, new, [], edits, limit)
    except _TooMany:
        return None
    if not edits or edits[0][0] == "=" and edits[0][1] == []:
        return None
    return edits


def _diff(old, new, path, edits, limit) -> None:
    # Called only on values that differ (``_same`` before every call): equal subtrees are
    # skipped by Python's ``==`` (C speed), once each; a refresh builds new objects, so
    # ``is`` rarely holds, and walking every equal node in Python would cost more than the
    # whole message did.
    to = type(old)
    if to is dict and type(new) is dict:
        if list(old) != list(new):
            edits.append(["d", path, list(new), {k: v for k, v in new.items() if k not in old}])
        for k, v in new.items():
            if k in old and not _same(old[k], v):
                _diff(old[k], v, path + [k], edits, limit)
    elif to is list and type(new) is list:
        if len(old) == len(new) and not _slid(old, new):
            for i, (a, b) in enumerate(zip(old, new)):
                if not _same(a, b):
                    _diff(a, b, path + [i], edits, limit)
        else:
            _relist(old, new, path, edits, limit)
    else:
        edits.append(["=", path, new])
    if len(edits) > limit:
        raise _TooMany


def _same(a, b) -> bool:
    """Equal as JSON, a leaf compared with its type too (``1`` is not ``True``). Made before
    each ``_diff`` call: most items of a changed list or dict are equal."""
    return type(a) is type(b) and a == b


def _key(x) -> tuple | None:
    """What matches a list item with an old one: a dict's ``id``, a scalar's value."""
    t = type(x)
    if t is dict:
        i = x.get("id")
        return ("id", type(i), i) if type(i) in (str, int) else None
    if t in (str, int, float, bool) or x is None:
        return (t, x)
    return None


def _slid(old: list, new: list) -> bool:
    """Did more than a quarter of the places of a list whose items can be matched change
    (a log that slid by a line changes every place)? Then match the items, not places."""
    changed = sum(1 for a, b in zip(old, new) if type(a) is not type(b) or a != b)
    return changed > max(2, len(new) // 4) and all(_key(x) is not None for x in new)


def _relist(old: list, new: list, path, edits, limit) -> None:
    """An ``l`` edit (and the edits inside kept items), or the list whole if most of it
    is new."""
    where: dict = {}
    for i, a in enumerate(old):
        k = _key(a)
        if k is not None:
            where.setdefault(k, []).append(i)
    items: list = []
    kept: list = []
    for j, b in enumerate(new):
        olds = where.get(_key(b))
        if olds:
            i = olds.pop(0)
            items.append(i)
            kept.append((i, j))
        else:
            items.append([b])
    if 2 * len(kept) < len(new):
        edits.append(["=", path, new])
        return
    edits.append(["l", path, items])
    for i, j in kept:
        if not _same(old[i], new[j]):
            _diff(old[i], new[j], path + [j], edits, limit)


class PatchedSync:
    """The mixin that sends a board's changed traits as one ``sync`` message of patches.

    ``_sent`` is what every front end in step holds at revision ``_revision``; a whole
    state (``get_state()`` without keys: the comm's opening or a ``request_state``) resets
    it. Changes made while the widget has no comm reach no browser and patch nothing.
    """

    _revision = 0
    _sent: dict | None = None

    def get_state(self, key=None, drop_defaults=False):
        state = super().get_state(key, drop_defaults)
        if key is None:
            # a whole state: the next patch starts from it (and says so by its revision)
            with self._lock:
                state["revision"] = self._revision
                self._sent = {k: getattr(self, k) for k in PATCHED}
        return state

    def send_state(self, key=None) -> None:
        if key is None or self.comm is None or self._sent is None:
            return super().send_state(key)
        keys = [key] if isinstance(key, str) else list(key)
        if not keys:
            return None
        with self._lock:
            whole, patch = {}, {}
            for k, v in super().get_state(keys).items():
                edits = diff(self._sent[k], v) if k in self._sent else None
                if edits is None:
                    whole[k] = v
                else:
                    patch[k] = edits
                if k in self._sent:
                    self._sent[k] = v
            self._revision += 1
            self.send({"type": "sync", "base": self._revision - 1, "rev": self._revision,
                       "whole": whole, "patch": patch})
        return None

    def resync(self) -> None:
        """Send the whole state again (a browser's ``{"type": "resync"}``: its model is at
        another revision than the next patch's base)."""
        with self._lock:
            super().send_state()
