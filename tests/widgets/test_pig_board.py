"""The Pig board (``widgets/boards/pig.*``): a whole game played by clicks, the buttons it
draws, the what-if picker's exact sixths and the hold-at-20 advice (PIG-2, PIG-3, PIG-6)."""

from __future__ import annotations

from fractions import Fraction

import deepwood_kernel as dk
from widgets import PigBoard

from .widget_helpers import needs_node, render_in_node, widget_state



def test_PIG_2_1_a_game_is_played_to_the_end_by_clicking_roll_and_hold():
    w = PigBoard(players=2, seed=4, bots=[1], bot_delay=0)
    for _ in range(2000):
        if w.game.is_over:
            break
        ids = [a["id"] for a in w.legal]
        choice = "hold" if "hold" in ids and w.view["turn_total"] >= 15 else "roll"
        w.receive({"type": "act", "id": choice, "ply": len(w.game.history)})
        assert w.message == ""
    assert w.game.is_over and max(w.game.scores()) >= 100
    assert w.score["total"] == w.game.scores() and w.status["over"]


def test_PIG_2_2_the_what_if_picker_offers_each_face_at_exactly_one_sixth():
    w = PigBoard(players=2, seed=1, bot_delay=0, auto_chance=False)
    w.play("roll")
    assert [c["id"] for c in w.chance] == [f"die {f}" for f in range(1, 7)]
    assert all(Fraction(c["p_num"], c["p_den"]) == Fraction(1, 6) and c["force"]
               for c in w.chance)
    w.receive({"type": "force", "id": "die 1"})
    assert w.view["seat"] == 1 and w.view["turn_total"] == 0


def test_PIG_3_2_a_refused_hold_shows_why_and_changes_nothing():
    w = PigBoard(players=2, seed=1, bot_delay=0)
    before = w.game.fingerprint()
    w.play("hold")
    assert "PIG-3.2" in w.message and w.game.fingerprint() == before


def test_PIG_6_1_the_advice_follows_hold_at_20_and_the_chance_of_a_one():
    g = dk.new_game("pig", players=2, seed=0)
    for face in (6, 6, 6):
        g.apply("roll")
        g.apply(f"die {face}")
    w = PigBoard(g, bot_delay=0)
    assert w.advice["hold_at_20"] == "roll" and w.advice["lose"]["p_text"].startswith("1/6")
    w.play("roll")
    w.receive({"type": "force", "id": "die 2"})
    assert w.advice["hold_at_20"] == "hold"


@needs_node
def test_PIG_3_1_the_board_draws_roll_and_hold_as_clickable_buttons(tmp_path):
    w = PigBoard(players=3, seed=2, bot_delay=0)
    w.play("roll")
    while "hold" not in [a["id"] for a in w.legal]:
        w.play("roll")
    (r,) = render_in_node([(widget_state(w), {})], tmp_path, module="pig")
    assert sorted(r["actions"]) == ["hold", "roll"] and r["legalClass"] == 2
    assert not r["bad"] and "Banked points" in r["markup"] and r["hasDefault"]
    assert f"Hold {w.view['turn_total']}" in r["markup"]
