"""Issue 11 §1: each board's own JS stays small because shared drawing lives in the
shell (panels, action buttons and groups, odds lines, token shapes, dice, legends, player
cards), and German game terms stand beside English ones in the board panels through the
shell's one scheme, ``term()`` (``English <span class="sh-de" lang="de">(Deutsch)</span>``).
"""

from __future__ import annotations

import re

import pytest

from widgets import ClankBoard, DeepWoodBoard

from .widget_helpers import REPO, needs_node, render_in_node, widget_state

BOARDS = REPO / "widgets" / "boards"
SHARED = ("panel", "actButton", "group", "buttonGroups", "grouped", "oddsLine", "placed",
          "pipDie", "legendRow", "seatCard", "SHAPES", "shape", "legalMap", "groupBy")


@pytest.mark.parametrize("key", ["deepwood", "clank", "dungeonquest", "adventureland",
                                 "dungeondraw", "pig"])
def test_each_boards_own_js_is_at_most_600_lines(key):
    lines = (BOARDS / f"{key}.js").read_text(encoding="utf-8").count("\n")
    assert lines <= 600, f"{key}.js has {lines} lines"


def test_the_shell_exports_the_shared_drawing_helpers():
    shell = (REPO / "widgets" / "shell.js").read_text(encoding="utf-8")
    for name in SHARED:
        assert re.search(rf"^export (function|const) {name}\b", shell, re.M), name
    # no board redefines a shell export at its top level (one ES module: a clash breaks it)
    for js in BOARDS.glob("*.js"):
        own = set(re.findall(r"^(?:function|const|let) ([A-Za-z_]\w*)", js.read_text(), re.M))
        assert not own & set(SHARED), f"{js.name} redefines {own & set(SHARED)}"


def german(markup: str) -> list[str]:
    """The German terms drawn through term()."""
    return re.findall(r'<span class="sh-de" lang="de"[^>]*>\(([^)<]+)\)</span>', markup)


@needs_node
def test_german_terms_stand_beside_english_in_the_deep_wood_panels(tmp_path):
    w = DeepWoodBoard(players=3, seed=7, bot_delay=0)
    (r,) = render_in_node([(widget_state(w), {})], tmp_path)
    de = set(german(r["markup"]))
    # panels and legend, not only the status line's phase
    assert {"Spieler", "Ressourcen-Markt", "Felsmonster", "Spielpläne", "Dickicht", "Tor",
            "Wache", "Nebel", "Einstieg"} <= de
    assert "Stärketränke" in r["markup"]          # resource chips' tooltips


@needs_node
def test_german_terms_stand_beside_english_in_the_klong_panels(tmp_path):
    w = ClankBoard(players=2, seed=1, bot_delay=0, seat=None)
    (r,) = render_in_node([(widget_state(w), {})], tmp_path, module="clank")
    de = set(german(r["markup"]))
    assert {"Spieler", "Verliesreihe", "Vorrat", "Markt", "Kartenhand", "Auslage", "Drache",
            "Zornesleiste", "Schicksalsweg", "Drachenbeutel", "Spielzug", "Kristallhöhle"} <= de
    # card names with the German edition's name beside them (the starter Plündern)
    assert "Plündern" in de


@needs_node
def test_symbols_are_shapes_not_rare_glyphs(tmp_path):
    """Issue 11 §3: the sword is drawn as a shape (Debian's fonts lack ⚔)."""
    from .widget_helpers import find, fight_legal, replay
    w = DeepWoodBoard(replay(find(fight_legal, players=3)), bot_delay=0)
    (r,) = render_in_node([(widget_state(w), {})], tmp_path)
    assert "⚔" not in r["markup"] and 'class="dw-ico dw-ico-sword"' in r["markup"]
