"""Meta-tests of ``tools/rules_coverage.py`` (the rules coverage map).

These test the tool, not a game, so they cite no rule: every rule ID below is built by
string concatenation at run time (the literal never appears in this file) and written only
into temporary trees, so none of them leaks into the coverage scan of the real repository.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TOOL = REPO / "tools" / "rules_coverage.py"

# the fake game's prefix and the real flagship's, never written as one literal
XX = "X" + "X"
DW = "D" + "W"

# German section headings of the Deepwood rulebook (plus the title lines)
GERMAN_SECTIONS = {
    "Titelblatt", "SPIELMATERIAL", "SPIELZIEL", "VORBEREITUNG", "Prototyp", "SPIELABLAUF",
    "Kärtchen aufdecken", "Ressourcen-Markt", "Ressourcen-Limit", "Ressourcen tauschen",
    "Spielplan-Aktionen", "Markierungssteine", "Mauer", "Schwerter", "Hindernisse",
    "Trolle", "Felsmonster", "Die Felsmonsterkarten", "Rückwärts ziehen", "Nachziehstapel",
    "Nebel", "Spielende", "Längster Weg", "Schlusswertung", "Anmerkung zur Schlusswertung",
    "Anmerkung zum Spiel zu zweit",
}


@pytest.fixture(scope="module")
def rc():
    spec = importlib.util.spec_from_file_location("rules_coverage", TOOL)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rules_coverage"] = mod
    spec.loader.exec_module(mod)
    return mod


def rid(prefix: str, *parts: int, sep: str = "-", dot: str = ".") -> str:
    return prefix + sep + dot.join(str(p) for p in parts)


def write(root: Path, rel: str, text: str) -> Path:
    p = root / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def notebook(cells: list[tuple[str, str]]) -> str:
    return json.dumps({
        "cells": [{"cell_type": kind, "metadata": {}, "source": src.splitlines(True),
                   **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                  for kind, src in cells],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def reference(prefix: str, ids: list[str]) -> str:
    lines = ["# Fake rules", "", "Intro text mentioning " + rid(prefix, 1, 1) + " in prose.", ""]
    lines += [f"- **{i}** Rule text for {i}. *(Spielende)*" for i in ids]
    return "\n".join(lines) + "\n"


@pytest.fixture
def tree(tmp_path):
    """A tiny repository: one fake game (prefix XX), a test file and two notebooks."""
    x11, x12, x21, x22 = (rid(XX, 1, 1), rid(XX, 1, 2), rid(XX, 2, 1), rid(XX, 2, 2))
    write(tmp_path, "docs/rules/fakegame.md", reference(XX, [x11, x12, x21, x22]))
    u11 = rid(XX, 1, 1, sep="_", dot="_")
    write(tmp_path, "tests/fake/test_fake.py", f'''"""Module docstring citing {x22}: no test."""
import pytest


def helper():
    """A helper citing {x22} is not a test either."""


def test_{u11}_underscore_name():
    assert True


def test_docstring():
    """Checks {x12}; mentions UTF-8, QQ-1.1 and {XX}-2.x, which are no citations."""
    # and a comment citing {x12} again: still one test
    assert True


@pytest.mark.parametrize("n", [pytest.param(1, id="{x21}")])
def test_param(n):
    def inner():
        return "{x12}"
    assert inner()


class TestGroup:
    """Every test of this class covers {x11}."""

    def test_a(self):
        pass

    def test_b(self):
        pass
''')
    write(tmp_path, "notebooks/fake/lesson.ipynb", notebook([
        ("markdown", f"*Rules: {x11}, {x12}*\n\nText citing {x11} twice in one cell."),
        ("code", f"# {x11}\nx = 1"),
        ("markdown", "No citation here."),
    ]))
    write(tmp_path, "notebooks/fake/.ipynb_checkpoints/lesson-checkpoint.ipynb",
          notebook([("markdown", f"{x22} {rid(XX, 9, 9)}")]))
    return tmp_path


def run_tool(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), "--root", str(root), *args],
                          capture_output=True, text=True, timeout=60)


def test_counts_tests_and_lesson_cells(rc, tree):
    cov = rc.coverage(tree)
    x11, x12, x21, x22 = (rid(XX, 1, 1), rid(XX, 1, 2), rid(XX, 2, 1), rid(XX, 2, 2))
    tests = {k: sorted(v) for k, v in cov.tests.items()}
    assert tests[x11] == ["tests/fake/test_fake.py::TestGroup.test_a",
                          "tests/fake/test_fake.py::TestGroup.test_b",
                          "tests/fake/test_fake.py::test_" + rid(XX, 1, 1, sep="_", dot="_")
                          + "_underscore_name"]
    assert tests[x12] == ["tests/fake/test_fake.py::test_docstring",
                          "tests/fake/test_fake.py::test_param"]   # nested helper -> test
    assert tests[x21] == ["tests/fake/test_fake.py::test_param"]   # decorator counts
    assert x22 not in tests                  # module docstring and helpers are no tests
    assert cov.cells[x11] == 2               # two cells, one of them citing it twice
    assert cov.cells[x12] == 1
    assert x22 not in cov.cells              # checkpoints are skipped
    assert cov.dangling == []
    assert rc.game_summary(cov, "fakegame") == (3, 2, 4)


def test_output_table_and_summary_line(tree):
    r = run_tool(tree)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "fakegame: 3 of 4 rules tested, 2 of 4 taught" in lines
    row = next(l for l in lines if l.startswith(rid(XX, 1, 1) + " "))
    assert row.split()[1:3] == ["3", "2"]
    row = next(l for l in lines if l.startswith(rid(XX, 2, 2) + " "))
    assert row.split()[1:4] == ["0", "0", "neither"]


def test_missing_lists_only_gaps(tree):
    r = run_tool(tree, "--missing")
    assert r.returncode == 0, r.stderr
    listed = {l.split()[0] for l in r.stdout.splitlines() if l.startswith(XX + "-")}
    assert listed == {rid(XX, 2, 1), rid(XX, 2, 2)}     # 1.1 and 1.2 have both
    assert "fakegame: 3 of 4 rules tested, 2 of 4 taught" in r.stdout


def test_summary_prints_one_line_per_game(tree):
    write(tree, "docs/rules/other.md", reference("Y" + "Y", [rid("Y" + "Y", 1, 1)]))
    r = run_tool(tree, "--summary")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["fakegame: 3 of 4 rules tested, 2 of 4 taught",
                                     "other: 0 of 1 rules tested, 0 of 1 taught"]
    r = run_tool(tree, "--summary", "--game", "other")
    assert r.stdout.splitlines() == ["other: 0 of 1 rules tested, 0 of 1 taught"]


def test_summary_still_reports_dangling_citations(tree):
    bad = rid(XX, 9, 9)
    write(tree, "tests/fake/test_bad.py", f'def test_bad():\n    """Checks {bad}."""\n')
    r = run_tool(tree, "--summary")
    assert r.returncode == 1 and bad in r.stderr
    assert r.stdout.splitlines() == ["fakegame: 3 of 4 rules tested, 2 of 4 taught"]


def test_game_option(tree):
    write(tree, "docs/rules/other.md", reference("Y" + "Y", [rid("Y" + "Y", 1, 1)]))
    r = run_tool(tree, "--game", "other")
    assert r.returncode == 0, r.stderr
    assert "other: 0 of 1 rules tested, 0 of 1 taught" in r.stdout
    assert "fakegame" not in r.stdout
    r = run_tool(tree, "--game", "nosuchgame")
    assert r.returncode == 2 and "nosuchgame" in r.stderr


def test_underscore_names_are_normalised(rc, tree):
    d43, d65 = rid(DW, 4, 3), rid(DW, 6, 5)
    write(tree, "docs/rules/deepwood.md", reference(DW, [d43, d65]))
    write(tree, "tests/test_dw.py",
          f"def test_{rid(DW, 4, 3, sep='_', dot='_')}_path_may_not_touch_itself():\n"
          f"    pass\n\n\n"
          f"def test_{rid(DW, 6, 5, 3, sep='_', dot='_')}_dice_lose_one_sword():\n"
          f"    pass\n")
    cov = rc.coverage(tree)
    assert sorted(cov.tests[d43]) == [
        f"tests/test_dw.py::test_{rid(DW, 4, 3, sep='_', dot='_')}_path_may_not_touch_itself"]
    # a word after the ID that starts with a number: the longest defined ID wins
    assert len(cov.tests[d65]) == 1
    assert cov.dangling == []
    finder = rc.CiteFinder(cov.refs)
    assert [i for i, _ in finder.find("see " + d43 + ".")] == [d43]
    assert finder.find(rid(DW, 6) + ".x and U" + rid("TF", 8)) == []


def test_dangling_citation_exits_1(tree):
    bad_test, bad_cell = rid(XX, 9, 9), rid(XX, 1, 7)
    write(tree, "tests/fake/test_bad.py",
          f'def test_bad():\n    """Checks {bad_test}."""\n')
    write(tree, "notebooks/fake/bad.ipynb", notebook([("markdown", f"*Rules: {bad_cell}*")]))
    r = run_tool(tree)
    assert r.returncode == 1
    assert bad_test in r.stderr and "tests/fake/test_bad.py:2" in r.stderr
    assert bad_cell in r.stderr and "notebooks/fake/bad.ipynb" in r.stderr
    assert "fakegame: 3 of 4 rules tested" in r.stdout      # the table is still printed


def test_prefix_without_reference_is_not_dangling(tree):
    write(tree, "tests/fake/test_other_game.py",
          f'def test_x():\n    """Cites {rid("C" + "L", 9, 9)} of a game with no reference."""\n')
    assert run_tool(tree).returncode == 0


def test_whole_section_citation_is_accepted(rc, tree):
    write(tree, "tests/fake/test_section.py",
          f"def test_{XX}_2_whole_section():\n    pass\n")
    cov = rc.coverage(tree)
    assert cov.dangling == [] and cov.section_cites[rid(XX, 2)] == 1
    write(tree, "tests/fake/test_section.py",
          f"def test_{XX}_7_no_such_section():\n    pass\n")
    assert [c.id for c in rc.coverage(tree).dangling] == [rid(XX, 7)]


def test_duplicate_rule_id_exits_1(rc, tree):
    x11 = rid(XX, 1, 1)
    write(tree, "docs/rules/fakegame.md", reference(XX, [x11, rid(XX, 1, 2), x11]))
    ref = rc.parse_reference(tree / "docs/rules/fakegame.md")
    assert any("defined twice" in p for p in ref.problems)
    r = run_tool(tree)
    assert r.returncode == 1 and "defined twice" in r.stderr


# ============================================================== the real reference
@pytest.fixture(scope="module")
def deepwood_ref(rc):
    return rc.parse_reference(REPO / "docs" / "rules" / "deepwood.md")


def test_real_deepwood_reference_parses(deepwood_ref):
    ref = deepwood_ref
    assert ref.problems == []
    ids = ref.ids
    assert len(ids) == len(set(ids)) >= 60
    assert all(i.startswith(DW + "-") for i in ids)


def test_real_deepwood_rules_cite_german_sections(rc, deepwood_ref):
    for r in deepwood_ref.rules:
        m = rc.SECTION_TAIL.search(r.text)
        assert m, f"{r.id} does not end with its rulebook section in parentheses"
        sections = [s.strip() for s in m.group(1).split(";")]
        unknown = [s for s in sections if s not in GERMAN_SECTIONS]
        assert not unknown, f"{r.id} cites unknown sections {unknown}"


def test_real_deepwood_reference_marks_designed_and_readings(deepwood_ref):
    texts = [r.text for r in deepwood_ref.rules]
    assert sum("**designed**" in t for t in texts) >= 5
    assert sum("**reading:**" in t for t in texts) >= 15
    # the reference credits the designer by name only, with no contact lines
    doc = deepwood_ref.path.read_text(encoding="utf-8")
    assert "Katzenberger" in doc
    assert not re.search(r"@|Tel\.|\b\d{5}\b", doc)


def test_every_id_the_engine_cites_is_defined(deepwood_ref):
    """The engine's docstrings cite rule IDs; each must exist in the reference."""
    pattern = re.compile(r"(?<![A-Za-z0-9])" + DW + r"-\d+(?:\.\d+)+(?![.]?[A-Za-z0-9])")
    cited = set()
    for path in (REPO / "deepwood_kernel" / "games" / "deepwood").rglob("*.py"):
        cited |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert cited, "the engine should cite rule IDs"
    assert sorted(cited - set(deepwood_ref.ids)) == []


def test_real_repository_report_runs(rc, capsys):
    rc.main(["--root", str(REPO), "--game", "deepwood"])
    out = capsys.readouterr().out
    assert re.search(r"^deepwood: \d+ of \d+ rules tested, \d+ of \d+ taught$", out, re.M)
