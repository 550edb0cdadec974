"""The DungeonQuest board widget in a real JupyterLab, in headless Debian Chromium
(Playwright).

Clicks on a hero sheet, a tower room, an unexplored square and a combat card must reach
the engine (read back from the kernel); a click on a square that is not a legal target
changes nothing. Screenshots are kept under ``build/browser/``. Fixtures: ``conftest.py``;
this module serves its own notebook, ``dungeonquest_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of dungeonquest_test.ipynb


def kernel_state(page) -> tuple[int, str, str, str]:
    """Re-run the state cell: ``<plies>|<Anna's last action>|<hero>|<square>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(.*)\|(\S+)\|(\S+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), m.group(2), m.group(3), m.group(4)


def test_DQ_3_4_choose_a_hero_enter_a_tower_explore_and_fight(page, lab):
    """DQ-1.7 a hero sheet, DQ-1.10 a tower room, DQ-3.4 an unexplored square (a tile is
    drawn and laid), DQ-9.3 a combat card: each click travels browser -> kernel -> engine
    -> board; a click on a square that is not highlighted changes nothing."""
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "dungeonquest_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".dq-root").first
    hero = board.locator('.dq-legal[data-action="hero brannoc"]').first
    expect(hero).to_be_visible()
    ids = B.legal_ids(root, "dq")
    assert ids and all(i.startswith("hero ") for i in ids), ids
    n0, last0, hero0, sq0 = kernel_state(page)
    assert (last0, hero0, sq0) == ("-", "-", "-")

    # --- a hero sheet: Anna plays Brannoc; the tower rooms light up on the grid
    hero.click()
    tower = board.locator('.dq-legal[data-action="tower a1"]').first
    expect(tower).to_be_visible()
    n1, last1, hero1, _ = kernel_state(page)
    assert (last1, hero1) == ("hero brannoc", "brannoc") and n1 > n0   # + the bot's choice

    # --- a tower room; then the bot places its hero and Anna's first action waits
    tower.click()
    explore = board.locator('.dq-legal[data-action="move b1"]').first
    expect(explore).to_be_visible()
    n2, last2, _, sq2 = kernel_state(page)
    assert (last2, sq2) == ("tower a1", "a1") and n2 > n1

    # --- an unexplored square that is not a legal target: nothing is sent, nothing changes
    far = root.locator('[data-sq="e4"]').first
    far.scroll_into_view_if_needed()
    box = far.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert kernel_state(page) == (n2, "tower a1", "brannoc", "a1"), \
        "a click on a square that is not a legal target changed the game"

    # --- the marked square: a tile is drawn and laid, and a monster waits inside
    explore.click()
    card = board.locator('.dq-legal[data-action="play magic"]').first
    expect(card).to_be_visible()
    n3, last3, _, sq3 = kernel_state(page)
    assert (last3, sq3) == ("move b1", "b1") and n3 > n2
    expect(root.locator(".dq-combat")).to_contain_text("Stone gargoyle")
    expect(root.locator(".dq-grid .dq-room").first).to_be_visible()
    B.screenshot(board, "dungeonquest_in_lab_combat.png")

    # --- a combat card: the bot answers as the monster, both are revealed
    card.click()
    expect(board.locator('.dq-legal[data-action="play magic"]')).to_have_count(0, timeout=10000)
    n4, last4, _, _ = kernel_state(page)
    assert last4 == "play magic" and n4 > n3
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    shot = B.screenshot(board, "dungeonquest_in_lab.png")
    print(f"screenshot: {shot}")
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
