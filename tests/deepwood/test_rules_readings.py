"""Tests for the overview rules, the designed content and every reading the engine chose
where the rulebook is ambiguous (docs/rules/deepwood.md, the rules marked **reading:**)."""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood import load_content
from deepwood_kernel.games.deepwood.content import DEFAULT_FILE
from deepwood_kernel.games.deepwood.rules import MAX_DICE, stones_to_leave

from .helpers import at_board, dealt, ids, pass_turn, rig


def test_DW_0_1_two_to_four_players():
    info = dk.GAMES["deepwood"]
    assert (info.min_players, info.max_players) == (2, 4)


def test_DW_0_4_components_and_DW_0_6_tile_kinds():
    c = load_content()
    assert len(c.monsters) == 9 and len(c.strips) == 39 and MAX_DICE == 6
    per_player = (sum(c.beside_board.values()) + sum(c.face_up_bottom.values())
                  + sum(c.face_down.values()))
    assert per_player == 36
    assert set(c.face_down) == {"forest", "thicket", "gate", "guard", "sword", "troll"}


def test_DW_0_5_and_DW_1_7_the_general_supply_never_runs_out():
    g = dealt(2)
    s = g.state
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    s.players[0].res["gold"] = 10_000          # far more coins than the box holds
    s.cells = ["gold"] * 16
    g._invalidate()
    g.apply("border row1")
    assert s.players[0].res["gold"] == 10_004


def test_DW_0_7_a_turn_is_market_first_then_board():
    g = dealt(2)
    phases = []
    g.apply("enter c0")
    phases.append(g.state.phase)
    g.apply(g.legal_action_ids()[0])
    phases.append(g.state.phase)
    g.apply(g.legal_action_ids()[0])
    phases.append(g.state.phase)
    g.advance()
    phases.append(g.state.phase)
    assert phases == ["place", "border", "draw", "board"]
    assert "end" in g.legal_action_ids()


def test_DW_0_8_ending_the_turn_is_always_allowed_on_the_board():
    g = at_board(figure="c2", tiles={"c3": "forest", "b2": "gate", "d2": "guard"},
                 res={"stones": 3})
    assert g.legal_action_ids()[-1] == "end"
    g.apply("end")
    assert g.state.seat == 1


def test_DW_0_9_next_to_means_orthogonal():
    g = at_board(figure="c2", tiles={"d3": "troll", "c3": "forest", "b2": "gate",
                                     "d2": "guard"}, res={"stones": 3})
    assert ids(g, "appease") == [] and "move c3" in g.legal_action_ids()   # diagonal troll
    # c4 touches the rocks b3 and d5 only diagonally: no fight there
    g = at_board(figure="c4", tiles={"c5": "gate", "d4": "guard", "b4": "forest"},
                 swords=2)
    assert ids(g, "fight") == []
    assert "next to one" in g.rules.explain_illegal(g.state, "fight 15 2")


def test_DW_0_10_resources_open_hands_secret():
    g = dealt(3)
    v = g.view(1)
    assert v["players"][0]["res"] == {"potions": 1, "books": 1, "gold": 1, "stones": 1}
    assert v["players"][0]["hand"] == 3 and len(v["players"][1]["hand"]) == 3


def test_DW_1_9_clockwise_from_the_start_player():
    g = dealt(3)
    order = []
    for _ in range(4):
        order.append(g.state.seat)
        pass_turn(g)
    assert order == [0, 1, 2, 0] and g.state.round == 2


def test_DW_1_10_to_1_13_designed_board():
    """DW-1.10, DW-1.11, DW-1.12, DW-1.13: the designed board, rocks, side tiles, tile mix."""
    c = load_content()
    assert (c.columns, c.rows) == (5, 7)
    assert [c.name(f) for f in c.rocks] == ["b3", "d5"]
    assert c.beside_board == {"sword": 1, "step_back": 2}
    assert c.face_down == {"forest": 7, "thicket": 4, "gate": 4, "guard": 4, "sword": 5,
                           "troll": 4}


def test_DW_1_14_designed_strips_and_content_errors_name_the_problem(tmp_path):
    c = load_content()
    marks = [st.mark for st in c.strips]
    assert (marks.count(None), marks.count(2), marks.count(4)) == (19, 13, 7)
    bad = tmp_path / "content.toml"
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    bad.write_text(text.replace('"SPB", "SGS"', '"SPX", "SGS"'), encoding="utf-8")
    with pytest.raises(dk.ContentError, match=r"content.toml: \[strips.all.0\] holds 'SPX'; allowed: 3 cells"):
        load_content(str(bad))
    with pytest.raises(ValueError, match="cannot start|content"):
        dk.new_game("deepwood", content=str(bad))


def test_DW_2_7_no_strips_slide_off_pile():
    """The dexterity rule is left out: strips are only ever in the pile, on the market or in
    hands (the property tests check the sum after every step)."""
    s = dealt(2).state
    assert len(s.pile) + len(s.market) + sum(len(p.hand) for p in s.players) == 26
    assert not hasattr(s, "set_aside")


def test_DW_3_2_bare_floor_lets_the_view_through():
    g = at_board(figure="c1", tiles={"c2": None, "b1": "forest", "d1": "forest"})
    rig(g, reveal=True)
    assert g.state.reveal_at == g.state.content.field("c3")


def test_DW_3_3_reveals_come_at_the_start_of_the_board_part():
    g = dealt(2)
    g.apply("enter c0")
    g.apply(g.legal_action_ids()[0])
    g.apply(g.legal_action_ids()[0])
    g.step()                                      # draw the strip
    assert g.is_chance and g.state.phase == "reveal"
    assert g.state.reveal_at == g.state.content.field("c2")   # up the entry column


def test_DW_3_4_placed_trolls_and_walked_over_swords_stop_the_view():
    g = at_board(figure="c1", tiles={"c2": "sword", "b1": "forest", "d1": "forest"})
    rig(g, reveal=True)
    assert not g.is_chance                        # the sword on c2 stops the view
    g = at_board(figure="c1", tiles={"c2": "forest", "b1": "forest", "d1": "forest"})
    g.state.boards[0].trolls[g.state.content.field("c3")] = 1
    rig(g, reveal=True)
    assert not g.is_chance                        # the troll on c3 stops it


def test_DW_4_4_obstacles_trolls_and_face_down_tiles_cannot_be_walked_onto():
    g = at_board(figure="c2", tiles={"c3": "thicket", "b2": "gate", "d2": "guard"},
                 res={"stones": 3, "potions": 0})
    assert ids(g, "move") == []
    assert "clear it" in g.rules.explain_illegal(g.state, "move c3")


def test_DW_5_2_wall_fields_are_never_in_fog():
    g = at_board(figure="c1", tiles={"c2": "gate"}, round=15)
    s = g.state
    assert stones_to_leave(s, s.content.field("c0")) == 1
    assert stones_to_leave(s, s.content.field("c1")) == 2      # row 1 is in fog


@pytest.mark.parametrize("strength, bonus", [(15, "stones"), (20, "books"), (25, "potions")])
def test_DW_6_7_to_6_11_bonus_resource_by_monster(strength, bonus):
    """DW-6.7, DW-6.8 (strength 15: stones), DW-6.10 (20: books), DW-6.11 (25: potions)."""
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=5,
                 res={bonus: 6, "stones": 6}, players=4)
    g.apply(f"fight {strength} 4")
    g.apply("roll 3 3 3 3")
    g.apply("keep 3 3 3 3")
    need = strength - 12
    legal = g.legal_action_ids()
    assert (f"bonus {need}" in legal) is (need <= 6)
    assert legal[-1] == "concede"


def test_DW_6_12_monster_7_allows_no_bonus():
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=5,
                 res={"stones": 6, "books": 6, "potions": 6})
    g.apply("fight 26 4")
    g.apply("roll 6 6 6 6")
    g.apply("keep 6 6 6 6")                       # 24 < 26: lost, no bonus offered
    assert g.state.seat == 1 and g.state.players[0].swords == 4


@pytest.mark.parametrize("number, gold", [(2, 15), (3, 5), (5, 20), (6, 25), (7, 30), (1, 0),
                                          (4, 0)])
def test_DW_6_7_to_6_12_monster_gold(number, gold):
    """DW-6.7, DW-6.8, DW-6.10, DW-6.11, DW-6.12: each card's gold at the end."""
    g = at_board(figure="c2", tiles={"c3": "gate", "b2": "gate", "d2": "guard"})
    s = g.state
    idx = next(i for i in s.middle if s.content.monsters[i].number == number)
    s.players[0].monsters.append((idx, 1))
    treasure = [v for k, v in g.score_breakdown(0) if k.startswith("Rock-monster")][0]
    assert treasure == gold


def test_DW_10_5_a_player_who_left_never_plays_again_and_round_15_is_the_cap():
    g = at_board(players=3, figure="c7", tiles={"b7": "gate", "d7": "guard"},
                 res={"stones": 2}, round=15, seat=1)
    g.apply("leave c8")
    g.apply("end")
    assert g.state.seat == 2                      # Clara's last turn ...
    pass_turn(g)
    assert g.is_over                              # ... and Anna gets none: round 15 is over


def test_DW_0_2_and_DW_0_3_a_path_from_the_bottom_wall_over_the_top_wall():
    """The goal: walk from the bottom wall over the top wall; the game then ends early."""
    from deepwood_kernel.sim import make_bot, play_out
    for seed in range(20):
        g = dk.new_game("deepwood", players=2, seed=seed)
        play_out(g, [make_bot("deepwood", "heuristic", seed=i) for i in range(2)])
        leavers = [b for b in g.state.boards if b.left]
        if leavers:
            b = leavers[0]
            cols = g.state.content.columns
            assert b.path[0] // cols == 0 and b.path[-1] // cols == 8
            assert g.state.round <= 15 and "left" in g.log[-1] or "one more turn" in g.log[-1]
            return
    pytest.fail("no heuristic game out of 20 left the forest")


def test_DW_10_7_a_game_that_reaches_6000_plies_ends_and_is_scored_as_it_stands(tmp_path):
    """No game with the designed content comes near 6,000 plies, but a content file that
    starts everyone with 18,000 potions makes a legal one: Anna exchanges 3 potions for
    1 gold again and again in her first turn. At ply 6,000 the game is over, scored as it
    stands (DW-11): nobody left, so no 5 gold and no longest path for anyone."""
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    assert "[start]\npotions = 1\n" in text
    rich = tmp_path / "rich.toml"
    rich.write_text(text.replace("[start]\npotions = 1\n", "[start]\npotions = 18000\n"),
                    encoding="utf-8")
    g = dk.new_game("deepwood", players=2, seed=3, content=str(rich))
    assert g.max_game_length == dk.GAMES["deepwood"].max_game_length == 6_000
    g.advance()
    g.apply("enter c0")
    g.apply(ids(g, "place")[0])
    g.apply(ids(g, "border")[0])
    g.advance()
    start = g.scores()
    plies_before, gold_before = len(g.history), g.state.players[0].res["gold"]
    while not g.is_over:
        g.apply("exchange potions gold")
    assert len(g.history) == 6_000
    assert g.log[-1] == "The game ends: it reached the maximum game length of 6,000 plies."
    assert g.scores() == start                   # 3 potions and 1 gold score alike (DW-11.1)
    ben = dict(g.score_breakdown(1))
    assert g.scores()[1] == 1 + 1 + 18_000 // 3  # starting sword, 1 coin, potions 3 : 1
    anna = dict(g.score_breakdown(0))
    assert anna["Left the deep forest"] == ben["Left the deep forest"] == 0
    assert [v for k, v in anna.items() if k.startswith("Longest path")] == [0]
    exchanges = sum(step.id == "exchange potions gold" for step in g.history)
    assert exchanges == 6_000 - plies_before
    assert anna["Gold coins"] == gold_before + exchanges
    with pytest.raises(dk.IllegalAction):
        g.apply("end")


def test_DW_10_7_a_fight_in_progress_is_broken_off():
    """The length rule reached in a fight: no card, no sword lost (tests/hardening forces
    the same rule sooner the same way)."""
    g = at_board(figure="c3", tiles={"c4": "gate", "d3": "guard"}, swords=3)
    g.apply("fight 15 3")
    g.apply("roll 6 5 1")
    g._max_len = len(g.history) + 1
    g.apply("keep 6 5")
    p = g.state.players[0]
    assert g.is_over and g.state.fight is None
    assert p.swords == 3 and p.beaten == [] and p.monsters == []
    assert "maximum game length" in g.log[-1]
