"""Typed errors of the engine contract (python-chess style: one small class per failure)."""

from __future__ import annotations


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
