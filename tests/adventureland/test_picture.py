"""The static picture of Adventure Land (issue 25 §2): readable without the widget — a
key of every mark it draws, squares named by column and row, and each party block
carrying its player's initial, so colour is never the only cue."""

from __future__ import annotations

import base64
import re

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot


def _game(plies=40):
    g = dk.new_game("adventureland", players=3, seed=4)
    bots = [make_bot("adventureland", "heuristic", seed=i) for i in range(3)]
    for _ in range(plies):
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
    return g


def test_each_party_block_carries_its_players_initial():
    g = _game()
    svg = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", g.render_html())
                           .group(1)).decode()
    initials = re.findall(r'font-weight="bold" fill="#fff">(\w)</text>', svg)
    expected = sorted(g.state.players[p.seat].name[0] for p in g.state.parties.values())
    assert sorted(initials) == expected and len(set(initials)) == 3


def test_the_key_names_every_terrain_item_and_figure():
    html = _game(0).render_html()
    for word in ("city", "forest", "river", "mountain", "fog", "gold", "herb", "sword",
                 "companion", "fog creature", "party", "water sprite", "A1 top left"):
        assert f"{word}" in html, word
