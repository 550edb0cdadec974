"""Issue 11 §3 in a real browser: a lab input the lab refuses (99 cubes per draw, limit
40; a roll-under target of 99 with two dice, limit 12) says what is allowed, and the field
shows the value in force again, also when the same bad value is typed twice (the message
does not change then)."""

from __future__ import annotations

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

BAG, DICE = 0, 1                 # code cells of lab_inputs_test.ipynb


@pytest.mark.parametrize("cell,field,allowed", [(BAG, "draw", "cubes per draw must be 1..36"),
                                                (DICE, "target", "target must be 0..12")])
def test_a_refused_input_says_what_is_allowed_and_resets_the_field(page, lab, cell, field,
                                                                   allowed):
    from playwright.sync_api import expect
    expect.set_options(timeout=30_000)

    B.open_notebook(page, lab, "lab_inputs_test.ipynb")
    B.run_cell(page, cell)
    out = B.cell_output(page, cell).first
    box = out.locator(f'input[data-ctl="{field}"]')
    expect(box).to_be_visible()
    before = box.input_value()
    for _ in range(2):                       # the second refusal repeats the message
        box.fill("99")
        box.press("Tab")                     # a change event: sent to the kernel
        expect(out.locator(".dl-message")).to_contain_text(allowed)
        expect(box).to_have_value(before)
    B.screenshot(out, f"lab_input_{field}_refused.png")
