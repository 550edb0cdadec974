"""Updates that carry only what changed (issue 25 §4; ``widgets/sync.py`` and ``sync.js``).

The kernel sends a board's changed traits as patches against what the browser holds. The
property that matters: the browser's copy, patched message by message, is exactly the
JSON of the kernel's traits after every message, on every board, through seeded games of
clicks, undos, bot moves and chance. The browser half runs in node on the kernel's real
messages."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from widgets.sync import MAX_EDITS, PATCHED, diff

from .widget_helpers import BOARD_CLASSES, run_node_script

SYNC_JS = Path(__file__).resolve().parents[2] / "widgets" / "sync.js"


# ---------------------------------------------------------------- diff
def test_an_edit_names_the_one_place_that_changed():
    old = {"phase": "move", "board": {"c0": {"tokens": [1, 2]}, "c1": {}}}
    new = {"phase": "move", "board": {"c0": {"tokens": [1, 3]}, "c1": {}}}
    assert diff(old, new) == [["=", ["board", "c0", "tokens", 1], 3]]


def test_a_list_that_grew_shrank_or_slid_keeps_its_old_items_by_id_or_value():
    assert diff([1, 2, 3, 4], [1, 9, 4]) == [["l", [], [0, [9], 3]]]
    log = [f"line {i}" for i in range(20)]
    assert diff({"log": log}, {"log": log[1:] + ["new"]}) == [
        ["l", ["log"], [*range(1, 20), ["new"]]]]
    # legal actions by id: one gone, one new, one changed in place (edited at its new index)
    old = [{"id": "a", "n": 1}, {"id": "b", "n": 2}, {"id": "c", "n": 3}]
    new = [{"id": "b", "n": 2}, {"id": "c", "n": 4}, {"id": "d", "n": 5}]
    assert diff(old, new) == [["l", [], [1, 2, [{"id": "d", "n": 5}]]], ["=", [1, "n"], 4]]


def test_a_list_mostly_new_goes_whole_and_a_few_changed_places_are_edited_in_place():
    assert diff({"x": [1, 2, 3]}, {"x": [7, 8, 9, 10]}) == [["=", ["x"], [7, 8, 9, 10]]]
    old = [{"v": 1}, {"v": 2}, {"v": 3}]
    assert diff(old, [{"v": 1}, {"v": 5}, {"v": 3}]) == [["=", [1, "v"], 5]]


def test_a_leaf_of_another_json_type_is_an_edit_though_python_calls_it_equal():
    assert diff({"p": 1, "q": 0}, {"p": True, "q": 5}) == [["=", ["p"], True], ["=", ["q"], 5]]
    # a trait equal by Python's == as a whole: no edit found, so it goes whole (correct)
    assert diff({"p": 1, "q": 0}, {"p": True, "q": 0}) is None


def test_a_dict_whose_keys_changed_or_moved_is_rebuilt_keeping_the_old_values():
    assert diff({"x": {"a": 1, "b": 2}}, {"x": {"b": 3, "a": 1}}) == [
        ["d", ["x"], ["b", "a"], {}], ["=", ["x", "b"], 3]]
    assert diff({"x": {"a": 1}}, {"x": {"a": 1, "b": 2}}) == [["d", ["x"], ["a", "b"], {"b": 2}]]
    assert diff({"a": 1, "b": 2}, {"b": 2, "a": 1}) is None     # equal by ==: no edit, whole


def test_no_change_or_too_many_edits_means_the_value_goes_whole():
    assert diff({"a": [1]}, {"a": [1]}) is None
    many = [{"v": i} for i in range(MAX_EDITS + 1)]
    assert diff(many, [{"v": i + 1} for i in range(MAX_EDITS + 1)]) is None
    assert len(diff(many[:-1], [{"v": i + 1} for i in range(MAX_EDITS)])) == MAX_EDITS


# ---------------------------------------------------------------- the widget's messages
def sent_by(w) -> list[dict]:
    out: list[dict] = []
    w._send = lambda msg, buffers=None: out.append(msg)
    return out


def test_a_click_sends_one_sync_message_a_fraction_of_the_traits_it_changed():
    w = BOARD_CLASSES["deepwood"](players=2, seed=1, bots=[1], bot_delay=0)
    out = sent_by(w)
    for req, at_most in (({"type": "act", "id": "enter c0"}, 0.7), ({"type": "undo"}, 0.1)):
        rev = w._revision
        out.clear()
        w.receive(dict(req, ply=len(w.game.history)))
        assert w.message == ""
        (msg,) = out
        sync = msg["content"]
        assert msg["method"] == "custom" and sync["type"] == "sync"
        assert (sync["base"], sync["rev"]) == (rev, rev + 1) == (rev, w._revision)
        changed = {**sync["whole"], **sync["patch"]}
        whole = sum(len(json.dumps(getattr(w, k))) for k in changed)
        assert len(json.dumps(sync)) < at_most * whole, (req, len(json.dumps(sync)), whole)
        assert sync["whole"]["answered"] == w.answered


def test_a_resync_sends_the_whole_state_with_its_revision_and_changes_nothing():
    w = BOARD_CLASSES["clank"](players=2, seed=3, bots=[1], bot_delay=0)
    out = sent_by(w)
    fp, answered, rev = w.game.fingerprint(), w.answered, w._revision
    w._on_frontend_msg(w, {"type": "resync"})
    (msg,) = out
    assert msg["method"] == "update" and msg["state"]["revision"] == rev
    assert msg["state"]["view"] == w.view and set(PATCHED) <= set(msg["state"])
    assert (w.game.fingerprint(), w.answered, w._revision) == (fp, answered, rev)


def test_a_trait_written_by_the_browser_is_sent_back_whole():
    """A refused trait write (shell.py ``set_state``) must correct the browser's copy: its
    diff against what the kernel sent is empty, so the value goes whole."""
    w = BOARD_CLASSES["pig"](players=2, seed=1, bot_delay=0)
    out = sent_by(w)
    w.set_state({"view": {"forged": True}})
    syncs = [m["content"] for m in out if m["method"] == "custom"]
    assert any(s["whole"].get("view") == w.view for s in syncs)
    assert "refused a change of view" in w.message


# ---------------------------------------------------------------- the browser's copy, in node
NODE = """
import { applySync } from %s;
import { readFileSync } from "node:fs";
const { start, steps } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const [board, first] of Object.entries(start)) {
  const attrs = { ...first }, asked = [];
  const model = { get: (k) => attrs[k], set: (o) => Object.assign(attrs, o), send: (m) => asked.push(m) };
  const bad = [];
  steps[board].forEach(([msg, expected], i) => {
    const frozen = JSON.stringify(attrs);           // the old values must stay untouched
    const held = { ...attrs };
    applySync(model, msg);
    for (const [k, v] of Object.entries(expected)) {
      if (JSON.stringify(attrs[k]) !== JSON.stringify(v)) bad.push([i, k]);
    }
    if (JSON.stringify(held) !== frozen) bad.push([i, "mutated the old value"]);
  });
  // a model that missed a message asks for the whole state and keeps what it has
  const before = JSON.stringify(attrs);
  applySync(model, { type: "sync", base: attrs.revision + 5, rev: attrs.revision + 6, whole: { answered: -1 }, patch: {} });
  out[board] = { bad: bad.slice(0, 5), n: steps[board].length, asked, kept: JSON.stringify(attrs) === before };
}
process.stdout.write(JSON.stringify(out));
"""


def play(key: str, seed: int, clicks: int) -> tuple[dict, list]:
    """A seeded game of random clicks (an undo now and then) against a bot, automatic
    chance; every message the widget sends, with the traits it holds after it."""
    w = BOARD_CLASSES[key](players=2, seed=seed, bots=[1], bot_delay=0, auto_chance=True)
    start = {**w.get_state(), "revision": w._revision}
    out = sent_by(w)
    rng = random.Random(seed)
    steps = []
    for _ in range(clicks):
        if w.game.is_over or not w.legal:
            break
        req = ({"type": "undo"} if w.status["can_undo"] and rng.random() < 0.15
               else {"type": "act", "id": rng.choice(w.legal)["id"]})
        out.clear()
        w.receive(dict(req, ply=len(w.game.history)))
        assert len(out) == 1 and out[0]["method"] == "custom", out
        steps.append([out[0]["content"], {**w.get_state(list(PATCHED) + ["answered"]),
                                          "revision": w._revision}])
    return start, steps


def test_the_browsers_patched_copy_is_the_kernels_json_after_every_message(tmp_path):
    start, steps = {}, {}
    for key in sorted(BOARD_CLASSES):
        for seed in (1, 2):
            name = f"{key}-{seed}"
            start[name], steps[name] = play(key, seed, clicks=40)
    data = tmp_path / "games.json"
    data.write_text(json.dumps({"start": start, "steps": steps}), encoding="utf-8")
    script = NODE.replace("process.argv[2]", json.dumps(str(data)))
    result = run_node_script(script, SYNC_JS, tmp_path)
    for name, r in result.items():
        assert r["bad"] == [], (name, r["bad"])
        assert r["n"] >= 10, (name, r["n"])       # each game made enough clicks to mean it
        assert r["asked"] == [{"type": "resync"}] and r["kept"], name


# ---------------------------------------------------------------- memo: built again only on change
DRAW = """
import { readFileSync } from "node:fs";
const url = %s;
const watched = (st) => { try { return WATCHED; } catch { return undefined; } };
const kept = await import(url + "?kept");
const { start, steps } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const attrs = { ...start };
const model = { get: (k) => attrs[k], set: (o) => Object.assign(attrs, o), send: () => {} };
const state = () => ({ ...attrs });
const differ = [];
let hits = 0, moved = 0;
for (const [i, [msg]] of steps.entries()) {
  const fresh = await import(url + "?fresh" + i);     // a module that never drew before
  const before = state();
  kept.applySync(model, msg);
  const st = state();
  // the patched state (unchanged objects kept), drawn by a module that drew every step
  // before, against a copy of it drawn by a module that never drew
  const a = kept.renderMarkup(st, kept.syncUi(st, kept.newUi()));
  const copy = JSON.parse(JSON.stringify(st));
  const b = fresh.renderMarkup(copy, fresh.syncUi(copy, fresh.newUi()));
  if (a !== b) differ.push(i);
  const was = watched(before), now = watched(st);
  if (was === now) hits++;
  else if (JSON.stringify(was) !== JSON.stringify(now)) moved++;
}
process.stdout.write(JSON.stringify({ differ, hits, moved, n: steps.length }));
"""


# what each board memoizes its drawing on (a hit: the same object after a click)
WATCHED = {"clank": "st.view.map.rooms", "deepwood": "st.view.boards[0].fields",
           "adventureland": "st.advice.deck.drawn"}


@pytest.mark.parametrize("key", sorted(WATCHED))
def test_a_board_drawn_from_patched_state_is_drawn_as_from_a_fresh_copy(key, tmp_path):
    """Boards build some drawings only when their data changed (``memo`` in sync.js, keyed
    by the objects the patches keep): the markup must be exactly what a fresh copy of the
    same state draws, after every message of seeded games."""
    from .widget_helpers import shipped_module
    module = shipped_module(key, tmp_path)
    moved = 0
    for seed in (1, 2):
        start, steps = play(key, seed, clicks=200)
        data = tmp_path / f"{key}-{seed}.json"
        data.write_text(json.dumps({"start": start, "steps": steps}), encoding="utf-8")
        script = DRAW.replace("process.argv[2]", json.dumps(str(data)))
        script = script.replace("WATCHED", WATCHED[key])
        r = run_node_script(script, module, tmp_path)
        assert r["differ"] == [], (seed, r["differ"][:5])
        assert r["hits"] >= r["n"] // 3, r          # many clicks left the drawing's data alone
        moved += r["moved"]
    assert moved >= 2          # and some changed it (a token taken, a tile laid): drawn again