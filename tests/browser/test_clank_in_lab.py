"""The Clank! board widget in a real JupyterLab, in headless Debian Chromium (Playwright).

A click on a card in the hand and then on a highlighted room must reach the engine (read
back from the kernel); a click on a room that is not a legal target changes nothing.
Screenshots are kept under ``build/browser/``. Fixtures (browser, page, skip/fail rules):
``conftest.py``; this module serves its own notebook, ``clank_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of clank_test.ipynb


def kernel_state(page) -> tuple[int, str, str, int]:
    """Re-run the state cell: ``<history length>|<last id>|<Anna's room>|<boots left>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(.*)\|(\S+)\|(\d+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), m.group(2), m.group(3), int(m.group(4))


def test_CL_5_1_play_a_card_then_walk_into_the_dungeon(page, lab):
    """Playing a boot card (CL-2.2, CL-2.3) and clicking the highlighted gate room moves
    Anna's figure through the tunnel (CL-5.1): both clicks travel browser -> kernel ->
    engine -> board; clicking a room that is not highlighted changes nothing."""
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "clank_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".cl-root").first
    card = board.locator('.cl-legal[data-action="play scramble"]').first
    expect(card).to_be_visible()
    ids = B.legal_ids(root, "cl")
    assert ids and all(i.startswith("play ") for i in ids), ids
    assert not any(i.startswith("move ") for i in ids), "no boots yet, so no move"
    n0, _, room0, boots0 = kernel_state(page)
    assert (room0, boots0) == ("start", 0)

    # --- a card in the hand: the engine plays it, the board shows the new boot and targets
    card.click()
    gate = board.locator('.cl-legal[data-action="move r1"]').first
    expect(gate).to_be_visible()
    assert kernel_state(page) == (n0 + 1, "play scramble", "start", 1)
    expect(root.locator(".cl-res").nth(2)).to_contain_text("1")     # the boots chip

    # --- a room that is not a legal target: nothing is sent, nothing changes
    deep = root.locator('[data-room="r34"]').first
    deep.scroll_into_view_if_needed()
    box = deep.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert kernel_state(page) == (n0 + 1, "play scramble", "start", 1), \
        "a click on a room that is not a legal target changed the game"
    assert "move r1" in B.legal_ids(root, "cl")

    # --- the highlighted room: the figure walks through the tunnel
    gate.click()
    expect(board.locator('[data-action="move r1"]')).to_have_count(0)
    n2, last, room2, boots2 = kernel_state(page)
    assert (n2, last, room2, boots2) == (n0 + 2, "move r1", "r1", 0)
    expect(root.locator(".cl-here")).to_contain_text("Collapsed Gate")
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"

    # --- one more boot card, so the screenshot shows the rooms reachable from the gate
    board.locator('.cl-legal[data-action="play sidestep"]').first.click()
    expect(board.locator('.cl-legal[data-action^="move r"]').first).to_be_visible()
    moves = [i for i in B.legal_ids(root, "cl") if i.startswith("move ")]
    assert moves, "a boot in hand at the gate opens tunnels"
    shot = B.screenshot(board, "clank_in_lab.png")
    print(f"screenshot: {shot}; moves from the gate: {moves}")
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
