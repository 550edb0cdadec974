"""Every character the boards and labs draw has a glyph in the fonts Debian installs
(issue 25 §2: "⏭" rendered as an empty box). Checked with fontconfig's own coverage
query, so it asks the fonts of the machine the browser tests run on."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


def _drawn_characters() -> dict[str, str]:
    """Each non-ASCII character of the widget modules and styles -> a file using it."""
    out: dict[str, str] = {}
    for path in sorted(WIDGETS.rglob("*")):
        if path.suffix in (".js", ".css"):
            for ch in path.read_text(encoding="utf-8"):
                if ord(ch) > 127:
                    out.setdefault(ch, path.name)
    return out


@pytest.mark.skipif(not shutil.which("fc-list"), reason="fontconfig not installed")
def test_every_drawn_character_has_a_glyph_in_an_installed_font():
    missing = []
    for ch, where in sorted(_drawn_characters().items()):
        fonts = subprocess.run(["fc-list", f":charset={ord(ch):x}", "family"],
                               capture_output=True, text=True, check=True).stdout
        if not fonts.strip():
            missing.append(f"{ch} (U+{ord(ch):04X}, in {where})")
    assert not missing, f"no installed font draws: {', '.join(missing)}"
