"""The Klong! board and the readings of CL-10.3, CL-13.6 and CL-13.9.

* CL-10.3: escaping does not end the turn; the escaped player plays the rest of the hand,
  may buy, use devices and fight, but never moves: the board shows the hand to play and
  the End button, and no room to move to.
* CL-13.9: the magic spring is used at the end of the turn it was found (hand empty),
  drawn as a kept secret to use, with the warning that it is lost otherwise.
* CL-13.6: a potion that would do nothing is not legal: the board shows it as kept, not
  as a button.

Positions come from seeded games (heuristic bots with a few random moves), never from
edited state.
"""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from widgets import ClankBoard

from .widget_helpers import (bot_play, check_drawn, first_saves, node_path, render_in_node,
                             widget_state)

pytestmark = pytest.mark.skipif(node_path() is None, reason="node is not installed")


def _wants(g) -> dict[str, bool]:
    s = g.state
    p = s.players[s.seat]
    ids = g.legal_action_ids()
    escaped = s.phase == "turn" and p.status == "escaped"
    potion_kept = any(k.startswith("potion") for k in p.secrets)
    return {
        "escaped-hand": escaped and bool(p.hand) and any(i.startswith("play ") for i in ids),
        "escaped-end": escaped and not p.hand,
        "spring": "token magic_spring" in ids,
        "useless-potion": potion_kept and not any(i.startswith("token potion") for i in ids),
    }


def collect() -> dict[str, str]:
    def kinds(g):
        if g.is_chance or g.is_over or len(g.history) >= 3000:
            return []
        return [k for k, ok in _wants(g).items() if ok]

    games = (bot_play("clank", seed, players=3, bot_share=0.8, max_plies=3000)
             for seed in range(60))
    return first_saves(games, kinds, {"escaped-hand", "escaped-end", "spring",
                                      "useless-potion"})


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    saves = collect()
    ws = {k: ClankBoard(dk.load(v), bot_delay=0, auto_chance=False, seat=None) for k, v in saves.items()}
    names = list(ws)
    results = render_in_node([(widget_state(ws[n]), {}) for n in names],
                             tmp_path_factory.mktemp("clank-readings"), module="clank")
    return {n: (ws[n], r) for n, r in zip(names, results)}


@pytest.mark.parametrize("name", ["escaped-hand", "escaped-end", "spring", "useless-potion"])
def test_every_legal_action_is_drawn(rendered, name):
    w, r = rendered[name]
    assert w.human_to_move()
    check_drawn(r, {a["id"] for a in w.legal}, name)


@pytest.mark.parametrize("name", ["escaped-hand", "escaped-end"])
def test_CL_10_3_an_escaped_player_finishes_the_turn_outside(rendered, name):
    """CL-10.3: after escaping the turn goes on: the hand is played (play buttons), End is
    a button, no room is a target, and the status line says so."""
    w, r = rendered[name]
    me = w.view["players"][w.view["seat"]]
    assert me["status"] == "escaped"
    legal = {a["id"] for a in w.legal}
    assert "end" in legal or any(i.startswith("play ") for i in legal)
    assert not any(i.startswith(("move ", "teleport ")) for i in legal)
    if name == "escaped-hand":
        assert any(f'data-action="play {c}"' in r["markup"] for c in me["hand"])
    else:
        assert 'data-action="end"' in r["markup"]
    hint = w.status["phase"]["hint"]
    assert "escaped" in hint and "no longer move" in hint
    assert "escaped" in r["markup"] and "no longer move" in r["markup"]


def test_CL_13_9_the_spring_is_used_at_the_end_of_this_turn(rendered):
    """CL-13.9: with the hand empty the spring is a button, and the board warns that an
    unused spring is lost when the turn ends."""
    w, r = rendered["spring"]
    assert 'data-action="token magic_spring"' in r["markup"]
    assert "lost" in r["markup"] and "end of this turn" in r["markup"]


def test_CL_13_6_a_useless_potion_is_kept_not_offered(rendered):
    """CL-13.6: a potion that would do nothing is not legal; the board lists it among the
    kept secrets and draws no button for it."""
    w, r = rendered["useless-potion"]
    me = w.view["players"][w.view["seat"]]
    kept = [k for k in me["secret_keys"] if k.startswith("potion")]
    assert kept
    for k in kept:
        assert f'data-action="token {k}"' not in r["markup"]
