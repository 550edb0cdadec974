"""The Adventure Land board widget in a real JupyterLab, in headless Debian Chromium.

Two clicks move an adventurer: a click on a highlighted square brings one from the start
area (the only source, selected already), then a click on that adventurer and one on a
highlighted square below it move it south; both moves are read back from the kernel. A
click on a square that is not highlighted changes nothing. The screenshot is kept under
``build/browser/``. Fixtures: ``conftest.py``; this module serves its own notebook,
``adventureland_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of adventureland_test.ipynb


def kernel_state(page) -> tuple[int, str, int]:
    """Re-run the state cell: ``<history length>|<Martin's parties>|<start area>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(.*)\|(\d+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), m.group(2), int(m.group(3))


def click_square(page, root, square: str) -> None:
    """A mouse click in the middle of a map square (whatever lies on it)."""
    sq = root.locator(f'.al-sq[data-sq="{square}"] rect').first
    sq.scroll_into_view_if_needed()
    box = sq.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_AL_2_2_enter_then_move_an_adventurer_south(page, lab):
    """AL-1.4: the adventurer waiting in front of row 3 (its start line, chosen first)
    enters along row 3 to E3; AL-2.1,
    AL-2.2: the same adventurer, clicked, offers the squares south of it (the water
    sprite on F3 blocks the east, AL-2.3) and moves to E6. Each click travels browser ->
    kernel -> engine -> board; a square that is not highlighted changes nothing."""
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "adventureland_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".al-root").first
    # ten start lines are ten sources: no square is offered until one is chosen
    assert [i for i in B.legal_ids(root, "al") if i != "end"] == []
    n0, mine0, start0 = kernel_state(page)
    assert (mine0, start0) == ("", 10)

    # --- a square that is not a destination (the sprite's F3): nothing is sent
    click_square(page, root, "F3")
    assert kernel_state(page) == (n0, "", 10), "a click on F3 changed the game"

    root.locator('.al-start[data-sq="start 3"]').first.click()
    enter = board.locator('.al-legal[data-action="enter 3 E3"]').first
    expect(enter).to_be_visible()
    ids = B.legal_ids(root, "al")
    assert all(i.startswith("enter 3 ") or i == "end" for i in ids), ids

    # --- from the start line of row 3 (selected above) to E3
    enter.click()
    expect(board.locator('[data-action="enter 3 E3"]')).to_have_count(0)
    n1, mine1, start1 = kernel_state(page)
    assert (n1, mine1, start1) == (n0 + 1, "E3", 9)
    # eleven sources now (nine start lines and E3): no square is offered until one is chosen
    assert [i for i in B.legal_ids(root, "al") if i != "end"] == []

    # --- first click: the adventurer on E3; its destinations light up (south only)
    root.locator('.al-party[data-sq="E3"]').first.click()
    move = board.locator('.al-legal[data-action="move E3 E6"]').first
    expect(move).to_be_visible()
    moves = [i for i in B.legal_ids(root, "al") if i.startswith("move ")]
    assert moves and all(i.startswith("move E3 E") for i in moves), moves
    shot = B.screenshot(board, "adventureland_in_lab.png")
    print(f"screenshot: {shot}; moves from E3: {moves}")

    # --- second click: the highlighted square
    move.click()
    expect(board.locator('[data-action="move E3 E6"]')).to_have_count(0)
    n2, mine2, start2 = kernel_state(page)
    assert n2 > n1 and (mine2, start2) == ("E6", 9)
    expect(root.locator('.al-party[data-sq="E6"]')).to_have_count(1)
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
