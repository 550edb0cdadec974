"""The JavaScript side without a browser: ``renderMarkup`` (the pure part of the ES
module) runs in node on real widget states. Every ``data-action`` it draws must be a legal
id, drawn once, marked ``dw-legal``; every fully determined legal action must be drawn."""

from __future__ import annotations

import pytest

from widgets import DeepWoodBoard

from .widget_helpers import (fight_legal, find, in_phase, node_path, render_in_node, replay,
                             sword_and_move, troll_legal, widget_state)

pytestmark = pytest.mark.skipif(node_path() is None, reason="node is not installed")

DETERMINED = ("field", "border", "fight", "button")


def positions():
    out = {
        "entry": DeepWoodBoard(players=3, seed=7, bot_delay=0, seat=None),
        "place": find(in_phase("place")),
        "border": find(in_phase("border")),
        "board-fight": find(fight_legal, players=3),
        "keep": find(lambda g: g.state.phase == "keep" and not g.is_chance),
        "bonus": find(in_phase("bonus")),
        "troll": find(troll_legal, players=3),
        "sword": find(sword_and_move),
        "limit": find(in_phase("limit"), stop_on_chance=False),
        "reveal": find(lambda g: g.is_chance and g.state.phase == "reveal", players=4),
        "roll": find(lambda g: g.is_chance and g.state.phase == "roll"),
        "fog": find(lambda g: g.state.round >= 12 and not g.is_chance, players=2),
        "over": find(lambda g: g.is_over),
    }
    return {k: v if isinstance(v, DeepWoodBoard) else DeepWoodBoard(replay(v), bot_delay=0, seat=None)
            for k, v in out.items()}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    ws = positions()
    names = list(ws)
    cases = [(widget_state(ws[n]), {}) for n in names]
    results = render_in_node(cases, tmp_path_factory.mktemp("render"))
    return {n: (ws[n], r) for n, r in zip(names, results)}


def expected_default(w) -> set[str]:
    """The ids the board must show with no local choice made (first strip, direction
    right, no troll resource, no dice selected)."""
    legal = w.legal
    want = {a["id"] for a in legal if a["target"]["kind"] in DETERMINED
            and a["target"].get("verb") != "troll"}
    places = [a for a in legal if a["target"]["kind"] == "market_cell"]
    if places:
        first = places[0]["target"]["strip"]
        want |= {a["id"] for a in places
                 if a["target"]["strip"] == first and a["target"]["dir"] == "right"}
    keeps = [a for a in legal if a["target"]["kind"] == "keep"]
    if keeps:
        want |= {"keep none"} | {a["id"] for a in keeps if a["target"]["stop"]}
    return want


@pytest.mark.parametrize("name", [n for n in (
    "entry", "place", "border", "board-fight", "keep", "bonus", "troll", "sword", "limit",
    "reveal", "roll", "fog", "over")])
def test_drawn_actions_are_legal_unique_and_complete(rendered, name):
    w, r = rendered[name]
    legal = {a["id"] for a in w.legal}
    acts = r["actions"]
    assert len(acts) == len(set(acts)), f"an action is drawn twice: {sorted(acts)}"
    assert set(acts) <= legal
    assert set(acts) == expected_default(w)
    assert r["legalClass"] == len(acts)            # each data-action element is .dw-legal
    assert "undefined" not in r["markup"] and "NaN" not in r["markup"]
    assert r["hasDefault"] is True
    if w.game.is_chance:
        assert sorted(r["chances"]) == sorted(c["id"] for c in w.chance)
        assert len(r["chances"]) == len(set(r["chances"])) > 0
    else:
        assert r["chances"] == []


def test_the_entry_board_shows_the_five_wall_fields(rendered):
    w, r = rendered["entry"]
    assert sorted(r["actions"]) == [f"enter {c}0" for c in "abcde"]
    assert 'data-action="enter c0"' in r["markup"]
    assert r["markup"].count('data-field="') == 3 * 45   # every field of 3 boards


def test_fight_buttons_show_the_exact_chance(rendered):
    w, r = rendered["board-fight"]
    for row in w.advice["rows"]:
        for c in row["cells"]:
            assert f'data-action="{c["id"]}"' in r["markup"]
            assert c["p_pct"] in r["markup"]


def test_local_choices_select_strips_directions_troll_resources_and_dice(tmp_path):
    ws = positions()
    place, troll, keep = ws["place"], ws["troll"], ws["keep"]
    places = [a for a in place.legal if a["target"]["kind"] == "market_cell"]
    strips = sorted({a["target"]["strip"] for a in places})
    last = strips[-1]
    code = places[[a["target"]["strip"] for a in places].index(last)]["target"]["code"]
    rolled = keep.game.state.fight.rolled
    cases = [
        (widget_state(place), {"strip": last, "dir": "up"}),
        (widget_state(place), {"strip": last, "dir": "left"}),
        (widget_state(troll), {"trollRes": "stones"}),
        (widget_state(keep), {"dice": [0]}),
    ]
    up, left, trolls, kept = render_in_node(cases, tmp_path)
    assert set(up["actions"]) >= {a["id"] for a in places
                                  if a["target"]["strip"] == last and a["target"]["dir"] == "up"}
    assert not any(a.startswith(f"place {strips[0]} ") for a in up["actions"]) or strips[0] == last
    if code[0] == code[2]:
        # a palindrome is listed going right only; the left-pointing anchors map onto it
        want = {a["id"] for a in places if a["target"]["strip"] == last
                and a["target"]["dir"] == "right"}
    else:
        want = {a["id"] for a in places if a["target"]["strip"] == last
                and a["target"]["dir"] == "left"}
    assert {a for a in left["actions"] if a.startswith("place ")} == want
    troll_ids = {a["id"] for a in troll.legal if a["id"].startswith("troll ")
                 and a["id"].endswith(" stones")}
    assert {a for a in trolls["actions"] if a.startswith("troll ")} == troll_ids
    assert troll_ids and trolls["ui"]["trollRes"] == "stones"
    keep_ids = [a for a in kept["actions"] if a.startswith("keep ")]
    stop = "keep " + " ".join(map(str, sorted(rolled, reverse=True)))
    if len(rolled) > 1:
        assert sorted(keep_ids) == sorted({f"keep {rolled[0]}", stop})
    else:
        assert keep_ids == [stop]


def test_an_unknown_strip_or_resource_choice_falls_back(tmp_path):
    ws = positions()
    (r,) = render_in_node([(widget_state(ws["place"]), {"strip": 999, "dir": "sideways",
                                                        "trollRes": "gold"})], tmp_path)
    assert r["ui"]["strip"] != 999 and r["ui"]["dir"] == "right" and r["ui"]["trollRes"] is None
    assert any(a.startswith("place ") for a in r["actions"])
