"""Typed errors of the engine contract (python-chess style: one small class per failure)."""

from __future__ import annotations

import hashlib
import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_CONTENT_BYTES = 1_000_000   # the designed content files are 5-80 kB


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


def _short(value: Any, n: int = 60) -> str:
    """``repr`` cut to ``n`` characters, so a huge input never becomes a huge message; an
    object whose ``repr`` raises (or is not a str) is named by its type instead."""
    try:
        text = repr(value)
        if type(text) is not str:
            raise TypeError
    except Exception:
        try:
            text = f"<a {type(value).__name__} that cannot be shown>"
        except Exception:
            text = "<an object that cannot be shown>"
    return text if len(text) <= n else text[:n - 12] + f"… ({len(text):,} chars)"


class ContentError(DeepwoodError, ValueError):
    """A content file (``content.toml``) that fails validation; names the file, entry and problem."""

    def __init__(self, file: str, entry: str, problem: str):
        super().__init__(f"{file}: [{entry}] {problem}")
        self.file, self.entry, self.problem = file, entry, problem


def parse_content_toml(text: str, file: str) -> dict:
    """Parse a content file's text; every failure is a :class:`ContentError` (each game's
    ``parse_content`` then validates the entries against its schema).

    >>> parse_content_toml("x = " + "9" * 5000, "big.toml")
    Traceback (most recent call last):
    ...
    deepwood_kernel.core.errors.ContentError: big.toml: [file] not valid TOML: an integer of more than 4,300 digits
    """
    if not isinstance(text, str):
        raise ContentError(file, "file", f"must be text, got {type(text).__name__}")
    if len(text) > MAX_CONTENT_BYTES:
        raise ContentError(file, "file", f"is {len(text):,} characters; a content file may "
                                          f"have at most {MAX_CONTENT_BYTES:,}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(file, "file", f"not valid TOML: {e}") from None
    except ValueError as e:          # int('9' * 5000): Python's limit on digit strings
        why = ("an integer of more than 4,300 digits" if "digits" in str(e)
               else str(e)[:80])
        raise ContentError(file, "file", f"not valid TOML: {why}") from None
    except RecursionError:
        raise ContentError(file, "file", "not valid TOML here: arrays or tables nested too "
                                         "deeply") from None


def read_content_toml(path: Path) -> dict:
    """Parse a content file shipped with the package (see :func:`read_user_content` for a
    user's own file)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(str(path), "file", "not found") from None
    return parse_content_toml(text, path.name)


@dataclass(frozen=True)
class ContentFile:
    """A user's own content file as read: its name, text and SHA-256 (what saves record)."""

    name: str
    text: str
    sha256: str


def read_user_content(path: str | os.PathLike) -> ContentFile:
    """Read a user's content file, bounded: a regular file of at most
    ``MAX_CONTENT_BYTES``, UTF-8. Devices, FIFOs, directories and oversized files are
    refused with a :class:`ContentError` before anything is read (``/dev/zero`` cannot fill
    memory, a FIFO cannot hang the kernel).
    """
    if not isinstance(path, (str, os.PathLike)):
        raise ContentError(repr(path), "file", "a content file is given by its path (a str)")
    p = Path(path)
    name = p.name or str(p)
    try:
        st = os.stat(p)
    except OSError as e:
        raise ContentError(name, "file", f"cannot be read ({e.strerror or e})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ContentError(name, "file", "is not a regular file")
    if st.st_size > MAX_CONTENT_BYTES:
        raise ContentError(name, "file", f"is {st.st_size:,} bytes; a content file may have "
                                         f"at most {MAX_CONTENT_BYTES:,}")
    try:
        # O_NONBLOCK: should the path be swapped for a FIFO after the check, open returns
        # at once instead of waiting for a writer; fstat then refuses it.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise ContentError(name, "file", f"cannot be read ({e.strerror or e})") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise ContentError(name, "file", "is not a regular file")
        try:
            data = f.read(MAX_CONTENT_BYTES + 1)
        except OSError as e:   # /proc/self/mem: a "regular file" of size 0 that cannot be read
            raise ContentError(name, "file", f"cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_CONTENT_BYTES:
        raise ContentError(name, "file", f"is larger than {MAX_CONTENT_BYTES:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ContentError(name, "file", "is not UTF-8 text") from None
    return ContentFile(name, text, hashlib.sha256(data).hexdigest())
