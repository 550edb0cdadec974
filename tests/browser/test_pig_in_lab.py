"""The Pig board widget in a real JupyterLab, in headless Debian Chromium.

Anna clicks *Roll* until she may hold, then *Hold*: each click travels browser -> kernel
-> engine -> board, the die is rolled at once (auto roll), and the history, the turn total
and her banked points are read back from the kernel (PIG-2.1, PIG-2.4, PIG-3.1). The
screenshot is kept under ``build/browser/``. Fixtures: ``conftest.py``; this module
serves its own notebook, ``pig_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of pig_test.ipynb


def kernel_state(page) -> tuple[int, int, int]:
    """Re-run the state cell: ``<history length>|<turn total>|<Anna's banked points>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(\d+)\|(\d+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def test_PIG_3_1_roll_then_hold_by_clicking(page, lab):
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "pig_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".pig-root").first
    roll = board.locator('.pig-legal[data-action="roll"]').first
    expect(roll).to_be_visible()
    assert B.legal_ids(root, "pig") == ["roll"]
    assert kernel_state(page) == (0, 0, 0)

    # roll (the die comes at once) until a hold is offered; seed 1's first roll scores
    roll.click()
    hold = board.locator('.pig-legal[data-action="hold"]').first
    expect(hold).to_be_visible()
    n1, total, banked = kernel_state(page)
    assert n1 == 2 and 2 <= total <= 6 and banked == 0
    expect(root.locator(".pig-die")).to_have_count(1)
    shot = B.screenshot(board, "pig_in_lab.png")
    print(f"screenshot: {shot}; turn total {total}")

    hold.click()
    expect(board.locator('.pig-legal[data-action="hold"]')).to_have_count(0)
    n2, _, banked2 = kernel_state(page)
    assert banked2 == total and n2 > n1           # Ben (the bot) has played his turn since
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
