"""The shell's keyboard and screen-reader helpers (issue 25 §1), run in node: the arrow
keys move to the nearest target in their direction, and the live region announces exactly
the event-log lines that are new since the last redraw."""

from __future__ import annotations

from pathlib import Path

import pytest

from .widget_helpers import run_node_script

SHELL = Path(__file__).resolve().parents[2] / "widgets" / "a11y.js"

SCRIPT = """
import { nextTarget, newLogLines, targetKey } from %s;
const node = (name, x, y) => ({ name, getBoundingClientRect: () => ({ left: x, top: y, width: 10, height: 10 }) });
// a 3x2 grid of squares, in reading order
const g = [node("a0", 0, 0), node("b0", 20, 0), node("c0", 40, 0), node("a1", 0, 20), node("b1", 20, 20), node("c1", 40, 20)];
const moves = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].map((k) => nextTarget(g, g[1], k).name);
const wrap = nextTarget(g, g[5], "ArrowRight").name;      // nothing to the right: the next in order
const st = (start, lines) => ({ status: { log_start: start }, event_log: lines });
const logs = [
  newLogLines(st(0, ["Anna plays x."]), null),              // first draw: nothing announced
  newLogLines(st(0, ["Anna plays x.", "Ben draws a troll."]), 1),
  newLogLines(st(5, ["l5", "l6", "l7"]), 6),                 // the synced tail slid
  newLogLines(st(0, ["new game"]), 8),                       // a new game: nothing announced
];
const el = { getAttribute: (n) => ({ "data-action": "enter c0", "data-ui": null }[n] ?? null) };
process.stdout.write(JSON.stringify({ moves, wrap, logs, key: targetKey(el) }));
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    return run_node_script(SCRIPT, SHELL, tmp_path_factory.mktemp("a11y"))


def test_left_right_step_in_reading_order_up_down_go_to_the_nearest_target(result):
    assert result["moves"][:3] == ["c0", "a0", "b1"]
    # up from b0 in the top row: nothing above, so the previous target in reading order
    assert result["moves"][3] == "a0"
    assert result["wrap"] == "a0"


def test_the_live_region_reads_only_the_new_log_lines(result):
    assert [x["text"] for x in result["logs"]] == ["", "Ben draws a troll.", "l6 l7", ""]
    assert [x["total"] for x in result["logs"]] == [1, 2, 8, 1]


def test_a_target_is_keyed_by_its_action_across_redraws(result):
    assert result["key"].startswith("enter c0|")


def test_keys_inside_a_board_do_not_reach_jupyterlab_shortcuts():
    src = SHELL.read_text()
    assert 'setAttribute("data-lm-suppress-shortcuts", "true")' in src
    assert 'aria-live="polite"' in src
