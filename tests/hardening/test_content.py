"""Issue 23 §3: content files are validated by a declared schema, not by the crash.

Each game declares its ``content.toml`` as a pydantic schema (``ContentSpec`` beside its
loader, shared machinery in ``deepwood_kernel.core.content``). A bad file gets ONE
ContentError naming the file, the field as a dotted path, what it holds and what is
allowed; a file that validates loads and plays. The fuzzer (``content_fuzz.py``) mutates
every field of every game's shipped content.
"""

from __future__ import annotations

import hashlib
import re
import time
import tomllib

import pytest

import deepwood_kernel as dk
from deepwood_kernel.core.content import parse_toml, short
from deepwood_kernel.core.errors import ContentError, ContentFile

from .content_fuzz import content_module, run, toml_text

GAMES = sorted(dk.GAMES)


_module = content_module


def _shipped(key) -> str:
    return _module(key).DEFAULT_FILE.read_text(encoding="utf-8")


def _new(key, text, players=None):
    cf = ContentFile("mine.toml", text, hashlib.sha256(text.encode()).hexdigest())
    return dk.new_game(key, players=players or dk.GAMES[key].min_players, content=cf)


def _refused(key, text) -> ContentError:
    with pytest.raises(ContentError) as err:
        _new(key, text)
    assert err.value.file == "mine.toml"
    return err.value


def _edit(key, edit) -> str:
    data = tomllib.loads(_shipped(key))
    edit(data)
    return toml_text(data)


@pytest.mark.parametrize("key", GAMES)
def test_issue23_every_game_declares_its_content_schema_and_its_file_validates(key):
    """The schema is declared (it exports as JSON Schema) and the shipped file fits it."""
    spec = _module(key).ContentSpec
    schema = spec.model_json_schema()
    assert schema["additionalProperties"] is False and schema["required"]
    spec.model_validate(tomllib.loads(_shipped(key)))


@pytest.mark.parametrize("key, edit, field, allowed", [
    # a section of the wrong type (was AttributeError: 'int' object has no attribute 'get')
    ("deepwood", lambda d: d.update(board=5), "board", "allowed: a valid dictionary"),
    # copies = 1000000000 asked for ~8 GB
    ("deepwood", lambda d: d["monster"][4].update(copies=10 ** 9), "monster.4.copies",
     "holds 1000000000; allowed: an integer from 1 to 9"),
    # an empty [start] was accepted, then KeyError in play
    ("deepwood", lambda d: d.update(start={}), "start.potions", "is missing (required)"),
    # minor_per_room = 200000 was accepted, then 110 MB of static HTML
    ("clank", lambda d: d["game"].update(minor_per_room=200_000), "game.minor_per_room",
     "holds 200000; allowed: an integer from 1 to 4"),
    # counts of 2**63 were accepted, then numpy's "high is out of bounds" mid-game
    ("dungeonquest", lambda d: d["tiles"]["alcove"].update(count=2 ** 63),
     "tiles.alcove.count", "holds 9223372036854775808; allowed: an integer from 1 to 117"),
    ("clank", lambda d: d["card"][4].update(count=2 ** 63), "card.4.count",
     "allowed: an integer from 1 to 100"),               # the Mercenary reserve pile
    ("adventureland", lambda d: d["creatures"].update({"6": 2 ** 63}), "creatures.6",
     "allowed: an integer from 1 to 100"),
    # names: short plain strings
    ("dungeonquest", lambda d: d["heroes"]["brannoc"].update(name="Bran\x1b[31m"),
     "heroes.brannoc.name", "no control characters"),
    ("dungeondraw", lambda d: d["card"][0].update(name="x" * 61), "card.0.name",
     "a name of 1 to 60 characters"),
    ("adventureland", lambda d: d["game"]["names"].__setitem__(0, "\u202eevil"),
     "game.names.0", "no control characters"),
    # a string where a number belongs, a misspelt field
    ("dungeondraw", lambda d: d["game"].update(rounds="6"), "game.rounds",
     "holds '6'; allowed: an integer from 1 to 12"),
    ("deepwood", lambda d: d["monster"][0].update(copys=3), "monster.0.copys",
     "is not a field of this table"),
    # a table key that is not allowed; a cross-field rule
    ("deepwood", lambda d: d["tiles"]["face_down"].update(dragon=1), "tiles.face_down",
     "has the key 'dragon'; allowed: one of 'forest', 'thicket'"),
    ("deepwood", lambda d: d["board"].update(rocks=["b3", "b3"]), "board.rocks",
     "holds ['b3', 'b3']; allowed: 2 different fields"),
    ("dungeondraw", lambda d: d.update(books={}), "books",
     "allowed: at least game.face_up (2) spell books"),
])
def test_issue23_a_bad_file_gets_one_content_error_naming_field_value_and_allowed(
        key, edit, field, allowed):
    err = _refused(key, _edit(key, edit))
    assert err.entry == field, str(err)
    assert allowed in err.problem, str(err)
    assert str(err).startswith(f"mine.toml: [{field}] ")


@pytest.mark.parametrize("key", GAMES)
def test_issue23_huge_integers_and_deep_nesting_are_content_errors(key):
    """tomllib raises ValueError for > 4,300 digits and RecursionError for 2,000-deep
    arrays; both used to escape as themselves."""
    lines = _shipped(key).splitlines()
    i = next(i for i, line in enumerate(lines) if re.match(r"^\w+ = \d", line))
    head = lines[i].split("= ", 1)[0]
    for value, why in (("9" * 5000, "more than 4,300 digits"),
                       ("[" * 2000 + "]" * 2000, "nested too deeply")):
        text = "\n".join(lines[:i] + [head + "= " + value] + lines[i + 1:])
        err = _refused(key, text)
        assert err.entry == "file" and why in err.problem


def test_issue23_what_a_field_holds_is_shown_shortened():
    assert short("x" * 5000).startswith("'xxxxx") and len(short("x" * 5000)) < 80
    assert len(short(10 ** 4000)) < 60
    nested = []
    for _ in range(3000):
        nested = [nested]
    assert len(short(nested)) < 60
    with pytest.raises(ContentError, match=r"a.toml: \[file\] is 1,000,001 characters"):
        parse_toml("#" * 1_000_001, "a.toml")


@pytest.mark.parametrize("key", GAMES)
def test_issue23_content_fuzz_every_field_of_every_game(key):
    """Every field of the shipped file, mutated (wrong types, huge, negative and boundary
    numbers, long, markup and control-character strings, deleted and duplicated entries,
    wrong-typed and empty sections, huge digit strings, deep arrays): each mutant is
    refused with a ContentError naming the file and a field, or loads and plays 12 seeded
    bot plies at every player count, a view and the static HTML, without error.
    Seeded sample of 6 value mutations per field, so the test takes a few seconds."""
    start = time.perf_counter()
    tried, played, escapes = run(key, seed=0, per_field=6, plies=12)
    took = time.perf_counter() - start
    print(f"\n{key}: tried {tried}, played {played}, escaped {len(escapes)} ({took:.1f} s)")
    assert tried > (10 if key == "pig" else 100) and played > 0   # Pig's file: two fields
    assert escapes == []
