"""The Dungeon Draw board widget in a real JupyterLab, in headless Debian Chromium
(Playwright).

Clicks on a fairy-tile stack of the market, the pass button, a hand card and a marked
place in the building area, "dungeon built" and an open connector on the rim must reach
the engine (read back from the kernel); a click on a laid card that is not a target
changes nothing; "show the best path" draws the solver's path. Screenshots are kept
under ``build/browser/``. Fixtures: ``conftest.py``; this module serves its own notebook,
``dungeondraw_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of dungeondraw_test.ipynb


def kernel_state(page) -> tuple[int, str, int, int, str]:
    """Re-run the state cell: ``<plies>|<Anna's last action>|<cards laid>|<path steps>|
    <phase>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(.*)\|(\d+)\|(\d+)\|(\S+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4)), m.group(5)


def test_DD_4_1_buy_build_and_start_the_path_by_clicking(page, lab):
    """DD-2.5 a fairy tile bought from its stack, DD-2.3 pass, DD-4.6 the layout
    advisor's next place starred, DD-4.1 a hand card laid on a marked place, DD-5.1 the path started at an open connector: each click travels
    browser -> kernel -> engine -> board; a click on a laid card changes nothing."""
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "dungeondraw_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".dd-root").first
    n0, last0, laid0, steps0, phase0 = kernel_state(page)
    assert (last0, laid0, steps0, phase0) == ("-", 0, 0, "market")

    # --- the key stack of the fairy market
    stack = board.locator('.dd-fairy.dd-legal[data-action="buy fairy key"]').first
    expect(stack).to_be_visible()
    stack.click()
    expect(root.locator(".dd-fairy").first).to_contain_text("×4")
    n1, last1, *_ = kernel_state(page)
    assert last1 == "buy fairy key" and n1 > n0
    B.screenshot(board, "dungeondraw_in_lab_market.png")

    # --- pass; the bot finishes the market, the hands are drawn, building begins
    board.locator('.dd-legal[data-action="pass"]').first.click()
    ghost = board.locator(".dd-ghost.dd-legal").first
    expect(ghost).to_be_visible(timeout=20000)
    n2, last2, laid2, _, phase2 = kernel_state(page)
    assert (last2, laid2, phase2) == ("pass", 0, "explore") and n2 > n1

    # --- the layout advisor's next card: its place is starred
    root.locator('[data-ui="advised"]').first.click()
    expect(root.locator(".dd-ghost.dd-advised")).to_have_count(1)
    B.screenshot(board, "dungeondraw_in_lab_build.png")

    # --- another hand card, then a marked place
    cards = root.locator(".dd-handcard.dd-pick")
    assert cards.count() >= 2
    sel = root.locator(".dd-handcard.dd-sel .dd-cname").inner_text()
    other = next(i for i in range(cards.count())
                 if cards.nth(i).locator(".dd-cname").inner_text() != sel)
    cards.nth(other).click()
    expect(root.locator(".dd-handcard.dd-sel")).to_have_count(1)
    chosen = root.locator(".dd-handcard.dd-sel .dd-cname").inner_text()
    first = board.locator(".dd-ghost.dd-legal").first
    action = first.get_attribute("data-action")
    first.locator("circle").click()
    expect(root.locator(".dd-laid")).to_have_count(1, timeout=20000)
    n3, last3, laid3, *_ = kernel_state(page)
    assert last3 == action and laid3 == 1 and n3 > n2
    expect(root.locator(".dd-laid .dd-cardname").first).to_contain_text(chosen)

    # --- a click on the laid card itself is no target: nothing is sent, nothing changes
    root.locator(".dd-laid rect.dd-card").first.click(force=True)
    assert kernel_state(page)[:3] == (n3, action, 1), \
        "a click on a laid card changed the game"

    # --- the dungeon is built; an open connector starts the path
    board.locator('.dd-legal[data-action="build done"]').first.click()
    start = board.locator('.dd-target.dd-legal[data-action^="start "]').first
    expect(start).to_be_visible(timeout=20000)
    start_id = start.get_attribute("data-action")
    start.click()
    expect(root.locator(".dd-here")).to_have_count(1, timeout=20000)
    _n4, last4, _laid4, steps4, _ = kernel_state(page)
    assert last4 == start_id and steps4 == 1

    # --- the solver's best path, its score beside Anna's
    expect(root.locator(".dd-solver")).to_contain_text("Best path")
    root.locator('[data-ui="best"]').first.click()
    expect(root.locator(".dd-bestline")).to_have_count(1)
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    shot = B.screenshot(board, "dungeondraw_in_lab.png")
    print(f"screenshot: {shot}")
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
