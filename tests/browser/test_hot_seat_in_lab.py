"""The hot seat (issue 25 §3) in a real JupyterLab, in headless Debian Chromium.

A Klong! board with Sandra a bot shows Anna's seat. "New game" with both seats human
must not show every hand (it used to switch to the spectator): the board turns to the
public view ("public view: no hands shown"), offers no action, and shows a pass button
"Pass to Anna — show Anna's hand", which works by keyboard; pressing it shows Anna's hand
and her actions, and only hers. The screenshots are kept under ``build/browser/``.
Fixtures: ``conftest.py``; this module serves its own notebook, ``hot_seat_test.ipynb``.
"""

from __future__ import annotations

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of hot_seat_test.ipynb


def kernel_state(page) -> str:
    """Re-run the state cell: ``<seat>|<hands shown per seat>|<legal actions>|<bots>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    return out.inner_text().strip()


def test_new_game_with_two_humans_is_public_until_passed(page, lab):
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "hot_seat_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".cl-root").first
    expect(root.locator(".sh-eyes")).to_contain_text("Anna's view")
    before = kernel_state(page)
    assert before.startswith("0|[True, False]|") and before.endswith("|[1]"), before

    # --- both seats human, then "New game" from the toolbar
    box = root.locator('[data-ctl="bot"][data-seat="1"]')
    box.uncheck()
    root.locator('[data-cmd="new"]').click()
    expect(root.locator(".sh-eyes")).to_contain_text("public view: no hands shown")
    assert kernel_state(page) == "public|[False, False]|0|[]"
    assert B.legal_ids(root, "cl") == [], "the public board offers no action"
    expect(root.locator(".cl-hand")).to_contain_text("in hand (hidden)")
    button = root.get_by_role("button", name="Pass to Anna — show Anna's hand")
    expect(button).to_be_visible()
    expect(root.locator('[data-ctl="seat"]')).to_have_value("auto")
    B.screenshot(board, "hot_seat_public.png")

    # --- the pass button by keyboard: Anna's hand and actions appear, Sandra's stay hidden
    button.focus()
    page.keyboard.press("Enter")
    expect(root.locator(".sh-eyes")).to_contain_text("Anna's view")
    expect(root.get_by_role("button", name="Pass to Anna — show Anna's hand")).to_have_count(0)
    assert kernel_state(page).startswith("0|[True, False]|")
    assert B.legal_ids(root, "cl"), "Anna may play once the board is hers"
    expect(root.locator(".cl-card-hand").first).to_be_visible()
    B.screenshot(board, "hot_seat_passed.png")
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    assert js_errors == []
