"""Issue 10 §1: a save is data, never an instruction.

Every test here failed on the code before contract v2 (commit 5a765e9): saves used to name
their content file in ``options.content`` and ``load`` opened it as given; deep nesting
raised ``RecursionError``; a duplicate ``"history"`` key silently loaded a fresh game;
``1.0`` and ``true`` passed as ints.
"""

from __future__ import annotations

import builtins
import io
import json
import re
import os
from pathlib import Path

import pytest

import deepwood_kernel as dk
from deepwood_kernel.core import game as game_mod
from deepwood_kernel.core.errors import MAX_CONTENT_BYTES, read_user_content
from deepwood_kernel.sim import RandomBot, play_out

from .fuzz import mutated_saves

KEYS = sorted(dk.GAMES)
PACKAGE = Path(dk.__file__).parent


def played(key: str, seed: int = 3, plies: int = 60) -> dk.Game:
    g = dk.new_game(key, players=dk.GAMES[key].min_players, seed=seed)
    bot = RandomBot(seed)
    while not g.is_over and len(g.history) < plies:
        g.step() if g.is_chance else g.apply(bot.choose(g))
    return g


def content_copy(key: str, tmp_path: Path, edit=lambda t: t) -> Path:
    """A user's own content file: the designed one, optionally edited."""
    src = PACKAGE / "games" / key / "content.toml"
    dst = tmp_path / f"my_{key}.toml"
    dst.write_text(edit(src.read_text(encoding="utf-8")), encoding="utf-8")
    return dst


def guard_files(monkeypatch, hostile: str) -> list:
    """Refuse (and record) every attempt to open or stat ``hostile``; other files (pytest's
    own) open as usual. Returns the list of attempts, which must stay empty."""
    attempts: list = []

    def guarded(real):
        def call(path, *a, **k):
            if str(path).endswith(hostile.lstrip("./")):
                attempts.append(path)
                raise OSError(f"test guard: {path} must not be opened")
            return real(path, *a, **k)
        return call
    for mod, name in ((builtins, "open"), (io, "open"), (os, "open"), (os, "stat")):
        monkeypatch.setattr(mod, name, guarded(getattr(mod, name)))
    return attempts


# ---------------------------------------------------------------- a save never names a file
@pytest.mark.parametrize("path", ["/dev/zero", "/etc/passwd", "fifo", "../../etc/shadow"])
def test_content_named_in_a_save_is_never_opened(path, monkeypatch):
    """The old format's ``options.content`` is an unknown option now; a content record holds
    a name and a hash, and without the caller's file ``load`` only says which file it needs."""
    g = played("deepwood")
    data = json.loads(g.to_json())
    as_option = dict(data, options=dict(data["options"], content=path))
    as_record = dict(data, content={"name": path, "sha256": "0" * 64})
    attempts = guard_files(monkeypatch, path)
    with pytest.raises(dk.SaveError, match="unknown option"):
        dk.load(json.dumps(as_option))
    with pytest.raises(dk.SaveError, match="pass that file") as e:
        dk.load(json.dumps(as_record))
    monkeypatch.undo()
    assert attempts == []
    assert "root:" not in str(e.value)                  # no file-reading oracle


@pytest.mark.parametrize("key", KEYS)
def test_user_content_is_recorded_by_name_and_hash_and_checked_on_load(key, tmp_path):
    mine = content_copy(key, tmp_path, lambda t: t + "\n# my own copy\n")
    g = dk.new_game(key, players=dk.GAMES[key].min_players, seed=4, content=mine)
    g.advance()
    save = g.to_json()
    assert str(tmp_path) not in save                     # the path never enters the save
    record = json.loads(save)["content"]
    assert record["name"] == mine.name and len(record["sha256"]) == 64
    with pytest.raises(dk.SaveError, match=f"content file '{mine.name}'.*content=PATH"):
        dk.load(save)
    (tmp_path / "other").mkdir()
    other = content_copy(key, tmp_path / "other", lambda t: t + "\n# edited\n")
    with pytest.raises(dk.SaveError, match="not the one the save needs"):
        dk.load(save, content=other)
    assert dk.load(save, content=mine).fingerprint() == g.fingerprint()
    builtin = played(key).to_json()
    with pytest.raises(dk.SaveError, match="built-in content"):
        dk.load(builtin, content=mine)


def test_reading_a_user_content_file_is_bounded(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_CONTENT_BYTES + 1))
    cases = {"/dev/zero": "not a regular file", str(fifo): "not a regular file",
             str(tmp_path): "not a regular file", str(big): "at most 1,000,000",
             str(tmp_path / "missing.toml"): "cannot be read"}
    for path, why in cases.items():
        with pytest.raises(dk.ContentError, match=why):
            read_user_content(path)
        with pytest.raises(dk.ContentError, match=why):
            dk.new_game("deepwood", players=2, content=path)
    binary = tmp_path / "latin1.toml"
    binary.write_bytes("größe = 1".encode("latin-1"))
    with pytest.raises(dk.ContentError, match="not UTF-8"):
        read_user_content(binary)


def test_a_bad_user_content_file_names_the_entry(tmp_path):
    broken = content_copy("deepwood", tmp_path, lambda t: t + "\n[[[not toml\n")
    with pytest.raises(dk.ContentError, match=f"{broken.name}.*not valid TOML"):
        dk.new_game("deepwood", players=2, content=broken)


# ---------------------------------------------------------------- every bad save is a SaveError
def _save(**changes) -> str:
    data = json.loads(played("deepwood").to_json())
    data.update(changes)
    return json.dumps(data)


def _options(save: str, text: str) -> str:
    """The save with its options object (the game's options, flat) replaced by ``text``."""
    return re.sub(r'"options":\{[^{}]*\}', lambda m: '"options":' + text, save, count=1)


BAD_SAVES = {
    "huge number": (lambda s: s.replace('"seed":3', '"seed":' + "9" * 5000), "digits"),
    "deep nesting": (lambda s: _options(s, "[" * 5000 + "]" * 5000), "nests at most"),
    "unbalanced": (lambda s: s[:-1], "JSON"),
    "duplicate history": (lambda s: s[:-1] + ',"history":[]}', "appears twice"),
    "float seed": (lambda s: s.replace('"seed":3', '"seed":3.0'), "whole numbers"),
    "bool players": (lambda s: s.replace('"players":2', '"players":true'), "must be a int"),
    "NaN": (lambda s: s.replace('"seed":3', '"seed":NaN'), "no NaN"),
    "Infinity": (lambda s: s.replace('"seed":3', '"seed":-Infinity'), "no -Infinity"),
    "unknown top key": (lambda s: s[:-1] + ',"exec":"rm -rf /"}', "unknown"),
    "unknown option": (lambda s: _options(s, '{"x":1}'), "unknown option"),
    "entry with 4 fields": (lambda s: s.replace(',0]', ',0,"x"]', 1), "must be \\[id"),
    "entry as object": (lambda s: s.replace('"history":[[', '"history":[{"a":1},[', 1),
                        "must be \\[id"),
    "sampled flag 2": (lambda s: s.replace(',1]', ',2]', 1), "must be \\[id"),
    "seat out of range": (lambda s: s.replace(',0,0]', ',7,0]', 1), "seat 7"),
    "negative seed": (lambda s: s.replace('"seed":3', '"seed":-3'), "seed must be"),
    "not utf-8": (lambda s: s.encode() + b"\xff", "UTF-8"),
    "list": (lambda s: "[" + s + "]", "JSON object"),
    "version 1": (lambda s: s.replace('"version":2', '"version":1'), "version 2"),
    "unknown game": (lambda s: s.replace('"game":"deepwood"', '"game":"chess"'), "chess"),
    "too long": (lambda s: s.replace('"history":[', '"history":[' + '["x",0,0],' * 6001),
                 "at most 6,000"),
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES))
def test_every_bad_save_is_a_save_error_that_says_what(name):
    mutate, message = BAD_SAVES[name]
    with pytest.raises(dk.SaveError, match=message):
        dk.load(mutate(played("deepwood").to_json()))


def test_duplicate_key_used_to_load_a_fresh_game():
    """The old loader kept the last ``"history"`` and returned an empty game."""
    s = played("deepwood").to_json()
    with pytest.raises(dk.SaveError, match="'history' appears twice"):
        dk.load(s[:-1] + ',"history":[]}')


@pytest.mark.parametrize("key", KEYS)
def test_mutated_saves_load_or_raise_save_error_only(key):
    """Thousands of seeded byte- and JSON-level mutations of real saves: each one loads to a
    game whose own save is a valid save again, or raises SaveError; nothing else escapes.
    (Before contract v2: 153 of 3,435 escaped as other errors.)"""
    base = played(key, seed=11, plies=120).to_json()
    count = 0
    for mutant in mutated_saves(base, n=1500, seed=len(key)):
        try:
            g = dk.load(mutant)
        except dk.SaveError:
            pass
        else:
            assert dk.load(g.to_json()).fingerprint() == g.fingerprint()
        count += 1
    assert count == 1500


# ---------------------------------------------------------------- bounded load time
@pytest.mark.parametrize("key", KEYS)
def test_max_game_length_is_declared_and_ends_the_game(key):
    """A game that reaches ``max_game_length`` plies is over (each game's reference states
    the rule), so no legal save is longer, and a longer history is refused before replay."""
    info = dk.GAMES[key]
    assert 100 <= info.max_game_length <= 50_000
    g = dk.new_game(key, players=info.min_players, seed=2)
    g._max_len = 40                         # the same rule, reached sooner
    play_out(g, [RandomBot(1)] * g.players)
    assert g.is_over and len(g.history) <= 40
    assert any("maximum" in line for line in g.log)
    s = json.loads(g.to_json())
    s["history"] = s["history"] * (info.max_game_length // max(1, len(s["history"])) + 1)
    with pytest.raises(dk.SaveError, match="ends after at most"):
        dk.load(json.dumps(s))


def test_load_checks_the_rng_for_sampled_entries():
    s = json.loads(played("clank").to_json())
    n = next(i for i, e in enumerate(s["history"]) if e[2] == 1 and e[1] is None)
    s["history"][n][2] = 1
    others = [i for i, _ in game_mod.load(json.dumps({**s, "history": s["history"][:n]}))
              .chance_outcomes() if i.id != s["history"][n][0]]
    if others:
        s["history"][n][0] = others[0].id
        with pytest.raises(dk.SaveError, match="seeded RNG draws"):
            dk.load(json.dumps(s))


# Issue 23 §2: every rejection is linear-time and memory-bounded. The old nesting check used
# a regex that restarted at every quote of an unterminated string: 80 kB of escaped quotes
# took 13 s, 4 MB hours. Each case runs under a generous alarm so the old code fails by
# timing out while the new one finishes in a fraction of a second; no timing is asserted.
HOSTILE_SAVES = {
    "80 kB of escaped quotes": '"' + '\\"' * 40_000,
    "4 MB of escaped quotes": '"' + '\\"' * (game_mod.MAX_SAVE_BYTES // 2 - 1),
    "4 MB of opening brackets": "[" * game_mod.MAX_SAVE_BYTES,
    "deep nesting inside a save":
        '{"format": "deepwood-save", "options": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "a 3.9 MB string field": '{"format": "' + "a" * 3_900_000 + '"}',
    "4 MB of \\u escapes": '"' + "\\u0041" * (game_mod.MAX_SAVE_BYTES // 6 - 1) + '"',
    "2 M empty arrays": "[]" * (game_mod.MAX_SAVE_BYTES // 2),
    "800 kB unterminated string of escaped quotes": '"' + '\\"' * 400_000,
    "a long escaped string, then an unmatched bracket": '["' + '\\"' * 400_000 + '"]' + "]",
}


@pytest.fixture
def alarm():
    import signal

    def timeout(*_):
        raise TimeoutError("a save rejection took more than 20 s")
    old = signal.signal(signal.SIGALRM, timeout)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("name", sorted(HOSTILE_SAVES))
def test_hostile_saves_are_refused_in_linear_time(name, alarm):
    text = HOSTILE_SAVES[name]
    assert len(text) <= game_mod.MAX_SAVE_BYTES
    with pytest.raises(dk.SaveError):
        dk.load(text)
    with pytest.raises(dk.SaveError):
        dk.load(text.encode())


def test_a_long_string_is_refused_before_json_builds_it(monkeypatch):
    """A 3.9 MB string field used to be decoded (≈+460 MB) before the save was refused:
    the length check comes first, so ``json.loads`` never sees it."""
    def no_parse(*a, **k):
        raise AssertionError("json.loads was reached")
    monkeypatch.setattr(game_mod.json, "loads", no_parse)
    with pytest.raises(dk.SaveError, match="3,900,000 characters"):
        dk.load(HOSTILE_SAVES["a 3.9 MB string field"])


def test_proc_self_mem_is_a_content_error():
    """``/proc/self/mem`` is a 'regular file' of size 0 whose read fails with EIO."""
    if not os.path.exists("/proc/self/mem"):
        pytest.skip("no /proc")
    with pytest.raises(dk.ContentError, match="cannot be read"):
        dk.new_game("pig", content="/proc/self/mem")
