"""Rule tests for Adventure Land, sections AL-0 to AL-4 of ``docs/rules/adventureland.md``:
components, setup, moving (rulebook page 1, exact), terrain cards, the water sprite.

Positions are rigged with :mod:`.helpers` (a game without start cards, parties and items
laid as their cards would lay them) so that every component stays conserved.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.adventureland.content import (DEFAULT_FILE, load_content,
                                                         parse_content)
from deepwood_kernel.core.errors import parse_content_toml

from .helpers import KEY, check_invariants, give, place, put, rigged, to_move


def test_AL_0_1_components_match_the_published_counts():
    c = load_content()
    kinds = {t: sum(1 for v in c.terrain.values() if v == t) for t in set(c.terrain.values())}
    assert kinds == {"city": 30, "forest": 20, "river": 18, "mountain": 28, "fog": 14}
    assert len(c.squares) == 110 and c.columns == "ABCDEFGHIJK" and c.rows == 10
    assert sorted(c.city_size.values()) == [3, 4, 5, 6, 12]
    assert sum(c.swords.values()) == 28 and set(c.swords) == {0, 1, 2, 3}
    assert sum(c.herbs.values()) == 20 and set(c.herbs) == {2, 3, 4}
    assert sum(c.creatures.values()) == 14
    g = c.game
    assert (g["gold"], g["companions"], g["adventurers_per_colour"], g["dice"]) == (18, 30, 10, 3)


def test_AL_0_2_a_game_at_its_maximum_length_ends_and_is_scored():
    g = dk.new_game(KEY, players=2, seed=3)
    assert g.max_game_length == 3000
    g._max_len = 25
    from deepwood_kernel.sim import RandomBot, play_out
    play_out(g, [RandomBot(1)] * 2)
    assert len(g.history) == 25 and g.is_over
    assert "maximum length of 3,000 plies" in g.log[-1]
    assert len(g.scores()) == 2


def test_AL_0_3_the_designed_map_has_one_river_path_and_fits_the_examples():
    c = load_content()
    assert len(c.river) == 18
    for a, b in zip(c.river, c.river[1:]):
        (ca, ra), (cb, rb) = c.coord(a), c.coord(b)
        assert abs(ca - cb) + abs(ra - rb) == 1
    assert (c.terrain["J3"], c.terrain["D7"], c.terrain["I4"], c.terrain["E9"]) == \
        ("city", "fog", "forest", "river")


def test_AL_0_3_content_errors_name_the_file_entry_and_problem():
    data = parse_content_toml(DEFAULT_FILE.read_text(), "mine.toml")
    river = data["map"]["river"]
    data["map"]["river"] = river[:-1]                    # C10 left out
    with pytest.raises(dk.ContentError, match=r"mine.toml: \[map.river\] must list every"):
        parse_content(data, "mine.toml")
    data["map"]["river"] = [river[1], river[0]] + river[2:]
    with pytest.raises(dk.ContentError, match=r"\[map.river\] C1 and E1 are not side by side"):
        parse_content(data, "mine.toml")
    data = parse_content_toml(DEFAULT_FILE.read_text(), "mine.toml")
    data["map"]["rows"][0] = "mfrrrfmmm2x"
    with pytest.raises(dk.ContentError, match=r"\[map.rows\[1\]\] square K1: 'x' is no terrain"):
        parse_content(data, "mine.toml")
    data = parse_content_toml(DEFAULT_FILE.read_text(), "mine.toml")
    data["creatures"]["8"] = 5
    with pytest.raises(dk.ContentError, match=r"\[creatures\] 15 creatures for 14 fog"):
        parse_content(data, "mine.toml")


def test_AL_0_4_creature_draws_are_exact_over_the_stack():
    g = rigged()
    g.apply("card D7")                                   # fog
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [
        ("creature 8", Fraction(4, 14)), ("creature 10", Fraction(4, 14)),
        ("creature 12", Fraction(3, 14)), ("creature 14", Fraction(2, 14)),
        ("creature 16", Fraction(1, 14))]


def test_AL_0_4_the_rulebook_scoring_examples_fit_the_creature_set():
    """Issue 22: the rulebook's scoring examples name laurel wreaths 8, 7, 7 (one player's
    3 creatures) and 5 and 6; the combat example a creature of 12; the King & Princess
    expansion a base creature of 8. A laurel wreath is half the strength (AL-8.1)."""
    from deepwood_kernel.games.adventureland.content import load_content
    stack = load_content().creatures
    need = {16: 1, 14: 2, 10: 1, 12: 1, 8: 1}            # 8,7,7 -> 16,14,14; 5,6 -> 10,12
    assert all(stack.get(v, 0) >= k for v, k in need.items())
    assert sum(stack.values()) == 14 and sorted(stack.values()) == [1, 2, 3, 4, 4]
    assert all(v % 2 == 0 for v in stack)                # a laurel wreath is whole


def test_AL_0_5_sword_values_are_drawn_from_every_unseen_sword():
    """2 players: 8 swords went back unseen, so all 28 values are still possible."""
    g = rigged()
    put(g, "A1", 0)
    g.apply("card A1")                                   # mountain under the adventurer
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [
        ("sword 0", Fraction(7, 28)), ("sword 1", Fraction(8, 28)),
        ("sword 2", Fraction(8, 28)), ("sword 3", Fraction(5, 28))]
    g.apply("sword 3")
    assert g.state.players[0].swords == {3: 1}
    check_invariants(g)


def test_AL_1_1_the_adventure_is_an_option():
    for adv in ("fellowship", "magnificent", "escape"):
        assert dk.new_game(KEY, 2, options={"adventure": adv}).state.adventure == adv
    with pytest.raises(ValueError, match="must be one of"):
        dk.new_game(KEY, 2, options={"adventure": "quest"})


@pytest.mark.parametrize("players, start, companions, swords", [
    (2, 10, 22, 20), (3, 8, 25, 23), (4, 8, 28, 26)])
def test_AL_1_2_pieces_back_in_the_box_by_player_count(players, start, companions, swords):
    s = rigged(players).state
    assert [p.start for p in s.players] == [start] * players
    assert (s.companions_left, s.swords_left, s.companions_box) == \
        (companions, swords, 30 - companions)


def test_AL_1_3_every_terrain_card_is_equally_likely():
    g = dk.new_game(KEY, players=2, seed=0)
    out = g.chance_outcomes()
    assert len(out) == 110 and {p for _, p in out} == {Fraction(1, 110)}
    g.apply("card E9")
    assert len(g.chance_outcomes()) == 109 and "card E9" not in {a.id for a, _ in
                                                                g.chance_outcomes()}


def test_AL_1_4_start_lines_by_player_count():
    g3 = rigged(3)
    to_move(g3)
    ids = set(g3.legal_action_ids())
    assert {"enter 3 J3", "enter 4 K4", "enter D D10", "enter 1 A1", "enter A A1"} <= ids
    assert not any(i.startswith(("enter 5 ", "enter E ")) for i in ids)   # 2 players only
    g2 = rigged(2)
    to_move(g2)
    ids = set(g2.legal_action_ids())
    assert {"enter 5 J5", "enter E E10"} <= ids and not any(i.endswith(" F10") for i in ids)
    assert not any(i.endswith(" K6") for i in ids)
    with pytest.raises(dk.IllegalAction, match="name the start line"):
        g3.apply("enter 6 K6")
    with pytest.raises(dk.IllegalAction, match="enters along row 3 only"):
        g3.apply("enter 3 K6")


@pytest.mark.parametrize("players, lines", [
    (2, ["1", "2", "3", "4", "5", "A", "B", "C", "D", "E"]),
    (3, ["1", "2", "3", "4", "A", "B", "C", "D"]), (4, ["1", "2", "3", "4", "A", "B", "C", "D"])])
def test_AL_1_4_one_adventurer_waits_on_each_start_line(players, lines):
    """Issue 22: "Each player places an adventurer in the starting area outside the rows
    1, 2, 3, 4 and the columns A, B, C, D" (with 2 players also row 5 and column E): one
    adventurer per line, so a line, once used, is closed to its player."""
    g = rigged(players)
    assert [p.lines for p in g.state.players] == [lines] * players
    assert [p.start for p in g.state.players] == [len(lines)] * players
    to_move(g)
    g.apply("enter 3 C3")                     # row 3's adventurer enters, moving east
    g.apply("move C3 C5")
    assert "3" not in g.state.players[0].lines and g.state.players[0].start == len(lines) - 1
    for _ in range(players - 1):              # the others pass
        to_move(g, (g.state.deck[-1], g.state.deck[-2]))
        g.apply("end")
    to_move(g, (g.state.deck[-1], g.state.deck[-2]))
    ids = g.legal_action_ids()
    assert not any(i.startswith("enter 3 ") for i in ids)      # row 3 is used up ...
    assert "enter C C3" in ids and "enter 4 J4" in ids          # ... the others are not
    with pytest.raises(dk.IllegalAction, match="yours still waiting: in front of row 1"):
        g.apply("enter 3 J3")


def test_AL_1_5_start_cards_and_a_fog_card_draws_a_replacement():
    g = dk.new_game(KEY, players=2, seed=0)
    g.apply("card D7")
    g.apply("creature 10")
    assert g.state.items["D7"] == ("creature", 10)
    assert g.state.to_reveal == 8                       # 7 left + 1 for the creature
    for sq in ("A1", "B1", "I4", "J3", "E9", "A2", "A3", "A4"):
        g.apply(f"card {sq}")
    assert len(g.state.discard) == 9 and g.state.seat == 0
    assert g.is_chance and g.state.to_reveal == 2       # Martin's own two cards next
    assert g.state.items["J3"] == ("companion",) and g.state.sprite == "E9"


def test_AL_1_6_seat_0_begins():
    g = dk.new_game(KEY, players=3, seed=4)
    g.advance()
    assert g.current_player == 0 and g.state.phase == "move"
    assert "Round 1: Martin begins." in g.log


def test_AL_2_1_two_moves_one_adventurer_twice_or_two_once_or_none():
    g = rigged()
    to_move(g)
    g.apply("enter 4 C4")
    g.apply("move C4 C6")                       # the same adventurer twice
    assert g.state.seat == 1 and g.state.phase == "reveal"
    to_move(g, ("A5", "A6"))
    g.apply("enter 1 A1")
    g.apply("enter 2 K2")                       # two adventurers once each
    assert g.state.seat == 0
    to_move(g, ("A7", "C9"))
    g.apply("move C6 C7")                       # one adventurer one square ...
    g.apply("end")                              # ... and stop
    assert g.state.seat == 1
    to_move(g, ("D9", "D8"))
    g.apply("end")                              # or not move at all
    assert g.log[-2:] == ["Anna ends the turn without moving.", "Round 3: Martin begins."]
    assert g.state.seat == 0


def test_AL_2_2_only_south_or_east_in_a_straight_line():
    g = rigged()
    put(g, "E5", 0)
    to_move(g)
    moves = [a for a in g.legal_action_ids() if a.startswith("move E5")]
    assert moves == [f"move E5 {c}5" for c in "FGHIJK"] + [f"move E5 E{r}" for r in
                                                              range(6, 11)]
    for bad in ("move E5 E4", "move E5 D5", "move E5 F6"):
        with pytest.raises(dk.IllegalAction, match="south .down. or east .right. only"):
            g.apply(bad)


def test_AL_2_3_leap_over_figures_and_tiles_not_creatures_or_the_sprite():
    g = rigged()
    put(g, "A5", 0)
    put(g, "C5", 1)                                     # another adventurer: leap
    place(g, "D5", "sword")                             # a tile: land or leap
    place(g, "H5", "creature", 8)                       # fog creature: land, no further
    put(g, "A6", 0)
    g.state.sprite = "G6"                               # the sprite on the river
    to_move(g)
    ids = set(g.legal_action_ids())
    assert {"move A5 B5", "move A5 D5", "move A5 E5", "move A5 G5", "move A5 H5"} <= ids
    assert "move A5 C5" not in ids and "move A5 I5" not in ids
    assert {"move A6 F6"} <= ids and "move A6 G6" not in ids and "move A6 H6" not in ids
    with pytest.raises(dk.IllegalAction, match="water sprite is on G6"):
        g.apply("move A6 G6")
    with pytest.raises(dk.IllegalAction, match="may not leap over a fog creature"):
        g.apply("move A5 I5")


def test_AL_2_4_a_move_never_ends_on_another_adventurer():
    g = rigged()
    put(g, "A5", 0)
    put(g, "A7", 0)
    to_move(g)
    assert "move A5 A7" not in g.legal_action_ids() and "move A5 A8" in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="another adventurer stands on A7"):
        g.apply("move A5 A7")


def test_AL_2_5_landing_takes_gold_herb_sword_companion():
    g = rigged()
    for sq, kind in (("E10", "gold"), ("D6", "herb"), ("A4", "sword"), ("B4", "companion")):
        place(g, sq, kind)
    put(g, "A6", 0)
    put(g, "A10", 0)
    to_move(g, ("I5", "J5"))
    g.apply("move A6 D6")
    assert g.is_chance and [a.id for a, _ in g.chance_outcomes()] == ["herb 2", "herb 3",
                                                                       "herb 4"]
    g.apply("herb 4")
    assert g.state.players[0].herbs == {4: 1} and "D6" not in g.state.items
    g.apply("enter 4 B4")
    assert g.state.parties["B4"].companions == 1
    assert g.state.seat == 1
    check_invariants(g)


def test_AL_2_6_companions_move_with_their_adventurer():
    g = rigged()
    put(g, "B4", 0, companions=2)
    to_move(g)
    g.apply("move B4 B8")
    assert "B4" not in g.state.parties and g.state.parties["B8"].companions == 2


def test_AL_2_7_an_item_appearing_under_an_adventurer_is_taken_at_once():
    """AL-2.7, AL-3.6: a companion joins, a sword is taken (its value drawn) at once, in
    another player's turn too (gold: AL-4.2; a creature: AL-5.9)."""
    g = rigged()
    put(g, "J3", 0)
    put(g, "A3", 1)
    g.apply("card J3")                                  # city: the companion joins
    assert g.state.parties["J3"].companions == 1 and "J3" not in g.state.items
    g.apply("card A3")                                  # mountain: Anna takes the sword
    assert g.is_chance and g.chance_outcomes()[0][0].id.startswith("sword")
    g.apply("sword 1")
    assert g.state.players[1].swords == {1: 1}
    assert g.current_player == 0


def test_AL_2_5_rulebook_example_martin_moves_to_J3_and_E2_to_E9():
    """The page's example: cards J3 (companion), D7 (fog creature, so another card), I4
    (herb). Martin brings an adventurer from in front of row 3 to J3, beside the companion,
    then moves another from E2 down to E9 and takes the gold lying there."""
    g = rigged()
    s = g.state
    put(g, "E2", 0)
    place(g, "E9", "gold")
    s.sprite = "C10"
    g._invalidate()
    g.apply("card J3")
    g.apply("card D7")
    g.apply("creature 12")
    g.apply("card I4")
    assert (s.items["J3"], s.items["D7"], s.items["I4"]) == (("companion",),
                                                           ("creature", 12), ("herb",))
    assert g.current_player == 0
    g.apply("enter 3 J3")                     # "from the start area in front of row 3"
    assert s.parties["J3"].companions == 1
    g.apply("move E2 E9")
    assert s.players[0].gold == 1 and "E9" not in s.items
    check_invariants(g)


def test_AL_3_1_each_turn_reveals_two_cards_then_moves():
    g = rigged()
    g.apply("card A1")
    assert g.is_chance
    g.apply("card B1")
    assert not g.is_chance and g.state.phase == "move" and g.state.moves_left == 2


def test_AL_3_2_each_terrain_places_its_item():
    g = rigged()
    for sq in ("A1", "B1"):                                   # mountain, forest
        g.apply(f"card {sq}")
    g.apply("end")
    for sq in ("J1", "C1"):                                   # city, river
        g.apply(f"card {sq}")
    assert g.state.items == {"A1": ("sword",), "B1": ("herb",), "J1": ("companion",),
                             "C1": ("gold",)}


def test_AL_3_3_face_down_values_are_hidden_from_the_others():
    g = rigged()
    give(g, 1, herbs=(4, 4))                                  # Anna holds two 4s
    put(g, "B1", 0)
    g.apply("card B1")                                        # Martin takes a herb
    truth = dict((a.id, p) for a, p in g.chance_outcomes())
    assert truth == {"herb 2": Fraction(8, 18), "herb 3": Fraction(7, 18),
                     "herb 4": Fraction(3, 18)}
    mine = dict((a.id, p) for a, p in g.chance_outcomes(seat=0))
    assert mine == {"?herb 2": Fraction(8, 20), "?herb 3": Fraction(7, 20),
                    "?herb 4": Fraction(5, 20)}               # Anna's tiles unknown to him
    assert [(a.id, p) for a, p in g.chance_outcomes(seat=1)] == [("?herb", 1)]
    with pytest.raises(dk.IllegalAction, match="not one that can be forced"):
        g.apply("?herb 2")
    g.apply("herb 3")
    assert g.log_for(0)[-1] == "Martin takes a herb worth 3 at B1 and keeps it face down."
    assert g.log_for(1)[-1] == "Martin takes a face-down herb at B1."
    assert g.view(1)["players"][0].get("herbs") is None
    assert g.view(1)["players"][0]["herb_count"] == 1 and g.view(0)["players"][0]["herbs"] == [3]


def test_AL_3_4_no_companion_on_the_table_takes_one_from_the_box():
    """Issue 22: "If there are no companions left on the table ... take one from the box."
    (Old code: nothing was placed.)"""
    g = rigged()
    s = g.state
    s.companions_box += s.companions_left        # 8 put back at setup + all the rest
    s.companions_left = 0
    g._invalidate()
    g.apply("card J1")
    assert s.items["J1"] == ("companion",) and s.companions_box == 29
    assert s.companions_left == 0 and "taken from the box" in g.log[-1]
    check_invariants(g)


def test_AL_3_4_an_empty_sword_stack_draws_from_the_swords_in_the_box():
    """Issue 22: "If there are no sword tiles left in the stockpile ... shuffle the
    discarded ones in the box face down and draw one." In the box: the 8 swords put back
    at setup (2 players, values unseen) and the swords lost in fights (values seen: 3, 3).
    The draw is over those 10 tiles; nobody sees which one comes out."""
    g = rigged()
    s = g.state
    s.swords_removed += s.swords_left            # the whole stack went back unseen ...
    s.swords_left = 0
    s.swords_removed -= 2                        # ... but two of value 3 were lost in fights
    s.swords_out = {3: 2}
    put(g, "A1", 0)
    g._invalidate()
    g.apply("card A1")                           # mountain under Martin's adventurer
    assert [(a.id, p) for a, p in g.chance_outcomes()] == [
        ("box unseen", Fraction(26, 28)), ("box 3", Fraction(2, 28))]
    assert [a.id for a, _ in g.chance_outcomes(seat=0)] == ["?box sword"]
    g.apply("box 3")                             # a lost one: its value is known
    assert s.players[0].swords == {3: 1} and s.swords_out == {3: 1}
    assert "A1" not in s.items
    g.apply("card C2")                           # mountain, nobody there: face down
    g.apply("box unseen")
    assert s.items["C2"] == ("sword",) and s.swords_removed == 25
    check_invariants(g)


def test_AL_3_4_nothing_is_placed_when_no_gold_is_left():
    """designed: gold (and herbs, which never run out) have no box rule."""
    g = rigged()
    g.state.gold_box, g.state.gold_left = g.state.gold_left, 0
    g._invalidate()
    g.apply("card E2")
    assert "E2" not in g.state.items and "none is left to place" in g.log[-1]
    assert g.state.sprite is None


def test_AL_3_5_a_fog_card_does_not_count_as_one_of_the_two():
    g = rigged()
    g.apply("card D7")
    g.apply("creature 8")
    g.apply("card A1")
    assert g.is_chance                                       # one more to reveal
    g.apply("card B1")
    assert g.state.phase == "move" and len(g.state.discard) == 3


def test_AL_4_1_the_sprite_is_placed_on_gold_then_pulled_along_the_river():
    g = rigged()
    g.apply("card E2")
    assert g.state.sprite == "E2" and g.state.items["E2"] == ("gold",)
    g.apply("card F8")
    assert g.state.sprite == "F8"
    assert "pulled along the river from E2 to F8" in g.log[-1]


def test_AL_4_2_parties_passed_leave_and_the_one_on_the_gold_takes_it_first():
    g = rigged()
    put(g, "E1", 0)                                          # behind the sprite's way
    put(g, "F3", 0, companions=1)                            # passed
    put(g, "G6", 1)                                          # passed
    put(g, "F7", 1)                                          # on the new gold
    put(g, "F8", 0)                                          # beyond the gold: safe
    g.state.sprite = "E2"
    g._invalidate()
    g.apply("card F7")
    s = g.state
    assert set(s.parties) == {"E1", "F8"} and s.sprite == "F7"
    assert s.players[1].gold == 1 and "F7" not in s.items   # taken before leaving
    assert (s.players[0].lost_adventurers, s.players[0].lost_companions) == (1, 1)
    assert s.players[1].lost_adventurers == 2
    check_invariants(g)


def test_AL_4_3_the_sprite_follows_the_river_path_in_either_direction():
    g = rigged()
    g.apply("card C10")
    for sq in ("E9", "G5"):
        put(g, sq, 0)
    g.apply("card C1")                                        # all the way up the river
    assert g.state.sprite == "C1" and not g.state.parties
    assert g.state.players[0].lost_adventurers == 2


def test_AL_0_3_a_users_own_content_file_is_used_and_recorded(tmp_path):
    """A user who owns the game may pass their own file of the same shape (designed
    content replaced); the save records its name and SHA-256 and needs it to load."""
    text = DEFAULT_FILE.read_text().replace('1 = "Royal City"', '1 = "Castle Town"')
    path = tmp_path / "my_land.toml"
    path.write_text(text)
    g = dk.new_game(KEY, players=2, seed=5, content=path)
    assert g.state.content.city_name[1] == "Castle Town"
    g.advance()
    assert g.content_file["name"] == "my_land.toml"
    assert dk.load(g.to_json(), content=path).fingerprint() == g.fingerprint()
    with pytest.raises(dk.SaveError, match="pass that file"):
        dk.load(g.to_json())


def test_AL_0_3_forks_share_the_content_and_its_prepared_lines():
    g = dk.new_game(KEY, players=2, seed=1)
    g.advance()
    f = g.fork()
    assert f.state.content is g.state.content
    from deepwood_kernel.games.adventureland.rules import rays
    assert rays(f.state.content) is rays(g.state.content)
