"""Argument checks shared by the probability modules (clear ValueErrors)."""

from __future__ import annotations

from numbers import Integral
from typing import Any


def check_int(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    """Return ``value`` as an int, or raise ValueError naming the allowed range.

    >>> check_int("dice", 3, 1, 12)
    3
    >>> check_int("dice", 0, 1, 12)
    Traceback (most recent call last):
    ...
    ValueError: dice must be 1..12, got 0
    """
    if lo is not None and hi is not None:
        allowed = f"{lo}..{hi}"
    elif lo is not None:
        allowed = f">= {lo}"
    elif hi is not None:
        allowed = f"<= {hi}"
    else:
        allowed = "a whole number"
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{name} must be a whole number ({allowed}), got {value!r}")
    value = int(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{name} must be {allowed}, got {value}")
    return value


def check_counts(counts: Any, what: str = "counts") -> dict[str, int]:
    """Validate a ``{kind: count}`` mapping of non-negative ints with a positive total.

    >>> check_counts({"black": 2, "red": 1})
    {'black': 2, 'red': 1}
    """
    if not hasattr(counts, "items"):
        raise ValueError(
            f"{what} must be a dict like {{'black': 24, 'red': 4}}, got {type(counts).__name__}"
        )
    checked: dict[str, int] = {}
    for kind, n in counts.items():
        checked[kind] = check_int(f"{what}[{kind!r}]", n, 0)
    if sum(checked.values()) == 0:
        raise ValueError(f"{what} must contain at least one item, got {dict(counts)!r}")
    try:
        sorted(checked)
    except TypeError:
        raise ValueError(
            f"{what} keys must be mutually sortable (e.g. all strings), got {list(checked)!r}"
        ) from None
    return checked


def check_marked(deck, marked) -> tuple[dict[str, int], set[str]]:
    """Validate a deck and the marked kind(s) of a refill question; returns (deck, kinds)."""
    deck = check_counts(deck, "deck")
    kinds = {marked} if isinstance(marked, str) else set(marked)
    if not kinds:
        raise ValueError("marked must name at least one card kind, got none")
    for kind in kinds:
        if kind not in deck:
            raise ValueError(f"card kind {kind!r} is not in the deck; kinds are {sorted(deck)!r}")
    return deck, kinds
