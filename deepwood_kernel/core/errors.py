"""Typed errors of the engine contract (python-chess style: one small class per failure)."""

from __future__ import annotations

import tomllib
from pathlib import Path


class DeepwoodError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(DeepwoodError, ValueError):
    """An action that the rules do not allow now; the game is left exactly as it was.

    ``reason`` says what was wrong and, where it helps, what is allowed instead.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SaveError(DeepwoodError, ValueError):
    """A save that cannot be loaded: not JSON, wrong shape, unknown game or an illegal entry."""


class ContentError(DeepwoodError, ValueError):
    """A content file (``content.toml``) that fails validation; names the file, entry and problem."""

    def __init__(self, file: str, entry: str, problem: str):
        super().__init__(f"{file}: [{entry}] {problem}")
        self.file, self.entry, self.problem = file, entry, problem


def read_content_toml(path: Path) -> dict:
    """Parse a content file, turning a missing file or bad TOML into a :class:`ContentError`
    (each game's ``load_content`` then validates the entries)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(str(path), "file", "not found") from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError(str(path), "file", f"not valid TOML: {e}") from None
