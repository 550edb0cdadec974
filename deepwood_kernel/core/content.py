"""Content files read safely and validated against a declared schema (pydantic v2).

Every game keeps its schema next to its loader (``games/<key>/content.py``): a
:class:`Schema` subclass per table of ``content.toml``, fields typed with the bounded
types below, and cross-field checks (a name that must exist, a total that must match) in
an ``@model_validator(mode="after")`` that calls :func:`require`. This module holds what
the five games share:

* :func:`parse_toml`: TOML text -> dict, where *every* failure is a :class:`ContentError`
  (tomllib raises ``ValueError`` for an integer of more than 4,300 digits and
  ``RecursionError`` for arrays nested a thousand deep, besides its own decode error);
* :func:`validate`: dict -> schema instance, where the first problem becomes ONE
  :class:`ContentError` naming the file, the field as a dotted path, what it holds (a
  shortened ``repr``) and what is allowed;
* bounded types: every integer has a range, every string a length and no control
  characters, every list and table a maximum size, so a file that validates cannot ask
  the engine for gigabytes or hours.

>>> class Board(Schema):
...     columns: Int(3, 9)
...     name: Name = "forest"
>>> class File(Schema):
...     board: Board
>>> validate(File, {"board": {"columns": 10 ** 9}}, "mine.toml")
Traceback (most recent call last):
...
deepwood_kernel.core.errors.ContentError: mine.toml: [board.columns] holds 1000000000; allowed: an integer from 3 to 9
>>> validate(File, parse_toml("[board]\\ncolumns = 5", "mine.toml"), "mine.toml").board.columns
5
"""


import reprlib
import unicodedata
from typing import Annotated, Any

from pydantic import (BaseModel, ConfigDict, Field, StrictBool, ValidationError,
                      WrapValidator)
from pydantic_core import PydanticCustomError

from .errors import MAX_CONTENT_BYTES, ContentError
# errors.py reads and parses content files (no pydantic there), so it imports nothing here
from .errors import parse_content_toml as parse_toml

#: How long a name (of a card, a room, a hero...) may be: it is drawn on a board and in a log.
NAME_LENGTH = 60
#: How long a description (a spell book's text) may be.
TEXT_LENGTH = 300
#: How long a key (an id other entries refer to) may be.
KEY_LENGTH = 40

_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxlong = 40
_SHORT.maxlist = _SHORT.maxdict = 5
_SHORT.maxlevel = 2
_SHORT.maxother = 60


def short(value: Any) -> str:
    """A ``repr`` cut to a readable size (a 4,000-digit number or a 2,000-deep list is not
    printed whole)."""
    try:
        return _SHORT.repr(value)
    except RecursionError:
        return "a value nested too deeply"


class Invalid(Exception):
    """A cross-field problem found by a schema's model validator (see :func:`require`).

    Not a ``ValueError``, so pydantic lets it through unchanged and :func:`validate` can
    name the exact field, which a model validator's own error could not.
    """

    def __init__(self, field: str, value: Any, allowed: str):
        super().__init__(field, value, allowed)
        self.field, self.value, self.allowed = field, value, allowed


def require(ok: bool, field: str, value: Any, allowed: str) -> None:
    """Raise :class:`Invalid` unless ``ok``: ``field`` is the dotted path of the field at
    fault, ``value`` what it holds, ``allowed`` what would be accepted."""
    if not ok:
        raise Invalid(field, value, allowed)


def _dotted(loc) -> str:
    return ".".join(str(p) for p in loc) or "file"


def _allowed(err: dict) -> str:
    kind, msg = err["type"], err["msg"]
    if kind == "missing":
        return "is missing (required)"
    if kind == "extra_forbidden":
        return "is not a field of this table (a misspelt name?)"
    if kind == "recursion_loop":
        return "nested too deeply"
    if kind in ("too_short", "too_long"):      # pydantic's own wording names no bound
        n = err.get("ctx", {}).get("min_length" if kind == "too_short" else "max_length")
        if isinstance(err.get("input"), str):
            what = "character" if n == 1 else "characters"
        else:
            what = "entry" if n == 1 else "entries"
        return f"allowed: {'at least' if kind == 'too_short' else 'at most'} {n} {what}"
    for prefix in ("Input should be ", "Value should be ", "Value error, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    return f"allowed: {msg}"


def validate(schema: type[BaseModel], data: Any, file: str):
    """Validate parsed TOML against ``schema``; the first problem is ONE :class:`ContentError`.

    The error names the file, the field as a dotted path (list entries by their index from
    0), what it holds and what is allowed.
    """
    try:
        return schema.model_validate(data)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        where = _dotted(err["loc"])
        if err["type"] == "missing":
            raise ContentError(file, where, _allowed(err)) from None
        if err["loc"][-1:] == ("[key]",):        # a table's key, not its value
            raise ContentError(file, _dotted(err["loc"][:-2]), f"has the key "
                               f"{short(err['input'])}; {_allowed(err)}") from None
        raise ContentError(file, where, f"holds {short(err['input'])}; {_allowed(err)}") \
            from None
    except Invalid as e:
        raise ContentError(file, e.field, f"holds {short(e.value)}; allowed: {e.allowed}") \
            from None
    except RecursionError:
        raise ContentError(file, "file", "nested too deeply") from None


# --------------------------------------------------------------------------- bounded types
def _explained(allowed: str):
    """Replace pydantic's message for a scalar by one sentence saying all that is allowed
    ("an integer from 1 to 10", not just "less than or equal to 10")."""
    def wrap(value, handler):
        try:
            return handler(value)
        except ValidationError:
            raise PydanticCustomError("content", "{allowed}", {"allowed": allowed}) from None
    return WrapValidator(wrap)


def Int(low: int, high: int):
    """An integer from ``low`` to ``high`` (a TOML boolean or float is not one)."""
    return Annotated[int, Field(strict=True, ge=low, le=high),
                     _explained(f"an integer from {low} to {high}")]


def _plain(value: str) -> bool:
    # no control, format (bidi overrides, zero-width), surrogate, private-use, unassigned
    # or line/paragraph-separator characters: a name is one line of ordinary text
    return not any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in
                   ("Zl", "Zp") for ch in value)


def _text_type(max_length: int, what: str):
    allowed = f"{what} of 1 to {max_length} characters, no control characters"

    def wrap(value, handler):
        try:
            value = handler(value)
        except ValidationError:
            raise PydanticCustomError("content", "{allowed}", {"allowed": allowed}) from None
        if not _plain(value):
            raise PydanticCustomError("content", "{allowed}", {"allowed": allowed})
        return value
    return Annotated[str, Field(strict=True, min_length=1, max_length=max_length),
                     WrapValidator(wrap)]


#: A name shown to players (a card, room, hero, city): one short line of plain text.
Name = _text_type(NAME_LENGTH, "a name")
#: A longer description (a spell book's text): still one line of plain text.
Text = _text_type(TEXT_LENGTH, "a text")
#: A key other entries refer to: lower-case letters, digits and ``_``, starting with a letter.
Key = Annotated[str, Field(strict=True, pattern=r"^[a-z][a-z0-9_]*$", max_length=KEY_LENGTH),
                _explained(f"a key of 1 to {KEY_LENGTH} characters: lower-case letters, "
                           "digits and _, starting with a letter")]
#: true or false (TOML's booleans only).
Flag = Annotated[StrictBool, _explained("true or false")]


def Pattern(regex: str, allowed: str, max_length: int = KEY_LENGTH):
    """A short string matching ``regex`` (a field name, a code); ``allowed`` says so in words."""
    return Annotated[str, Field(strict=True, pattern=regex, max_length=max_length),
                     _explained(allowed)]


def Choice(*values: str):
    """One of ``values`` (a string)."""
    from typing import Literal
    return Annotated[Literal[values], _explained(f"one of {', '.join(map(repr, values))}")]


def Items(item, max_length: int, min_length: int = 0):
    """A list of at most ``max_length`` entries (TOML array or array of tables)."""
    return Annotated[list[item], Field(min_length=min_length, max_length=max_length)]


def Table(key, value, max_length: int, min_length: int = 0):
    """A TOML table of at most ``max_length`` entries, keys of type ``key``."""
    return Annotated[dict[key, value], Field(min_length=min_length, max_length=max_length)]


class Schema(BaseModel):
    """A table of a content file: strict types (``"3"`` is no integer, ``1`` no boolean),
    unknown fields refused (a misspelt ``copys = 3`` is an error, not silently ignored),
    values frozen once read."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True,
                              allow_inf_nan=False, hide_input_in_errors=False)


#: The ``[meta]`` table a content file may carry (title, credits, the designed marker):
#: read by people, not by the engine, and bounded like the rest.
Meta = Table(Key, StrictBool | Text, 12)
