"""Copy each lesson's teacher file into its notebook: front matter, a box, the student view.

Usage::

    python tools/stamp_lessons.py                       # every lesson that has a teacher file
    python tools/stamp_lessons.py notebooks/probability/01_one_die_two_dice.ipynb
    python tools/stamp_lessons.py --check               # exit 1 and list stale notebooks

For each lesson ``notebooks/<folder>/<stem>.ipynb`` it reads ``teachers/<folder>/<stem>.md``
(validated by :mod:`lessons.teacher`) and writes exactly these things, nothing else:

1. ``metadata["deepwood"]["lesson"]``: title, objectives, minutes, prerequisites, sections
   and tallies, as in the teacher file;
2. a short box inside the first Markdown cell, right under its first line (the title),
   between ``<!-- deepwood:lesson-box -->`` and ``<!-- /deepwood:lesson-box -->``:
   objectives, prerequisites (linked), minutes, and the core and extension sections;
3. under the ``## `` heading of every extension section, in the same cell, one line
   between ``<!-- deepwood:extension -->`` markers (the heading line itself is untouched,
   so its anchor and the teacher file's section heading stay the same);
4. the student view: ``metadata.jupyter.source_hidden = true`` on every helper code cell.
   **The rule:** a code cell is an *answer cell*, and stays visible, when a student writes
   or runs in it for a verdict: a line assigns ``answer = ...`` or the cell calls
   ``check(...)``. Every other code cell is helper code and is collapsed (a click on the
   bar shows it). Outputs are never hidden: boards, plots and tables stay in view.

Everything is replaced on every run, so stamping is idempotent, and the notebook is
written as nbformat writes it (indent=1), byte for byte the same outside what it owns.
No cell is added (several lessons are at the 45-cell limit).

>>> is_answer_cell('answer = ...  # your answer, e.g. Fraction(1, 4)')
True
>>> is_answer_cell('g = dk.new_game("pig", seed=1)')
False
"""

from __future__ import annotations

import argparse
import copy
import os
import re
import sys
from pathlib import Path

import nbformat

from lessons.teacher import ROOT, Lesson, TeacherFile, TeacherFileError, all_lessons, \
    strip_marked

BOX, EXT = "lesson-box", "extension"
_ANSWER = re.compile(r"^\s*answer\s*=", re.M)
_CHECK_CALL = re.compile(r"(?<![\w.])check\(")


def is_answer_cell(source: str) -> bool:
    """True when a student types into or runs this code cell for a verdict (the rule)."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("#"))
    return bool(_ANSWER.search(code) or _CHECK_CALL.search(code))


def _marked(name: str, text: str) -> str:
    return f"<!-- deepwood:{name} -->\n{text}\n<!-- /deepwood:{name} -->"


def box(teacher: TeacherFile) -> str:
    """The Markdown of the lesson box (without its markers)."""
    f, here = teacher.front, teacher.lesson.notebook.parent
    lines = [f"> **This lesson** · about {f.minutes} minutes in class", ">",
             "> **By the end you can:**"]
    lines += [f"> - {o.removeprefix('Students can ')}" for o in f.objectives]
    before = []
    for name in f.prerequisites.lessons:
        target = Lesson(name)
        link = Path(os.path.relpath(target.notebook, here)).as_posix()
        title = target.teacher().front.title if target.teacher_path.is_file() \
            else target.title()
        before.append(f"[{title}]({link})")
    if f.prerequisites.maths:
        before.append("maths: " + ", ".join(f.prerequisites.maths))
    if before:
        lines += [">", "> **Before this:** " + " · ".join(before)]
    core = [f"{s.heading} ({s.minutes} min)" for s in f.sections if s.level == "core"]
    ext = [f"{s.heading} ({s.minutes} min)" for s in f.sections if s.level == "extension"]
    lines += [">", "> **Core:** " + " · ".join(core)]
    if ext:
        lines += [">", "> **Extension** (if time allows): " + " · ".join(ext)]
    return "\n".join(lines)


EXTENSION_LINE = ("> *Extension section: beyond the core of this lesson; a short class can "
                  "skip it.*")


def unstamp(nb) -> nbformat.NotebookNode:
    """A copy of ``nb`` without anything this tool owns (what it looked like unstamped)."""
    nb = copy.deepcopy(nb)
    deepwood = nb.metadata.get("deepwood", {})
    deepwood.pop("lesson", None)
    if "deepwood" in nb.metadata and not deepwood:
        del nb.metadata["deepwood"]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = _strip(cell.source)
        elif cell.cell_type == "code":
            jupyter = cell.metadata.get("jupyter", {})
            jupyter.pop("source_hidden", None)
            if "jupyter" in cell.metadata and not jupyter:
                del cell.metadata["jupyter"]
    return nb


def _strip(source: str) -> str:
    source = re.sub(r"\n\n<!-- deepwood:lesson-box -->.*?<!-- /deepwood:lesson-box -->\n",
                    "", source, flags=re.S)
    return re.sub(r"\n<!-- deepwood:extension -->.*?<!-- /deepwood:extension -->", "",
                  source, flags=re.S)


def stamp(nb, teacher: TeacherFile) -> nbformat.NotebookNode:
    """A stamped copy of ``nb`` (see the module docstring for what is written)."""
    nb = unstamp(nb)
    nb.metadata.setdefault("deepwood", {})["lesson"] = teacher.front.metadata()
    first = next(c for c in nb.cells if c.cell_type == "markdown")
    title, newline, rest = first.source.partition("\n")
    first.source = f"{title}\n\n{_marked(BOX, box(teacher))}\n" + newline + rest
    extension = {s.heading for s in teacher.front.sections if s.level == "extension"}
    for cell in nb.cells:
        if cell.cell_type == "markdown" and extension:
            cell.source = re.sub(
                r"^## +(.+?)[ \t]*$",
                lambda m: m.group(0) + ("\n" + _marked(EXT, EXTENSION_LINE)
                                        if strip_marked(m.group(1)) in extension else ""),
                cell.source, flags=re.M)
        elif cell.cell_type == "code" and not is_answer_cell(cell.source):
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
    return nb


def stamped_text(lesson: Lesson) -> tuple[str, str]:
    """``(current file text, text after stamping)`` for one lesson."""
    text = lesson.notebook.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    return text, nbformat.writes(stamp(nb, lesson.teacher())) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="notebooks (default: every lesson with a teacher file)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 listing the notebooks out of date")
    args = parser.parse_args(argv)
    lessons = [Lesson.of(p) for p in args.paths] if args.paths else \
        [lesson for lesson in all_lessons() if lesson.teacher_path.is_file()]
    stale, broken = [], []
    for lesson in lessons:
        try:
            old, new = stamped_text(lesson)
        except TeacherFileError as err:
            broken.append(str(err))
            continue
        if old != new:
            stale.append(lesson.notebook.relative_to(ROOT).as_posix())
            if not args.check:
                lesson.notebook.write_text(new, encoding="utf-8")
    for problem in broken:
        print(f"error: {problem}", file=sys.stderr)
    if args.check and stale:
        print("out of date (run python tools/stamp_lessons.py):\n  " + "\n  ".join(stale))
    elif stale:
        print("stamped:\n  " + "\n  ".join(stale))
    return 1 if broken or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
