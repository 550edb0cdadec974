"""Print or export the teacher's key: every exercise of a series with its answer.

Usage::

    python -m lessons.key --list                      # the series that have a key
    python -m lessons.key --print probability         # plain text, for the screen
    python -m lessons.key --markdown deepwood > key.md   # a hand-out for the teacher

The key files themselves are ``lessons/keys/<series>.toml``; this module only reads them.
"""

from __future__ import annotations

import argparse
import sys

from .exercises import KEYS, load_key


def series_names() -> list[str]:
    """The series that have a key file, sorted."""
    return sorted(p.stem for p in KEYS.glob("*.toml"))


def as_text(series: str) -> str:
    """The key of ``series`` as plain text: lesson by lesson, question, answer, why."""
    lines, lesson = [f"Teacher's key: {series}", ""], None
    for ex in load_key(series).values():
        if ex.lesson != lesson:
            lesson = ex.lesson
            lines += [f"== {lesson}", ""]
        lines.append(f"{ex.id}: {ex.question}")
        lines.append(f"   answer: {ex.text()}")
        if ex.explain:
            lines.append(f"   why:    {ex.explain}")
        lines.append("")
    return "\n".join(lines)


def as_markdown(series: str) -> str:
    """The key of ``series`` as Markdown, one section per lesson (for printing)."""
    lines, lesson = [f"# Teacher's key: {series}", ""], None
    for ex in load_key(series).values():
        if ex.lesson != lesson:
            lesson = ex.lesson
            lines += [f"## `{lesson}`", ""]
        lines.append(f"**{ex.id}.** {ex.question}")
        lines.append("")
        lines.append(f"- Answer: **{ex.text()}** (type it as `{ex.literal()}`)")
        if ex.explain:
            lines.append(f"- Why: {ex.explain}")
        lines.append(f"- Hint given on a wrong answer: {ex.hint}")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons.key", description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--list", action="store_true", help="list the series with a key")
    group.add_argument("--print", metavar="SERIES", help="print a series' key as text")
    group.add_argument("--markdown", metavar="SERIES", help="print a series' key as Markdown")
    args = parser.parse_args(argv)
    try:
        if args.list:
            print("\n".join(series_names()))
        elif args.print:
            print(as_text(args.print))
        else:
            print(as_markdown(args.markdown))
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
