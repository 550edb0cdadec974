"""The DungeonQuest lesson helpers (``lessons.dungeonquest``): exact values checked by
hand, simulations inside their intervals, scripted positions legal by the engine."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from deepwood_kernel.games.dungeonquest import combat_equilibrium, sun_survival, test_odds
from lessons import dungeonquest as dq


def test_docstring_examples():
    assert doctest.testmod(dq).failed == 0


def test_DQ_6_1_two_dice_counts_and_simulated_tests():
    counts = dq.two_dice_counts()
    assert counts[7] == 6 and sum(counts.values()) == 36
    assert sum(n for s, n in counts.items() if s <= 7) == 21          # 7/12
    for attr, tokens in ((7, 0), (6, 2), (9, 1)):
        assert dq.simulate_test(attr, tokens, trials=40_000, seed=attr).contains(
            float(test_odds(attr, tokens)), level=0.999)


def test_DQ_1_10_solo_game_waits_in_the_tower_room():
    g = dq.solo_game(hero="marra", tower="j12")
    assert g.state.heroes[0].sq == "j12" and g.state.phase == "action"
    assert g.state.sun == 2


def test_DQ_11_10_dragon_streak_by_hand():
    assert dq.dragon_counts() == (6, 2)
    assert dq.dragon_streak(1) == Fraction(3, 4)
    assert dq.dragon_streak(3) == Fraction(6 * 5 * 4, 8 * 7 * 6)
    assert dq.dragon_streak(7) == 0
    assert dq.simulate_dragon(3, trials=40_000, seed=1).contains(float(Fraction(5, 14)),
                                                                  level=0.999)


def test_loot_mean_of_the_treasure_deck():
    # (10*80 + 8*120 + 6*200 + 4*300 + 2*500 + 2*700) / 32
    assert dq.loot_mean("treasure") == Fraction(6560, 32)


def test_DQ_9_6_payoffs_and_the_equilibrium_cannot_be_exploited():
    eq = combat_equilibrium()
    assert dq.payoff() == [[0, -2, 3], [2, 0, -1], [-2, 2, 0]]
    assert set(dq.against(eq["monster"]).values()) == {eq["value"]}
    assert set(dq.against_hero(eq["hero"]).values()) == {eq["value"]}
    assert dq.against("melee") == {"melee": 0, "ranged": 2, "magic": -2}
    with pytest.raises(ValueError, match="not a combat card"):
        dq.against("sword")


def test_DQ_9_4_duel_odds_edge_cases_and_simulation():
    assert dq.duel_odds("melee", "magic", 5, 3) == 1          # 3 wounds a round, none back
    assert dq.duel_odds("melee", "ranged", 5, 3) == 0         # 2 wounds a round, none dealt
    # both would fall in the same round: the hero's wounds are read first
    assert dq.duel_odds("melee", "melee", 1, 1) == 0
    est = dq.simulate_rounds("ranged", {"melee": Fraction(1, 2), "magic": Fraction(1, 2)},
                             rounds=40_000, seed=3)
    assert est.contains(0.5, level=0.999)


def test_engine_fights_match_the_exact_duel():
    exact = dq.duel("magic", combat_equilibrium()["monster"], 12, 8)
    est = dq.engine_fights(dq.mixed("magic"), hero="marra", monster_card="cave_troll",
                           fights=150, seed=2)
    assert est["slain"].contains(float(exact["slain"]), level=0.999)
    assert est["wounds"].contains(float(exact["wounds"]), level=0.999)
    uniform = {c: Fraction(1, 3) for c in dq.CARDS}
    exact = dq.duel("ranged", uniform, 16, 8)
    est = dq.engine_fights(dq.mixed("ranged"), monster="uniform", fights=150, seed=3)
    assert est["wounds"].contains(float(exact["wounds"]), level=0.999)


def test_a_predictable_monster_player_is_exploited_exactly():
    assert dq.duel("magic", "ranged", 16, 8) == {"slain": 1, "wounds": 0, "rounds": 4}
    est = dq.engine_fights(lambda rng: "magic", monster="ranged", fights=5)
    assert est["slain"].value == 1 and est["wounds"].value == 0


def test_DQ_10_5_exit_wounds_and_the_rulebook_path():
    assert dq.exit_wound_odds(2) == {0: Fraction(1, 3), 1: Fraction(1, 6), 2: Fraction(1, 6),
                                     3: Fraction(1, 6), 4: Fraction(1, 6)}
    assert dq.exit_wound_odds(6) == {0: 1}
    assert dq.catacomb_path("b3", "W", 3, "right", 4) == ("a1", 2)
    assert dq.catacomb_share(lambda c: c.exit) == Fraction(14, 40)


def test_DQ_7_2_sun_track_and_sunset_rounds():
    track = dq.sun_track()
    assert len(track) == 27 and track[14] == 1 and track[-1] == 6   # space 16 in round 15
    odds = dq.sunset_round_odds()
    assert sum(odds.values()) == 1 and odds[15] == Fraction(1, 6)
    assert dq.time_to_leave(20, 2) == sun_survival(20, 2) == Fraction(2, 3)


def test_text_board_and_summaries(capsys):
    dq.text_board(dq.solo_game(), rows=[1])
    assert capsys.readouterr().out.splitlines()[1].startswith(" 1  TT@")
    g = dq.bot_game(players=2, seed=5)
    assert g.is_over
    dq.hero_summary(g)
    dq.log_summary(g)
    out = capsys.readouterr().out
    assert "tiles explored" in out and "Anna" in out
    h, r, other = dq.heuristic_vs_random(games=6)
    assert h + r + other == 6


def test_DQ_7_2_stay_or_go_by_hand():
    # go: 300 x P(survive spaces 17..24) = 300 x 5/6 x 2/3 x 2/3 x 1/2
    go, stay = dq.stay_or_go(16, 9, 300)
    assert go == 300 * Fraction(5, 6) * Fraction(2, 3) * Fraction(2, 3) * Fraction(1, 2)
    assert stay == (300 + Fraction(3, 4) * 205) * sun_survival(16, 9)
    go, stay = dq.stay_or_go(8, 9, 300)
    assert stay > go


def test_DQ_11_10_stay_or_go_in_the_chamber_switches_with_the_extra_sun_space():
    """Issue 24 (lesson 6): a hero standing in the treasure chamber has drawn a dragon card
    on entering, so one more card sleeps with 5/7, not a fresh deck's 6/8. Staying costs
    exactly one extra sun move, onto space + steps: stay pays iff that space's number keeps
    more than 300 / (300 + 5/7 x 205) of the gold, i.e. it is blank or a 1."""
    from lessons.dungeonquest import CONTENT, dragon_counts
    sleeping, waking = dragon_counts()
    assert Fraction(sleeping - 1, sleeping - 1 + waking) == Fraction(5, 7)
    need = 300 / (300 + Fraction(5, 7) * dq.loot_mean("treasure"))
    for space in range(8, 19):
        go, stay = dq.stay_or_go(space, 9, 300, sleeping=5, waking=2)
        n = CONTENT.sun_numbers.get(space + 9, 0)
        assert (stay > go) == (Fraction(6 - n, 6) > need) == (n <= 1), space
    assert [s for s in range(8, 17)
            if dq.stay_or_go(s, 9, 300, sleeping=5, waking=2)[1] > dq.stay_or_go(
                s, 9, 300, sleeping=5, waking=2)[0]] == [8, 9, 10, 12, 14]


def test_heuristic_vs_random_outcomes_and_the_paired_difference(capsys):
    """Issue 24 (lesson 7): the two bots' win counts come from the same games, so they are
    compared game by game; games in which no hero escapes are counted on their own."""
    games = dq.heuristic_vs_random_games(games=6)
    assert len(games) == 6 and set(games) <= {"heuristic", "random", "shared", "nobody out"}
    assert dq.heuristic_vs_random(games=6) == (games.count("heuristic"), games.count("random"),
                                                6 - games.count("heuristic") - games.count("random"))
    d = dq.outcome_table(games)
    assert d.value == pytest.approx((games.count("heuristic") - games.count("random")) / 6)
    out = capsys.readouterr().out
    assert "nobody out" in out and "paired" in out and "±" not in out


def test_DQ_7_3_a_game_reaches_the_sun_roll_and_sunset_kills():
    g = dq.until_sun_roll(dq.game_at_sun(15))
    assert g.state.sun == 16 and g.state.chance == ("sun", 1)
    dusk = dq.play(g.fork(), "die 1")
    assert dusk.is_over and dusk.state.heroes[0].status == "dead" and dusk.winners() == []


def test_tables_print_what_the_lessons_read(capsys):
    dq.hero_table()
    dq.tile_mix()
    dq.deck_table("dragon")
    dq.dragon_table(3)
    dq.damage_table()
    dq.duel_table([("x", "magic", "ranged")])
    dq.show_mix("mix", combat_equilibrium()["hero"])
    out = capsys.readouterr().out
    assert "Oskar Stonehand" in out and "total       117" in out
    assert "Laying on of hands: as your action, heal 4 (2 uses a game)" in out   # DQ-14.7
    assert "8 cards in the dragon deck" in out and "15/28" in out
    assert "1 , 0" in out and "100.00%" in out and "melee 2/9, ranged 4/9" in out
    g = dq.bot_game(players=3, seed=9)               # the game of lesson 7
    dq.score_lines(g)
    assert capsys.readouterr().out.splitlines()[-1] == "winner: Anna"


def test_text_board_marks_a_torch_room_until_it_is_searched(capsys):
    """Issue 24: torches decide searching (DQ-5.1), so the text map shows them."""
    from lessons.dungeonquest import play, solo_game, text_board
    g = play(solo_game(hero="brannoc", rune="rune_might"),
             "move b1", "tile hall_cross", "card empty_hall")
    text_board(g, rows=[1])
    assert "Rm@*" in capsys.readouterr().out
    play(g, "search", "card nothing_here")
    text_board(g, rows=[1])
    assert "*" not in capsys.readouterr().out
