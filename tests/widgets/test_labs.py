"""Python-side tests of the probability labs (``DiceLab``, ``BagLab``), without a browser.

Every request goes through the message handler (``receive``) exactly as a browser click
would. Counts after a seeded run are pinned to concrete numbers, so a change in how the
labs use their generator shows up here. The JS modules are checked with ``node --check``
and rendered in node from real Python states.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import ipywidgets
import numpy as np
import pytest

from deepwood_kernel.prob import (
    DRAGON_BAG,
    KeepAsideSolver,
    at_least_one,
    bag_draw,
    keep_highest,
    roll_under_chance,
    sum_of,
    with_replacement,
)
from widgets.bag_lab import BagLab
from widgets.dice_lab import DiceLab

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
LABS = WIDGETS / "labs"
JS_FILES = [LABS / "common.js", LABS / "dice.js", LABS / "bag.js"]
SHIPPED = {"dice_lab": DiceLab._esm, "bag_lab": BagLab._esm}   # what the browser loads

DICE_TRAITS = ["config", "bars", "counts", "trials", "last", "fight", "summary", "message",
               "title", "seed"]
BAG_TRAITS = ["bag", "config", "bars", "counts", "trials", "colours", "last", "summary",
              "message", "title", "seed"]


def snapshot(w, names) -> dict:
    """What the browser sees: the synced traits (message left out)."""
    return json.loads(json.dumps({n: getattr(w, n) for n in names if n != "message"}))


def exact_of(bars) -> dict:
    return {b["x"]: Fraction(b["p_num"], b["p_den"]) for b in bars}


# ====================================================================== DiceLab: rolling
def test_rolling_n_updates_the_tallies_to_n():
    lab = DiceLab(dice=2, sides=6, seed=0)
    assert lab.trials == 0 and sum(lab.counts) == 0
    lab.receive({"type": "roll", "n": 1})
    assert lab.trials == 1 and sum(lab.counts) == 1
    assert len(lab.last["dice"]) == 2 and lab.last["value"] == sum(lab.last["dice"])
    lab.receive({"type": "roll", "n": 100})
    lab.receive({"type": "roll", "n": 10_000})
    assert lab.trials == 10_101
    assert sum(lab.counts) == 10_101
    assert len(lab.counts) == len(lab.bars) == 11
    assert lab.message == ""


def test_seeded_rolls_are_reproducible_and_pinned():
    a, b = DiceLab(seed=1), DiceLab(seed=1)
    a.receive({"type": "roll", "n": 100})
    b.receive({"type": "roll", "n": 100})
    assert a.counts == b.counts == [3, 4, 9, 7, 13, 19, 15, 12, 5, 11, 2]
    assert a.last["dice"] == [1, 5]
    c = DiceLab(seed=2)
    c.receive({"type": "roll", "n": 100})
    assert c.counts != a.counts


def test_batches_and_single_rolls_share_one_stream():
    """Two labs with one seed stay equal whatever the order of the same requests."""
    a, b = DiceLab(seed=5), DiceLab(seed=5)
    for n in (1, 100, 3):
        a.roll(n)
        b.receive({"type": "roll", "n": n})
    assert a.counts == b.counts and a.last == b.last


def test_reset_restarts_the_generator_and_clears_tallies():
    lab = DiceLab(seed=1)
    lab.roll(100)
    first = list(lab.counts)
    lab.receive({"type": "reset"})
    assert lab.trials == 0 and lab.counts == [0] * 11 and lab.last == {}
    lab.roll(100)
    assert lab.counts == first
    lab.receive({"type": "reset", "seed": 2})
    assert lab.seed == 2
    lab.roll(100)
    other = DiceLab(seed=2)
    other.roll(100)
    assert lab.counts == other.counts


def test_assigning_the_seed_trait_resets():
    lab = DiceLab(seed=1)
    lab.roll(10)
    lab.seed = 1           # unchanged: nothing happens
    assert lab.trials == 10
    lab.seed = 9
    assert lab.trials == 0
    lab.roll(100)
    fresh = DiceLab(seed=9)
    fresh.roll(100)
    assert lab.counts == fresh.counts


def test_ten_thousand_rolls_fit_the_exact_distribution():
    lab = DiceLab(seed=11)
    lab.roll(10_000)
    observed = np.array(lab.counts)
    expected = 10_000 * np.array([b["p"] for b in lab.bars])
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < 29.6          # 10 degrees of freedom: the 0.1% critical value
    # the most likely sum is 7, observed and exact
    assert lab.summary[0]["exact"].startswith("7 (1/6")
    assert lab.summary[1]["exact"] == "7"


def test_keep_mode_rolls_are_pinned():
    lab = DiceLab(dice=4, mode="keep", keep=3, seed=3)
    lab.roll(10_000)
    assert lab.trials == 10_000
    assert lab.counts[:5] == [9, 28, 83, 167, 303]
    lab.roll(1)
    row = lab.last["dice"]
    assert len(lab.last["kept"]) == 3
    assert lab.last["value"] == sum(sorted(row)[1:])


# ====================================================================== DiceLab: exact bars
@pytest.mark.parametrize("dice,sides", [(1, 6), (2, 6), (3, 6), (2, 20), (8, 4), (5, 12)])
def test_exact_bars_equal_sum_of(dice, sides):
    lab = DiceLab(dice=dice, sides=sides)
    d = sum_of(dice, sides)
    assert exact_of(lab.bars) == dict(d.items())
    assert [b["x"] for b in lab.bars] == list(d.outcomes)
    assert lab.exact == dict(d.items())


def test_two_dice_bars_are_the_familiar_fractions():
    bars = {b["x"]: b for b in DiceLab().bars}
    assert (bars[7]["p_num"], bars[7]["p_den"]) == (1, 6)
    assert bars[7]["p_text"] == "1/6 ≈ 16.7%"
    assert (bars[2]["p_num"], bars[2]["p_den"]) == (1, 36)
    assert bars[12]["p_pct"] == "2.8%"


def test_keep_mode_bars_equal_keep_highest():
    lab = DiceLab(dice=4, sides=6, mode="keep", keep=3)
    assert exact_of(lab.bars) == dict(keep_highest(4, 3, 6).items())
    assert exact_of(lab.bars)[18] == Fraction(7, 432)


def test_under_mode_zones_and_summary():
    lab = DiceLab(dice=2, sides=6, mode="under", target=7, tokens=2)
    assert exact_of(lab.bars) == dict(sum_of(2).items())
    zones = {b["x"]: b["zone"] for b in lab.bars}
    assert [zones[x] for x in (2, 7, 8, 9, 10, 12)] == ["pass", "pass", "tokens", "tokens",
                                                         "fail", "fail"]
    rows = {r["label"]: r for r in lab.summary}
    assert rows["pass without tokens (sum ≤ 7)"]["exact"] == "7/12 ≈ 58.3%"
    assert rows["pass spending up to 2 tokens (sum ≤ 9)"]["exact"] == "5/6 ≈ 83.3%"
    assert roll_under_chance(7, 2) == Fraction(5, 6)
    assert rows["tokens needed to pass, on average"]["exact"] == "35/36 ≈ 0.9722"
    lab.roll(1000)
    passed = sum(c for b, c in zip(lab.bars, lab.counts) if b["x"] <= 7)
    assert rows["pass without tokens (sum ≤ 7)"]["observed"] == "—"
    new_rows = {r["label"]: r for r in lab.summary}
    assert new_rows["pass without tokens (sum ≤ 7)"]["observed"].startswith(
        f"{passed / 1000:.4f}, 95% CI [")


def test_fight_bars_are_the_solver_win_chance():
    lab = DiceLab(dice=3, sides=6, mode="fight", target=15, rolls=3)
    win = KeepAsideSolver(sides=6, rolls=3, max_dice=3).success(3, 15)
    assert win == Fraction(162319, 314928)
    assert exact_of(lab.bars) == {0: 1 - win, 1: win}
    assert [b["label"] for b in lab.bars] == ["lose", "win"]


def test_fight_mode_rolls_play_the_optimal_policy_and_are_pinned():
    lab = DiceLab(dice=3, mode="fight", target=15, seed=7)
    lab.receive({"type": "roll", "n": 1000})
    assert lab.trials == 1000
    assert lab.counts == [477, 523]
    assert "1,000 times: 523 wins" in lab.last["text"]


# ====================================================================== DiceLab: the fight
def fight_choices(lab) -> list:
    return [(tuple(c["keep"]), Fraction(c["p_num"], c["p_den"])) for c in lab.fight["choices"]]


def test_keep_aside_choices_equal_the_solver():
    lab = DiceLab(dice=3, sides=6, mode="fight", target=15, rolls=3, seed=0)
    lab.receive({"type": "new_fight"})
    f = lab.fight
    assert f["status"] == "choose" and f["roll_no"] == 1 and f["rolls_left"] == 2
    assert f["roll"] == [6, 4, 4]
    solver = KeepAsideSolver(sides=6, rolls=3, max_dice=3)
    expected = solver.choices((6, 4, 4), 2, 15)
    assert fight_choices(lab) == expected
    # set aside only the 6: better than keeping 6-4 (the textbook surprise)
    assert f["best"] == [6] == list(solver.best_keep((6, 4, 4), 2, 15))
    assert dict(expected)[(6,)] == Fraction(41, 72) > dict(expected)[(6, 4)] == Fraction(5, 9)
    assert [c["best"] for c in f["choices"]][0] is True
    assert Fraction(f["start"]["p_num"], f["start"]["p_den"]) == Fraction(162319, 314928)


def test_toggle_select_best_reroll_flow():
    lab = DiceLab(dice=3, sides=6, mode="fight", target=15, rolls=3, seed=0)
    lab.receive({"type": "new_fight"})                      # roll 6-4-4
    lab.receive({"type": "toggle", "die": 0})
    assert lab.fight["selected"] == [0]
    assert lab.fight["selection"]["keep"] == [6]
    lab.receive({"type": "toggle", "die": 0})
    assert lab.fight["selected"] == []
    assert lab.fight["selection"]["keep"] == []
    lab.receive({"type": "toggle", "die": 2})
    lab.receive({"type": "toggle", "die": 0})
    assert lab.fight["selection"]["keep"] == [6, 4]
    choices = dict(fight_choices(lab))
    assert Fraction(lab.fight["selection"]["p_num"], lab.fight["selection"]["p_den"]) == \
        choices[(6, 4)] == Fraction(5, 9)
    assert not any(c["best"] for c in lab.fight["choices"] if c["selected"])
    lab.receive({"type": "best"})
    assert lab.fight["selection"]["keep"] == [6] and lab.fight["selected"] == [0]
    lab.receive({"type": "reroll"})
    f = lab.fight
    assert f["aside"] == [6] and len(f["roll"]) == 2 and f["roll_no"] == 2
    assert f["need"] == 9 and f["rolls_left"] == 1
    solver = KeepAsideSolver(sides=6, rolls=3, max_dice=3)
    assert fight_choices(lab) == solver.choices(tuple(f["roll"]), 1, 9)
    assert f["record"]["decisions"] == 1 and f["record"]["optimal"] == 1
    lab.receive({"type": "reroll"})                      # keep nothing: last roll
    f = lab.fight
    assert f["status"] in ("won", "lost") and f["roll_no"] == 3
    assert f["total"] == 6 + sum(f["roll"])
    assert (f["status"] == "won") == (f["total"] >= 15)
    assert f["record"]["played"] == 1 and f["record"]["decisions"] == 2
    assert "choices" not in f
    # the fight is over: further clicks are refused with a message
    before = snapshot(lab, DICE_TRAITS)
    lab.receive({"type": "toggle", "die": 0})
    assert "no fight in progress" in lab.message
    assert snapshot(lab, DICE_TRAITS) == before


def test_setting_every_die_aside_stops_the_fight():
    lab = DiceLab(dice=2, sides=6, mode="fight", target=3, rolls=3, seed=1)
    lab.new_fight()
    roll = list(lab.fight["roll"])
    lab.receive({"type": "select", "keep": sorted(roll, reverse=True)})
    assert lab.fight["choices"][0]["stop"] or lab.fight["selection"]["p_num"] == 1
    lab.reroll()
    f = lab.fight
    assert f["status"] == "won" and f["total"] == sum(roll) and f["roll_no"] == 1


def test_a_single_roll_fight_ends_at_once():
    lab = DiceLab(dice=2, sides=6, mode="fight", target=12, rolls=1, seed=3)
    lab.new_fight()
    assert lab.fight["status"] in ("won", "lost")
    assert lab.fight["total"] == sum(lab.fight["roll"])
    assert exact_of(lab.bars)[1] == Fraction(1, 36)


def test_fight_requests_are_refused_outside_a_fight():
    lab = DiceLab(seed=1)
    before = snapshot(lab, DICE_TRAITS)
    for msg in ({"type": "toggle", "die": 0}, {"type": "reroll"}, {"type": "new_fight"},
                {"type": "best"}):
        lab.receive(msg)
        assert "fight" in lab.message
        assert snapshot(lab, DICE_TRAITS) == before
    lab.configure(mode="fight")
    lab.receive({"type": "reroll"})
    assert "no fight in progress" in lab.message


def test_bad_toggle_and_select_change_nothing():
    lab = DiceLab(dice=3, mode="fight", target=15, seed=0)
    lab.new_fight()
    before = snapshot(lab, DICE_TRAITS)
    for msg, words in (({"type": "toggle", "die": 3}, "die must be 0..2"),
                       ({"type": "toggle", "die": "x"}, "whole number"),
                       ({"type": "toggle"}, "die"),
                       ({"type": "select", "keep": [5]}, "cannot set aside"),
                       ({"type": "select", "keep": "6"}, "list of faces")):
        lab.receive(msg)
        assert words in lab.message, (msg, lab.message)
        assert snapshot(lab, DICE_TRAITS) == before
    lab.receive({"type": "toggle", "die": 1})
    assert lab.message == ""


# ====================================================================== DiceLab: configure
@pytest.mark.parametrize("change,words", [
    ({"dice": 9}, "dice must be 1..8, got 9"),
    ({"dice": 0}, "dice must be 1..8"),
    ({"dice": "two"}, "whole number"),
    ({"sides": 7}, "sides must be one of 4, 6, 8, 10, 12, 20"),
    ({"mode": "poker"}, "mode must be one of"),
    ({"keep": 3}, "keep (dice kept) must be 1..2"),
    ({"tokens": -1}, "tokens must be"),
    ({"rolls": 6}, "rolls must be 1..5"),
    ({"target": 13}, "target must be 0..12"),
    ({"colour": "red"}, "unknown setting"),
    ({"mode": "fight", "dice": 8, "sides": 20}, "distinct rolls"),
])
def test_bad_configuration_sets_a_message_and_changes_nothing(change, words):
    lab = DiceLab(seed=4)
    lab.roll(50)
    before = snapshot(lab, DICE_TRAITS)
    lab.receive({"type": "configure", **change})
    assert words in lab.message
    assert snapshot(lab, DICE_TRAITS) == before
    assert lab.trials == 50


def test_a_valid_configuration_clears_the_tallies_and_message():
    lab = DiceLab(seed=4)
    lab.roll(50)
    lab.receive({"type": "configure", "dice": 9})
    assert lab.message
    lab.receive({"type": "configure", "dice": 3})
    assert lab.message == "" and lab.trials == 0 and len(lab.bars) == 16
    lab.roll(20)
    lab.receive({"type": "configure", "dice": 3})            # nothing changed: keep tallies
    assert lab.trials == 20


def test_mode_switch_sets_a_sensible_target_and_dice_change_keeps_it():
    lab = DiceLab(dice=3)
    lab.configure(mode="fight")
    assert lab.config["target"] == 15                # five sixths of 18
    lab.configure(dice=4)
    assert lab.config["target"] == 15 and lab.message == ""   # one more die, same monster
    lab.configure(dice=2)
    assert lab.config["target"] == 12 and "target moved to 12" in lab.message
    lab.configure(mode="under")
    assert lab.config["target"] == 7
    assert repr(lab) == "DiceLab(mode='under', dice=2, sides=6, target=7, tokens=0, seed=0, " \
                        "trials=0)"


def test_bad_requests_set_a_message():
    lab = DiceLab(seed=1)
    for msg, words in ((["roll"], "malformed"), ({"n": 3}, "malformed"),
                       ({"type": "fly"}, "unknown request type 'fly'"),
                       ({"type": "roll", "n": 0}, "n (rolls) must be 1..1000000"),
                       ({"type": "roll", "n": 10**7}, "must be 1..1000000"),
                       ({"type": "roll", "n": "many"}, "whole number"),
                       ({"type": "reset", "seed": -1}, "seed must be")):
        lab.receive(msg)
        assert words in lab.message, (msg, lab.message)
        assert lab.trials == 0


def test_constructor_rejects_bad_arguments():
    with pytest.raises(ValueError, match="sides must be one of"):
        DiceLab(sides=3)
    with pytest.raises(ValueError, match="seed must be"):
        DiceLab(seed=-5)
    with pytest.raises(ValueError, match="mode must be"):
        DiceLab(mode="yahtzee")


# ====================================================================== BagLab
def coloured(outcome) -> int:
    return sum(n for c, n in outcome if c != "black")


def test_bag_defaults_to_the_dragon_bag():
    lab = BagLab()
    assert lab.contents == DRAGON_BAG == {"black": 24, "blue": 4, "green": 4, "red": 4}
    assert [b["colour"] for b in lab.bag] == ["black", "blue", "green", "red"]
    assert [b["miss"] for b in lab.bag] == [True, False, False, False]
    assert [c["colour"] for c in lab.colours] == ["blue", "green", "red"]
    assert lab.config["draw"] == 3 and lab.config["replace"] is False


def test_bag_exact_values_without_replacement():
    lab = BagLab(draw=3)
    joint = bag_draw(DRAGON_BAG, 3).map(coloured)
    assert exact_of(lab.bars) == dict(joint.items())
    assert exact_of(lab.bars)[0] == Fraction(506, 1785)
    for c in lab.colours:
        p = Fraction(c["any"]["p_num"], c["any"]["p_den"])
        assert p == at_least_one(DRAGON_BAG, 3, c["colour"]) == Fraction(109, 357)
        assert c["mean"] == "1/3 ≈ 0.3333"


def test_bag_exact_values_with_replacement():
    lab = BagLab(draw=3, replace=True)
    joint = with_replacement(DRAGON_BAG, 3).map(coloured)
    assert exact_of(lab.bars) == dict(joint.items())
    assert exact_of(lab.bars)[0] == Fraction(8, 27)
    red = next(c for c in lab.colours if c["colour"] == "red")
    assert Fraction(red["any"]["p_num"], red["any"]["p_den"]) == 1 - Fraction(8, 9) ** 3 \
        == Fraction(217, 729)
    # the toggle switches between the two laws
    lab.receive({"type": "configure", "replace": False})
    assert exact_of(lab.bars) == dict(bag_draw(DRAGON_BAG, 3).map(coloured).items())


def test_bag_tallies_are_pinned_and_consistent():
    lab = BagLab(seed=2)
    lab.receive({"type": "draw", "n": 1000})
    assert lab.trials == 1000 and sum(lab.counts) == 1000
    assert lab.counts == [272, 478, 226, 24]
    assert [c["any_count"] for c in lab.colours] == [313, 299, 311]
    for c in lab.colours:
        assert sum(c["counts"]) == 1000
        assert c["any_count"] == 1000 - c["counts"][0]
        assert len(c["counts"]) == len(c["bars"])
    assert len(lab.last["cubes"]) == 3
    assert lab.last["hits"] == sum(1 for cube in lab.last["cubes"] if not cube["miss"])
    # total coloured cubes over all trials agrees between the two tallies
    hits = sum(x * n for x, n in zip((b["x"] for b in lab.bars), lab.counts))
    per_colour = sum(b["x"] * n for c in lab.colours for b, n in zip(c["bars"], c["counts"]))
    assert hits == per_colour
    twin = BagLab(seed=2)
    twin.draw(1000)
    assert twin.counts == lab.counts


def test_bag_with_replacement_tallies_are_pinned():
    lab = BagLab(seed=2, replace=True)
    lab.draw(1000)
    assert lab.counts == [286, 463, 208, 43]
    assert [c["any_count"] for c in lab.colours] == [272, 310, 312]


def test_without_replacement_never_draws_a_cube_twice():
    lab = BagLab({"black": 1, "red": 1}, draw=2, seed=3)
    assert exact_of(lab.bars) == {1: Fraction(1)}
    lab.draw(500)
    assert lab.counts == [500]
    assert sorted(c["colour"] for c in lab.last["cubes"]) == ["black", "red"]
    lab.configure(replace=True)
    lab.draw(500)
    assert exact_of(lab.bars) == {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert lab.counts[0] > 0 and lab.counts[2] > 0


def test_ten_thousand_bag_draws_fit_the_exact_distribution():
    for replace in (False, True):
        lab = BagLab(draw=4, replace=replace, seed=21)
        lab.draw(10_000)
        observed = np.array(lab.counts)
        expected = 10_000 * np.array([b["p"] for b in lab.bars])
        chi2 = float(((observed - expected) ** 2 / expected).sum())
        assert chi2 < 18.5          # 4 degrees of freedom: the 0.1% critical value


def test_with_replacement_can_draw_more_than_the_bag_holds():
    lab = BagLab({"black": 1, "red": 1}, draw=5, replace=True, seed=1)
    assert [b["x"] for b in lab.bars] == [0, 1, 2, 3, 4, 5]
    assert exact_of(lab.bars)[5] == Fraction(1, 32)
    lab.draw(2000)
    assert sum(lab.counts) == 2000 and len(lab.last["cubes"]) == 5
    lab.configure(replace=False)
    assert "cannot draw 5 cubes from a bag of 2 without replacement" in lab.message
    assert lab.config["replace"] is True and lab.trials == 2000


@pytest.mark.parametrize("change,words", [
    ({"draw": 37}, "cannot draw 37 cubes from a bag of 36"),
    ({"draw": 0}, "cubes per draw must be"),
    ({"draw": 41}, "must be 1..36"),
    ({"replace": "yes"}, "replace must be true or false"),
    ({"bag": {"black": -1, "red": 4}}, "cubes of black must be 0..99"),
    ({"bag": {"black": 0}}, "the bag must hold 1..300 cubes"),
    ({"bag": {}}, "bag must be a dict"),
    ({"bag": [24, 4]}, "bag must be a dict"),
    ({"bag": {f"c{i}": 1 for i in range(9)}}, "at most 8 colours"),
    ({"bag": {"<b>": 3}}, "colour names"),
    ({"size": 3}, "unknown setting"),
])
def test_bad_bag_configuration_sets_a_message_and_changes_nothing(change, words):
    lab = BagLab(seed=3)
    lab.draw(20)
    before = snapshot(lab, BAG_TRAITS)
    lab.receive({"type": "configure", **change})
    assert words in lab.message, lab.message
    assert snapshot(lab, BAG_TRAITS) == before


def test_editing_the_bag_recomputes_the_exact_answer():
    lab = BagLab(seed=3)
    lab.draw(20)
    lab.receive({"type": "configure", "bag": {"black": 24, "blue": 4, "green": 4, "red": 8}})
    assert lab.message == "" and lab.trials == 0
    red = next(c for c in lab.colours if c["colour"] == "red")
    bag = {"black": 24, "blue": 4, "green": 4, "red": 8}
    assert Fraction(red["any"]["p_num"], red["any"]["p_den"]) == at_least_one(bag, 3, "red")
    assert lab.config["total"] == 40


def test_a_deck_is_a_bag_with_its_own_miss_colour():
    lab = BagLab({"boots": 2, "other": 8}, draw=5, miss="other", hits="boot cards", seed=1)
    assert [c["colour"] for c in lab.colours] == ["boots"]
    assert exact_of(lab.bars)[2] == Fraction(2, 9)          # both boots in a 5-card hand
    assert lab.colours[0]["any"]["p_text"] == "7/9 ≈ 77.8%"
    assert [r["label"] for r in lab.summary] == [
        "boot cards per draw of 5, on average", "draws without any boot cards",
        "boots: at least one drawn"]
    assert lab.summary[1]["exact"] == "2/9 ≈ 22.2%"
    assert lab.config["hits_name"] == "boot cards"
    assert BagLab().config["hits_name"] == "coloured cubes"


def test_summary_rows_pair_exact_values_with_seeded_estimates():
    lab = DiceLab(seed=1)
    assert lab.summary[1] == {"label": "average result", "exact": "7", "observed": "—"}
    lab.roll(100)
    assert lab.summary[1]["observed"] == "7.2300, 95% CI [6.7516, 7.7084] (100 trials)"
    bag = BagLab(seed=2)
    bag.draw(1000)
    red = bag.summary[-1]
    assert red["label"] == "red: at least one drawn"
    assert red["exact"] == "109/357 ≈ 30.5%"
    assert red["observed"].startswith("0.3110, 95% CI [")


# ====================================================================== display
@pytest.mark.parametrize("make", [lambda: DiceLab(seed=1), lambda: BagLab(seed=1),
                                  lambda: DiceLab(mode="fight", dice=3, seed=1)])
def test_mimebundle_has_static_html_and_a_fixed_repr(make):
    lab = make()
    lab.receive({"type": "roll", "n": 10} if isinstance(lab, DiceLab) else
                {"type": "draw", "n": 10})
    data, _meta = lab._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    # no inline <svg>: JupyterLab strips it from untrusted notebooks (issue 11 §3); the
    # chart is a data-URI picture with alt text, as on the static boards
    assert "<svg" not in data["text/html"] and "<table" in data["text/html"]
    img = re.search(r'<img alt="([^"]+)"[^>]* src="data:image/svg\+xml;base64,([^"]+)"',
                    data["text/html"])
    assert img and img.group(1).startswith("Bar chart of ")
    chart = base64.b64decode(img.group(2)).decode()
    assert chart.startswith("<svg") and "<rect" in chart and 'xmlns="http://www.w3.org/2000/svg"' in chart
    assert data["text/plain"] == repr(lab)
    assert "0x" not in repr(lab) and "0x" not in data["text/html"]
    assert "10 " in data["text/html"]          # the tally count is in the summary
    assert "http://" not in data["text/html"] and "https://" not in data["text/html"]


def test_static_html_shows_the_exact_fractions():
    html = DiceLab(seed=1)._repr_mimebundle_()[0]["text/html"]
    assert "1/6" in html and "1/36" in html and "Sum of 2d6" in html
    assert repr(DiceLab(seed=1)) == "DiceLab(mode='sum', dice=2, sides=6, seed=1, trials=0)"
    bag = BagLab(seed=1)._repr_mimebundle_()[0]["text/html"]
    assert "109/357" in bag and "24 black" in bag
    assert repr(BagLab(seed=1)) == ("BagLab(bag={'black': 24, 'blue': 4, 'green': 4, "
                                    "'red': 4}, draw=3, replace=False, seed=1, trials=0)")


def test_the_static_chart_says_its_numbers_in_its_alt_text():
    """The picture's alt text carries the exact fractions (and the observed shares after
    trials), for screen readers and where images are off."""
    lab = DiceLab(seed=1)
    html = lab._repr_mimebundle_()[0]["text/html"]
    alt = re.search(r'<img alt="([^"]+)"', html).group(1)
    assert alt.startswith("Bar chart of 11 results, exact probability: 2: 1/36; 3: 1/18;")
    assert "7: 1/6" in alt
    lab.receive({"type": "roll", "n": 10})
    alt = re.search(r'<img alt="([^"]+)"', lab._repr_mimebundle_()[0]["text/html"]).group(1)
    assert "(observed share of 10 trials)" in alt and "%)" in alt


def test_message_handlers_do_not_shadow_ipywidgets_internals():
    for cls in (DiceLab, BagLab):
        assert cls._handle_msg is ipywidgets.Widget._handle_msg
        assert cls._handle_custom_msg is ipywidgets.Widget._handle_custom_msg
    # the ES modules and the style sheet ship as package files (read at class creation)
    common = (LABS / "common.js").read_text()
    assert DiceLab()._esm == common + "\n" + (LABS / "dice.js").read_text()
    assert BagLab()._esm == common + "\n" + (LABS / "bag.js").read_text()
    assert DiceLab()._css == BagLab()._css == (LABS / "labs.css").read_text()


def test_traits_are_reassigned_not_mutated():
    """Each change must send a new object, or ipywidgets would not sync it."""
    lab = DiceLab(seed=1)
    counts, summary = lab.counts, lab.summary
    lab.roll(5)
    assert lab.counts is not counts and lab.summary is not summary
    lab.configure(mode="fight", dice=2)
    lab.new_fight()
    fight = lab.fight
    lab.toggle(0)
    assert lab.fight is not fight


# ====================================================================== the JS modules
@pytest.mark.parametrize("path", JS_FILES, ids=lambda p: p.name)
def test_js_has_no_urls_and_no_url_imports(path):
    src = path.read_text()
    assert "http://" not in src and "https://" not in src
    assert not re.search(r"^\s*import\b", src, re.M), "the labs import nothing"
    assert "import(" not in src


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_modules_have_a_default_export_and_no_duplicate_helpers(name):
    src = SHIPPED[name]
    assert "export default" in src
    for helper in ("esc", "fmtInt", "fracStr", "pct", "histogramSvg", "summaryHtml"):
        assert src.count(f"function {helper}(") == 1, helper


@pytest.mark.parametrize("name", SHIPPED)
def test_js_passes_node_check(name, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    copy = tmp_path / (name + ".mjs")
    copy.write_text(SHIPPED[name])
    out = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr


RENDER = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [, , dicePath, bagPath, casesPath] = process.argv;
const dice = await import(pathToFileURL(dicePath).href);
const bag = await import(pathToFileURL(bagPath).href);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const out = cases.map(({ kind, state }) => {
  const mod = kind === "dice" ? dice : bag;
  const markup = mod.renderMarkup(state, true);
  const grab = (name) => [...markup.matchAll(new RegExp(` ${name}="([^"]*)"`, "g"))].map((m) => m[1]);
  return { dice: grab("data-die"), select: grab("data-select"), bars: grab("data-x"),
           colours: grab("data-colour"), markup,
           hasRender: typeof mod.default.render === "function" };
});
process.stdout.write(JSON.stringify(out));
"""


def _render_in_node(node: str, cases: list[dict], tmp_path: Path):
    """Run :data:`RENDER` on ``cases`` (``{kind, state}``) with the shipped lab modules."""
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    for name, src in SHIPPED.items():
        (tmp_path / (name + ".mjs")).write_text(src)
    (tmp_path / "render.mjs").write_text(RENDER)
    out = subprocess.run([node, str(tmp_path / "render.mjs"), str(tmp_path / "dice_lab.mjs"),
                          str(tmp_path / "bag_lab.mjs"), str(tmp_path / "cases.json")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out


def test_js_renders_python_states_in_node(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    fight = DiceLab(dice=3, mode="fight", target=15, seed=7)
    fight.roll(100)
    fight.new_fight()
    fight.toggle(2)
    sums = DiceLab(seed=1)
    sums.roll(100)
    bag = BagLab(seed=2)
    bag.draw(100)
    cases = [{"kind": "dice", "state": snapshot(fight, DICE_TRAITS) | {"message": ""}},
             {"kind": "dice", "state": snapshot(sums, DICE_TRAITS) | {"message": "hi <b>"}},
             {"kind": "bag", "state": snapshot(bag, BAG_TRAITS) | {"message": ""}}]
    out = _render_in_node(node, cases, tmp_path)
    f, s, b = json.loads(out.stdout)
    assert all(r["hasRender"] for r in (f, s, b))
    assert f["dice"] == ["0", "1", "2"]                       # the roll 3-4-6 is clickable
    assert len(f["select"]) == len(fight.fight["choices"])
    assert f["bars"] == ["0", "1"] and "162319/314928" in f["markup"]
    assert s["bars"] == [str(x) for x in range(2, 13)] and "1/6" in s["markup"]
    assert "hi &lt;b&gt;" in s["markup"]                      # messages are escaped
    assert s["dice"] == []
    assert b["bars"] == ["0", "1", "2", "3"]
    assert {"blue", "green", "red"} <= set(b["colours"])
    assert "109/357" in b["markup"] and "bl-drop" in b["markup"]


@pytest.mark.parametrize("lab_cls,change", [(BagLab, {"draw": 99}), (DiceLab, {"dice": 99})])
def test_a_refused_setting_says_what_is_allowed_and_is_answered(lab_cls, change):
    """Issue 11 §3: 99 cubes per draw (limit 40) is refused with what is allowed; every
    answer bumps ``answered``, which makes the browser put the field back (even a second,
    identical refusal, whose message does not change)."""
    lab = lab_cls(seed=1)
    before = snapshot(lab, BAG_TRAITS if lab_cls is BagLab else ["config", "bars", "counts"])
    n = lab.answered
    lab.receive({"type": "configure", **change})
    assert "99" in lab.message and lab.answered == n + 1
    if lab_cls is BagLab:
        assert lab.message == ("cubes per draw must be 1..36, got 99 (the limit is 40; "
                               "without replacement at most the 36 cubes in the bag)")
    first = lab.message
    lab.receive({"type": "configure", **change})
    assert lab.message == first and lab.answered == n + 2
    assert snapshot(lab, BAG_TRAITS if lab_cls is BagLab else ["config", "bars", "counts"]) \
        == before


def test_markup_in_a_lab_label_is_text_in_node_and_in_the_static_html(tmp_path):
    """Issue 23 §4: the one free-text input of the labs, BagLab's ``hits`` label, reaches
    the DOM escaped (colour names are refused unless they are short words); the title and
    the static HTML escape it too."""
    from tests.hardening.markup import injected
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    bad = "\"'><img src=x onerror=alert(1)><b onclick=x>"
    with pytest.raises(ValueError, match="colour names are short words"):
        BagLab(bag={bad: 3, "black": 2})
    lab = BagLab(hits=bad, seed=2)
    lab.draw(20)
    assert injected(lab._repr_html_()) == []
    cases = [{"kind": "bag", "state": snapshot(lab, BAG_TRAITS) | {"message": bad}}]
    out = _render_in_node(node, cases, tmp_path)
    (b,) = json.loads(out.stdout)
    assert injected(b["markup"]) == [] and "&lt;img src=x onerror=alert(1)&gt;" in b["markup"]
