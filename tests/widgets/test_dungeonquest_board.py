"""``DungeonQuestBoard`` without a browser: click targets for every legal action in many
seeded positions, clicks through ``receive`` with their ply, refusals, the odds panel
against the engine's exact functions, privacy as a difference (the face-down rune, the
hero's secret combat card), and the ES module rendered in node (``render_check.mjs``)
for middle and final positions of a few hundred seeded bot games.

Positions are reached by *playing* seeded games (heuristic bots with some random moves),
never by editing state, so undo, replay and fingerprints stay exact inside the widget.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.dungeonquest import combat_equilibrium, sun_survival, test_odds
from deepwood_kernel.sim import make_bot
from widgets import DungeonQuestBoard

from .widget_helpers import (check_drawn, common_ids, final_score_cells, load_board,
                             needs_node, render_in_node, twins_seen, widget_state)

KEY = "dungeonquest"

# the click target kind of every action verb (DQ rule the action plays)
TARGET_KIND = {
    "move": "square", "tower": "square", "flee": "square",      # DQ-3, DQ-1.10, DQ-9.8
    "face": "dir", "orient": "dir", "turn": "dir",              # DQ-10.2, DQ-10.7, DQ-10.4
    "play": "combat", "monster": "combat",                      # DQ-9.3
    "spend": "test", "accept": "test",                          # DQ-6.3
    "hero": "hero", "drop": "loot",                             # DQ-1.7, DQ-11.3
}
BUTTONS = ("search", "catacombs", "dragon", "cross", "wait", "stop", "escape", "open",
           "leave", "stay", "fight", "ability")
KINDS = ["ability", "accept", "catacombs", "cross", "dragon", "drop", "escape", "face",
         "fight", "flee", "hero", "leave", "monster", "move", "open", "orient", "play",
         "search", "spend", "stay", "tower-onward", "tower-place", "turn", "wait"]


def kind_of(g, aid: str) -> str:
    verb = aid.partition(" ")[0]
    return f"tower-{g.state.decide[0] if g.state.decide[0] == 'place' else 'onward'}" \
        if verb == "tower" else verb


def play_game(seed: int, players: int = 3, wild: float = 0.3, on_decision=None,
              options=None) -> dk.Game:
    """A seeded game: heuristic bots, with a share ``wild`` of uniformly random moves."""
    g = dk.new_game(KEY, players=players, seed=seed, options=options)
    bots = [make_bot(KEY, "heuristic", seed=seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    while not g.is_over:
        if g.is_chance:
            g.step()
            continue
        if on_decision is not None:
            on_decision(g)
        ids = g.legal_action_ids()
        g.apply(rng.choice(ids) if rng.random() < wild else bots[g.current_player].choose(g))
    return g


@pytest.fixture(scope="module")
def positions() -> dict[str, str]:
    """The first position (a save) where each action kind is legal, plus the game ends."""
    found: dict[str, str] = {}

    def look(g):
        for aid in g.legal_action_ids():
            found.setdefault(kind_of(g, aid), g.to_json())
        if g.state.combat and g.state.decide[0] == "mplay":
            found.setdefault("mplay", g.to_json())

    for seed in range(60):
        g = play_game(seed, on_decision=look)
        found.setdefault(f"over-{seed % 3}", g.to_json())
        if set(KINDS) <= set(found) and seed >= 3:
            break
    return found


def board(save: str, seat="current", **kw) -> DungeonQuestBoard:
    return load_board(DungeonQuestBoard, save, seat=seat, **kw)


def make(g, seat):
    return DungeonQuestBoard(game=g, seat=seat, bot_delay=0)


# ---------------------------------------------------------------- targets
@pytest.mark.parametrize("kind", KINDS)
def test_every_action_kind_has_a_click_target(positions, kind):
    """Each kind of legal action is offered to the seat to move with its drawn target."""
    w = board(positions[kind])
    mine = [a for a in w.legal if kind_of(w.game, a["id"]) == kind]
    assert mine, f"no {kind} action in the legal list"
    for a in mine:
        verb = a["id"].partition(" ")[0]
        assert a["target"]["kind"] == TARGET_KIND.get(verb, "button"), a
    assert {a["id"] for a in w.legal} == set(w.game.legal_action_ids())


def test_targets_in_many_seeded_positions_point_where_they_are_drawn():
    """Every decision of 12 seeded games: square targets name the square the id moves to,
    arrows sit on the hero's square (or the travel marker's) and point the way the id
    says, combat cards are the table's cards; no square carries two actions."""
    n = 0

    def check(g):
        nonlocal n
        w = DungeonQuestBoard(game=g.fork(), seat=g.current_player, bot_delay=0)
        s = g.state
        assert {a["id"] for a in w.legal} == set(g.legal_action_ids())
        squares = [a["target"]["sq"] for a in w.legal if a["target"]["kind"] == "square"]
        assert len(squares) == len(set(squares)), squares
        for a in w.legal:
            verb, _, arg = a["id"].partition(" ")
            t = a["target"]
            if t["kind"] == "square":
                assert t["sq"] == arg and t["verb"] == verb
            elif t["kind"] == "dir":
                h = s.heroes[s.decide[1]]
                if verb == "turn":
                    sq, d = h.travel
                    want = "NESW"[(d + (1 if arg == "right" else -1)) % 4]
                    assert (t["sq"], t["dir"]) == (sq, want)
                else:
                    assert (t["sq"], t["dir"]) == (h.sq, arg)
            elif t["kind"] == "combat":
                assert t["card"] in s.content.combat_cards
            elif t["kind"] == "button":
                assert verb in BUTTONS
        w.close()
        n += 1

    for seed in range(12):
        play_game(100 + seed, players=2 + seed % 3, on_decision=check)
    assert n > 500


def test_legal_is_empty_while_chance_or_a_bot_moves(positions):
    w = board(positions["move"], seat=None)
    assert w.legal
    g = w.game
    while not g.is_chance:
        w.play(g.legal_action_ids()[0])
    assert w.legal == [] and w.chance
    bots = DungeonQuestBoard(players=2, seed=5, bots=[0, 1], bot_delay=5)
    assert bots.legal == []
    bots.close()


# ---------------------------------------------------------------- clicks and refusals
def test_a_click_with_its_ply_moves_the_hero(positions):
    """DQ-3.1: clicking a marked square moves (or explores); the ply stamps the click."""
    w = board(positions["move"])
    move = next(a for a in w.legal if a["target"]["kind"] == "square")
    ply = w.status["ply"]
    w.receive({"type": "act", "id": move["id"], "ply": ply})
    assert w.message == "" and w.status["ply"] == ply + 1
    assert w.game.history[ply].id == move["id"]


def test_bad_stale_and_foreign_clicks_leave_the_game_unchanged(positions):
    w = board(positions["move"])
    before = w.game.to_json()
    ply = w.status["ply"]
    w.receive({"type": "act", "id": "move z99", "ply": ply})
    assert "z99" in w.message and w.game.to_json() == before
    w.receive({"type": "act", "id": "search", "ply": ply - 1})
    assert w.message == "the board changed — click again" and w.game.to_json() == before
    w.receive({"type": "act", "id": "play melee", "ply": ply})
    assert w.message and w.game.to_json() == before
    other = board(positions["move"], seat=(w.seat + 1) % w.game.players)
    aid = w.legal[0]["id"]
    other.play(aid)
    assert "this board shows" in other.message and other.game.to_json() == before


def test_undo_after_a_click_restores_the_position(positions):
    w = board(positions["search"])
    before = w.game.to_json()
    w.receive({"type": "act", "id": "search", "ply": w.status["ply"]})
    assert w.game.to_json() != before
    w.receive({"type": "undo", "ply": w.status["ply"]})
    assert w.game.to_json() == before


def test_DQ_6_3_spending_determination_after_the_roll_passes_the_test(positions):
    """The test panel: roll, target, tokens needed; the spend button passes the test."""
    w = board(positions["spend"])
    t = w.advice["test"]
    s = w.game.state
    assert t["roll"] == s.test["roll"] and t["target"] == s.test["target"]
    assert t["need"] == s.test["roll"] + s.test["mod"] - s.test["target"] > 0
    spend = next(a for a in w.legal if a["id"].startswith("spend "))
    assert spend["target"] == {"kind": "test", "verb": "spend", "n": t["need"]}
    det = s.heroes[w.seat].determination
    w.receive({"type": "act", "id": spend["id"], "ply": w.status["ply"]})
    assert w.message == ""
    assert w.game.state.heroes[w.seat].determination == det - t["need"]
    assert any("passes" in line for line in w.event_log[-4:])


def test_DQ_9_3_the_hero_clicks_a_combat_card_and_the_monster_player_answers(positions):
    w = board(positions["play"], seat=None)
    hero = w.game.state.seat
    w.receive({"type": "act", "id": "play magic", "ply": w.status["ply"]})
    assert w.message == "" and w.view["combat"]["hero_card"] == "magic"
    ms = w.view["combat"]["monster_seat"]
    if ms is not None:
        assert [a["target"] for a in w.legal] == [
            {"kind": "combat", "card": k, "side": "monster"} for k in ("melee", "ranged", "magic")]
    assert w.game.state.combat is not None and w.game.state.seat == hero


def test_the_bridge_offers_each_loot_card_to_drop(positions):
    """DQ-11.3: loot may be dropped before the crossing test (click a loot card)."""
    w = board(positions["drop"])
    drops = [a for a in w.legal if a["target"]["kind"] == "loot"]
    assert {a["target"]["card"] for a in drops} == set(w.game.state.heroes[w.seat].loot)


# ---------------------------------------------------------------- the odds panel
def test_DQ_6_1_attribute_odds_are_the_engines_exact_fractions(positions):
    w = board(positions["move"])
    h = w.game.state.heroes[w.seat]
    for row in w.advice["attrs"]:
        plain = test_odds(row["value"])
        with_tokens = test_odds(row["value"], h.determination)
        assert Fraction(row["plain"]["p_num"], row["plain"]["p_den"]) == plain
        assert Fraction(row["with"]["p_num"], row["with"]["p_den"]) == with_tokens


def test_DQ_6_1_a_seven_is_a_coin_flip_plus_a_little():
    """An attribute of 7 passes on 21 of 36 rolls; two tokens make it 30 of 36."""
    assert test_odds(7) == Fraction(7, 12) and test_odds(7, 2) == Fraction(5, 6)


@pytest.mark.parametrize("name", ["move", "play", "spend"])
def test_DQ_7_2_sun_odds_are_one_minus_survival(positions, name):
    w = board(positions[name])
    sun = w.advice["sun"]
    s = w.game.state
    assert sun["space"] == s.sun and [r["turns"] for r in sun["rows"]] == [1, 3, 5]
    for r in sun["rows"]:
        assert Fraction(r["p_num"], r["p_den"]) == 1 - sun_survival(s.sun, r["turns"])


def test_DQ_7_2_the_sun_sets_surely_from_the_last_space():
    """From space 27 the next move lands on 28 (marked 6): it always sets."""
    assert 1 - sun_survival(27, 1) == 1 and 1 - sun_survival(15, 1) == Fraction(1, 6)


def test_DQ_9_6_the_equilibrium_mix_and_value_are_shown(positions):
    w = board(positions["play"])
    eq = combat_equilibrium()
    cmb = w.advice["combat"]
    assert cmb["value"] == "2/9"
    for r in cmb["rows"]:
        assert Fraction(r["hero_mix"]["p_num"], r["hero_mix"]["p_den"]) == eq["hero"][r["card"]]
        assert Fraction(r["monster_mix"]["p_num"], r["monster_mix"]["p_den"]) \
            == eq["monster"][r["card"]]
        # at the equilibrium every card the hero mixes earns the value (indifference)
        assert Fraction(r["ev"]) == eq["value"]


def test_DQ_9_6_against_a_uniform_monster_the_balances_differ():
    w = DungeonQuestBoard(players=1, seed=2, options={"monster": "uniform"}, bot_delay=0)
    cmb = w.advice["combat"]
    assert cmb["against"] == "uniform"
    c = w.game.state.content
    for i, r in enumerate(cmb["rows"]):
        assert Fraction(r["ev"]) == Fraction(sum(c.monster_wounds[i]) - sum(c.hero_wounds[i]), 3)


def test_DQ_9_6_the_policy_draws_the_monster_card_with_the_equilibrium_mix():
    """Solo: the monster's card is a chance event the hero's seat sees with the exact mix."""
    def want(g):
        return g.is_chance and g.state.chance[0] == "mcard"
    g = dk.new_game(KEY, players=1, seed=0)
    rng = random.Random(0)
    for _ in range(3000):
        if want(g) or g.is_over:
            break
        if g.is_chance:
            g.step()
        else:
            ids = g.legal_action_ids()
            g.apply(rng.choice(ids))
    assert want(g)
    w = DungeonQuestBoard(game=g, seat=0, bot_delay=0)
    mix = {c["id"]: Fraction(c["p_num"], c["p_den"]) for c in w.chance}
    assert mix == {f"monster {k}": p for k, p in combat_equilibrium()["monster"].items()}


# ---------------------------------------------------------------- privacy as a difference
def test_DQ_1_9_a_face_down_rune_is_invisible_to_the_other_seats():
    """Twin games whose only difference is another seat's face-down rune look the same to
    every other seat (and to its owner, who has not seen it either) until the reveal; a
    spectator tells them apart."""
    a = dk.new_game(KEY, players=3, seed=4)
    b = dk.new_game(KEY, players=3, seed=4)
    while True:
        ch = a.state.chance
        if ch[0] == "rune" and ch[1] == 2:
            break
        o = a.step()
        b.apply(o.id)
    runes = sorted(o.id for o, _ in a.chance_outcomes())
    a.apply(runes[0])
    b.apply(runes[-1])
    while a.is_chance:          # later deals: an outcome possible in both piles
        common = common_ids(a, b)
        a.apply(common[0])
        b.apply(common[0])
    for seat in (0, 1, 2):
        sa, sb = twins_seen(make, a, b, seat)
        assert sa == sb, f"seat {seat} can tell the runes apart"
    sa, sb = twins_seen(make, a, b, None)
    assert sa != sb


def test_DQ_9_3_the_heros_secret_card_is_hidden_from_the_monster_player(positions):
    """Twins differing only in the hero's combat card: the monster player and a third seat
    see byte-identical traits and static HTML; the hero and a spectator do not."""
    save = positions["play"]
    g = dk.load(save)
    hero = g.current_player
    a, b = dk.load(save), dk.load(save)
    a.apply("play melee")
    b.apply("play magic")
    others = [i for i in range(g.players) if i != hero]
    for seat in others:
        sa, sb = twins_seen(make, a, b, seat)
        assert sa == sb, f"seat {seat} sees the hero's card"
        assert make(a.fork(), seat).view["combat"]["hero_card"] == "chosen"
    for seat in (hero, None):
        sa, sb = twins_seen(make, a, b, seat)
        assert sa != sb


def test_DQ_9_2_the_hero_reads_only_the_monsters_name(positions):
    w = board(positions["play"])
    cb = w.view["combat"]
    if cb["monster_seat"] is not None:
        assert cb["life"] is None and cb["escape"] is None
    assert w.advice["last"] == {"kind": "card", "deck": "monster", "name": cb["monster"],
                                "de": "Monsterkarten", "text": "a monster"}
    assert "life" not in json.dumps(w.advice["last"])


# ---------------------------------------------------------------- package, doctest, static
# ---------------------------------------------------------------- the ES module in node
def bot_game_states(games: int) -> list[tuple[str, dict]]:
    """Middle and final positions of seeded bot games, as the watching seat's traits."""
    out = []
    for seed in range(games):
        players = 1 + seed % 4
        opts = {"monster": ("player", "uniform", "equilibrium")[seed % 3]}
        marks = {}

        def grab(g):
            n = len(g.history)
            if n in (40 + seed % 7, 90 + seed % 11) and n not in marks:
                marks[n] = g.to_json()

        g = play_game(1000 + seed, players=players, wild=0.2, on_decision=grab, options=opts)
        for save in marks.values():
            h = dk.load(save)
            seat = h.current_player if seed % 2 else None
            out.append((f"{seed}-mid", board(save, seat=seat)))
        out.append((f"{seed}-final", DungeonQuestBoard(game=g, seat=seed % players,
                                                        bot_delay=0)))
    return [(name, widget_state(w)) for name, w in out]


@needs_node
def test_node_renders_middle_and_final_positions_of_300_bot_games(tmp_path):
    """Every drawn ``data-action`` is a legal id, drawn once with the dq-legal class, every
    legal action is drawn; no ``undefined``/``NaN`` anywhere; the final table shows the
    gold score table."""
    states = bot_game_states(300)
    results = render_in_node([(st, {}) for _, st in states], tmp_path, module=KEY, brief=True)
    finals = 0
    for (name, st), r in zip(states, results):
        check_drawn(r, {a["id"] for a in st["legal"]}, name)
        if name.endswith("final"):
            finals += 1
            assert final_score_cells(r) == st["score"]["total"], name
    assert finals == 300 and len(states) > 450      # some games end before ply 90


@needs_node
def test_the_drawn_board_shows_rooms_heroes_markers_and_panels(positions, tmp_path):
    names = ["play", "spend", "drop", "turn", "orient", "face", "mplay"]
    ws = {n: board(positions[n]) for n in names if n in positions}
    results = render_in_node([(widget_state(w), {}) for w in ws.values()], tmp_path,
                             module=KEY)
    r = dict(zip(ws, results))
    for name, w in ws.items():
        m = r[name]["markup"]
        v = w.view
        assert len(re.findall(r'class="dq-sheet[ "]', m)) == len(v["heroes"])
        assert 'class="dq-sun"' in m and "Sonnenleiste" in m and "Odds (exact)" in m
        for h in v["heroes"]:
            if h["sq"]:
                assert f'<g class="dq-hero" data-seat="{h["seat"]}">' in m
        assert m.count('class="dq-room"') == len(v["tiles"]) + len(v["towers"]) + 1
        for sq in v["monsters"]:
            assert "monster marker" in m
    play = r["play"]["markup"]
    assert "Kampf" in play and 'class="dq-table"' in play and "hero \\ monster" in play
    assert "dq-why" not in play          # the hero's own choice needs no explanation
    assert "mplay" in r                  # issue 25 §3: why a player not fighting is asked
    assert "the player to the fighting hero's left always plays the monster (DQ-9.2)" \
            in r["mplay"]["markup"]
    spend = r["spend"]["markup"]
    assert "Spend" in spend and "sprobe" in spend
    if "turn" in r:
        assert r["turn"]["markup"].count('class="dq-dir dq-legal"') == 2
    if "face" in r:
        assert r["face"]["markup"].count('class="dq-dir dq-legal"') == 4


def test_DQ_11_3_the_cross_button_shows_the_exact_chance_with_the_loot_penalty(positions):
    """Crossing is an agility test with +1 to the roll per loot card: the chance shown is
    ``test_odds(agility - loot, determination)``."""
    w = board(positions["drop"])
    s = w.game.state
    h = s.heroes[w.seat]
    from deepwood_kernel.games.dungeonquest.rules import attribute
    want = test_odds(attribute(s, w.seat, "agility") - len(h.loot), h.determination)
    assert h.loot and Fraction(w.advice["cross"]["p_num"], w.advice["cross"]["p_den"]) == want


def test_after_the_game_the_odds_panel_is_gone():
    w = DungeonQuestBoard(players=2, seed=8, bots=[0, 1], bot_delay=0, auto_chance=True)
    assert w.game.is_over and "sun" not in w.advice and "attrs" not in w.advice
    w.close()


def test_DQ_5_3_DQ_14_7_secret_door_arrows_and_the_ability_button():
    """DQ-5.3: the walls that may hide a secret door are arrows on the searcher's square;
    DQ-14.7: an action ability is a button."""
    from tests.dungeonquest.helpers import place, play, put, start
    g = start(1, heroes=("tamsin",))
    place(g, "b1", "alcove", 1)
    put(g, 0, "b1", came=3)
    w = DungeonQuestBoard(game=g.fork(), seat=0, bot_delay=0)
    assert {a["id"]: a["target"] for a in w.legal}["ability"] == {"kind": "button",
                                                                   "group": "ability"}
    w.close()
    play(g, "search", "card hidden_door")
    w = DungeonQuestBoard(game=g, seat=0, bot_delay=0)
    assert [a["target"] for a in w.legal] == [
        {"kind": "dir", "sq": "b1", "dir": "E", "verb": "secret"},
        {"kind": "dir", "sq": "b1", "dir": "S", "verb": "secret"}]
    assert w.phase_text(w.view)["name"] == "a secret door"
    w.close()


@needs_node
def test_the_sheets_read_in_english_and_say_who_is_still_choosing(tmp_path):
    """Issue 25 §3: attributes as "Strength 9 · Agility 6 …" with the German word in the
    tooltip; during set-up a hero not yet chosen reads "choosing a hero" (not the name of a
    hero it has not chosen), a chosen one "setting up"; wounds never show past the life."""
    g = dk.new_game(KEY, players=2, seed=0)
    while g.state.phase != "hero" or g.view()["heroes"][0]["hero"] is None:
        g.step() if g.is_chance else g.apply(g.legal_action_ids()[0])
    w = DungeonQuestBoard(g, seat=None)
    st = widget_state(w)
    dead = json.loads(json.dumps(st))
    for h in dead["view"]["heroes"]:
        h["wounds"], h["life"] = 20, 16
    (chosen, dying) = render_in_node([(st, {}), (dead, {})], tmp_path, module=KEY)
    m = chosen["markup"]
    heads = [part[:400] for part in m.split('class="dq-sheet-head"')[1:]]
    assert "<b>Anna</b>" in heads[0] and "setting up" in heads[0]
    assert "<b>Ben</b>" in heads[1] and "choosing a hero" in heads[1]
    assert re.search(r'<span title="Strength \(Stärke\)">Strength <b>\d+</b></span>', m)
    for word in ("Agility", "Toughness", "Luck"):
        assert f">{word} <b>" in m, word
    assert "20/16" not in dying["markup"] and "16/16" in dying["markup"]
    w.close()


@needs_node
def test_the_combat_cards_read_in_english_with_the_german_in_the_tooltip(positions, tmp_path):
    """Issue 25 §3: each combat card shows its English name (the content's "Nahkampf
    (melee)" reads "Melee"), the German word only in the tooltip, and a card to play is
    named in English for a screen reader ("Play Melee (Nahkampf)"); the duel table and
    the odds table name the cards the same way."""
    ws = {n: board(positions[n]) for n in ("play", "mplay")}
    results = render_in_node([(widget_state(w), {}) for w in ws.values()], tmp_path,
                             module=KEY)
    german = {"melee": "Nahkampf", "ranged": "Fernkampf", "magic": "Magie"}
    for (name, w), r in zip(ws.items(), results):
        m = r["markup"]
        panel = m[m.index('class="sh-panel dq-combat"'):m.index('class="sh-panel dq-odds"')]
        shown = re.sub(r"<[^>]*>", " ", panel)          # the text, without any attribute
        side = "hero" if name == "play" else "monster"
        for k, de in german.items():
            en = k.capitalize()
            assert de not in shown, (name, de)
            card = re.search(rf'<button class="dq-ccard dq-{side} dq-legal" data-action='
                             rf'"[a-z]+ {k}" aria-label="([^"]*)" title="([^"]*)">'
                             rf'<span class="dq-cicon" aria-hidden="true">.</span>{en}</button>',
                             panel)
            verb = "Play" if side == "hero" else "The monster plays"
            assert card and card.groups() == (f"{verb} {en} ({de})",) * 2, (name, k)
            assert f'<th title="{en} ({de})">{en}</th>' in panel
            odds = m[m.index('class="sh-panel dq-odds"'):]
            assert f'<td title="{en} ({de})">{en}</td>' in odds
        w.close()


@needs_node
def test_DQ_6_1_DQ_6_3_a_test_rolls_colours_are_also_said_in_words(tmp_path):
    """Issue 25 §2, colour is never the only cue: each outcome of a test roll in the
    what-if picker is green, amber or red *and* says "passes" (2d6 + loot at or under the
    attribute, DQ-6.1), "passes for n determination" (n over, n ≤ the tokens held, DQ-6.3)
    or "fails"."""
    from .widget_helpers import bot_play
    g = next(g for seed in range(40) for g in bot_play(KEY, seed, 1, wild=0.3)
             if g.is_chance and g.state.chance[0] == "test")
    w = board(g.to_json(), seat=0)
    t = w.advice["test"]
    (r,) = render_in_node([(widget_state(w), {})], tmp_path, module=KEY)
    rows = re.findall(r'<button class="sh-chance-row" data-chance="roll (\d+)"[^>]*>'
                      r'<span class="sh-swatch" style="background:(#\w+)"></span>'
                      r'<span class="sh-chance-label">([^<]*)</span>', r["markup"])
    assert len(rows) == 11                                  # 2 … 12
    assert {c for _, c, _ in rows} == {"#3d8b37", "#e0a100", "#c0392b"}   # all three met
    for roll, colour, label in rows:
        over = int(roll) + t["mod"] - t["target"]
        words, want = (("passes", "#3d8b37") if over <= 0 else
                       (f"passes for {over} determination", "#e0a100")
                       if over <= t["determination"] else ("fails", "#c0392b"))
        assert label.endswith(f" · {words}") and colour == want, (roll, label, colour)
    w.close()
