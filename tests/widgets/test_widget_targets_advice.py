"""Click targets match the engine's legal actions; the fight advisor's numbers are the
exact ``fight_odds`` / ``fight_advice`` values."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from deepwood_kernel.games.deepwood import fight_advice, fight_odds
from deepwood_kernel.games.deepwood.fight import solver
from deepwood_kernel.games.deepwood.rules import market_lines, strip_cells
from widgets import DeepWoodBoard

from .widget_helpers import fight_legal, find, in_phase, replay, sword_and_move, troll_legal


def widget(g, **kw):
    kw.setdefault("seat", None)         # the whole table (two humans: the hot seat)
    return DeepWoodBoard(replay(g), bot_delay=0, **kw)


def frac(d):
    return Fraction(d["p_num"], d["p_den"])


POSITIONS = {
    "place": lambda: find(in_phase("place")),
    "border": lambda: find(in_phase("border")),
    "board-fight": lambda: find(fight_legal, players=3),
    "keep": lambda: find(lambda g: g.state.phase == "keep" and not g.is_chance),
    "bonus": lambda: find(in_phase("bonus")),
    "troll": lambda: find(troll_legal, players=3),
    "sword": lambda: find(sword_and_move),
    "limit": lambda: find(in_phase("limit"), stop_on_chance=False),
}


@pytest.fixture(scope="module")
def positions():
    return {name: make() for name, make in POSITIONS.items()}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_legal_targets_match_the_engine(positions, name):
    g = positions[name]
    w = widget(g)
    assert [a["id"] for a in w.legal] == g.legal_action_ids()
    assert [a["label"] for a in w.legal] == [a.label for a in g.legal_actions()]
    seat = g.state.seat
    for a in w.legal:
        verb, _, rest = a["id"].partition(" ")
        t = a["target"]
        if verb in ("enter", "move", "clear", "sword", "appease", "leave"):
            assert t == {"kind": "field", "board": seat, "name": rest, "verb": verb}
        elif verb == "troll":
            board, sq, res = rest.split()
            assert t == {"kind": "field", "board": int(board), "name": sq, "verb": "troll",
                         "res": res}
            assert int(board) != seat
        elif verb == "place":
            sid, anchor, d = rest.split()
            assert t["kind"] == "market_cell" and t["strip"] == int(sid)
            assert t["cells"] == strip_cells(anchor, d) and t["cell"] == t["cells"][0]
            assert t["code"] == g.state.content.strips[int(sid)].code
        elif verb == "border":
            assert t == {"kind": "border", "name": rest, "cells": market_lines(rest)}
        elif verb == "fight":
            s, d = map(int, rest.split())
            assert t == {"kind": "fight", "strength": s, "dice": d}
        elif verb == "keep":
            dice = [] if rest == "none" else list(map(int, rest.split()))
            assert t == {"kind": "keep", "dice": dice,
                         "stop": len(dice) == len(g.state.fight.rolled)}
        else:
            assert t == {"kind": "button", "group": verb}


def test_placement_targets_cover_the_strip_cells(positions):
    w = widget(positions["place"])
    places = [a for a in w.legal if a["target"]["kind"] == "market_cell"]
    assert places and len({a["id"] for a in places}) == len(places)
    a = next(a for a in places if a["id"].endswith(" B2 up"))
    assert a["target"]["cells"] == [5, 9, 13] and a["target"]["anchor"] == "B2"


def test_pre_fight_advice_is_exact(positions):
    g = positions["board-fight"]
    w = widget(g)
    adv = w.advice
    s = g.state
    p = s.players[s.seat]
    assert adv["kind"] == "fight" and adv["swords"] == p.swords
    fights = sorted(i for i in g.legal_action_ids() if i.startswith("fight "))
    shown = sorted(c["id"] for r in adv["rows"] for c in r["cells"])
    assert shown == fights
    for row in adv["rows"]:
        bonus = {15: "stones", 20: "books", 25: "potions", 26: None}[row["strength"]]
        assert row["bonus_res"] == bonus
        have = p.res[bonus] if bonus else 0
        assert row["bonus_have"] == have
        for c in row["cells"]:
            assert frac(c) == fight_odds(c["dice"], row["strength"], have)
            assert c["plain_text"] == _text(fight_odds(c["dice"], row["strength"], 0))
            assert c["swords_lost_win"] == {2: 0, 3: 1, 4: 2, 5: 3, 6: 4}[c["dice"]]
        best = max(row["cells"], key=lambda c: (frac(c), -c["dice"]))
        assert row["best"] == best["id"]


def _text(p):
    from widgets.shell import fraction_text
    return fraction_text(p)


def test_advice_numbers_for_a_fixed_case():
    # strength 15 with 3 dice and no bonus: the published solver value
    assert fight_odds(3, 15) == solver().success(3, 15)
    from widgets.shell import prob_dict
    d = prob_dict(fight_odds(4, 15, 2))
    assert Fraction(d["p_num"], d["p_den"]) == fight_odds(4, 15, 2)
    assert d["p_text"].startswith(f"{d['p_num']}/{d['p_den']} ≈ ")


def test_keep_advice_ranks_exactly_the_legal_choices(positions):
    g = positions["keep"]
    w = widget(g)
    f = g.state.fight
    p = g.state.players[g.state.seat]
    bonus = {15: "stones", 20: "books", 25: "potions", 26: None}[f.strength]
    have = p.res[bonus] if bonus else 0
    adv = w.advice
    assert adv["kind"] == "keep" and adv["rolls_left"] == 3 - f.rolls
    assert adv["rolled"] == f.rolled and adv["kept"] == f.kept and adv["bonus_have"] == have
    expected = fight_advice(tuple(f.rolled), 3 - f.rolls, f.strength, tuple(f.kept), have)
    assert [(tuple(c["keep"]), frac(c)) for c in adv["choices"]] == expected
    keep_ids = sorted(i for i in g.legal_action_ids() if i.startswith("keep "))
    assert sorted(c["id"] for c in adv["choices"]) == keep_ids
    assert adv["best"] == adv["choices"][0]["id"]
    stops = [c for c in adv["choices"] if c["stop"]]
    assert len(stops) == 1 and sorted(stops[0]["keep"], reverse=True) == sorted(f.rolled, reverse=True)
    # applying the advised choice is legal
    w.play(adv["best"])
    assert w.message == "" and w.game.history[-1].id == adv["best"]


def test_roll_advice_is_the_win_chance_from_here():
    g = find(lambda g: g.is_chance and g.state.phase == "roll" and g.state.fight.rolls == 0)
    w = widget(g)
    f = g.state.fight
    p = g.state.players[g.state.seat]
    bonus = {15: "stones", 20: "books", 25: "potions", 26: None}[f.strength]
    have = p.res[bonus] if bonus else 0
    assert w.advice["kind"] == "roll" and w.advice["to_roll"] == f.dice
    assert frac(w.advice) == fight_odds(f.dice, f.strength, have)
    # the chance picker offers every multiset of the dice with exact weights
    assert sum(frac(c) for c in w.chance) == 1
    assert len(w.chance) == {2: 21, 3: 56, 4: 126, 5: 252, 6: 462}[f.dice]


def test_bonus_advice(positions):
    g = positions["bonus"]
    w = widget(g)
    f = g.state.fight
    assert w.advice["kind"] == "bonus"
    assert w.advice["need"] == f.strength - sum(f.kept) and w.advice["total"] == sum(f.kept)
    assert "concede" in [a["id"] for a in w.legal]


def test_no_advice_outside_fights(positions):
    assert widget(positions["place"]).advice == {}
    assert widget(positions["limit"]).advice == {}


def test_sword_field_offers_collecting_and_walking(positions):
    g = positions["sword"]
    w = widget(g)
    swords = [a for a in w.legal if a["id"].startswith("sword ")]
    sq = swords[0]["target"]["name"]
    both = [a["id"] for a in w.legal if a["target"].get("name") == sq
            and a["target"].get("board") == g.state.seat]
    assert both == [f"sword {sq}", f"move {sq}"]


def _walk_checking_legal(w, seed: int, steps: int) -> int:
    """Play ``steps`` requests (actions, chance, an undo every seventh), checking at each
    that ``legal`` equals the shell's list built afresh; returns the placements seen."""
    from widgets.shell import GameWidget
    placements = 0
    for step in range(steps):
        assert w.legal == GameWidget.legal_list(w, w.view), (seed, step)
        placements += sum(a["id"].startswith("place ") for a in w.legal)
        if w.game.is_over:
            break
        if step % 7 == 6 and w.game.history:
            w.receive({"type": "undo", "ply": len(w.game.history)})
        elif w.legal:
            pick = w.legal[(seed + step) % len(w.legal)]["id"]
            w.receive({"type": "act", "id": pick, "ply": len(w.game.history)})
        else:
            w.receive({"type": "step", "ply": len(w.game.history)})
    return placements


@pytest.mark.parametrize("seed", range(4))
def test_a_placement_entry_built_once_equals_one_built_afresh(seed, tmp_path):
    """``DeepWoodBoard.legal_list`` keeps each strip placement's entry for the game's strips:
    at every step of seeded games (bots on the other seats, undo), ``legal`` equals the
    shell's list built from nothing, and still does after the board is given a game whose
    content prints other codes on the same strips (the kept entries would name the old)."""
    import deepwood_kernel as dk
    w = DeepWoodBoard(players=3, seed=seed, bots=[1, 2], seat=None, bot_delay=0)
    assert _walk_checking_legal(w, seed, 90) > 50
    src = Path(dk.__file__).parent / "games" / "deepwood" / "content.toml"
    head, _, strips = src.read_text(encoding="utf-8").partition("[strips]")
    swapped = strips.translate(str.maketrans("PB", "BP"))     # potions <-> books
    edited = tmp_path / "swapped.toml"
    edited.write_text(head + "[strips]" + swapped, encoding="utf-8")
    w.game = dk.new_game("deepwood", players=3, seed=seed, content=edited)
    w.refresh()
    assert _walk_checking_legal(w, seed, 90) > 50
