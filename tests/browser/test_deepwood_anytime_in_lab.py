"""Deep Wood's "jederzeit" readings in a real JupyterLab (headless Debian Chromium).

DW-9.1 / DW-8.3 (engine commit 1972ecc): exchanging and placing a troll are legal in the
market part of the turn too. In a seeded game stopped before the strip is laid, the
board shows the exchange as a button and the troll placements on the other forest; both
clicks reach the engine (read back from the kernel) and the turn stays in the market part.
Fixtures (browser, page, skip/fail rules): ``conftest.py``; this module serves its own
notebook, ``deepwood_anytime_test.ipynb``.
"""

from __future__ import annotations

import re

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BOARD, STATE, MESSAGE = 0, 1, 2          # code cells of deepwood_anytime_test.ipynb


def kernel_state(page) -> tuple[int, str, str]:
    """Re-run the state cell: ``<history length>|<last id>|<phase>``."""
    out = B.cell_output(page, STATE)
    B.run_cell(page, STATE)
    text = out.inner_text().strip()
    m = re.fullmatch(r"(\d+)\|(.*)\|(\w+)", text)
    assert m, f"unexpected state cell output: {text!r}"
    return int(m.group(1)), m.group(2), m.group(3)


def test_DW_9_1_exchange_and_troll_in_the_market_part(page, lab):
    from playwright.sync_api import expect

    js_errors: list[str] = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    B.open_notebook(page, lab, "deepwood_anytime_test.ipynb")
    assert B.run_all_cells(page), f"a cell failed: {B.error_outputs(page)}"
    assert B.error_outputs(page) == []

    board = B.cell_output(page, BOARD).first
    root = board.locator(".dw-root").first
    n0, _, phase = kernel_state(page)
    assert phase == "place"
    ids = B.legal_ids(root, "dw")
    assert any(i.startswith("place ") for i in ids)
    exchanges = [i for i in ids if i.startswith("exchange ")]
    assert exchanges, ids

    # --- the exchange button: the engine exchanges, the strip is still to be laid
    button = root.locator(f'.dw-legal[data-action="{exchanges[0]}"]').first
    expect(button).to_be_visible()
    button.click()
    expect(root.locator(f'.sh-status[data-ply="{n0 + 1}"]')).to_have_count(1)
    assert kernel_state(page) == (n0 + 1, exchanges[0], "place")

    # --- a troll: pick the resource, then a highlighted field of the other forest
    mode = root.locator('[data-ui="troll"]').first
    expect(mode).to_be_visible()
    mode.click()
    target = root.locator('.dw-others .dw-legal[data-action^="troll "]').first
    expect(target).to_be_visible()
    troll = target.get_attribute("data-action")
    target.scroll_into_view_if_needed()
    target.click()
    expect(root.locator(f'.sh-status[data-ply="{n0 + 2}"]')).to_have_count(1)
    assert kernel_state(page) == (n0 + 2, troll, "place")
    B.run_cell(page, MESSAGE)
    assert B.cell_output(page, MESSAGE).inner_text().strip() == "message:"
    print(f"screenshot: {B.screenshot(board, 'deepwood_anytime_in_lab.png')}")
    assert js_errors == []
