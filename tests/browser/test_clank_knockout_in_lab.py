"""Issue 10 §4 in a real browser: a Klong! game played to a knock-out ending shows its
final score table (before the shell the board threw in ``scoreHtml`` and sat on "bot
thinking…" forever), and a view the board cannot draw shows an error banner while the
controls keep working.

The notebook ``clank_knockout_test.ipynb``: seed 2, bots on both seats (slow, 5 s a
step); the test clicks "Skip to my turn", which plays the game out at once: Anna escapes,
Sandra is knocked out in the depths (CL-10.9: no points).
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, BREAK = 0, 1, 2          # code cells of clank_knockout_test.ipynb

SCORE_ROWS = """(root) => [...root.querySelectorAll('.sh-score-table tr')]
    .map(tr => [...tr.children].map(td => td.innerText.trim()))"""


def test_CL_10_9_a_knocked_out_ending_shows_the_final_score_table(page, lab):
    from playwright.sync_api import expect
    expect.set_options(timeout=30_000)

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "clank_knockout_test.ipynb")
    B.run_cell(page, BOARD)
    board = B.cell_output(page, BOARD).first
    root = board.locator(".cl-root").first
    expect(root.locator(".sh-status")).to_contain_text("Anna")
    expect(root.locator(".sh-eyes")).to_contain_text("spectator")   # no human seat

    skip = root.locator('[data-cmd="skip"]')
    expect(skip).to_be_enabled()
    skip.click()
    expect(root.locator(".sh-status")).to_contain_text("Game over", timeout=60_000)
    B.run_cell(page, STATE)
    over, scores, statuses = B.cell_output(page, STATE).inner_text().strip().split("|")
    assert over == "True" and statuses == "['escaped', 'lost']", statuses
    assert scores == "[25, 0]"

    rows = root.evaluate(SCORE_ROWS)
    assert rows[0][1:] == ["Anna", "Sandra"]
    lines = {r[0]: r[1:] for r in rows[1:]}
    # Anna's 8 lines and Sandra's 2, aligned by label: each missing line shows "–"
    assert lines["knocked out without rescue: no points"] == ["–", "0"]
    assert lines["artifacts"][1] == "–" and lines["mastery token"] == ["20", "–"]
    assert [c.rstrip(" ★") for c in lines["Final score"]] == ["25", "0"]
    assert lines["Final score"][0].endswith("★")
    expect(root.locator(".sh-banner")).to_be_hidden()
    assert js_errors == []
    B.screenshot(board, "clank_knockout_score.png")

    # --- a view the board cannot draw: a banner, and the controls still work
    B.run_cell(page, BREAK)
    banner = root.locator(".sh-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("could not be drawn")
    undo = root.locator('[data-cmd="undo"]')
    expect(undo).to_be_enabled()
    undo.click()                     # the kernel answers with a fresh, drawable view
    expect(banner).to_be_hidden()
    expect(root.locator(".sh-status")).not_to_contain_text("Game over")
    assert re.search(r"\d", root.locator(".sh-status").inner_text())
    B.screenshot(board, "clank_after_banner.png")
