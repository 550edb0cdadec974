"""A lesson opened as first downloaded shows its stored boards as pictures (issue 11, 3).

JupyterLab does not trust a notebook it has not signed itself, and a fresh Jupyter data
directory (a newcomer, a teacher's own Jupyter) has signed nothing: Lab then sanitizes
every stored ``text/html`` output, which strips inline ``<svg>`` and leaves its text as a
jumble (``Annaa0b0c0…row1row2…colDcorner``). The static tables therefore draw through
``core.picture.svg_image`` (``<img src="data:image/svg+xml;base64,…">``), which the
sanitizer keeps.

The test executes copies of two lessons exactly as ``make notebooks`` does
(``tools/run_notebooks.run_one``, so it checks the renderer of this checkout, whatever the
committed outputs are; each copy ends after its first static table and board widget),
serves them from a Lab with a fresh data directory, opens each
WITHOUT running a cell, and asserts: the cells are untrusted, every stored board picture
is there and decoded by the browser (``naturalWidth > 0``), and none of the SVG's text
leaked as a jumble. A screenshot of each lesson is kept in ``build/browser/``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tools import browser as B  # noqa: E402
from tools.run_notebooks import run_one  # noqa: E402

pytestmark = pytest.mark.browser

# lesson -> the jumble a stripped inline SVG leaves (its texts run together), never to be
# seen as output text. (The map's "the depths" label was followed by the tunnel marks; a
# printed log may say "the depths" too, but then a space or punctuation follows.)
LESSONS = {
    "deepwood/01_goal_and_setup.ipynb": [r"row1row2", r"colDcorner"],
    "clank/06_full_game.ipynb": [r"the depths[^\s.,:;!?)]"],
}
PICTURE = 'img[src^="data:image/svg+xml;base64,"]'


WIDGET = "application/vnd.jupyter.widget-view+json"


def _html(out: dict) -> str:
    html = out.get("data", {}).get("text/html", "")
    return "".join(html) if isinstance(html, list) else html


def stored_pictures(path: Path) -> int:
    """How many board pictures the executed lesson stores in ``text/html`` outputs. An
    untrusted notebook never renders a widget (its renderer is not "safe"): Lab shows
    the widget output's ``text/html`` fallback, the same static table."""
    nb = json.loads(path.read_text())
    return sum(_html(out).count("data:image/svg+xml;base64,")
               for cell in nb["cells"] for out in cell.get("outputs", []))


def last_board_cell(cells: list[dict]) -> int:
    """The index of the later of the lesson's first static table and first board widget."""
    def first(widget: bool) -> int | None:
        return next((i for i, c in enumerate(cells) for out in c.get("outputs", [])
                     if (WIDGET in out.get("data", {})) == widget
                     and ("<svg" in _html(out) or "data:image/svg+xml" in _html(out))), None)
    found = [i for i in (first(False), first(True)) if i is not None]
    assert found, "the lesson stores no board"
    return max(found)


@pytest.fixture(scope="module")
def executed_lessons(tmp_path_factory, browser_ok) -> Path:
    """Copies of the lessons, executed as ``make notebooks`` stores them -- up to and
    including their first static table and first board widget (later cells do not change
    those outputs, and a whole lesson can take half a minute)."""
    root = tmp_path_factory.mktemp("lessons")
    for rel in LESSONS:
        dest = root / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        nb = json.loads((REPO / "notebooks" / rel).read_text())
        nb["cells"] = nb["cells"][:last_board_cell(nb["cells"]) + 1]
        dest.write_text(json.dumps(nb))
        run_one(dest)
    return root


@pytest.fixture(scope="module")
def fresh_lab(executed_lessons):
    """A Lab of its own: a fresh data dir (nothing signed, so nothing trusted)."""
    with B.lab_server({"lessons": executed_lessons}, nodelay=True) as server:
        assert not list(Path(server.home, "jupyter_data_dir").glob("*.db")), \
            "the data dir should start empty: no notebook signatures"
        yield server


@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_untrusted_lesson_shows_its_boards_without_running_a_cell(
        lesson, fresh_lab, browser, executed_lessons):
    expected = stored_pictures(executed_lessons / lesson)
    assert expected >= 1, f"{lesson} stores no board picture: is render_html still inline SVG?"
    cells = fresh_lab.api(f"/api/contents/lessons/{lesson}")["content"]["cells"]
    assert not any(c["metadata"].get("trusted") for c in cells), "the server trusts it"
    context = browser.new_context(viewport=B.VIEWPORT)
    page = context.new_page()
    try:
        page.set_default_timeout(60_000)
        page.goto(f"{fresh_lab.url}/lab/tree/lessons/{lesson}?reset")
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for()
        # No waiting for the kernel: nothing is run, the stored outputs are what is seen.
        pictures = page.locator(f".jp-NotebookPanel .jp-OutputArea-output {PICTURE}")
        pictures.first.wait_for(state="attached")
        page.wait_for_function(
            """([sel, n]) => { const imgs = document.querySelectorAll(sel);
                   return imgs.length >= n && [...imgs].every(i => i.complete); }""",
            arg=[f".jp-NotebookPanel .jp-OutputArea-output {PICTURE}", expected])
        # (checked once the lesson is loaded: Lab first shows a blank placeholder cell)
        trusted = page.evaluate(
            """() => { const nb = window.jupyterapp.shell.currentWidget.content.model;
                       return [...nb.cells].filter(c => c.type === 'code')
                                           .map(c => c.trusted); }""")
        n_code = sum(c["cell_type"] == "code" for c in cells)
        assert len(trusted) == n_code and not any(trusted), f"not untrusted: {trusted}"
        sizes = pictures.evaluate_all("imgs => imgs.map(i => [i.naturalWidth, i.alt])")
        assert len(sizes) >= expected, sizes
        assert all(w > 0 and alt for w, alt in sizes), sizes
        # the last picture: a board widget's fallback (the first is a static table)
        B.screenshot(pictures.last, f"untrusted-{lesson.replace('/', '-')}.png")
        text = "\n".join(page.locator(".jp-NotebookPanel .jp-OutputArea-output")
                          .all_inner_texts())
        for jumble in LESSONS[lesson]:
            assert not re.search(jumble, text), f"SVG text leaked as output text: {jumble!r}"
    finally:
        context.close()
        fresh_lab.shutdown_kernels()
