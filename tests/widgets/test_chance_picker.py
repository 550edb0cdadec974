"""The what-if picker names what differs (issue 25 §3): when every outcome's label shares
words ("Anna draws a … strip (hidden from you)"), they are said once above the list and
each row shows its own part, so a narrow picker does not show 23 rows cut to "Anna
draws…"."""

from __future__ import annotations

from pathlib import Path

import pytest

from .widget_helpers import run_node_script

SHELL = Path(__file__).resolve().parents[2] / "widgets" / "chance.js"
SCRIPT = """
import { sharedWords } from %s;
const strips = ["-PB", "B-G", "BBS", "BGS"].map((c) => `Anna draws a ${c} strip (hidden from you)`);
const s = sharedWords(strips);
const out = {pattern: s.pattern, parts: strips.map(s.part),
             dice: sharedWords(["roll 1", "roll 2", "roll 3"]),
             two: sharedWords(strips.slice(0, 2)),
             same: sharedWords(["Ben draws a card", "Ben draws a card", "Ben draws a card"]).pattern};
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    return run_node_script(SCRIPT, SHELL, tmp_path_factory.mktemp("picker"))


def test_shared_words_go_to_the_heading_and_rows_keep_what_differs(result):
    assert result["pattern"] == "Anna draws a … strip (hidden from you)"
    assert result["parts"] == ["-PB", "B-G", "BBS", "BGS"]


def test_short_or_unrelated_lists_keep_their_labels(result):
    assert result["dice"] is None          # one shared word only
    assert result["two"] is None           # two rows need no heading
    # identical labels (merged in Python, see test_shell) keep their last word as the row
    assert result["same"] == "Ben draws a …"



def test_hidden_outcomes_with_the_same_words_are_one_row_with_the_summed_chance():
    from fractions import Fraction

    from widgets.shell import merge_alike
    rows = merge_alike([("?a", "Ben draws a card", Fraction(1, 4)),
                        ("?b", "Ben draws a card", Fraction(1, 4)),
                        ("?c", "Ben draws a gem", Fraction(1, 2)),
                        ("draw 1", "Anna draws a gem", Fraction(1, 3)),
                        ("draw 2", "Anna draws a gem", Fraction(1, 3))])
    assert rows == [("?a", "Ben draws a card", Fraction(1, 2)),
                    ("?c", "Ben draws a gem", Fraction(1, 2)),
                    # forceable outcomes stay apart: forcing picks one true outcome
                    ("draw 1", "Anna draws a gem", Fraction(1, 3)),
                    ("draw 2", "Anna draws a gem", Fraction(1, 3))]
