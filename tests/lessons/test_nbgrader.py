"""python -m lessons.nbgrader: the course it writes goes through nbgrader itself.

The round trip: write the probability course, let nbgrader generate every assignment
(the released notebooks hide the key and the hidden tests), fill in one lesson as two
students would (one with the key's answers, one with two known wrong answers), collect
and autograde with nbgrader, and read the marks from its gradebook: full marks for the
key, zero for exactly the exercises answered wrong. Autograding runs every cell of the
lesson in a kernel, so only lesson 1 is graded (~15 s); the other lessons are checked
as generated assignments.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import nbformat
import pytest

from lessons import nbgrader as course
from lessons.exercises import all_exercises, load_key

nbgrader_apps = pytest.importorskip("nbgrader.apps")
from nbgrader.api import Gradebook  # noqa: E402
from traitlets.config import Config  # noqa: E402

WRONG = ("lab1-ex1", "lab1-ex3")


def api_for(root: Path):
    config = Config()
    config.CourseDirectory.root = str(root)
    config.Exchange.root = str(root / "exchange")      # not the machine's shared one
    source = (root / "nbgrader_config.py").read_text()
    exec(compile(source, "nbgrader_config.py", "exec"), {"get_config": lambda: config})
    return nbgrader_apps.NbGraderAPI(config=config)


def answered(released: Path, wrong=()) -> nbformat.NotebookNode:
    """The released notebook with every answer cell filled in as a student types it."""
    key = all_exercises()
    nb = nbformat.read(released, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.metadata.get("nbgrader", {}).get("solution"):
            ex = key[course.CHECK.match(nb.cells[i + 1].source.strip()).group(1)]
            literal = ex.literal(ex.a_wrong_answer()) if ex.id in wrong else ex.literal()
            assert "answer = ...\n" not in cell.source and cell.source.endswith("answer = ...")
            cell.source = cell.source.replace(
                "answer = ...", f"from fractions import Fraction\nanswer = {literal}")
    return nb


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")     # inside nbgrader's gradebook
def test_round_trip_through_nbgrader_full_marks_and_zero_for_wrong(tmp_path, monkeypatch):
    # nbgrader runs `alembic` (its database migrations) as a program from the venv
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    root = tmp_path / "course"
    names = course.write_course("probability", root)
    assert names == list(json.loads((root / "assignments.json").read_text()))
    api = api_for(root)
    key = load_key("probability")
    for name in names:
        result = api.generate_assignment(name)
        assert result["success"], result["log"]
        released = "\n".join(c.source for c in nbformat.read(
            root / "release" / name / f"{name}.ipynb", as_version=4).cells)
        assert "BEGIN SOLUTION" not in released and "HIDDEN TESTS" not in released
        for ex in key.values():
            if Path(ex.lesson).stem == name:
                assert f'check("{ex.id}", answer)' in released
                assert f"answer = {ex.literal()}" not in released

    lesson = names[0]
    released = root / "release" / lesson / f"{lesson}.ipynb"
    for student, wrong in (("keen", ()), ("hasty", WRONG)):
        folder = root / "submitted" / student / lesson
        folder.mkdir(parents=True)
        nbformat.write(answered(released, wrong), folder / f"{lesson}.ipynb")
        result = api.autograde(lesson, student)
        assert result["success"], result["log"]

    in_lesson = [ex.id for ex in key.values() if Path(ex.lesson).stem == lesson]
    assert set(WRONG) <= set(in_lesson)
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        keen = gradebook.find_submission(lesson, "keen")
        assert keen.max_score == len(in_lesson) and keen.score == len(in_lesson)
        hasty = gradebook.find_submission(lesson, "hasty")
        assert hasty.score == len(in_lesson) - len(WRONG)
        for ex_id in in_lesson:
            grade = gradebook.find_grade(course._grade_id(ex_id, "test"), lesson, lesson, "hasty")
            assert grade.score == (0 if ex_id in WRONG else 1), ex_id


def test_every_exercise_becomes_an_answer_cell_and_a_hidden_test():
    for ex in all_exercises().values():
        nb = course.assignment(ex.lesson)
        cells = {c.metadata["nbgrader"]["grade_id"]: c for c in nb.cells
                 if "nbgrader" in c.metadata}
        answer = cells[course._grade_id(ex.id, "answer")]
        test = cells[course._grade_id(ex.id, "test")]
        assert answer.metadata["nbgrader"]["solution"] and not answer.metadata["nbgrader"]["grade"]
        assert "### BEGIN SOLUTION\n" in answer.source and f"answer = {ex.literal()}\n" \
            "### END SOLUTION" in answer.source
        assert test.metadata["nbgrader"]["grade"] and test.metadata["nbgrader"]["points"] == 1
        assert "### BEGIN HIDDEN TESTS" in test.source and repr(ex.id) in test.source


def test_a_bad_series_or_a_used_folder_is_refused(tmp_path, capsys):
    assert course.main(["no-such-series", str(tmp_path / "a")]) == 2
    assert "no key for series" in capsys.readouterr().err
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "x").write_text("")
    assert course.main(["probability", str(tmp_path / "b")]) == 2
    assert "not empty" in capsys.readouterr().err
