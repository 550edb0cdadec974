"""The lesson helpers: tables, drawings and the probability labs' models."""

from __future__ import annotations

import doctest
import subprocess
import sys
from fractions import Fraction

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import lessons  # noqa: E402
from deepwood_kernel.games.deepwood import fight_odds  # noqa: E402
from deepwood_kernel.prob import DRAGON_BAG, Estimate, at_least_one  # noqa: E402
from lessons import compare, drawing, exercises, probability  # noqa: E402


@pytest.mark.parametrize("module", [lessons, compare, drawing, exercises, probability])
def test_docstring_examples(module):
    assert doctest.testmod(module).failed == 0


def test_table_lines_are_narrow_and_misses_are_counted(capsys):
    rows = [("sum 7", Fraction(1, 6), Estimate.proportion(1000, 6000)),
            ("a long label for a row", Fraction(1, 2), Estimate.proportion(400, 1000))]
    lessons.table(rows)
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) < 90
    assert "MISS" in out and "1 of 2 intervals contain the exact value." in out


def test_tree_diagram_multiplies_along_paths_and_adds_leaves():
    coin = [("H", Fraction(1, 2), []), ("T", Fraction(1, 2), [])]
    fig, ax = plt.subplots()
    leaves = lessons.tree_diagram(ax, [("6", Fraction(1, 6), coin), ("not 6", Fraction(5, 6), coin)],
                                  highlight=lambda p: p[-1] == "H")
    plt.close(fig)
    assert leaves[0] == (("6", "H"), Fraction(1, 12))
    assert sum(p for _, p in leaves) == 1 and len(leaves) == 4


def test_two_way_table_totals():
    fig, ax = plt.subplots()
    assert lessons.two_way_table(ax, [[1, 5], [5, 25]], ["a", "b"], ["c", "d"],
                                 highlight=["row 0", (1, 0)]) == 36
    plt.close(fig)


def test_interval_plot_counts_misses():
    fig, ax = plt.subplots()
    ests = [Estimate.proportion(100, 600), Estimate.proportion(200, 600)]
    assert lessons.interval_plot(ax, ests, Fraction(1, 6)) == 1
    plt.close(fig)


def test_wilson_matches_estimate():
    lo, hi = lessons.wilson([30], 100)
    assert (lo[0], hi[0]) == pytest.approx(Estimate.proportion(30, 100).ci())


def test_keep_high_rule_is_never_better_than_optimal_play():
    for dice, need in ((3, 15), (4, 20), (2, 9)):
        rule = probability.keep_high_rule(dice, need, 3)
        assert rule <= fight_odds(dice, need)
        assert probability.simulate_keep_high_rule(dice, need, trials=40_000, seed=1)\
            .contains(rule, level=0.999)


def test_keep_high_rule_stops_once_the_dice_reach_the_strength():
    """A rule that rerolled the 3 of 6-6-3 against 15 would lose fights already won
    (9025/19683 = 45.85%); with the stop it is 0.40 points below optimal play."""
    assert probability.keep_high_rule(3, 15, 3) == Fraction(161059, 314928)
    assert probability.keep_high_rule(3, 15, 1) == Fraction(20, 216)   # one roll: 15 to 18
    assert fight_odds(3, 15) - probability.keep_high_rule(3, 15, 3) < Fraction(1, 200)


def test_run_of_tests_starts_at_five_twelfths_and_rises():
    rows = probability.run_of_tests(6, 8)
    assert rows[0][0] == Fraction(15, 36)
    assert rows[-1][0] > rows[0][0]
    sims = probability.simulate_run(6, 3, heroes=40_000, seed=2)
    assert all(s.contains(p, level=0.999) for s, (p, _) in zip(sims, rows))


def test_sun_track_survival():
    track = [0, 0, 3, 6]
    assert probability.still_running(track) == [1, 1, 1, Fraction(1, 2), 0]
    sim = probability.simulate_sun(track, games=20_000, seed=3)
    assert sim[3].contains(Fraction(1, 2), level=0.999) and sim[4].value == 0


def test_second_attack_is_as_dangerous_as_the_first():
    bag = dict(DRAGON_BAG)
    assert probability.second_attack(bag, 3, "red") == at_least_one(bag, 3, "red")


def test_engine_stays_free_of_lessons_and_jupyter():
    code = ("import sys, deepwood_kernel, deepwood_kernel.prob; "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('lessons', 'widgets', 'IPython', 'ipywidgets', 'matplotlib')]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
