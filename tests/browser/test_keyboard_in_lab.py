"""Issue 25 §1 in a real JupyterLab (headless Debian Chromium, Playwright): a Dungeon
Draw market turn played by keyboard only. Tab enters the board, the arrow keys reach a
fairy-tile stack (a plain box, not a button), Enter buys it, the engine records it and the
aria-live region reads the move's log line; the key presses never run a notebook command."""

from __future__ import annotations

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser
STATE = 1                                   # the state cell of dungeondraw_test.ipynb


def test_a_market_buy_by_keyboard_only_reaches_the_engine_and_is_announced(page, lab):
    from playwright.sync_api import expect

    B.open_notebook(page, lab, "dungeondraw_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    board = B.cell_output(page, 0).first
    root = board.locator(".dd-root").first
    cells_before = page.locator(".jp-Notebook .jp-Cell").count()

    root.locator('[data-sh="position"]').focus()
    page.keyboard.press("Tab")                   # past the live region: into the board
    want = "buy fairy key"
    seen = []
    for _ in range(80):
        got = page.evaluate("document.activeElement && document.activeElement.getAttribute('data-action')")
        seen.append(page.evaluate("document.activeElement ? document.activeElement.outerHTML.slice(0, 90) : ''"))
        if got == want:
            break
        page.keyboard.press("ArrowRight")
    assert got == want, f"the arrow keys never reached {want!r} (visited: {seen[:6]})"
    focused = root.locator(f'[data-action="{want}"]').first
    assert focused.get_attribute("role") == "button" and focused.get_attribute("aria-label")
    page.keyboard.press("Enter")
    live = root.locator(".sh-live")
    expect(live).not_to_have_text("", timeout=20000)
    assert "key" in live.inner_text().lower()
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    assert out.inner_text().split("|")[1] == want
    # Enter, Tab and the arrows ran no notebook command (no cell added, none removed)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells_before
    B.screenshot(board, "keyboard_dungeondraw_market.png")
