"""The Dungeon Draw lesson helpers (``lessons.dungeondraw``): paths walked through the
engine's rules, illegal steps refused, search counts that agree with the exhaustive
search, simulations inside their intervals, whole bot games."""

from __future__ import annotations

import doctest
from fractions import Fraction

import numpy as np
import pytest

from deepwood_kernel.games.dungeondraw import draw_chance
from lessons import dungeondraw as dd


def test_docstring_examples():
    assert doctest.testmod(dd).failed == 0


def test_card_text_names_contents_and_connectors():
    assert dd.card_text("s6") == ("Iron Gate (start card): corridor c01 (LOCK), corridor c11 "
                                  "(coin); connectors B1 L1 R1")
    assert dd.card_text("d3a").startswith("Dripping Vault (3 coins): room c00 (coin)")


def test_DD_6_2_walk_overcomes_a_lock_with_a_fairy_key_and_refuses_illegal_steps():
    lay = [("s1", 0, 0, 0), ("s6", 2, 0, 0)]
    steps = ["start 0.L1", "go 0.c01", "go 0.c11", "go 0.R1", "go 1.c01", "use fairy",
             "go 1.c11", "go 1.R1"]
    ps = dd.walk(lay, steps, fairy={"key": 1})
    assert ps.ended == "exit" and ps.found == {"coin": 2, "lock": 1}
    with pytest.raises(ValueError, match="use fairy"):
        dd.walk(lay, steps[:5] + ["use item"], fairy={"key": 1})
    assert dd.legal_steps(lay, steps[:5]) == []        # no key: the path ended at the lock


def test_picture_is_an_image_with_node_names():
    html = dd.picture([("s1", 0, 0, 0)])._repr_html_()
    assert html.startswith('<img alt="a dungeon"')
    assert "0.c01 coin" in dd.picture([("s1", 0, 0, 0)]).svg()


def test_DD_4_6_search_growth_pruning_never_explores_more():
    rows = dd.search_growth(samples=3, seed=1)
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5]
    assert all(r[3] <= r[1] and r[2] >= 0 for r in rows)


def test_DD_4_6_all_paths_best_matches_the_solver():
    two = [("s1", 0, 0, 0), ("s6", 2, 0, 0)]
    paths = dd.all_paths(two, "coin", fairy={"key": 1})
    assert paths[0][0] == dd.solve(two, "coin", fairy={"key": 1}).value == (2, 2, True)
    assert len(paths) == 27
    goal, same, tried = dd.agreement(samples=2, seed=1)[0]
    assert goal == "barrel" and 0 <= same <= tried == 2


def test_grid_paths_by_hand():
    # 2 x 2 from a corner: 2 one-step, 2 two-step, 2 three-step paths
    assert dd.grid_paths(2) == 6
    assert dd.grid_paths(1) == 0


def test_DD_3_1_simulated_draws_inside_their_interval():
    deck = {f"c{i}": 1 for i in range(9)}
    est = dd.deck_shares("c0", deck, 4, trials=20_000, seed=5)
    assert est.contains(float(draw_chance(deck, {}, 4, "c0")), level=0.999)
    assert draw_chance(deck, {}, 4, "c0") == Fraction(4, 9)


def test_DD_9_1_bot_game_ends_and_the_sheet_prints(capsys):
    g = dd.bot_game(3)
    assert g.is_over and len(g.state.players[0].sheet) == 6
    dd.score_sheet(g)
    out = capsys.readouterr().out
    assert "total" in out and out.count("round") == 2


def test_random_layout_is_legal():
    lay = dd.random_layout(4, np.random.default_rng(2))
    assert len(lay) == 4 and len({k for k, *_ in lay}) == 4


def test_DD_9_4_exit_majority_by_hand():
    assert dd.exit_majority([4, 4, 2]) == [2, 2, 1]
    assert dd.exit_majority([6, 3, 3, 1]) == [2, 1, 1, 0]
    assert dd.exit_majority([0, 0]) == [0, 0]          # reading: at least one tick


def test_DD_7_5_goal_draws_inside_their_intervals():
    deck = {"coin": 1, "coin+hourglass": 1, "key": 2, "lock": 1}
    est = dd.goal_draws(deck, trials=20_000, seed=2)
    for kind, exact in (("coin", Fraction(2, 5)), ("key", Fraction(2, 5)),
                        ("lock", Fraction(1, 5))):
        assert est[kind].contains(float(exact), level=0.999)


def test_bots_until_stops_at_the_condition_and_build_lays_in_turn_order():
    import deepwood_kernel as dk
    g = dk.new_game("dungeondraw", players=2, seed=1)
    dd.bots_until(g, lambda g: g.state.phase == "explore")
    assert g.state.phase == "explore" and not g.is_over
    h = dk.new_game("dungeondraw", players=2, seed=1)
    h.advance()
    dd.play(h, "pass", "pass")
    h.advance()
    anna = [("s4", 0, 0, 0), ("s6", -2, 0, 0)]
    ben = [("s1", 0, 0, 0), ("s6", -2, 0, 0)]
    dd.build(h, {0: anna, 1: ben})
    assert h.state.players[0].placements == anna and h.state.players[1].built


def test_print_wrapped_wraps_under_90_characters(capsys):
    dd.print_wrapped("word " * 40)
    assert all(len(line) < 90 for line in capsys.readouterr().out.splitlines())


def test_pruning_saving_is_the_paired_difference_of_search_growth():
    """Issue 24: DD 6 compares the two searches on the same dungeons, so the saving is the
    mean of the per-dungeon differences: it equals the difference of the two means, and
    its interval is narrower than the two separate ones together."""
    growth = dd.search_growth(samples=8, seed=5)
    saving = dd.pruning_saving(samples=8, seed=5)
    for (n, full, se_f, pruned, se_p), (m, saved, se, share) in zip(growth, saving):
        assert n == m
        assert saved == pytest.approx(full - pruned)
        assert share == pytest.approx(saved / full)
        assert se < se_f + se_p
