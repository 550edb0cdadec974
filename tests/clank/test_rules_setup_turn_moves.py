"""Rule tests for *Klong!* (*Clank!*): overview and components, setup, the turn, buying,
the market, moving through tunnels, rooms and tokens, the card glossary and the designed
content -- sections CL-0 to CL-6, CL-12 and CL-14 of ``docs/rules/clank.md``.

Every test names the rule IDs it checks (test name or docstring) and asserts exact numbers:
cube counts, card counts, resources, and exact :class:`Fraction` chance outcomes. Positions
are built with forced chance outcomes (``g.apply("row ...")``) and :func:`rig`; cards that
are not starters are taken out of the dungeon deck or the reserve, so that every card stays
conserved (:func:`check_invariants`).
"""

from __future__ import annotations

import copy
import heapq
import tomllib
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.clank.content import (DEFAULT_FILE, VERBS, load_content,
                                                 parse_content)
from deepwood_kernel.games.clank.dragon import dragon_attack_odds
from deepwood_kernel.games.clank.rules import INFO, rage_cubes
from deepwood_kernel.games.clank.scoring import owned_cards
from deepwood_kernel.games.clank.state import ESCAPED, IN, LOST, RESCUED, Turn

from .helpers import check_invariants, hurt, rig

STARTERS = {"burgle": 6, "stumble": 2, "sidestep": 1, "scramble": 1}
#: a known setup row: no dragon symbol, no danger, no arrive effect
ROW = ["cellar_rats", "gnawing_ghoul", "lamp_bearer", "salvaged_purse", "bubbling_cauldron",
       "hushed_footfall"]
#: artifacts removed at setup by default, so that 5, 7, 10, 15 and 30 stay on the map
REMOVED = {2: (25, 20), 3: (25,), 4: ()}


# ================================================================== helpers
def dealt(players: int = 2, seed: int = 0, row=ROW, removed=None) -> dk.Game:
    """A game dealt with forced artifact removals and a forced row; seat 0 to decide."""
    g = dk.new_game("clank", players=players, seed=seed)
    for v in (REMOVED[players] if removed is None else removed):
        g.apply(f"remove {v}")
    for k in row:
        g.apply(f"row {k}")
    g.advance()
    return g


def _take_one(ms: dict, key: str) -> None:
    assert ms.get(key), f"no {key} left to take"
    ms[key] -= 1
    if not ms[key]:
        del ms[key]


def gain(g: dk.Game, key: str, seat: int | None = None, n: int = 1) -> None:
    """Give ``seat`` n copies of a dungeon or reserve card (onto its discard pile), taken out
    of the dungeon deck or the reserve pile, so that cards stay conserved."""
    s = g.state
    p = s.players[s.seat if seat is None else seat]
    card = s.content.cards[key]
    for _ in range(n):
        if card.set == "dungeon":
            _take_one(s.dungeon, key)
        else:
            assert card.set == "reserve" and key != "goblin"
            s.reserve[key] -= 1
        p.discard[key] = p.discard.get(key, 0) + 1
    g._invalidate()


def hand(g: dk.Game, keys, seat: int | None = None, room: str | None = None, **turn) -> dk.Game:
    """Like :func:`rig`, but non-starter cards of the hand are first gained honestly."""
    s = g.state
    seat = s.seat if seat is None else seat
    owned = Counter(owned_cards(s, seat))
    for k, n in Counter(keys).items():
        if s.content.cards[k].set != "starter" and owned[k] < n:
            gain(g, k, seat, n - owned[k])
    return rig(g, seat, hand=list(keys), room=room, **turn)


def set_row(g: dk.Game, slot: int, key: str) -> None:
    """Put a card from the dungeon deck into a row slot (the old card goes back)."""
    s = g.state
    _take_one(s.dungeon, key)
    old = s.row[slot]
    if old:
        s.dungeon[old] = s.dungeon.get(old, 0) + 1
    s.row[slot] = key
    g._invalidate()


def quiet(g: dk.Game, seat: int) -> None:
    """Take a player's cubes out of the clank area back to their supply."""
    p = g.state.players[seat]
    p.supply += p.clank
    p.clank = 0
    g._invalidate()


def to_bag(g: dk.Game, seat: int, n: int) -> None:
    """Move n cubes of a player's supply into the dragon bag."""
    p = g.state.players[seat]
    p.supply -= n
    p.bag += n
    g._invalidate()


def play(g: dk.Game, *keys: str) -> None:
    for k in keys:
        g.apply(f"play {k}")


def play_hand(g: dk.Game) -> None:
    """Play every card in hand (starters only: no choices come up)."""
    s = g.state
    while s.players[s.seat].hand:
        g.apply(f"play {sorted(s.players[s.seat].hand)[0]}")


def pass_turn(g: dk.Game) -> None:
    """The player to move plays all cards, ends, and chance resolves the turn end."""
    play_hand(g)
    g.apply("end")
    g.advance()


def moves(g: dk.Game) -> set[str]:
    return {a for a in g.legal_action_ids() if a.startswith("move ")}


def odds(g: dk.Game) -> dict[str, Fraction]:
    return {a.id: p for a, p in g.chance_outcomes()}


def assert_illegal(g: dk.Game, aid, *why: str) -> str:
    """``aid`` raises IllegalAction naming ``why`` and leaves the game exactly as it was."""
    before = g.fingerprint()
    with pytest.raises(dk.IllegalAction) as err:
        g.apply(aid)
    for w in why:
        assert w in err.value.reason, (w, err.value.reason)
    assert g.fingerprint() == before
    return err.value.reason


def idx(g: dk.Game, rid: str) -> int:
    return g.state.content.room_index[rid]


def boots_distance(c, src: int) -> dict[int, int]:
    """Fewest boots from ``src`` to every room, without keys (Dijkstra over the exits)."""
    dist, todo = {src: 0}, [(0, src)]
    while todo:
        d, u = heapq.heappop(todo)
        if d > dist[u]:
            continue
        for v, t in c.exits[u]:
            if not t.locked and d + t.boots < dist.get(v, 10 ** 9):
                dist[v] = d + t.boots
                heapq.heappush(todo, (dist[v], v))
    return dist


def raw_content() -> dict:
    return tomllib.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


# ================================================================== 0 overview, components
def test_CL_0_1_louder_thieves_are_found_first_and_artifacts_anger_the_dragon():
    """CL-0.1: every cube of clank raises your chance of being hit; an artifact makes the
    dragon draw more cubes. 3 players: rage space 2 draws 2 cubes from 24 black + 3 green +
    2 blue + 1 red."""
    g = dealt(3)
    s = g.state
    o = dragon_attack_odds(g)
    assert o.cubes == 2 and o.bag == {"black": 24, "green": 3, "blue": 2, "red": 1}
    total = comb(30, 2)
    assert o.p_hit(0) == 1 - Fraction(comb(27, 2), total) == Fraction(84, 435)
    assert o.p_hit(1) == 1 - Fraction(comb(28, 2), total) == Fraction(57, 435)
    assert o.p_hit(2) == 1 - Fraction(comb(29, 2), total) == Fraction(29, 435)
    assert o.p_hit(0) > o.p_hit(1) > o.p_hit(2)     # rivals louder than you: good for you
    hand(g, ["stumble", "sidestep"], room="r1")
    play(g, "stumble")
    assert s.players[0].clank == 4
    assert dragon_attack_odds(g).p_hit(0) == 1 - Fraction(comb(27, 2), comb(31, 2))
    play(g, "sidestep")
    g.apply("move r3")
    assert rage_cubes(s) == 2
    g.apply("take artifact")
    assert s.rage == 2 and rage_cubes(s) == 3 and dragon_attack_odds(g).cubes == 3


def test_CL_0_2_every_deck_starts_alike_and_grows_apart():
    """CL-0.2: the same 10 starting cards for everybody; bought cards make the decks differ."""
    g = dealt(4)
    s = g.state
    for i in range(4):
        assert owned_cards(s, i) == STARTERS
    rig(g, hand=["burgle"] * 5)
    play(g, *["burgle"] * 5)
    g.apply("buy explore")
    g.apply("buy mercenary")
    assert owned_cards(s, 0) == {**STARTERS, "explore": 1, "mercenary": 1}
    assert all(owned_cards(s, i) == STARTERS for i in (1, 2, 3))
    check_invariants(g)


def test_CL_0_3_one_artifact_kept_for_good_and_needed_to_escape():
    """CL-0.3: an artifact is needed to get back to the start space; as a rule only 1 is
    carried, and nothing lets you get rid of it."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", boots=6)
    assert "move start" not in moves(g)
    assert_illegal(g, "move start", "without an artifact you may not leave the dungeon")
    g.apply("move r3")
    g.apply("take artifact")
    assert p.artifacts == [5] and idx(g, "r3") not in s.artifacts
    h = g.fork()
    for rid in ("r7", "r11", "r14"):                  # to the artifact worth 7
        h.apply(f"move {rid}")
    assert h.state.players[0].artifacts == [5]
    assert "take artifact" not in h.legal_action_ids()
    assert_illegal(h, "take artifact", "artifacts need room to carry")
    assert not any("artifact" in a and not a.startswith("take") for a in h.legal_action_ids())
    g.apply("move r1")
    assert "move start" in moves(g)
    g.apply("move start")
    assert p.status == ESCAPED and p.artifacts == [5] and p.mastery


def test_CL_0_4_cheap_artifact_near_rich_artifact_far_and_most_points_win():
    """CL-0.4: the cheap artifact is quick to reach, the rich one far and deep; the most
    points win. Fewest boots from the start space (no keys): 5 -> 2, 7 -> 4, 10 -> 5,
    15 -> 5, 20 -> 6, 25 -> 8, 30 -> 10, and the same back out."""
    c = load_content()
    out = boots_distance(c, c.start)
    there = {r.artifact: out[r.index] for r in c.rooms if r.artifact}
    back = {r.artifact: boots_distance(c, r.index)[c.start] for r in c.rooms if r.artifact}
    assert there == back == {5: 2, 7: 4, 10: 5, 15: 5, 20: 6, 25: 8, 30: 10}
    values = sorted(there)
    assert all(there[a] <= there[b] for a, b in zip(values, values[1:]))
    # a cheap artifact needs much extra loot to keep up
    for gold, win in ((40, [0]), (20, [1])):
        g = dealt(2)
        s = g.state
        for seat, value in ((0, 5), (1, 30)):
            p = s.players[seat]
            room = next(r for r, v in s.artifacts.items() if v == value)
            del s.artifacts[room]
            p.artifacts, p.status, p.mastery, p.room = [value], ESCAPED, True, c.start
        s.players[0].gold = gold
        s.phase = "over"
        g._invalidate()
        assert g.scores() == [5 + 20 + gold, 30 + 20]
        assert g.winners() == win


def test_CL_0_5_card_components():
    """CL-0.5: 43 reserve cards (15/15/12 + the goblin), a starting deck of 10 (6 plunder,
    2 stumble, 1 sidestep, 1 duck) per player, and a dungeon deck of 100."""
    c = load_content()
    reserve = {k: x.count for k, x in c.cards.items() if x.set == "reserve"}
    assert reserve == {"mercenary": 15, "explore": 15, "secret_tome": 12, "goblin": 1}
    assert sum(reserve.values()) == 43
    assert {k: x.count for k, x in c.cards.items() if x.set == "starter"} == STARTERS
    # one card-language scheme: English names, the German edition's beside them
    assert [(c.cards[k].name, c.cards[k].german) for k in ("burgle", "stumble", "sidestep",
                                                           "scramble")] == \
        [("Burgle", "Plündern"), ("Stumble", "Stolpern"), ("Sidestep", "Umgehen"),
         ("Scramble", "Ducken")]
    assert [(c.cards[k].name, c.cards[k].german) for k in ("mercenary", "explore",
                                                           "secret_tome", "goblin")] == \
        [("Mercenary", "Söldner"), ("Explore", "Erkunden"), ("Secret Tome", "Zauberbuch"),
         ("Goblin", "")]
    assert sum(x.count for x in c.cards.values() if x.set == "dungeon") == 100
    g = dealt(4)
    s = g.state
    assert sum(s.dungeon.values()) + len(s.row) == 100
    assert all(sum(owned_cards(s, i).values()) == 10 for i in range(4))


def test_CL_0_6_board_cubes_and_tokens():
    """CL-0.6: 30 cubes per colour in 4 colours, 24 black cubes, 7 artifacts, 11 major and
    18 minor secrets, 2 master keys, 2 backpacks, 3 crowns, 3 monkey idols, 4 mastery
    tokens (one per player)."""
    g = dealt(4)
    s, c = g.state, g.state.content
    assert [p.colour for p in s.players] == ["green", "blue", "red", "yellow"]
    assert all(p.supply + p.clank == 30 for p in s.players)
    assert s.black_bag == 24 and s.black_aside == 0
    assert len(s.artifacts) == 7
    assert sum(x.count for x in c.secrets.values() if x.size == "major") == 11
    assert sum(x.count for x in c.secrets.values() if x.size == "minor") == 18
    assert s.market == {"keys": 2, "backpacks": 2, "crowns": [10, 9, 8]}
    assert s.idols == 3
    assert [p.mastery for p in s.players] == [False] * 4
    assert c.game["mastery_points"] == 20


def test_CL_0_7_reading_the_bank_never_runs_out_of_gold():
    """CL-0.7 reading: the coins (21 x 1 + 12 x 5 = 81 gold) are no limit: 100 goblins pay
    100 gold."""
    g = dealt(2)
    hand(g, [], room="r1", swords=200)
    for _ in range(100):
        g.apply("fight goblin")
    assert g.state.players[0].gold == 100 > 21 + 12 * 5
    assert g.state.turn.swords == 0
    check_invariants(g)


def test_CL_0_8_one_designed_dungeon_and_a_content_file():
    """CL-0.8: the engine plays one dungeon, the designed map of content.toml (CL-14.1); the
    board side is no option, a content file (passed by the caller) is (the options are the
    playtest numbers of CL-15)."""
    assert set(INFO.options) == {"dragon_start", "mastery_points"}
    contents = {id(dealt(n).state.content) for n in (2, 3, 4)}
    assert len(contents) == 1
    c = dealt(2).state.content
    assert c.file == "content.toml" and len(c.rooms) == 38
    g = dk.new_game("clank", players=2, content=str(DEFAULT_FILE))
    assert g.state.content.rooms == c.rooms


# ================================================================== 1 setup
@pytest.mark.parametrize("players", [2, 3, 4])
def test_CL_1_1_cubes_figure_deck_and_bank_per_player(players):
    """CL-1.1: each player owns 30 cubes (supply + the starting clank), a figure of their
    colour and a 10-card starting deck; gold lies in the bank (nobody starts with any)."""
    g = dealt(players)
    s = g.state
    for i, p in enumerate(s.players):
        assert p.supply + p.clank == 30 and p.bag == p.damage == p.set_aside == 0
        assert owned_cards(s, i) == STARTERS
        assert p.gold == 0 and p.room == s.content.start
    check_invariants(g)


@pytest.mark.parametrize("players, space, cubes", [(4, 0, 2), (3, 1, 2), (2, 2, 3)])
def test_CL_1_2_dragon_marker_start_space_by_player_count(players, space, cubes):
    """CL-1.2: first rage space with 4 players, second with 3, third with 2 (CL-14.8:
    those spaces draw 2, 2 and 3 cubes)."""
    g = dk.new_game("clank", players=players)
    assert g.state.rage == space and rage_cubes(g.state) == cubes
    assert dragon_attack_odds(dealt(players)).cubes == cubes


def test_CL_1_3_seven_artifacts_on_their_spaces_with_four_players():
    """CL-1.3: 7 artifacts worth 5..30 lie face up on their rooms (4 players: none goes)."""
    g = dk.new_game("clank", players=4)
    s = g.state
    assert s.phase == "row"                           # no removal event at all
    at = {s.content.rooms[r].id: v for r, v in s.artifacts.items()}
    assert at == {"r3": 5, "r14": 7, "r8": 10, "r16": 15, "r27": 20, "r29": 25, "r34": 30}


def test_CL_1_4_artifact_removal_is_uniform_two_players():
    """CL-1.4: with 2 players 2 artifacts go back to the box, each choice equally likely:
    1/7 for the first, 1/6 for the second of the 6 left (each pair 1/21)."""
    g = dk.new_game("clank", players=2)
    assert odds(g) == {f"remove {v}": Fraction(1, 7) for v in (5, 7, 10, 15, 20, 25, 30)}
    g.apply("remove 30")
    assert odds(g) == {f"remove {v}": Fraction(1, 6) for v in (5, 7, 10, 15, 20, 25)}
    g.apply("remove 5")
    s = g.state
    assert s.phase == "row"
    assert sorted(s.artifacts.values()) == [7, 10, 15, 20, 25]
    assert idx(g, "r34") not in s.artifacts and idx(g, "r3") not in s.artifacts
    assert Fraction(1, 7) * Fraction(1, 6) * 2 == Fraction(1, 21)


def test_CL_1_4_artifact_removal_three_players_one_goes():
    """CL-1.4: with 3 players exactly 1 artifact goes, each with probability 1/7."""
    g = dk.new_game("clank", players=3)
    assert odds(g) == {f"remove {v}": Fraction(1, 7) for v in (5, 7, 10, 15, 20, 25, 30)}
    g.apply("remove 15")
    assert g.state.phase == "row" and sorted(g.state.artifacts.values()) == \
        [5, 7, 10, 20, 25, 30]
    assert_illegal(g, "remove 20", "is not a possible outcome")


def test_CL_1_5_secrets_on_their_spaces():
    """CL-1.5: 1 major secret on each of the 5 major rooms, 2 minor secrets on each of the
    8 minor rooms; the rest stays in the box unseen."""
    g = dealt(2)
    s = g.state
    slots = {s.content.rooms[r].id: n for r, n in s.secret_slots.items()}
    assert slots == {**{r: 2 for r in ("r2", "r9", "r11", "r15", "r18", "r20", "r23", "r33")},
                     **{r: 1 for r in ("r22", "r24", "r30", "r32", "r36")}}
    assert sum(slots.values()) == 16 + 5


def test_CL_1_6_reading_a_secret_is_drawn_from_all_unrevealed_secrets_of_its_size():
    """CL-1.6 reading: taking a minor secret is a chance event over all 18 minor secrets
    (the 2 left in the box included); a revealed one leaves the pool (17 left)."""
    g = dealt(2)
    hand(g, [], room="r1", boots=3)
    g.apply("move r2")
    g.apply("take minor")
    assert g.is_chance
    assert odds(g) == {"secret dragon_egg": Fraction(2, 18), "secret magic_spring":
                       Fraction(2, 18), "secret potion_heal": Fraction(3, 18),
                       "secret potion_strength": Fraction(3, 18), "secret potion_swiftness":
                       Fraction(3, 18), "secret skill_boost": Fraction(2, 18),
                       "secret treasure": Fraction(3, 18)}
    g.apply("secret treasure")
    g.apply("move r6")
    g.apply("move r2")
    g.apply("take minor")
    assert odds(g)["secret treasure"] == Fraction(2, 17)
    assert sum(odds(g).values()) == 1 and len(odds(g)) == 7
    g.apply("secret potion_heal")
    check_invariants(g)


def test_CL_1_6_reading_major_secret_pool_includes_the_box():
    """CL-1.6 reading: only 5 major secrets lie on the map, but the first one taken is drawn
    from all 11 (e.g. a chalice 2/11)."""
    g = dealt(2)
    hand(g, [], room="r17", boots=1)
    g.apply("move r22")
    g.apply("take major")
    assert odds(g) == {"secret chalice": Fraction(2, 11), "secret flash_of_brilliance":
                       Fraction(2, 11), "secret potion_heal_greater": Fraction(2, 11),
                       "secret skill_boost_greater": Fraction(2, 11),
                       "secret treasure_big": Fraction(3, 11)}


def test_CL_1_7_wares_idols_and_mastery_tokens():
    """CL-1.7: 2 master keys, 2 backpacks and crowns 10, 9, 8 on the market; 3 monkey idols
    on the shrine; one mastery token per player (nobody holds one yet)."""
    for n in (2, 3, 4):
        s = dealt(n).state
        assert s.market == {"keys": 2, "backpacks": 2, "crowns": [10, 9, 8]}
        assert s.idols == 3
        assert [p.mastery for p in s.players] == [False] * n
        assert [p.keys + p.backpacks + len(p.crowns) + p.idols for p in s.players] == [0] * n


def test_CL_1_8_twenty_four_black_cubes_in_the_bag():
    """CL-1.8: the dragon bag starts with the 24 black cubes and nothing else."""
    g = dealt(4)
    s = g.state
    assert s.black_bag == 24 and all(p.bag == 0 for p in s.players)
    assert dragon_attack_odds(g).bag == {"black": 24, "green": 3, "blue": 2, "red": 1,
                                         "yellow": 0}


def test_CL_1_9_reserve_piles_and_goblin():
    """CL-1.9 (and CL-12.10): mercenaries 15, explores 15, spell books 12; the goblin is
    there to fight."""
    g = dealt(2)
    assert g.state.reserve == {"mercenary": 15, "explore": 15, "secret_tome": 12}
    hand(g, [], room="r1", swords=2)
    assert "fight goblin" in g.legal_action_ids()


def test_CL_1_10_setup_row_never_shows_the_dragon_symbol():
    """CL-1.10: 6 cards are laid out, none showing the dragon symbol; forcing one is
    refused; the 25 dragon cards stay in the deck of 94."""
    g = dk.new_game("clank", players=4)
    s, cards = g.state, g.state.content.cards
    dragons = [k for k, x in cards.items() if x.set == "dungeon" and x.dragon]
    assert sum(cards[k].count for k in dragons) == 25
    for slot in range(6):
        assert all(not cards[a.id.split()[1]].dragon for a, _ in g.chance_outcomes())
        assert_illegal(g, "row moss_troll", "is not a possible outcome")
        g.step()
    assert None not in s.row and not any(cards[k].dragon for k in s.row)
    assert sum(s.dungeon.values()) == 94
    assert sum(s.dungeon.get(k, 0) for k in dragons) == 25


def test_CL_1_11_reading_row_dealt_from_the_cards_without_the_symbol():
    """CL-1.11 reading: replacing attack cards equals dealing from the 75 cards without the
    symbol: P(first card is a Cellar Rat Pack) = 5/75, then 4/74 for a second one."""
    g = dk.new_game("clank", players=4)
    o = odds(g)
    assert o["row cellar_rats"] == Fraction(5, 75) and o["row bog_ooze"] == Fraction(2, 75)
    assert sum(o.values()) == 1 and "row moss_troll" not in o
    g.apply("row cellar_rats")
    assert odds(g)["row cellar_rats"] == Fraction(4, 74)


def test_CL_1_11_reading_no_arrive_effects_at_setup():
    """CL-1.11 reading: cards with an arrive effect (clank for every player) laid out at
    setup do nothing; revealed in a refill they would (CL-12.4)."""
    g = dealt(2, row=["shrieking_bats", "rattling_chains", "cellar_rats", "cellar_rats",
                      "lamp_bearer", "bog_ooze"])
    s = g.state
    assert [p.clank for p in s.players] == [3, 2]
    assert [p.supply for p in s.players] == [27, 28]


def _stumbles_in_first_hand(g: dk.Game, memo: dict) -> dict[int, Fraction]:
    """Exact law of the number of stumbles in seat 0's first hand, through the engine's
    own chance events (memoised on the cards drawn so far)."""
    s = g.state
    if not (s.phase == "deal" and s.draw_seat == 0 and s.to_draw):
        return {s.players[0].hand.get("stumble", 0): Fraction(1)}
    key = tuple(sorted(s.players[0].hand.items()))
    if key not in memo:
        law: dict[int, Fraction] = {}
        for a, p in g.chance_outcomes():
            h = g.fork()
            h.apply(a.id)
            for k, q in _stumbles_in_first_hand(h, memo).items():
                law[k] = law.get(k, 0) + p * q
        memo[key] = law
    return memo[key]


def test_CL_1_12_figures_outside_and_first_hand_of_five_hypergeometric():
    """CL-1.12: figures start on the start space; each shuffles and draws 5 of the 10
    starters. P(exactly k stumbles) = C(2,k) C(8,5-k) / C(10,5): 2/9, 5/9, 2/9."""
    g = dk.new_game("clank", players=2)
    for v in REMOVED[2]:
        g.apply(f"remove {v}")
    for k in ROW:
        g.apply(f"row {k}")
    assert g.state.phase == "deal"
    assert odds(g) == {"draw burgle": Fraction(6, 10), "draw scramble": Fraction(1, 10),
                       "draw sidestep": Fraction(1, 10), "draw stumble": Fraction(2, 10)}
    law = _stumbles_in_first_hand(g, {})
    assert law == {k: Fraction(comb(2, k) * comb(8, 5 - k), comb(10, 5)) for k in range(3)}
    assert law == {0: Fraction(2, 9), 1: Fraction(5, 9), 2: Fraction(2, 9)}
    g.advance()
    s = g.state
    for p in s.players:
        assert sum(p.hand.values()) == 5 and sum(p.draw.values()) == 5
        assert p.room == s.content.start
    assert s.content.rooms[s.content.start].id == "start"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_CL_1_13_reading_seat_0_starts_then_clockwise(players):
    """CL-1.13 reading: seat 0 (Anna) starts; turns then pass seat 1, 2, ... and back."""
    g = dealt(players)
    assert g.current_player == 0 and "Turn 1: it is Anna's turn." in g.log
    order = [g.current_player]
    for _ in range(players):
        pass_turn(g)
        order.append(g.current_player)
    assert order == list(range(players)) + [0]


@pytest.mark.parametrize("players, clank", [(2, [3, 2]), (3, [3, 2, 1]), (4, [3, 2, 1, 0])])
def test_CL_1_14_starting_clank_3_2_1_0(players, clank):
    """CL-1.14: the start player puts 3 cubes into the clank area, the next 2, then 1, 0."""
    s = dealt(players).state
    assert [p.clank for p in s.players] == clank
    assert [p.supply for p in s.players] == [30 - n for n in clank]


# ================================================================== 2 the turn
def test_CL_2_1_reading_turn_ends_only_with_empty_hand_and_nothing_pending():
    """CL-2.1 reading: all 5 cards must be played; 'end' is refused until the hand is
    empty and no choice is pending."""
    g = dealt(2)
    p = g.state.players[0]
    assert sum(p.hand.values()) == 5 and "end" not in g.legal_action_ids()
    assert_illegal(g, "end", "play every card in your hand first (5 left)")
    hand(g, ["burgle", "cleansing_ashes"], room="r1")
    play(g, "burgle", "cleansing_ashes")           # a trash choice is pending
    assert not p.hand and "end" not in g.legal_action_ids()
    assert_illegal(g, "end", "first choose a card to trash")
    g.apply("skip")
    assert "end" in g.legal_action_ids()


def test_CL_2_2_card_takes_effect_when_played_and_stays_in_play_area():
    """CL-2.2: a card works the moment it is played and then lies in the play area."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["burgle", "sidestep", "stumble"], room="r1")
    g.apply("play burgle")
    assert s.turn.skill == 1 and p.play == ["burgle"] and p.hand == {"sidestep": 1,
                                                                      "stumble": 1}
    g.apply("play stumble")
    assert p.clank == 4 and p.play == ["burgle", "stumble"]
    g.apply("play sidestep")
    assert s.turn.boots == 1 and p.play == ["burgle", "stumble", "sidestep"]


def test_CL_2_3_three_resources_skill_swords_boots():
    """CL-2.3: plunder gives skill, a mercenary swords (and skill), sidestep boots."""
    g = dealt(2)
    t = g.state.turn
    hand(g, ["burgle", "mercenary", "sidestep"], room="r1")
    play(g, "burgle", "mercenary", "sidestep")
    assert (t.skill, t.swords, t.boots) == (2, 2, 1)


def test_CL_2_4_actions_any_number_of_times_between_cards():
    """CL-2.4: actions may be taken again and again while resources last, also between
    playing cards."""
    g = dealt(2)
    s = g.state
    hand(g, ["burgle"] * 4 + ["sidestep"], room="r1")
    play(g, "burgle", "burgle")
    g.apply("buy mercenary")
    play(g, "burgle", "burgle")
    g.apply("buy mercenary")
    assert s.reserve["mercenary"] == 13 and s.players[0].discard == {"mercenary": 2}
    assert s.turn.skill == 0 and "buy mercenary" not in g.legal_action_ids()
    play(g, "sidestep")
    g.apply("move r2")
    assert s.players[0].room == idx(g, "r2")


def test_CL_2_5_gained_cards_go_onto_your_discard_pile():
    """CL-2.5: a card bought from the row or the reserve lies on your own discard pile."""
    g = dealt(2)
    p = g.state.players[0]
    hand(g, [], room="r1", skill=6)
    g.apply("buy 2")                                   # Lamp-Bearer, cost 3
    g.apply("buy explore")
    assert p.discard == {"lamp_bearer": 1, "explore": 1}
    assert not p.hand and "lamp_bearer" not in p.draw
    check_invariants(g)


def test_CL_2_6_reading_empty_draw_pile_reshuffles_discard_not_play_area():
    """CL-2.6 reading (and CL-12.3): with the draw pile empty the discard pile becomes the
    draw pile; every draw is a chance event over its cards; the card in the play area is
    not shuffled in (5 of 9 plunders, not 6 of 10)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    set_row(g, 0, "scrying_pool")                      # use: draw 2, cost 4
    hand(g, ["burgle"], room="r1", skill=3)
    p.discard, p.draw = p.draw, {}
    assert p.discard == {"burgle": 5, "stumble": 2, "sidestep": 1, "scramble": 1}
    g.apply("play burgle")
    g.apply("use 0")
    assert g.is_chance and p.draw == {"burgle": 5, "stumble": 2, "sidestep": 1,
                                      "scramble": 1} and not p.discard
    assert odds(g) == {"draw burgle": Fraction(5, 9), "draw scramble": Fraction(1, 9),
                       "draw sidestep": Fraction(1, 9), "draw stumble": Fraction(2, 9)}
    g.apply("draw stumble")
    assert odds(g)["draw stumble"] == Fraction(1, 8)
    g.apply("draw burgle")
    assert p.hand == {"stumble": 1, "burgle": 1} and p.play == ["burgle"]
    check_invariants(g)


def test_CL_2_6_card_bought_this_turn_joins_the_reshuffle():
    """CL-2.6: new cards join the deck you draw from: an explore bought this turn lies on the
    discard pile and is shuffled into the new draw pile (1 of 10 cards)."""
    g = dealt(2)
    p = g.state.players[0]
    set_row(g, 0, "scrying_pool")
    hand(g, ["burgle"], room="r1", skill=7)
    p.discard, p.draw = p.draw, {}
    g.apply("buy explore")
    g.apply("use 0")
    assert p.draw == {"burgle": 5, "stumble": 2, "sidestep": 1, "scramble": 1, "explore": 1}
    assert odds(g)["draw explore"] == Fraction(1, 10)
    g.apply("draw explore")
    assert p.hand == {"burgle": 1, "explore": 1}
    check_invariants(g)


def test_CL_2_7_draw_effects_draw_from_your_own_deck_and_must_be_played():
    """CL-2.7: 'draw 2' takes cards from your own draw pile, never the dungeon deck, and
    the cards drawn must be played before the turn can end."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    set_row(g, 0, "scrying_pool")
    hand(g, [], room="r1", skill=4)
    deck = dict(s.dungeon)
    g.apply("use 0")
    assert sum(p.draw.values()) == 10 and set(a.id for a, _ in g.chance_outcomes()) == \
        {"draw burgle", "draw stumble", "draw sidestep", "draw scramble"}
    g.apply("draw burgle")
    g.apply("draw sidestep")
    assert p.hand == {"burgle": 1, "sidestep": 1} and sum(p.draw.values()) == 8
    assert s.dungeon == deck
    assert_illegal(g, "end", "play every card in your hand first (2 left)")
    play(g, "burgle", "sidestep")
    assert "end" in g.legal_action_ids()


def test_CL_2_8_gold_from_the_bank_scores_and_can_be_spent():
    """CL-2.8: gold gained lies in front of you, is worth 1 point each, and may be spent
    (the market takes 7)."""
    g = dealt(2)
    p = g.state.players[0]
    hand(g, [], room="r6", swords=20)
    for _ in range(9):
        g.apply("fight goblin")
    assert p.gold == 9
    assert dict(g.score_breakdown(0))["gold"] == 9
    g.apply("market key")
    assert p.gold == 2 and dict(g.score_breakdown(0))["gold"] == 2


def test_CL_2_9_turn_end_discards_played_cards_loses_resources_draws_five():
    """CL-2.9: played cards go onto the discard pile, unused skill and boots are lost, the
    player draws 5 new cards, and the next player clockwise takes the turn."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["burgle", "burgle", "sidestep", "scramble", "stumble"], room="r1")
    play_hand(g)
    assert (s.turn.skill, s.turn.boots) == (3, 2)
    assert p.draw == {"burgle": 4, "stumble": 1}
    g.apply("end")
    assert s.phase == "hand" and g.is_chance        # the row is full: no refill needed
    assert p.play == [] and p.discard == {"burgle": 2, "sidestep": 1, "scramble": 1,
                                          "stumble": 1}
    assert s.turn == Turn()
    g.advance()
    assert p.hand == {"burgle": 4, "stumble": 1} and p.draw == {}
    assert g.current_player == 1 and s.seat == 1 and s.turn_no == 2
    check_invariants(g)


def test_CL_2_10_reading_order_of_the_turn_end():
    """CL-2.10 reading: played cards to the discard pile, resources lost, trashed cards
    leave; then the refill left to right with arrive effects as cards turn up (Anna's
    leftover -1 clank cancels her arrive clank); then the leftover is lost; then one attack
    (arrive clank already in the bag); then Anna draws 5."""
    g = dealt(2)
    s, a, b = g.state, g.state.players[0], g.state.players[1]
    set_row(g, 1, "cellar_rats")                       # slots 0 and 1: 1-sword monsters
    hand(g, ["cleansing_ashes", "burgle"], room="r1", swords=2, boots=3, neg_clank=1)
    play(g, "cleansing_ashes")
    g.apply("trash cleansing_ashes")                   # from the play area: leaves at the end
    play(g, "burgle")
    g.apply("fight 0")
    g.apply("fight 1")
    assert a.play == ["cleansing_ashes", "burgle"] and s.turn.to_trash == ["cleansing_ashes"]
    g.apply("end")
    # 1. clean-up done before the refill; only the negative clank is still there
    assert s.phase == "refill" and s.turn == Turn(neg_clank=1)
    assert a.play == [] and a.discard == {"burgle": 1} and a.trashed == ["cleansing_ashes"]
    assert not a.hand and s.row[:2] == [None, None]
    # 2. refill left to right; the dragon card first, then an arrive card
    g.apply("row moss_troll")
    assert s.row[0] == "moss_troll" and s.row[1] is None and s.phase == "refill"
    g.apply("row rattling_chains")                     # arrive: 1 clank for everybody
    assert s.row[1] == "rattling_chains" and s.turn == Turn()
    # 3. one attack, its bag already holding the arrive clank: 3 green (Anna's cancelled),
    # 2 + 1 blue
    assert s.phase == "attack" and (a.bag, b.bag) == (3, 3) and (a.clank, b.clank) == (0, 0)
    assert s.attack_left == 3 and not a.hand
    for _ in range(3):
        g.apply("cube black")
    # 4. Anna draws 5 last
    assert s.phase == "hand" and s.draw_seat == 0 and s.to_draw == 5
    g.advance()
    assert sum(a.hand.values()) == 5 and g.current_player == 1
    log = g.log
    order = [next(i for i, m in enumerate(log) if text in m) for text in (
        "Anna ends the turn", "Cleansing Ashes goes back into the box",
        "Moss Troll turns up", "Rattling Chains arrives",
        "Anna's leftover negative clank cancels 1 clank", "The dragon attacks!",
        "Turn 2: it is Sandra's turn")]
    assert order == sorted(order)
    check_invariants(g)


def test_CL_2_10_and_CL_7_3_reading_surplus_negative_clank_cancels_arrive_clank_then_expires():
    """CL-2.10 / CL-7.3 reading: "Übrige negative Klong!-Werte verfallen am Ende des Zuges",
    and until then they let you ignore clank "im selben Zug". Arrive effects happen "während
    die Verliesreihe am Zugende aufgefüllt wird" -- in the end of this same turn -- so
    Anna's leftover -2 cancels the 1 clank the Shrieking Bat Cloud's arrival makes for her
    (Sandra's counts), and the last -1 is lost once the refill is done."""
    g = dealt(2)
    s, a, b = g.state, g.state.players[0], g.state.players[1]
    quiet(g, 0)                                        # none of Anna's cubes in the area
    hand(g, ["rattling_chains"], room="r1")
    play(g, "rattling_chains")                         # -2 clank, nothing to take back
    assert s.turn.neg_clank == 2
    g.apply("fight 0")                                 # Cellar Rats, 1 sword: a slot to refill
    g.apply("end")
    assert s.phase == "refill" and s.turn.neg_clank == 2
    assert b.clank == 2
    g.apply("row shrieking_bats")                      # arrive: every player +1 clank
    assert (a.clank, a.supply) == (0, 30) and b.clank == 3
    assert s.phase == "hand" and s.turn == Turn()      # no attack; the last -1 is gone
    start = g.log.index("Shrieking Bat Cloud turns up in the dungeon row.")
    assert g.log[start + 1:start + 5] == [
        "Shrieking Bat Cloud arrives: every player in the dungeon makes 1 clank.",
        "Anna's leftover negative clank cancels 1 clank.",
        "Sandra makes 1 clank (3 in the clank area).",
        "Anna's leftover negative clank (-1) is lost at the end of the turn."]
    check_invariants(g)


def test_CL_2_11_anna_stumbles_then_minus_two_clank_leaves_minus_one():
    """CL-2.11: stumble puts 1 green cube into the clank area; a -2 clank card takes it
    out and leaves -1 that cancels 1 point of clank later this turn. (The example starts
    with no green cube in the clank area, so Anna's 3 starting cubes are taken back.)"""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    quiet(g, 0)
    hand(g, ["stumble", "rattling_chains", "reckless_charge", "stumble"], room="r1")
    g.apply("play stumble")
    assert (p.clank, p.supply, s.turn.neg_clank) == (1, 29, 0)
    g.apply("play rattling_chains")                    # clank -2
    assert (p.clank, p.supply, s.turn.neg_clank) == (0, 30, 1)
    g.apply("play reckless_charge")                    # clank 2: 1 cancelled
    assert (p.clank, p.supply, s.turn.neg_clank) == (1, 29, 0)
    g.apply("play stumble")
    assert (p.clank, p.supply) == (2, 28)


def test_CL_2_12_anna_two_boots_two_tunnels_stops_in_crystal_cave():
    """CL-2.12: 2 boots take Anna through 2 tunnels (Sunken Stair -> Moth Archive ->
    Glimmer Grotto, a crystal cave); another boot played there cannot move her on."""
    g = dealt(2)
    s = g.state
    hand(g, ["sidestep", "scramble", "explore"], room="r13")
    play(g, "sidestep", "scramble")
    assert s.turn.boots == 2
    g.apply("move r9")
    g.apply("move r4")
    assert s.players[0].room == idx(g, "r4") and s.turn.boots == 0
    g.apply("play explore")                           # one more boot
    assert s.turn.boots == 1 and not moves(g)
    assert_illegal(g, "move r8", "crystal cave")


def test_CL_2_13_anna_fights_buys_a_card_that_works_only_after_a_reshuffle():
    """CL-2.13: 2 swords defeat a 2-sword monster of the row (its reward: Gnawing Ghoul pays
    2 gold; the card goes to the dungeon discard pile); 3 skill buy a 3-cost card, which
    gives nothing now. Anna ends, draws 5 (never the new card), Sandra plays. Only after
    a reshuffle can the card be drawn and played for its effect."""
    g = dealt(2)
    s, a = g.state, g.state.players[0]
    hand(g, ["mercenary", "burgle", "burgle", "stumble", "sidestep"], room="r1")
    play_hand(g)
    assert (s.turn.skill, s.turn.swords, s.turn.boots) == (3, 2, 1)
    g.apply("fight 1")                                 # Gnawing Ghoul: 2 swords
    assert a.gold == 2 and s.dungeon_discard == {"gnawing_ghoul": 1} and s.row[1] is None
    g.apply("buy 2")                                   # Lamp-Bearer: cost 3
    assert a.discard == {"lamp_bearer": 1} and (s.turn.skill, s.turn.boots) == (0, 1)
    assert a.gold == 2
    g.apply("move r2")
    assert s.turn.skill == s.turn.swords == s.turn.boots == 0
    g.apply("end")
    g.apply("row cellar_rats")
    g.apply("row tomb_sentinel")                       # no dragon symbol: no attack
    assert s.phase == "hand"
    assert "draw lamp_bearer" not in odds(g)
    g.advance()
    assert "lamp_bearer" not in a.hand and a.discard["lamp_bearer"] == 1
    assert g.current_player == 1                       # Sandra's turn
    pass_turn(g)
    assert g.current_player == 0 and sum(a.draw.values()) == 1
    play_hand(g)
    g.apply("end")                                     # Anna draws 1 + reshuffle + 4
    last = next(iter(a.draw))
    g.apply(f"draw {last}")
    assert not a.discard and a.draw.get("lamp_bearer") == 1      # shuffled in
    assert odds(g)["draw lamp_bearer"] == Fraction(1, sum(a.draw.values()))
    g.apply("draw lamp_bearer")
    g.advance()
    pass_turn(g)                                       # Sandra
    assert g.current_player == 0 and a.hand.get("lamp_bearer") == 1
    g.apply("play lamp_bearer")
    assert (s.turn.skill, s.turn.boots) == (1, 1)
    check_invariants(g)


# ================================================================== 3 buying, devices, monsters
def test_CL_3_1_skill_buys_row_and_reserve_cards_at_their_cost():
    """CL-3.1: skill buys blue-banner row cards and yellow-banner reserve cards; the cost is
    paid exactly."""
    g = dealt(2)
    hand(g, [], room="r1", skill=2)
    legal = g.legal_action_ids()
    assert "buy mercenary" in legal                    # cost 2
    assert "buy explore" not in legal and "buy 2" not in legal and "buy 3" not in legal
    assert_illegal(g, "buy 2", "Lamp-Bearer costs 3 skill; you have 2")
    hand(g, [], room="r1", skill=5)
    g.apply("buy explore")
    assert g.state.turn.skill == 2
    g.apply("buy mercenary")
    assert g.state.turn.skill == 0
    hand(g, [], room="r1", skill=3)
    g.apply("buy 2")
    assert g.state.turn.skill == 0 and g.state.players[0].discard["lamp_bearer"] == 1


def test_CL_3_2_bought_card_joins_deck_but_gives_nothing_now():
    """CL-3.2: a bought card goes onto the discard pile; its play effects wait until it is
    drawn and played."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", skill=3)
    g.apply("buy explore")
    assert (s.turn.skill, s.turn.boots) == (0, 0)
    assert p.discard == {"explore": 1} and owned_cards(s, 0)["explore"] == 1
    rig(g, hand=["explore"])                           # later: drawn into the hand
    g.apply("play explore")
    assert (s.turn.skill, s.turn.boots) == (2, 1)


def test_CL_3_3_device_is_used_at_once_and_goes_to_the_dungeon_discard():
    """CL-3.3: a purple device is bought with skill (its cost), its USE text happens at
    once, and it goes onto the dungeon discard pile, never into your deck."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hurt(g, 0, 3)
    hand(g, [], room="r1", skill=4)
    assert_illegal(g, "buy 4", "Bubbling Cauldron is a device: use 'use 4'")
    g.apply("use 4")                                   # heal 2
    assert (p.damage, p.supply) == (1, 26) and s.turn.skill == 0
    assert s.dungeon_discard == {"bubbling_cauldron": 1} and s.row[4] is None
    assert "bubbling_cauldron" not in owned_cards(s, 0)
    check_invariants(g)


def test_CL_3_4_monster_fought_with_swords_reward_then_dungeon_discard():
    """CL-3.4: a red monster is fought with exactly its swords, never bought; its reward
    is gained and the card goes to the dungeon discard pile."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", skill=9, swords=1)
    assert "fight 1" not in g.legal_action_ids()
    assert_illegal(g, "buy 1", "Gnawing Ghoul is a monster: use 'fight 1'")
    assert_illegal(g, "fight 1", "Gnawing Ghoul needs 2 swords; you have 1")
    g.apply("fight 0")                                 # Cellar Rat Pack: 1 sword, 1 gold
    assert (p.gold, s.turn.swords, s.turn.skill) == (1, 0, 9)
    assert s.dungeon_discard == {"cellar_rats": 1}
    assert "cellar_rats" not in owned_cards(s, 0)


def test_CL_3_5_reading_slots_stay_empty_then_refill_left_to_right():
    """CL-3.5 reading: a bought or defeated row card leaves an empty slot until the end of
    the turn; the refill fills empty slots from left to right (94 cards in the deck, 25 of
    them with the dragon symbol)."""
    g = dealt(2)
    s = g.state
    hand(g, [], room="r1", skill=3, swords=1)
    g.apply("buy 3")
    assert s.row[3] is None
    g.apply("fight 0")
    assert s.row == [None, "gnawing_ghoul", "lamp_bearer", None, "bubbling_cauldron",
                     "hushed_footfall"]
    g.apply("end")
    o = odds(g)
    cards = s.content.cards
    assert sum(p for k, p in o.items() if cards[k.split()[1]].dragon) == Fraction(25, 94)
    g.apply("row tomb_sentinel")
    assert s.row[0] == "tomb_sentinel" and s.row[3] is None
    g.apply("row bog_ooze")
    assert s.row[3] == "bog_ooze" and s.phase == "hand"


def test_CL_3_6_reading_goblin_fought_any_number_of_times_by_anyone():
    """CL-3.6 reading: the goblin stays in the reserve; 6 swords fight it 3 times for 3
    gold, and the next player can fight it too."""
    g = dealt(2)
    s = g.state
    hand(g, [], room="r1", swords=6)
    for _ in range(3):
        g.apply("fight goblin")
    assert s.players[0].gold == 3 and s.turn.swords == 0
    assert "fight goblin" not in g.legal_action_ids() and not s.dungeon_discard
    g.apply("end")
    g.advance()
    hand(g, [], room="r1", swords=2)
    g.apply("fight goblin")
    assert s.players[1].gold == 1


# ================================================================== 4 the market
def test_CL_4_1_wares_cost_7_gold_and_stay_yours():
    """CL-4.1: standing on a market space you may buy any number of wares at 7 gold each;
    they stay in front of you for the game (and score, CL-13)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r6")
    p.gold = 21
    assert {"market key", "market backpack", "market crown"} <= set(g.legal_action_ids())
    g.apply("market key")
    g.apply("market backpack")
    g.apply("market crown")
    assert p.gold == 0 and (p.keys, p.backpacks, p.crowns) == (1, 1, [10])
    assert s.market == {"keys": 1, "backpacks": 1, "crowns": [9, 8]}
    assert dict(g.score_breakdown(0))["market wares"] == 20
    g.apply("end")
    g.advance()
    assert (p.keys, p.backpacks, p.crowns) == (1, 1, [10])


@pytest.mark.parametrize("rid", ["r6", "r7", "r10"])
def test_CL_4_2_designed_market_rooms(rid):
    """CL-4.2 designed: the map's market rooms are Lantern Bazaar, Haggler's Nook and
    Smugglers' Steps (outside the depths); each sells the wares."""
    c = load_content()
    assert sorted(r.id for r in c.rooms if r.market) == ["r10", "r6", "r7"]
    assert not any(r.market and (r.artifact or r.secret or r.shrine) for r in c.rooms)
    assert not c.room(rid).depths
    g = dealt(2)
    hand(g, [], room=rid)
    g.state.players[0].gold = 7
    g._invalidate()
    g.apply("market crown")
    assert g.state.players[0].crowns == [10]


def test_CL_4_3_reading_market_room_needed_several_keys_crowns_highest_first():
    """CL-4.3 reading: no buying outside a market room; several keys may be bought (5
    points each) while they last; crowns go highest first: 10, 9, 8."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1")
    p.gold = 50
    g._invalidate()
    assert not any(a.startswith("market") for a in g.legal_action_ids())
    assert_illegal(g, "market key", "market room", "7 gold")
    p.room = idx(g, "r10")
    g._invalidate()
    g.apply("market key")
    g.apply("market key")
    assert p.keys == 2 and s.market["keys"] == 0 and "market key" not in g.legal_action_ids()
    assert_illegal(g, "market key", "still for sale")
    for _ in range(3):
        g.apply("market crown")
    assert p.crowns == [10, 9, 8] and p.gold == 50 - 5 * 7
    assert "market crown" not in g.legal_action_ids()
    assert dict(g.score_breakdown(0))["market wares"] == 2 * 5 + 27


def test_CL_4_3_reading_too_little_gold():
    """CL-4.3 reading: 6 gold buys nothing (7 each)."""
    g = dealt(2)
    hand(g, [], room="r7")
    g.state.players[0].gold = 6
    g._invalidate()
    assert not any(a.startswith("market") for a in g.legal_action_ids())
    assert_illegal(g, "market backpack", "7 gold")


# ================================================================== 5 moving
def test_CL_5_1_one_boot_one_tunnel():
    """CL-5.1: each boot moves you through 1 tunnel into a neighbouring room. From the
    start space only the gate r1 is reachable; from r1, with 1 boot, r2, r3, r6, r7."""
    g = dealt(2)
    s = g.state
    hand(g, [], boots=2)
    assert moves(g) == {"move r1"}
    g.apply("move r1")
    assert s.turn.boots == 1
    assert moves(g) == {"move r2", "move r3", "move r6", "move r7"}
    g.apply("move r6")
    assert s.turn.boots == 0 and not moves(g)
    assert_illegal(g, "move r10", "this tunnel needs 1 boots; you have 0")


def test_CL_5_2_footprints_take_two_boots():
    """CL-5.2: the footprint tunnel r2-r4 costs 2 boots."""
    g = dealt(2)
    hand(g, [], room="r2", boots=1)
    assert "move r4" not in moves(g)
    assert_illegal(g, "move r4", "this tunnel needs 2 boots; you have 1")
    hand(g, [], room="r2", boots=2)
    g.apply("move r4")
    assert g.state.turn.boots == 0 and g.state.players[0].room == idx(g, "r4")


def test_CL_5_3_monster_tunnel_damage():
    """CL-5.3: a 1-threat tunnel (r9-r10) deals 1 damage unless a sword is spent; spending
    swords is optional."""
    g = dealt(2)
    p = g.state.players[0]
    hand(g, [], room="r9", boots=1, swords=1)
    assert moves(g) >= {"move r10 block 0", "move r10 block 1"}
    assert_illegal(g, "move r10", "monster symbol", "block 0")
    h = g.fork()
    g.apply("move r10 block 0")
    assert (p.damage, p.supply, g.state.turn.swords) == (1, 26, 1)
    hp = h.state.players[0]
    h.apply("move r10 block 1")
    assert (hp.damage, hp.supply, h.state.turn.swords) == (0, 27, 0)
    check_invariants(g)
    check_invariants(h)


def test_CL_5_4_reading_choose_0_to_symbols_swords():
    """CL-5.4 reading: you choose how many swords to spend, from 0 up to the number of
    symbols (never more): a 3-threat tunnel with 5 swords offers block 0..3."""
    g = dealt(2)
    hand(g, [], room="r20", boots=1, swords=5)
    assert {m for m in moves(g) if "r24" in m} == {f"move r24 block {k}" for k in range(4)}
    assert_illegal(g, "move r24 block 4")
    g.apply("move r24 block 2")
    assert g.state.turn.swords == 3 and g.state.players[0].damage == 1


def test_CL_5_4_reading_move_illegal_if_damage_fills_health_track():
    """CL-5.4 reading (and CL-9.3, CL-14.7): with 9 damage of 10, an unblocked threat
    would knock you out: only the fully blocked move is legal."""
    g = dealt(2)
    hurt(g, 0, 9)
    hand(g, [], room="r9", boots=1)
    assert "move r10 block 0" not in moves(g)
    assert_illegal(g, "move r10 block 0", "may not fill your health track")
    hand(g, [], room="r9", boots=1, swords=1)
    assert {m for m in moves(g) if "r10" in m} == {"move r10 block 1"}
    hurt(g, 0, -1)                                     # 8 damage: 1 more is allowed
    hand(g, [], room="r9", boots=1)
    g.apply("move r10 block 0")
    assert g.state.players[0].damage == 9 and g.state.players[0].status == IN


def test_CL_5_4_reading_damage_needs_cubes_in_your_supply():
    """CL-5.4 reading: tunnel damage is paid with cubes from your supply; with 1 cube left
    a 2-threat tunnel (r16-r17) needs at least 1 sword."""
    g = dealt(2)
    p = g.state.players[0]
    to_bag(g, 0, p.supply - 1)
    hand(g, [], room="r16", boots=1, swords=2)
    assert {m for m in moves(g) if "r17" in m} == {"move r17 block 1", "move r17 block 2"}
    g.apply("move r17 block 1")
    assert (p.supply, p.damage) == (0, 1)
    check_invariants(g)


def test_CL_5_5_empty_supply_must_block_all_tunnel_damage():
    """CL-5.5: with no cubes in your supply you must block all tunnel damage."""
    g = dealt(2)
    to_bag(g, 0, g.state.players[0].supply)
    hand(g, [], room="r3", boots=1, swords=1)
    assert {m for m in moves(g) if "r5" in m} == {"move r5 block 1"}
    hand(g, [], room="r3", boots=1)
    assert not {m for m in moves(g) if "r5" in m}
    assert "move r1" in moves(g)


def test_CL_5_6_locked_tunnel_needs_a_master_key():
    """CL-5.6: the locked tunnel r2-r9 opens only to the owner of a master key."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r2", boots=1)
    assert "move r9" not in moves(g)
    assert_illegal(g, "move r9", "this tunnel is locked: you need a master key")
    s.market["keys"] -= 1
    p.keys = 1
    g._invalidate()
    g.apply("move r9")
    assert p.room == idx(g, "r9") and s.turn.boots == 0


def test_CL_5_7_arrow_tunnel_one_way_only():
    """CL-5.7: the chute r13 -> r15 can be used down, never up."""
    g = dealt(2)
    hand(g, [], room="r15", boots=2)
    assert moves(g) == {"move r19", "move r20"}
    assert_illegal(g, "move r13", "no tunnel leads from r15 to r13 in this direction")
    hand(g, [], room="r13", boots=1)
    g.apply("move r15")
    assert g.state.players[0].room == idx(g, "r15")


def test_CL_5_8_wrapping_tunnel_costs_one_boot_both_ways():
    """CL-5.8: the tunnel across the board edge (r8 <-> r12) costs 1 boot."""
    c = load_content()
    t = next(t for t in c.tunnels if {c.rooms[t.a].id, c.rooms[t.b].id} == {"r8", "r12"})
    assert t.wrap and t.boots == 1
    g = dealt(2)
    hand(g, [], room="r8", boots=2)
    g.apply("move r12")
    assert g.state.turn.boots == 1
    g.apply("move r8")
    assert g.state.turn.boots == 0 and g.state.players[0].room == idx(g, "r8")


def test_CL_5_9_teleport_ignores_boots_monsters_locks_and_arrows():
    """CL-5.9: a teleport enters any neighbouring room for no boots, ignoring threat (no
    damage, no sword), a lock and an arrow's direction."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r3", teleports=1)
    assert {a for a in g.legal_action_ids() if a.startswith("teleport")} == \
        {"teleport r1", "teleport r5", "teleport r7"}
    g.apply("teleport r5")
    assert (p.damage, s.turn.teleports, s.turn.boots, s.turn.swords) == (0, 0, 0, 0)
    assert_illegal(g, "teleport r12", "you have no teleport this turn")
    hand(g, [], room="r2", teleports=1)
    g.apply("teleport r9")                             # locked, no key
    assert p.room == idx(g, "r9") and p.keys == 0
    hand(g, [], room="r15", teleports=1)
    g.apply("teleport r13")                            # against the arrow
    assert p.room == idx(g, "r13")
    hand(g, [], room="r15", teleports=1)
    assert_illegal(g, "teleport r1", "r1 is not next to your room")


def test_CL_5_10_reading_teleport_through_the_entrance_tunnel():
    """CL-5.10 reading: a teleport may cross the tunnel to the start space: out of it into
    the dungeon, and into it only with an artifact (an escape)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], teleports=1)                          # still outside
    assert {a for a in g.legal_action_ids() if a.startswith("teleport")} == {"teleport r1"}
    g.apply("teleport r1")
    assert p.room == idx(g, "r1") and p.may_take
    hand(g, [], room="r1", teleports=1)
    assert "teleport start" not in g.legal_action_ids()
    assert_illegal(g, "teleport start")
    del s.artifacts[idx(g, "r3")]
    p.artifacts = [5]
    g._invalidate()
    g.apply("teleport start")
    assert p.status == ESCAPED and p.mastery and p.room == s.content.start


# ================================================================== 6 rooms and tokens
@pytest.mark.parametrize("src, rid, take", [("r1", "r2", "take minor"),
                                            ("r17", "r22", "take major"),
                                            ("r21", "r26", "take idol")])
def test_CL_6_1_entering_a_room_you_may_take_one_token(src, rid, take):
    """CL-6.1: entering a room you may take 1 token there: a minor secret, a major secret
    or a monkey idol."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room=src, boots=1)
    assert take not in g.legal_action_ids()
    g.apply(f"move {rid}")
    assert take in g.legal_action_ids()
    g.apply(take)
    if take == "take idol":
        assert (p.idols, s.idols) == (1, 2)
    else:
        assert g.is_chance and s.turn.secret_to_reveal == take.split()[1]
    assert take not in g.legal_action_ids()


def test_CL_6_2_one_token_per_entry_leave_and_come_back_for_another():
    """CL-6.2: the Bat Gallery holds 2 minor secrets; one per entry: after taking one, the
    second needs leaving and entering again."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", boots=4)
    g.apply("move r2")
    g.apply("take minor")
    g.apply("secret potion_strength")
    assert s.secret_slots[idx(g, "r2")] == 1 and p.secrets == ["potion_strength"]
    assert "take minor" not in g.legal_action_ids()
    assert_illegal(g, "take minor", "one token per entry into a room")
    g.apply("move r6")
    g.apply("move r2")
    g.apply("take minor")
    g.apply("secret potion_heal")
    assert idx(g, "r2") not in s.secret_slots and p.secrets == ["potion_strength",
                                                                "potion_heal"]
    g.apply("move r1")
    hand(g, [], room="r1", boots=1)
    g.apply("move r2")
    assert "take minor" not in g.legal_action_ids()     # nothing left


def test_CL_6_2_reading_token_may_be_taken_in_a_later_turn_while_you_stay():
    """CL-6.2 reading: the token of this entry may be taken at any moment while you stay in
    the room, also in a later turn; also CL-6.4: the artifact taken before the first card or
    move of that turn, raising the rage at once."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["sidestep", "scramble"], room="r1")
    play(g, "sidestep")
    g.apply("move r3")
    assert "take artifact" in g.legal_action_ids()
    play(g, "scramble")                                # not taken this turn
    g.apply("end")
    g.advance()
    pass_turn(g)                                       # Sandra
    assert g.current_player == 0 and sum(p.hand.values()) == 5 and not p.play
    assert "take artifact" in g.legal_action_ids()
    assert s.rage == 2
    g.apply("take artifact")
    assert p.artifacts == [5] and s.rage == 3 and sum(p.hand.values()) == 5
    assert "take artifact" not in g.legal_action_ids()


def test_CL_6_3_tokens_are_never_compulsory():
    """CL-6.3: you may leave an artifact lying (to grab a richer one elsewhere)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", boots=2)
    g.apply("move r3")
    g.apply("move r7")
    assert s.artifacts[idx(g, "r3")] == 5 and p.artifacts == [] and s.rage == 2
    g.apply("end")
    assert s.artifacts[idx(g, "r3")] == 5


def test_CL_6_4_artifact_taken_after_other_actions_raises_rage_at_once():
    """CL-6.4: an artifact may be taken at any moment of the turn, also after other actions;
    the dragon marker moves 1 space at once (2 players: space 3 -> 4)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["burgle"], room="r1", boots=1, swords=2)
    g.apply("move r3")
    g.apply("fight goblin")
    assert s.rage == 2
    g.apply("take artifact")
    assert s.rage == 3 and p.artifacts == [5] and idx(g, "r3") not in s.artifacts
    assert rage_cubes(s) == 3
    g.apply("play burgle")
    assert s.rage == 3


def test_CL_6_5_reading_one_artifact_two_with_a_backpack():
    """CL-6.5 reading: a player holding an artifact may not take another, unless a backpack
    gives room for a second (which raises the rage again)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    del s.artifacts[idx(g, "r3")]
    p.artifacts = [5]
    hand(g, [], room="r8")
    p.may_take = True                                  # as if she had just entered r8
    g._invalidate()
    assert "take artifact" not in g.legal_action_ids()
    assert_illegal(g, "take artifact", "artifacts need room to carry (a backpack)")
    s.market["backpacks"] -= 1
    p.backpacks = 1
    g._invalidate()
    g.apply("take artifact")
    assert p.artifacts == [5, 10] and s.rage == 3
    check_invariants(g)


def test_CL_6_5_and_CL_13_12_reading_two_backpacks_carry_three_artifacts():
    """CL-6.5 / CL-13.12 reading: each backpack "erlaubt das Tragen eines weiteren
    Artefakts", so each adds one: with both backpacks of the market Anna carries three
    artifacts (and no fourth); each one taken raises the rage (CL-8.8)."""
    g = dealt(4, removed=())
    s, p = g.state, g.state.players[0]
    p.gold = 14
    hand(g, [], room="r6")
    g.apply("market backpack")
    g.apply("market backpack")
    assert p.backpacks == 2 and s.market["backpacks"] == 0 and "Anna buys a backpack for " \
        "7 gold." in g.log
    rage = s.rage
    for room, value in (("r3", 5), ("r8", 10), ("r14", 7)):
        assert s.artifacts[idx(g, room)] == value
        hand(g, [], room=room)
        p.may_take = True                              # as if she had just entered
        g._invalidate()
        g.apply("take artifact")
    assert p.artifacts == [5, 10, 7] and s.rage == rage + 3
    spare = next(r for r, v in s.artifacts.items())
    p.room, p.may_take = spare, True
    g._invalidate()
    assert "take artifact" not in g.legal_action_ids()
    assert dict(g.score_breakdown(0))["market wares"] == 10
    check_invariants(g)


def test_CL_6_6_secret_is_turned_face_up_once_taken():
    """CL-6.6: a taken secret is revealed: a kept potion joins your tokens; a treasure pays
    its 2 gold at once."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", boots=3)
    g.apply("move r2")
    g.apply("take minor")
    assert g.is_chance and g.current_player is None
    g.apply("secret potion_swiftness")
    assert p.secrets == ["potion_swiftness"]
    assert "Anna's secret is a swiftness potion." in g.log
    assert "token potion_swiftness" in g.legal_action_ids()
    g.apply("move r6")
    g.apply("move r2")
    g.apply("take minor")
    g.apply("secret treasure")
    assert p.gold == 2 and s.box == {"treasure": 1} and p.secrets == ["potion_swiftness"]
    assert s.secret_pool["minor"]["treasure"] == 2
    check_invariants(g)


def test_CL_6_7_crystal_cave_ends_boot_movement_teleport_allowed():
    """CL-6.7: entering a crystal cave ends movement by boots for the turn; teleporting
    stays allowed; from the next turn on boots work again."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r9", boots=3, teleports=1)
    g.apply("move r4")
    assert s.turn.boots == 2 and s.turn.boots_locked and not moves(g)
    assert_illegal(g, "move r8", "you entered a crystal cave this turn")
    assert "teleport r8" in g.legal_action_ids()
    g.apply("teleport r8")
    assert p.room == idx(g, "r8") and not moves(g)     # still no boots this turn
    g.apply("end")
    g.advance()
    pass_turn(g)
    assert g.current_player == 0 and not s.turn.boots_locked
    rig(g, hand=["sidestep"])
    g.apply("play sidestep")
    assert "move r4" in moves(g)


def test_CL_6_7_reading_teleporting_into_a_crystal_cave_stops_boots_too():
    """CL-6.7 reading: entering a crystal cave by teleport also stops boots for the turn."""
    g = dealt(2)
    s = g.state
    hand(g, [], room="r9", boots=2, teleports=2)
    g.apply("teleport r4")
    assert s.turn.boots == 2 and s.turn.boots_locked and not moves(g)
    assert "teleport r8" in g.legal_action_ids()


def test_CL_6_8_reading_fountain_heals_1_on_every_entry_boots_or_teleport():
    """CL-6.8 reading: the fountain of the Dripping Well heals 1 on every entry, by boots
    or by teleport; with no damage nothing happens."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hurt(g, 0, 4)
    hand(g, [], room="r12", boots=2, teleports=1)
    g.apply("move r5")
    assert (p.damage, p.supply) == (3, 24)
    g.apply("move r12")
    assert p.damage == 3
    g.apply("teleport r5")
    assert (p.damage, p.supply) == (2, 25)
    hurt(g, 0, -2)
    hand(g, [], room="r12", boots=1)
    g.apply("move r5")
    assert (p.damage, p.supply) == (0, 27)


def test_CL_6_9_depths_line_divides_the_rooms():
    """CL-6.9: rooms below the depths line (y > 330) are the depths: r15..r37; the upper
    dungeon r1..r14 is not."""
    c = load_content()
    assert c.depths_y == 330
    for r in c.rooms:
        assert r.depths == (r.y > c.depths_y)
    assert sorted(int(r.id[1:]) for r in c.rooms if r.depths) == list(range(15, 38))


@pytest.mark.parametrize("rid, status, score", [("r16", LOST, 0), ("r10", RESCUED, 16)])
def test_CL_6_9_knocked_out_in_the_depths_or_not(rid, status, score):
    """CL-6.9: whether a knocked-out player is still in the depths decides the rescue: with
    the artifact worth 15, knocked out in the depths (r16) -> lost, in the upper dungeon
    (r10) -> rescued, scoring it and the 1 gold of the Cellar Rat Pack."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    del s.artifacts[idx(g, "r16")]
    p.artifacts = [15]
    hurt(g, 0, 9)
    hand(g, [], room=rid, swords=1)
    g.apply("fight 0")
    g.apply("end")
    g.apply("row moss_troll")                          # the dragon symbol: an attack
    assert s.phase == "attack"
    g.apply("cube green")
    assert p.status == status and p.damage == 10
    assert g.scores()[0] == score
    check_invariants(g)


# ================================================================== 12 card effects
def test_CL_12_1_discarded_card_has_no_effect_only_unplayed_cards():
    """CL-12.1: discarding (for 'discard 1 to draw 2') takes an unplayed card from the
    hand; a discarded stumble makes no clank; played cards cannot be discarded."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["burgle", "second_thoughts", "stumble"], room="r1")
    play(g, "burgle", "second_thoughts")
    assert g.legal_action_ids() == ["discard stumble", "skip"]
    assert_illegal(g, "discard burgle", "first choose a card to discard")
    g.apply("discard stumble")
    assert p.clank == 3 and p.discard == {"stumble": 1} and p.play == ["burgle",
                                                                        "second_thoughts"]
    assert g.is_chance and s.to_draw == 2


def test_CL_12_2_reading_discard_to_draw_needs_a_card_and_is_optional():
    """CL-12.2 reading: with an empty hand 'discard 1 to draw 2' draws nothing; with a card
    in hand it may be skipped."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["second_thoughts"], room="r1")
    draw = dict(p.draw)
    g.apply("play second_thoughts")
    assert not g.is_chance and not s.turn.pending and p.draw == draw and not p.hand
    assert "Anna has no card to discard, so draws nothing." in g.log
    assert "end" in g.legal_action_ids()
    hand(g, ["second_thoughts", "burgle"], room="r1")
    g.apply("play second_thoughts")
    g.apply("skip")
    assert p.hand == {"burgle": 1} and not g.is_chance and s.to_draw == 0


def test_CL_12_3_play_area_stays_out_of_a_reshuffle():
    """CL-12.3: cards played this turn are not shuffled into the new draw pile: with 2
    plunders played and 4 in the discard pile, P(draw plunder) = 4/8."""
    g = dealt(2)
    p = g.state.players[0]
    set_row(g, 0, "scrying_pool")
    hand(g, ["burgle", "burgle"], room="r1", skill=2)
    p.discard, p.draw = p.draw, {}
    play(g, "burgle", "burgle")
    g.apply("use 0")
    assert p.play == ["burgle", "burgle"] and p.draw == {"burgle": 4, "stumble": 2,
                                                         "sidestep": 1, "scramble": 1}
    assert odds(g)["draw burgle"] == Fraction(4, 8)


def test_CL_12_4_arrive_effect_before_the_attack_whatever_the_order():
    """CL-12.4: an arrive text happens as the card is revealed during the refill, before the
    attack that refill causes, even when the dragon card was revealed first; the arrive
    cubes are in the bag for that attack."""
    g = dealt(2)
    s, a, b = g.state, g.state.players[0], g.state.players[1]
    hand(g, [], room="r1", skill=6)
    g.apply("buy 2")
    g.apply("buy 3")
    g.apply("end")
    g.apply("row spined_crawler")                      # dragon symbol
    assert s.phase == "refill" and s.refill_attack and (a.clank, b.clank) == (3, 2)
    g.apply("row shrieking_bats")                      # arrive: clank 1 each; danger
    assert s.phase == "attack" and (a.bag, b.bag) == (4, 3)
    assert s.attack_left == 3 + 1                      # rage space 3 + the danger card
    assert dragon_attack_odds(g).bag == {"black": 24, "green": 4, "blue": 3}


def test_CL_12_4_arrive_without_attack():
    """CL-12.4: an arrive card revealed in a refill without a dragon symbol acts, and no
    attack follows."""
    g = dealt(2)
    s, a, b = g.state, g.state.players[0], g.state.players[1]
    hand(g, [], room="r1", skill=3)
    g.apply("buy 2")
    g.apply("end")
    g.apply("row rattling_chains")
    assert (a.clank, b.clank) == (4, 3) and s.phase == "hand" and s.black_bag == 24


def test_CL_12_5_reading_arrive_for_each_player_skips_players_out():
    """CL-12.5 reading: 'clank for every player' hits each player still in the game (the
    active one included, waiting outside too) but not one who escaped."""
    g = dealt(3)
    s = g.state
    out = s.players[2]
    out.status, out.mastery = ESCAPED, True
    s.countdown_seat, s.countdown = 2, 1
    hand(g, [], skill=3)                               # Anna still outside
    g.apply("buy 2")
    g.apply("end")
    g.apply("row shrieking_bats")
    assert [p.clank for p in s.players] == [4, 3, 1]
    assert [p.supply for p in s.players] == [26, 27, 29]


def test_CL_12_6_trash_from_discard_or_play_area_or_skip():
    """CL-12.6: trash candidates are your discard pile and your play area (the trashing
    card included); 'up to': skipping is allowed."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["cleansing_ashes"], room="r1")
    p.discard = {"stumble": 2}
    del p.draw["stumble"]
    g._invalidate()
    g.apply("play cleansing_ashes")
    assert s.turn.skill == 1
    assert g.legal_action_ids() == ["trash cleansing_ashes", "trash stumble", "skip"]
    h = g.fork()
    h.apply("skip")
    assert h.state.players[0].trashed == [] and "end" in h.legal_action_ids()
    g.apply("trash stumble")
    assert p.trashed == ["stumble"] and p.discard == {"stumble": 1}
    check_invariants(g)


def test_CL_12_6_reading_trash_from_play_area_stays_until_turn_end_and_counts():
    """CL-12.6 reading: a card trashed from the play area stays there until the end of the
    turn and still counts for conditions: the trashed mercenary still makes the Lamp-Bearer
    see a companion (+1 skill); at the end it goes into the box, not the discard pile."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["mercenary", "cleansing_ashes", "lamp_bearer"], room="r1")
    play(g, "mercenary", "cleansing_ashes")
    g.apply("trash mercenary")
    assert p.play == ["mercenary", "cleansing_ashes"] and s.turn.to_trash == ["mercenary"]
    g.apply("play lamp_bearer")
    assert s.turn.skill == 1 + 1 + 1 + 1
    g.apply("end")
    assert p.trashed == ["mercenary"] and "mercenary" not in owned_cards(s, 0)
    assert p.discard == {"cleansing_ashes": 1, "lamp_bearer": 1}
    check_invariants(g)


def test_CL_12_6_reading_trash_from_discard_leaves_at_once_not_reshuffled():
    """CL-12.6 reading: a card trashed from the discard pile leaves at once, so a reshuffle
    later that turn cannot bring it back: 1 stumble of 2 left in the new draw pile."""
    g = dealt(2)
    p = g.state.players[0]
    set_row(g, 0, "scrying_pool")
    hand(g, ["cleansing_ashes"], room="r1", skill=3)
    p.discard, p.draw = p.draw, {}
    g.apply("play cleansing_ashes")
    g.apply("trash stumble")
    assert p.trashed == ["stumble"] and p.discard["stumble"] == 1
    g.apply("use 0")
    assert p.draw == {"burgle": 6, "stumble": 1, "sidestep": 1, "scramble": 1}
    assert odds(g)["draw stumble"] == Fraction(1, 9)


def test_CL_12_7_acquire_happens_once_when_taken_never_when_played():
    """CL-12.7: the Salvaged Purse pays its acquire 2 gold when bought; played later it gives
    only its play effects (1 skill, 1 gold)."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, [], room="r1", skill=3)
    g.apply("buy 3")
    assert p.gold == 2 and s.turn.skill == 0
    rig(g, hand=["salvaged_purse"])                    # the same card, drawn later
    g.apply("play salvaged_purse")
    assert p.gold == 3 and s.turn.skill == 1


def test_CL_12_8_companion_condition_independent_of_order():
    """CL-12.8: Burrow Scout draws 1 'if another companion is in your play area', whether
    the mercenary is played before or after it."""
    for order in (("burrow_scout", "mercenary"), ("mercenary", "burrow_scout")):
        g = dealt(2)
        s = g.state
        hand(g, list(order), room="r1")
        g.apply(f"play {order[0]}")
        assert not g.is_chance
        g.apply(f"play {order[1]}")
        assert g.is_chance and s.to_draw == 1 and s.turn.boots == 1 and s.turn.swords == 2


def test_CL_12_8_crown_bought_after_the_card_still_counts():
    """CL-12.8: Pretender's Decree (2 skill; with a crown +1 skill and draw 1) played first,
    then a crown bought: the bonus still comes."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["pretenders_decree"], room="r6")
    p.gold = 7
    g._invalidate()
    g.apply("play pretenders_decree")
    assert s.turn.skill == 2 and not g.is_chance
    g.apply("market crown")
    assert s.turn.skill == 3 and g.is_chance and s.to_draw == 1 and p.crowns == [10]


def test_CL_12_8_skill_per_clank_counts_clank_made_before():
    """CL-12.8: Gong Herald's 'skill per clank this turn' counts the stumble played before
    it, its own 2 clank, and clank made after it."""
    g = dealt(2)
    s = g.state
    hand(g, ["stumble", "gong_herald", "stumble"], room="r1")
    g.apply("play stumble")
    g.apply("play gong_herald")
    assert s.turn.skill == 3 and s.players[0].clank == 3 + 3
    g.apply("play stumble")
    assert s.turn.skill == 4 and s.players[0].clank == 7


def test_CL_12_9_reading_condition_fires_once():
    """CL-12.9 reading: a condition fires once, as soon as it holds: a second companion
    does not repeat the Lamp-Bearer's bonus."""
    g = dealt(2)
    s = g.state
    hand(g, ["lamp_bearer", "mercenary", "mercenary"], room="r1")
    g.apply("play lamp_bearer")
    assert s.turn.skill == 1
    g.apply("play mercenary")
    assert s.turn.skill == 1 + 1 + 1
    g.apply("play mercenary")
    assert s.turn.skill == 4 and s.turn.swords == 4


def test_CL_12_9_reading_cancelled_clank_pays_no_skill():
    """CL-12.9 reading: skill "für jedes Klong!, das du in diesem Zug machst", and
    leftover negative clank lets you "Klong!-verursachenden Effekte ignorieren": an ignored
    effect makes no clank, so it pays no skill. -2 left over cancels Gong Herald's 2 clank:
    no skill for them; the Stumble played afterwards makes clank and pays 1."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    quiet(g, 0)
    hand(g, ["rattling_chains", "gong_herald", "stumble"], room="r1")
    g.apply("play rattling_chains")                    # 1 skill, 1 sword, -2 clank
    assert s.turn.neg_clank == 2
    g.apply("play gong_herald")
    assert p.clank == 0 and s.turn.neg_clank == 0
    assert s.turn.clank_made == 0 and s.turn.skill == 1
    g.apply("play stumble")
    assert p.clank == 1 and s.turn.clank_made == 1 and s.turn.skill == 1 + 1


def test_CL_12_9_and_CL_7_5_reading_clank_your_empty_supply_cannot_show_still_pays_skill():
    """CL-12.9 / CL-7.5 reading: with an empty supply the clank is made -- the effect is not
    ignored, you only "kann nicht gezwungen werden, weitere Klong!-Steine abzugeben" -- so
    it still pays skill per clank."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["gong_herald"], room="r1")
    p.bag += p.supply                                  # every spare cube in the bag
    p.supply = 0
    g._invalidate()
    g.apply("play gong_herald")
    assert p.clank == 3 and s.turn.clank_made == 2 and s.turn.skill == 2
    assert "Anna has no cubes left for 2 clank." in g.log
    check_invariants(g)


def test_CL_12_9_reading_condition_checked_again_after_a_move():
    """CL-12.9 reading: a condition is checked again after every later change in the turn:
    Chalk Map (1 boot; in the depths draw 1) played above the depths line draws as soon as
    the chute takes Anna into the depths."""
    g = dealt(2)
    s = g.state
    hand(g, ["chalk_map"], room="r13")
    g.apply("play chalk_map")
    assert s.turn.boots == 1 and not g.is_chance
    g.apply("move r15")
    assert g.is_chance and s.to_draw == 1 and s.turn.boots == 0


def test_CL_12_9_reading_condition_checked_again_after_taking_an_artifact():
    """CL-12.9 reading: Homeward Dash (1 boot; with an artifact +1 boot and -2 clank) played
    before the artifact is taken gives its bonus the moment the artifact is taken."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["homeward_dash"], room="r1", boots=1)
    g.apply("move r3")
    g.apply("play homeward_dash")
    assert (s.turn.boots, p.clank) == (1, 3)
    g.apply("take artifact")
    assert (s.turn.boots, p.clank, p.supply) == (2, 1, 29)


def _custom_game(tmp_path, old: str, new: str) -> dk.Game:
    """A game on a copy of the designed content with one line of card text changed."""
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    f = tmp_path / "custom.toml"
    f.write_text(text.replace(old, new), encoding="utf-8")
    g = dk.new_game("clank", players=2, content=str(f))
    for v in REMOVED[2]:
        g.apply(f"remove {v}")
    for k in ROW:
        g.apply(f"row {k}")
    g.advance()
    return g


@pytest.mark.parametrize("old, new, cards", [
    # a gem asking for a companion: the mercenary is "another companion"
    ('play = ["skill 1", "if gem: skill 1"]', 'play = ["skill 1", "if companion: skill 1"]',
     ("mercenary", "rough_garnet")),
    # a companion asking for a gem: the garnet is "another gem"
    ('play = ["skill 1", "boots 1", "if companion: skill 1"]',
     'play = ["skill 1", "boots 1", "if gem: skill 1"]', ("rough_garnet", "lamp_bearer")),
], ids=["gem-asks-for-a-companion", "companion-asks-for-a-gem"])
def test_CL_12_8_other_tag_condition_counts_for_a_card_without_that_tag(tmp_path, old, new,
                                                                        cards):
    """CL-12.8 (with CL-14.11, a content file of one's own): "if another companion is in
    your play area" only discounts the card itself when the card IS a companion. A gem card
    asking for a companion must see the mercenary; a companion asking for a gem must see the
    garnet. Each of the two cards gives 1 skill, the bonus 1 more: 3 skill."""
    g = _custom_game(tmp_path, old, new)
    hand(g, list(cards), room="r1")
    play(g, *cards)
    assert g.state.turn.skill == 3


def test_CL_12_10_reading_reserve_piles_run_out_and_stay_empty():
    """CL-12.10 reading: the mercenary pile holds 15 cards; once bought out it stays empty
    (also next turn), while the goblin still fights."""
    g = dealt(2)
    s = g.state
    hand(g, [], room="r1", skill=32, swords=2)
    for _ in range(15):
        g.apply("buy mercenary")
    assert s.reserve["mercenary"] == 0 and s.players[0].discard == {"mercenary": 15}
    assert s.turn.skill == 2 and "buy mercenary" not in g.legal_action_ids()
    assert_illegal(g, "buy mercenary", "'buy mercenary' is not legal now")
    g.apply("fight goblin")
    g.apply("end")
    g.advance()
    hand(g, [], room="r1", skill=10)
    assert s.reserve == {"mercenary": 0, "explore": 15, "secret_tome": 12}
    assert "buy mercenary" not in g.legal_action_ids() and "buy explore" in \
        g.legal_action_ids()
    check_invariants(g)


def test_CL_12_10_reading_spell_books_twelve():
    """CL-12.10 reading: 12 spell books at 7 skill; the 13th cannot be bought."""
    g = dealt(2)
    s = g.state
    hand(g, [], room="r1", skill=7 * 13)
    for _ in range(12):
        g.apply("buy secret_tome")
    assert s.reserve["secret_tome"] == 0 and s.turn.skill == 7
    assert "buy secret_tome" not in g.legal_action_ids()
    assert dict(g.score_breakdown(0))["card points"] == 12 * 7


# ================================================================== illegal input
def _position() -> dk.Game:
    g = dealt(2)
    hand(g, ["burgle", "stumble"], room="r2", skill=1, swords=1, boots=1)
    return g


@pytest.mark.parametrize("aid, why", [
    ("end", "play every card in your hand first (2 left)"),
    ("play explore", "'explore' is not in your hand; your hand: burgle, stumble"),
    ("buy 0", "Cellar Rat Pack is a monster: use 'fight 0'"),
    ("fight 1", "Gnawing Ghoul needs 2 swords; you have 1"),
    ("buy 2", "Lamp-Bearer costs 3 skill; you have 1"),
    ("use 4", "Bubbling Cauldron costs 4 skill; you have 1"),
    ("buy 9", "slot 9 of the dungeon row is empty or does not exist"),
    ("move r99", "'r99' is not a room of the map"),
    ("move r10", "no tunnel leads from r2 to r10"),
    ("move r9", "this tunnel is locked"),
    ("move r4", "this tunnel needs 2 boots; you have 1"),
    ("teleport r1", "you have no teleport this turn"),
    ("take minor", "one token per entry into a room"),
    ("market key", "the market needs you in a market room"),
    ("row cellar_rats", "'row cellar_rats' is not legal now"),
    ("dance", "'dance' is not legal now"),
])
def test_CL_2_4_illegal_actions_refused_with_reason_state_unchanged(aid, why):
    """CL-2.4 (actions only while they can be paid), CL-2.1, CL-3.1, CL-3.4, CL-5.1,
    CL-5.2, CL-5.6, CL-5.9, CL-6.2, CL-4.3: a refused action names its reason and leaves
    the game exactly as it was."""
    g = _position()
    reason = assert_illegal(g, aid, why)
    assert "Anna can play" in reason


@pytest.mark.parametrize("aid", ["buy \u00b2", "use \u00b9", "fight \u00b3"])
def test_CL_3_1_row_slot_that_is_no_number_is_refused_cleanly(aid):
    """CL-3.1, CL-3.3, CL-3.4: a row slot written with a character that str.isdigit()
    accepts but int() does not (a superscript digit) must be refused as an IllegalAction,
    game unchanged -- not crash with a bare ValueError."""
    g = _position()
    assert_illegal(g, aid, f"{aid!r} is not legal now")


def test_CL_1_10_illegal_chance_outcome_and_non_string_action():
    """CL-1.10, CL-1.4: a chance outcome that cannot happen is refused, as is an action that
    is not a string; the game stays as it was."""
    g = dk.new_game("clank", players=2)
    assert_illegal(g, "row cellar_rats", "is not a possible outcome of the pending chance")
    assert_illegal(g, "remove 6", "is not a possible outcome")
    assert_illegal(g, 5, "an action is an Action or its id string")
    g = dealt(2)
    assert_illegal(g, "draw burgle")


# ================================================================== 14 designed content
def test_CL_14_1_designed_map_rooms_and_every_tunnel_kind():
    """CL-14.1 designed: 37 rooms plus the start space (38), joined by tunnels of every kind:
    plain, footprints, threat, locked, arrow and wrapping; the start space has one tunnel,
    to the gate r1."""
    c = load_content()
    assert len(c.rooms) == 38 and c.rooms[c.start].id == "start"
    kinds = Counter()
    for t in c.tunnels:
        kinds["footprints"] += t.boots == 2
        kinds["threat"] += t.monsters > 0
        kinds["locked"] += t.locked
        kinds["arrow"] += t.one_way
        kinds["wrap"] += t.wrap
        kinds["plain"] += (t.boots == 1 and not (t.monsters or t.locked or t.one_way or t.wrap))
    assert dict(kinds) == {"footprints": 9, "threat": 16, "locked": 4, "arrow": 5, "wrap": 3,
                           "plain": kinds["plain"]} and kinds["plain"] > 0
    assert sorted(n for t in c.tunnels if t.monsters for n in [t.monsters]) == \
        [1] * 9 + [2] * 4 + [3] * 3
    assert [c.rooms[d].id for d, _ in c.exits[c.start]] == ["r1"]


def test_CL_14_1_strongly_connected_without_keys():
    """CL-14.1 designed: without master keys, respecting arrows, every room can be reached
    from the start and can reach it (nobody is trapped)."""
    c = load_content()
    out = boots_distance(c, c.start)
    assert len(out) == 38
    for r in c.rooms:
        assert c.start in boots_distance(c, r.index), r.id


def test_CL_14_2_map_features_and_artifacts_richest_deepest():
    """CL-14.2 designed: a depths line, crystal caves, fountains, market rooms, one monkey
    shrine, minor and major secret rooms, and 7 artifacts 5..30 with the richest deepest."""
    c = load_content()
    ids = lambda flag: sorted((r.id for r in c.rooms if getattr(r, flag)),
                              key=lambda x: int(x[1:]))
    assert ids("crystal") == ["r4", "r19", "r21", "r31"]
    assert ids("fountain") == ["r5", "r25", "r37"]
    assert ids("market") == ["r6", "r7", "r10"]
    assert ids("shrine") == ["r26"] and c.room("r26").depths
    assert sum(r.secret == "minor" for r in c.rooms) == 8
    assert sum(r.secret == "major" for r in c.rooms) == 5
    arts = sorted((r.artifact, r.y, r.depths) for r in c.rooms if r.artifact)
    assert [a for a, _, _ in arts] == [5, 7, 10, 15, 20, 25, 30]
    assert [d for _, _, d in arts] == [False, False, False, True, True, True, True]
    richest = c.room("r34")
    assert richest.artifact == 30 and richest.y == max(r.y for r in c.rooms)
    assert any(r.depths for r in c.rooms) and any(not r.depths for r in c.rooms[1:])


def test_CL_14_3_designed_dungeon_deck():
    """CL-14.3 designed: 100 original cards (60 actions, 12 devices, 28 monsters) in the
    effect vocabulary, with 25 dragon symbols, 7 danger cards, 4 arrive and 6 acquire
    cards, and points; no card name of the published game's examples."""
    c = load_content()
    dungeon = [x for x in c.cards.values() if x.set == "dungeon"]
    n = lambda pred: sum(x.count for x in dungeon if pred(x))
    assert n(lambda x: True) == 100
    assert (n(lambda x: x.type == "action"), n(lambda x: x.type == "device"),
            n(lambda x: x.type == "monster")) == (60, 12, 28)
    assert n(lambda x: x.dragon) == 25 and n(lambda x: x.danger) == 7
    assert n(lambda x: bool(x.arrive)) == 4 and n(lambda x: bool(x.acquire)) == 6
    assert n(lambda x: x.points > 0) > 0
    assert all(x.cost > 0 for x in dungeon if x.type != "monster")
    assert all(x.swords > 0 and x.reward for x in dungeon if x.type == "monster")
    used = {e.verb for x in dungeon for f in ("play", "acquire", "arrive", "use", "reward")
            for e in getattr(x, f)}
    assert used <= set(VERBS) and {"teleport", "heal", "trash", "discard_draw", "draw",
                                   "gold", "clank", "skill_per_clank"} <= used
    names = {x.name.lower() for x in c.cards.values()}
    for published in ("orkschläger", "koboldhändler", "auf zehenspitzen",
                      "taschenspielertrick", "kundschafter der rebellen", "der bergkönig",
                      "maulheld"):
        assert published not in names


def test_CL_14_4_designed_split_of_the_secrets():
    """CL-14.4 designed: 11 major (2 greater healing, 2 greater skill, 3 big treasure,
    2 brilliance, 2 chalices) and 18 minor (3 healing, 3 swiftness, 3 strength, 2 skill,
    3 treasure, 2 magic springs, 2 dragon eggs); enough for 5 major and 8 x 2 minor rooms."""
    c = load_content()
    counts = {k: x.count for k, x in c.secrets.items()}
    assert counts == {"potion_heal_greater": 2, "skill_boost_greater": 2, "treasure_big": 3,
                      "flash_of_brilliance": 2, "chalice": 2, "potion_heal": 3,
                      "potion_swiftness": 3, "potion_strength": 3, "skill_boost": 2,
                      "treasure": 3, "magic_spring": 2, "dragon_egg": 2}
    assert sum(x.count for x in c.secrets.values() if x.size == "major") == 11 >= 5
    assert sum(x.count for x in c.secrets.values() if x.size == "minor") == 18 >= 16


def test_CL_14_5_starting_cards_effects():
    """CL-14.5 designed: plunder +1 skill, stumble +1 clank, sidestep +1 boot, duck +1 skill
    +1 boot."""
    g = dealt(2)
    s, p = g.state, g.state.players[0]
    hand(g, ["burgle", "stumble", "sidestep", "scramble"], room="r1")
    g.apply("play burgle")
    assert (s.turn.skill, s.turn.boots, p.clank) == (1, 0, 3)
    g.apply("play stumble")
    assert (s.turn.skill, s.turn.boots, p.clank) == (1, 0, 4)
    g.apply("play sidestep")
    assert (s.turn.skill, s.turn.boots, p.clank) == (1, 1, 4)
    g.apply("play scramble")
    assert (s.turn.skill, s.turn.boots, p.clank, s.turn.swords) == (2, 2, 4, 0)


def test_CL_14_6_reserve_cards_and_goblin():
    """CL-14.6 designed: mercenary (companion) cost 2, +1 skill +2 swords; explore cost 3,
    +2 skill +1 boot; spell book cost 7, 7 points; goblin 2 swords for 1 gold."""
    c = load_content()
    m, e, t, gob = (c.cards[k] for k in ("mercenary", "explore", "secret_tome", "goblin"))
    assert (m.cost, m.tags, [str(x) for x in m.play]) == (2, ("companion",),
                                                          ["skill 1", "swords 2"])
    assert (e.cost, [str(x) for x in e.play]) == (3, ["skill 2", "boots 1"])
    assert (t.cost, t.points, t.play) == (7, 7, ())
    assert (gob.type, gob.swords, [str(x) for x in gob.reward]) == ("monster", 2, ["gold 1"])
    g = dealt(2)
    s = g.state
    hand(g, ["mercenary", "explore"], room="r1")
    play(g, "mercenary", "explore")
    assert (s.turn.skill, s.turn.swords, s.turn.boots) == (3, 2, 1)


def test_CL_14_7_health_track_holds_10():
    """CL-14.7 designed: 10 damage knock you out; 9 do not."""
    g = dealt(2)
    p = g.state.players[0]
    assert g.state.content.health == 10
    hurt(g, 0, 8)
    hand(g, [], room="r3", boots=2)
    g.apply("move r5 block 0")                         # the fountain heals it again
    assert p.damage == 8
    hurt(g, 0, 1)
    hand(g, [], room="r5", boots=1)
    assert "move r3 block 0" not in moves(g) and p.status == IN


def test_CL_14_8_rage_track_and_fifth_space_draws_four():
    """CL-14.8 designed: the rage track shows 2, 2, 3, 3, 4, 4, 5; with the marker on the
    fifth space an attack draws 4 cubes (the rulebook's example, CL-8.11)."""
    c = load_content()
    assert c.game["rage_track"] == (2, 2, 3, 3, 4, 4, 5)
    g = dealt(2)
    s = g.state
    s.rage = 4
    hand(g, [], room="r1", swords=1)
    g.apply("fight 0")
    g.apply("end")
    g.apply("row moss_troll")
    assert s.phase == "attack" and s.attack_left == 4


def test_CL_14_9_monkey_idol_worth_5():
    """CL-14.9 designed: a monkey idol scores 5 points."""
    g = dealt(2)
    hand(g, [], room="r21", boots=1)
    g.apply("move r26")
    g.apply("take idol")
    assert dict(g.score_breakdown(0))["monkey idols"] == 5


def test_CL_14_10_numbers_given_by_the_rulebook():
    """CL-14.10: 7 gold per ware; key and backpack 5; crowns 10/9/8; mastery 20; chalice 7;
    dragon egg 3; treasures 2 and 5 gold; a countdown of 5 spaces (extras 1, 2, 3 on
    spaces 2-4)."""
    c = load_content()
    assert c.market == {"price": 7, "keys": 2, "key_points": 5, "backpacks": 2,
                        "backpack_points": 5, "crowns": (10, 9, 8)}
    assert c.game["mastery_points"] == 20
    assert c.secrets["chalice"].points == 7 and c.secrets["dragon_egg"].points == 3
    assert [str(e) for e in c.secrets["treasure"].effects] == ["gold 2"]
    assert [str(e) for e in c.secrets["treasure_big"].effects] == ["gold 5"]
    assert c.game["countdown_extra"] == (1, 2, 3)
    assert 1 + len(c.game["countdown_extra"]) + 1 == 5


def test_CL_14_11_user_content_file_replaces_the_designed_numbers(tmp_path):
    """CL-14.11: a content file of one's own (``content=PATH``) replaces the designed
    content; the rules stay the same (here: wares at 8 gold)."""
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    assert text.count("\nprice = 7\n") == 1
    mine = tmp_path / "my_clank.toml"
    mine.write_text(text.replace("\nprice = 7\n", "\nprice = 8\n"), encoding="utf-8")
    g = dk.new_game("clank", players=2, content=str(mine))
    assert g.state.content.file == "my_clank.toml"
    assert g.state.content.market["price"] == 8
    g.advance()
    hand(g, [], room="r6")
    g.state.players[0].gold = 7
    g._invalidate()
    assert "market key" not in g.legal_action_ids()
    g.state.players[0].gold = 8
    g._invalidate()
    g.apply("market key")
    assert g.state.players[0].gold == 0


def _broken(edit) -> dk.ContentError:
    data = copy.deepcopy(raw_content())
    edit(data)
    with pytest.raises(dk.ContentError) as err:
        parse_content(data, "broken.toml")
    return err.value


def _card(data, key):
    return next(c for c in data["card"] if c["key"] == key)


def _tunnel(data, a, b):
    return next(t for t in data["tunnel"] if {t["a"], t["b"]} == {a, b})


@pytest.mark.parametrize("edit, entry, problem", [
    (lambda d: _card(d, "cellar_rats").update(count=4), "card",
     "the dungeon deck must hold 100 cards, this file has 99"),
    (lambda d: _card(d, "lamp_bearer").update(play=["skill two"]), "card.8.play.0",
     "holds 'skill two'; allowed: an effect like 'skill 2'"),
    (lambda d: _card(d, "lamp_bearer").update(play=["fly 1"]), "card lamp_bearer.play",
     "unknown effect 'fly'"),
    (lambda d: _card(d, "burgle").update(count=5), "card",
     "a starting deck holds 10 cards, this file has 9"),
    (lambda d: d["card"].remove(_card(d, "goblin")), "card goblin", "is missing"),
    (lambda d: _tunnel(d, "start", "r1").update(b="r99"), "tunnel #1",
     "a and b must be room ids"),
    (lambda d: _tunnel(d, "start", "r1").update(locked=True), "tunnel",
     "rooms not reached from the start without a key"),
    (lambda d: d["room"].append(dict(d["room"][1])), "room r1", "duplicate room id"),
    (lambda d: d["game"].pop("health"), "game.health", "is missing"),
    (lambda d: d["map"].update(start="nowhere"), "map.start", "'nowhere' is not a room id"),
    (lambda d: next(r for r in d["room"] if r["id"] == "r34").update(artifact=5), "room",
     "artifact values must differ"),
    (lambda d: [s.update(count=1) for s in d["secret"] if s["size"] == "major"]
     and d["secret"].remove(next(s for s in d["secret"] if s["key"] == "chalice")),
     "secret", "5 major secrets are needed for the major secret rooms, but only 4 exist"),
])
def test_CL_14_11_broken_content_file_names_the_entry(edit, entry, problem):
    """CL-14.11: a user's content file is validated; a broken one raises ContentError
    naming the file, the entry and the problem."""
    err = _broken(edit)
    assert err.file == "broken.toml" and err.entry == entry
    assert problem in err.problem, err.problem
    assert str(err).startswith(f"broken.toml: [{entry}]")


def test_CL_14_11_default_content_parses_and_missing_file_is_reported(tmp_path):
    """CL-14.11: the designed content.toml parses as is; a missing content file is a
    ContentError, not a crash."""
    c = parse_content(raw_content())
    assert len(c.rooms) == 38 and sum(x.count for x in c.cards.values()
                                      if x.set == "dungeon") == 100
    with pytest.raises(dk.ContentError) as err:
        dk.new_game("clank", players=2, content=str(tmp_path / "nope.toml"))
    assert err.value.entry == "file" and "cannot be read" in err.value.problem
