"""What may happen "jederzeit" in a turn (issue 10, section 5): trolls during and after a
rock-monster fight (DW-8.5, DW-6.5), exchanging and placing trolls in the market part of
the turn (DW-9.1, DW-8.3), and action labels that show the whole price (DW-7.1, DW-7.2).

Each test here fails on the engine before this reading: it offered no troll during any
fight, passed the turn right after a won fight, offered exchanges and trolls only on the
board, and labelled a thicket "Pay 3 potions" although the step costs a stone too.
"""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood.rules import bonus_reach

from .helpers import at_board, dealt, ids, rig

FIGHT_SPOT = {"figure": "c3", "tiles": {"c4": "gate", "d3": "guard"}}   # next to rock b3


def with_troll(g: dk.Game, seat: int = 0) -> dk.Game:
    """Give ``seat`` one troll taken in an earlier round (ready to place, DW-8.3)."""
    p = g.state.players[seat]
    p.trolls, p.trolls_fresh = 1, 0
    g._invalidate()
    return g


def short_of_three(res: dict[str, int]) -> dk.Game:
    """Anna fights strength 15 with 2 swords and stops at 6 + 6 = 12: 3 pips short."""
    g = with_troll(at_board(**FIGHT_SPOT, swords=2,
                            res={"potions": 0, "books": 0, "gold": 0, **res}))
    g.apply("fight 15 2")
    g.apply("roll 6 6")
    g.apply("keep 6 6")
    assert g.state.phase == "bonus"
    return g


# ------------------------------------------------------------------ trolls and fights
def test_DW_8_5_a_troll_for_the_two_stones_that_win_the_fight():
    """The issue's case: 1 stone, 3 pips short; a troll brings 2 stones, which win."""
    g = short_of_three({"stones": 1})
    trolls = ids(g, "troll")
    assert "troll 1 c5 stones" in trolls
    assert not any(t.endswith(("potions", "books")) for t in trolls)   # those cannot win
    assert "bonus 3" not in g.legal_action_ids()
    g.apply("troll 1 c5 stones")
    assert g.state.players[0].res["stones"] == 3
    assert g.legal_action_ids() == ["bonus 3"]     # committed: the fight may not be lost
    g.apply("bonus 3")
    g.apply("monster 2")
    p = g.state.players[0]
    assert p.beaten == [15] and p.res["stones"] == 0 and p.trolls == 0
    assert g.state.boards[1].trolls[g.state.content.field("c5")] == 1
    assert g.state.seat == 1                      # troll used: the won fight ends the turn


def test_DW_8_5_a_troll_placed_in_a_fight_forbids_the_defeat():
    """After the troll, accepting the defeat and exchanges that spoil the payment are
    refused with a reason, and the game stays as it was."""
    g = short_of_three({"stones": 1, "books": 3})
    g.apply("troll 1 c5 stones")
    assert g.state.fight.troll_placed
    before = g.to_json()
    for bad in ("concede", "exchange stones gold"):
        with pytest.raises(dk.IllegalAction, match="troll during this fight"):
            g.apply(bad)
    assert g.to_json() == before
    # exchanging books for gold keeps the 3 stones: still allowed
    assert g.legal_action_ids() == ["bonus 3", "exchange books gold"]


def test_DW_8_5_only_a_troll_that_can_still_win_the_fight():
    """5 pips short with 1 stone: 2 more stones are not enough, so no troll is offered;
    the defeat stays open. With 2 gold to exchange it becomes possible (1 + 2 + 1 + ...)."""
    g = with_troll(at_board(**FIGHT_SPOT, swords=2,
                            res={"potions": 0, "books": 0, "gold": 0, "stones": 1}))
    g.apply("fight 15 2")
    g.apply("roll 5 5")
    g.apply("keep 5 5")                           # 10: 5 short
    assert ids(g, "troll") == [] and g.legal_action_ids()[-1] == "concede"
    with pytest.raises(dk.IllegalAction, match="missing pips can then still be paid"):
        g.apply("troll 1 c5 stones")
    g.state.players[0].res["gold"] = 4            # 4 gold = 2 stones by exchange
    g._invalidate()
    assert bonus_reach(g.state.players[0].res, "stones") == 3
    assert "troll 1 c5 stones" in g.legal_action_ids()       # 1 + 2 + 2 = 5
    assert "troll 1 c5 books" not in g.legal_action_ids()    # 1 + 2 = 3 < 5


def test_DW_8_5_no_troll_while_the_dice_are_rolled():
    g = with_troll(at_board(**FIGHT_SPOT, swords=3))
    g.apply("fight 15 3")
    assert ids(g, "troll") == [] == ids(g, "exchange") or g.is_chance
    g.apply("roll 6 5 1")
    assert g.state.phase == "keep" and ids(g, "troll") == []
    with pytest.raises(dk.IllegalAction, match="no troll while the dice are rolled"):
        g.apply("troll 1 c5 stones")


def test_DW_8_5_after_a_won_fight_a_troll_may_still_be_placed():
    """Also DW-6.5: the won fight ends the board part; the turn goes on for the troll."""
    g = with_troll(at_board(**FIGHT_SPOT, swords=3, res={"potions": 3}))
    g.apply("fight 15 3")
    g.apply("roll 6 6 6")
    g.apply("keep 6 6 6")
    g.apply("monster 2")
    assert g.state.phase == "won" and g.state.seat == 0
    legal = g.legal_action_ids()
    assert "troll 1 c5 books" in legal and "exchange potions gold" in legal
    assert legal[-1] == "end" and not any(a.split()[0] in ("move", "fight", "back", "clear")
                                          for a in legal)
    with pytest.raises(dk.IllegalAction, match="the fight ended the board part"):
        g.apply("move c4")
    g.apply("troll 1 c5 books")
    assert ids(g, "troll") == [] and g.legal_action_ids()[-1] == "end"
    g.apply("end")
    assert g.state.seat == 1 and g.state.players[0].res["books"] == 1 + 2


def test_DW_8_5_a_won_fight_without_a_troll_to_place_ends_the_turn_at_once():
    g = at_board(**FIGHT_SPOT, swords=3, res={"potions": 3})
    g.apply("fight 15 3")
    g.apply("roll 6 6 6")
    g.apply("keep 6 6 6")
    g.apply("monster 2")
    assert g.state.seat == 1 and g.state.phase == "entry"   # Ben begins his turn


def test_DW_8_5_never_during_or_after_a_lost_fight():
    g = with_troll(at_board(**FIGHT_SPOT, swords=3, res={"stones": 0}))
    g.apply("fight 26 3")                          # monster 7: no bonus resources
    g.apply("roll 1 1 1")
    g.apply("keep 1 1 1")                          # lost at once, no bonus phase
    assert g.state.seat == 1 and g.state.players[0].trolls == 1
    g = short_of_three({"stones": 0})             # 3 short, nothing can make 3 stones
    assert ids(g, "troll") == []
    g.apply("concede")
    assert g.state.seat == 1 and g.state.players[0].trolls == 1


# ------------------------------------------------------------------ the market part
def market_turn(res: dict[str, int]) -> dk.Game:
    """Anna's first turn, right after choosing her entry field: the market part starts."""
    g = dealt(2)
    g.apply("enter c0")
    rig(g, res=res)
    return g


def test_DW_9_1_exchanging_in_the_market_part_of_the_turn():
    g = market_turn({"potions": 3, "gold": 2})
    assert g.state.phase == "place"
    assert {"exchange potions gold", "exchange gold books"} <= set(ids(g, "exchange"))
    g.apply("exchange potions gold")
    assert g.state.phase == "place" and g.state.players[0].res["gold"] == 3
    g.apply(ids(g, "place")[0])
    assert g.state.phase == "border" and "exchange gold stones" in g.legal_action_ids()
    g.apply("exchange gold stones")
    assert g.state.phase == "border" and g.state.players[0].res["stones"] == 2
    g.apply(ids(g, "border")[0])
    assert g.state.phase in ("draw", "double")


def test_DW_9_1_exchanging_while_doubling_with_monster_4():
    g = market_turn({"books": 3})
    s = g.state
    idx = next(i for i in s.middle if s.content.monsters[i].number == 4)
    s.middle.remove(idx)
    s.players[0].monsters.append((idx, 0))        # won in an earlier round
    s.cells = ["gold"] * 16
    g._invalidate()
    g.apply(ids(g, "place")[0])
    g.apply("border row1")
    assert s.phase == "double" and "exchange books gold" in g.legal_action_ids()
    g.apply("exchange books gold")
    assert s.phase == "double" and ids(g, "double")[-1] == "double none"


def test_DW_8_3_placing_a_troll_in_the_market_part_of_the_turn():
    g = with_troll(market_turn({}))
    assert "troll 1 c5 potions" in g.legal_action_ids()
    g.apply("troll 1 c5 potions")
    assert g.state.phase == "place" and g.state.players[0].res["potions"] == 1 + 2
    assert ids(g, "troll") == []                  # one a round
    g.apply(ids(g, "place")[0])
    assert ids(g, "troll") == []


def test_DW_8_3_no_exchange_before_the_turn_begins():
    """Choosing the entry wall field comes right before the first turn (DW-1.6)."""
    g = dealt(2)
    rig(g, res={"potions": 3})
    assert g.state.phase == "entry" and ids(g, "exchange") == []


# ------------------------------------------------------------------ labels
def labels(g: dk.Game) -> dict[str, str]:
    return {a.id: a.label for a in g.legal_actions()}


def test_DW_7_1_clear_label_shows_the_stone_of_the_step():
    g = at_board(figure="c2", tiles={"c3": "thicket", "b2": "gate", "d2": "guard"},
                 res={"potions": 3, "books": 3, "gold": 3, "stones": 1})
    lab = labels(g)
    assert lab["clear c3"] == "Pay 3 potions and 1 stone to clear the thicket at c3"
    assert lab["clear b2"] == "Pay 3 books and 1 stone to clear the gate at b2"
    assert lab["clear d2"] == "Pay 3 gold and 1 stone to clear the guard at d2"


def test_DW_7_2_sword_label_shows_the_stones_of_the_step_from_a_rock_in_fog():
    """Also DW-10.2: leaving a rock in the fog lays 3 stones."""
    g = at_board(figure="b2", tiles={"b4": "sword", "a3": "gate", "c3": "guard"},
                 res={"potions": 1, "books": 1, "gold": 1, "stones": 3}, round=13)
    s = g.state
    b = s.boards[0]
    b.figure = s.content.field("b3")                  # on the rock b3; round 13: fog to row 3
    b.path.append(b.figure)
    b.stones[s.content.field("b2")] = 1
    g._invalidate()
    lab = labels(g)
    assert lab["sword b4"] == "Pay 1 potion, 1 book, 1 gold and 3 stones to collect the " \
                              "sword at b4"
    assert lab["move b4"] == "Move to b4 (3 stones)"
