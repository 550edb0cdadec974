"""``make worksheets``: one printable worksheet per lesson (PDF, A4 or US letter), no code.

Usage::

    python tools/worksheets.py                            # every lesson, A4
    python tools/worksheets.py --paper letter probability/01_one_die_two_dice

A worksheet holds, in this order: the lesson's title and objectives (from its teacher
file), its on-paper tasks ("### On paper: ..." in the teacher file), a tally sheet per
``[[tallies]]`` entry (the outcomes as columns, ``rows`` numbered lines and a total),
every exercise of the lesson with ruled room for working, and the board pictures the
lesson shows. Exercises are the notebook's ``check("id", answer)`` cells, labelled as the
notebook labels them; the question printed is the key's ``question`` (written to stand
alone, with no code). The board pictures are the notebook's stored outputs that draw a
board (an SVG, inline or as an image; a lab's static copy is no board), printed as stored so that their coordinates and
labels stay; scripts are stripped. A lesson without a teacher file yet gets its notebook
title, exercises and pictures (and is named on stderr).

>>> [label for label, _ in exercises(Lesson("probability/01_one_die_two_dice"))][3]
'Exercise 4 (conditional probability)'
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

if __package__ in (None, ""):            # run as a script: python tools/worksheets.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lessons.teacher import ROOT, Lesson, TeacherFile, TeacherFileError, all_lessons, \
    notebook_exercises
from tools.guide import TITLES, key_of
from tools.printing import Printer, markdown, page, strip_scripts

OUT = ROOT / "build" / "worksheets"
LAB = "deepwood-lab-static"                # a lab's static copy (dice lab...): no board
LINE = "8mm"                                 # ruled line spacing: room for handwriting
CSS = f"""
.head {{ display: flex; gap: 8mm; font-family: "DejaVu Sans", sans-serif; font-size: 10pt;
         margin-bottom: 8pt; }}
.head span {{ flex: 1; border-bottom: 0.6pt solid #333; padding-bottom: 10pt; }}
.sub {{ color: #444; margin: 0 0 8pt; }}
.ruled {{ margin: 2pt 0 10pt; }}
.ruled div {{ height: {LINE}; box-sizing: border-box; border-bottom: 0.6pt solid #8a9a9a; }}
.task, .exercise {{ break-inside: avoid; }}
.exercise h3, .task h3 {{ margin-bottom: 2pt; }}
.exercise p, .task p {{ margin: 2pt 0; }}
table.tally {{ width: 100%; table-layout: fixed; font-size: 9pt; break-inside: auto; }}
table.tally td {{ height: 5.6mm; padding: 0 3pt; box-sizing: border-box; }}
table.tally th {{ background: #eee; padding: 1pt 2pt; }}
table.tally td:first-child, table.tally th:first-child {{ width: 9mm; color: #555; }}
.tally-block h2 {{ break-before: page; }}
figure {{ margin: 8pt 0 14pt; break-inside: avoid; }}
figcaption {{ font-size: 9.5pt; color: #444; margin-top: 3pt; }}
h2 {{ break-after: avoid; border-bottom: 1pt solid #999; padding-bottom: 2pt; }}
"""


def exercises(lesson: Lesson) -> list[tuple[str, str]]:
    """``(label, question)`` of every exercise of the lesson, in the notebook's order."""
    by_id = {e.id: e for e in key_of(lesson)}
    out = []
    for ex in notebook_exercises(lesson.read_notebook()):
        if ex.id not in by_id:
            raise ValueError(f"{lesson.name}: check({ex.id!r}) is not in the teacher's key")
        out.append((ex.label, by_id[ex.id].question))
    return out


def board_pictures(lesson: Lesson) -> list[tuple[str, str]]:
    """``(section heading, HTML)`` of each stored output that draws a board, in order,
    each picture once."""
    out, seen, section = [], set(), lesson.title()
    for cell in lesson.read_notebook().cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("## "):
                    section = line[3:].strip()
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            fragment = data.get("text/html", "")
            fragment = "".join(fragment) if isinstance(fragment, list) else fragment
            if "<svg" not in fragment and "data:image/svg+xml" not in fragment:
                fragment = data.get("image/svg+xml", "")
                fragment = "".join(fragment) if isinstance(fragment, list) else fragment
            if fragment and fragment not in seen and LAB not in fragment:
                seen.add(fragment)
                out.append((section, strip_scripts(fragment)))
    return out


def _ruled(lines: int) -> str:
    return '<div class="ruled">' + "<div></div>" * lines + "</div>"


def worksheet_html(lesson: Lesson, paper: str = "A4") -> str:
    """The worksheet of one lesson as an HTML document ready to print."""
    try:
        teacher: TeacherFile | None = lesson.teacher()
    except TeacherFileError as err:
        if lesson.teacher_path.is_file():
            raise
        print(f"worksheets: {err}", file=sys.stderr)
        teacher = None
    title = teacher.front.title if teacher else lesson.title()
    parts = ['<div class="head"><span>Name:</span><span>Class:</span><span>Date:</span></div>',
             f"<h1>{html.escape(title)}</h1>",
             f'<p class="sub">{html.escape(TITLES[lesson.series])}: '
             f"<em>{html.escape(lesson.title())}</em>. Work on paper; write your answers "
             "in the ruled space.</p>"]
    if teacher:
        parts.append("<p><strong>In this lesson you learn to:</strong></p><ul>" + "".join(
            f"<li>{html.escape(o.removeprefix('Students can '))}</li>"
            for o in teacher.front.objectives) + "</ul>")
        if teacher.on_paper:
            parts.append("<h2>On paper</h2>")
            for i, (task, _) in enumerate(teacher.on_paper, start=1):
                parts.append(_space("task", f"Task {i}",
                                    markdown(task[:1].upper() + task[1:]), 8))
    found = exercises(lesson)
    if found:
        parts.append("<h2>Exercises</h2>")
        for label, question in found:
            parts.append(_space("exercise", label, f"<p>{html.escape(question)}</p>", 6,
                                "<p>Answer: ____________________</p>"))
    for tally in teacher.front.tallies if teacher else []:
        head = "".join(f"<th>{html.escape(o)}</th>" for o in tally.outcomes)
        rows = "".join(f"<tr><td>{n}</td>" + "<td></td>" * len(tally.outcomes) + "</tr>"
                       for n in range(1, tally.rows + 1))
        total = "<tr><th>Σ</th>" + "<td></td>" * len(tally.outcomes) + "</tr>"
        parts.append(f'<div class="tally-block"><h2>Tally sheet: {html.escape(tally.title)}'
                     f'</h2><p>One row per roll or draw: put a mark under what came up.</p>'
                     f'<table class="tally"><thead><tr><th>#</th>{head}</tr></thead>'
                     f"<tbody>{rows}{total}</tbody></table></div>")
    pictures = board_pictures(lesson)
    if pictures:
        parts.append("<h2>Board pictures from the lesson</h2>")
        for section, fragment in pictures:
            parts.append(f"<figure>{fragment}<figcaption>From the section "
                         f"“{html.escape(section)}”.</figcaption></figure>")
    return page(f"Worksheet: {title}", "\n".join(parts), CSS, paper)


def _space(kind: str, label: str, body: str, lines: int, after: str = "") -> str:
    """A task or exercise: its label, its text (HTML) and ``lines`` ruled lines to work in."""
    return (f'<div class="{kind}"><h3>{html.escape(label)}</h3>{body}{_ruled(lines)}'
            f"{after}</div>")


def out_path(lesson: Lesson, out: Path) -> Path:
    """``<out>/<folder>/<stem>.pdf`` (the start series' notebooks: ``<out>/start/``)."""
    return out / lesson.series / f"{lesson.stem}.pdf"


def build(lessons: list[Lesson], out: Path, paper: str = "A4") -> list[Path]:
    """Print the worksheets of ``lessons`` into ``out``; return the PDFs written."""
    with Printer() as printer:
        return [printer.pdf(worksheet_html(lesson, paper), out_path(lesson, out), paper)
                for lesson in lessons]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson names such as "
                        "probability/01_one_die_two_dice, or series names (default: all)")
    parser.add_argument("--paper", default="A4", help="A4 (default) or letter")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    chosen: list[Lesson] = []
    try:
        for name in args.lessons or [None]:
            if name is None or "/" not in name and not Lesson(name).notebook.is_file():
                chosen += all_lessons(name)
            elif Lesson(name).notebook.is_file():
                chosen.append(Lesson(name))
            else:
                raise ValueError(f"no lesson notebooks/{name}.ipynb")
        for path in build(chosen, args.out, args.paper):
            print(path)
    except (ValueError, RuntimeError) as err:   # TeacherFileError is a ValueError
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
