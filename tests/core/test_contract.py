"""The engine contract (DESIGN.md), checked generically for every registered game."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import RandomBot, play_out

KEYS = sorted(dk.GAMES)


def _midgame(key: str, seed: int = 3, plies: int = 60) -> dk.Game:
    info = dk.GAMES[key]
    g = dk.new_game(key, players=info.min_players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(plies):
        if g.is_over:
            break
        g.step() if g.is_chance else g.apply(bot.choose(g))
    return g


def test_registry_lists_games_with_info():
    assert "deepwood" in dk.GAMES
    info = dk.GAMES["deepwood"]
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.title == "Durch den tiefen Wald" and info.description
    assert info.max_game_length > 0


def test_new_game_rejects_bad_arguments_clearly():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        dk.new_game("chess")
    with pytest.raises(ValueError, match="2-4 players, got 5"):
        dk.new_game("deepwood", players=5)
    with pytest.raises(ValueError, match="seed must be an int from 0"):
        dk.new_game("deepwood", seed=-1)
    with pytest.raises(ValueError, match="unknown option"):
        dk.new_game("deepwood", options={"colour": "red"})


@pytest.mark.parametrize("key", KEYS)
def test_apply_is_atomic_for_illegal_and_malformed_input(key):
    g = _midgame(key)
    if g.is_chance:
        g.advance()
    before = g.fingerprint()
    log_before = g.log
    for bad in ["not an action", "move z99", "", "end end", 42, None, "troll 9 a1 gold"]:
        with pytest.raises(dk.IllegalAction) as e:
            g.apply(bad)
        assert e.value.reason
        assert g.fingerprint() == before
        assert g.log == log_before


def _to_chance(g: dk.Game) -> dk.Game:
    """Play the first legal action until a chance event is pending (most games start with
    one; Pig starts with the decision to roll)."""
    while not g.is_chance:
        g.apply(g.legal_action_ids()[0])
    return g


@pytest.mark.parametrize("key", KEYS)
def test_illegal_chance_outcome_and_step_without_chance(key):
    g = _to_chance(dk.new_game(key, players=dk.GAMES[key].min_players, seed=1))
    assert g.is_chance and g.current_player is None
    before = g.fingerprint()
    with pytest.raises(dk.IllegalAction, match="not a possible outcome"):
        g.apply("roll 7 7")
    assert g.fingerprint() == before
    g.advance()
    with pytest.raises(dk.IllegalAction, match="no chance event is pending"):
        g.step()


@pytest.mark.parametrize("key", KEYS)
def test_chance_outcomes_are_exact_and_sum_to_one(key):
    g = _midgame(key)
    while not g.is_chance and not g.is_over:
        g.apply(g.legal_action_ids()[0])
    outcomes = g.chance_outcomes()
    assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert all(a.player is None for a, _ in outcomes)


@pytest.mark.parametrize("key", KEYS)
def test_forcing_an_outcome_records_it_unsampled(key):
    g = _to_chance(dk.new_game(key, players=dk.GAMES[key].min_players, seed=5))
    last = g.chance_outcomes()[-1][0]
    g.apply(last)
    assert g.history[-1].id == last.id and not g.history[-1].sampled
    _to_chance(g).step()
    assert g.history[-1].sampled


@pytest.mark.parametrize("key", KEYS)
def test_undo_redo_restore_exactly(key):
    g = _midgame(key, plies=80)
    prints = []
    for _ in range(10):
        prints.append(g.fingerprint())
        g.undo()
    for fp in reversed(prints):
        g.redo()
        assert g.fingerprint() == fp
    with pytest.raises(dk.IllegalAction, match="nothing to redo"):
        g.redo()


def test_undo_on_empty_history_is_refused():
    g = dk.new_game("deepwood", players=2)
    with pytest.raises(dk.IllegalAction, match="nothing to undo"):
        g.undo()


@pytest.mark.parametrize("key", KEYS)
def test_fork_is_independent(key):
    g = _midgame(key)
    fp = g.fingerprint()
    f = g.fork()
    assert f.fingerprint() == fp
    play_out(f, [RandomBot(9)] * f.players)
    assert f.is_over and g.fingerprint() == fp
    # the fork continues with the same RNG stream as the original would
    a, b = g.fork(), g.fork()
    a.advance(), b.advance()
    if a.is_chance is False and not a.is_over:
        assert a.fingerprint() == b.fingerprint()


@pytest.mark.parametrize("key", KEYS)
def test_save_load_round_trip(key):
    g = _midgame(key, plies=120)
    s = g.to_json()
    json.loads(s)                                 # plain JSON
    h = dk.load(s)
    assert h.fingerprint() == g.fingerprint()
    assert h.to_json() == s
    # and both continue identically from the seeded RNG
    g.advance() if g.is_chance else None
    h.advance() if h.is_chance else None
    assert h.fingerprint() == g.fingerprint()


def _save(**over):
    g = _midgame("deepwood", plies=40)
    data = json.loads(g.to_json())
    data.update(over)
    return data


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d.update(players="two"), "'players' must be a int"),
    (lambda d: d.update(players=9), "2-4 players"),
    (lambda d: d.update(history="x"), "'history' must be a list"),
    (lambda d: d["history"].append(["fly away", dk.load(json.dumps(d)).current_player, 0]),
     "illegal at its point"),
    (lambda d: d["history"].append(["end", 7, 0]), "recorded for seat 7"),
    (lambda d: d["history"].__setitem__(3, ["deal 999", None, 0]), "illegal at its point"),
    (lambda d: d["history"].__setitem__(0, [d["history"][1][0], None, 1]),
     "the seeded RNG draws"),
    (lambda d: d["history"].insert(0, [1, 2]), "must be \\[id, seat-or-null, 0\\|1\\]"),
    (lambda d: d.update(version=99), "version 2 save"),
    (lambda d: d.update(extra=1), "save keys must be"),
    (lambda d: d.update(options={"content": 3}), "cannot start the saved game"),
    (lambda d: d.update(content={"name": "x.toml", "sha256": "0" * 64}), "pass that file"),
])
def test_load_rejects_bad_saves_clearly(mutate, message):
    d = _save()
    mutate(d)
    with pytest.raises(dk.SaveError, match=message):
        dk.load(json.dumps(d))


def test_load_rejects_non_json_and_oversized_input():
    with pytest.raises(dk.SaveError, match="must be JSON"):
        dk.load("{nope")
    with pytest.raises(dk.SaveError, match="limit"):
        dk.load("[" + " " * 5_000_000 + "]")
    with pytest.raises(dk.SaveError, match="JSON object"):
        dk.load("[1, 2]")
    with pytest.raises(ValueError):              # SaveError is a ValueError
        dk.load(b"\xff\xfe")


def test_same_seed_and_history_give_identical_state_in_a_fresh_process():
    g = _midgame("deepwood", seed=17, plies=150)
    code = ("import sys, deepwood_kernel as dk; "
            "print(dk.load(sys.stdin.read()).fingerprint())")
    out = subprocess.run([sys.executable, "-c", code], input=g.to_json(), text=True,
                         capture_output=True, check=True).stdout.strip()
    assert out == g.fingerprint()


def test_same_seed_gives_same_game_when_played_by_the_same_bots():
    a = play_out(dk.new_game("deepwood", 3, seed=8), [RandomBot(1)] * 3)
    b = play_out(dk.new_game("deepwood", 3, seed=8), [RandomBot(1)] * 3)
    assert a.to_json() == b.to_json() and a.fingerprint() == b.fingerprint()


def test_actions_have_stable_ids_labels_and_player():
    g = dk.new_game("deepwood", players=2, seed=0)
    g.advance()
    acts = g.legal_actions()
    assert [a.id for a in acts] == [f"enter {c}0" for c in "abcde"]
    assert acts[2].label == "Enter the forest at wall field c0"
    assert all(a.player == 0 for a in acts)
    assert repr(acts[0]) == "Action('enter a0')" and str(acts[0]) == "enter a0"


def test_view_hides_other_hands_and_is_json():
    g = dk.new_game("deepwood", players=3, seed=2)
    g.advance()
    v0 = g.view(0)
    json.dumps(v0)
    assert isinstance(v0["players"][0]["hand"], list) and len(v0["players"][0]["hand"]) == 3
    assert v0["players"][1]["hand"] == 3          # only a count for others
    assert isinstance(g.view()["players"][1]["hand"], list)   # spectator/teacher view
    with pytest.raises(ValueError, match="seat must be"):
        g.view(7)


def test_repr_and_static_html():
    g = dk.new_game("deepwood", players=2, seed=0)
    assert repr(g) == "<Game 'deepwood' players=2 seed=0 ply=0 chance>"
    html = g._repr_html_()
    assert "data:image/svg+xml;base64," in html and "Durch den tiefen Wald" in html


class _BadRepr(str):
    def __repr__(self):
        raise RuntimeError("hostile repr")


@pytest.mark.parametrize("key", sorted(dk.GAMES))
@pytest.mark.parametrize("action", [dk.Action("end", None, 5), dk.Action("end", None, -1),
                                    dk.Action("end", None, True), dk.Action("end", None, 1.0),
                                    _BadRepr("x"), dk.Action(_BadRepr("x"), None, 0)])
def test_apply_refuses_bad_seats_and_hostile_ids_with_illegal_action_only(key, action):
    """Issue 23 §5: a seat out of range raised IndexError, an id whose repr raises got its
    RuntimeError through; apply refuses both with IllegalAction and leaves the game as is."""
    g = _midgame(key, plies=10)
    before = g.to_json()
    with pytest.raises(dk.IllegalAction):
        g.apply(action)
    assert g.to_json() == before
