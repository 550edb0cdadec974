"""Colour is never the only cue (issue 25 §2, WCAG 1.4.1): on every live board each piece
drawn in a player's colour (figures, pawns, adventurers, heroes, travel markers, cubes,
the countdown pawn, the path's head, the seat cards' dots) also carries the player's
letter — the one the game's static picture uses: the initial, DungeonQuest's seat number —
in an ink that keeps at least 3:1 against the piece's colour, and the piece's accessible
name (its ``<title>``) still names the player.

Each board is drawn in node (``render_check.mjs``) on a mid-game position reached by
*playing* a seeded game, and the drawing is read as a tree (``html.parser``), piece by
piece. Pig draws no player in a colour (its tracks are named rows), so it has no marks.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from widgets import (AdventureLandBoard, ClankBoard, DeepWoodBoard, DungeonDrawBoard,
                     DungeonQuestBoard)

from .widget_helpers import (bot_play, find, first_saves, load_board, needs_node,
                             render_in_node, widget_state)

VOID = {"br", "input", "img", "hr", "meta", "link", "col", "wbr", "area", "source"}


class Node:
    def __init__(self, tag: str, attrs: dict, parent=None):
        self.tag, self.attrs, self.parent, self.kids, self.text = tag, attrs, parent, [], ""

    @property
    def cls(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for k in self.kids:
            yield from k.walk()

    def all(self, cls: str, tag: str | None = None) -> list[Node]:
        return [n for n in self.walk() if cls in n.cls and (tag is None or n.tag == tag)]

    def full_text(self) -> str:
        return self.text + "".join(k.full_text() for k in self.kids)

    def title(self) -> str:
        t = [k for k in self.kids if k.tag == "title"]
        return t[0].full_text() if t else ""


class Tree(HTMLParser):
    """The markup as a tree of :class:`Node` (SVG's ``<x/>`` and HTML's void tags close)."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.root = self.at = Node("root", {})
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        n = Node(tag, dict(attrs), self.at)
        self.at.kids.append(n)
        if tag not in VOID:
            self.at = n

    def handle_startendtag(self, tag, attrs):
        self.at.kids.append(Node(tag, dict(attrs), self.at))

    def handle_endtag(self, tag):
        n = self.at
        while n is not self.root and n.tag != tag:
            n = n.parent
        if n is not self.root:
            self.at = n.parent

    def handle_data(self, data):
        self.at.text += data


def luminance(hex_colour: str) -> float:
    """WCAG 2.2 relative luminance of ``#rrggbb``."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    lin = [(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
           for c in (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    x, y = sorted((luminance(a), luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


def style(n: Node, prop: str) -> str | None:
    m = re.search(rf"(?:^|;)\s*{prop}\s*:\s*([^;]+)", n.attrs.get("style") or "")
    return m.group(1).strip() if m else None


def svg_mark(piece: Node, fill: str | None = None) -> tuple[str, float]:
    """The letter an SVG piece carries and its ink's contrast against the piece's colour
    (``fill``, else the piece's first filled shape)."""
    marks = piece.all("sh-mark", "text")
    assert len(marks) == 1, (piece.title(), len(marks))
    fill = fill or next(n.attrs["fill"] for n in piece.walk()
                        if n.tag in ("circle", "path", "rect") and
                        (n.attrs.get("fill") or "").startswith("#"))
    return marks[0].full_text(), contrast(style(marks[0], "fill"), fill)


def chip_mark(chip: Node) -> tuple[str, float]:
    """The letter of an HTML mark (a disc or cube) and its ink's contrast on its colour."""
    return chip.full_text(), contrast(style(chip, "color"), style(chip, "background"))


def initial(name: str) -> str:
    return name[:1].upper()


def drawn(cls, save: str, tmp_path, key: str, seat=None) -> tuple[Node, dict]:
    """The board on a saved game, drawn in node, as a tree; and the view it drew (no
    chance event resolved on its own: the position stays the one saved)."""
    w = load_board(cls, save, seat=seat, auto_chance=False)
    st = widget_state(w)
    (r,) = render_in_node([(st, {})], tmp_path, module=key)
    w.close()
    return Tree(r["markup"]).root, st["view"]


def check_cards(root: Node, prefix: str, names: list[str]) -> None:
    """The seat cards' colour dots carry the letters, in seat order."""
    heads = root.all(f"{prefix}-player-head")
    assert len(heads) == len(names)
    for head, name in zip(heads, names):
        (chip,) = head.all("sh-mark-chip")
        letter, c = chip_mark(chip)
        assert letter == initial(name) and c >= 3, (name, letter, c)


# ---------------------------------------------------------------- Deep Wood
@needs_node
def test_deepwood_figures_market_pawns_and_seat_cards_carry_the_initial(tmp_path):
    def want(g):
        v = g.view(None)
        held = [w for w in v["market"]["borders"].values() if w is not None and w >= 0]
        return all(b["figure"] for b in v["boards"]) and len(set(held)) >= 3
    def held_by(g):
        return [w for w in g.view(None)["market"]["borders"].values() if w is not None and w >= 0]
    g = find(want, players=4, stop_on_chance=False)
    root, v = drawn(DeepWoodBoard, g.to_json(), tmp_path, "deepwood")
    names = [p["name"] for p in v["players"]]
    figures = root.all("dw-figure", "g")
    assert len(figures) == 4            # the big board and the three small ones
    for fig in figures:
        owner = fig.title().split("'s figure")[0]
        letter, c = svg_mark(fig)
        assert owner in names and letter == initial(owner) and c >= 3, (owner, letter, c)
    pawns = [n for n in root.all("dw-border-field", "g") for n in n.kids
             if n.tag == "g" and " stands at " in n.title()]
    assert len(pawns) == len(held_by(g))
    for pawn in pawns:
        owner = pawn.title().split(" stands at ")[0]
        letter, c = svg_mark(pawn)
        assert letter == initial(owner) and c >= 3, (owner, letter, c)
    check_cards(root, "dw", names)


# ---------------------------------------------------------------- Klong!
@needs_node
def test_clank_figures_cubes_countdown_and_seat_cards_carry_the_initial(tmp_path):
    def kinds(g):
        v = g.view(None)
        ps = v["players"]
        inside = all(p["room"] != "start" for p in ps)
        if inside and all(p["clank"] for p in ps) and all(p["damage"] for p in ps):
            yield "cubes"
        if v["countdown"]["seat"] is not None and any(p["clank"] for p in ps):
            yield "countdown"
    games = (bot_play("clank", seed, 4, wild=0.2) for seed in range(40))
    saves = first_saves(games, kinds, {"cubes", "countdown"})
    for kind, save in saves.items():
        root, v = drawn(ClankBoard, save, tmp_path, "clank")
        ps = v["players"]
        names = [p["name"] for p in ps]
        assert kind == "countdown" or all(p["clank"] and p["damage"] for p in ps)
        figures = root.all("cl-figure", "g")
        assert len(figures) == len(ps)
        for fig in figures:
            owner = fig.title().split(" (")[0]
            letter, c = svg_mark(fig)
            assert letter == initial(owner) and c >= 3, (owner, letter, c)
        # the clank area: each player's cubes carry the player's letter
        for who in root.all("cl-area-who"):
            owner = who.attrs["title"].split(":")[0]
            p = next(q for q in ps if q["name"] == owner)
            cubes = who.all("sh-mark-chip")
            assert len(cubes) == min(p["clank"], 10), owner
            assert all(chip_mark(q)[0] == initial(owner) and chip_mark(q)[1] >= 3
                       for q in cubes), owner
        # the health tracks: the damage cubes are the player's cubes
        for card, p in zip(root.all("cl-player", "div"), ps):
            hits = card.all("cl-hp-hit")
            assert len(hits) == p["damage"]
            assert all(chip_mark(q)[0] == initial(p["name"]) for q in hits)
        check_cards(root, "cl", names)
        if kind == "countdown":
            pawn = [n for n in root.all("cl-cd-on") for n in n.all("sh-mark-chip")]
            seat = v["countdown"]["seat"]
            assert len(pawn) == 1 and pawn[0].attrs["aria-label"] == f"{names[seat]}'s pawn"
            assert chip_mark(pawn[0])[0] == initial(names[seat]) and chip_mark(pawn[0])[1] >= 3
        # the dragon bag's legend names whose cubes each colour is
        for key in root.all("cl-bag-key"):
            owner = [p for p in ps if key.full_text().split()[1] == p["colour"]]
            if owner:
                assert f"({owner[0]['name']})" in key.full_text()
                assert chip_mark(key.all("sh-mark-chip")[0])[0] == initial(owner[0]["name"])


# ---------------------------------------------------------------- DungeonQuest
@needs_node
def test_dungeonquest_heroes_travel_markers_and_sheets_carry_the_seat_number(tmp_path):
    """The static picture numbers the heroes by seat ("hero, seat no."): so does the board."""
    def kinds(g):
        hs = g.view(None)["heroes"]
        if sum(bool(h["sq"]) for h in hs) >= 3:
            yield "map"
        if any(h["travel"] for h in hs):
            yield "travel"
    games = (bot_play("dungeonquest", seed, 4, wild=0.3) for seed in range(60))
    saves = first_saves(games, kinds, {"map", "travel"})
    for kind, save in saves.items():
        root, v = drawn(DungeonQuestBoard, save, tmp_path, "dungeonquest")
        hs = v["heroes"]
        shown = root.all("dq-hero", "g")
        assert len(shown) == sum(bool(h["sq"]) for h in hs) >= (3 if kind == "map" else 0)
        for g in shown:
            i = int(g.attrs["data-seat"])
            letter, c = svg_mark(g)
            assert letter == str(i + 1) and c >= 3 and g.title().startswith(hs[i]["name"])
        travel = root.all("dq-travel", "g")
        assert len(travel) == sum(bool(h["travel"]) and not h["sq"] for h in hs) >= (kind == "travel")
        for g in travel:
            i = next(k for k, h in enumerate(hs) if g.title().startswith(h["name"] + "'s"))
            letter, c = svg_mark(g, fill=[n for n in g.kids if n.tag == "circle"][1].attrs["fill"])
            assert letter == str(i + 1) and c >= 3
        for i, head in enumerate(root.all("dq-sheet-head")):
            letter, c = chip_mark(head.all("sh-mark-chip")[0])
            assert letter == str(i + 1) and c >= 3


# ---------------------------------------------------------------- Adventure Land
@needs_node
def test_adventureland_every_adventurer_carries_the_initial(tmp_path):
    def kinds(g):
        v = g.view(None)
        seats = {c["party"]["seat"] for c in v["board"] if c.get("party")}
        if len(seats) == len(v["players"]):
            yield "all"
    games = (bot_play("adventureland", seed, 4, wild=0.2) for seed in range(30))
    save = first_saves(games, kinds, {"all"})["all"]
    root, v = drawn(AdventureLandBoard, save, tmp_path, "adventureland", seat="current")
    names = [p["name"] for p in v["players"]]
    parties = root.all("al-party", "g")
    assert len(parties) == sum(bool(c.get("party")) for c in v["board"])
    for party in parties:
        owner = party.title().split(":")[0]
        (pawn,) = party.all("al-pawn", "g")
        letter, c = svg_mark(pawn)
        assert letter == initial(owner) and c >= 3, (owner, letter, c)
    rows = root.all("al-pname")
    assert len(rows) == len(names)
    for row, name in zip(rows, names):
        letter, c = svg_mark(row.all("al-pawn", "g")[0])
        assert letter == initial(name) and c >= 3


# ---------------------------------------------------------------- Dungeon Draw
@needs_node
def test_dungeondraw_the_paths_head_tabs_and_sheets_carry_the_initial(tmp_path):
    def kinds(g):
        v = g.view(None)
        if all(len(p["dungeon"].get("path") or []) > 1 for p in v["players"]):
            yield "paths"
    games = (bot_play("dungeondraw", seed, 3, wild=0.1) for seed in range(20))
    save = first_saves(games, kinds, {"paths"})["paths"]
    root, v = drawn(DungeonDrawBoard, save, tmp_path, "dungeondraw", seat=0)
    names = [p["name"] for p in v["players"]]
    (head,) = root.all("dd-head", "g")
    letter, c = svg_mark(head)
    assert head.title() == f"{names[0]}'s path ends here" and letter == "A" and c >= 3
    tabs = root.all("dd-tab", "button")
    assert [chip_mark(t.all("sh-mark-chip")[0])[0] for t in tabs] == [initial(n) for n in names]
    caps = root.all("dd-caption")
    assert [chip_mark(t.all("sh-mark-chip")[0]) for t in caps] and all(
        chip_mark(t.all("sh-mark-chip")[0])[1] >= 3 for t in caps)
    assert [chip_mark(t.all("sh-mark-chip")[0])[0] for t in caps] == [initial(n) for n in names]


# ---------------------------------------------------------------- the ink
@needs_node
@pytest.mark.parametrize("fill", ["#ffffff", "#000000", "#e0a100", "#d4a40a", "#1565c0",
                                  "#7d3c98", "#e67e22", "#b7950b", "#2b2b2b", "#7f8c99"])
def test_the_ink_is_legible_on_every_colour(fill, tmp_path):
    """The ink the boards choose (``inkOn`` in a11y.js) keeps at least 4.5:1 on any
    colour: dark on yellow and orange, white on blue and violet."""
    from .widget_helpers import run_node_script, shipped_module
    out = run_node_script("import { inkOn } from %s;\n"
                          f"process.stdout.write(JSON.stringify(inkOn({fill!r})));",
                          shipped_module("pig", tmp_path), tmp_path)
    assert contrast(out, fill) >= 4.5, (fill, out)
