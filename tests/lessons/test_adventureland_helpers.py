"""The Adventure Land lesson helpers (``lessons.adventureland``): exact values checked by
hand or by brute force, simulations inside their intervals, scripted positions legal by
the engine (rule IDs of ``docs/rules/adventureland.md`` in the test names)."""

from __future__ import annotations

import doctest
from fractions import Fraction
from itertools import permutations

import pytest

from deepwood_kernel.games.adventureland import fight_odds, odds_now
from lessons import adventureland as al


def test_docstring_examples():
    assert doctest.testmod(al).failed == 0


def test_AL_3_1_at_least_one_against_counting_every_pair():
    cards = ["c"] * 3 + ["x"] * 7
    pairs = list(permutations(range(len(cards)), 2))
    hits = sum(1 for a, b in pairs if "c" in (cards[a], cards[b]))
    assert al.at_least_one(10, 3) == Fraction(hits, len(pairs)) == Fraction(8, 15)
    assert al.at_least_one(110, 14, draws=1) == Fraction(7, 55)


def test_AL_3_5_fog_count_law_against_every_order():
    deck = "NNFFF"                  # 2 fog, 3 non-fog cards; draw until 2 non-fog came
    counts = {}
    orders = set(permutations(deck))
    for order in orders:
        nonfog = [i for i, x in enumerate(order) if x == "F"]
        j = order[:nonfog[1] + 1].count("N")
        counts[j] = counts.get(j, 0) + 1
    want = {j: Fraction(k, len(orders)) for j, k in counts.items()}
    assert al.fog_count_odds(3, 2) == want
    assert sum(al.fog_count_odds(86, 12).values()) == 1


def test_AL_3_2_next_turn_table_beside_its_simulation():
    g = al.rulebook_example()
    rows = al.next_turn_table(g)
    sims = al.simulate_next_turn(g, trials=20_000, seed=4)
    assert [label.split()[0] for label, _ in rows] == ["city", "forest", "mountain", "river",
                                                       "fog"]
    for (_, exact), est in zip(rows, sims):
        assert est.contains(float(exact), level=0.999)


def test_AL_2_5_rulebook_example_position():
    g = al.rulebook_example()
    s = g.state
    assert (s.parties["J3"].seat, s.parties["J3"].companions) == (0, 1)
    assert s.parties["E9"].seat == 0 and s.players[0].gold == 1
    assert s.items["D7"] == ("creature", 12) and s.items["I4"] == ("herb",)
    assert s.sprite == "C1" and g.is_chance            # Anna's cards come next


def test_AL_4_2_swept_by_follows_the_river_both_ways():
    g = al.rulebook_example()
    assert al.swept_by(g, None, "F4") == ["F4"]
    assert al.swept_by(g, "C1", "E2") == ["D1", "E1", "E2"]
    assert al.swept_by(g, "E2", "C1") == ["E1", "D1", "C1"]


def test_AL_4_2_sprite_danger_beside_the_engine():
    g = al.rulebook_example()
    exact = al.sprite_danger(g, "E9")
    assert exact == Fraction(88, 1335)
    assert al.sprite_danger(g, "C10") < al.sprite_danger(g, "E9") < al.sprite_danger(g, "F9")
    assert al.simulate_sprite(g, "E9", trials=3_000, seed=9).contains(float(exact), level=0.999)


@pytest.mark.parametrize("strength, base, swords, gold", [
    (12, 3, (2, 1), 0), (12, 3, (2, 1), 1), (8, 1, (1,), 2), (10, 2, (3, 1, 0), 1)])
def test_AL_5_6_simulated_fights_match_the_exact_odds(strength, base, swords, gold):
    for rerolls in (True, False):
        exact = fight_odds(strength, base, swords, gold=gold, rerolls=rerolls)
        est = al.simulate_fight(strength, base, swords, gold, trials=20_000, seed=strength,
                                rerolls=rerolls)
        assert est.contains(float(exact), level=0.999)


def test_AL_5_11_rulebook_numbers_in_the_gold_table(capsys):
    al.gold_table(12, 3, (2, 1), golds=range(2))
    out = capsys.readouterr().out
    assert "13/18" in out and "5/6" in out and "199/216" in out


def test_AL_5_1_fight_game_waits_for_the_swords():
    g = al.fight_game()
    f = g.state.fight
    assert (f.square, f.strength, f.base, f.stage) == ("D2", 8, 1, "swords")
    assert g.state.players[0].swords == {2: 1} and g.state.players[0].gold == 1
    assert odds_now(g.state) == Fraction(2, 3)      # die 5-6, or 4 and +1, or a reroll to 5-6


def test_text_map_draws_every_square(capsys):
    al.text_map(al.rulebook_example())
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 11 and lines[0].split() == list("ABCDEFGHIJK")
    assert lines[9].split()[5] == "rM1" and lines[7].split()[4] == "n12"


def test_AL_8_6_bot_games_are_seeded_and_finish():
    a, b = al.bot_game(2, seed=3), al.bot_game(2, seed=3)
    assert a.is_over and a.scores() == b.scores() and a.log == b.log
    h, r, shared = al.heuristic_vs_random(games=6)
    assert h + r + shared == 6 and h > r


def test_share_line_prints_an_interval(capsys):
    al.share_line("wins", 9, 10)
    assert capsys.readouterr().out.startswith("wins: 9 of 10 = 90.0%, 95% CI [")


def test_adventure_means_prints_the_paired_gap_and_the_paired_adventures(capsys):
    """Issue 24: AL 4 states the last player's gap to the winner with its interval, and
    compares the adventures, which play the same seeds, seed by seed (paired)."""
    import re
    from lessons.adventureland import adventure_means
    adventure_means(games=4)
    means = {}
    for line in capsys.readouterr().out.splitlines():
        values = [float(v) for v in re.findall(r"(-?\d+\.\d) \[", line)]
        if not values:
            continue
        label = line[:26].strip()
        for v, (lo, hi) in zip(values, re.findall(r"\[(-?\d+\.\d), (-?\d+\.\d)\]", line)):
            assert float(lo) <= v <= float(hi), line
        if len(values) == 3:                          # winner, last, gap of one adventure
            winner, last, gap = values
            assert gap == pytest.approx(winner - last, abs=0.11)
            means[label] = (winner, gap)
        else:                                         # "a - b": winner and gap, paired
            a, b = label.split(" - ")
            assert values[0] == pytest.approx(means[a][0] - means[b][0], abs=0.11)
            assert values[1] == pytest.approx(means[a][1] - means[b][1], abs=0.11)
            means[label] = values
    assert {"magnificent - fellowship", "magnificent - escape", "escape - fellowship"} <= set(means)
