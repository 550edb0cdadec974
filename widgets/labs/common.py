"""What the two probability labs share on the Python side: their shipped ES module."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def lab_module(name: str) -> str:
    """The ES module a lab ships: ``common.js`` followed by the lab's own file.

    anywidget does not resolve imports between modules, so the helpers both labs use
    (escaping, number formats, the histogram) are prepended here instead of copied.
    """
    return (HERE / "common.js").read_text(encoding="utf-8") + "\n" + \
        (HERE / name).read_text(encoding="utf-8")
