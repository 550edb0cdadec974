"""Updates as patches in a real JupyterLab (issue 25 §4; ``widgets/sync.py``, ``sync.js``).

The kernel sends a board's changes as edits against what the page holds. One Pig board
shown twice (two views of one model): a move made from Python, a click in one view and a
click in the other must leave both views drawing the ply the kernel has, every time.
Fixtures: ``conftest.py``; the notebook is ``sync_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

VIEW_A, VIEW_B, STATE, PLAY = 0, 1, 2, 3          # code cells of sync_test.ipynb


def kernel_ply(page) -> tuple[int, int]:
    """Re-run the state cell: the game's history length and the widget's revision."""
    B.run_cell(page, STATE)
    text = B.cell_output(page, STATE).inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(\d+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), int(m.group(2))


def test_two_views_of_one_board_follow_the_kernels_patches(page, lab):
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "sync_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.cell_output(page, PLAY).inner_text().strip() == "message:"
    views = [B.cell_output(page, i).first.locator(".pig-root").first for i in (VIEW_A, VIEW_B)]

    def both_show_the_kernels_ply() -> int:
        ply, revision = kernel_ply(page)
        assert revision > 0                      # changes came as sync messages
        for v in views:
            expect(v.locator(".sh-status")).to_have_attribute("data-ply", str(ply))
        return ply

    after_python = both_show_the_kernels_ply()
    assert after_python >= 2                     # the roll from Python, and its die
    views[1].locator('.pig-legal[data-action="hold"]').first.click()
    after_hold = both_show_the_kernels_ply()
    assert after_hold > after_python             # the hold, and Ben's turn since
    views[0].locator('.pig-legal[data-action="roll"]').first.click()
    assert both_show_the_kernels_ply() > after_hold
    for v in views:
        assert B.legal_ids(v, "pig") == B.legal_ids(views[0], "pig")
    assert js_errors == [], f"the widget raised in the page: {js_errors}"
