"""The view model, the static picture, labels and the reasons given for illegal input."""

from __future__ import annotations

import json

import pytest

import deepwood_kernel as dk

from .helpers import to_explore, to_market

STARTS = ["s1", "s2", "s3", "s4", "s5"]


def test_DD_3_3_the_view_hides_other_hands_until_the_exploration():
    """DD-3.3: while drawing, others see a count; exploring, everyone sees the hands and
    every node of every dungeon with its position (what a board clicks)."""
    g = to_market(2)
    g.apply("pass")
    g.apply("pass")
    while g.state.tasks and g.state.tasks[0] == ("draw", 0):
        g.step()
    v = g.view(1)
    json.dumps(v)
    assert v["players"][0]["hand"] == 5 and isinstance(g.view()["players"][0]["hand"], list)
    g.advance()
    key = sorted(g.state.players[0].hand)[0]
    g.apply(f"place {key} 0 0 0")
    v = g.view(1)
    assert isinstance(v["players"][0]["hand"], list)
    nodes = v["players"][0]["dungeon"]["nodes"]
    card = g.state.content.cards[key]
    assert {n["id"] for n in nodes} == {f"0.{i}" for i in card.nodes}
    assert all((n["x"], n["y"]) == (card.nodes[n["id"][2:]].x, card.nodes[n["id"][2:]].y)
               for n in nodes)
    with pytest.raises(ValueError, match="seat must be"):
        g.view(5)


def test_DD_5_1_static_html_shows_each_dungeon_as_an_image():
    """DD-5.1: the table renders without a kernel; dungeons are data-URI images."""
    g = to_market(2)
    to_explore(g, {0: STARTS, 1: STARTS})
    g.apply("place s1 0 0 0")
    html = g._repr_html_()
    assert "Dungeon Draw" in html and 'src="data:image/svg+xml;base64,' in html


def test_DD_4_3_illegal_placements_say_why():
    """DD-4.3: the reason names the rule broken; the game is unchanged."""
    g = to_market(2)
    to_explore(g, {0: STARTS, 1: STARTS})
    g.apply("place s1 0 0 0")
    g.apply("place s1 0 0 0")
    before = g.fingerprint()
    with pytest.raises(dk.IllegalAction, match="must join the dungeon at a corridor"):
        g.apply("place s2 0 3 0")
    with pytest.raises(dk.IllegalAction, match="cards may not overlap"):
        g.apply("place s2 1 0 0")
    with pytest.raises(dk.IllegalAction, match="not in Anna's hand"):
        g.apply("place d6a 2 0 0")
    assert g.fingerprint() == before


def test_DD_2_3_labels_read_well():
    """DD-2.3: market labels name the object and the price."""
    g = to_market(2)
    labels = {a.id: a.label for a in g.legal_actions()}
    assert labels["buy fairy sword"] == "Buy a sword fairy tile for 1 coin"
    assert labels["pass"] == "Pass (buy nothing more this round)"
    assert labels["buy card 3 blind"] == "Buy the top card of the 3-coin stack blind for 3 coins"
