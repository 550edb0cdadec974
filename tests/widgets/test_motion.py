"""Motion on the boards (WCAG 2.2 AA, 2.2.2 "Pause, Stop, Hide"): nothing on a board pulses
for more than five seconds, and a system asking for reduced motion gets none at all.

An endless pulse on every legal target also made the browser repaint every frame, which
the latency bench measured as a constant cost on Deep Wood and *Klong!* (bench/README.md).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
SHEETS = sorted(WIDGETS.rglob("*.css"))


def _seconds(value: str) -> float:
    return float(value[:-2]) / 1000 if value.endswith("ms") else float(value[:-1])


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.name)
def test_no_animation_runs_longer_than_five_seconds(sheet):
    css = sheet.read_text()
    assert "infinite" not in css, f"{sheet.name}: an endless animation (WCAG 2.2.2)"
    for rule in re.findall(r"animation:\s*([^;}]+)", css):
        parts = rule.split()
        if parts[0] == "none":
            continue
        times = [p for p in parts if re.fullmatch(r"[\d.]+m?s", p)]
        counts = [p for p in parts if re.fullmatch(r"\d+(\.\d+)?", p)]
        assert times, f"{sheet.name}: {rule!r} has no duration"
        total = _seconds(times[0]) * (float(counts[0]) if counts else 1)
        assert total <= 5, f"{sheet.name}: {rule!r} runs {total:.1f} s (WCAG 2.2.2: at most 5)"


def test_reduced_motion_stops_every_board_animation():
    css = (WIDGETS / "shell.css").read_text()
    block = css[css.index("@media (prefers-reduced-motion: reduce)"):]
    assert ".sh-root *" in block and "animation: none" in block


def test_target_pulses_run_only_until_the_first_move():
    """Every pulse on a board's targets is scoped under ``.sh-intro``, which the shell drops
    at the player's first request: an answer draws new targets, and an unscoped pulse
    restarted on every click, so a board in play repainted every frame (bench/README.md)."""
    js = (WIDGETS / "shell.js").read_text()
    assert '"sh-intro"' in js and 'classList.remove("sh-intro")' in js
    scoped = 0
    for sheet in SHEETS:
        css = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.S)
        for selector, body in re.findall(r"([^{}]+)\{([^{}]*animation:[^{}]*)\}", css):
            if re.search(r"animation:\s*none", body) or "@keyframes" in selector:
                continue
            if re.search(r"(target|legal)", selector):
                assert selector.strip().startswith(".sh-intro "), (
                    f"{sheet.name}: {selector.strip()!r} pulses on every redraw")
                scoped += 1
    assert scoped >= 2, "the Deep Wood and Klong! target pulses were not found"
