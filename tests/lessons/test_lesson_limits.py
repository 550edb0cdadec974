"""The lesson limits of DESIGN.md ("Notebooks"), checked on the stored notebooks.

No lesson has more than 45 cells, no code cell more than 12 lines of code (comments and
blank lines do not count), and the probability labs print no line of 90 characters or more
(tables must read on a projector and on GitHub). Checked for every notebook: start_here
and every series folder, including those added later (each new game's lessons follow the
same limits from their first line).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SERIES = [NOTEBOOKS / "start_here.ipynb"] + sorted(
    p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def lines_of_code(source: str) -> int:
    return sum(1 for line in source.splitlines()
               if line.strip() and not line.strip().startswith("#"))


@pytest.mark.parametrize("path", SERIES, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_cells_and_code_lines_within_the_limits(path):
    nb = nbformat.read(path, as_version=4)
    assert len(nb.cells) <= 45, f"{path.name}: {len(nb.cells)} cells (at most 45)"
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            n = lines_of_code(cell.source)
            assert n <= 12, f"{path.name} cell {i}: {n} lines of code (at most 12)"


@pytest.mark.parametrize("path", sorted((NOTEBOOKS / "probability").glob("*.ipynb")),
                         ids=lambda p: p.name)
def test_probability_labs_print_narrow_lines(path):
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            for line in out.get("text", "").splitlines():
                assert len(line) < 90, f"{path.name} cell {i}: {len(line)} characters: {line!r}"


def test_the_series_are_found():
    folders = {p.parent.name for p in SERIES}
    assert {"probability", "deepwood", "clank", "dungeonquest", "adventureland"} <= folders
    assert len(SERIES) > 40
