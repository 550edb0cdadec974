"""DungeonQuest rules: every room effect (DQ-11), doors and portcullises (DQ-12), the
designed content (DQ-13) and the effect vocabulary (DQ-14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.core.errors import ContentError, parse_content_toml
from deepwood_kernel.games.dungeonquest.content import (DEFAULT_FILE, load_content,
                                                        parse_content, parse_effect)
from deepwood_kernel.games.dungeonquest.rules import attribute

from .helpers import check_invariants, place, play, put, start, take_card


def into(tile: str, players: int = 1, **kw) -> dk.Game:
    """Seat 0 walks from a1 east onto b1 and draws ``tile`` (arrow towards a1)."""
    g = start(players, **kw)
    play(g, "move b1", f"tile {tile}")
    return g


# ------------------------------------------------------------------ 11 rooms
def test_DQ_11_1_bottomless_pit():
    """DQ-11.1: luck test (Brannoc 6): a pass ends the turn, a failure kills."""
    g = into("pit")
    g.apply("roll 6")
    assert g.state.heroes[0].status == "in" and g.state.round == 2
    g = into("pit")
    g.apply("roll 7")
    assert g.state.heroes[0].status == "dead" and g.is_over


def test_DQ_11_2_DQ_11_3_bridge_cross_with_loot_or_fall():
    """DQ-11.2, DQ-11.3: end the turn or cross; +1 per loot card; loot may be dropped
    first; a pass puts you across (the far end only), a failure a die of wounds and the
    catacombs."""
    g = start(1)
    take_card(g, "silver_chain")
    take_card(g, "gold_hoard")
    play(g, "move b1", "tile bridge")
    assert g.legal_action_ids() == ["cross", "wait", "drop gold_hoard", "drop silver_chain"]
    g.apply("drop silver_chain")
    assert g.state.discards["treasure"] == {"silver_chain": 1}
    g.apply("cross")
    g.apply("roll 5")                             # 5 + 1 loot = 6 <= agility 6: across
    assert "across the bridge" in g.log[-1] or "across the bridge" in " ".join(g.log[-6:])
    assert g.legal_action_ids() == ["move c1", "cross"]      # the far end only
    g = start(1)
    play(g, "move b1", "tile bridge", "cross", "roll 8", "wounds 4")
    assert g.state.heroes[0].wounds == 4
    assert g.legal_action_ids() == ["face N", "face E", "face S", "face W"]


def test_DQ_11_2_waiting_at_the_bridge():
    """DQ-11.2: ending the turn instead leaves you at the near end."""
    g = into("bridge")
    g.apply("wait")
    assert g.legal_action_ids() == ["move a1", "cross"]


def test_DQ_11_4_rotating_room_turns_180():
    """DQ-11.4: the tile turns half a circle and the turn ends."""
    g = into("rotating_bend")
    assert g.state.board["b1"] == ["rotating_bend", 3] and g.state.round == 2


def test_DQ_11_5_darkness_rolls_an_open_way():
    """DQ-11.5: the die sends you one of the open ways, each equally likely; a way with a
    hero is rolled again (not offered)."""
    g = start(1)
    g.apply("move b1")
    g.apply("tile darkness")
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [
        ("dir E", Fraction(1, 3)), ("dir S", Fraction(1, 3)), ("dir W", Fraction(1, 3))]
    g2 = start(2)
    put(g2, 1, "b2")
    play(g2, "move b1", "tile darkness")
    assert [a.id for a, _ in g2.chance_outcomes()] == ["dir E", "dir W"]
    g2.apply("dir W")
    assert g2.state.heroes[0].sq == "a1"          # into the tower room (its effect)


def test_DQ_11_6_cave_in_rubble_needs_agility():
    """DQ-11.6: a dungeon card; leaving beyond the rubble is an agility test (a failure
    ends the turn in the room); going back the way you came is free."""
    g = into("cave_in")
    g.apply("card empty_hall")
    g.apply("move c1")
    assert g.state.test["attr"] == "agility"
    g.apply("roll 9")
    assert g.state.heroes[0].sq == "b1" and g.state.round == 3
    g.apply("move a1")                            # the arrow's side: no test
    assert g.state.decide[0] == "onward"


def test_DQ_11_7_corridor_moves_on_and_twice_ends_the_turn():
    """DQ-11.7: move on at once, never back unless every other way is blocked; the same
    corridor twice in a turn ends it."""
    g = start(1)
    place(g, "c1", "corridor_bend_west")          # open W and S
    place(g, "c2", "alcove")                      # a wall towards c1
    play(g, "move b1", "tile corridor_straight")
    assert g.legal_action_ids() == ["move c1"]    # not back to a1
    g.apply("move c1")
    assert g.legal_action_ids() == ["move b1"]    # c2 walled off: back is allowed
    g.apply("move b1")
    assert "same corridor twice" in " ".join(g.log[-6:])
    assert g.state.heroes[0].sq == "b1" and g.state.round == 2


def test_DQ_11_8_trap_room_draws_a_trap():
    """DQ-11.8, DQ-14.1: a trap card; its test, and the failure's wounds."""
    g = into("trap_hall")
    assert dict((a.id, p) for a, p in g.chance_outcomes())["card dart_volley"] == \
        Fraction(4, 15)
    play(g, "card dart_volley", "roll 12")
    assert g.state.heroes[0].wounds == 2 and g.state.heroes[0].determination == 1


def test_DQ_11_9_DQ_11_10_treasure_chamber():
    """DQ-11.9, DQ-11.10: a dragon card on entering; several heroes; one room of two
    squares; a turn begun there may draw a dragon card; the drawn cards go back once
    nobody is inside at a turn's end."""
    g = start(2)
    place(g, "e5", "hall_cross")
    put(g, 0, "e5", came=2)
    put(g, 1, "f6")
    g.apply("move e6")                            # the other hero does not block here
    assert g.chance_outcomes()[0][0].id == "card dragon_sleeps"
    play(g, "card dragon_sleeps", "card fire_ruby")
    s = g.state
    assert s.dragon_drawn == ["dragon_sleeps"] and s.heroes[0].loot == ["fire_ruby"]
    g.state.decide = ("action", 0)
    s.seat = 0
    g._invalidate()
    ids = g.legal_action_ids()
    assert "dragon" in ids and "move f7" in ids and "move g6" in ids and "move e7" in ids
    put(g, 1, "j12")
    g.apply("move e7")                            # out: nobody left inside
    play(g, "tile hall_cross", "card empty_hall")
    assert s.dragon_drawn == [] and s.piles["dragon"]["dragon_sleeps"] == 6
    check_invariants(g)


def test_DQ_11_9_DQ_9_1_the_chamber_is_one_room_for_its_monster_marker():
    """DQ-11.9, DQ-9.1, DQ-9.2, DQ-9.5: "Die Schatzkammer zählt als ein Raum". A monster
    marker on e6 (left there by a guarded door) is met by a hero entering f6, instead of
    the dragon card; the meeting puts no second marker in the chamber, and slaying the
    monster takes the chamber's marker away."""
    g = start(2)
    s = g.state
    s.monsters.append("e6")
    place(g, "f5", "hall_cross")
    put(g, 0, "f5", came=0)
    g.apply("move f6")
    ids = [a.id for a, _ in g.chance_outcomes()]
    assert "card goblin_raider" in ids and "card dragon_sleeps" not in ids
    g.apply("card goblin_raider")
    assert s.monsters == ["e6"] and s.heroes[0].sq == "f6"
    play(g, "play melee", "monster magic")        # 3 wounds: the goblin (life 3) is slain
    assert s.monsters == [] and s.combat is None
    check_invariants(g)


def test_DQ_11_10_dragon_deck_running_out_reshuffles():
    """DQ-11.10: with every dragon card drawn, the drawn ones are shuffled back at once."""
    g = start(1)
    s = g.state
    s.dragon_drawn = ["dragon_sleeps"] * 6 + ["dragon_wakes"] * 2
    s.piles["dragon"] = {}
    place(g, "e5", "hall_cross")
    put(g, 0, "e5", came=2)
    g.apply("move e6")
    assert dict((a.id, p) for a, p in g.chance_outcomes()) == {
        "card dragon_sleeps": Fraction(3, 4), "card dragon_wakes": Fraction(1, 4)}


def test_DQ_11_11_chasm_blocks_the_far_side():
    """DQ-11.11: a dungeon card; no way across the chasm (here: east)."""
    g = into("chasm")
    g.apply("card empty_hall")
    assert g.legal_action_ids() == ["move b2", "move a1"]


def test_DQ_11_12_spider_web():
    """DQ-11.12: move on at once; not back: a strength test, a failure ends the turn in
    the web; a turn begun in the web moves only after a passed strength test."""
    g = into("web")
    assert set(g.legal_action_ids()) == {"move c1", "move b2", "move a1"}
    play(g, "move c1", "roll 12")
    assert g.state.heroes[0].sq == "b1" and g.state.round == 2
    g.apply("move a1")
    assert g.state.test["attr"] == "strength"
    g.apply("roll 12")
    assert g.state.heroes[0].sq == "b1" and g.state.round == 3
    g2 = into("web")
    g2.apply("move a1")                           # back the way you came: no test
    assert g2.state.heroes[0].sq == "a1"


def test_DQ_11_13_tower_room_escape_or_move_on():
    """DQ-11.13: with loot, escape; else move on, or to another tower room and on."""
    g = start(1)
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    g.apply("move a1")
    assert g.legal_action_ids() == ["move b1", "move a2", "tower j1", "tower a12",
                                    "tower j12"]
    g.apply("tower j12")
    assert g.legal_action_ids() == ["move j11", "move i12"]
    g2 = start(1)
    take_card(g2, "silver_chain")
    place(g2, "b1", "hall_cross")
    put(g2, 0, "b1", came=3)
    g2.apply("move a1")
    assert g2.legal_action_ids()[0] == "escape"
    g3 = start(1, escape_loot=2)
    take_card(g3, "silver_chain")
    place(g3, "b1", "hall_cross")
    put(g3, 0, "b1", came=3)
    g3.apply("move a1")
    assert "escape" not in g3.legal_action_ids()


def test_DQ_11_13_escape_is_offered_only_on_entering_a_tower_room():
    """DQ-11.13 (reading): with loot, escape is part of entering a tower room; the second
    room of the tower passage and a turn begun in a tower room offer none."""
    g = start(1)
    take_card(g, "silver_chain")
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    g.apply("move a1")
    assert g.legal_action_ids()[0] == "escape"
    g.apply("tower j12")
    assert g.legal_action_ids() == ["move j11", "move i12"]
    g = start(1)
    take_card(g, "silver_chain")                  # the first turn begins in a1
    assert "escape" not in g.legal_action_ids()


def test_DQ_11_13_the_tower_passage_meets_a_monster_marker():
    """DQ-11.13, DQ-9.1: going "direkt in ein anderes Turmzimmer" enters that room, so a
    monster marker there is met instead of moving on."""
    g = start(1)
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    g.state.monsters.append("j12")
    play(g, "move a1", "tower j12")
    assert g.state.heroes[0].sq == "j12"
    ids = [a.id for a, _ in g.chance_outcomes()]
    assert ids[0] == "card cave_spider" and "card goblin_raider" in ids   # the monster deck
    g.apply("card goblin_raider")
    assert g.state.monsters == ["j12"]            # no second marker
    assert g.legal_action_ids() == ["play melee", "play ranged", "play magic"]


def test_DQ_11_14_dungeon_room_and_may_cards():
    """DQ-11.14, DQ-14.2: a dungeon card; 'may corpse' lets you choose."""
    g = into("hall_cross")
    g.apply("card fallen_explorer")
    assert g.legal_action_ids() == ["open", "leave"]
    g.apply("open")
    assert g.chance_outcomes()[0][0].id.startswith("card ")
    g.apply("card coin_pouch")
    assert g.state.heroes[0].loot == ["coin_pouch"]


# ------------------------------------------------------------------ 12 doors
def test_DQ_12_1_doors_need_a_door_card():
    """DQ-12.1: a door on either side of the edge: a door card; jammed ends the turn,
    an open door lets you through."""
    g = start(1)
    place(g, "b1", "hall_north_door", 1)          # its door faces east
    put(g, 0, "b1", came=3)
    g.apply("move c1")
    assert dict((a.id, p) for a, p in g.chance_outcomes())["card door_opens"] == \
        Fraction(8, 15)
    g.apply("card door_jammed")
    assert g.state.heroes[0].sq == "b1" and g.state.round == 2
    play(g, "move c1", "card door_opens")
    assert g.is_chance and g.chance_outcomes()[0][0].id.startswith("tile ")
    g2 = start(1)
    place(g2, "b1", "hall_north_door", 3)         # the door faces west, towards a1
    g2.apply("move b1")
    assert g2.chance_outcomes()[0][0].id.startswith("card door")


def test_DQ_12_2_portcullis_needs_strength():
    """DQ-12.2: a strength test; a pass moves on, a failure ends the turn."""
    g = start(1)
    place(g, "b1", "hall_portcullis", 3)
    g.apply("move b1")
    assert g.state.test["attr"] == "strength" and g.state.test["target"] == 9
    g.apply("roll 9")
    assert g.state.heroes[0].sq == "b1"


# ------------------------------------------------------------------ 13 designed content
def test_DQ_13_1_board():
    """DQ-13.1: 10 x 12, towers in the corners, a two-square chamber in the centre."""
    c = load_content()
    assert (c.columns, c.rows) == (10, 12)
    assert c.towers == ("a1", "j1", "a12", "j12") and c.treasure == ("e6", "f6")
    assert c.columns * c.rows - 6 <= 117


def test_DQ_13_2_tile_mix():
    """DQ-13.2: the 117 tiles by type."""
    from collections import Counter
    c = load_content()
    n = Counter()
    for t in c.tiles.values():
        n[t.type] += t.count
    assert n == {"dungeon": 54, "corridor": 16, "trap": 8, "cave_in": 6, "chasm": 5,
                 "bridge": 6, "rotating": 6, "darkness": 6, "web": 6, "pit": 4}
    assert sum(t.count for t in c.tiles.values() if t.entrance) == 6


def test_DQ_13_3_heroes():
    """DQ-13.3: six heroes, attributes 2..12, life."""
    c = load_content()
    assert [h.name for h in c.heroes.values()][:2] == ["Brannoc the Bold", "Ysolde Swiftfoot"]
    assert c.heroes["brannoc"].life == 16


def test_DQ_13_4_decks_monsters_dragon():
    """DQ-13.4: monsters with life 3-8 and escape 1-3; 6 sleeping and 2 waking dragons."""
    c = load_content()
    mons = [k for k in c.cards.values() if k.deck == "monster"]
    assert {k.life for k in mons} == {3, 4, 5, 6, 7, 8}
    assert {k.escape for k in mons} == {1, 2, 3}
    assert c.cards["dragon_sleeps"].count == 6 and c.cards["dragon_wakes"].count == 2
    assert "designed for this project" in DEFAULT_FILE.read_text(encoding="utf-8")


# ------------------------------------------------------------------ 14 vocabulary
def test_DQ_14_1_card_order_and_lasting_cards():
    """DQ-14.1: a lasting card stays in your area; others are discarded."""
    g = into("trap_hall")
    g.apply("card poison_needle")
    assert g.state.heroes[0].keep == ["poison_needle"]


def test_DQ_14_2_effect_vocabulary_is_validated():
    """DQ-14.2: effects parse; a bad effect names the file, the entry and the problem."""
    assert parse_effect("wounds_die 2") == ("wounds_die", "2")
    assert parse_effect("may crypt") == ("may", "crypt")
    with pytest.raises(ContentError, match=r"x.toml: \[cards.k\] unknown effect 'fly'"):
        parse_effect("fly 2", "cards.k", "x.toml")
    with pytest.raises(ContentError, match="needs a deck"):
        parse_effect("draw gold")
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    with pytest.raises(ContentError, match=r"\[dungeon\] the dungeon deck has 51 cards"):
        parse_content(parse_content_toml(text.replace(
            'name = "Silent hall"\ncount = 13', 'name = "Silent hall"\ncount = 14'), "m.toml"),
            "m.toml")
    with pytest.raises(ContentError, match=r"\[tiles.bridge\] the S side"):
        parse_content(parse_content_toml(text.replace('sides = "owow"\nfar = "N"',
                                                      'sides = "owwo"\nfar = "N"'), "m.toml"),
                      "m.toml")


def test_DQ_14_4_runes_bonus_and_start_effects():
    """DQ-14.4: a rune adds 1 to its attribute, or acts in the status phase."""
    g = start(1, runes=("rune_mending",))
    assert attribute(g.state, 0, "toughness") == 7
    g2 = start(1, runes=("rune_stone",))
    assert attribute(g2.state, 0, "toughness") == 8
    g.state.heroes[0].wounds = 3
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card empty_hall")
    assert g.state.heroes[0].wounds == 2          # healed 1 in the status phase


def test_DQ_14_5_end_of_game_bonus():
    """DQ-14.5: the Crown of embers is worth 100 more beside a Fire ruby."""
    g = start(1)
    take_card(g, "ember_crown")
    take_card(g, "fire_ruby")
    lines = dict(g.score_breakdown(0))
    assert lines["total"] == 500 + 300 + 100


def test_DQ_14_6_empty_deck_is_reshuffled():
    """DQ-14.6: an empty pile is re-formed from its discards."""
    g = start(1)
    s = g.state
    s.discards["trap"] = dict(s.piles["trap"])
    s.piles["trap"] = {}
    g._invalidate()
    play(g, "move b1", "tile trap_hall")
    assert "shuffled anew" in " ".join(g.log[-2:])
    assert sum(p for _, p in g.chance_outcomes()) == 1


def test_DQ_13_4_a_users_own_content_file(tmp_path):
    """DQ-13.4: a user's own content file replaces the designed one; saves record its
    SHA-256 and reload only with the same file; a broken file names entry and problem."""
    text = DEFAULT_FILE.read_text(encoding="utf-8").replace('name = "Brannoc the Bold"',
                                                            'name = "Sir Test"')
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    g = dk.new_game("dungeonquest", players=1, seed=2, content=str(path))
    g.advance()
    assert "hero brannoc" in g.legal_action_ids()
    assert g.legal_actions()[0].label.startswith("Play Sir Test")
    g.apply("hero brannoc")
    h = dk.load(g.to_json(), content=str(path))
    assert h.fingerprint() == g.fingerprint()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('life = 16', 'life = "many"'), encoding="utf-8")
    with pytest.raises(ContentError, match=r"bad.toml: \[heroes.brannoc.life\] holds 'many'; "
                                          r"allowed: an integer from 2 to 40"):
        dk.new_game("dungeonquest", players=1, content=str(bad))
