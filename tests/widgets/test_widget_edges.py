"""Issue 23 §5: the widgets at their edges.

A browser ``act`` without its ply, a bot delay of 10**400, inf or NaN, a game of another
kind, and huge synced counts that the board JS iterates: each is refused with a clear
message or drawn bounded, and the game is unchanged.
"""

from __future__ import annotations

import json
import time

import pytest

import deepwood_kernel as dk
from widgets import DeepWoodBoard
MAX_BOT_DELAY, MAX_HOLD_DELAY = 5.0, 3600.0     # widgets.shell: the speed menu, a script

from .widget_helpers import (BOARD_CLASSES, needs_node, run_render_check, shipped_module,
                             widget_state)

BOARDS = BOARD_CLASSES


def board(key, **kw):
    """Two humans seen by the spectator (by default two humans make the public hot seat,
    issue 25 §3), so either seat's clicks play."""
    kw.setdefault("bot_delay", 0)
    kw.setdefault("seat", None)
    return BOARDS[key](players=2, seed=1, **kw)


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_an_act_without_its_ply_is_refused_and_play_is_the_python_way(key):
    """The browser always sends the ply; an act without one (a replayed or forged
    message) is refused and changes nothing, however often it is sent."""
    w = board(key, auto_chance=True)
    aid = w.legal[0]["id"]
    fp, n = w.game.fingerprint(), len(w.game.history)
    for _ in range(2):
        w.receive({"type": "act", "id": aid})
        assert "without the ply" in w.message and "board.play" in w.message
        assert w.game.fingerprint() == fp
    w.play(aid)
    assert w.message == "" and len(w.game.history) > n


@pytest.mark.parametrize("delay", [10 ** 400, float("inf"), 1e300, float("nan"), -1, True,
                                   "0.4", MAX_BOT_DELAY + 0.5])
def test_a_speed_request_outside_0_to_5_seconds_is_refused(delay):
    w = board("deepwood")
    w.receive({"type": "speed", "delay": delay})
    assert w.message.startswith("bot speed: a delay of 0 to 5 seconds per step")
    assert w.bot_delay == 0


@pytest.mark.parametrize("delay", [10 ** 400, float("inf"), 1e300, float("nan"), -0.5, True,
                                   MAX_HOLD_DELAY * 2])
def test_bot_delay_is_bounded_so_the_bots_never_stall(delay):
    """inf, 1e300 or NaN used to be accepted and leave ``busy`` stuck with no bot move
    ever coming; the trait takes 0 to an hour, in the constructor and later."""
    with pytest.raises(ValueError, match="a delay of 0 to 3600 seconds"):
        DeepWoodBoard(players=2, seed=1, bots=[1], bot_delay=delay)
    w = DeepWoodBoard(players=2, seed=1, bots=[1], bot_delay=0.01)
    with pytest.raises(ValueError, match="a delay of 0 to 3600 seconds"):
        w.bot_delay = delay
    assert w.bot_delay == 0.01
    w.close()


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_a_game_of_another_kind_is_refused_by_every_board(key):
    w = board(key)
    own = w.game
    other = dk.new_game("pig" if key != "pig" else "deepwood", players=2, seed=1)
    with pytest.raises(ValueError, match="use that game's own board"):
        w.game = other
    with pytest.raises(TypeError, match="deepwood_kernel.Game"):
        w.game = "a game"
    assert w.game is own
    with pytest.raises(ValueError, match="use that game's own board"):
        BOARDS[key](other)


def run_node(key: str, states: list[dict], tmp_path) -> tuple[int, float, str]:
    mod = shipped_module(key, tmp_path)
    start = time.monotonic()
    out = run_render_check(mod, [(s, {}) for s in states], tmp_path)
    return out.returncode, time.monotonic() - start, out.stdout


def huge(x):
    if isinstance(x, bool):
        return x
    if isinstance(x, (int, float)):
        return 1e308
    if isinstance(x, dict):
        return {k: huge(v) for k, v in x.items()}
    if isinstance(x, list):
        return [huge(v) for v in x]
    return x


@needs_node
@pytest.mark.parametrize("key", sorted(BOARDS))
def test_huge_synced_numbers_never_make_a_board_loop(key, tmp_path):
    """Every number the board is sent, at 1e308: drawing ends within seconds (a board may
    throw on such a state; the shell's banner then shows it), it never loops until the
    tab dies (Adventure Land's and Klong!'s boards did)."""
    st = widget_state(board(key, seat=None))
    st = {k: huge(v) if k in ("view", "status", "advice", "score") else v
          for k, v in st.items()}
    code, took, _ = run_node(key, [st], tmp_path)
    assert code in (0, 1) and took < 10, (code, took)


@needs_node
def test_klong_secrets_of_1e308_draw_a_bounded_pile(tmp_path):
    st = widget_state(board("clank", seat=None))
    rooms = [r for r in st["view"]["map"]["rooms"] if r.get("secret")]
    for r in rooms:
        r["secrets"] = 1e308
    code, took, out = run_node("clank", [st], tmp_path)
    assert code == 0 and took < 10
    markup = json.loads(out)[0]["markup"]
    assert markup.count("secrets: 1e+308 face down") == len(rooms)    # each pile drawn
    assert len(markup) < 300_000                  # with at most 12 tokens each
