"""Dungeon Draw: set-up (DD-1), market (DD-2), hand (DD-3), the simultaneous exploration
(DD-4.7), rewards (DD-7), clean-up (DD-8), game end (DD-9), the market and clean-up spell
books (DD-10) and the goals (DD-11)."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.dungeondraw import rules as R
from deepwood_kernel.core.errors import ContentError
from deepwood_kernel.games.dungeondraw.content import DEFAULT_FILE, load_content, parse_content
from deepwood_kernel.games.dungeondraw.scoring import exit_points, score_breakdown, winners
from deepwood_kernel.games.dungeondraw.state import Round

from deepwood_kernel.sim import make_bot, play_out

from .helpers import check_invariants, pass_all, to_explore, to_market

C = load_content()
STARTS = ["s1", "s2", "s3", "s4", "s5"]


def rigged(players=2, seed=0, books=("SB-10", "SB-16"), goal="coin", rows=None,
           options=None) -> dk.Game:
    """A game whose set-up draws are forced: face-up books, rows and the main goal."""
    g = dk.new_game("dungeondraw", players=players, seed=seed, options=options)
    rows = rows or {}
    while g.is_chance:
        t = g.state.tasks[0]
        if t[0] == "book":
            g.apply(f"book {books[t[1]]}")
        elif t[0] == "row" and t[1] in rows:
            g.apply(f"card {rows[t[1]][t[2]]}")
        elif t[0] == "goal":
            g.apply(f"goal {goal}")
        else:
            g.step()
    assert g.state.phase == "market"
    return g


def coin_round(g: dk.Game, second="coin+hourglass") -> None:
    """Both players lay Clay Hall only; seat 0 walks across it (a coin, an exit), seat 1
    ends at once."""
    to_explore(g, {0: STARTS, 1: STARTS})
    g.apply("place s1 0 0 0")
    g.apply("place s1 0 0 0")
    g.apply("build done")
    g.apply("build done")
    for a0, a1 in (("start 0.L1", "start 0.L1"), ("go 0.c01", "end")):
        g.apply(a0)
        g.apply(a1)
    for a in ("go 0.c11", "go 0.R1"):
        g.apply(a)
    assert g.is_chance and g.state.tasks[0] == ("goal", "second")
    g.apply(f"goal {second}")


# ================================================================= DD-0
def test_DD_0_1_players_rounds_and_the_length_rule():
    """DD-0.1: 2-5 players, 6 rounds; at the length bound the game ends and scores."""
    info = dk.GAMES["dungeondraw"]
    assert (info.min_players, info.max_players, info.max_game_length) == (2, 5, 20_000)
    g = to_market(3)
    g.rules.end_by_length(g.state)
    assert g.is_over and g.scores() == [2, 2, 2] and g.legal_action_ids() == []


def test_DD_0_2_a_round_goes_through_its_phases_in_order():
    """DD-0.2: main goal, market, hand, exploration, rewards, clean-up."""
    g = rigged()
    phases = ["market"]
    pass_all(g)
    while g.state.round == 1:
        if g.is_chance:
            g.step()
        else:
            g.apply(g.legal_action_ids()[-1] if g.state.phase != "explore" else
                    g.legal_action_ids()[0])
        if g.state.phase != phases[-1]:
            phases.append(g.state.phase)
    assert phases[:5] == ["market", "draw", "explore", "score", "cleanup"]
    assert g.state.phase == "market" and g.state.round == 2


# ================================================================= DD-1 set-up
def test_DD_1_1_to_1_3_fairy_market_books_and_dungeon_stacks():
    """DD-1.1 four kinds of 5 fairy tiles; DD-1.2 two face-up spell books; DD-1.3 four
    stacks by cost with two face-up cards each."""
    g = to_market(2)
    s = g.state
    assert s.fairy == {"key": 5, "rope": 5, "scroll": 5, "sword": 5}
    assert None not in s.book_row and sum(s.book_deck.values()) == len(C.books) - 2
    for cost in (3, 4, 5, 6):
        assert None not in s.rows[cost] and sum(s.stacks[cost].values()) == 6


def test_DD_1_4_and_7_2_coins_come_from_an_unlimited_bank():
    """DD-1.4: coins found are taken, whatever others hold (no bank to run dry); DD-7.2."""
    g = rigged()
    coin_round(g)
    assert g.state.players[0].coins == 7 and g.state.players[1].coins == 6


def test_DD_1_5_and_7_6_the_score_sheet_row_of_a_round():
    """DD-1.5 each round fills one sheet row; DD-7.6 the exit is ticked or crossed out."""
    g = rigged()
    coin_round(g)
    r0, r1 = (p.sheet[0] for p in g.state.players)
    assert isinstance(r0, Round) and r0.exit and not r1.exit


def test_DD_1_6_and_11_13_the_goal_deck():
    """DD-1.6 a face-down goal deck; DD-11.13 24 cards, two of each goal, one with an
    hourglass."""
    g = dk.new_game("dungeondraw", players=2, seed=0)
    while g.state.tasks[0][0] != "goal":
        g.step()
    outs = g.chance_outcomes()
    assert len(outs) == 24 and all(p == Fraction(1, 24) for _, p in outs)
    assert sum(a.id.endswith("+hourglass") for a, _ in outs) == 12


def test_DD_1_7_and_1_8_starting_deck_and_coins():
    """DD-1.7 9 starting cards, no pits/ropes/portals; DD-1.8 6 coins."""
    g = to_market(3)
    for p in g.state.players:
        assert p.coins == 6 and sorted(p.deck) == sorted(C.start_cards)
    for k in C.start_cards:
        assert not any(C.cards[k].count(t) for t in ("trap", "lava", "rope", "portal"))
    data = tomllib.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    data["card"][0]["nodes"] = ["c01 corridor rope", "c11 corridor"]
    with pytest.raises(ContentError, match="no pits, ropes or portals"):
        parse_content(data, "x.toml")


def test_DD_1_9_every_draw_is_exact_over_what_is_left():
    """DD-1.9: the first spell book is one of 17, each 1/17; a hand draw weighs the deck."""
    g = dk.new_game("dungeondraw", players=2, seed=0)
    outs = g.chance_outcomes()
    assert len(outs) == 17 and {p for _, p in outs} == {Fraction(1, 17)}
    g = rigged()
    pass_all(g)
    outs = g.chance_outcomes()
    assert [a.id for a, _ in outs] == [f"draw s{i}" for i in range(1, 10)]
    assert g.chance_outcomes(seat=1)[0][0].id == "?a face-down card"


# ================================================================= DD-2 the market
def test_DD_2_1_and_8_1_main_goal_each_round():
    """DD-2.1 round 1's main goal at set-up; DD-8.1 the next one at clean-up, none after
    the last round."""
    g = rigged(goal="barrel")
    assert g.state.main_goal == "barrel"
    coin_round(g)
    assert g.state.tasks == [("goal", "main")]
    g = rigged(options={"rounds": 1})
    coin_round(g)
    assert g.is_over and g.state.tasks == []


def test_DD_2_2_turn_order_youngest_then_fewest_coins_then_points():
    """DD-2.2: seat 0 first in round 1; then fewest coins; ties by fewer points."""
    g = rigged()
    assert g.current_player == 0
    s = g.state
    for p, coins, blue in zip(s.players, (5, 5), (3, 1)):
        p.coins, p.sheet = coins, [Round(blue=blue)]
    s.round = 2
    R._start_market(s)
    assert s.order == [1, 0]
    s.players[0].coins = 4
    R._start_market(s)
    assert s.order == [0, 1]


def test_DD_2_3_one_object_per_turn_or_pass_for_the_round():
    """DD-2.3: after a purchase the turn passes; a player who passed is skipped."""
    g = rigged()
    g.apply("buy fairy sword")
    assert g.current_player == 1
    g.apply("pass")
    assert g.current_player == 0
    g.apply("buy fairy rope")
    assert g.current_player == 0            # seat 1 passed: seat 0 buys on
    g.apply("pass")
    assert g.state.phase == "draw"


def test_DD_2_4_coins_are_saved():
    """DD-2.4: unspent coins stay for the next round."""
    g = rigged()
    g.apply("buy fairy sword")
    coin_round(g)
    assert g.state.players[0].coins == 6       # 6 - 1 + 1 found


def test_DD_2_5_fairy_tiles_cost_1_and_go_back_when_used():
    """DD-2.5: a tile costs 1 coin; used, it returns to the market at once; it is no
    discovery for the goals."""
    g = rigged()
    g.apply("buy fairy sword")
    assert g.state.players[0].coins == 5 and g.state.fairy["sword"] == 4
    to_explore(g, {0: STARTS, 1: STARTS})
    g.apply("place s5 0 0 0")
    g.apply("place s1 0 0 0")
    g.apply("build done")
    g.apply("build done")
    g.apply("start 0.T1")
    g.apply("start 0.L1")
    g.apply("go 0.c10")
    g.apply("end")
    g.apply("go 0.c11")
    assert g.legal_action_ids() == ["use fairy", "end"]
    g.apply("use fairy")
    assert g.state.fairy["sword"] == 5 and g.state.players[0].fairy == {"sword": 0}
    assert "sword" not in g.state.players[0].path.found


def test_DD_2_6_spell_books_cost_2_at_most_two_kept():
    """DD-2.6: a third book means laying one of the OTHER two aside ("1 anderes
    Zauberbuch"): the book just bought is never offered."""
    g = rigged(books=("SB-1", "SB-3"))
    g.apply("buy book 0")
    g.advance()
    g.apply("pass")
    g.apply("buy book 1")
    g.advance()
    assert g.state.players[0].coins == 2
    g.apply("buy book blind")
    g.advance()
    assert g.current_player == 0 and g.legal_action_ids()[0].startswith("drop ")
    third = g.state.players[0].books[-1]
    assert len(g.legal_action_ids()) == 2
    assert f"drop {third}" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction):
        g.apply(f"drop {third}")
    assert third in g.state.players[0].books
    g.apply("drop SB-1")
    assert "SB-1" not in g.state.players[0].books and len(g.state.players[0].books) == 2
    assert "SB-1" in g.state.book_discard
    check_invariants(g)


def test_DD_2_7_and_3_1_a_bought_dungeon_card_joins_the_hand():
    """DD-2.7: pay its cost, take it into the hand; DD-3.1 then draw up to 5."""
    g = rigged(rows={3: ["d3a", "d3b"]})
    g.apply("buy card 3 0")
    p = g.state.players[0]
    assert p.coins == 3 and p.hand == {"d3a": 1}
    g.advance()
    pass_all(g)
    g.advance()
    assert sum(p.hand.values()) == 5 and sum(p.deck.values()) == 5


def test_DD_2_8_a_blind_purchase_is_drawn_from_the_stack_unseen():
    """DD-2.8: the same price for the top card; others see only that a card was drawn."""
    g = rigged()
    g.apply("buy card 4 blind")
    assert g.is_chance and g.state.players[0].coins == 2
    assert len(g.chance_outcomes()) == 6
    assert g.chance_outcomes(seat=1)[0][0].id == "?a face-down card"
    g.step()
    assert sum(g.state.players[0].hand.values()) == 1
    assert g.log_for(1)[-1] == "Anna draws a card blind from the 4-coin stack."


def test_DD_2_9_the_market_refills_at_once_or_stays_empty():
    """DD-2.9: a bought card is replaced from its stack; an empty stack leaves a gap."""
    g = rigged(rows={3: ["d3a", "d3b"]})
    g.apply("buy card 3 0")
    assert g.state.tasks == [("row", 3, 0)]
    g.step()
    assert g.state.rows[3][0] not in (None, "d3a")
    g.state.stacks[6] = {}
    g.state.players[1].coins = 6
    g.apply("buy card 6 1")
    assert g.state.rows[6][1] is None and not g.is_chance


# ================================================================= DD-3 hands
def test_DD_3_2_an_empty_deck_reshuffles_the_discard_pile():
    """DD-3.2: round 2 draws the last 4 cards, then shuffles the discard pile."""
    g = rigged()
    coin_round(g)
    g.advance()
    while g.state.phase != "market":
        g.apply(g.legal_action_ids()[-1])
        g.advance()
    p = g.state.players[0]
    for k, n in p.hand.items():          # rigged: no cards left over in hand (DD-4.4)
        p.discard[k] = p.discard.get(k, 0) + n
    p.hand = {}
    pass_all(g)
    g.advance()
    p = g.state.players[0]
    assert sum(p.hand.values()) == 5
    assert any("shuffles the discard pile" in line for line in g.log)


def test_DD_3_3_hands_are_secret_until_the_exploration():
    """DD-3.3: other seats see a count while drawing, the cards once exploring."""
    g = rigged()
    pass_all(g)
    while g.state.tasks[0] == ("draw", 0):
        g.step()
    assert g.view(1)["players"][0]["hand"] == 5
    g.advance()
    assert isinstance(g.view(0)["players"][0]["hand"], list)
    assert isinstance(g.view(1)["players"][0]["hand"], list)        # exploring now


# ================================================================= DD-4.7 simultaneity
def test_DD_4_7_and_7_4_players_alternate_and_the_first_finisher_takes_the_bonus():
    """DD-4.7: one action each in turn order; DD-7.4: the first finished path circles the
    hourglass bonus (1 in round 1), the others cross it out."""
    g = rigged(goal="coin+hourglass")
    to_explore(g, {0: STARTS, 1: STARTS})
    assert g.current_player == 0
    g.apply("place s1 0 0 0")
    assert g.current_player == 1
    g.apply("place s1 0 0 0")
    g.apply("build done")
    g.apply("build done")
    g.apply("start 0.L1")
    g.apply("start 0.L1")
    g.apply("go 0.c01")
    g.apply("end")                           # seat 1 finishes first
    assert g.state.first_finisher == 1
    g.apply("go 0.c11")
    assert g.current_player == 0             # seat 1 is done: seat 0 acts on alone
    g.apply("go 0.R1")
    g.apply("goal coin")
    assert [p.sheet[0].green for p in g.state.players] == [0, 1]


# ================================================================= DD-7 rewards
def test_DD_7_1_unused_fairy_tiles_go_back():
    """DD-7.1: at the round's end the market has its 5 of each again."""
    g = rigged()
    g.apply("buy fairy key")
    coin_round(g)
    assert g.state.fairy["key"] == 5 and g.state.players[0].fairy == {}


def test_DD_7_3_and_7_5_main_and_secondary_goal_scores():
    """DD-7.3: 1 coin x 1 point in blue; DD-7.5: the secondary goal the same in pink."""
    g = rigged(goal="coin")
    coin_round(g, second="coin+hourglass")
    r0, r1 = (p.sheet[0] for p in g.state.players)
    assert (r0.blue, r0.pink, r0.green) == (1, 1, None)
    assert (r1.blue, r1.pink) == (0, 0)


# ================================================================= DD-8 clean-up
def _to_cleanup(g, upgrades: dict, books=()):
    to_explore(g, {0: STARTS, 1: STARTS})
    for a in ("place s1 0 0 0", "place s1 0 0 0", "place s2 2 0 180", "build done",
              "build done", "start 0.L1", "start 0.L1"):
        g.apply(a)
    g.state.players[0].path.found.update(upgrades)     # rigged: upgrades discovered
    g.state.players[0].path.books.update(books)
    g.apply("end")
    g.apply("end")
    g.apply("goal barrel")
    g.apply("goal key")
    assert g.state.phase == "cleanup" and g.current_player == 0


def test_DD_8_2_recycling_keeps_a_card_as_a_hand_card():
    """DD-8.2: the recycled card is in next round's hand."""
    g = rigged()
    _to_cleanup(g, {"recycle": 1})
    assert g.legal_action_ids() == ["recycle 0", "recycle 1", "done"]
    g.apply("recycle 1")                 # nothing left to choose: the clean-up ends
    p = g.state.players[0]
    assert p.hand == {"s2": 1, "s3": 1, "s4": 1, "s5": 1} and p.discard.get("s1") == 1


def test_DD_3_1_and_4_4_leftover_hand_cards_are_kept_for_the_next_round():
    """DD-4.4 and DD-3.1: three cards left over stay in hand; next round the player
    draws only 2 to have 5 ("auf 5 Handkarten aufziehen")."""
    g = rigged()
    to_explore(g, {0: STARTS, 1: STARTS})
    for a in ("place s1 0 0 0", "place s1 0 0 0", "place s2 2 0 180", "build done",
              "build done", "start 0.L1", "start 0.L1", "end", "end", "goal barrel",
              "goal key"):
        g.apply(a)
    p = g.state.players[0]
    assert p.hand == {"s3": 1, "s4": 1, "s5": 1}
    deck = sum(p.deck.values())
    g.advance()
    pass_all(g)
    g.advance()
    assert sum(p.hand.values()) == 5 and sum(p.deck.values()) == deck - 2
    check_invariants(g)


def test_DD_10_14_swap_a_hand_card_for_a_market_card():
    """DD-10.14 (SB-14): once the new main goal is revealed, box a hand card and take a
    face-up market card of the same or lower cost; a starting card (no price) cannot be
    swapped, and after the last round (no new main goal) the book is not offered."""
    g = rigged(books=("SB-14", "SB-10"), rows={3: ["d3a", "d3b"]})
    g.apply("buy book 0")
    g.advance()
    g.apply("pass")
    g.apply("buy card 3 0")
    g.advance()
    pass_all(g)
    to_explore(g, {0: ["s1", "s2", "s3", "s4"], 1: STARTS})
    for a in ("place s1 0 0 0", "place s1 0 0 0", "build done", "build done",
              "start 0.L1", "start 0.L1", "end", "end", "goal barrel", "goal key"):
        g.apply(a)
    p = g.state.players[0]
    assert p.hand == {"d3a": 1, "s2": 1, "s3": 1, "s4": 1}
    ids = g.legal_action_ids()
    swaps = [a for a in ids if a.startswith("swap")]
    assert swaps == ["swap d3a 3 0", "swap d3a 3 1"]            # cost 3: only the 3-row
    labels = {a.id: a.label for a in g.legal_actions()}
    assert labels["swap d3a 3 1"].startswith("SB-14: box")
    g.apply("swap d3a 3 1")
    assert p.boxed == ["d3a"] and p.hand == {"d3b": 1, "s2": 1, "s3": 1, "s4": 1}
    assert "SB-14" not in p.ready and g.state.rows[3][1] is None
    g.advance()
    assert g.state.rows[3][1] is not None                      # refilled at once
    check_invariants(g)


def test_DD_8_3_scissors_box_a_card():
    """DD-8.3: the card leaves the game."""
    g = rigged()
    _to_cleanup(g, {"scissors": 1})
    g.apply("scissors 0")
    p = g.state.players[0]
    assert p.boxed == ["s1"] and "s1" not in p.discard and "s1" not in p.deck
    check_invariants(g)


def test_DD_8_4_and_8_5_wipe_discard_and_books_ready_again():
    """DD-8.4: dungeon cards to the discard pile; DD-8.5: used books face up again."""
    g = rigged(books=("SB-1", "SB-3"))
    g.apply("buy book 0")
    g.advance()
    g.apply("pass")
    g.apply("pass")
    to_explore(g, {0: STARTS, 1: STARTS})
    for a in ("place s5 0 0 0", "place s1 0 0 0", "build done", "build done", "start 0.T1",
              "start 0.L1", "go 0.c10", "end", "go 0.c11", "use SB-1"):
        g.apply(a)
    g.apply(g.legal_action_ids()[0])
    while g.current_player == 0 and g.state.phase == "explore":
        g.apply("end")
    p = g.state.players[0]
    assert p.ready == []
    g.advance()
    assert p.ready == ["SB-1"] and p.discard.get("s5") == 1 and p.placements == []


def test_DD_8_6_no_clean_up_choices_in_the_last_round():
    """DD-8.6 (reading): after the last round the upgrades are skipped."""
    g = rigged(options={"rounds": 1})
    coin_round(g)
    assert g.is_over


def test_DD_8_7_the_market_is_renewed_after_round_3():
    """DD-8.7: books and cards on display are discarded and new ones laid out."""
    g = rigged()
    bots = [make_bot("dungeondraw", "random", seed=i) for i in range(2)]
    while not (g.state.round == 4 and g.state.phase == "market"):
        g.step() if g.is_chance else g.apply(bots[g.current_player].choose(g))
    assert len(g.state.market_discard) == 8 and len(g.state.book_discard) >= 2


# ================================================================= DD-9 game end
def _sheets(g, rows, coins):
    for p, rs, c in zip(g.state.players, rows, coins):
        p.sheet = [Round(*r) for r in rs]
        p.coins = c


def test_DD_9_1_the_game_ends_after_round_6():
    """DD-9.1."""
    g = rigged()
    play_out(g, [make_bot("dungeondraw", "random", seed=i) for i in range(2)])
    assert g.is_over and g.state.round == 6 and all(len(p.sheet) == 6 for p in g.state.players)


def test_DD_9_2_to_9_5_the_final_score_lines():
    """DD-9.2 blue sum, pink sum halved down; DD-9.3 time bonus; DD-9.4 exits;
    DD-9.5 coins / 3 down."""
    g = rigged(players=3)
    _sheets(g, [[(5, 3, 1, True), (3, 4, 0, True)], [(2, 1, None, True), (0, 0, 2, False)],
                [(0, 9, None, False), (0, 0, 0, False)]], [8, 2, 3])
    assert score_breakdown(g.state, 0) == [
        ("main goals (blue)", 8), ("secondary goals (pink) / 2", 3),
        ("time bonus (green)", 1), ("exit majority", 2), ("coins / 3", 2), ("total", 16)]
    assert g.scores() == [16, 2 + 0 + 2 + 1 + 0, 4 + 1]


def test_DD_9_4_exit_majority_ties_share():
    """DD-9.4: ticks 3,3,1,0 give 2,2,1,0; nobody scores without a tick."""
    g = rigged(players=4)
    _sheets(g, [[(0, 0, None, True)] * 3, [(0, 0, None, True)] * 3,
                [(0, 0, None, True)], [(0, 0, None, False)]], [0] * 4)
    assert exit_points(g.state) == [2, 2, 1, 0]
    _sheets(g, [[(0, 0, None, False)]] * 4, [0] * 4)
    assert exit_points(g.state) == [0, 0, 0, 0]


def test_DD_9_6_ties_go_to_the_secondary_goals_then_are_shared():
    """DD-9.6."""
    g = rigged(players=3)
    _sheets(g, [[(4, 2, None, False)], [(3, 4, None, False)], [(3, 4, None, False)]],
            [0, 0, 0])
    assert g.scores() == [5, 5, 5] and winners(g.state) == [1, 2]


# ================================================================= DD-10 market books
def test_DD_10_10_one_coin_off_a_dungeon_card():
    """DD-10.10 (SB-10)."""
    g = rigged(books=("SB-10", "SB-16"), rows={6: ["d6a", "d6b"]})
    g.apply("buy book 0")
    g.advance()
    g.apply("pass")
    g.state.players[0].coins = 5
    assert "buy card 6 0 SB-10" in g.legal_action_ids()
    assert "buy card 6 0" not in g.legal_action_ids()
    g.apply("buy card 6 0 SB-10")
    assert g.state.players[0].coins == 0 and g.state.players[0].ready == []


def test_DD_10_16_a_second_fairy_tile_of_another_kind():
    """DD-10.16 (SB-16)."""
    g = rigged(books=("SB-16", "SB-10"))
    g.apply("buy book 0")
    g.advance()
    g.apply("pass")
    assert "buy fairy sword+sword" not in g.legal_action_ids()
    g.apply("buy fairy sword+rope")
    assert g.state.players[0].fairy == {"sword": 1, "rope": 1}
    assert g.state.players[0].coins == 3


def test_DD_10_12_peek_at_the_first_card():
    """DD-10.12 (SB-12): keep or discard the first card drawn, then draw on to 5."""
    g = rigged(books=("SB-12", "SB-10"))
    g.apply("buy book 0")
    g.advance()
    pass_all(g)
    g.apply("draw s9")
    assert g.current_player == 0 and g.legal_action_ids() == ["peek keep", "peek discard"]
    g.apply("peek discard")
    g.advance()
    p = g.state.players[0]
    assert "s9" in p.discard and sum(p.hand.values()) == 5 and "s9" not in p.hand


def test_DD_10_6_and_10_17_clean_up_books():
    """DD-10.6 (SB-6) boxes a dungeon card; DD-10.17 (SB-17) keeps one for 2 coins."""
    g = rigged()
    g.state.players[0].books = ["SB-6", "SB-17"]
    g.state.players[0].ready = ["SB-6", "SB-17"]
    _to_cleanup(g, {}, books=())
    ids = g.legal_action_ids()
    assert "erase 0" in ids and "keep 1" in ids
    g.apply("erase 0")
    g.apply("keep 1")
    p = g.state.players[0]
    assert p.boxed == ["s1"] and p.coins == 4
    assert p.hand == {"s2": 1, "s3": 1, "s4": 1, "s5": 1}     # kept + left over (DD-4.4)


# ================================================================= DD-11 goals
def test_DD_11_1_to_11_12_the_goal_list():
    """DD-11.1 barrel 1, DD-11.2 monster 3, DD-11.3 room 2 (reconstructed), DD-11.4 key 2,
    DD-11.5 rope 3, DD-11.6 coin 1, DD-11.7 pit 3, DD-11.8 lock 3, DD-11.9 scroll 1,
    DD-11.10 portal 2, DD-11.11 sword 1, DD-11.12 stairs 1."""
    assert C.goals == {"barrel": 1, "monster": 3, "room": 2, "key": 2, "rope": 3, "coin": 1,
                       "pit": 3, "lock": 3, "scroll": 1, "portal": 2, "sword": 1,
                       "stairs": 1}
    g = rigged(goal="room")
    to_explore(g, {0: STARTS, 1: STARTS})
    for a in ("place s4 0 0 0", "place s1 0 0 0", "build done", "build done",
              "start 0.L1", "start 0.L1", "go 0.c01", "end", "go 0.c11", "go 0.R1"):
        g.apply(a)
    g.apply("goal sword")
    r = g.state.players[0].sheet[0]
    assert (r.blue, r.pink) == (2, 1)        # 1 room x 2; 1 sword x 1
