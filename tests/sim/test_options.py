"""The playtest rule options (DW-12.x, CL-15.x): each changes what it should and only that.

Every option's default is the rulebook's rule: a game created with the defaults spelled out
plays exactly like one created without options.
"""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood import obstacle_set_gold
from deepwood_kernel.games.deepwood.rules import apply as dw_apply
from deepwood_kernel.sim import make_bot, play_out


def _played(key, players, seed, options=None):
    g = dk.new_game(key, players=players, seed=seed, options=options)
    return play_out(g, [make_bot(key, "heuristic", seed=i) for i in range(players)])


@pytest.mark.parametrize("key, options", [
    ("deepwood", {"set_gold": 15, "strip_mix": "by_players", "fog_round": 11}),
    ("clank", {"dragon_start": 0, "mastery_points": 20})])
def test_DW_12_CL_15_defaults_are_the_rulebook(key, options):
    assert {k: o.default for k, o in dk.GAMES[key].options.items()} == options
    a, b = _played(key, 3, 5), _played(key, 3, 5, options)
    assert [s.id for s in a.history] == [s.id for s in b.history]
    assert a.scores() == b.scores()


def test_DW_12_1_set_gold_values_a_set():
    """DW-12.1: 3 thickets + gate + guard = one set + 2 singles: 12 + 2 = 14 at 12 gold."""
    assert obstacle_set_gold(3, 1, 1, set_gold=12) == 14
    assert obstacle_set_gold(3, 1, 1) == 17
    assert obstacle_set_gold(2, 2, 2, set_gold=20) == 40
    g = dk.new_game("deepwood", players=2, seed=1, options={"set_gold": 12})
    g.state.players[0].obstacles.update(thicket=3, gate=1, guard=1)
    line = g.score_breakdown(0)[0]
    assert line[0].startswith("Obstacle sets") and line[1] == 14


def test_DW_12_1_set_gold_changes_only_the_set_line():
    """The same moves replayed with sets at 30 gold: only the obstacle line differs, and it
    is DW-11.2/11.3's best partition with 30 per set."""
    a = _played("deepwood", 2, 3)
    b = dk.new_game("deepwood", players=2, seed=3, options={"set_gold": 30})
    for step in a.history:                 # the same moves are legal: only scoring differs
        b.apply(step.id)
    for seat in range(2):
        ra, rb = a.score_breakdown(seat), b.score_breakdown(seat)
        assert ra[1:] == rb[1:]
        p = a.state.players[seat]
        wild = sum(a.state.content.monsters[i].advantage == "obstacle_wildcard"
                   for i, _ in p.monsters)
        ob = p.obstacles
        assert rb[0][1] == obstacle_set_gold(ob["thicket"], ob["gate"], ob["guard"], wild, 30)
    assert a.scores() != b.scores()        # seed 3 collects at least one set


@pytest.mark.parametrize("players, default_pile", [(2, 26), (3, 39), (4, 32)])
def test_DW_12_2_strip_mix_all_keeps_every_strip(players, default_pile):
    """DW-12.2 / DW-1.2: 39 designed strips; marked ones go with 2 or 4 players only."""
    assert len(dk.new_game("deepwood", players=players).state.pile) == default_pile
    g = dk.new_game("deepwood", players=players, options={"strip_mix": "all"})
    assert len(g.state.pile) == 39


@pytest.mark.parametrize("fog_round", [9, 11, 13])
def test_DW_12_3_fog_round_sets_in_the_fog(fog_round):
    """DW-12.3: no fog before ``fog_round``; then row 1, one row higher each round; the
    game still ends after round 15 (DW-10.4)."""
    g = dk.new_game("deepwood", players=2, seed=2, options={"fog_round": fog_round})
    s = g.state
    for rnd, want in [(fog_round - 1, None), (fog_round, 1), (15, 15 - fog_round + 1)]:
        s.round = rnd
        assert s.fog_row == want
    g = _played("deepwood", 2, 2, {"fog_round": fog_round})
    assert g.state.round <= 15
    assert any(f"After {fog_round - 1} rounds the fog sets in" in line for line in g.state.log)


def test_DW_12_3_leaving_waits_for_the_fog():
    g = dk.new_game("deepwood", players=2, seed=2, options={"fog_round": 13})
    g.state.round = 12
    from deepwood_kernel.games.deepwood.rules import step_problem
    s = g.state
    s.boards[0].figure = s.content.field("c7")
    assert "fog has set in (round 13)" in step_problem(s, 0, s.content.field("c8"), "leave")


@pytest.mark.parametrize("bad", [{"set_gold": 0}, {"fog_round": 8}, {"strip_mix": "none"},
                                 {"set_gold": 12.5}, {"dragon_start": 8}, {"mastery_points": -1}])
def test_DW_12_CL_15_bad_options_are_refused(bad):
    key = "clank" if set(bad) & {"dragon_start", "mastery_points"} else "deepwood"
    with pytest.raises(ValueError, match="dragon_start|mastery_points|set_gold|fog_round|strip_mix"):
        dk.new_game(key, players=2, options=bad)


@pytest.mark.parametrize("players, default_space", [(2, 3), (3, 2), (4, 1)])
def test_CL_15_1_dragon_start(players, default_space):
    """CL-1.2 by player count; CL-15.1 any space of the 7-space designed track."""
    assert dk.new_game("clank", players=players).state.rage + 1 == default_space
    for space in (1, 4, 7):
        g = dk.new_game("clank", players=players, options={"dragon_start": space})
        assert g.state.rage + 1 == space
        assert f"starts on space {space} " in g.state.log[0]


def test_CL_15_2_mastery_points_score_the_token():
    """CL-15.2: an escaped player's mastery token scores the option's points."""
    a = _played("clank", 2, 4)
    escaped = [i for i, p in enumerate(a.state.players) if p.mastery]
    assert escaped, "seed 4 should have an escape"
    b = dk.new_game("clank", players=2, seed=4, options={"mastery_points": 35})
    for step in a.history:
        b.apply(step.id)
    for seat in range(2):
        gain = 15 if seat in escaped else 0
        assert b.scores()[seat] - a.scores()[seat] == gain
        assert dict(b.score_breakdown(seat)).get("mastery token", 0) == (35 if gain else 0)
    assert dk.load(b.to_json()).scores() == b.scores()
    assert a.fingerprint() != b.fingerprint()
