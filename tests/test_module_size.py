"""No module of the code is longer than a reader can hold in mind (issue 27, item 3).

Every Python, JavaScript and CSS file in ``deepwood_kernel``, ``widgets`` and ``lessons``
has at most ``MAX_LINES`` lines. Content data files (``content.toml``) are data, not
modules, and are not counted. A module that grows past the limit is split by concern
(a game's rules along the rulebook's phases, one face re-exporting the names), as
``docs/architecture.md`` describes.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("deepwood_kernel", "widgets", "lessons")
SUFFIXES = (".py", ".js", ".css")
MAX_LINES = 600


def module_lines() -> dict[str, int]:
    """Every counted module (path relative to the repository) and its number of lines."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                with path.open(encoding="utf-8") as f:
                    out[path.relative_to(ROOT).as_posix()] = sum(1 for _ in f)
    return out


def test_the_count_sees_every_kind_of_module():
    lines = module_lines()
    assert "deepwood_kernel/core/game.py" in lines
    assert "widgets/shell.js" in lines and "widgets/shell.css" in lines
    assert "lessons/deepwood.py" in lines
    assert not any(p.endswith(".toml") for p in lines)


def test_no_module_is_over_600_lines():
    too_long = {p: n for p, n in module_lines().items() if n > MAX_LINES}
    assert not too_long, (
        f"modules over {MAX_LINES} lines (split them by concern): "
        + ", ".join(f"{p} ({n})" for p, n in sorted(too_long.items())))

