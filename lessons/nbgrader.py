"""Write an nbgrader source course for one lesson series, from the lessons and the key.

Usage::

    python -m lessons.nbgrader probability course/
    cd course && nbgrader generate_assignment 01_one_die_two_dice
    # ... release, collect, then:
    nbgrader autograde 01_one_die_two_dice

Each lesson of the series becomes one assignment (``source/<lesson>/<lesson>.ipynb``),
the lesson notebook itself with its outputs cleared, so students work in the lesson
they know. Each exercise's two cells become nbgrader cells:

* the ``answer = ...`` cell is an autograded answer cell: the teacher's version holds
  the key's answer between ``### BEGIN SOLUTION`` / ``### END SOLUTION``; the released
  version shows ``answer = ...`` again (``code_stub`` in the course's config), under the
  lesson's own comment on how to type the answer;
* the ``check("id", answer)`` cell is a read-only test cell worth one point: the student
  still sees ``check``'s verdict, and a hidden test (``### BEGIN HIDDEN TESTS``) asks
  the key whether the answer is right, so a wrong or missing answer scores zero.

The hidden test judges with :meth:`lessons.exercises.Exercise.judge`, the same reading
as ``check`` (order of dice ignored, ``5/36`` typed as a division accepted, ...), so a
student gets the mark ``check`` promised. The grader's machine needs this package
installed, as the students' does.

``OUTDIR`` must not exist yet or be empty: the course is written fresh.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import nbformat

from .exercises import all_exercises, load_key

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHECK = re.compile(r"""^check\(\s*["']([\w.-]+)["']\s*,\s*answer\s*\)\s*$""")
UNANSWERED = re.compile(r"^answer = \.\.\.\s*(#.*)?$")

CONFIG = '''\
# nbgrader configuration of the course written by `python -m lessons.nbgrader`.
c = get_config()  # noqa: F821 - nbgrader provides get_config
c.CourseDirectory.course_id = {course!r}
# The released answer cell reads as the lesson ships it: `answer = ...`.
c.ClearSolutions.code_stub = {{"python": "answer = ..."}}
'''


def _grade_id(exercise_id: str, part: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", exercise_id) + "-" + part


def _nbgrader_meta(grade_id: str, *, solution: bool, grade: bool, points: int = 0) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": not solution,
            "schema_version": 3, "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return meta


def assignment(lesson: str) -> nbformat.NotebookNode:
    """The nbgrader source notebook of one lesson (path relative to ``notebooks/``)."""
    key = all_exercises()
    nb = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        m = CHECK.match(cell.source.strip()) if cell.cell_type == "code" else None
        if not m:
            continue
        ex = key[m.group(1)]
        above = nb.cells[i - 1]
        stub = UNANSWERED.match(above.source.strip()) if above.cell_type == "code" else None
        if not stub:
            raise ValueError(f"{lesson}: the cell above check({ex.id!r}) is not `answer = ...`")
        solution = f"answer = {ex.literal()}"
        if "Fraction(" in solution:
            solution = "from fractions import Fraction\n" + solution
        above.source = "\n".join(filter(None, [
            stub.group(1), "### BEGIN SOLUTION", solution, "### END SOLUTION"]))
        above.metadata["nbgrader"] = _nbgrader_meta(_grade_id(ex.id, "answer"),
                                                    solution=True, grade=False)
        cell.source = "\n".join([
            f'check("{ex.id}", answer)',
            "### BEGIN HIDDEN TESTS",
            "from lessons.exercises import all_exercises as _key",
            f"assert _key()[{ex.id!r}].judge(answer)[0] == 'right', "
            f"'{ex.id}: not the right answer'",
            "### END HIDDEN TESTS"])
        cell.metadata["nbgrader"] = _nbgrader_meta(_grade_id(ex.id, "test"),
                                                   solution=False, grade=True, points=1)
        found.append(ex.id)
    expected = [e.id for e in key.values() if e.lesson == lesson]
    if sorted(found) != sorted(expected):
        raise ValueError(f"{lesson}: the key has {expected}, the lesson checks {found}")
    return nb


def write_course(series: str, outdir: Path) -> list[str]:
    """Write the nbgrader source course of ``series`` into ``outdir``; the assignment
    names (one per lesson, in order)."""
    exercises = load_key(series)              # a clear error for an unknown series
    outdir = Path(outdir)
    if outdir.exists() and any(outdir.iterdir()):
        raise ValueError(f"{outdir} is not empty; give a new or empty folder")
    lessons = list(dict.fromkeys(ex.lesson for ex in exercises.values()))
    names = []
    for lesson in lessons:
        name = Path(lesson).stem
        folder = outdir / "source" / name
        folder.mkdir(parents=True)
        nbformat.write(assignment(lesson), folder / f"{name}.ipynb")
        names.append(name)
    (outdir / "nbgrader_config.py").write_text(CONFIG.format(course=f"deepwood-{series}"))
    (outdir / "assignments.json").write_text(json.dumps(
        {name: [e.id for e in exercises.values() if Path(e.lesson).stem == name]
         for name in names}, indent=1) + "\n")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons.nbgrader",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("series", help="a lesson series with a key, e.g. probability")
    parser.add_argument("outdir", type=Path, help="a new or empty folder for the course")
    args = parser.parse_args(argv)
    try:
        names = write_course(args.series, args.outdir)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"nbgrader course written to {args.outdir}: {len(names)} assignments")
    for name in names:
        print(f"  cd {args.outdir} && nbgrader generate_assignment {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
