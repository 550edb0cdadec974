"""Every lesson has a teacher file whose front matter is stamped into its notebook (issue 26
§1), and opens in the student view: helper code collapsed, answer cells shown (§3)."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from lessons.teacher import Lesson, TeacherFile, TeacherFileError, all_lessons
from tools.stamp_lessons import is_answer_cell, stamp, stamped_text, unstamp

LESSONS = all_lessons()
EXAMPLE = Lesson("probability/01_one_die_two_dice")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.name)
def test_the_lesson_has_a_valid_teacher_file_and_is_stamped(lesson):
    teacher = lesson.teacher()                 # TeacherFileError names the problem
    old, new = stamped_text(lesson)
    assert old == new, f"{lesson.notebook.name} is out of date: python tools/stamp_lessons.py"
    nb = lesson.read_notebook()
    assert nb.metadata["deepwood"]["lesson"] == teacher.front.metadata()
    first = next(c for c in nb.cells if c.cell_type == "markdown").source
    assert "<!-- deepwood:lesson-box -->" in first
    assert all(o.removeprefix("Students can ") in first for o in teacher.front.objectives)
    for name in teacher.front.prerequisites.lessons:
        assert f"{Lesson(name).stem}.ipynb)" in first, "prerequisites are linked"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.name)
def test_student_view_hides_helper_code_and_never_an_answer_cell(lesson):
    code = [c for c in lesson.read_notebook().cells if c.cell_type == "code"]
    answers = [c for c in code if is_answer_cell(c.source)]
    checks = sum(bool(re.search(r"\bcheck\(", c.source)) for c in code)
    assert bool(answers) == bool(checks), "a lesson with exercises has answer cells"
    for cell in code:
        hidden = cell.metadata.get("jupyter", {}).get("source_hidden", False)
        assert hidden is not is_answer_cell(cell.source), cell.source
        assert not cell.metadata.get("jupyter", {}).get("outputs_hidden", False)
    assert sum(bool(re.match(r"answer\s*=", c.source)) for c in answers) == checks


def test_the_answer_cell_rule():
    assert is_answer_cell("answer = ...  # a fraction")
    assert is_answer_cell('check("lab1-ex1", answer)')
    assert is_answer_cell('# try it\nanswer = Fraction(1, 6)')
    assert not is_answer_cell("from lessons import check, table")
    assert not is_answer_cell("# answer = ...\nshow(g)")
    assert not is_answer_cell("g.check(3)\nanswers = 2")


def test_extension_sections_are_marked_under_their_heading():
    checked = 0
    for lesson in LESSONS:
        nb, teacher = lesson.read_notebook(), lesson.teacher()
        ext = [s.heading for s in teacher.front.sections if s.level == "extension"]
        # the heading line right above each extension mark
        marked = [re.search(r"^## (.+)\n<!-- deepwood:extension -->", c.source, re.M).group(1)
                  for c in nb.cells if "<!-- deepwood:extension -->" in c.source]
        assert marked == ext, lesson.name
        checked += bool(ext)
    assert checked >= 10, "most lessons mark some sections as extension"


def test_stamping_is_idempotent_and_touches_only_what_it_owns():
    text = EXAMPLE.notebook.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    bare = unstamp(nb)
    assert "deepwood" not in bare.metadata
    assert not any("deepwood:" in c.source for c in bare.cells)
    again = nbformat.writes(stamp(bare, EXAMPLE.teacher())) + "\n"
    assert again == text                       # byte for byte, indent=1 as nbformat writes
    assert len(bare.cells) == len(nb.cells)
    for a, b in zip(bare.cells, nb.cells):
        assert a.get("outputs") == b.get("outputs") and a.get("id") == b.get("id")
        if a.cell_type == "code":
            assert a.source == b.source


# -- validation: every problem is named -------------------------------------------------

# A fixed teacher file for the notebook of EXAMPLE (the real one may be reworded freely).
EXAMPLE_FILE = Path(__file__).with_name("data") / "teacher_file_example.md"


def test_the_example_teacher_file_is_valid():
    assert TeacherFile.read(EXAMPLE_FILE, EXAMPLE).front.minutes == 90


def _variant(tmp_path, old: str, new: str, *more: tuple[str, str]):
    text = EXAMPLE_FILE.read_text(encoding="utf-8")
    for a, b in ((old, new), *more):
        assert a in text
        text = text.replace(a, b, 1)
    path = tmp_path / "lesson.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TeacherFileError) as err:
        TeacherFile.read(path, EXAMPLE)
    return str(err.value)


@pytest.mark.parametrize("old, new, says", [
    ('title = "One die, two dice, and why 7 wins"\n', "", "title: Field required"),
    ('heading = "One die"', 'heading = "One dice"', "not a ## heading of the notebook: ['One dice']"),
    ('[[sections]]\nheading = "Exercises"\nminutes = 15\nlevel = "core"\n', "",
     "the section minutes sum to 75, but minutes = 90"),
    ('minutes = 5\nlevel = "extension"', 'minutes = 5\nlevel = "optional"',
     "sections.5.level: Input should be 'core' or 'extension'"),
    ('lessons = ["start_here"]', 'lessons = ["start"]', "prerequisite lesson 'start'"),
    ("## A 45-minute class", "## A short class", "the ## headings must be exactly"),
    ('  "Students can list', '  "List', 'must start with "Students can "'),
    ("### Exercise 6", "### Exercise 9", "### Exercise 9 names no exercise"),
    ("### Exercise 2\n", "### Some other note\n", "missing: ['Exercise 2']"),
    ("+++\n## What", "## What", "between two lines that read +++"),
])
def test_a_bad_teacher_file_is_refused_with_a_clear_message(tmp_path, old, new, says):
    assert says in _variant(tmp_path, old, new)


def test_a_notebook_heading_missing_from_the_sections_is_named(tmp_path):
    said = _variant(tmp_path, '[[sections]]\nheading = "Three dice: the bell appears"\n'
                    'minutes = 5\nlevel = "extension"\n', "", ("minutes = 90", "minutes = 85"))
    assert "notebook headings without a section: ['Three dice: the bell appears']" in said


def test_a_missing_teacher_file_is_named(tmp_path):
    with pytest.raises(TeacherFileError, match="missing"):
        TeacherFile.read(tmp_path / "nothing.md", EXAMPLE)


def test_check_mode_lists_a_stale_notebook(tmp_path, capsys, monkeypatch):
    import tools.stamp_lessons as S

    stale = tmp_path / "stale.ipynb"
    stale.write_text(nbformat.writes(unstamp(EXAMPLE.read_notebook())) + "\n", encoding="utf-8")
    monkeypatch.setattr(S, "stamped_text",
                        lambda lesson: (stale.read_text(), EXAMPLE.notebook.read_text()))
    assert S.main(["--check", str(EXAMPLE.notebook)]) == 1
    assert "out of date" in capsys.readouterr().out
