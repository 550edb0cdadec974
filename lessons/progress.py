"""A student's own record of their answers, and where they stand.

Every time ``check()`` judges an answer (right or wrong; a cell still holding ``...``
is not an attempt), one line is appended to a JSON-lines file in the student's Jupyter
data directory (``jupyter --data-dir``)::

    <data dir>/deepwood/attempts.jsonl
    {"exercise": "lab1-ex1", "verdict": "wrong", "time": "2026-11-26T22:40:01+00:00"}

It stays on the student's machine: never in the notebook (a notebook handed in or
shared carries no history) and never sent anywhere. Each line is written with one
``write`` on a file opened for appending, so two kernels checking at once do not
interleave their lines. Writing is best effort: a read-only home or a full disk must
never break ``check()``, so any ``OSError`` is swallowed.

Usage::

    python -m lessons.progress                 # the table: per series and lesson
    python -m lessons.progress --plot me.png   # and a picture of it

Tests point ``JUPYTER_DATA_DIR`` at a temporary folder so they never write into a
real home directory.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from .attempts import attempts, attempts_file, record  # noqa: F401 - the public names
from .exercises import RIGHT, all_exercises


@dataclass(frozen=True)
class LessonProgress:
    """One lesson's line of the table."""

    series: str
    lesson: str
    exercises: int      # in the teacher's key
    attempted: int      # exercises tried at least once
    right: int          # exercises answered right at least once
    last: str           # the verdict of the latest attempt in this lesson, or ""


def table(rows: list[dict] | None = None) -> list[LessonProgress]:
    """Per series and lesson (in key order): how many exercises, attempted, right."""
    rows = attempts() if rows is None else rows
    tried: dict[str, list[dict]] = {}
    for row in rows:
        tried.setdefault(row["exercise"], []).append(row)
    lessons: dict[tuple[str, str], list] = {}
    for ex in all_exercises().values():
        lessons.setdefault((ex.series, ex.lesson), []).append(ex.id)
    out = []
    for (series, lesson), ids in lessons.items():
        mine = [r for i in ids for r in tried.get(i, [])]
        last = max(mine, key=lambda r: r["time"])["verdict"] if mine else ""
        out.append(LessonProgress(
            series, lesson, len(ids),
            sum(1 for i in ids if i in tried),
            sum(1 for i in ids if any(r["verdict"] == RIGHT for r in tried.get(i, []))),
            last))
    return out


def as_text(progress: list[LessonProgress]) -> str:
    """The table as plain text, one line per lesson, grouped by series."""
    width = max(len(p.lesson) for p in progress)
    lines, series = [], None
    for p in progress:
        if p.series != series:
            series = p.series
            done = [q for q in progress if q.series == series]
            lines += ["" if lines else None,
                      f"{series}: {sum(q.right for q in done)} of "
                      f"{sum(q.exercises for q in done)} exercises right",
                      f"  {'lesson':<{width}}  attempted  right  last verdict"]
            lines = [x for x in lines if x is not None]
        lines.append(f"  {p.lesson:<{width}}  {p.attempted:>4} / {p.exercises:<2}"
                     f"  {p.right:>5}  {p.last or '-'}")
    return "\n".join(lines)


def plot(progress: list[LessonProgress], filename: str) -> None:
    """A horizontal bar per lesson: right, attempted but not yet right, not tried."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [p.lesson.removesuffix(".ipynb") for p in progress][::-1]
    right = [p.right for p in progress][::-1]
    trying = [p.attempted - p.right for p in progress][::-1]
    left = [p.exercises - p.attempted for p in progress][::-1]
    fig, ax = plt.subplots(figsize=(8, 0.28 * len(labels) + 1.2))
    ax.barh(labels, right, color="#2e7d32", label="right")
    ax.barh(labels, trying, left=right, color="#f9a825", label="tried, not yet right")
    ax.barh(labels, left, left=[a + b for a, b in zip(right, trying)], color="#d0d0d0",
            label="not tried")
    ax.set_xlabel("exercises")
    ax.tick_params(axis="y", labelsize=7)
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title("Where I am: exercises per lesson")
    fig.tight_layout()
    fig.savefig(filename)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons.progress",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--plot", metavar="FILE", help="also draw the table into FILE (.png, .pdf, .svg)")
    args = parser.parse_args(argv)
    progress = table()
    print(f"Your attempts are kept in {attempts_file()}")
    print(as_text(progress))
    if args.plot:
        plot(progress, args.plot)
        print(f"plot written to {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
