"""``AdventureLandBoard`` without a browser: click targets for every legal action, clicks
through ``receive`` with their ply, refusals, the fight odds, the deck and water-sprite
advice checked against the engine, privacy as a difference, and the ES module rendered in
node (``render_check.mjs``) for the final and middle positions of a few hundred seeded
bot games.

Positions are reached by *playing* seeded games (heuristic bots with some random moves),
never by editing state, so undo, replay and fingerprints stay exact inside the widget.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.adventureland import odds_now, win_chance
from widgets import AdventureLandBoard

from tests.adventureland.helpers import herb_twins

from .widget_helpers import (bot_play, check_drawn, first_saves, frac, load_board, needs_node,
                             play_twins, render_in_node, widget_state)


# ---------------------------------------------------------------- reaching positions
def kind_of(aid: str) -> str:
    """``"move E1 E4"`` -> ``"move"``; ``"swords 3 1"`` -> ``"swords"``; ``"gold +1"`` ->
    ``"gold-plus"``; ``"gold reroll 2"`` -> ``"gold-reroll"``; chance ids by their verb."""
    verb, _, rest = aid.partition(" ")
    if verb == "swords":
        return "swords-none" if rest == "none" else "swords"
    if verb == "gold":
        return "gold-plus" if rest == "+1" else "gold-reroll"
    return verb


ACTION_KINDS = ["enter", "move", "end", "swords", "swords-none", "herb", "gold-plus",
                "gold-reroll", "give"]
CHANCE_KINDS = ["card", "creature", "?herb", "?sword", "roll", "reroll"]


def play(seed: int, players: int, adventure: str, wildness: float = 0.25):
    """Yield (game, ids, chance?) at every step of a seeded bot game, then the end."""
    for g in bot_play("adventureland", seed, players, wild=wildness,
                      options={"adventure": adventure}):
        if g.is_chance:
            yield g, [a.id for a, _ in g.chance_outcomes(seat=0)], True
        else:
            yield g, g.legal_action_ids(), False      # the last: the end, no ids


def collect_positions() -> dict[str, str]:
    """The first save where each action kind is legal, each chance kind pending (herb
    and sword draws as seat 0 sees another seat's: ``?herb``), a Magnificent merge, a
    Magnificent game in progress and a finished game."""
    want = set(ACTION_KINDS) | set(CHANCE_KINDS) | {"over", "merge", "magnificent", "river"}

    def kinds(pos):
        g, ids, chance = pos
        s = g.state
        magnificent = s.adventure == "magnificent"
        for aid in ids:
            k = kind_of(aid) if not chance else aid.split()[0]
            if k in want and (not chance or k not in ("?herb", "?sword")
                              or s.pending[0][1] != 0):
                yield k
            if (not chance and aid.startswith("move ") and magnificent
                    and aid.split()[2] in s.parties):
                yield "merge"
        if magnificent and s.round >= 8 and not chance and ids:
            yield "magnificent"
        if (g.is_chance and s.fight is None and not s.pending and s.sprite
                and any(sq in s.content.river for sq in s.parties)):
            yield "river"
        if g.is_over:
            yield "over"

    games = (play(seed, 2 + seed % 3, ("fellowship", "magnificent", "escape")[seed % 3])
             for seed in range(60))
    return first_saves(games, kinds, want)


@pytest.fixture(scope="module")
def positions() -> dict[str, str]:
    return collect_positions()


def board(save: str, **kw) -> AdventureLandBoard:
    """A widget on an independent copy of the saved game (no bots, no automatic chance,
    a spectator unless ``seat`` is given), so the position stays where it was saved."""
    kw.setdefault("auto_chance", False)
    kw.setdefault("seat", None)
    return load_board(AdventureLandBoard, save, **kw)


# ---------------------------------------------------------------- click targets
def check_target(w: AdventureLandBoard, a: dict) -> None:
    """One legal entry's target points at something the view really shows."""
    s, v = w.game.state, w.view
    squares = {c["square"]: c for c in v["board"]}
    verb, _, rest = a["id"].partition(" ")
    t = a["target"]
    if verb == "enter":
        line, dst = rest.split()
        assert t == {"kind": "square", "square": dst, "from": f"start {line}", "verb": "enter"}
        assert dst in squares and line in v["players"][s.seat]["start_lines"]
    elif verb == "move":
        src, dst = rest.split()
        assert t == {"kind": "square", "square": dst, "from": src, "verb": "move"}
        assert squares[src]["party"]["seat"] == s.seat and dst in squares
    elif verb == "swords":
        vals = [] if rest == "none" else [int(x) for x in rest.split()]
        assert t == {"kind": "swords", "values": vals}
        mine = list(v["players"][v["fight"]["seat"]]["swords"])
        for x in vals:
            mine.remove(x)                      # each sword used is one the fighter holds
    elif verb == "herb":
        assert t == {"kind": "herb", "value": int(rest)}
        assert int(rest) in v["players"][v["fight"]["seat"]]["herbs"]
    elif verb == "gold" and rest == "+1":
        assert t == {"kind": "gold", "mode": "+1"} and v["players"][v["fight"]["seat"]]["gold"]
    elif verb == "gold":
        face = int(rest.split()[1])
        assert t == {"kind": "die", "face": face} and face in v["fight"]["dice"]
    else:
        assert t == {"kind": "button", "group": verb} and a["id"] in ("end", "give up")


@pytest.mark.parametrize("kind", ACTION_KINDS + ["merge"])
def test_every_action_kind_has_a_click_target(positions, kind):
    """The targets of all legal actions, in a position where ``kind`` is legal, are the
    engine's ids and labels in order, and each points at what the board shows: a square
    of the map reached from one of the mover's parties or the start area (AL-2.1, AL-2.2,
    AL-1.4; AL-8.2 a Magnificent group), the fighter's swords (AL-5.3), herbs (AL-5.4),
    gold (AL-5.5) and dice (AL-5.6), give up (AL-5.10) and end (AL-6.1)."""
    w = board(positions[kind])
    g = w.game
    assert [a["id"] for a in w.legal] == g.legal_action_ids()
    assert [a["label"] for a in w.legal] == [a.label for a in g.legal_actions()]
    assert any(kind_of(a["id"]) == kind or kind == "merge" for a in w.legal)
    for a in w.legal:
        check_target(w, a)


@pytest.mark.parametrize("seed", range(12))
def test_targets_in_many_seeded_positions(seed):
    """Every 7th decision of a seeded game: targets for every legal action, in order."""
    for i, (g, ids, chance) in enumerate(play(seed, 2 + seed % 3,
                                              ("fellowship", "magnificent", "escape")[seed % 3])):
        if chance or g.is_over or i % 7:
            continue
        w = AdventureLandBoard(g.fork(), bot_delay=0, auto_chance=False, seat=None)
        assert [a["id"] for a in w.legal] == ids
        for a in w.legal:
            check_target(w, a)


def test_legal_is_empty_while_chance_or_for_another_seat(positions):
    """Only the human to move gets click targets; the what-if list has the exact outcomes
    of a terrain card (AL-3.1: every card left equally likely)."""
    w = board(positions["card"])
    assert w.game.is_chance and w.legal == []
    assert sum(frac(c) for c in w.chance) == 1
    assert {c["id"] for c in w.chance} == {a.id for a, _ in w.game.chance_outcomes()}
    assert all(frac(c) == Fraction(1, w.view["deck"]) for c in w.chance)
    g = dk.load(positions["move"])
    other = board(positions["move"], seat=(g.current_player + 1) % g.players)
    assert other.legal == [] and other.status["waiting_for_human"]


# ---------------------------------------------------------------- clicks and refusals
def test_AL_2_1_two_clicks_move_an_adventurer_and_undo_restores(positions):
    """A move sent with its ply moves the party (AL-2.2); the same message again is stale
    and refused; undo gives back the exact position and targets."""
    w = board(positions["move"])
    g = w.game
    fp, legal = g.fingerprint(), w.legal
    move = next(a for a in w.legal if a["id"].startswith("move "))
    ply = w.status["ply"]
    w.receive({"type": "act", "id": move["id"], "ply": ply})
    assert w.message == "" and g.history[ply].id == move["id"]
    assert move["target"]["square"] in g.state.parties
    w.receive({"type": "act", "id": move["id"], "ply": ply})
    assert w.message == "the board changed — click again"
    w.receive({"type": "undo"})
    assert g.fingerprint() == fp and w.legal == legal


def test_bad_and_stale_ids_leave_the_game_unchanged_with_a_message(positions):
    """Unknown squares, moves north or west, a forced outcome with no chance pending and a
    fight action outside a fight are refused with the engine's reason; nothing changes."""
    w = board(positions["move"])
    g = w.game
    before = g.fingerprint()
    src = next(a["target"]["from"] for a in w.legal if a["id"].startswith("move "))
    col, row = src[0], int(src[1:])
    cases = [({"type": "act", "id": "move Z1 A2"}, "you have no adventurer"),
             ({"type": "act", "id": "enter Q9"}, "is not a square"),
             ({"type": "act", "id": "herb 4"}, ""), ({"type": "act", "id": 7}, "string"),
             ({"type": "force", "id": "card A1"}, "no chance event"),
             ({"type": "act", "id": "end", "ply": len(g.history) + 3}, "click again")]
    if row > 1:
        cases.append(({"type": "act", "id": f"move {src} {col}{row - 1}"}, "south"))
    for content, text in cases:
        w.message = ""
        w.receive({"ply": len(g.history), **content})
        assert w.message and text in w.message, (content, w.message)
        assert g.fingerprint() == before, content
    f = board(positions["herb"])
    fp = f.game.fingerprint()
    f.play("herb 9")
    assert "no herb worth 9" in f.message and f.game.fingerprint() == fp


def test_a_human_fight_waits_at_the_dice_even_with_automatic_draws(positions):
    """``pause_fights``: the dice of a human's fight wait for a step or a forced roll
    beside the exact odds; a bot's fight (or ``pause_fights=False``) rolls on."""
    save = positions["roll"]
    w = board(save, auto_chance=True)
    assert w.game.is_chance and not w.status["auto"] and w.legal == []
    free = board(save, auto_chance=True, pause_fights=False)
    assert free.game.state.fight is None or not free.game.is_chance


# ---------------------------------------------------------------- the fight panel
@pytest.mark.parametrize("name", ["swords", "swords-none", "herb", "gold-plus", "gold-reroll",
                                  "roll", "reroll"])
def test_AL_5_11_fight_odds_are_exact_and_consistent(positions, name):
    """The panel's chance from here is ``odds_now`` (AL-5.3 – AL-5.6 played best); at a
    decision it is the best of the choices offered (each the exact chance after it; giving
    up is 0), and before a roll it is the average of the chance after each roll, weighted
    by the roll's exact probability."""
    w = board(positions[name])
    g = w.game
    f = w.advice["fight"]
    now = frac(f["now"])
    assert now == odds_now(g.state)
    if f["choices"]:
        assert set(f["choices"]) == set(g.legal_action_ids())
        assert max(frac(c) for c in f["choices"].values()) == now
        if "give up" in f["choices"]:
            assert frac(f["choices"]["give up"]) == 0
        if f["stage"] == "swords":
            assert frac(f["choices"][f["best"]]) == now
        if "plus_only" in f:
            assert frac(f["plus_only"]) <= now
    else:
        outcomes = g.chance_outcomes()
        assert set(f["rolls"]) == {a.id for a, _ in outcomes}
        assert sum(p * frac(f["rolls"][a.id]) for a, p in outcomes) == now


def test_AL_5_6_a_reroll_choice_is_the_average_over_the_new_face(positions):
    """Giving back gold to roll a die again: the chance after it is the mean over the six
    faces of the chance with that face in place of the old one (AL-5.6)."""
    w = board(positions["gold-reroll"])
    s = w.game.state
    f, p = s.fight, s.players[s.fight.seat]
    herbs = tuple(v for v, k in p.herbs.items() for _ in range(k))
    fixed = f.total - sum(f.dice)
    for aid, d in w.advice["fight"]["choices"].items():
        if aid.startswith("gold reroll"):
            old = int(aid.split()[2])
            rest = list(f.dice)
            rest.remove(old)
            want = sum(win_chance(f.strength, fixed, tuple(rest + [x]), herbs, p.gold - 1)
                       for x in range(1, 7)) / 6
            assert frac(d) == want


def test_AL_9_1_another_seats_fight_odds_are_not_shown(positions):
    """The odds depend on the fighter's face-down herbs and swords: another seat sees the
    fight (strength, dice, total) but no odds."""
    save = positions["herb"]
    fighter = dk.load(save).state.fight.seat
    w = board(save, seat=1 - fighter if fighter < 2 else 0)
    assert w.advice["fight"] == {"hidden": True}
    assert w.view["fight"]["strength"] == w.game.state.fight.strength


# ---------------------------------------------------------------- deck and water sprite
def test_AL_3_1_deck_chances_match_counting_pairs_of_cards(positions):
    """The deck panel: cards left by terrain (the public face-up discard tells them), the
    chance the next card is of a terrain, and that one of the next two is — checked by
    counting every pair of cards left."""
    w = board(positions["move"])
    s = w.game.state
    deck = w.advice["deck"]
    assert deck["cards"] == len(s.deck) and deck["drawn"] == s.discard
    assert sum(r["n"] for r in deck["rows"]) == len(s.deck)
    assert sum(frac(r["next"]) for r in deck["rows"]) == 1
    pairs = list(combinations(s.deck, 2))
    for r in deck["rows"]:
        hit = sum(1 for a, b in pairs if r["terrain"] in (s.content.terrain[a],
                                                         s.content.terrain[b]))
        assert frac(r["two"]) == Fraction(hit, len(pairs)), r["terrain"]


def test_AL_4_2_sprite_danger_is_the_share_of_cards_that_sweep_a_party(positions):
    """For each party on the river, the danger is exactly the share of terrain cards
    after which that party has left the game — found by forcing every card (AL-4.1,
    AL-4.2)."""
    w = board(positions["river"])
    g = w.game
    s = g.state
    danger = {d["square"]: d for d in w.advice["danger"]}
    on_river = [sq for sq in s.parties if sq in s.content.river]
    assert on_river and set(danger) == set(on_river)
    outcomes = g.chance_outcomes()
    assert all(a.id.startswith("card ") for a, _ in outcomes)
    for sq in on_river:
        gone = 0
        for a, _ in outcomes:
            h = g.fork()
            h.apply(a)
            before = s.players[s.parties[sq].seat].lost_adventurers
            gone += h.state.players[s.parties[sq].seat].lost_adventurers > before
        assert frac(danger[sq]) == Fraction(gone, len(outcomes)), sq


# ---------------------------------------------------------------- privacy
@pytest.mark.parametrize("seed", [0, 4])
def test_AL_9_1_twin_games_differing_in_a_hidden_herb_look_the_same(seed):
    """Martin's board (traits and static HTML) is byte-identical in both games, step
    after step — including the Magnificent score, where herbs count their value
    (AL-8.3) — while a spectator's boards tell them apart. (80 plies: both games are
    still running; at the end the tiles are turned up and scored.)"""
    a, b = herb_twins(seed)

    def make(g, seat):
        return AdventureLandBoard(g, seat=seat, bot_delay=0, auto_chance=False)

    played, differ = play_twins(a, b, make, watcher=0, secret_seat=1, plies=80, seed=seed)
    assert played >= 60 and differ > 0


def test_magnificent_scores_hide_other_seats_tiles_until_the_end(positions):
    """Mid-game, Martin sees Anna's herb and sword lines as unknown ("N + ?" in the
    total, in the view, status and score table alike); a spectator sees the numbers."""
    w = board(positions["magnificent"], seat=0)
    g = w.game
    rows = {r["label"]: r for r in w.score["rows"]}
    for seat in range(1, g.players):
        p = g.state.players[seat]
        if sum(p.herbs.values()):
            assert rows["herbs"]["cells"][seat] is None
            assert str(w.score["total"][seat]).endswith("+ ?")
            known = w.view["players"][seat]
            assert (f"{known['score']} + ?", known["score_complete"]) == (w.score["total"][seat], False)
            assert w.status["scores"][seat] == w.score["total"][seat]
    assert w.score["total"][0] == g.scores()[0]
    spec = board(positions["magnificent"])
    assert spec.score["total"] == g.scores()


# ---------------------------------------------------------------- bots, static, package
def test_a_full_bot_game_finishes_and_scores():
    """Every seat a bot, no delay: the constructor plays the whole game (AL-7.1 – AL-7.3)."""
    w = AdventureLandBoard(players=3, seed=5, adventure="escape", bots=[0, 1, 2], bot_delay=0)
    g = w.game
    assert g.is_over and w.status["over"] and w.legal == [] and w.chance == []
    assert w.score["total"] == g.scores() == w.status["scores"]
    assert w.status["winners"] == g.winners() and w.event_log[-1] == g.log[-1]


def test_a_new_game_keeps_the_adventure_and_reveals_the_start_cards():
    """AL-1.1, AL-1.5: a new game plays the same adventure, its 8 start cards revealed."""
    w = AdventureLandBoard(players=2, seed=0, adventure="magnificent", bot_delay=0)
    w.receive({"type": "new", "players": 4, "seed": 9, "bots": [1, 2, 3]})
    assert w.message == "" and w.game.players == 4 and w.view["adventure"] == "magnificent"
    assert w.view["phase"] == "move" and w.seat == 0 and len(w.game.state.discard) >= 10


def test_the_mimebundle_carries_a_static_html_map():
    """The spectator's copy (the common part: test_boards_common) draws the map as an
    SVG picture and names the players."""
    html = AdventureLandBoard(players=2, seed=1, bot_delay=0)._repr_mimebundle_()[0]["text/html"]
    assert "Martin" in html and "data:image/svg+xml" in html


# ---------------------------------------------------------------- the ES module in node
def selections(w) -> list[dict]:
    """One local UI state per move source (the first click), or just the default."""
    srcs = sorted({a["target"]["from"] for a in w.legal if a["target"]["kind"] == "square"})
    return [{"sel": s} for s in srcs] or [{}]


RENDERED = ACTION_KINDS + ["merge", "over", "magnificent"] + CHANCE_KINDS


@needs_node
def test_every_legal_action_is_drawn_once_where_it_belongs(positions, tmp_path):
    """Across the first clicks (each source selected in turn), every legal action is drawn,
    as ``al-legal``, once per drawing, and nothing else carries an action; squares are
    offered only for the selected source; chance outcomes are in the what-if list."""
    cases, meta = [], []
    for name in RENDERED:
        for seat in (None, 0):
            w = board(positions[name], seat=seat)
            for ui in selections(w):
                cases.append((widget_state(w), ui))
                meta.append((name, w, ui))
    results = render_in_node(cases, tmp_path, module="adventureland")
    drawn: dict[tuple, set] = {}
    for (name, w, ui), r in zip(meta, results):
        legal = {a["id"]: a["target"] for a in w.legal}
        check_drawn(r, legal, name, complete=False)     # complete across the selections
        acts = r["actions"]
        for aid in acts:
            t = legal[aid]
            if t["kind"] == "square":
                assert t["from"] == r["ui"]["sel"], (name, aid)
        drawn.setdefault((name, w.seat), set()).update(acts)
        assert sorted(r["chances"]) == sorted(c["id"] for c in w.chance), name
    for (name, w, ui) in meta:
        assert drawn[(name, w.seat)] == {a["id"] for a in w.legal}, name


@needs_node
def test_the_map_shows_terrain_items_parties_sprite_and_river(positions, tmp_path):
    """Every square with its terrain, each item as its own SVG symbol (face-down herbs
    and swords as backs, AL-9.1), each party as a pawn, the water sprite, and the river
    as ONE path through the river squares in the content's order (AL-0.3, AL-4.3)."""
    w = board(positions["magnificent"], seat=0)
    r = render_in_node([(widget_state(w), {})], tmp_path, module="adventureland")[0]
    m, v = r["markup"], w.view
    assert m.count('<g class="al-sq ') == len(v["board"]) == 110
    items = [c.get("item") for c in v["board"]]
    for kind in ("gold", "herb", "sword", "companion", "creature"):
        assert m.count(f'<g class="al-{kind}">') >= items.count(kind), kind
    assert m.count('class="al-party') == sum(1 for c in v["board"] if "party" in c)
    assert m.count('<polyline ') == 1
    pts = m.split('<polyline points="')[1].split('"')[0].split()
    assert len(pts) == len(v["river"]) == 18
    assert ('class="al-sprite"' in m) == bool(v["sprite"])
    assert "Escape" not in m or v["adventure"] == "escape"
    # Martin's own tiles show their values; Anna's only their backs
    mine = v["players"][0]
    assert m.count('class="al-val"') >= len(mine["herbs"]) + len(mine["swords"])


@needs_node
def test_final_and_middle_positions_of_many_bot_games_render(tmp_path):
    """200 seeded bot games (all three adventures, 2–4 players): the final position and
    two middle ones render through the shipped module without a bad value, drawing only
    legal actions, once each."""
    cases, legal = [], []
    for seed in range(200):
        players = 2 + seed % 3
        adventure = ("fellowship", "magnificent", "escape")[seed % 3]
        steps = list(range(40, 400, 130))
        i = 0
        for g, ids, chance in play(seed, players, adventure, wildness=0.15):
            if i in steps or g.is_over:
                w = AdventureLandBoard(g.fork(), bot_delay=0, auto_chance=False,
                                       seat=None if seed % 2 else 0)
                ui = selections(w)[0]
                cases.append((widget_state(w), ui))
                legal.append({a["id"] for a in w.legal})
            i += 1
    results = render_in_node(cases, tmp_path, module="adventureland", brief=True)
    assert len(results) >= 400
    for r, ids in zip(results, legal):
        check_drawn(r, ids, complete=False)             # the first selection only
    json.dumps(results[-1])


@pytest.mark.parametrize("adventure", ["fellowship", "magnificent"])
def test_at_game_over_the_engine_and_the_board_show_every_tile(adventure):
    """Issue 23 §5: the board's static copy showed every herb and sword at game over while
    the engine's ``view`` still hid them. One rule now: at game over nothing is hidden, so
    a seat's view and static HTML are the spectator's (the tiles are turned up to score)."""
    w = AdventureLandBoard(players=2, seed=2, adventure=adventure, bots=[0, 1], seat=0,
                           bot_delay=0)
    g = w.game
    assert g.is_over
    other, spectator = g.view(0)["players"][1], g.view(None)["players"][1]
    assert other["herbs"] == spectator["herbs"] and other["swords"] == spectator["swords"]
    assert other["score_complete"] is True
    assert g.render_html(0) == g.render_html(None)
    assert w.view["players"][1]["herbs"] == spectator["herbs"]
