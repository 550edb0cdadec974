"""Self-checking exercises: a student's ``answer`` judged against the teacher's key.

A lesson's exercise is two cells. The first ships unanswered::

    answer = ...          # your answer, e.g. Fraction(1, 4)

and the second checks it::

    check("lab1-ex2", answer)

Each right or wrong verdict is also recorded on the student's machine (see
:mod:`lessons.progress`). ``check`` prints one of three verdicts and returns nothing (so Jupyter shows no
``Out[...]``):

* ``... not answered yet`` while ``answer`` is still ``...`` (the notebook as shipped,
  so it runs top to bottom and nbval stays green);
* ``... wrong`` with what is wrong (a type the exercise does not take, a probability
  above 1, a known mistake, too big or too small) and the exercise's hint;
* ``... right`` with a one-line explanation.

The answers live in the teacher's key, one TOML file per lesson series in
``lessons/keys/`` (see :mod:`lessons.key` to print or export it). An exercise entry::

    [[exercise]]
    id = "lab1-ex1"                 # series prefix, lesson number, exercise number
    lesson = "probability/01_one_die_two_dice.ipynb"
    question = "What is the chance that two dice sum to 8?"
    kind = "probability"           # probability | number | dice | choice | yes-no
    answer = "5/36"
    hint = "Count the cells of the 6-by-6 grid that hold an 8."
    explain = "5 of the 36 equally likely pairs sum to 8."
    [exercise.mistakes]            # optional: a wrong answer students often give
    "1/6" = "1/6 is the chance of a 7; 8 is one step away from 7."

A ``number`` question that asks for an estimate ("about how many trials?") may add
``accept = ["20000", "23000"]``: every answer in that closed range is right, because the
question itself allows them (``answer`` stays the worked value the key explains).

Kinds: ``probability`` (a fraction in [0, 1]), ``number`` (any exact number, such as an
expected count), ``dice`` (a tuple of faces, order ignored, e.g. which dice to set
aside), ``choice`` (one of ``options``, case ignored; without ``options`` any text,
spaces and case ignored, such as an action id), ``yes-no`` (``True``/``False``)
and ``names`` (a list of names such as board fields, order and case ignored).
A float is accepted for a fraction when it is the fraction to 9 digits (``5/36`` typed
as Python division); a rounded decimal is called close but not exact.
"""

from __future__ import annotations

import textwrap
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from numbers import Number
from pathlib import Path

from .attempts import record

KEYS = Path(__file__).with_name("keys")
KINDS = ("probability", "number", "dice", "choice", "yes-no", "names")
RIGHT, WRONG, NOT_ANSWERED = "right", "wrong", "not answered yet"


@dataclass(frozen=True)
class Exercise:
    """One exercise of the teacher's key (see the module docstring for the fields)."""

    id: str
    series: str
    lesson: str
    question: str
    kind: str
    answer: object
    hint: str
    explain: str = ""
    options: tuple[str, ...] = ()
    mistakes: dict = field(default_factory=dict)
    accept: tuple[Fraction, Fraction] | None = None

    def judge(self, given) -> tuple[str, str]:
        """``(verdict, message)`` for ``given``: verdict is ``"right"``, ``"wrong"`` or
        ``"not answered yet"``; the message says what is wrong, never the answer."""
        if given is Ellipsis:
            return NOT_ANSWERED, "replace the ... above with your answer."
        try:
            value = self._read(given)
        except ValueError as err:
            return WRONG, str(err)
        if value == self.answer or (
                self.accept is not None and self.accept[0] <= value <= self.accept[1]):
            return RIGHT, self.explain
        mistake = self.mistakes.get(_canon(value))
        if mistake:
            return WRONG, mistake
        return WRONG, self._how_far(given, value)

    def literal(self, value=None) -> str:
        """Python source for ``value`` (default: the right answer), as a student would
        type it into the answer cell; the tests substitute it for ``...``."""
        value = self.answer if value is None else value
        if self.kind in ("probability", "number"):
            v = Fraction(value)
            return f"Fraction({v.numerator}, {v.denominator})" if v.denominator > 1 \
                else str(v.numerator)
        if self.kind == "dice":
            return "(" + ", ".join(map(str, value)) + ("," if len(value) == 1 else "") + ")"
        if self.kind == "names":
            return repr(list(value))
        return repr(value)

    def text(self, value=None) -> str:
        """The answer (or ``value``) as a teacher reads it: ``5/36 (13.89%)``, ``6-5``."""
        value = self.answer if value is None else value
        if self.kind == "probability":
            return f"{value} ({float(value):.2%})"
        if self.kind == "dice":
            return "-".join(map(str, value)) if value else "nothing"
        if self.kind == "yes-no":
            return "yes (True)" if value else "no (False)"
        if self.kind == "names":
            return ", ".join(value)
        return str(value)

    def a_wrong_answer(self):
        """A wrong answer for the tests: the first listed mistake, else a nearby value."""
        if self.mistakes:
            return self._read(_uncanon(self.kind, next(iter(self.mistakes))))
        if self.kind == "probability":
            return self.answer / 2 if self.answer else Fraction(1, 2)
        if self.kind == "number":
            return self.answer + 1
        if self.kind == "dice":
            return self.answer[:-1] if self.answer else (6,)
        if self.kind == "yes-no":
            return not self.answer
        if self.kind == "names":
            return self.answer[:-1]
        return next((o for o in self.options if o != self.answer), "(something else)")

    # -- reading a student's answer -------------------------------------------------

    def _read(self, given):
        if self.kind in ("probability", "number"):
            return self._read_number(given)
        if self.kind == "dice":
            if isinstance(given, int) and not isinstance(given, bool):
                given = (given,)
            if not isinstance(given, (tuple, list)) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in given):
                raise ValueError("give the dice as a tuple of faces, like (6, 4), "
                                 "or () for none.")
            if any(not 1 <= x <= 6 for x in given):
                raise ValueError("a die shows a face from 1 to 6.")
            return tuple(sorted(given, reverse=True))
        if self.kind == "names":
            if isinstance(given, str):
                given = [given]
            if not isinstance(given, (list, tuple, set)) or not all(
                    isinstance(x, str) for x in given):
                raise ValueError('give the names as a list of strings, like ["a1", "b2"].')
            return tuple(sorted({x.strip().lower() for x in given}))
        if self.kind == "yes-no":
            if not isinstance(given, bool):
                raise ValueError("answer True (yes) or False (no).")
            return given
        if not self.options:             # free text, e.g. an action id: spaces and case ignored
            if not isinstance(given, str):
                raise ValueError('answer with text in quotes, like "move r2".')
            return " ".join(given.lower().split())
        if not isinstance(given, str) or given.strip().lower() not in \
                [o.lower() for o in self.options]:
            raise ValueError("answer with one of " + ", ".join(map(repr, self.options)) + ".")
        return next(o for o in self.options if o.lower() == given.strip().lower())

    def _read_number(self, given):
        if isinstance(given, bool) or not isinstance(given, (Number, str)):
            raise ValueError(f"expected a number such as Fraction(1, 4); got {type(given).__name__}.")
        if isinstance(given, str):
            try:
                given = Fraction(given.strip())
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"{given!r} is not a number; write e.g. Fraction(1, 4).") from None
        if isinstance(given, float):
            # Python division typed for a fraction (8281/46656): the key itself when it
            # agrees to 9 digits, whatever its denominator; else the nearest small fraction
            answer = self.answer if isinstance(self.answer, (int, Fraction)) else None
            near = Fraction(given).limit_denominator(10_000)
            if answer is not None and abs(float(answer) - given) < 1e-9:
                near = Fraction(answer)
            given = near if abs(float(near) - given) < 1e-9 else Fraction(given)
        value = Fraction(given)
        if self.kind == "probability" and not 0 <= value <= 1:
            raise ValueError(f"{float(value):g} cannot be a probability: "
                             "every probability lies between 0 and 1.")
        return value

    def _how_far(self, given, value) -> str:
        if self.kind in ("probability", "number"):
            if isinstance(given, float) and abs(value - self.answer) < Fraction(1, 200):
                return ("your decimal is close, but not exact: give the exact "
                        "fraction, e.g. Fraction(3, 8).")
            return "your answer is too " + ("big." if value > self.answer else "small.")
        if self.kind == "dice":
            return "that is not the best choice."
        if self.kind == "names":
            missing = set(self.answer) - set(value)
            extra = set(value) - set(self.answer)
            return ("some of these are not allowed." if extra else
                    "there are more." if missing else "that is not it.")
        return "that is not it."


def _canon(value) -> str:
    """The spelling of a value used as a key in ``mistakes`` (``"1/6"``, ``"6,4"``)."""
    if isinstance(value, tuple):
        return ",".join(map(str, value))      # dice faces or names, already sorted
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _uncanon(kind: str, text: str):
    if kind == "dice":
        return tuple(int(x) for x in text.split(",") if x.strip())
    if kind == "names":
        return [x.strip() for x in text.split(",") if x.strip()]
    if kind == "yes-no":
        return text == "yes"
    return text


def _exercise(series: str, raw: dict, path: Path) -> Exercise:
    where = f"{path.name}, exercise {raw.get('id', '?')!r}"
    missing = {"id", "lesson", "question", "kind", "answer", "hint"} - raw.keys()
    if missing:
        raise ValueError(f"{where}: missing {', '.join(sorted(missing))}")
    kind = raw["kind"]
    if kind not in KINDS:
        raise ValueError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    ex = Exercise(raw["id"], series, raw["lesson"], raw["question"], kind, None,
                  raw["hint"], raw.get("explain", ""), tuple(raw.get("options", ())),
                  dict(raw.get("mistakes", {})))
    if "accept" in raw:
        if kind != "number" or len(raw["accept"]) != 2:
            raise ValueError(f"{where}: accept = [low, high] is allowed only for kind number")
        low, high = (Fraction(str(x)) for x in raw["accept"])
        ex = Exercise(**{**ex.__dict__, "accept": (low, high)})
    answer = raw["answer"]
    if kind == "dice":
        answer = _uncanon(kind, answer) if isinstance(answer, str) else tuple(answer)
    try:
        answer = ex._read(answer)
    except ValueError as err:
        raise ValueError(f"{where}: the key's answer is not valid: {err}") from None
    return Exercise(**{**ex.__dict__, "answer": answer})


@cache
def load_key(series: str) -> dict[str, Exercise]:
    """The exercises of one series (``lessons/keys/<series>.toml``), by id, in file order."""
    path = KEYS / f"{series}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in KEYS.glob("*.toml")))
        raise ValueError(f"no key for series {series!r}; keys exist for: {known}")
    with path.open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, Exercise] = {}
    for raw in data.get("exercise", []):
        ex = _exercise(series, raw, path)
        if ex.id in out:
            raise ValueError(f"{path.name}: exercise id {ex.id!r} appears twice")
        out[ex.id] = ex
    return out


def all_exercises() -> dict[str, Exercise]:
    """Every exercise of every series, by id (ids are unique across series)."""
    out: dict[str, Exercise] = {}
    for path in sorted(KEYS.glob("*.toml")):
        for ex_id, ex in load_key(path.stem).items():
            if ex_id in out:
                raise ValueError(f"exercise id {ex_id!r} is in two keys")
            out[ex_id] = ex
    return out


def check(exercise_id: str, answer) -> None:
    """Print the verdict on ``answer`` for exercise ``exercise_id`` (see module docs).

    >>> check("lab1-ex1", ...)
    Exercise lab1-ex1: not answered yet. Replace the ... above with your answer.
    """
    exercises = all_exercises()
    if exercise_id not in exercises:
        raise ValueError(f"no exercise {exercise_id!r} in the teacher's key")
    verdict, message = exercises[exercise_id].judge(answer)
    if verdict != NOT_ANSWERED:          # the student's own record (lessons.progress)
        record(exercise_id, verdict)
    line = f"Exercise {exercise_id}: {verdict}."
    if message:
        line += " " + message[0].upper() + message[1:]
    if verdict == WRONG:
        line += " Hint: " + exercises[exercise_id].hint
    print(textwrap.fill(line, width=88))
