"""Issue 10 §3: the browser only ever sees what its seat may see.

Tested as a difference: two games that differ only in another seat's secrets (the same
history, except that a different hidden deal was forced through chance outcomes) must
give the watching seat byte-identical traits and static HTML, step after step — while a
spectator's board does tell them apart (so the test can fail).
"""

from __future__ import annotations

import random

import pytest

import deepwood_kernel as dk
from deepwood_kernel import PUBLIC
from widgets import ClankBoard, DeepWoodBoard, PigBoard

from .widget_helpers import BOARD_CLASSES, play_twins, seen


# ---------------------------------------------------------------- Durch den tiefen Wald
def deepwood_twins(seed: int):
    """Anna holds the same strips in both games; Ben's third strip differs (and so does
    the pile). DW-1.4: three secret strips each."""
    a = dk.new_game("deepwood", players=2, seed=seed)
    b = dk.new_game("deepwood", players=2, seed=seed + 1000)     # the seed is a secret too
    pile = sorted(a.state.pile)
    codes = {sid: a.state.content.strips[sid].code for sid in pile}
    anna, ben = pile[:3], pile[3:5]
    z1 = pile[5]
    z2 = next(sid for sid in pile[6:] if codes[sid] != codes[z1])
    for sid in anna + ben:
        a.apply(f"deal {sid}")
        b.apply(f"deal {sid}")
    a.apply(f"deal {z1}")
    b.apply(f"deal {z2}")
    assert a.state.players[1].hand != b.state.players[1].hand
    return a, b


def dw_board(g, seat):
    return DeepWoodBoard(g, seat=seat, bot_delay=0)


@pytest.mark.parametrize("watcher", [0, PUBLIC])
@pytest.mark.parametrize("seed", [0, 3])
def test_deepwood_watcher_cannot_tell_two_secret_deals_apart(seed, watcher):
    """DW-1.4 (secret strips): traits, what-if list, log, advice and static HTML; the
    public view (issue 25 §3) no more than Anna's."""
    a, b = deepwood_twins(seed)
    played, differ = play_twins(a, b, dw_board, watcher=watcher, secret_seat=1, plies=160,
                                seed=seed)
    assert played >= 100            # Ben's turns too: his draws are shown as Anna reasons
    assert differ >= played // 2    # a spectator sees Ben's strips: the games do differ


def test_deepwood_hidden_draw_is_shown_as_the_seat_reasons():
    """Anna's own draw: every strip she cannot see (the pile and Ben's hand) is equally
    likely; the true pile's chances are never sent; '?' outcomes cannot be forced."""
    a, _ = deepwood_twins(0)
    g = a
    rng = random.Random(1)
    while not (g.is_chance and g.state.phase == "draw" and g.state.seat == 0):
        if g.is_chance:
            g.step()
        else:
            g.apply(rng.choice(g.legal_action_ids()))
    w = DeepWoodBoard(g, seat=0, bot_delay=0)
    unseen = len(g.state.pile) + len(g.state.players[1].hand)
    assert sum(c["p_num"] * (unseen // c["p_den"]) for c in w.chance) == unseen
    assert all(c["id"].startswith("?draw ") and c["force"] is False for c in w.chance)
    fp = g.fingerprint()
    w.receive({"type": "force", "id": w.chance[0]["id"]})
    assert "hidden from your seat" in w.message and g.fingerprint() == fp
    # a true id is refused alike, in the pile or not: the answer tells nothing
    answers = set()
    for sid in range(len(g.state.content.strips)):
        w.receive({"type": "force", "id": f"draw {sid}"})
        answers.add(w.message)
    assert len(answers) == 1 and g.fingerprint() == fp
    spectator = DeepWoodBoard(g.fork(), seat=None, bot_delay=0)
    assert {c["id"] for c in spectator.chance} == {f"draw {sid}" for sid in g.state.pile}
    assert all(c["force"] for c in spectator.chance)


# ---------------------------------------------------------------- Klong!
def clank_twins(seed: int, watch=None):
    """The dealing of Sandra's first hand differs in one card (Stolpern in one game,
    Ducken in the other, from the same starting deck); everything else is the same
    (CL-12: hands are secret). ``watch(a, b)`` is called before every deal step."""
    a = dk.new_game("clank", players=2, seed=seed)
    b = dk.new_game("clank", players=2, seed=seed + 1000)        # the seed is a secret too
    while a.state.phase in ("artifacts", "row") or (a.state.phase == "deal"
                                                    and a.state.draw_seat == 0):
        out = a.step()
        b.apply(out.id)
    for k in range(5):
        if watch:
            watch(a, b)
        a.apply("draw stumble" if k == 4 else "draw burgle")
        b.apply("draw scramble" if k == 4 else "draw burgle")
    assert a.state.players[1].hand != b.state.players[1].hand
    return a, b


def cl_board(g, seat):
    return ClankBoard(g, seat=seat, bot_delay=0, auto_chance=False)


@pytest.mark.parametrize("seed", [1, 2])
def test_clank_watcher_cannot_tell_two_secret_hands_apart(seed):
    """CL-12: Sandra's hand (and so her draw pile) differs; Anna's board must not show it,
    through the view, the draw odds, the log ("Sandra draws ...") or the dragon panel.
    Sandra never ends her turn here: that shows her hand to everyone."""
    boards = {}

    def watch(a, b):            # Sandra's hand being dealt, as Anna's board shows it
        if not boards:
            boards["a"] = cl_board(dk.load(a.to_json()), 0)
            boards["b"] = cl_board(dk.load(b.to_json()), 0)
        boards["a"].game, boards["b"].game = a.fork(), b.fork()
        assert seen(boards["a"]) == seen(boards["b"])
        assert all(c["id"].startswith("?draw ") for c in boards["a"].chance)

    a, b = clank_twins(seed, watch)
    played, differ = play_twins(a, b, cl_board, watcher=0, secret_seat=1, plies=120,
                                seed=seed, keep=lambda aid, mover: not (mover == 1
                                                                        and aid == "end"))
    assert played >= 15
    assert differ >= 1


def test_clank_log_hides_other_players_draws():
    """"Sandra draws X." is read by Anna as "Sandra draws a card."."""
    w = ClankBoard(players=2, seed=1, seat=0, bot_delay=0)
    lines = ["Anna draws Plündern.", "Sandra draws Söldner.", "Sandra draws nothing.",
             "Sandra discards Ducken to draw 2."]
    assert w.public_log(lines, 0) == ["Anna draws Plündern.", "Sandra draws a card.",
                                      "Sandra draws nothing.",
                                      "Sandra discards Ducken to draw 2."]


# ---------------------------------------------------------------- defaults
def test_bots_on_every_seat_but_one_default_the_seat_to_the_human():
    w = DeepWoodBoard(players=3, seed=2, bots=[0, 2], bot_delay=5)
    assert w.seat == 1 and w.status["spectator"] is False
    w.close()
    c = ClankBoard(players=2, seed=1, bots=[1], bot_delay=5)
    assert c.seat == 0 and c.view["players"][1]["hand"] is None
    assert "Spectator" not in c.static_html()
    c.receive({"type": "bots", "bots": []})           # two humans: the public hot seat
    assert c.seat == PUBLIC and c.status["spectator"] is False and c.status["pass_to"] == 0
    c.receive({"type": "seat", "seat": 1})            # chosen: it stays
    c.receive({"type": "bots", "bots": [0]})
    assert c.seat == 1
    c.close()
    two = DeepWoodBoard(players=2, seed=2, bot_delay=0)           # issue 25 §3: no leak
    assert two.seat == PUBLIC and "Public view: no hands shown" in two.static_html()
    assert "Spectator view" not in two.static_html()


def test_acts_for_another_human_seat_are_refused_while_a_seat_is_set():
    w = DeepWoodBoard(players=2, seed=1, seat=1, bot_delay=0)
    assert w.game.current_player == 0 and w.legal == []
    fp = w.game.fingerprint()
    w.play("enter c0")
    assert "Anna" in w.message and w.game.fingerprint() == fp


# ---------------------------------------------------------------- the seed (issue 23 §1)
# the boards whose games hold secrets (Pig's does not: SECRETS is False)
BOARDS = {k: cls for k, cls in BOARD_CLASSES.items() if cls.SECRETS}


def seed_twins(board, seed: int):
    """Two games with different seeds and the same history (the second replays every id
    of the first, chance outcomes included): they differ only in the seed, which with the
    seat's own clicks would rebuild every hidden card."""
    a = board(players=2, seed=seed, bot_delay=0, seat=None).game
    b = dk.new_game(a.key, players=2, seed=seed + 7919, options=a.options)
    for step in a.history:
        b.apply(step.id)
    assert a.fingerprint() != b.fingerprint() or a.seed != b.seed
    return a, b


@pytest.mark.parametrize("watcher", [0, PUBLIC])
@pytest.mark.parametrize("key", sorted(BOARDS))
def test_the_seed_never_reaches_a_seats_browser_while_the_game_has_secrets(key, watcher):
    """Issue 23 §1: boards of two games that differ only in their seed look the same to a
    seat, ply after ply (status, every trait, static HTML, repr); a spectator's differ.
    The public view (issue 25 §3) hides the seed too."""
    board = BOARDS[key]
    a, b = seed_twins(board, 3)
    played, differ = play_twins(a, b, lambda g, seat: board(g, seat=seat, bot_delay=0),
                                watcher=watcher, secret_seat=1, plies=40, seed=1)
    assert played >= 10 and differ == played


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_the_issue_attack_rebuilds_nothing(key):
    """The attack of issue 23 §1: a seat's board hands out its seed, a spectator board of
    the same seed shows every hand. Now the seat reads no seed (and the repr hides it)."""
    w = BOARDS[key](players=2, seed=7, bots=[1], seat=0, bot_delay=0)
    assert w.seat == 0 and w.status["seed"] is None and w.status["seed_hidden"] is True
    assert "seed=hidden" in repr(w) and "seed=7" not in repr(w)
    w.seat = None                                    # a spectator sees every secret anyway
    assert w.status["seed"] == 7 and w.status["seed_hidden"] is False


def test_the_seed_is_shown_at_game_over_and_on_pig():
    """Pig hides nothing from a player (SECRETS = False); at game over every board shows
    its seed again, so a finished game can be replayed."""
    p = PigBoard(players=2, seed=5, bots=[1], seat=0, bot_delay=0)
    assert p.status["seed"] == 5 and "seed=5" in repr(p)
    w = DeepWoodBoard(players=2, seed=4, bots=[0, 1], seat=0, bot_delay=0)
    assert w.game.is_over and w.status["seed"] == 4
