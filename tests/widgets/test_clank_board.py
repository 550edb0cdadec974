"""``ClankBoard`` without a browser: click targets, the dragon panel, attacks that wait for
a human, refused requests, bot play, the static fallback, and the ES module rendered in
node (``render_check.mjs``, shared with the Deep Wood board).

Positions are reached by *playing* seeded games (heuristic bots with a few random moves),
never by editing state, so undo, replay and fingerprints stay exact inside the widget.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from deepwood_kernel.games.clank import dragon_attack_odds
from deepwood_kernel.games.clank.rules import move_options, trash_candidates
from widgets import ClankBoard

from .widget_helpers import (bot_play, check_drawn, first_saves, frac, load_board, needs_node,
                             render_in_node, widget_state)


# ---------------------------------------------------------------- reaching positions
def kind_of(aid: str) -> str:
    """``"move r5 block 1"`` -> ``"move-block"``; ``"buy 3"`` -> ``"buy-row"``; ..."""
    verb, _, rest = aid.partition(" ")
    if verb in ("buy", "use", "fight"):
        return f"{verb}-row" if rest.isdigit() else f"{verb}-{rest}"
    if verb == "move":
        return "move-block" if " block " in rest else "move"
    if verb in ("take", "market"):
        return f"{verb}-{rest}"
    return verb


KINDS = ["play", "buy-row", "use-row", "fight-row", "buy-mercenary", "buy-explore",
         "buy-secret_tome", "fight-goblin", "market-key", "market-backpack", "market-crown",
         "move", "move-block", "teleport", "take-artifact", "take-minor", "take-major",
         "take-idol", "token", "discard", "trash", "skip", "end"]


def multi_room(g) -> bool:
    """Some room can be entered in more than one way (the browser's room picker)."""
    if g.is_chance or g.is_over:
        return False
    rooms = [a.split()[1] for a in g.legal_action_ids() if a.startswith(("move ", "teleport "))]
    return len(rooms) != len(set(rooms))


def collect_positions() -> dict[str, str]:
    """The first position (a save, ``g.to_json()``) where each action kind is legal, plus
    a dragon attack being drawn, a room with several ways in, and a finished game."""
    def kinds(g):
        if g.is_over:
            return ["over"]
        if len(g.history) >= 3000:              # cut short: the last position is not met
            return []
        if g.is_chance:
            return [g.state.phase] if g.state.phase in ("attack", "refill") else []
        return [kind_of(aid) for aid in g.legal_action_ids()] + (
            ["multi-room"] if multi_room(g) else [])

    games = (bot_play("clank", seed, players=3, bot_share=0.8, max_plies=3000)
             for seed in range(40))
    return first_saves(games, kinds, set(KINDS) | {"attack", "multi-room", "over", "refill"})


@pytest.fixture(scope="module")
def positions() -> dict[str, str]:
    return collect_positions()


def board(save: str, **kw) -> ClankBoard:
    """A widget on an independent copy of the saved game (no bots, no automatic chance,
    so the position stays exactly where it was saved), seen by the spectator (the whole
    table; two humans would make it the public hot seat, issue 25 §3)."""
    kw.setdefault("auto_chance", False)
    kw.setdefault("seat", None)
    return load_board(ClankBoard, save, **kw)


# ---------------------------------------------------------------- click targets
def check_target(w: ClankBoard, a: dict) -> None:
    """One legal entry's target points at something the view really shows."""
    g, v = w.game, w.view
    s = g.state
    me = v["players"][v["seat"]]
    verb, _, rest = a["id"].partition(" ")
    t = a["target"]
    if verb == "play":
        assert t == {"kind": "hand", "card": rest} and rest in me["hand"]
    elif verb in ("buy", "use", "fight") and rest.isdigit():
        slot = int(rest)
        assert t == {"kind": "row", "slot": slot, "verb": verb}
        card = v["cards"][v["row"][slot]]
        assert {"action": "buy", "device": "use", "monster": "fight"}[card["type"]] == verb
    elif verb in ("buy", "fight"):
        assert t == {"kind": "reserve", "card": rest, "verb": verb}
        assert rest in v["cards"] and (rest == "goblin" or v["reserve"][rest] > 0)
    elif verb in ("move", "teleport"):
        room, _, block = rest.partition(" block ")
        assert t == {"kind": "room", "room": room, "verb": verb,
                     "block": int(block) if block else None,
                     "word": t["word"], "text": t["text"]}
        tunnels = {(x["a"], x["b"]): x for x in v["map"]["tunnels"]}
        tun = tunnels.get((me["room"], room)) or tunnels.get((room, me["room"]))
        assert tun is not None
        # the words drawn above the room and in the picker (CL-5.1 boots, CL-5.4 swords)
        if verb == "teleport":
            assert t["word"].startswith("teleport") and t["text"].startswith("Teleport")
        else:
            assert f"{tun['boots']} boot" in t["text"]
            if block:
                hurt = tun["monsters"] - int(block)
                assert (f"take {hurt} damage" if hurt else "take no damage") in t["text"]
    elif verb == "take":
        assert t == {"kind": "token", "room": me["room"], "token": rest}
        room = next(r for r in v["map"]["rooms"] if r["id"] == me["room"])
        held = {"artifact": room["artifact"], "idol": room["idols"],
                "minor": room["secrets"] if room["secret"] == "minor" else 0,
                "major": room["secrets"] if room["secret"] == "major" else 0}
        assert held[rest] > 0
    elif verb == "market":
        assert t == {"kind": "market", "item": rest}
    elif verb == "token":
        assert t == {"kind": "secret", "key": rest} and rest in me["secret_keys"]
    elif verb == "discard":
        assert t == {"kind": "choice", "verb": "discard", "card": rest} and rest in me["hand"]
    elif verb == "trash":
        assert t == {"kind": "choice", "verb": "trash", "card": rest}
        assert rest in trash_candidates(s, s.seat)
    else:
        assert t == {"kind": "button", "group": verb} and verb in ("end", "skip")


@pytest.mark.parametrize("kind", KINDS)
def test_every_action_kind_has_a_click_target(positions, kind):
    """The targets of all legal actions, in a position where ``kind`` is legal, are the
    engine's ids and labels in order, and each points at what the board shows: a card in
    hand, a row slot holding a card of the matching banner (CL-3.1, CL-3.3, CL-3.4), a room
    at the other end of a tunnel (CL-5.1, CL-5.9), a token lying in the player's room
    (CL-6.1), a kept secret, a card to discard (CL-12.2) or trash (CL-12.6)."""
    w = board(positions[kind])
    g = w.game
    assert [a["id"] for a in w.legal] == g.legal_action_ids()
    assert [a["label"] for a in w.legal] == [a.label for a in g.legal_actions()]
    assert any(kind_of(a["id"]) == kind for a in w.legal)
    for a in w.legal:
        check_target(w, a)


def test_CL_5_4_block_targets_offer_every_affordable_sword_count(positions):
    """A threat tunnel offers one target per number of swords spent, from 0 up to the
    symbols (CL-5.3, CL-5.4): exactly the engine's move options, none that would fill the
    health track or need cubes the supply lacks."""
    w = board(positions["move-block"])
    s = w.game.state
    p = s.players[s.seat]
    health = s.content.game["health"]
    blocks: dict[str, set[int]] = {}
    for a in w.legal:
        t = a["target"]
        if t["kind"] == "room" and t["block"] is not None:
            blocks.setdefault(t["room"], set()).add(t["block"])
    assert blocks
    tunnels = {frozenset((x["a"], x["b"])): x for x in w.view["map"]["tunnels"]}
    here = w.view["players"][s.seat]["room"]
    for room, ks in blocks.items():
        monsters = tunnels[frozenset((here, room))]["monsters"]
        want = {k for k in range(min(s.turn.swords, monsters) + 1)
                if monsters - k <= p.supply and p.damage + monsters - k < health}
        assert ks == want, room
    engine = {(aid.split()[1], b) for aid, _, b in move_options(s, s.seat) if " block " in aid}
    assert engine == {(r, k) for r, ks in blocks.items() for k in ks}


def test_legal_is_empty_while_chance_or_a_bot_moves(positions):
    """Only a human to move gets click targets; the what-if list has the exact outcomes."""
    w = board(positions["attack"])
    assert w.game.is_chance and w.legal == []
    assert sum(frac(c) for c in w.chance) == 1
    assert {c["id"] for c in w.chance} == {a.id for a, _ in w.game.chance_outcomes()}
    bot_seat = board(positions["play"], bots=[0, 1, 2], bot_delay=5)
    assert bot_seat.legal == [] and bot_seat.status["bot_to_move"]
    bot_seat.close()


# ---------------------------------------------------------------- the dragon panel
@pytest.mark.parametrize("name", ["play", "move-block", "attack", "refill", "take-artifact"])
def test_CL_8_4_advice_rows_sum_to_one_and_match_dragon_attack_odds(positions, name):
    """The dragon panel is the exact law of the next attack (CL-8.4, CL-8.5, CL-8.6): the
    clank area joins the bag, rage-track cubes plus one per danger card are drawn (while an
    attack is under way: the rest of it), each player's damage law sums to 1 and equals
    ``dragon_attack_odds``; ``p_hit`` is 1 - P(no damage)."""
    w = board(positions[name])
    g = w.game
    odds = dragon_attack_odds(g)
    adv = w.advice
    assert adv["kind"] == "dragon"
    assert adv["cubes"] == odds.cubes and adv["bag"] == odds.bag
    assert adv["ongoing"] == (g.state.phase == "attack")
    if not adv["ongoing"]:
        rage = w.view["rage"]
        assert adv["cubes"] == rage["cubes"] + rage["danger"]
        assert adv["bag"]["black"] == w.view["bag"]["black"]
        for p in w.view["players"]:
            assert adv["bag"][p["colour"]] == p["bag"] + p["clank"]
    assert [r["seat"] for r in adv["rows"]] == list(range(g.players))
    for r, dist in zip(adv["rows"], odds.damage):
        law = {d["k"]: frac(d) for d in r["damage"]}
        assert sum(law.values()) == 1
        assert law == dict(dist.items())
        assert frac(r["p_hit"]) == odds.p_hit(r["seat"]) == 1 - law.get(0, 0)
        assert r["mean"] == pytest.approx(float(dist.mean()))
    assert [lines[-1] for lines in adv["breakdown"]] == [["total", s] for s in g.scores()]


def test_CL_8_6_each_cube_colour_is_its_share_of_the_bag(positions):
    """In an attack being drawn, each cube colour's what-if probability is its share of the
    bag (CL-8.6, CL-8.7: cubes are drawn one at a time from what is left)."""
    w = board(positions["attack"])
    bag = w.advice["bag"]
    total = sum(bag.values())
    for c in w.chance:
        colour = c["id"].removeprefix("cube ")
        assert frac(c) == Fraction(bag[colour], total)


def test_advice_after_the_game_is_the_final_breakdown(positions):
    """At the end the panel holds the score breakdown (CL-11.2) and its totals are the
    scores; the winners are those with the most points (CL-11.6)."""
    w = board(positions["over"])
    g = w.game
    assert g.is_over and w.advice["kind"] == "final"
    totals = [lines[-1][1] for lines in w.advice["breakdown"]]
    assert totals == g.scores() == w.status["scores"]
    assert w.status["winners"] == g.winners()
    assert all(sum(x[1] for x in lines[:-1]) == lines[-1][1] for lines in w.advice["breakdown"])


# ---------------------------------------------------------------- attacks wait for a human
def play_human_turn(w: ClankBoard, buy: bool = False) -> None:
    """Seat to move plays every card, skips choices, (with ``buy``: buys dungeon-row
    cards, so the row is refilled in this turn) and ends the turn (no moves)."""
    for _ in range(60):
        if w.view["phase"] != "turn" or not w.legal:
            return
        ids = [a["id"] for a in w.legal]
        aid = next((i for i in ids if i.startswith("play ")), None) or \
            next((i for i in ids if buy and i.split()[0] == "buy" and i.split()[1].isdigit()),
                 None) or \
            ("skip" if "skip" in ids else "end" if "end" in ids else None)
        assert aid is not None, ids
        w.play(aid)
        assert w.message == "", w.message


def until_attack(w: ClankBoard, turns: int = 60) -> bool:
    for _ in range(turns):
        if w.view["phase"] == "attack":
            return True
        if w.game.is_over:
            return False
        play_human_turn(w, buy=True)
    return w.view["phase"] == "attack"


@pytest.mark.parametrize("seed", [0, 1])
def test_CL_8_3_pause_attacks_stops_at_an_attack_for_a_human(seed):
    """With automatic draws on, a dragon attack (CL-8.3) still waits for the human: the
    board stops with the cubes to draw, each colour's exact chance in the what-if list; a
    forced cube and a step each draw one cube (CL-8.6), and once the attack is over the
    game runs on by itself to the next decision."""
    w = ClankBoard(players=2, seed=seed, bots=[1], bot_delay=0)
    assert w.auto_chance and w.pause_attacks
    assert until_attack(w), "no attack in 60 turns"
    g = w.game
    assert w.turn_owner() == 0          # attacks in the bot's turns resolved by themselves
    assert g.is_chance and not w.busy and not w.status["auto"] and w.legal == []
    assert sum(frac(c) for c in w.chance) == 1
    left, drawn = w.view["attack"]["left"], len(w.view["attack"]["drawn"])
    first = max(w.chance, key=lambda c: c["p"])["id"]
    w.receive({"type": "force", "id": first})
    assert w.message == "" and g.history[-1].id == first
    if left > 1:
        assert w.view["phase"] == "attack"
        assert len(w.view["attack"]["drawn"]) == drawn + 1
        w.receive({"type": "step"})
        assert w.message == "" and g.history[-1].id.startswith("cube ")
    while w.view["phase"] == "attack":
        w.receive({"type": "step"})
    # after the attack: hand drawn and the bot's turn (if it was next) played on its own
    assert not g.is_chance or g.is_over
    assert g.is_over or w.human_to_move()


def test_attacks_in_a_bots_turn_resolve_by_themselves():
    """Issue 11: with auto draw on, nobody clicks "Draw a cube" for a bot."""
    w = ClankBoard(players=2, seed=0, bots=[1], bot_delay=0)
    attacks_before = 0
    for _ in range(15):
        play_human_turn(w)
        if w.game.is_over:
            break
        assert w.view["phase"] != "attack" or w.turn_owner() == 0
    bot_attacks = [i for i, s in enumerate(w.game.history) if s.id.startswith("cube ")
                   and s.sampled]
    assert len(bot_attacks) > attacks_before


def test_without_pause_attacks_or_with_only_bots_attacks_run_on():
    """``pause_attacks=False`` (or every seat a bot) resolves attacks like any draw."""
    w = ClankBoard(players=2, seed=0, bots=[1], bot_delay=0, pause_attacks=False)
    for _ in range(12):
        play_human_turn(w)
        assert w.view["phase"] != "attack"
    assert any("dragon attacks" in line for line in w.game.log), "no attack happened"


# ---------------------------------------------------------------- refused requests
def test_bad_and_stale_ids_leave_the_game_unchanged_with_a_message(positions):
    """Unknown, malformed and stale ids, a forced outcome with no chance pending, and a
    player action during an attack are refused: a message, the game untouched."""
    w = board(positions["move-block"])
    g = w.game
    before = g.fingerprint()
    stale = next(a["id"] for a in w.legal if a["id"].startswith("play "))
    for content in ({"type": "act", "id": "move r99"}, {"type": "act", "id": "fly away"},
                    {"type": "act", "id": 42}, {"type": "act"},
                    {"type": "force", "id": "cube black"},
                    {"type": "act", "id": "market crown block 2"}, {"type": "teleport"},
                    "not a dict", {"type": "new", "players": 9}):
        w.message = ""
        w.receive({"ply": len(g.history), **content} if isinstance(content, dict)
                  and content.get("type") == "act" else content)
        assert w.message, content
        assert g.fingerprint() == before, content
    # stale: legal a moment ago, not any more (every copy of that card has been played)
    while stale in g.legal_action_ids():
        w.play(stale)
    after = g.fingerprint()
    w.play(stale)
    assert w.message and g.fingerprint() == after
    # a player action while the dragon's cubes are being drawn
    a = board(positions["attack"])
    fp = a.game.fingerprint()
    a.play("end")
    assert "chance event is pending" in a.message and a.game.fingerprint() == fp
    a.receive({"type": "force", "id": "cube purple"})
    assert "not an outcome" in a.message and a.game.fingerprint() == fp


def test_undo_after_a_click_restores_the_position(positions):
    """A click and an undo give back the exact position (fingerprint) and click targets."""
    w = board(positions["move-block"])
    fp, legal = w.game.fingerprint(), w.legal
    move = next(a["id"] for a in w.legal if a["target"]["kind"] == "room")
    w.play(move)
    assert w.message == "" and w.game.fingerprint() != fp
    w.receive({"type": "undo"})
    assert w.game.fingerprint() == fp and w.legal == legal


# ---------------------------------------------------------------- bots, static fallback
@pytest.mark.parametrize("players", [2, 4])
def test_a_full_bot_game_finishes(players):
    """Every seat a bot, no delay: the constructor plays the whole game (CL-10.9)."""
    w = ClankBoard(players=players, seed=3, bots=list(range(players)), bot_delay=0)
    g = w.game
    assert g.is_over and w.status["over"] and not w.busy
    assert w.legal == [] and w.chance == [] and w.message == ""
    assert w.view["phase"] == "over"
    assert all(p["status"] != "in" for p in w.view["players"])
    assert w.status["winners"] == g.winners() and w.event_log[-1] == g.log[-1]


def test_a_new_game_message_deals_a_fresh_table():
    w = ClankBoard(players=2, seed=0, bot_delay=0, seat=None)
    w.receive({"type": "new", "players": 3, "seed": 11, "bots": [2]})
    assert w.message == "" and w.game.players == 3 and w.game.seed == 11
    assert w.view["phase"] == "turn" and w.bots == [2] and len(w.view["row"]) == 6
    assert all(p["hand_count"] == 5 for p in w.view["players"])


def test_the_mimebundle_carries_a_static_html_table():
    """A saved notebook shows the board without a kernel: map, row and players as HTML
    (the common part, the widget view and the spectator's note: test_boards_common)."""
    w = ClankBoard(players=2, seed=1, bot_delay=0, seat=None)
    html = w._repr_mimebundle_()[0]["text/html"]
    assert "Anna" in html and "Sandra" in html
    assert html.endswith(w.game.render_html(None))
    assert repr(w) == "ClankBoard(game='clank', players=2, seed=1, ply=18, Anna to play)"
    mine = ClankBoard(players=2, seed=1, bots=[1], bot_delay=5)     # issue 10 §3
    assert mine.seat == 0
    assert mine._repr_mimebundle_()[0]["text/html"] == mine.game.render_html(0)
    mine.close()


# ---------------------------------------------------------------- the ES module in node
RENDERED = ["start", "play", "buy-row", "use-row", "fight-row", "market-key", "move-block",
            "teleport", "take-artifact", "take-idol", "token", "discard", "trash", "end",
            "multi-room", "attack", "refill", "over"]


@pytest.fixture(scope="module")
def rendered(positions, tmp_path_factory):
    ws = {n: board(positions[n]) for n in RENDERED if n != "start"}
    ws["start"] = ClankBoard(players=2, seed=1, bot_delay=0, seat=None)
    results = render_in_node([(widget_state(ws[n]), {}) for n in RENDERED],
                             tmp_path_factory.mktemp("clank"), module="clank")
    return {n: (ws[n], r) for n, r in zip(RENDERED, results)}


def room_choices(w) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for a in w.legal:
        if a["target"]["kind"] == "room":
            out.setdefault(a["target"]["room"], []).append(a["id"])
    return out


@needs_node
@pytest.mark.parametrize("name", RENDERED)
def test_drawn_actions_are_legal_unique_and_complete(rendered, name):
    """Every ``data-action`` is a legal id, drawn once and marked ``cl-legal``; every legal
    action is drawn, except the ways into a room with several (they are in its picker)."""
    w, r = rendered[name]
    multi = {rid: ids for rid, ids in room_choices(w).items() if len(ids) > 1}
    hidden = {i for ids in multi.values() for i in ids}
    check_drawn(r, {a["id"] for a in w.legal}, name, hidden=hidden)
    markup = r["markup"]
    for rid in multi:
        assert f'data-ui="room" data-room="{rid}"' in markup
    if w.game.is_chance:
        assert sorted(r["chances"]) == sorted(c["id"] for c in w.chance)
    else:
        assert r["chances"] == []


@needs_node
def test_a_room_with_several_ways_in_opens_a_picker(rendered, tmp_path):
    """Clicking such a room (ui.room) shows each way in as its own legal button; an
    unknown room in the local state falls back to no picker."""
    w, _ = rendered["multi-room"]
    multi = {rid: ids for rid, ids in room_choices(w).items() if len(ids) > 1}
    rid, ids = next(iter(multi.items()))
    opened, bogus = render_in_node([(widget_state(w), {"room": rid}),
                                    (widget_state(w), {"room": "r999"})], tmp_path,
                                   module="clank")
    assert set(ids) <= set(opened["actions"])
    assert 'class="cl-picker' in opened["markup"]
    assert len(opened["actions"]) == len(set(opened["actions"]))
    assert opened["ui"]["room"] == rid
    assert bogus["ui"]["room"] is None and 'class="cl-picker' not in bogus["markup"]


@needs_node
def test_the_map_shows_every_room_tunnel_token_and_figure(rendered):
    """Rooms (with names on hover), tunnels with their symbols (CL-5.2, CL-5.3, CL-5.6,
    CL-5.7, CL-5.8: wrap tunnels as two stubs to the edges), the depths line (CL-6.9),
    artifacts, secrets and idols on the map, one figure per player."""
    w, r = rendered["start"]
    m = r["markup"]
    v = w.view
    assert m.count('class="cl-room ') == len(v["map"]["rooms"])
    for room in v["map"]["rooms"]:
        assert f'data-room="{room["id"]}"' in m and room["name"].replace("'", "&#39;") in m
    assert m.count('<g class="cl-tunnel') == len(v["map"]["tunnels"])
    wraps = [t for t in v["map"]["tunnels"] if t["wrap"]]
    assert wraps and m.count('class="cl-wrap-label"') == 2 * len(wraps)
    assert m.count('class="cl-oneway"') >= sum(t["one_way"] for t in v["map"]["tunnels"])
    assert "cl-depths-line" in m and "THE DEPTHS" in m
    for room in v["map"]["rooms"]:
        if room["artifact"]:
            assert f"artifact worth {room['artifact']}" in m
    assert m.count('<g class="cl-figure') == len(v["players"])
    assert "cl-token-idol" in m and "cl-token-minor" in m and "cl-token-major" in m


@needs_node
def test_the_panels_show_resources_row_reserve_market_and_exact_odds(rendered):
    """The dungeon row's six slots, the reserve with pile sizes (CL-12.10), the market's
    price (CL-4.1), every player's health track out of 10 (CL-14.7), the rage track
    (CL-14.8) and each damage probability as an exact fraction."""
    w, r = rendered["move-block"]
    m = r["markup"]
    v = w.view
    assert m.count('class="cl-card cl-type-') >= 6 + 4
    for k in ("mercenary", "explore", "secret_tome"):
        assert f"{v['reserve'][k]} left" in m
    assert f"{v['market']['price']} per ware" in m
    assert m.count('class="cl-hp') == v["health"] * len(v["players"])
    assert m.count("cl-rage-cell") == len(v["rage"]["track"])
    for row in w.advice["rows"]:
        for d in row["damage"]:
            text = str(d["p_num"]) if d["p_den"] == 1 else f'{d["p_num"]}/{d["p_den"]}'
            assert text in m, (row["name"], d)
    for key, label in (("skill", "skill"), ("swords", "sword"), ("boots", "boot")):
        assert f'cl-ico-{label}' in m


@needs_node
def test_an_attack_shows_the_what_if_cubes_and_the_final_score_table(rendered):
    w, r = rendered["attack"]
    assert "The dragon attacks" in r["markup"] and 'data-cmd="step"' in r["markup"]
    for c in w.chance:
        assert f'data-chance="{c["id"]}"' in r["markup"]
    w, r = rendered["over"]
    assert "Final score" in r["markup"] and "Game over" in r["markup"]
    for s in w.game.scores():
        assert f"{s} pts" in r["markup"]


def _label_box_px() -> tuple[float, float]:
    """The width and font size the stylesheet gives a label drawn inside a track line."""
    import re
    from pathlib import Path
    css = (Path(__file__).resolve().parents[2] / "widgets/boards/clank.css").read_text()
    width = re.search(r"\.cl-track-line \.cl-sub \{[^}]*width: (\d+)px", css)
    size = re.search(r"\.cl-sub \{[^}]*font-size: (\d+)px", css)
    return float(width.group(1)), float(size.group(1))


@needs_node
def test_track_names_do_not_run_over_the_rage_and_countdown_tracks(rendered):
    """Issue 25 §2: 'Rage (Zornesleiste)' and 'Countdown (Schicksalsweg)' must not collide
    with their tracks. A name inside a track line has a fixed-width box; its text, at
    0.6 em a character (bold 11px), must fit there, else it overlaps the first spaces."""
    import html
    import re
    box, size = _label_box_px()
    for name in ("start", "play", "over"):
        m = rendered[name][1]["markup"]
        for de in ("Zornesleiste", "Schicksalsweg"):
            assert f"({de})" in m, (name, de)
        lines = re.findall(r'<div class="cl-track-line">(.*?)</div>', m)
        assert len(lines) == 2, (name, lines)
        for inner in lines:
            for label in re.findall(r'<span class="cl-sub">(.*?)</span>(?=<span class="cl-(?:rage|cd)")', inner):
                text = html.unescape(re.sub(r"<[^>]+>", "", label))
                assert len(text) * size * 0.6 <= box, (name, text, box)
