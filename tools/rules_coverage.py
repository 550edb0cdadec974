#!/usr/bin/env python3
"""The rules coverage map (``make rules-coverage``).

Reads every rules reference ``docs/rules/<key>.md`` (one rule per list item, starting with
its ID in bold: ``- **DW-4.3** ...``), then finds where the rule IDs are cited:

* tests: every ``tests/**/*.py``; an ID counts for the test function it occurs in (its
  name, decorators, docstring, comments or body; a ``Test*`` class docstring counts for
  each test in the class). Test names write IDs with underscores: ``test_DW_4_3_...``
  cites ``DW-4.3``.
* lessons: every cell (markdown or code) of ``notebooks/**/*.ipynb``, checkpoints skipped.

A citation of a whole section (``DW-11``, ``test_DW_11_...``) is accepted when the section
has rules, but counts for no single rule. ``DW-6.x`` style group references are ignored.

It prints, per game, each rule with the number of tests and lesson cells citing it, then
``<key>: N of M rules tested, K of M taught``; ``--summary`` prints only that line per game
(``make test``). Gaps are printed, not fatal. The exit
status is 1 when a test or lesson cites an ID missing from its game's reference (only for
prefixes of games that have a reference file), or when a reference repeats an ID; 2 on a
usage error. Pure standard library.

    python tools/rules_coverage.py [--game KEY] [--missing | --summary] [--root DIR]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

PREFIXES = {"DW": "deepwood", "CL": "clank", "DQ": "dungeonquest", "DD": "dungeondraw",
            "AL": "adventureland", "PIG": "pig"}

ID_RE = r"[A-Z]{2,3}-\d+(?:\.\d+)*"
# a rule: a list item starting with its bold ID
RULE_LINE = re.compile(r"^\s*[-*+]\s+\*\*(" + ID_RE + r")\*\*\s*(.*)$")
# anything that looks like a bold ID at the start of a list item, to report malformed IDs
BOLD_ITEM = re.compile(r"^\s*[-*+]\s+\*\*([A-Z]{2,3}[-_][^*]*)\*\*")
# a cited ID with a hyphen: DW-4.3 (not DW-6.x, a group, and not inside a longer word)
HYPHEN_CITE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2,3})-(\d++(?:\.\d+)*+)(?![.][xX*]|[A-Za-z0-9])")
SECTION_TAIL = re.compile(r"\*\(([^()]*)\)\*\s*$")


@dataclass
class Rule:
    id: str
    text: str
    line: int


@dataclass
class Reference:
    key: str
    path: Path
    prefix: str
    rules: list[Rule] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)   # duplicates, wrong prefix, bad IDs

    @property
    def ids(self) -> list[str]:
        return [r.id for r in self.rules]


@dataclass
class Citation:
    id: str
    file: Path
    line: int
    where: str          # "test_x" / "cell 3" / "(outside any test)"


# ============================================================== references
def prefix_of(rule_id: str) -> str:
    """The game prefix of an ID: ``DW-4.3`` -> ``DW``, ``PIG-2.1`` -> ``PIG``."""
    return rule_id.partition("-")[0]


def id_key(rule_id: str) -> tuple:
    """Sort key: DW-2.10 after DW-2.9."""
    pfx, _, num = rule_id.partition("-")
    return (pfx, *(int(x) for x in num.split(".")))


def parse_reference(path: Path) -> Reference:
    """Rules of one ``docs/rules/<key>.md``, in file order, with any problems found."""
    key = path.stem
    rules: list[Rule] = []
    problems: list[str] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = RULE_LINE.match(line)
        if m:
            rules.append(Rule(m.group(1), m.group(2).strip(), n))
        elif BOLD_ITEM.match(line):
            problems.append(f"{path.name}:{n}: malformed rule ID "
                            f"{BOLD_ITEM.match(line).group(1)!r} (expected like DW-4.3)")
    known = {v: k for k, v in PREFIXES.items()}
    if key in known:
        prefix = known[key]
    else:
        common = Counter(prefix_of(r.id) for r in rules).most_common(1)
        prefix = common[0][0] if common else ""
    seen: dict[str, int] = {}
    for r in rules:
        if prefix_of(r.id) != prefix:
            problems.append(f"{path.name}:{r.line}: {r.id} does not use this game's "
                            f"prefix {prefix}-")
        if r.id in seen:
            problems.append(f"{path.name}:{r.line}: {r.id} is defined twice "
                            f"(first on line {seen[r.id]})")
        else:
            seen[r.id] = r.line
    return Reference(key, path, prefix, rules, problems)


def load_references(root: Path) -> dict[str, Reference]:
    d = root / "docs" / "rules"
    if not d.is_dir():
        return {}
    return {p.stem: parse_reference(p) for p in sorted(d.glob("*.md"))}


def short_text(text: str, width: int = 58) -> str:
    """The rule's text without markup and section, cut to ``width`` characters."""
    t = SECTION_TAIL.sub("", text)
    t = re.sub(r"\*\*reading:\*\*", "reading:", t)
    t = t.replace("**", "").replace("`", "").replace("*", "").strip()
    return t if len(t) <= width else t[:width - 3].rstrip() + "..."


# ============================================================== citations
class CiteFinder:
    """Finds cited IDs of the given prefixes in text, hyphen or underscore form."""

    def __init__(self, refs: dict[str, Reference]):
        self.prefixes = {r.prefix for r in refs.values() if r.prefix}
        self.defined = {i for r in refs.values() for i in r.ids}
        alts = "|".join(sorted(self.prefixes)) or "(?!)"
        self.underscore = re.compile(
            r"(?<![A-Za-z0-9])(" + alts + r")_(\d+(?:_\d+)*)(?![A-Za-z0-9])")

    def find(self, text: str) -> list[tuple[str, int]]:
        """(normalised ID, offset) for every citation in ``text``."""
        out = []
        for m in HYPHEN_CITE.finditer(text):
            if m.group(1) in self.prefixes:
                out.append((f"{m.group(1)}-{m.group(2)}", m.start()))
        for m in self.underscore.finditer(text):
            out.append((self._normalise(m.group(1), m.group(2).split("_")), m.start()))
        return out

    def _normalise(self, prefix: str, parts: list[str]) -> str:
        """``DW_4_3`` -> ``DW-4.3``. Words after the ID may start with a number
        (``test_DW_6_5_3_dice``), so the longest form that is a defined rule wins."""
        for k in range(len(parts), 0, -1):
            cand = f"{prefix}-" + ".".join(str(int(x)) for x in parts[:k])
            if cand in self.defined:
                return cand
        return f"{prefix}-" + ".".join(str(int(x)) for x in parts[:2])


def _test_spans(tree: ast.AST) -> tuple[list[tuple[int, int, str]], list[tuple[int, int, list[str]]]]:
    """Line spans of test functions (decorators included) and of ``Test*`` classes."""
    funcs, classes = [], []

    def start(node) -> int:
        return min([node.lineno] + [d.lineno for d in node.decorator_list])

    def visit(node, qual: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{qual}{child.name}"
                if child.name.startswith("test"):
                    funcs.append((start(child), child.end_lineno, name))
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                name = f"{qual}{child.name}"
                if child.name.startswith("Test"):
                    tests = [f"{name}.{c.name}" for c in child.body
                             if isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef))
                             and c.name.startswith("test")]
                    classes.append((start(child), child.end_lineno, tests))
                visit(child, name + ".")
            else:
                visit(child, qual)

    visit(tree, "")
    return funcs, classes


def scan_tests(root: Path, finder: CiteFinder) -> tuple[dict[str, set[str]], list[Citation], list[str]]:
    """IDs -> set of tests citing them; every citation; warnings."""
    tests: dict[str, set[str]] = defaultdict(set)
    cites: list[Citation] = []
    warnings: list[str] = []
    base = root / "tests"
    if not base.is_dir():
        return tests, cites, warnings
    for path in sorted(base.rglob("*.py")):
        text = path.read_text(encoding="utf-8", errors="replace")
        found = finder.find(text)
        if not found:
            continue
        rel = path.relative_to(root).as_posix()
        try:
            funcs, classes = _test_spans(ast.parse(text, str(path)))
        except SyntaxError as e:
            warnings.append(f"{rel}: cannot parse ({e.msg}, line {e.lineno}); "
                            "its citations are not attributed to tests")
            funcs, classes = [], []
        starts = [0]
        for m in re.finditer("\n", text):
            starts.append(m.end())
        for rid, off in found:
            line = bisect_right(starts, off)
            inside = [f for f in funcs if f[0] <= line <= f[1]]
            if inside:
                name = min(inside, key=lambda f: f[1] - f[0])[2]
                owners = [name]
            else:
                cls = [c for c in classes if c[0] <= line <= c[1]]
                owners = min(cls, key=lambda c: c[1] - c[0])[2] if cls else []
            for o in owners:
                tests[rid].add(f"{rel}::{o}")
            cites.append(Citation(rid, path, line, ", ".join(owners) or "(outside any test)"))
    return tests, cites, warnings


def scan_notebooks(root: Path, finder: CiteFinder) -> tuple[dict[str, int], list[Citation], list[str]]:
    """IDs -> number of lesson cells citing them; every citation; warnings."""
    cells: dict[str, int] = Counter()
    cites: list[Citation] = []
    warnings: list[str] = []
    base = root / "notebooks"
    if not base.is_dir():
        return cells, cites, warnings
    for path in sorted(base.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        rel = path.relative_to(root).as_posix()
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            nb_cells = nb.get("cells", [])
        except (json.JSONDecodeError, AttributeError, UnicodeDecodeError) as e:
            warnings.append(f"{rel}: not a readable notebook ({e}); skipped")
            continue
        for i, cell in enumerate(nb_cells, 1):
            src = cell.get("source", "") if isinstance(cell, dict) else ""
            if isinstance(src, list):
                src = "".join(src)
            ids = {rid for rid, _ in finder.find(src)}
            for rid in ids:
                cells[rid] += 1
                cites.append(Citation(rid, path, i, f"cell {i}"))
    return cells, cites, warnings


# ============================================================== report
@dataclass
class Coverage:
    refs: dict[str, Reference]
    tests: dict[str, set[str]]
    cells: dict[str, int]
    dangling: list[Citation]
    warnings: list[str]
    section_cites: Counter = field(default_factory=Counter)   # "DW-11" -> citations


def coverage(root: Path, games: list[str] | None = None) -> Coverage:
    refs = load_references(root)
    finder = CiteFinder(refs)
    tests, tcites, w1 = scan_tests(root, finder)
    cells, ncites, w2 = scan_notebooks(root, finder)
    wanted = {refs[g].prefix for g in (games or refs)}
    sections = {i.split(".")[0] for i in finder.defined}
    dangling, whole = [], Counter()
    for c in tcites + ncites:
        if prefix_of(c.id) not in wanted or c.id in finder.defined:
            continue
        if "." not in c.id and c.id in sections:
            whole[c.id] += 1              # DW-11 / test_DW_11_...: a whole section
        else:
            dangling.append(c)
    return Coverage(refs, tests, cells, dangling, w1 + w2, whole)


def game_summary(cov: Coverage, key: str) -> tuple[int, int, int]:
    """(rules tested, rules taught, rules) for one game."""
    ids = cov.refs[key].ids
    return (sum(1 for i in ids if cov.tests.get(i)), sum(1 for i in ids if cov.cells.get(i)),
            len(ids))


def report(cov: Coverage, games: list[str], missing: bool, root: Path, out=None,
           summary: bool = False) -> None:
    """The table per game, then its summary line; ``summary``: the summary lines only."""
    out = out or sys.stdout
    for key in games:
        ref = cov.refs[key]
        if summary:
            tested, taught, total = game_summary(cov, key)
            print(f"{key}: {tested} of {total} rules tested, {taught} of {total} taught",
                  file=out)
            continue
        print(f"== {key} ({ref.path.relative_to(root).as_posix()}, {len(ref.rules)} rules)",
              file=out)
        print(f"{'rule':<9} {'tests':>5} {'lessons':>7}  {'gap':<10} text", file=out)
        for r in ref.rules:
            t, c = len(cov.tests.get(r.id, ())), cov.cells.get(r.id, 0)
            gap = "" if t and c else "no lesson" if t else "no test" if c else "neither"
            if missing and not gap:
                continue
            print(f"{r.id:<9} {t:>5} {c:>7}  {gap:<10} {short_text(r.text)}", file=out)
        whole = sorted((i for i in cov.section_cites if prefix_of(i) == ref.prefix), key=id_key)
        if whole:
            print("whole-section citations (count for no single rule): "
                  + ", ".join(f"{i} x{cov.section_cites[i]}" for i in whole), file=out)
        tested, taught, total = game_summary(cov, key)
        print(f"{key}: {tested} of {total} rules tested, {taught} of {total} taught", file=out)
        print(file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Which rule IDs have a test and a lesson cell.")
    ap.add_argument("--game", metavar="KEY", help="only this game (e.g. deepwood)")
    ap.add_argument("--missing", action="store_true",
                    help="list only rules lacking a test or a lesson cell")
    ap.add_argument("--summary", action="store_true",
                    help="one line per game (rules tested and taught), no table")
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="repository root (default: the one holding this tool)")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    refs = load_references(root)
    if not refs:
        print(f"rules-coverage: no rules references found in {root / 'docs' / 'rules'}",
              file=sys.stderr)
        return 2
    if args.game and args.game not in refs:
        print(f"rules-coverage: no reference for game {args.game!r}; "
              f"known: {', '.join(refs)}", file=sys.stderr)
        return 2
    games = [args.game] if args.game else list(refs)
    cov = coverage(root, games)
    report(cov, games, args.missing, root, summary=args.summary)
    for w in cov.warnings:
        print(f"rules-coverage: warning: {w}", file=sys.stderr)
    problems = [p for g in games for p in cov.refs[g].problems]
    if problems:
        print("rules-coverage: problems in the rules references:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
    if cov.dangling:
        print(f"rules-coverage: {len(cov.dangling)} citation(s) of rule IDs that no "
              "reference defines:", file=sys.stderr)
        for c in sorted(cov.dangling, key=lambda c: (str(c.file), c.line)):
            rel = c.file.relative_to(root).as_posix()
            at = rel if c.file.suffix == ".ipynb" else f"{rel}:{c.line}"
            print(f"  {c.id:<9} {at}  ({c.where})", file=sys.stderr)
    return 1 if problems or cov.dangling else 0


if __name__ == "__main__":
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")      # rule texts are not pure ASCII
    sys.exit(main())
