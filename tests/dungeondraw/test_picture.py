"""The static HTML of Dungeon Draw (issue 25 §2): the market in words (never a Python
dict or list), no glyph that Debian's fonts draw as an empty box, and a key beside the
dungeon pictures."""

from __future__ import annotations

import re

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot


def _positions():
    g = dk.new_game("dungeondraw", players=2, seed=4)
    bots = [make_bot("dungeondraw", "heuristic", seed=i) for i in range(2)]
    out = [(g.render_html(), False)]
    for n in range(2000):
        if g.is_over:
            break
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
        if n % 50 == 0:
            out.append((g.render_html(), any(p.placements for p in g.state.players)))
    return out + [(g.render_html(), any(p.placements for p in g.state.players))]


def test_the_market_reads_as_words_and_the_pictures_have_a_key():
    positions = _positions()
    assert "Fairy tiles left: key 5, rope 5, scroll 5, sword 5" in positions[0][0]
    assert sum(placed for _, placed in positions) >= 5
    for html, placed in positions:
        text = re.sub(r"<img[^>]*>", "", html)
        assert not re.search(r"[{\[]'|None|⌛", text), text[:300]
        assert "dungeon cards by cost: cost 3:" in text
        assert ("Key: cards are the pale rectangles" in html) == placed
        assert placed or "no dungeon card placed yet" in html
