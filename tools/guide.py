"""``make guide``: the teacher's guide of every series, as Markdown and as an A4 PDF.

Usage::

    python tools/guide.py                      # every series into build/guide/
    python tools/guide.py probability --out /tmp/guide --no-pdf

Per lesson the guide gives the front matter of its teacher file (objectives,
prerequisites, minutes per section, core or extension), the hand-written parts of the
file in their order, and under *Model answers* the teacher's key (``lessons/keys/``)
beside each model answer: the answer, how a student types it, and why. An exercise of
the key that the teacher file has no model answer for is still listed, with the key's
answer. A lesson without a teacher file yet is listed with its key only, and named on
stderr. The PDF is the Markdown rendered with markdown-it-py and printed by Chromium.

>>> "## 1. One die, two dice, and why 7 wins" in series_markdown("probability")
True
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

if __package__ in (None, ""):            # run as a script: python tools/guide.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lessons.exercises import KEYS, Exercise, load_key
from lessons.teacher import ROOT, SERIES, Lesson, TeacherFileError, all_lessons, \
    notebook_exercises
from tools.printing import Printer, markdown, page

OUT = ROOT / "build" / "guide"
TITLES = {"start": "Start here", "probability": "Probability labs", "deepwood":
          "Deep Wood (Durch den tiefen Wald)", "clank": "Klong! (Clank!)", "dungeonquest":
          "DungeonQuest", "dungeondraw": "Dungeon Draw", "adventureland": "Adventure Land",
          "playtest": "Playtesting with data", "pig": "Pig"}
CSS = """
h2 { break-before: page; border-bottom: 1.5pt solid #333; padding-bottom: 3pt; }
h2:first-of-type { break-before: auto; }
blockquote { border-left: 3pt solid #2b6cb0; background: #eef4fb; margin: 4pt 0 8pt;
             padding: 3pt 8pt; break-inside: avoid; }
blockquote p { margin: 2pt 0; }
h3, h4 { break-after: avoid; }
td:nth-child(2) { text-align: right; }
"""


def key_of(lesson: Lesson) -> list[Exercise]:
    """The key's exercises of one lesson, in the notebook's order (then the key's)."""
    if not (KEYS / f"{lesson.series}.toml").is_file():     # the start series has no key
        return []
    key = [e for e in load_key(lesson.series).values()
           if e.lesson == f"{lesson.name}.ipynb"]
    order = {e.id: i for i, e in enumerate(notebook_exercises(lesson.read_notebook()))}
    return sorted(key, key=lambda e: order.get(e.id, len(order)))


def _key_block(ex: Exercise) -> list[str]:
    lines = [f"> **Key** ({ex.id}): **{ex.text()}**, typed as `{ex.literal()}`.  "]
    if ex.explain:
        lines.append(f"> Why: {ex.explain}  ")
    lines.append(f"> Hint a wrong answer gets: {ex.hint}")
    return lines + [""]


def _demote(text: str) -> str:
    """Headings of a hand-written part moved below the lesson's own levels."""
    return re.sub(r"^(#{1,4}) ", lambda m: "#" * (len(m.group(1)) + 1) + " ", text, flags=re.M)


def lesson_markdown(lesson: Lesson, number: int) -> str:
    """One lesson's chapter of the guide."""
    key = key_of(lesson)
    nb_path = f"notebooks/{lesson.name}.ipynb"
    try:
        teacher = lesson.teacher()
    except TeacherFileError as err:
        if lesson.teacher_path.is_file():
            raise
        print(f"guide: {err}", file=sys.stderr)
        lines = [f"## {number}. {lesson.title()}", "", f"Notebook: `{nb_path}`. "
                 f"No teacher file yet (`{lesson.teacher_path.relative_to(ROOT)}`): "
                 "the key's answers only.", "", "### The key", ""]
        for ex in key:
            lines += [f"#### {ex.question}", ""] + _key_block(ex)
        return "\n".join(lines)
    f = teacher.front
    lines = [f"## {number}. {f.title}", "",
             f"Notebook: `{nb_path}` · about **{f.minutes} minutes**", "",
             "**Objectives.**", ""] + [f"- {o}" for o in f.objectives] + [""]
    before = [Lesson(n).title() for n in f.prerequisites.lessons]
    lines += ["**Prerequisites.** Lessons: " + ("; ".join(before) or "none") + ". Maths: " +
              (", ".join(f.prerequisites.maths) or "none") + ".", "",
              "| Section | Minutes | Level |", "|---|--:|---|"]
    lines += [f"| {s.heading} | {s.minutes} | {s.level} |" for s in f.sections] + [""]
    if f.tallies:
        lines += ["**Tally sheets on the worksheet:** " +
                  "; ".join(f"{t.title} ({t.rows} rows)" for t in f.tallies) + ".", ""]
    by_id = {e.id: e for e in key}
    shown: set[str] = set()
    for heading, text in teacher.parts.items():
        lines += [f"### {heading}", ""]
        if heading != "Model answers":
            lines += [_demote(text), ""]
            continue
        preamble = text.split("### ", 1)[0].strip() if not text.lstrip().startswith("### ") \
            else ""
        if preamble:                          # what the teacher wrote before the answers
            lines += [_demote(preamble), ""]
        used: set[str] = set()
        for ex in notebook_exercises(lesson.read_notebook()):
            heading, text = teacher.model_answer(ex)      # validated: every one is there
            used.add(heading)
            lines += [f"#### {heading}", ""]
            if ex.id in by_id:
                lines += [f"*{by_id[ex.id].question}*", ""]
            lines += [_demote(text), ""]
            if ex.id in by_id:
                lines += _key_block(by_id[ex.id])
                shown.add(ex.id)
        for heading, text in teacher.answers.items():     # on-paper tasks and the rest
            if heading not in used:
                lines += [f"#### {heading}", "", _demote(text), ""]
        for ex in key:
            if ex.id not in shown:
                lines += [f"#### {ex.question}", ""] + _key_block(ex)
    return "\n".join(lines)


def series_markdown(series: str) -> str:
    """The whole guide of one series, as Markdown."""
    lessons = all_lessons(series)
    head = [f"# Teacher's guide: {TITLES[series]}", "",
            f"{len(lessons)} lesson(s). Built by `make guide` from the teacher files "
            "(`teachers/`), the lessons' front matter and the teacher's key "
            "(`lessons/keys/`). The key's answers are what `check()` accepts.", ""]
    chapters = [lesson_markdown(lesson, i) for i, lesson in enumerate(lessons, start=1)]
    return "\n".join(head) + "\n" + "\n\n".join(chapters) + "\n"


def build(series: list[str], out: Path, pdf: bool = True) -> list[Path]:
    """Write ``<series>.md`` (and ``.pdf``) into ``out``; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written, docs = [], []
    for name in series:
        text = series_markdown(name)
        md = out / f"{name}.md"
        md.write_text(text, encoding="utf-8")
        written.append(md)
        docs.append((name, page(f"Teacher's guide: {TITLES[name]}", markdown(text), CSS)))
    if pdf:
        with Printer() as printer:
            written += [printer.pdf(doc, out / f"{name}.pdf") for name, doc in docs]
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("series", nargs="*", default=list(SERIES), help="default: all")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--no-pdf", action="store_true", help="Markdown only")
    args = parser.parse_args(argv)
    unknown = [s for s in args.series if s not in SERIES]
    if unknown:
        print(f"unknown series {unknown}; the series are: {', '.join(SERIES)}", file=sys.stderr)
        return 2
    try:
        for path in build(args.series, args.out, pdf=not args.no_pdf):
            print(path)
    except (TeacherFileError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
