"""The board widget's Python side: messages in, synced traits out (no browser).

Every request goes through ``receive`` (what the ``on_msg`` callback calls) or through
ipywidgets' own custom-message dispatch; refusals must leave ``game.fingerprint()`` alone.
"""

from __future__ import annotations

import asyncio
from fractions import Fraction

import pytest

import deepwood_kernel as dk
from widgets import DeepWoodBoard, GameWidget

from .widget_helpers import find, in_phase, replay


class FirstBot:
    """A tiny deterministic stand-in bot: ends the turn when it can, else the first id."""

    def __init__(self):
        self.calls = 0

    def choose(self, game):
        self.calls += 1
        ids = game.legal_action_ids()
        return "end" if "end" in ids else ids[0]


class BrokenBot:
    def choose(self, game):
        raise RuntimeError("bot bug")


def ids_of(w):
    return [a["id"] for a in w.legal]


def history_ids(g):
    return [s.id for s in g.history]


def board(**kw):
    """A Deep Wood board seen by the spectator unless told otherwise (two humans would
    make it the public hot seat, issue 25 §3: tested in test_hot_seat.py)."""
    kw.setdefault("bot_delay", 0)
    kw.setdefault("seat", None)
    return DeepWoodBoard(**kw)


def to_board_phase(w):
    """Seat 0: enter, place the first strip, stand at the first border, draw."""
    w.play("enter c0")
    w.play(ids_of(w)[0])       # place
    w.play(ids_of(w)[0])       # border
    if w.view["phase"] == "double":
        w.play("double none")
    while w.game.is_chance:
        w.receive({"type": "step"})
    assert w.view["phase"] == "board", w.message


# ---------------------------------------------------------------- start and clicks
def test_a_new_board_is_dealt_and_waits_for_the_entry():
    w = board(players=3, seed=7)
    g = w.game
    assert isinstance(w, GameWidget) and isinstance(g, dk.Game)
    assert len(g.history) == 9 and all(s.id.startswith("deal ") for s in g.history)
    assert w.view["phase"] == "entry" and w.view["seat"] == 0
    assert ids_of(w) == g.legal_action_ids() == [f"enter {c}0" for c in "abcde"]
    assert w.legal[2] == {"id": "enter c0", "label": "Enter the forest at wall field c0",
                          "target": {"kind": "field", "board": 0, "name": "c0",
                                     "verb": "enter"}}
    assert w.message == "" and w.chance == [] and w.busy is False
    assert w.status["players"] == 3 and w.status["seed"] == 7
    assert w.status["can_undo"] is True and w.status["can_redo"] is False
    assert w.status["human_to_move"] is True and w.status["names"] == ["Anna", "Ben", "Clara"]
    assert w.event_log == g.log[-80:] and w.event_log[-1].startswith("Each player holds 3")


def test_a_legal_click_applies_and_the_view_follows():
    w = board(players=2, seed=0)
    old_view = w.view
    w.play("enter c0")
    assert w.message == ""
    assert w.game.history[-1].id == "enter c0" and w.game.history[-1].player == 0
    assert w.view is not old_view                       # reassigned, not mutated
    assert w.view["boards"][0]["figure"] == "c0" and w.view["phase"] == "place"
    assert all(a["id"].startswith("place ") for a in w.legal)
    assert ids_of(w) == w.game.legal_action_ids()
    assert w.event_log[-1] == "Anna starts at the wall field c0."


def test_clicks_arrive_through_the_ipywidgets_custom_message_path():
    w = board(players=2, seed=0)
    w._handle_custom_msg({"type": "act", "id": "enter b0", "ply": len(w.game.history)}, [])
    assert w.game.history[-1].id == "enter b0"
    assert w.view["boards"][0]["figure"] == "b0"


@pytest.mark.parametrize("request_", [
    {"type": "act", "id": "enter c0"},            # stale: the entry was already made
    {"type": "act", "id": "move c1"},             # not legal in the market phase
    {"type": "act", "id": "fly away"},
    {"type": "act", "id": 42},
    {"type": "act"},
    {"type": "force", "id": "roll 6 6"},          # no chance pending
    {"type": "step"},
    {"type": "advance"},
    {"type": "redo"},
    {"type": "new", "players": 5},
    {"type": "new", "players": 2, "seed": -1},
    {"type": "new", "players": 2, "seed": "x"},
    {"type": "new", "players": 2, "bots": [2]},
    {"type": "bots", "bots": [9]},
    {"type": "bots", "bots": "0"},
    {"type": "seat", "seat": 4},
    {"type": "auto_chance", "value": "yes"},
    {"type": "teleport"},
    {"kind": "act"},
    "enter c0",
])
def test_refused_requests_set_a_message_and_change_nothing(request_):
    w = board(players=2, seed=0)
    w.play("enter c0")
    g = w.game
    before, view, legal = g.fingerprint(), w.view, ids_of(w)
    if isinstance(request_, dict) and request_.get("type") == "act":
        request_ = {**request_, "ply": len(g.history)}      # as the browser sends it
    w.receive(request_)
    assert w.message != ""
    assert w.game is g and g.fingerprint() == before
    assert w.view == view and ids_of(w) == legal
    assert w.bots == [] and w.seat is None and w.auto_chance is False


def test_refusal_messages_explain_why():
    w = board(players=2, seed=0)
    w.play("enter c0")
    w.play("enter c0")
    assert w.message.startswith("'enter c0' is not legal now")
    assert "Anna can play: 'place" in w.message
    w.play(ids_of(w)[0])      # a good click clears the message
    assert w.message == ""


def test_a_player_action_is_refused_while_chance_is_pending():
    w = board(players=2, seed=0)
    w.play("enter c0")
    w.play(ids_of(w)[0])
    w.play(ids_of(w)[0])
    assert w.game.is_chance and w.view["phase"] == "draw" and w.legal == []
    before = w.game.fingerprint()
    w.play("end")
    assert "chance event is pending" in w.message
    assert w.game.fingerprint() == before


# ---------------------------------------------------------------- chance: picker, step, advance
def test_the_what_if_picker_lists_exact_probabilities_and_forcing_works():
    w = board(players=2, seed=0, auto_deal=False)
    g = w.game
    assert g.is_chance and w.view["phase"] == "deal" and w.legal == []
    assert len(w.chance) == 26                      # 2 players: 26 strips in the pile
    first = w.chance[0]
    assert (first["p_num"], first["p_den"]) == (1, 26)
    assert first["p_text"] == "1/26 ≈ 3.8%" and first["p_pct"] == "3.8%"
    assert sum(Fraction(c["p_num"], c["p_den"]) for c in w.chance) == 1
    assert [c["id"] for c in w.chance] == [a.id for a, _ in g.chance_outcomes()]
    pick = w.chance[5]["id"]
    w.receive({"type": "force", "id": pick})
    assert w.message == ""
    assert g.history[-1].id == pick and g.history[-1].sampled is False
    assert int(pick.split()[1]) in [h["id"] for h in w.view["players"][0]["hand"]]
    assert pick not in [c["id"] for c in w.chance]
    before = g.fingerprint()
    w.receive({"type": "force", "id": pick})        # that strip is gone now
    assert "not an outcome" in w.message and g.fingerprint() == before


def test_reveal_probabilities_follow_the_face_down_tiles():
    g = find(lambda g: g.is_chance and g.state.phase == "reveal")
    w = DeepWoodBoard(replay(g), bot_delay=0, seat=None)
    hidden = g.state.boards[g.state.seat].hidden
    total = sum(hidden.values())
    for c in w.chance:
        kind = c["id"].split()[2]
        assert Fraction(c["p_num"], c["p_den"]) == Fraction(hidden[kind], total)
        assert c["label"] == f"Reveal a {kind} at {g.view()['reveal_at']}"


def test_step_and_advance_resolve_chance_with_the_seeded_rng():
    w = board(players=2, seed=0, auto_deal=False)
    twin = dk.new_game("deepwood", players=2, seed=0)
    w.receive({"type": "step"})
    twin.step()
    assert history_ids(w.game) == history_ids(twin) and w.game.history[-1].sampled
    w.receive({"type": "advance"})
    twin.advance()
    assert history_ids(w.game) == history_ids(twin)
    assert w.view["phase"] == "entry" and w.chance == [] and w.message == ""


def test_auto_chance_resolves_draws_and_reveals_by_itself():
    w = board(players=2, seed=0, auto_chance=True)
    w.play("enter c0")
    w.play(ids_of(w)[0])
    w.play(ids_of(w)[0])
    assert not w.game.is_chance and w.view["phase"] == "board"
    assert any(s.id.startswith("draw ") and s.sampled for s in w.game.history)
    w.receive({"type": "auto_chance", "value": False})
    assert w.auto_chance is False and w.message == ""


# ---------------------------------------------------------------- undo, redo, new
def test_undo_and_redo_messages():
    w = board(players=2, seed=0)
    w.play("enter c0")
    w.receive({"type": "undo"})
    assert w.message == "" and w.view["boards"][0]["figure"] is None
    assert w.view["phase"] == "entry" and w.status["can_redo"] is True
    w.receive({"type": "redo"})
    assert w.view["boards"][0]["figure"] == "c0" and w.status["can_redo"] is False
    # undo back through the deal stops at the (non-automatic) chance event
    w.receive({"type": "undo"})
    w.receive({"type": "undo"})
    assert w.game.is_chance and len(w.game.history) == 5 and len(w.chance) == 21


def test_undo_skips_the_bots_moves_and_redo_replays_them():
    bot = FirstBot()
    w = board(players=2, seed=1, bots=[1], bot=bot)
    to_board_phase(w)
    before = history_ids(w.game)
    w.play("end")
    after = history_ids(w.game)
    assert bot.calls >= 3 and len(after) > len(before) + 3   # Ben played a whole turn
    assert w.game.current_player == 0 and w.status["human_to_move"]
    w.receive({"type": "undo"})
    assert history_ids(w.game) == before and w.view["phase"] == "board"
    w.receive({"type": "redo"})
    assert history_ids(w.game) == after and w.message == ""


def test_new_game_message():
    w = board(players=2, seed=0)
    old = w.game
    w.receive({"type": "new", "players": 3, "seed": 11, "bots": [2]})
    assert w.message == "" and w.game is not old
    assert (w.game.players, w.game.seed, w.bots) == (3, 11, [2])
    assert w.status["players"] == 3 and len(w.view["players"]) == 3
    assert w.view["phase"] == "entry" and len(w.game.history) == 9
    assert history_ids(w.game)[:9] == [a.id for a in _dealt(3, 11).history]


def _dealt(players, seed):
    g = dk.new_game("deepwood", players=players, seed=seed)
    while g.is_chance and g.state.phase == "deal":
        g.step()
    return g


# ---------------------------------------------------------------- bots
def test_bots_play_a_whole_game_synchronously():
    bot = FirstBot()
    w = board(players=2, seed=5, bots=[0, 1], bot=bot)
    assert w.game.is_over and w.view["over"] and w.status["over"]
    assert w.legal == [] and w.busy is False and w.message == ""
    assert w.status["winners"] == w.game.winners() and w.view["round"] == 15
    assert bot.calls > 30


def test_a_bot_seat_can_be_switched_on_mid_game():
    w = board(players=2, seed=3, bot=FirstBot())
    w.play("enter a0")
    w.receive({"type": "bots", "bots": [0]})
    assert w.bots == [0] and w.message == ""
    # Anna's turn was finished by the bot; now Ben (human) must decide
    assert w.game.current_player == 1 and w.view["phase"] == "entry"
    assert w.status["human_to_move"] and ids_of(w) == w.game.legal_action_ids()
    w.play("enter a0")
    assert w.game.history[-1].id == "enter a0" and w.game.history[-1].player == 1


def test_a_human_cannot_act_for_a_bot_seat():
    # a long delay keeps Ben's bot waiting on its timer (no event loop here: a thread)
    w = DeepWoodBoard(players=2, seed=3, bots=[1], bot=FirstBot(), bot_delay=5)
    to_board_phase(w)
    w.play("end")
    assert w.message == "" and w.game.current_player == 1
    assert w.busy is True and w.legal == [] and w.status["bot_to_move"]
    before = w.game.fingerprint()
    w.play("enter a0")
    assert "played by a bot" in w.message and w.game.fingerprint() == before
    w.receive({"type": "bots", "bots": []})       # take the seat over: the timer is cancelled
    assert w.busy is False and w.message == ""
    # two humans now: the public hot seat, passed to Ben (issue 25 §3)
    assert w.seat == "public" and w.legal == [] and w.status["pass_to"] == 1
    w.receive({"type": "pass", "seat": 1, "ply": len(w.game.history)})
    assert ids_of(w) == w.game.legal_action_ids() and "enter a0" in ids_of(w)
    w.play("enter a0")
    assert w.game.history[-1].id == "enter a0" and w.game.history[-1].player == 1


def test_a_failing_bot_leaves_a_message_and_the_game_as_it_was():
    w = board(players=2, seed=0, bot=BrokenBot())
    w.play("enter c0")
    before = w.game.fingerprint()
    w.receive({"type": "bots", "bots": [0]})
    assert "the bot for Anna failed" in w.message and "bot bug" in w.message
    assert w.game.fingerprint() == before and w.busy is False


def test_the_real_bots_play_through_make_bot():
    sim = pytest.importorskip("deepwood_kernel.sim")
    assert hasattr(sim, "make_bot")
    for kind in ("random", "heuristic"):
        try:
            sim.make_bot("deepwood", kind, seed=0)
        except (ImportError, AttributeError, ValueError) as e:   # heuristic still missing
            pytest.skip(f"{kind} bot not available yet: {e}")
        w = board(players=2, seed=4, bots=[0, 1], bot=kind)
        assert w.game.is_over and w.message == "", w.message


def test_bots_move_with_a_delay_on_a_timer_thread_outside_a_kernel():
    w = DeepWoodBoard(players=2, seed=2, bots=[1], bot=FirstBot(), bot_delay=0.005)
    w.play("enter c0")
    w.play(ids_of(w)[0])
    w.play(ids_of(w)[0])
    w.receive({"type": "advance"})
    if not w.game.is_chance and w.game.current_player == 0:
        w.play("end")
    assert w.wait(20)
    assert w.game.current_player == 0 and w.status["human_to_move"] and not w.busy
    assert any(s.player == 1 for s in w.game.history)


def test_bots_move_with_a_delay_on_the_running_asyncio_loop():
    async def main():
        w = DeepWoodBoard(players=2, seed=2, bots=[0, 1], bot=FirstBot(), bot_delay=0.001)
        assert w.busy is True and w._timer is not None
        assert isinstance(w._timer, asyncio.TimerHandle)
        n0 = len(w.game.history)
        for _ in range(400):
            await asyncio.sleep(0.002)
            if len(w.game.history) > n0 + 10:
                break
        assert len(w.game.history) > n0 + 10
        w.receive({"type": "bots", "bots": []})     # a human takes over: bots stop
        n1 = len(w.game.history)
        await asyncio.sleep(0.05)
        assert len(w.game.history) == n1 and w.busy is False
    asyncio.run(main())


# ---------------------------------------------------------------- hidden information
def test_seat_hides_the_other_hands_even_from_another_human_to_move():
    """Issue 10 §3: with a seat set the board uses that seat's eyes only; a second human
    plays by switching the view (or the board is a spectator's)."""
    w = board(players=2, seed=0)
    assert w.seat is None and w.status["spectator"] is True     # the spectator, chosen
    assert all(isinstance(p["hand"], list) for p in w.view["players"])
    w.receive({"type": "seat", "seat": 1})
    assert w.seat == 1 and w.message == ""
    assert w.view["players"][0]["hand"] == 3                  # Anna's strips are hidden
    assert isinstance(w.view["players"][1]["hand"], list)
    assert w.legal == [] and w.status["waiting_for_human"] is True
    w2 = board(players=2, seed=0, bots=[0], bot=FirstBot(), seat="auto")  # Ben's, by default
    assert w2.seat == 1 and w2.game.current_player == 1
    assert w2.view["players"][0]["hand"] == 3
    assert isinstance(w2.view["players"][1]["hand"], list)


# ---------------------------------------------------------------- display
def test_repr_and_static_html_fallback():
    w = board(players=2, seed=1)
    r = repr(w)
    assert r == "DeepWoodBoard(game='deepwood', players=2, seed=1, ply=6, Anna to play)"
    assert "0x" not in r
    data, meta = w._repr_mimebundle_()
    assert data["text/plain"] == r
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    html = data["text/html"]
    assert html.endswith(w.game.render_html(None)) and "Anna" in html
    assert "Spectator view" in html
    w.play("enter c0")
    assert "ply=7" in repr(w)
    over = board(players=2, seed=5, bots=[0, 1], bot=FirstBot())
    assert repr(over).endswith("game over, bots=[0, 1])")


def test_the_module_and_styles_are_files_of_the_package():
    w = board(players=2, seed=1)
    esm, css = str(w._esm), str(w._css)
    assert "export default { initialize: ({ model }) => followPatches(model), render }" in esm
    assert "data-action" in esm and "export function followPatches(model)" in esm
    assert esm.count("export default") == 1 and "defineBoard({" in esm      # shell + board
    assert ".dw-legal" in css and ".dw-root" in css and ".sh-pending" in css
    assert "http://" not in esm and "https://" not in esm


def test_a_game_passed_in_is_played_on_and_dealt_if_needed():
    g = dk.new_game("deepwood", players=3, seed=9)
    twin = dk.new_game("deepwood", players=3, seed=9)
    twin.advance()
    w = DeepWoodBoard(g, bot_delay=0, seat=None)
    assert w.game is g and w.view["phase"] == "entry"
    assert history_ids(g) == history_ids(twin) and g.fingerprint() == twin.fingerprint()
    w.play("enter d0")
    assert g.history[-1].id == "enter d0"          # clicks play on the caller's game
    kept = dk.new_game("deepwood", players=3, seed=9)
    w2 = DeepWoodBoard(kept, bot_delay=0, auto_deal=False, seat=None)
    assert kept.is_chance and w2.view["phase"] == "deal" and len(w2.chance) == 39
    later = replay(find(in_phase("border")))
    before = later.fingerprint()
    assert DeepWoodBoard(later, bot_delay=0, seat=None).game.fingerprint() == before
    with pytest.raises(TypeError):
        DeepWoodBoard("deepwood")


def test_limit_phase_buttons_come_from_the_engine():
    g = find(in_phase("limit"), stop_on_chance=False)
    w = DeepWoodBoard(replay(g), bot_delay=0, seat=None)
    assert w.view["phase"] == "limit"
    assert ids_of(w) == g.legal_action_ids()
    assert all(a["target"] == {"kind": "button", "group": a["id"].split()[0]} for a in w.legal)
    assert any(a["id"].startswith("return ") for a in w.legal)
    before = len(w.game.history)
    w.play([a for a in ids_of(w) if a.startswith("return ")][0])
    assert len(w.game.history) == before + 1 and w.message == ""


def test_closing_drops_a_pending_bot_move():
    w = DeepWoodBoard(players=2, seed=3, bots=[0], bot=FirstBot(), bot_delay=5)
    assert w.busy is True
    n = len(w.game.history)
    w.close()
    assert w.busy is False and w._timer is None and len(w.game.history) == n


# ---------------------------------------------------------------- clicks (issue 10 §4)
def test_a_click_carries_its_ply_and_a_double_click_plays_once():
    """The second message of a double click names the ply the first one changed: refused
    with "the board changed — click again", nothing applied."""
    w = board(players=2, seed=1)
    ply = w.status["ply"]
    w.receive({"type": "act", "id": "enter c0", "ply": ply})
    assert w.message == "" and len(w.game.history) == ply + 1
    fp = w.game.fingerprint()
    answered = w.answered
    w.receive({"type": "act", "id": "enter c0", "ply": ply})
    assert w.message == "the board changed — click again"
    assert w.game.fingerprint() == fp and w.answered == answered + 1
    for kind in ("undo", "redo", "step", "advance", "force"):
        w.receive({"type": kind, "id": "x", "ply": ply})
        assert w.message == "the board changed — click again" and w.game.fingerprint() == fp
    w.receive({"type": "undo", "ply": ply + 1})
    assert w.message == "" and len(w.game.history) == ply


def test_double_clicks_on_every_action_of_a_game_apply_once():
    """Every human decision of a seeded game, each sent twice with the same ply."""
    w = board(players=2, seed=2, auto_chance=True)
    rng = __import__("random").Random(2)
    for _ in range(150):
        if w.game.is_over or not w.legal:
            break
        ply = w.status["ply"]
        aid = rng.choice(w.legal)["id"]
        w.receive({"type": "act", "id": aid, "ply": ply})
        after = w.game.fingerprint()
        assert w.game.history[ply].id == aid
        w.receive({"type": "act", "id": aid, "ply": ply})
        assert w.game.fingerprint() == after and w.message == "the board changed — click again"


def test_error_messages_are_cut_before_they_reach_the_browser():
    w = board(players=2, seed=1)
    fp = w.game.fingerprint()
    w.play("x" * 5_000_000)
    assert len(w.message) <= 300 and w.game.fingerprint() == fp
    w.receive({"type": "force", "id": "y" * 100_000})
    assert len(w.message) <= 300
    w.receive({"type": "z" * 100_000})
    assert len(w.message) <= 300
    w.receive(["q" * 100_000])
    assert len(w.message) <= 200


# ---------------------------------------------------------------- the shell's controls
def test_bot_speed_is_checked_and_skip_plays_to_the_next_human_decision():
    """The toolbar's bot speed (seconds per step, 0..5) and "skip to my turn"."""
    w = DeepWoodBoard(players=3, seed=4, bots=[1, 2], bot=FirstBot(), bot_delay=5,
                      auto_chance=True)
    assert w.seat == 0
    w.receive({"type": "speed", "delay": 0.1})
    assert w.message == "" and w.bot_delay == 0.1
    for bad in (-1, 6, "fast", True, float("nan"), None, 10**400, float("inf"), 1e300):
        w.receive({"type": "speed", "delay": bad})
        assert "bot speed" in w.message and w.bot_delay == 0.1
    w.receive({"type": "speed", "delay": 5})
    w.play("enter c0")
    while w.human_to_move():                       # Anna plays her turn to its end
        ids = [a["id"] for a in w.legal]
        w.play("end" if "end" in ids else ids[0])
    assert w.busy and w.game.current_player in (1, 2, None)
    w.receive({"type": "skip"})
    assert w.message == "" and not w.busy
    assert w.human_to_move() or w.game.is_over or (w.game.is_chance and not w._is_auto())
    w.close()


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), 1e300, -1.0])
def test_a_bot_delay_that_would_stall_the_bots_is_refused(bad):
    """Issue 23 §5: bot_delay = inf, 1e300 or nan stalled the bots with busy stuck."""
    with pytest.raises(Exception, match="a delay of 0 to 3600 seconds"):
        DeepWoodBoard(players=2, seed=1, bots=[1], bot_delay=bad)
    w = DeepWoodBoard(players=2, seed=1, bots=[1], bot_delay=0)
    with pytest.raises(Exception, match="a delay of 0 to 3600 seconds"):
        w.bot_delay = bad
    assert w.bot_delay == 0


def test_a_click_the_bots_answer_at_once_is_refreshed_once_after_them():
    """With ``bot_delay=0`` the bots answer inside the click's request and ``_run_sync``
    refreshes after them; the refresh before them was thrown away (one message carries the
    click), so it is skipped: one refresh per click, and its traits are what a refresh of
    the final position computes."""
    from .widget_helpers import BOARD_CLASSES
    # the latency bench's Dungeon Draw: Anna buys at the fairy market, the bot answers
    w = BOARD_CLASSES["dungeondraw"](players=2, seed=1, bots=[1], bot_delay=0, auto_chance=True)
    calls = []
    real = w.refresh
    w.refresh = lambda: (calls.append(len(w.game.history)), real())[1]
    ply = len(w.game.history)
    w.receive({"type": "act", "id": "buy fairy key", "ply": ply})
    assert w.message == "" and any(s.player == 1 for s in w.game.history[ply:])
    assert calls == [len(w.game.history)]          # once, after the bot's answer
    traits = ("view", "legal", "chance", "status", "advice", "score", "event_log")
    sent = {k: getattr(w, k) for k in traits}
    real()
    assert {k: getattr(w, k) for k in traits} == sent
