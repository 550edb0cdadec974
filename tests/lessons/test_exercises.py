"""Every lesson's exercises against the teacher's key (``lessons/keys/*.toml``).

Static checks: every ``check("id", answer)`` in a notebook names an exercise of the key,
every exercise of the key is asked in the notebook its ``lesson`` field names, each ships
unanswered (``answer = ...`` just above the check) and its stored output says "not
answered yet".

Executed checks: each notebook with exercises runs once in one kernel, up to its last
check cell only, with the key's answer typed into every answer cell; after every check
one extra cell types a wrong answer (the key's first listed mistake, or a nearby value)
and checks again. Every check with the key's answer must say "right", every check with
the wrong one "wrong" plus a hint.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from lessons.exercises import NOT_ANSWERED, RIGHT, WRONG, all_exercises

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHECK = re.compile(r"""^check\(\s*["']([\w.-]+)["']\s*,\s*answer\s*\)\s*$""", re.M)
UNANSWERED = re.compile(r"^answer = \.\.\.(\s*#.*)?$")
MARK = "# test: wrong answer"


def lessons_with_checks() -> dict[Path, list[tuple[int, str]]]:
    """Notebook path -> [(cell index, exercise id)] for every check cell, in order."""
    out = {}
    for path in sorted(NOTEBOOKS.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        nb = nbformat.read(path, as_version=4)
        found = [(i, m.group(1)) for i, c in enumerate(nb.cells) if c.cell_type == "code"
                 for m in [CHECK.search(c.source)] if m]
        if found:
            out[path] = found
    return out


LESSONS = lessons_with_checks()
KEY = all_exercises()


def test_every_check_names_an_exercise_of_the_key():
    for path, checks in LESSONS.items():
        for _, ex_id in checks:
            assert ex_id in KEY, f"{path.name}: check({ex_id!r}) is not in the teacher's key"


def test_every_exercise_of_the_key_is_asked_once_in_its_lesson():
    asked = {}
    for path, checks in LESSONS.items():
        for _, ex_id in checks:
            assert ex_id not in asked, f"{ex_id} is checked twice ({asked.get(ex_id)}, {path})"
            asked[ex_id] = path.relative_to(NOTEBOOKS).as_posix()
    for ex_id, ex in KEY.items():
        assert asked.get(ex_id) == ex.lesson, f"{ex_id}: the key says {ex.lesson}, " \
                                              f"found in {asked.get(ex_id)}"


@pytest.mark.parametrize("path", list(LESSONS), ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_exercises_ship_unanswered(path):
    nb = nbformat.read(path, as_version=4)
    for i, ex_id in LESSONS[path]:
        above = nb.cells[i - 1]
        assert above.cell_type == "code" and UNANSWERED.match(above.source.strip()), \
            f"{path.name} {ex_id}: the cell above the check must be `answer = ...`"
        stored = "".join(o.get("text", "") for o in nb.cells[i].get("outputs", []))
        assert f"{ex_id}: {NOT_ANSWERED}" in stored, \
            f"{path.name} {ex_id}: stored output should say {NOT_ANSWERED!r}: {stored!r}"


def with_key_filled_in(nb, checks):
    """A copy of ``nb`` cut after its last check, the key's answers typed in, and a
    wrong-answer cell after every check."""
    nb = nbformat.from_dict(nb)
    last = checks[-1][0]
    cells = []
    for i, cell in enumerate(nb.cells[: last + 1]):
        ex_id = next((e for j, e in checks if j == i + 1), None)
        if ex_id is not None:
            cell.source = f"from fractions import Fraction\nanswer = {KEY[ex_id].literal()}"
        cells.append(cell)
        ex_id = next((e for j, e in checks if j == i), None)
        if ex_id is not None:
            ex = KEY[ex_id]
            right, wrong = ex.literal(), ex.literal(ex.a_wrong_answer())
            cells.append(nbformat.v4.new_code_cell(
                f"{MARK}\nanswer = {wrong}\ncheck({ex_id!r}, answer)\nanswer = {right}"))
    nb.cells = cells
    return nb


@pytest.mark.parametrize("path", list(LESSONS), ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_key_answers_are_right_and_a_wrong_answer_is_wrong(path):
    checks = LESSONS[path]
    nb = with_key_filled_in(nbformat.read(path, as_version=4), checks)
    NotebookClient(nb, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    wanted = {e for _, e in checks}
    seen_right, seen_wrong = set(), set()
    for cell in nb.cells:
        text = "".join(o.get("text", "") for o in cell.get("outputs", []) if o.output_type == "stream")
        m = re.search(r"Exercise ([\w.-]+): (right|wrong|not answered yet)\.", text)
        if cell.cell_type != "code" or not CHECK.search(cell.source):
            continue
        assert m, f"{path.name}: a check printed no verdict: {text!r}"
        ex_id, verdict = m.groups()
        if cell.source.startswith(MARK):
            assert verdict == WRONG and "Hint:" in text, f"{ex_id}: wrong answer judged {text!r}"
            seen_wrong.add(ex_id)
        else:
            assert verdict == RIGHT, f"{ex_id}: the key's answer was judged {text!r}"
            seen_right.add(ex_id)
    assert seen_right == wanted and seen_wrong == wanted
