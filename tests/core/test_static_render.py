"""The static (kernel-less) tables every game's ``render_html`` draws (issue 11, section 3).

A lesson opened for the first time is untrusted: JupyterLab strips inline ``<svg>`` (its
text is left as a jumble), so every drawing must be an ``<img>`` with a ``data:`` URI
(``core.picture.svg_image``) -- which GitHub and nbviewer show as well. Symbols are shapes,
not rare Unicode (Debian's fonts have no gate glyph), and names stay HTML text so they
wrap instead of being cut off by the picture's edge.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

import deepwood_kernel as dk
from deepwood_kernel.core.picture import svg_image
from deepwood_kernel.sim import RandomBot, make_bot

IMG = re.compile(r'<img alt="([^"]*)"[^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">')
SVG_NS = "{http://www.w3.org/2000/svg}"
# What any sans-serif font draws: ASCII and the few Latin-1 signs the maps use.
PLAIN = re.compile(r"[\x20-\x7e×–—]*")


def _position(key: str, players: int, seed: int, plies: int) -> dk.Game:
    g = dk.new_game(key, players=players, seed=seed)
    bots = [make_bot(key, "heuristic", seed=seed + i) for i in range(players)]
    for _ in range(plies):
        if g.is_over:
            break
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
    return g


@pytest.fixture(scope="module")
def positions() -> dict[str, dk.Game]:
    """A start, a middle and a finished game of each game (finished: boards left)."""
    return {f"{key}-{plies}": _position(key, players, 3, plies)
            for key, players in (("deepwood", 3), ("clank", 4))
            for plies in (0, 150, 100_000)}


def _pictures(html: str) -> list[tuple[str, ET.Element]]:
    out = []
    for alt, data in IMG.findall(html):
        out.append((alt, ET.fromstring(base64.b64decode(data).decode("utf-8"))))
    return out


def test_svg_image_is_a_data_uri_picture_sized_like_its_svg():
    html = svg_image('<svg width="30" height="20"><rect width="3" height="2"/></svg>',
                     'a "red" box', "vertical-align:top")
    alt, svg = _pictures(html)[0]
    assert alt == "a &quot;red&quot; box"
    assert ' width="30" height="20" ' in html and 'style="vertical-align:top"' in html
    assert svg.tag == f"{SVG_NS}svg"          # the namespace was added: a valid image


def test_no_inline_svg_only_pictures_with_alt_text(positions):
    for name, g in positions.items():
        for seat in (None, 0):
            html = g.render_html(seat)
            assert "<svg" not in html, name
            pics = _pictures(html)
            assert pics, name
            assert html.count("<img") == len(pics), f"{name}: an <img> that is not a data URI"
            for alt, svg in pics:
                assert len(alt) >= 4, (name, alt)  # a word at least
                assert svg.tag == f"{SVG_NS}svg" and float(svg.get("width")) > 0


@pytest.mark.parametrize("key", sorted(dk.GAMES))
def test_every_game_draws_pictures_that_survive_an_untrusted_notebook(key):
    """The first-open rule for every registered game: no inline SVG in ``render_html``,
    each drawing a data-URI picture with alt text (a start and a middle position)."""
    g = dk.new_game(key, players=dk.GAMES[key].min_players, seed=5)
    bot = RandomBot(5)
    for plies in (0, 80):
        for _ in range(plies):
            if g.is_over:
                break
            g.step() if g.is_chance else g.apply(bot.choose(g))
        html = g.render_html()
        assert "<svg" not in html, f"{key}: inline <svg> is stripped in untrusted notebooks"
        assert html.count("<img") == len(_pictures(html)), f"{key}: an <img> not a data URI"
        assert all(alt.strip() for alt, _ in _pictures(html))


def test_symbols_are_shapes_not_rare_unicode(positions):
    """Every text inside a picture is plain (a font always has it); symbols are shapes."""
    for name, g in positions.items():
        for _, svg in _pictures(g.render_html()):
            for el in svg.iter():
                assert PLAIN.fullmatch(el.text or ""), (name, el.text)
    html = positions["deepwood-100000"].render_html()
    assert not re.search(r"[⛩✱♜⚔▲]", html)
    assert not re.search(r"[🔒🐉⚠★◆✦▶]", positions["clank-150"].render_html())


def test_deepwood_names_are_html_text_and_board_pictures_name_the_figure(positions):
    g = positions["deepwood-100000"]
    html = g.render_html()
    v = g.view()
    gone = [p["name"] for p, b in zip(v["players"], v["boards"]) if b["left"]]
    assert gone, "the finished game should have players who left the forest"
    text = re.sub(r"<img[^>]*>", "", html)              # what is left outside pictures
    for name in gone:
        assert f"{name} (left the forest)</div>" in text
    alts = [alt for alt, _ in _pictures(html)]
    assert all(f"{p['name']}&#x27;s forest board" in " ".join(alts) for p in v["players"])
    mid = positions["deepwood-150"]
    fig = mid.view()["boards"][mid.view()["seat"]]["figure"]
    if fig:
        assert f"figure on {fig}" in " ".join(a for a, _ in _pictures(mid.render_html()))


def _extent(svg_shapes: str) -> tuple[float, float, float, float]:
    """Bounding box of drawn shapes (points, rects, circles) in an SVG fragment."""
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{svg_shapes}</svg>')
    xs, ys = [], []
    for el in root:
        tag = el.tag.removeprefix(SVG_NS)
        if tag == "polygon":
            for pt in el.get("points").split():
                x, y = map(float, pt.split(","))
                xs.append(x), ys.append(y)
        elif tag == "rect":
            x, y = float(el.get("x")), float(el.get("y"))
            xs += [x, x + float(el.get("width"))]
            ys += [y, y + float(el.get("height"))]
        elif tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            xs += [cx - r, cx + r]
            ys += [cy - r, cy + r]
        elif tag == "path":                    # the control points bound a path
            nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", el.get("d"))]
            xs += nums[0::2]
            ys += nums[1::2]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("kind", ["thicket", "gate", "guard", "sword", "troll", "rock"])
def test_deepwood_badges_never_cover_a_tile_symbol(kind):
    """Within a field the tile symbol (middle), the stones badge (lower left) and the
    trolls badge (upper right) keep apart, and the symbol stays inside the field."""
    from deepwood_kernel.games.deepwood import render as R

    cell = 34.0
    sx, sy, su = R.SYMBOL_AT
    x0, y0, x1, y1 = _extent(R.tile_symbol(kind, sx * cell, sy * cell, su * cell))
    assert 0 <= x0 < x1 <= cell and 0 <= y0 < y1 <= cell
    for bx, by, br in (R.STONES_AT, R.TROLLS_AT):
        cx, cy, r = bx * cell, by * cell, br * cell
        near_x, near_y = min(max(cx, x0), x1), min(max(cy, y0), y1)
        # the badge disc may touch the symbol's box corner by a pixel, not cover it
        assert (near_x - cx) ** 2 + (near_y - cy) ** 2 > (r - 1.5) ** 2, (kind, bx, by)


def test_deepwood_pictures_name_their_fields_and_carry_a_key(positions):
    """Issue 25 §2: the lessons name fields like chess squares (a-e, rows 0-8; market
    A1-D4), so the static pictures print those names in their margins, and a key
    explains every symbol."""
    html = positions["deepwood-150"].render_html()
    board, *_ = [svg for alt, svg in _pictures(html) if "forest board" in alt]
    texts = [el.text for el in board.iter() if el.text]
    assert [t for t in texts if t in "abcde"] == list("abcde")
    assert [t for t in texts if t.isdigit() and len(t) == 1][:9] == [str(r) for r in range(9)]
    market = [svg for alt, svg in _pictures(html) if alt.startswith("Resource market")][0]
    assert {"A", "B", "C", "D", "1", "2", "3", "4"} <= {el.text for el in market.iter()}
    for word in ("thicket", "gate", "guard", "sword", "troll", "rock", "stones on a field",
                 "face-down tile", "fog", "columns a–e"):
        assert f"{word}" in html, word


def test_clank_map_has_a_key_and_figures_carry_initials(positions):
    """Issue 25 §2: the map's marks are explained under it, and each figure carries its
    player's initial (colour is never the only cue)."""
    g = positions["clank-150"]
    html = g.render_html()
    (_, svg), *_ = [p for p in _pictures(html) if p[0].startswith("Dungeon map")]
    initials = sorted(el.text for el in svg.iter() if el.get("font-size") == "9")
    assert initials == sorted(p.name[0] for p in g.state.players)
    for word in ("threat", "locked tunnel", "one-way tunnel", "footprints", "artifact",
                 "major secret", "minor secret", "crystal cave", "market", "heal fountain"):
        assert word in html, word
