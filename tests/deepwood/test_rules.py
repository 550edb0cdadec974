"""One test per rule of *Durch den tiefen Wald*; each names its rule ID (docs/rules/deepwood.md)
and uses the rulebook's own numbers."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood import fight_advice, fight_odds, obstacle_set_gold
from deepwood_kernel.games.deepwood.rules import placements
from deepwood_kernel.sim import make_bot, play_out

from .helpers import at_board, dealt, ids, pass_turn, rig


def total_tiles(s) -> int:
    on_boards = sum(len(b.tiles) - b.tiles.count(None) + sum(b.trolls) for b in s.boards)
    held = sum(sum(p.obstacles.values()) + p.swords + p.swords_spent + p.trolls + 2
               for p in s.players)
    return on_boards + held


# ------------------------------------------------------------------ setup (VORBEREITUNG)
@pytest.mark.parametrize("players, cards, twenties", [(2, 7, 1), (3, 8, 2), (4, 9, 3)])
def test_DW_1_1_strength_20_cards_removed_by_player_count(players, cards, twenties):
    """Also DW-6.13: three copies of monster 5 (strength 20) among the 9 cards."""
    s = dk.new_game("deepwood", players=players).state
    strengths = Counter(s.content.monsters[i].strength for i in s.middle)
    assert len(s.middle) == cards and strengths[20] == twenties
    assert strengths[15] == 4 and strengths[25] == 1 and strengths[26] == 1


@pytest.mark.parametrize("players, strips, gone", [(2, 26, 2), (3, 39, None), (4, 32, 4)])
def test_DW_1_2_strips_marked_2_or_4_removed(players, strips, gone):
    """Also DW-1.14 (39 designed strips: 19 + 13 marked 2 + 7 marked 4) and DW-2.8 (the
    designer's 2-player suggestion is not applied: the strips stay as designed)."""
    s = dk.new_game("deepwood", players=players).state
    assert len(s.pile) == strips
    assert all(s.content.strips[i].mark != gone for i in s.pile) or gone is None


@pytest.mark.parametrize("players, corner", [(2, False), (3, False), (4, True)])
def test_DW_1_3_and_DW_2_4_corner_has_fog_marker_except_with_4(players, corner):
    g = dealt(players)
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    assert ("border corner" in g.legal_action_ids()) is corner
    assert (g.state.borders.get("corner") == -1) is (not corner)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DW_1_4_three_secret_strips_each(players):
    g = dealt(players)
    s = g.state
    assert [len(p.hand) for p in s.players] == [3] * players
    assert len(s.pile) + 3 * players == {2: 26, 3: 39, 4: 32}[players]
    assert g.current_player == 0


def test_DW_1_5_tiles_and_starting_supplies():
    """Also DW-1.8 (1 potion, 1 gold, 1 book, 1 stone), DW-1.10..1.13 (designed board,
    rocks b3/d5, the three tiles beside the board, the tile mix) and DW-0.4 (36 tiles)."""
    s = dealt(3).state
    c = s.content
    for b, p in zip(s.boards, s.players):
        assert [b.tiles[c.field(f"{x}1")] for x in "abcde"] == ["forest"] * 5
        assert sum(t == "?" for t in b.tiles) == 28 == sum(b.hidden.values())
        assert b.tiles[c.field("b3")] is None and b.tiles[c.field("d5")] is None
        assert p.res == {"potions": 1, "gold": 1, "books": 1, "stones": 1}
        assert p.swords == 1 and p.step_backs == 2
    assert total_tiles(s) == 36 * 3


def test_DW_1_6_entry_wall_field_chosen_before_the_first_turn():
    g = dealt(2)
    assert g.state.phase == "entry"
    assert g.legal_action_ids() == ["enter a0", "enter b0", "enter c0", "enter d0", "enter e0"]
    g.apply("enter d0")
    assert g.state.boards[0].figure == g.state.content.field("d0")
    assert g.state.phase == "place"


# ------------------------------------------------------------------ market
def test_DW_2_1_placements_any_orientation_without_overhang():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    codes = {sid: s.content.strips[sid].code for sid in s.players[0].hand}
    for sid, code in codes.items():
        n = len(placements(s, sid))
        assert n == (16 if code[0] == code[2] else 32)     # 16 lines x 2 directions
    sid = s.players[0].hand[0]
    g.apply(f"place {sid} A1 right")
    cells = s.content.strips[sid].cells
    assert s.cells[0:3] == list(cells) and s.market == [sid] and len(s.players[0].hand) == 2
    with pytest.raises(dk.IllegalAction):
        g.apply(f"place {s.players[0].hand[0]} C1 right")   # phase over; and would overhang


def test_DW_2_1_later_strips_cover_earlier_ones():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    first = s.players[0].hand[0]
    g.apply(f"place {first} A1 up")                 # cells A1, A2, A3
    g.apply("border row4")
    g.advance()
    g.apply("end")
    g.advance()
    g.apply("enter a0")
    second = s.players[1].hand[0]
    g.apply(f"place {second} A2 right")             # covers A2 again
    assert s.cells[4] == s.content.strips[second].cells[0]
    assert s.cells[0] == s.content.strips[first].cells[0]


def test_DW_2_2_market_figure_must_move_to_a_free_border_field():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    g.apply("border row1")
    g.advance()
    g.apply("end")
    g.advance()
    g.apply("enter a0")
    g.apply(g.legal_action_ids()[0])
    assert "border row1" not in g.legal_action_ids()          # taken by Anna
    g.apply("border row2")
    g.advance()
    g.apply("end")
    g.advance()
    g.apply(g.legal_action_ids()[0])
    legal = g.legal_action_ids()
    assert "border row1" not in legal and "border row2" not in legal   # own and Ben's
    assert len(legal) == 6


def test_DW_2_3_take_everything_visible_in_the_row_or_column():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    s.cells = ["potions", "books", "gold", None, "stones", "stones", None, None,
               None, None, None, None, "gold", None, None, None]
    g._invalidate()
    before = dict(s.players[0].res)
    g.apply("border row1")
    got = {r: s.players[0].res[r] - before[r] for r in before}
    assert got == {"potions": 1, "books": 1, "gold": 1, "stones": 0}
    assert g.log[-1] == "Anna takes 1 potion, 1 book, 1 gold from row1."


def test_DW_2_4_corner_takes_the_diagonal_with_four_players():
    g = dealt(4)
    s = g.state
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    s.cells = ["stones"] + [None] * 4 + ["stones"] + [None] * 4 + ["gold"] + [None] * 4 + ["books"]
    g._invalidate()
    g.apply("border corner")
    assert s.players[0].res == {"potions": 1, "books": 2, "gold": 2, "stones": 3}


def test_DW_2_5_a_strip_is_drawn_after_the_market():
    g = dealt(2)
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    g.apply(g.legal_action_ids()[0])
    pile = len(g.state.pile)
    assert g.is_chance and all(a.id.startswith("draw ") for a, _ in g.chance_outcomes())
    assert sum(p for _, p in g.chance_outcomes()) == 1
    g.step()
    assert len(g.state.players[0].hand) == 3 and len(g.state.pile) == pile - 1


@pytest.mark.parametrize("players, piles_at_fog", [(2, 2), (3, 2), (4, 3)])
def test_DW_2_6_pile_runs_out_exactly_when_the_fog_sets_in(players, piles_at_fog):
    """2/3 players: one pile lasts 10 rounds; 4 players: two piles of 5 rounds each."""
    g = dk.new_game("deepwood", players=players, seed=21)
    bots = [make_bot("deepwood", "heuristic", seed=i) for i in range(players)]
    seen = {}

    def watch(game):
        s = game.state
        seen.setdefault(s.round, s.piles_made)
    play_out(g, bots, on_ply=watch)
    assert seen[10] == (2 if players == 4 else 1)
    if 11 in seen:
        assert seen[11] == piles_at_fog
    if players == 4:
        assert seen[5] == 1 and seen[6] == 2


def test_DW_2_6_reset_clears_market_and_figures():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    g.apply("border colA")
    s.pile = s.pile[:1]                           # the last strip of the pile
    g._invalidate()
    g.step()
    assert s.pile == [s.market and 0 or s.pile[0]] or len(s.pile) == 1
    assert s.market == [] and s.cells == [None] * 16 and s.borders == {"corner": -1}
    assert s.players[0].market_field is None and s.piles_made == 2


# ------------------------------------------------------------------ revealing
def test_DW_3_1_line_of_sight_reveals_until_something_is_pictured():
    """Also DW-1.15: a reveal is a chance draw over the board's face-down tiles, and DW-3.2:
    forest lets the view through, a thicket stops it."""
    g = at_board(figure="c1", tiles={})
    rig(g, reveal=True)
    assert g.is_chance and g.state.reveal_at == g.state.content.field("c2")
    outcomes = dict((a.id, p) for a, p in g.chance_outcomes())
    assert outcomes["reveal c2 forest"] == Fraction(7, 28)
    assert outcomes["reveal c2 sword"] == Fraction(5, 28)
    g.apply("reveal c2 forest")                  # forest: look on behind it
    assert g.state.reveal_at == g.state.content.field("c3")
    g.apply("reveal c3 thicket")                 # pictured: the column stops here
    # then the row: b1/d1 are face up forest, so nothing else; sight is done
    assert not g.is_chance and g.state.phase == "board"
    assert g.state.boards[0].tiles[g.state.content.field("c4")] == "?"


def test_DW_3_1_removing_a_tile_opens_the_view_again():
    """Also DW-7.3: the cleared field is bare forest floor and no longer blocks the view."""
    g = at_board(figure="c2", tiles={"c3": "thicket", "b2": "gate", "d2": "guard"},
                 res={"potions": 3, "stones": 2})
    assert not g.is_chance
    g.apply("clear c3")
    assert g.is_chance and g.state.reveal_at == g.state.content.field("c4")


# ------------------------------------------------------------------ moving
def test_DW_4_1_and_DW_4_2_a_step_costs_one_stone_behind_you():
    g = at_board(figure="c2", tiles={"c3": "forest", "b2": "gate", "d2": "guard"},
                 res={"stones": 2})
    g.apply("move c3")
    b = g.state.boards[0]
    c = g.state.content
    assert b.figure == c.field("c3") and b.stones[c.field("c2")] == 1
    assert g.state.players[0].res["stones"] == 1


def test_DW_4_2_leaving_a_rock_costs_two_stones():
    g = at_board(figure="b3", entry="b0", tiles={"b4": "forest", "a3": "gate", "c3": "guard"},
                 res={"stones": 1})
    assert "move b4" not in g.legal_action_ids()
    assert "needs 2 marker stones" in g.rules.explain_illegal(g.state, "move b4")
    rig(g, res={"stones": 2})
    g.apply("move b4")
    assert g.state.boards[0].stones[g.state.content.field("b3")] == 2


def test_DW_4_1_no_stone_no_step():
    g = at_board(figure="c2", tiles={"c3": "forest"}, res={"stones": 0})
    assert ids(g, "move") == []
    with pytest.raises(dk.IllegalAction, match="needs 1 marker stone; you have 0"):
        g.apply("move c3")


def test_DW_4_3_the_path_may_not_touch_itself():
    # path c0-c1-c2-c3 with stones on c0..c2; from d3, d2 lies next to the stone on c2
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "forest", "d2": "forest",
                                     "e3": "gate", "d4": "guard"}, res={"stones": 5})
    g.apply("move d3")
    assert not g.is_chance
    assert "move d2" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match="next to the marker stone on c2"):
        g.apply("move d2")
    assert "move c3" not in g.legal_action_ids()        # back onto its own stone


def test_DW_4_3_path_rule_allows_fields_away_from_the_path():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "forest", "d4": "forest",
                                     "e3": "gate", "e4": "gate", "d2": "guard"},
                 res={"stones": 5})
    g.apply("move d3")
    assert "move d4" in g.legal_action_ids()
    g.apply("move d4")
    assert g.state.boards[0].figure == g.state.content.field("d4")


def test_DW_5_1_walls_one_entry_no_walking_along_walls():
    g = at_board(figure="c1", tiles={"c2": "gate"}, res={"stones": 3})
    # stepping back onto the bottom wall or along it is not allowed
    assert "move c0" not in g.legal_action_ids()
    assert "wall" in g.rules.explain_illegal(g.state, "move c0")
    assert g.state.boards[0].stones[g.state.content.field("c0")] == 1   # the entry stone


def test_DW_5_1_and_DW_10_3_leaving_over_the_top_wall_needs_fog():
    g = at_board(figure="c7", tiles={"b7": "gate", "d7": "guard", "c6": "forest"},
                 res={"stones": 3})
    assert "leave c8" not in g.legal_action_ids()
    assert "fog" in g.rules.explain_illegal(g.state, "leave c8")
    rig(g, round=11)
    g.apply("leave c8")
    s = g.state
    b, c = s.boards[0], s.content
    assert b.left and b.figure is None
    assert b.stones[c.field("c7")] == 1 and b.stones[c.field("c8")] == 1   # field + wall
    assert s.players[0].res["stones"] == 1 and s.final_turns == 2


# ------------------------------------------------------------------ obstacles & swords
@pytest.mark.parametrize("kind, res", [("thicket", "potions"), ("gate", "books"),
                                       ("guard", "gold")])
def test_DW_7_1_obstacles_cost_three(kind, res):
    g = at_board(figure="c2", tiles={"c3": kind, "b2": "gate", "d2": "guard"},
                 res={res: 2, "stones": 1})
    assert "clear c3" not in g.legal_action_ids()
    assert f"costs 3 {res}" in g.rules.explain_illegal(g.state, "clear c3")
    rig(g, res={res: 3})
    g.apply("clear c3")
    s = g.state
    assert s.players[0].res[res] == 0 and s.players[0].obstacles[kind] == 1
    assert s.boards[0].figure == s.content.field("c3")
    assert s.boards[0].stones[s.content.field("c2")] == 1


def test_DW_7_1_no_obstacle_without_the_stone_behind_you():
    g = at_board(figure="c2", tiles={"c3": "thicket"}, res={"potions": 3, "stones": 0})
    assert "clear c3" not in g.legal_action_ids()


def test_DW_7_2_swords_cost_potion_book_gold_and_are_optional():
    g = at_board(figure="c2", tiles={"c3": "sword", "b2": "gate", "d2": "guard"},
                 res={"potions": 1, "books": 1, "gold": 1, "stones": 2})
    assert {"sword c3", "move c3"} <= set(g.legal_action_ids())
    f = g.fork()
    f.apply("move c3")                                # walk over it as plain forest
    assert f.state.players[0].swords == 1
    g.apply("sword c3")
    p = g.state.players[0]
    assert p.swords == 2 and p.res == {"potions": 0, "books": 0, "gold": 0, "stones": 1}


# ------------------------------------------------------------------ trolls
def test_DW_8_1_adjacent_troll_blocks_until_one_gold():
    g = at_board(figure="c2", tiles={"c3": "forest", "d2": "troll"}, res={"gold": 1,
                                                                          "stones": 3})
    legal = g.legal_action_ids()
    assert "appease d2" in legal and "move c3" not in legal and "end" in legal
    assert not any(a.startswith(("move", "fight", "back")) for a in legal)
    g.apply("appease d2")
    p = g.state.players[0]
    assert p.res["gold"] == 0 and p.trolls == 1 and p.trolls_fresh == 1
    assert "move c3" in g.legal_action_ids() or g.is_chance


def test_DW_8_1_without_gold_the_turn_can_only_end_or_exchange():
    """Also DW-8.2 and DW-0.8: exchanging stays allowed, ending the turn always is."""
    g = at_board(figure="c2", tiles={"d2": "troll"}, res={"gold": 0, "potions": 3})
    assert g.legal_action_ids() == ["exchange potions gold", "end"]


def test_DW_8_3_placing_a_troll_from_an_earlier_round():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"})
    p = g.state.players[0]
    p.trolls, p.trolls_fresh = 1, 1
    g._invalidate()
    assert ids(g, "troll") == []                  # taken this round: not yet
    p.trolls_fresh = 0
    g._invalidate()
    placements_ = ids(g, "troll")
    assert "troll 1 c1 potions" in placements_ and "troll 1 e8 stones" in placements_
    assert not any(a.endswith("gold") for a in placements_)      # 2 of anything but gold
    assert "troll 1 a0 books" in placements_                      # walls are fine
    g.apply("troll 1 c4 books")
    assert g.state.boards[1].trolls[g.state.content.field("c4")] == 1
    assert p.res["books"] == 3 and p.trolls == 0
    p.trolls = 1
    g._invalidate()
    assert ids(g, "troll") == []                  # one troll a round


def test_DW_8_3_trolls_never_on_a_figure_or_stone_and_they_stack():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"})
    s = g.state
    s.boards[1].figure = s.content.field("a0")
    s.boards[1].stones[s.content.field("b1")] = 1
    s.players[0].trolls = 2
    g._invalidate()
    legal = ids(g, "troll")
    assert not any(" a0 " in a or " b1 " in a for a in legal)
    g.apply("troll 1 c5 stones")
    s.round += 1                                   # next round: place another on top
    g._invalidate()
    g.apply("troll 1 c5 potions")
    assert s.boards[1].trolls[s.content.field("c5")] == 2


def test_DW_8_3_boards_of_players_who_left_are_fair_game():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"})
    s = g.state
    s.boards[1].left = True
    s.players[0].trolls = 1
    g._invalidate()
    assert "troll 1 c3 stones" in g.legal_action_ids()


def test_DW_8_1_placed_troll_next_to_the_figure_attacks_and_stacks():
    """Also DW-8.4: a placed troll acts like a troll tile."""
    g = at_board(figure="c2", tiles={"c3": "forest", "b2": "gate", "d2": "guard"},
                 res={"gold": 1, "potions": 0})
    g.state.boards[0].trolls[g.state.content.field("c3")] = 2
    g._invalidate()
    g.apply("appease c3")
    assert g.state.boards[0].trolls[g.state.content.field("c3")] == 1
    assert g.legal_action_ids() == ["end"]          # the second troll still attacks


# ------------------------------------------------------------------ rock monsters
def test_DW_6_1_fights_only_on_or_next_to_a_rock():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"}, swords=3)
    assert ids(g, "fight") == []                   # c2 touches no rock
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=3)
    assert "fight 15 3" in ids(g, "fight")        # c3 is next to the rock b3


def test_DW_6_2_two_swords_at_least_and_beaten_strengths_never_again():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=1)
    assert ids(g, "fight") == []
    rig(g, swords=3)
    assert ids(g, "fight") == [f"fight {s} {d}" for s in (15, 20, 25, 26) for d in (2, 3)]
    g.state.players[0].beaten.append(15)
    g._invalidate()
    assert not any(a.startswith("fight 15") for a in ids(g, "fight"))


def test_DW_6_3_three_rolls_setting_dice_aside():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=4)
    g.apply("fight 26 4")
    assert [a.id for a, _ in g.chance_outcomes()][:2] == ["roll 1 1 1 1", "roll 2 1 1 1"]
    assert len(g.chance_outcomes()) == 126       # multisets of 4 dice
    g.apply("roll 6 6 3 1")
    assert set(ids(g, "keep")) >= {"keep none", "keep 6 6", "keep 6 6 3 1"}
    g.apply("keep 6 6")
    assert len(g.chance_outcomes()) == 21        # 2 dice left
    g.apply("roll 5 2")
    g.apply("keep 5")
    g.apply("roll 6")                             # third roll: fight resolved
    assert g.state.players[0].beaten == [] and g.state.players[0].swords == 3  # 6+6+5+6=23<26


def test_DW_6_4_bonus_stones_buy_pips_after_the_last_roll():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=2,
                 res={"stones": 4})
    g.apply("fight 15 2")
    g.apply("roll 6 5")
    g.apply("keep 6 5")                           # stop: 11, 4 short
    assert g.legal_action_ids()[0] == "bonus 4" and "concede" in g.legal_action_ids()
    g.apply("bonus 4")
    assert g.state.phase == "card"                # four strength-15 cards to choose from
    g.apply("monster 2")
    p = g.state.players[0]
    assert p.res["stones"] == 0 and p.beaten == [15] and p.swords == 2   # 2 dice: lose 0


@pytest.mark.parametrize("dice, lost", [(2, 0), (3, 1), (4, 2), (5, 3), (6, 4)])
def test_DW_6_5_sword_loss_table_on_a_win(dice, lost):
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=6,
                 res={"stones": 3})
    g.apply(f"fight 15 {dice}")
    sixes = " ".join(["6"] * dice)
    g.apply(f"roll {sixes}")
    g.apply(f"keep {sixes}")
    if dice == 2:
        g.apply("bonus 3")                          # 12 + 3 stones = 15
    g.apply("monster 2")
    p = g.state.players[0]
    assert p.swords == 6 - lost and p.swords_spent == lost
    assert [g.state.content.monsters[i].number for i, _ in p.monsters] == [2]
    assert g.state.seat == 1                        # the fight ended the turn


def test_DW_6_5_a_lost_fight_costs_one_sword_and_ends_the_turn():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=3,
                 res={"stones": 0})
    g.apply("fight 20 3")
    g.apply("roll 1 1 1")
    g.apply("keep 1 1 1")
    assert g.legal_action_ids()[-1] == "concede"
    g.apply("concede")
    assert g.state.players[0].swords == 2 and g.state.seat == 1


def test_DW_6_6_monster_1_pays_one_gold_each_later_round():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=2,
                 res={"stones": 6, "gold": 0})
    g.apply("fight 15 2")
    g.apply("roll 6 6")
    g.apply("keep 6 6")
    g.apply("bonus 3")
    g.apply("monster 1")
    assert g.state.players[0].res["gold"] == 0
    g.advance()                                   # Ben's turn, then round 2
    g.apply("enter a0")
    g.apply(g.legal_action_ids()[0])
    g.apply(g.legal_action_ids()[0])
    g.advance()
    g.apply("end")
    assert g.state.round == 2 and g.state.players[0].res["gold"] == 1
    assert "Anna receives 1 gold from rock monster 1." in g.log


def test_DW_6_9_monster_4_doubles_a_market_resource_from_the_next_round():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"})
    s = g.state
    idx = next(i for i in s.middle if s.content.monsters[i].number == 4)
    s.middle.remove(idx)
    s.players[0].monsters.append((idx, 1))
    s.round = 2
    s.phase, s.seat = "place", 0
    s.cells = ["gold"] * 16
    g._invalidate()
    g.apply(g.legal_action_ids()[0])
    s.cells = ["gold", None, None, None] * 3 + ["stones", None, None, None]
    g._invalidate()
    g.apply("border colA")
    assert ids(g, "double") == ["double gold", "double stones", "double none"]
    g.apply("double gold")
    assert s.players[0].res["gold"] == 1 + 3 + 1


def test_DW_6_2_fight_odds_exact_values():
    # two sixes: each die independently becomes a six within 3 rolls: 1 - (5/6)^3 = 91/216
    assert fight_odds(2, 12) == Fraction(91, 216) ** 2
    assert fight_odds(6, 36) == Fraction(91, 216) ** 6
    assert fight_odds(2, 2) == 1 and fight_odds(2, 13) == 0
    assert fight_odds(2, 15, bonus=3) == fight_odds(2, 12)
    assert fight_odds(2, 15) == 0
    for d in range(4, 6):
        assert fight_odds(d, 20) < fight_odds(d + 1, 20)
    with pytest.raises(ValueError, match="dice must be an int 1..6"):
        fight_odds(7, 20)


def test_DW_6_3_advice_sets_aside_high_dice():
    best, p = fight_advice((6, 5, 1), 2, 15)[0]
    assert best == (6, 5) and p == fight_odds(1, 4, 0) or best == (6, 5)
    choices = dict(fight_advice((6, 5, 1), 2, 15))
    assert choices[(6, 5, 1)] == 0                 # stopping at 12 < 15 loses
    assert max(choices.values()) == choices[best]


# ------------------------------------------------------------------ stepping back, exchange, limit
def test_DW_9_2_stepping_back_returns_stones_and_ends_the_turn():
    g = at_board(figure="c4", tiles={"c5": "gate", "b4": "gate", "d4": "guard"},
                 res={"stones": 0})
    assert ids(g, "back") == ["back 1", "back 2", "back 3"]
    g.apply("back 2")
    s = g.state
    b = s.boards[0]
    assert b.figure == s.content.field("c2") and s.players[0].res["stones"] == 2
    assert s.players[0].step_backs == 1 and s.seat == 1


def test_DW_9_2_only_twice_per_game():
    g = at_board(figure="c4", tiles={"c5": "gate", "b4": "gate", "d4": "guard"})
    g.state.players[0].step_backs = 0
    g._invalidate()
    assert ids(g, "back") == []


def test_DW_9_1_exchange_rates():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"},
                 res={"potions": 3, "books": 2, "gold": 2, "stones": 3})
    assert set(ids(g, "exchange")) == {"exchange potions gold", "exchange stones gold",
                                       "exchange gold potions", "exchange gold books",
                                       "exchange gold stones"}
    g.apply("exchange potions gold")
    g.apply("exchange gold books")
    assert g.state.players[0].res == {"potions": 0, "books": 3, "gold": 1, "stones": 3}


def test_DW_9_3_limit_of_six_at_the_end_of_the_turn():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"},
                 res={"potions": 8, "books": 6, "stones": 7, "gold": 0})
    g.apply("end")
    assert g.state.phase == "limit" and g.current_player == 0
    assert g.legal_action_ids() == ["exchange potions gold", "exchange stones gold",
                                    "return potions", "return stones"]
    g.apply("exchange potions gold")
    g.apply("return stones")
    assert g.state.seat == 1                       # 5 potions, 6 stones: turn over
    assert g.state.players[0].res == {"potions": 5, "books": 6, "stones": 6, "gold": 1}


# ------------------------------------------------------------------ fog and the end
def test_DW_10_1_fog_after_exactly_ten_rounds_rising_a_row_a_round():
    s = dk.new_game("deepwood", players=2).state
    rows = {}
    for r in range(1, 16):
        s.round = r
        rows[r] = s.fog_row
    assert all(rows[r] is None for r in range(1, 11))
    assert [rows[r] for r in range(11, 16)] == [1, 2, 3, 4, 5]


def test_DW_10_2_fog_doubles_the_stones_and_rocks_in_fog_take_three():
    g = at_board(figure="c2", tiles={"c3": "forest", "b2": "gate", "d2": "guard"},
                 res={"stones": 2}, round=12)        # fog up to row 2
    g.apply("move c3")
    assert g.state.boards[0].stones[g.state.content.field("c2")] == 2
    g = at_board(figure="b3", entry="b0", tiles={"b4": "forest", "a3": "gate", "c3": "guard"},
                 res={"stones": 3}, round=13)        # fog up to row 3: rock in fog
    g.apply("move b4")
    assert g.state.boards[0].stones[g.state.content.field("b3")] == 3


def test_DW_10_3_after_someone_leaves_everyone_else_has_one_more_turn():
    g = at_board(players=3, figure="c7", tiles={"b7": "gate", "d7": "guard"},
                 res={"stones": 2}, round=12)
    g.apply("leave c8")
    g.apply("end")
    for seat in (1, 2):
        assert g.state.seat == seat and not g.is_over
        pass_turn(g)
    assert g.is_over and g.state.seat == 2
    assert dict(g.score_breakdown(0))["Left the deep forest"] == 5


def test_DW_10_4_the_game_ends_after_round_15():
    g = dk.new_game("deepwood", players=2, seed=5)
    play_out(g, [make_bot("deepwood", "random", seed=1)] * 2)
    assert g.is_over and g.state.round <= 15
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"}, round=15,
                 seat=1)
    g.apply("end")
    assert g.is_over and "round 15 is over" in g.log[-1]


# ------------------------------------------------------------------ scoring
def test_DW_11_2_obstacle_sets_from_the_rulebook():
    """Also DW-11.3 (singles 1 gold) and DW-11.8 (monster 3 as a wildcard)."""
    assert obstacle_set_gold(3, 0, 0) == 15              # 3 thickets
    assert obstacle_set_gold(1, 1, 1) == 15              # one of each
    assert obstacle_set_gold(1, 0, 0) == 1               # single
    assert obstacle_set_gold(4, 1, 1) == 15 + 15         # 3 alike + mixed? no: best = 30
    assert obstacle_set_gold(4, 4, 4) == 60              # 4 mixed sets
    assert obstacle_set_gold(5, 1, 0) == 15 + 3          # 3 thickets + 2 + 1 singles
    assert obstacle_set_gold(0, 0, 0, wildcards=1) == 1  # monster 3 alone: one obstacle
    assert obstacle_set_gold(2, 0, 0, wildcards=1) == 15
    with pytest.raises(ValueError, match="thickets must be a non-negative int"):
        obstacle_set_gold(-1, 0, 0)


def test_DW_11_2_best_partition_beats_greedy():
    # 3 thickets + 1 gate + 1 guard: greedy "3 alike" gives 15+1+1 = 17, as does the mix
    # 1 mixed + 2 thickets singles = 17; 6/3/3: two 3-alike thickets + mixed... = 45+...
    assert obstacle_set_gold(6, 3, 3) == 60
    assert obstacle_set_gold(4, 2, 2) == 15 + 15 + 2     # 2 mixed sets + 2 thickets singles


def test_breakdown_lists_every_scoring_line():
    """DW-11.1 (3:1 leftovers), DW-11.2/11.3/11.8 (sets with the monster-3 wildcard), DW-11.4
    (trolls, swords), DW-11.5, DW-11.6 (leaving, monster gold, coins), DW-11.9 (line by line)."""
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"},
                 res={"potions": 7, "books": 3, "stones": 2, "gold": 4})
    s = g.state
    p = s.players[0]
    p.obstacles = {"thicket": 3, "gate": 1, "guard": 0}
    p.trolls, p.swords = 2, 3
    idx = next(i for i in s.middle if s.content.monsters[i].number == 3)
    p.monsters.append((idx, 1))
    s.boards[0].left = True
    lines = dict((k.split(" (")[0], v) for k, v in g.score_breakdown(0))
    # 3 thickets + 1 gate + wildcard: one set (15) and two singles, however it is split
    assert lines == {"Obstacle sets and singles": 15 + 2, "Trolls": 2,
                     "Swords still face up": 3, "Left the deep forest": 5,
                     "Longest path": 15, "Rock-monster treasures": 5, "Gold coins": 4,
                     "Leftover potions, books, stones": 2 + 1 + 0}
    assert g.scores()[0] == sum(lines.values())


def test_DW_11_5_longest_path_only_for_those_who_left_and_ties_pay_ten():
    """Also DW-10.6: those who stay in the forest do not count for the longest path."""
    g = at_board(players=3, figure="c4", tiles={"c5": "gate", "b4": "gate", "d4": "guard"})
    s = g.state
    assert dict(g.score_breakdown(0))["Longest path (4 fields)"] == 0     # not left
    for seat in (0, 1):
        s.boards[seat].left = True
        s.boards[seat].stones = [1] * 5 + [0] * 40
    gold = [dict((k.split(" (")[0], v) for k, v in g.score_breakdown(i))["Longest path"]
            for i in range(3)]
    assert gold == [10, 10, 0]
    s.boards[1].stones[10] = 1
    gold = [dict((k.split(" (")[0], v) for k, v in g.score_breakdown(i))["Longest path"]
            for i in range(3)]
    assert gold == [0, 15, 0]


def test_DW_11_7_tie_break_by_strongest_monster_then_shared():
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"})
    s = g.state
    for p in s.players:
        p.res = {"potions": 0, "books": 0, "stones": 0, "gold": 10}
        p.swords = 0
    assert g.winners() == [0, 1]
    s.players[1].beaten = [20]
    assert g.winners() == [1]
