"""Issue 25 §3: a board passed between several human players leaks no hand.

With two human seats and no seat chosen, every board shows the PUBLIC view (only what
every seat may know) and asks "pass to Ben — show Ben's hand?" between turns. Tested as a
difference (the privacy twins of ``tests/privacy.py``): two games that differ only in a
secret (two different hidden outcomes forced at the same draw) give byte-identical traits
and static HTML on the public board, ply after ply, while a spectator's boards differ.
After the pass click the seat's own secrets appear; after its turn they are gone again.
"""

from __future__ import annotations

import random

import pytest

import deepwood_kernel as dk
from deepwood_kernel import PUBLIC

from .widget_helpers import (BOARD_CLASSES, check_drawn, common_ids, needs_node, render_in_node,
                             seen, widget_state)

#: the boards whose games hold secrets (Pig's does not)
SECRET_BOARDS = {k: cls for k, cls in BOARD_CLASSES.items() if cls.SECRETS}


def hot_board(cls, game=None, **kw):
    """A board of two human seats, no seat chosen (the default "auto"), no bot delay."""
    kw.setdefault("bot_delay", 0)
    return cls(game, **kw) if game is not None else cls(players=2, **kw)


def hidden_from_public(g: dk.Game) -> bool:
    """Is the pending chance event read by the public view as grouped "?" outcomes?"""
    return g.is_chance and any(o.id.startswith("?") for o, _ in g.chance_outcomes(seat=PUBLIC))


def hidden_draw(g: dk.Game) -> list[str] | None:
    """Two true outcomes of the pending chance event that the public view cannot tell
    apart (it reads the event as grouped "?" outcomes), or None."""
    if not hidden_from_public(g):
        return None
    true = sorted({o.id for o, _ in g.chance_outcomes()})
    return true[:1] + true[-1:] if len(true) >= 2 else None


def secret_twins(cls, seed: int, skip: int = 0) -> tuple[dk.Game, dk.Game]:
    """Two games of ``cls``'s board, the same up to a hidden draw, where each was forced
    to a different true outcome: they differ only in a secret. ``skip`` hidden draws are
    passed first. The draw comes after the board's own set-up and a player's decision
    (a board made later would deal the rest of its set-up from each game's own pile),
    except in DungeonQuest, whose only hidden draws are the runes of the set-up (DQ-1.9);
    its board's set-up then draws the same public dice in both games."""
    a = hot_board(cls, seed=seed).game if cls.game_key != "dungeonquest" else \
        dk.new_game(cls.game_key, players=2, seed=seed)
    b = dk.load(a.to_json())
    rng = random.Random(seed)
    for _ in range(3000):
        assert not a.is_over, "no hidden draw met"
        decided = any(s.player is not None for s in a.history)
        pair = hidden_draw(a) if decided or cls.game_key == "dungeonquest" else None
        if pair and not skip:
            a.apply(pair[0])
            b.apply(pair[1])
            assert a.fingerprint() != b.fingerprint()
            return a, b
        skip -= bool(pair)
        if a.is_chance:
            b.apply(a.step().id)
        else:
            aid = rng.choice(a.legal_action_ids())
            a.apply(aid)
            b.apply(aid)
    raise AssertionError("no hidden draw met")


@pytest.mark.parametrize("key", sorted(SECRET_BOARDS))
@pytest.mark.parametrize("skip", [0, 1])
def test_the_public_board_cannot_tell_two_secret_draws_apart(key, skip):
    """Every board with secrets: with two humans and no seat chosen, the board is public
    (no pass clicked) and its traits and static HTML are the same for twins that differ
    in a hidden draw, at every ply while some seat cannot tell them apart either (the
    public view knows no more than any seat); the spectator's boards do differ."""
    cls = SECRET_BOARDS[key]
    a, b = secret_twins(cls, seed=3, skip=skip)
    # nothing moves on its own (chance is drawn only through ids possible in both games)
    still = {"auto_chance": False}
    wa, wb = hot_board(cls, a, **still), hot_board(cls, b, **still)
    sa, sb = (hot_board(cls, a.fork(), seat=None, **still),
              hot_board(cls, b.fork(), seat=None, **still))
    rng = random.Random(skip)
    played = differ = 0
    for _ in range(80):
        if not any(a.view(x) == b.view(x) and a.log_for(x) == b.log_for(x)
                   for x in range(a.players)):
            break            # the rules have shown the secret to every seat (an open hand)
        assert wa.seat == PUBLIC and wa.status["public"] and wa.legal == []
        assert seen(wa) == seen(wb), f"{key}, ply {len(a.history)}: the public board " \
            "tells the twins apart"
        differ += seen(sa) != seen(sb)
        if a.is_over:
            break
        ids = common_ids(a, b)
        if ids:
            aid = rng.choice(ids)
            a.apply(aid)
            b.apply(aid)
        elif hidden_from_public(a) and hidden_from_public(b):
            a.step()                 # a draw no outcome of which is possible in both
            b.step()                 # games, hidden from the public: each its own
        else:
            break
        sa.game, sb.game = a.fork(), b.fork()
        played += 1
    # DungeonQuest's runes are turned face up when a hero enters the dungeon (DQ-1.9)
    assert played >= (2 if key == "dungeonquest" else 5)
    assert differ >= 1          # the games do differ in a secret: the test can fail


def own_secret(w, seat: int) -> bool:
    """Does the board show ``seat``'s own hand (or face-down values)?"""
    v = w.view
    if w.game_key in ("deepwood", "dungeondraw"):
        return isinstance(v["players"][seat]["hand"], list)
    if w.game_key == "clank":
        return v["players"][seat]["hand"] is not None
    if w.game_key == "adventureland":
        return "herbs" in v["players"][seat]
    return w.status["seat"] == seat          # DungeonQuest: no hand, the seat's own odds


@pytest.mark.parametrize("key", sorted(SECRET_BOARDS))
def test_pass_shows_the_seat_to_move_until_its_turn_ends(key):
    """The pass button gives the human to move their own eyes; a click before it is
    refused and changes nothing; when the turn passes to the other human, the board is
    public again and asks for the next pass."""
    cls = SECRET_BOARDS[key]
    w = hot_board(cls, seed=5)
    g = w.game
    assert w.seat == PUBLIC and w.status["hot_seat"] and not w.status["spectator"]
    assert "Public view: no hands shown" in w.static_html()
    assert "Spectator" not in w.static_html()
    while w.status["pass_to"] is None:          # a chance event nobody owns first
        w.receive({"type": "step"})
    ben = w.status["pass_to"]
    assert ben == w.turn_owner() and w.legal == []
    if g.current_player is not None:
        fp = g.fingerprint()
        w.play(g.legal_action_ids()[0])           # a stale click on the public board
        assert "public view" in w.message and "pass it to" in w.message
        assert g.fingerprint() == fp and w.seat == PUBLIC
    stale = {"type": "pass", "seat": 1 - ben, "ply": w.status["ply"]}
    w.receive(stale)
    assert "passed to" in w.message and w.seat == PUBLIC
    w.receive({"type": "pass", "seat": ben, "ply": w.status["ply"]})
    assert w.message == "" and w.seat == ben and w.status["pass_to"] is None
    if key != "dungeonquest":
        assert own_secret(w, ben) and not own_secret(w, 1 - ben)
    rng = random.Random(1)
    for _ in range(400):                        # Ben plays until the turn is not his
        if w.turn_owner() != ben or g.is_over:
            break
        if g.is_chance:
            w.receive({"type": "step"})
        else:
            assert w.legal, "Ben's own board lets him play"
            w.play(rng.choice([a["id"] for a in w.legal]))
            assert w.message == ""
    assert w.turn_owner() != ben
    assert w.seat == PUBLIC and w.status["public"]
    if key != "dungeonquest":
        assert not own_secret(w, ben)
    if not g.is_over and w.turn_owner() == 1 - ben:
        assert w.status["pass_to"] == 1 - ben


def test_undo_into_the_other_players_turn_turns_the_board_public():
    """Ben's eyes end with Ben's turn, also when an undo takes the game back into Anna's."""
    w = hot_board(BOARD_CLASSES["deepwood"], seed=2)
    g = w.game
    w.receive({"type": "pass", "seat": 0, "ply": w.status["ply"]})
    while g.state.seat == 0:
        w.play("end") if "end" in g.legal_action_ids() else (
            w.receive({"type": "step"}) if g.is_chance else w.play(g.legal_action_ids()[0]))
    assert w.seat == PUBLIC and w.status["pass_to"] == 1
    w.receive({"type": "pass", "seat": 1, "ply": w.status["ply"]})
    assert w.seat == 1
    while g.state.seat == 1:
        w.receive({"type": "undo"})
    assert w.seat == PUBLIC and isinstance(w.view["players"][0]["hand"], int)


def test_new_game_with_two_humans_never_becomes_a_spectator():
    """The issue's bug: "New game" with two human seats showed every hand."""
    w = hot_board(BOARD_CLASSES["clank"], seed=1, bots=[1])
    assert w.seat == 0                                   # one human: that human's seat
    w.receive({"type": "new", "players": 3, "seed": 4, "bots": []})
    assert w.seat == PUBLIC and w.status["spectator"] is False
    assert all(p["hand"] is None for p in w.view["players"])
    w.receive({"type": "seat", "seat": None})           # the spectator: an explicit choice
    assert w.seat is None and all(p["hand"] is not None for p in w.view["players"])
    w.receive({"type": "new", "players": 2, "seed": 4, "bots": []})
    assert w.seat is None                                # pinned, as a chosen seat is
    w.receive({"type": "seat", "seat": "auto"})
    assert w.seat == PUBLIC and w.status["hot_seat"]
    w.receive({"type": "seat", "seat": "public"})       # pinned public: never passed
    assert w.seat == PUBLIC and w.status["pass_to"] is None and not w.status["hot_seat"]


def test_bots_between_human_turns_play_in_the_public_view():
    """Three seats, Sandra a bot: after Anna's turn the bot plays on the public board and
    the board then asks to be passed to Ben... here the third seat (seat 2)."""
    w = BOARD_CLASSES["deepwood"](players=3, seed=3, bots=[1], bot_delay=0)
    g = w.game
    assert w.seat == PUBLIC and w.status["pass_to"] == 0
    w.receive({"type": "pass", "seat": 0, "ply": w.status["ply"]})
    while g.state.seat == 0:
        w.play("end") if "end" in g.legal_action_ids() else (
            w.receive({"type": "step"}) if g.is_chance else w.play(g.legal_action_ids()[0]))
    # the bot (seat 1) has played at once (bot_delay 0); its turn was public
    assert g.state.seat == 2 and w.seat == PUBLIC and w.status["pass_to"] == 2
    assert any(s.player == 1 for s in g.history)


def test_a_game_without_secrets_needs_no_pass():
    """Pig hides nothing (``SECRETS`` is False): two humans share the open table, and
    whoever is to move plays at once."""
    w = hot_board(BOARD_CLASSES["pig"], seed=1)
    assert w.seat is None and w.status["pass_to"] is None and not w.status["hot_seat"]
    assert w.legal


@needs_node
@pytest.mark.parametrize("key", sorted(SECRET_BOARDS))
def test_every_board_draws_the_pass_screen_and_no_action_while_public(key, tmp_path):
    """The shipped module (shell + board) drawn in node: the public board draws the pass
    button (a native button, so it takes focus and acts on Enter and Space, named by its
    text) and no action; once passed, the seat's actions and no pass button."""
    w = hot_board(SECRET_BOARDS[key], seed=5)
    while w.status["pass_to"] is None:
        w.receive({"type": "step"})
    public = widget_state(w)
    ben = w.status["pass_to"]
    w.receive({"type": "pass", "seat": ben, "ply": w.status["ply"]})
    r_public, r_passed = render_in_node([(public, {}), (widget_state(w), {})], tmp_path,
                                        module=key)
    name = w.status["names"][ben]
    button = (f'<button class="sh-btn sh-primary" data-cmd="pass" data-seat="{ben}">'
              f"Pass to {name} — show {name}'s hand</button>")
    assert button in r_public["markup"] and r_public["actions"] == []
    assert "public view: no hands shown" in r_public["markup"]
    check_drawn(r_public, [], key)
    assert 'data-cmd="pass"' not in r_passed["markup"]
    check_drawn(r_passed, [a["id"] for a in w.legal], key, complete=False)
    assert r_passed["actions"]
