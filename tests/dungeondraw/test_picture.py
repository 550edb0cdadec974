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
    out = [g.render_html()]
    for n in range(400):
        if g.is_over:
            break
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
        if n in (150, 399):
            out.append(g.render_html())
    return out + [g.render_html()]


def test_the_market_reads_as_words_and_the_pictures_have_a_key():
    start, *later = _positions()
    for html in [start, *later]:
        text = re.sub(r"<img[^>]*>", "", html)
        assert not re.search(r"[{\[]'|None|⌛", text), text[:300]
        assert "Fairy tiles left: key 5" in start or "Fairy tiles left:" in text
        assert "dungeon cards by cost: cost 3:" in text
    assert "no dungeon card placed yet" in start and "Key:" not in start
    assert all("Key: cards are the pale rectangles" in html for html in later)
