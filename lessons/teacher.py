"""The teacher files: one hand-written ``teachers/<folder>/<stem>.md`` per lesson (issue 26).

A teacher file is TOML front matter between two ``+++`` lines, then Markdown with fixed
``##`` headings (see ``BODY_HEADINGS``). This module reads one, validates it against its
notebook and names every problem in a :class:`TeacherFileError`; ``tools/stamp_lessons.py``
copies the front matter into the notebook, ``tools/guide.py`` and ``tools/worksheets.py``
print it. It also finds a lesson's exercises (the ``check("id", answer)`` cells) and
pairs them with the teacher's key.

Example::

    >>> lesson = Lesson.of("probability/01_one_die_two_dice")
    >>> lesson.series, lesson.teacher_path.relative_to(ROOT).as_posix()
    ('probability', 'teachers/probability/01_one_die_two_dice.md')
    >>> Lesson.of("start_here").teacher_path.relative_to(ROOT).as_posix()
    'teachers/start/start_here.md'
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Literal

import nbformat
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, \
    model_validator

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEACHERS = ROOT / "teachers"
START = "start"                     # the series of the two top-level notebooks
SERIES = ("start", "probability", "deepwood", "clank", "dungeonquest", "dungeondraw",
          "adventureland", "playtest", "pig")
BODY_HEADINGS = ("What to say first", "Misconceptions to expect", "Model answers",
                 "A 45-minute class", "A 90-minute class", "When the Lab is down")

_H2 = re.compile(r"^## +(.+?)\s*$", re.M)
_H3 = re.compile(r"^### +(.+?)\s*$", re.M)
_FENCE = re.compile(r"^```.*?^```", re.M | re.S)
_LABEL = re.compile(r"\*\*(Exercise \d+[^*]*?)\.?\*\*")
_CHECK = re.compile(r"""\bcheck\(\s*["']([^"']+)["']""")


class TeacherFileError(ValueError):
    """A teacher file that is missing, malformed or does not fit its notebook."""


# -- the front matter ------------------------------------------------------------------

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Section(_Strict):
    heading: str = Field(min_length=1)
    minutes: int = Field(gt=0)
    level: Literal["core", "extension"]


class Tally(_Strict):
    title: str = Field(min_length=1)
    outcomes: list[str] = Field(min_length=2, max_length=24)     # 3 dice: 16 sums
    rows: int = Field(gt=0, le=100)


class Prerequisites(_Strict):
    lessons: list[str] = []
    maths: list[str] = []


class FrontMatter(_Strict):
    """The TOML block of a teacher file (the fields are the format's, see the module)."""

    title: str = Field(min_length=1)
    objectives: list[str] = Field(min_length=2, max_length=5)
    minutes: int = Field(gt=0)
    prerequisites: Prerequisites = Prerequisites()
    sections: list[Section] = Field(min_length=1)
    tallies: list[Tally] = []

    @field_validator("objectives")
    @classmethod
    def _observable(cls, objectives: list[str]) -> list[str]:
        for o in objectives:
            if not o.startswith("Students can "):
                raise ValueError(f'objective {o!r} must start with "Students can "')
        return objectives

    @model_validator(mode="after")
    def _minutes_add_up(self) -> FrontMatter:
        total = sum(s.minutes for s in self.sections)
        if total != self.minutes:
            raise ValueError(f"the section minutes sum to {total}, but minutes = {self.minutes}")
        return self

    def metadata(self) -> dict:
        """What ``tools/stamp_lessons.py`` stores in ``metadata["deepwood"]["lesson"]``."""
        return self.model_dump(mode="json")


# -- a lesson and its teacher file -----------------------------------------------------

@dataclass(frozen=True)
class Lesson:
    """One lesson notebook; ``name`` is its path under ``notebooks/`` without ``.ipynb``."""

    name: str

    @classmethod
    def of(cls, name_or_path: str | Path) -> Lesson:
        """The lesson for ``"deepwood/01_goal_and_setup"`` or a notebook path."""
        p = Path(name_or_path)
        if p.suffix == ".ipynb":
            p = p.resolve().relative_to(NOTEBOOKS).with_suffix("")
        return cls(p.as_posix())

    @property
    def notebook(self) -> Path:
        return NOTEBOOKS / f"{self.name}.ipynb"

    @property
    def series(self) -> str:
        return self.name.split("/")[0] if "/" in self.name else START

    @property
    def stem(self) -> str:
        return self.name.rsplit("/", 1)[-1]

    @property
    def teacher_path(self) -> Path:
        return TEACHERS / self.series / f"{self.stem}.md"

    def title(self) -> str:
        """The notebook's own title: the first line of its first Markdown cell."""
        first = next(c for c in self.read_notebook().cells if c.cell_type == "markdown")
        return first.source.partition("\n")[0].lstrip("# ").strip()

    def read_notebook(self) -> nbformat.NotebookNode:
        return nbformat.read(self.notebook, as_version=nbformat.NO_CONVERT)

    def teacher(self) -> TeacherFile:
        """The validated teacher file (raises :class:`TeacherFileError`)."""
        return TeacherFile.read(self.teacher_path, self)


def all_lessons(series: str | None = None) -> list[Lesson]:
    """Every lesson notebook (the start series first), or those of one series."""
    found = [Lesson.of(p) for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
    found += [Lesson.of(p) for p in sorted(NOTEBOOKS.glob("*/*.ipynb"))
              if ".ipynb_checkpoints" not in p.parts]
    if series is not None:
        if series not in SERIES:
            raise ValueError(f"no series {series!r}; the series are: {', '.join(SERIES)}")
        found = [lesson for lesson in found if lesson.series == series]
    return found


def strip_marked(text: str) -> str:
    """``text`` without the marker-bounded blocks ``tools/stamp_lessons.py`` writes."""
    return re.sub(r"\n*<!-- deepwood:(\w[\w-]*) -->.*?<!-- /deepwood:\1 -->\n?", "\n",
                  text, flags=re.S) if "<!-- deepwood:" in text else text


def notebook_headings(nb) -> list[str]:
    """The ``## `` headings of a notebook's Markdown cells, in order (code fences skipped)."""
    out: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            out += _H2.findall(_FENCE.sub("", strip_marked(cell.source)))
    return out


@dataclass(frozen=True)
class NotebookExercise:
    """An exercise as the lesson shows it: its label ("Exercise 4 (independence)") and id."""

    label: str
    id: str

    @property
    def number(self) -> int | None:
        m = re.match(r"Exercise (\d+)", self.label)
        return int(m.group(1)) if m else None


def notebook_exercises(nb) -> list[NotebookExercise]:
    """The exercises of a notebook in order: every ``check("id", ...)`` cell, labelled by
    the last bold "**Exercise N...**" before it (else "Exercise k", k its position)."""
    out: list[NotebookExercise] = []
    label = None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            labels = _LABEL.findall(cell.source)
            label = labels[-1].strip() if labels else label
        elif (m := _CHECK.search(cell.source)) and m.group(1) not in {e.id for e in out}:
            out.append(NotebookExercise(label or f"Exercise {len(out) + 1}", m.group(1)))
            label = None
    return out


@dataclass(frozen=True)
class TeacherFile:
    """A parsed, validated teacher file: its front matter and its Markdown parts."""

    path: Path
    lesson: Lesson
    front: FrontMatter
    parts: dict[str, str]                 # "## " heading -> its Markdown
    answers: dict[str, str]               # "### " heading under Model answers -> Markdown

    @classmethod
    def read(cls, path: Path, lesson: Lesson) -> TeacherFile:
        where = _rel(path)
        if not path.is_file():
            raise TeacherFileError(f"{where}: missing (every lesson needs a teacher file; "
                                   f"the format is in docs/teachers.md)")
        text = path.read_text(encoding="utf-8")
        m = re.match(r"\+\+\+[ \t]*\n(.*?)^\+\+\+[ \t]*\n(.*)\Z", text, re.S | re.M)
        if not m:
            raise TeacherFileError(f"{where}: the front matter must open the file between "
                                   "two lines that read +++")
        try:
            front = FrontMatter.model_validate(tomllib.loads(m.group(1)))
        except tomllib.TOMLDecodeError as err:
            raise TeacherFileError(f"{where}: the front matter is not valid TOML: {err}") \
                from None
        except ValidationError as err:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc'])) or 'front matter'}: {e['msg']}"
                for e in err.errors())
            raise TeacherFileError(f"{where}: {problems}") from None
        body = m.group(2)
        heads = _H2.findall(_FENCE.sub("", body))
        if tuple(heads) != BODY_HEADINGS:
            raise TeacherFileError(
                f"{where}: the ## headings must be exactly, in this order: "
                f"{' | '.join(BODY_HEADINGS)}; found: {' | '.join(heads) or 'none'}")
        chunks = _H2.split(body)[1:]
        parts = {h: t.strip() for h, t in zip(chunks[::2], chunks[1::2])}
        sub = _H3.split(parts["Model answers"])[1:]
        answers = {h: t.strip() for h, t in zip(sub[::2], sub[1::2])}
        file = cls(path, lesson, front, parts, answers)
        file._check_notebook(where)
        return file

    def _check_notebook(self, where: str) -> None:
        nb = self.lesson.read_notebook()
        have = notebook_headings(nb)
        want = [s.heading for s in self.front.sections]
        if have != want:
            missing = [h for h in have if h not in want]
            unknown = [h for h in want if h not in have]
            detail = (f"; not a ## heading of the notebook: {unknown}" if unknown else "") + \
                (f"; notebook headings without a section: {missing}" if missing else "") + \
                ("" if missing or unknown else "; the order differs")
            raise TeacherFileError(f"{where}: [[sections]] must list the notebook's ## "
                                   f"headings in order: {have}{detail}")
        for name in self.front.prerequisites.lessons:
            if not Lesson(name).notebook.is_file():
                raise TeacherFileError(f"{where}: prerequisite lesson {name!r} is not a "
                                       "notebook (write its path under notebooks/ without "
                                       ".ipynb, e.g. 'probability/01_one_die_two_dice')")
        exercises = notebook_exercises(nb)
        labels = {e.label for e in exercises}
        numbered = {f"Exercise {e.number}" for e in exercises}
        for heading in self.answers:
            if heading.startswith("Exercise") and heading not in labels \
                    and heading.split(" (")[0] not in numbered:
                raise TeacherFileError(f"{where}: ### {heading} names no exercise of the "
                                       f"notebook (its exercises: {sorted(labels)})")
        unanswered = [e.label for e in exercises if self.model_answer(e) is None]
        if unanswered:
            raise TeacherFileError(f"{where}: ## Model answers needs a ### heading for "
                                   f"every exercise of the notebook; missing: {unanswered}")

    @cached_property
    def on_paper(self) -> list[tuple[str, str]]:
        """The on-paper tasks: ``(task, model answer)`` from "### On paper: <task>"."""
        return [(h.split(":", 1)[1].strip(), t) for h, t in self.answers.items()
                if h.lower().startswith("on paper:")]

    def model_answer(self, exercise: NotebookExercise) -> tuple[str, str] | None:
        """The ``(### heading, text)`` of an exercise's model answer, if written."""
        for heading, text in self.answers.items():
            if heading == exercise.label or (exercise.number is not None and re.match(
                    rf"Exercise {exercise.number}\b", heading)):
                return heading, text
        return None


def _rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)
