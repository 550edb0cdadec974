"""A figure typed in a lesson's prose must be one the lesson prints, or a declared constant.

Issue 24: prose that states a computed result drifts from the output below it when a seed
or a content file changes ("a 7 is a coin flip" beside 58.3%). So every *figure* typed in
a markdown cell (a percentage, a decimal, a fraction a/b or \\frac{a}{b}) must appear in
the stored output of the same notebook (``say()`` puts computed figures there), or be
declared in ``typed_figures.toml`` beside this file, with the reason it may be typed: a
rulebook constant, an exact count worked by hand in the text from rule constants, or a
recorded result that the notebook says it does not recompute.

Whole numbers are not checked: they are mostly rule constants, lesson numbers and counts
of things on the table, and a pattern for "a computed whole number" would flag them all.
Rule IDs (``DW-6.5``), ``<sub>`` rule lines and ``code`` spans are not figures.

Covered: every lesson (start_here, the glossary and every series folder); a new folder
must be added to COVERED, which the last test checks against the folders on disk.
"""

from __future__ import annotations

import json
import re
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
DECLARED = tomllib.loads((Path(__file__).with_name("typed_figures.toml")).read_text("utf-8"))
COVERED = ("start_here.ipynb", "glossary.ipynb", "probability", "deepwood", "clank", "playtest",
           "pig", "dungeonquest", "dungeondraw", "adventureland")

_FIGURE = re.compile(
    r"\\t?frac\{(\d+)\}\{(\d+)\}"                      # \frac{a}{b}
    r"|(?<![\w.,/])(\d[\d,]*(?:\.\d+)?)\s?%"            # 41.7%  or 5 %
    r"|(?<![\w./])(\d+/\d+)(?![\w/])"                   # 21/36
    r"|(?<![\w.,/])(\d+\.\d+)(?![\w.])")                # 0.398
_NOT_FIGURES = re.compile(r"<sub>.*?</sub>|[A-Z]{2,}-\d+(?:\.\d+)*|`[^`]*`|\]\([^)]*\)|"
                          r"<a [^>]*>", re.S)


def _lessons() -> list[Path]:
    out = []
    for item in COVERED:
        p = NOTEBOOKS / item
        out += sorted(p.glob("*.ipynb")) if p.is_dir() else [p]
    return out


def typed_figures(markdown: str) -> list[str]:
    r"""The figures typed in one markdown cell, as written (fractions as ``a/b``).

    >>> typed_figures(r"passes 21/36 = 58.3% (\frac{7}{12}), rule DW-6.5, `0.5`, 3 dice")
    ['21/36', '58.3%', '7/12']
    """
    found = []
    for m in _FIGURE.finditer(_NOT_FIGURES.sub(" ", markdown)):
        if m.group(1):
            found.append(f"{m.group(1)}/{m.group(2)}")
        elif m.group(3):
            found.append(m.group(3) + "%")
        else:
            found.append(m.group(4) or m.group(5))
    return found


def printed_text(cells) -> str:
    """Everything the notebook's stored outputs show as text."""
    parts = []
    for cell in cells:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for text in (out.get("text"), data.get("text/markdown"), data.get("text/plain")):
                if text:
                    parts.append("".join(text))
    return "\n".join(parts)


_NUMBER = re.compile(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)(?:/(\d+))?")


def is_printed(figure: str, printed: str) -> bool:
    """Whether ``figure`` is shown by ``printed``: the same number, that number rounded to
    the digits typed (55.6 for a printed 55.56), the same share as a fraction or a
    percentage (30.5% for a printed 0.3053), or an equal fraction (3/15 for 1/5).

    >>> is_printed("3/15", "P(double | sum >= 8) = 1/5")
    True
    >>> is_printed("41.7%", "41.67%"), is_printed("41.6%", "41.67%")
    (True, False)
    >>> is_printed("30.5%", "0.3053"), is_printed("7/12", "passes 7/12")
    (True, True)
    """
    number = figure.rstrip("%")
    if "/" in number:
        a, b = number.split("/")
        want, digits = (Fraction(int(a), int(b)) if int(b) else None), None
    else:
        want, digits = Fraction(number.replace(",", "")), len(number.partition(".")[2])
    if want is None:
        return False
    for m in _NUMBER.finditer(printed):
        value = Fraction(m.group(1).replace(",", ""))
        if m.group(2):
            if not int(m.group(2)):
                continue
            value /= int(m.group(2))
        for v in (value, value * 100, value / 100):
            if v == want or (digits is not None and m.group(2) is None
                             and round(v, digits) == want
                             and len(m.group(1).partition(".")[2]) >= digits):
                return True
            if digits is not None and m.group(2) and round(v, digits) == want:
                return True
    return False


def _name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS).with_suffix(""))


@pytest.mark.parametrize("path", _lessons(), ids=_name)
def test_every_typed_figure_is_printed_or_declared(path):
    cells = json.loads(path.read_text("utf-8"))["cells"]
    printed = printed_text(cells)
    declared = set(DECLARED.get(_name(path), {}).get("figures", []))
    unexplained = [f"cell {i}: {fig}" for i, cell in enumerate(cells)
                   if cell["cell_type"] == "markdown"
                   for fig in typed_figures("".join(cell["source"]))
                   if fig not in declared and not is_printed(fig, printed)]
    assert not unexplained, (
        "figures typed in the prose that the lesson does not print (print them with "
        "lessons.say, or declare a rulebook constant in typed_figures.toml):\n"
        + "\n".join(unexplained))


def test_declarations_name_covered_lessons_and_say_why():
    names = {_name(p) for p in _lessons()}
    for lesson, entry in DECLARED.items():
        assert lesson in names, f"typed_figures.toml names {lesson}, not a covered lesson"
        assert entry.get("why", "").strip(), f"{lesson}: say why these figures may be typed"


def test_every_lesson_folder_is_covered():
    on_disk = {p.name for p in NOTEBOOKS.iterdir() if p.is_dir()}
    assert on_disk == {c for c in COVERED if "." not in c}
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} <= set(COVERED)
