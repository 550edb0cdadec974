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


def test_DQ_1_9_face_down_rune_hidden_from_every_seat():
    """DQ-1.9: while a rune lies face down no seat sees it; the spectator does."""
    g = dk.new_game("dungeonquest", players=2, seed=0)
    play(g, "die 6", "die 1", "card rune_grace")
    assert g.view(0)["heroes"][0]["rune_face_down"] is True
    assert g.view()["heroes"][0]["rune_face_down"] == "rune_grace"
    assert g.log_for(0)[-1] == "Anna is dealt a rune card face down."
