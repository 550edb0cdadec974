"""The presentation of DungeonQuest: a JSON view that hides what a seat may not see,
readable labels for every action and chance outcome, and a static picture (DQ-9.2,
DQ-9.3, DQ-1.9)."""

from __future__ import annotations

import json

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot

from .helpers import place, play, start


def test_every_label_reads_as_a_sentence_piece():
    """Labels of legal actions and chance outcomes over a few whole games."""
    for seed in range(6):
        g = dk.new_game("dungeonquest", players=1 + seed % 4, seed=seed)
        bots = [make_bot("dungeonquest", "random", seed=seed + i) for i in range(g.players)]
        while not g.is_over:
            if g.is_chance:
                for a, _ in g.chance_outcomes():
                    assert a.label and a.label[0].isupper() or a.label[0].isdigit(), a.id
                g.step()
            else:
                for a in g.legal_actions():
                    assert a.label and a.label != a.id, a.id
                g.apply(bots[g.current_player].choose(g))
        json.dumps(g.view())
        html = g.render_html()
        assert "data:image/svg+xml;base64," in html and "DungeonQuest" in html


def test_DQ_9_2_DQ_9_3_view_hides_secrets_per_seat():
    """DQ-9.2, DQ-9.3: the hero's secret card and the monster's numbers by seat."""
    g = start(2)
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card stirring", "card cave_troll", "play magic")
    v0, v1, spectator = g.view(0), g.view(1), g.view()
    json.dumps(v0)
    assert v0["combat"]["hero_card"] == "magic" and v0["combat"]["life"] is None
    assert v1["combat"]["hero_card"] == "chosen" and v1["combat"]["life"] == 8
    assert spectator["combat"]["hero_card"] == "magic" and spectator["combat"]["escape"] == 3
    assert g.legal_actions()[0].label == "The monster plays Nahkampf (melee)"


def test_DQ_9_2_public_view_knows_what_every_seat_knows():
    """Issue 25 §3: the public view (a projector, the hot seat) is what *every* seat may
    know: neither the hero's secret card (DQ-9.3) nor the monster's life and escape
    wounds, which the hero does not know (DQ-9.2), although Ben, who is not the hero,
    does. With the monster played by a policy (nobody's seat), every seat but the hero
    may read its numbers — the public view still may not, the hero being at the table."""
    for options in ({}, {"monster": "uniform"}):
        g = start(2, **options)
        place(g, "b1", "hall_cross")
        play(g, "move b1", "card stirring", "card cave_troll", "play magic")
        pub = g.view(dk.PUBLIC)["combat"]
        assert pub["hero_card"] == "chosen" and pub["life"] is None and pub["escape"] is None
        assert g.view(1)["combat"]["life"] == 8 and g.view(0)["combat"]["life"] is None
        assert "magic" not in g.render_html(dk.PUBLIC)


def test_DQ_1_9_face_down_rune_hidden_from_every_seat():
    """DQ-1.9: while a rune lies face down no seat sees it; the spectator does."""
    g = dk.new_game("dungeonquest", players=2, seed=0)
    play(g, "die 6", "die 1", "card rune_grace")
    assert g.view(0)["heroes"][0]["rune_face_down"] is True
    assert g.view()["heroes"][0]["rune_face_down"] == "rune_grace"
    assert g.log_for(0)[-1] == "Anna is dealt a rune card face down."


def _picture_svg(html: str) -> str:
    import base64
    import re
    return base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", html).group(1)).decode()


def test_DQ_5_1_the_picture_shows_torch_symbols_coordinates_and_a_legend():
    """DQ-5.1: a room may be searched only if it shows a torch symbol, so the static
    picture draws the symbol (until the room is searched), names the squares as the
    lessons do (columns a-j, rows 1-12) and explains its marks."""
    from deepwood_kernel.games.dungeonquest.render import _torch
    g = dk.new_game("dungeonquest", players=3, seed=3)
    bots = [make_bot("dungeonquest", "heuristic", seed=30 + i) for i in range(3)]
    while not g.is_over:
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
    s, c = g.state, g.state.content
    svg = _picture_svg(g.render_html())
    torches = [sq for sq, (k, *_) in s.board.items() if c.tiles[k].torch and sq not in s.searched]
    assert torches, "seed 3 leaves unsearched torch rooms on the board"
    for sq in torches:
        col, row = c.xy(sq)
        assert _torch(24 + col * 34 + 34 - 9, 22 + row * 34 + 3) in svg, sq
    assert svg.count("#ffb300") == len(torches) + 1          # + the legend's symbol
    for name in ("a", "j", ">1<", ">12<", "torch symbol: search", "catacomb entrance"):
        assert name in svg, name


def test_DQ_7_4_a_dead_hero_never_shows_more_wounds_than_life():
    """DQ-7.4: a hero dies at wounds >= life; the wounds beyond change nothing, so the
    picture's line reads "wounds 16 of life 16", never "20/16"."""
    import dataclasses
    g = start(1)
    s = g.state
    h = s.heroes[0]
    from deepwood_kernel.games.dungeonquest.render import life as hero_life, render_html
    life = hero_life(s, 0)
    s2 = dataclasses.replace(s, heroes=(dataclasses.replace(h, wounds=life + 4, status="dead"),)
                             + tuple(s.heroes[1:]))
    html = render_html(s2)
    assert f"wounds {life} of life {life}" in html and f"{life + 4}" not in html.split("<ul>")[1]
