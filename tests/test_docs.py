"""The design lives in the repository (issue 27): the walk-through's examples run as
written, the documents link each other, and no file points to a path outside the
repository."""

from __future__ import annotations

import doctest
import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# Files that still cite rulebooks by a path outside the repository: none any more. Every
# rulebook is cited by its title, edition and section heading.
STILL_POINTING_OUTSIDE: set[str] = set()


def test_adding_a_game_examples_run_as_written():
    result = doctest.testfile(str(REPO / "docs" / "adding-a-game.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 5


def test_the_documents_exist_and_link_each_other():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for link in ("docs/architecture.md", "CONTRIBUTING.md", "docs/adding-a-game.md"):
        assert f"]({link})" in readme and (REPO / link).is_file()
    arch = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    for name in ("Game.apply", "_msg_act", "refresh()", "renderMarkup", "morphChildren"):
        assert name in arch                       # the life of a click names its functions


def test_no_file_points_outside_the_repository():
    files = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split()
    pattern = re.compile("shar" + r"ed/(rules|DESIGN|NOTES)")   # not one literal here
    pointing = set()
    for name in files:
        path = REPO / name
        if path.suffix in (".png", ".whl") or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if pattern.search(text):
            pointing.add(name)
    assert pointing <= STILL_POINTING_OUTSIDE, sorted(pointing - STILL_POINTING_OUTSIDE)
