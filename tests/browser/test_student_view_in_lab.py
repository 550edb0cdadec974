"""The student view in JupyterLab (issue 26 §3): a stamped lesson opens with its helper
code collapsed and its answer cells shown, outputs (the board) in view, a click on a
collapsed cell shows its code, and collapsed cells run (tools/browser.py reads execution
counts from the notebook model, since a collapsed cell's prompt shows none). Which cells count as answer cells is the rule in
``tools/stamp_lessons.py`` (tests/lessons/test_front_matter.py checks it on every lesson)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tools import browser as B  # noqa: E402
from tools.stamp_lessons import is_answer_cell  # noqa: E402

pytestmark = pytest.mark.browser
LESSON = "dungeonquest/01_heroes_and_tests.ipynb"

CELL_STATE = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')].map(c => {
        const ed = c.querySelector('.jp-InputArea .cm-content');
        return {placeholder: !!c.querySelector('.jp-InputPlaceholder'),
                shown: !!ed && ed.offsetParent !== null, text: ed ? ed.textContent : ''};
    })"""


def test_a_stamped_lesson_opens_with_helper_code_collapsed(page, lab):
    sources = [c["source"] if isinstance(c["source"], str) else "".join(c["source"])
               for c in json.loads((REPO / "notebooks" / LESSON).read_text())["cells"]
               if c["cell_type"] == "code"]
    answer = [is_answer_cell(s) for s in sources]
    assert any(answer) and not all(answer)
    B.open_notebook(page, lab, f"notebooks/{LESSON}")
    state = page.evaluate(CELL_STATE)
    assert len(state) == len(sources)
    for i, (cell, is_answer) in enumerate(zip(state, answer)):
        assert cell["shown"] is is_answer and cell["placeholder"] is not is_answer, (i, cell)
    first_answer = answer.index(True)
    assert "answer = ..." in state[first_answer]["text"]
    # the outputs stay: the stored board pictures are in view without running anything
    assert page.locator('.jp-OutputArea-output img[src^="data:image/svg+xml"]').count() >= 1
    B.screenshot(page, "student_view.png")
    # a click on the collapsed cell's bar shows its code
    first_helper = answer.index(False)
    B.code_cells(page).nth(first_helper).locator(".jp-InputPlaceholder").click()
    page.wait_for_function(
        """(i) => { const c = document.querySelectorAll(
               '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')[i];
               const ed = c.querySelector('.jp-InputArea .cm-content');
               return ed && ed.offsetParent !== null; }""", arg=first_helper)
    assert "import" in page.evaluate(CELL_STATE)[first_helper]["text"]
    # collapsed cells run as any other: the whole lesson, and then one cell again
    assert B.run_all_cells(page, timeout=180_000) and not B.error_outputs(page)
    assert B.unexecuted_cells(page) == []
    B.run_cell(page, answer.index(False, first_helper + 1))
