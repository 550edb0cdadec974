"""Every lesson's exercises against the teacher's key (``lessons/keys/*.toml``).

Static checks: every ``check("id", answer)`` in a notebook names an exercise of the key,
every exercise of the key is asked in the notebook its ``lesson`` field names, each ships
unanswered (``answer = ...`` just above the check) and its stored output says "not
answered yet".

Judged checks: for every exercise, the key's answer typed as the student would type it
(the literal, with ``Fraction`` imported) must be judged "right", and a wrong answer (the
key's first listed mistake, or a nearby value) "wrong" plus a hint. ``check`` reads
nothing but the key and the answer, and no lesson cell but ``answer = ...`` and the check
itself names ``answer`` (asserted below), so this runs in-process: typing the answer into
a copy of the notebook and executing it would only repeat what nbval already runs (every
lesson, as shipped) at the cost of a kernel per lesson.
"""

from __future__ import annotations

import re
from pathlib import Path

import contextlib
import io
from fractions import Fraction

import nbformat
import pytest

from lessons.exercises import NOT_ANSWERED, RIGHT, WRONG, all_exercises, check

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
CHECK = re.compile(r"""^check\(\s*["']([\w.-]+)["']\s*,\s*answer\s*\)\s*$""", re.M)
UNANSWERED = re.compile(r"^answer = \.\.\.(\s*#.*)?$")
ANSWER = re.compile(r"\banswer\b")


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


def test_no_cell_but_the_answer_and_its_check_uses_answer():
    """What lets the judged checks below run in-process: a lesson's later cells never
    read ``answer``, so typing the key's answer changes nothing but the verdict."""
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            for line in cell.source.splitlines():
                if ANSWER.search(line):
                    assert UNANSWERED.match(line.strip()) or CHECK.search(line), \
                        f"{path.name} cell {i} reads `answer`: {line!r}"


def verdict(ex_id: str, literal: str) -> str:
    """What ``check`` prints for the answer a student types as ``literal``."""
    answer = eval(literal, {"__builtins__": {}, "Fraction": Fraction})   # the key's own text
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        check(ex_id, answer)
    return out.getvalue()


@pytest.mark.parametrize("ex_id", sorted(KEY))
def test_key_answers_are_right_and_a_wrong_answer_is_wrong(ex_id):
    ex = KEY[ex_id]
    right = verdict(ex_id, ex.literal())
    assert f"Exercise {ex_id}: {RIGHT}." in right, f"the key's answer was judged {right!r}"
    wrong = verdict(ex_id, ex.literal(ex.a_wrong_answer()))
    assert f"Exercise {ex_id}: {WRONG}." in wrong and "Hint:" in wrong, \
        f"{ex_id}: a wrong answer was judged {wrong!r}"


@pytest.mark.parametrize("ex_id", sorted(i for i, e in KEY.items()
                                         if e.kind in ("probability", "number")
                                         and Fraction(e.answer).denominator > 1))
def test_a_fraction_typed_as_python_division_is_right(ex_id):
    """"8281/46656" typed without Fraction is a float: right when it is the key to 9
    digits, whatever the denominator (lab 2 exercise 3 has 46,656), and a rounded
    decimal stays "close, but not exact"."""
    ex = KEY[ex_id]
    value = Fraction(ex.answer)
    assert ex.judge(value.numerator / value.denominator)[0] == "right", ex_id
    rounded = round(float(value), 3)
    if Fraction(str(rounded)) != value:
        assert ex.judge(rounded)[0] == "wrong"


def test_lab6_ex1_accepts_what_the_question_asks():
    # "about ±0.5 points": the lab's own formula gives n ≈ 21,300, 9 x 2,500 gives 22,500;
    # both are right (issue 24). 7,500 (three times the trials) stays wrong.
    ex = all_exercises()["lab6-ex1"]
    for n in (21_300, 21_316, 22_500, 20_000, 23_000):
        assert ex.judge(n)[0] == "right", n
    for n in (7_500, 19_999, 45_000):
        assert ex.judge(n)[0] == "wrong", n


# The answer must not stand on the page before its exercise (issue 24: lab 2 printed
# 8281/46656 two cells above exercise 3). Whole numbers below 100 are skipped: they appear
# everywhere as counts and rule constants. The series of the other games are not yet
# covered (their lessons are being rewritten); an exercise whose answer is meant to be
# known already is listed with the reason.
ANSWER_SHOWN_ON_PURPOSE = {
    "lab6-ex3": "the point is that dice have no memory: P(7) = 1/6 is known since lab 1",
}
LEAK_CHECKED_SERIES = ("probability", "deepwood", "clank", "playtest")


def _answer_pattern(ex) -> str | None:
    a = Fraction(ex.answer)
    if a.denominator == 1 and abs(a) < 100:
        return None
    return f"{a.numerator}/{a.denominator}" if a.denominator > 1 else str(a.numerator)


@pytest.mark.parametrize("ex_id", [i for i, ex in all_exercises().items()
                                   if ex.kind in ("probability", "number")
                                   and ex.lesson.split("/")[0] in LEAK_CHECKED_SERIES])
def test_the_answer_is_not_on_the_page_before_the_exercise(ex_id):
    ex = all_exercises()[ex_id]
    pattern = _answer_pattern(ex)
    if pattern is None or ex_id in ANSWER_SHOWN_ON_PURPOSE:
        return
    nb = nbformat.read(NOTEBOOKS / ex.lesson, as_version=4)
    check_cell = next(i for i, c in enumerate(nb.cells) if f'check("{ex_id}"' in c.source)
    for i, cell in enumerate(nb.cells[:check_cell - 2]):     # before the question's cell
        texts = [cell.source] if cell.cell_type == "markdown" else [
            "".join(o.get("text") or o.get("data", {}).get("text/plain", ""))
            for o in cell.get("outputs", [])]
        for text in texts:
            assert not re.search(rf"(?<![\d/]){re.escape(pattern)}(?![\d/])", text), (
                f"{ex.lesson} cell {i} shows {pattern}, the answer of {ex_id}")


def _exercise_numbers_and_checks(nb):
    """(number in the latest "Exercise N" heading, id of the check) for every check cell."""
    number, out = None, []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            found = re.findall(r"\*\*Exercise (\d+)\b", cell.source) or \
                re.findall(r"^#+ Exercise (\d+)\b", cell.source, re.M)
            number = found[-1] if found else number
        for ex_id in re.findall(r'check\("([\w-]+)"', cell.source):
            out.append((number, ex_id))
    return out


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.rglob("*.ipynb")),
                         ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_exercise_n_checks_the_key_of_exercise_n(path):
    # issue 24: playtest 2's exercises 1 and 2 called each other's keys
    nb = nbformat.read(path, as_version=4)
    wrong = [(n, ex_id) for n, ex_id in _exercise_numbers_and_checks(nb)
             if n is not None and not ex_id.endswith(f"-ex{n}")]
    assert not wrong, f"exercise number and key id disagree: {wrong}"


def test_dw2_ex2_both_ways_within_the_limit_score_the_same():
    # issue 24: the lesson said 3 leftover stones are "worth just 1 gold" so exchanging
    # keeps more value, and the key called 0 gold wrong for that reason. By the engine's
    # final scoring (DW-11.1) returning the surplus and exchanging it score the same.
    import copy

    import deepwood_kernel as dk
    from deepwood_kernel.games.deepwood.scoring import score_breakdown

    s = dk.new_game("deepwood", players=2, seed=0).state
    returned, exchanged = copy.deepcopy(s), copy.deepcopy(s)
    returned.players[0].res.update(potions=6, books=2, gold=0, stones=6)
    exchanged.players[0].res.update(potions=5, books=2, gold=2, stones=4)
    total = lambda st: sum(g for _, g in score_breakdown(st, 0))   # noqa: E731
    assert total(returned) == total(exchanged)
    ex = all_exercises()["dw2-ex2"]
    assert ex.answer == 2 and "exchanges 3" in ex.question
    assert "the same" in ex.explain
