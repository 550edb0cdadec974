"""Golden playthrough (as OpenSpiel keeps them): every state's legal actions and chance
outcomes of one seeded 2-player game between heuristic bots, compared line by line.

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/deepwood/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot

GOLDEN = Path(__file__).with_name("golden") / "deepwood_2p_seed7.txt"


def playthrough() -> str:
    g = dk.new_game("deepwood", players=2, seed=7)
    bots = [make_bot("deepwood", "heuristic", seed=i) for i in range(2)]
    lines = ["# Durch den tiefen Wald, 2 players, seed 7, heuristic bots (seeds 0 and 1)"]
    while not g.is_over:
        ply = len(g.history)
        if g.is_chance:
            outs = " ".join(f"{a.id}={p}" for a, p in g.chance_outcomes())
            lines.append(f"{ply} chance [{g.state.phase}] {outs}")
            lines.append(f"{ply} -> {g.step().id}")
        else:
            seat = g.current_player
            lines.append(f"{ply} {g.player_name(seat)} [{g.state.phase}] "
                         + " | ".join(g.legal_action_ids()))
            choice = bots[seat].choose(g)
            g.apply(choice)
            lines.append(f"{ply} -> {choice}")
    lines.append(f"scores {g.scores()} winners {g.winners()}")
    lines += [f"log {line}" for line in g.log]
    return "\n".join(lines) + "\n"


def test_golden_playthrough_matches():
    text = playthrough()
    if os.environ.get("DEEPWOOD_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for n, (a, b) in enumerate(zip(expected, got)):
        assert a == b, f"golden line {n + 1} differs:\nexpected: {a[:300]}\n     got: {b[:300]}"
    assert len(got) == len(expected)


def test_golden_game_replays_from_its_save():
    g = dk.new_game("deepwood", players=2, seed=7)
    bots = [make_bot("deepwood", "heuristic", seed=i) for i in range(2)]
    from deepwood_kernel.sim import play_out
    play_out(g, bots)
    assert dk.load(g.to_json()).scores() == g.scores()
    last = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert f"scores {g.scores()} winners {g.winners()}" in last
