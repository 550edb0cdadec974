"""Golden playthroughs (as OpenSpiel keeps them), shared by every game's golden test.

A playthrough lists, for every state of one seeded game between heuristic bots, the legal
actions (or the chance outcomes with their exact probabilities) and what was chosen, then
the scores and the log. Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/<game>/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import deepwood_kernel as dk
from deepwood_kernel.sim import make_bot, play_out


def playthrough(key: str, players: int, seed: int, title: str) -> str:
    g = dk.new_game(key, players=players, seed=seed)
    bots = [make_bot(key, "heuristic", seed=i) for i in range(players)]
    lines = [f"# {title}, {players} players, seed {seed}, heuristic bots (seeds "
             + " and ".join(map(str, range(players))) + ")"]
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


def check_golden(path: Path, text: str) -> None:
    """Compare ``text`` with the stored playthrough line by line (or rewrite it)."""
    if os.environ.get("DEEPWOOD_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    for n, (a, b) in enumerate(zip(expected, got)):
        assert a == b, f"golden line {n + 1} differs:\nexpected: {a[:300]}\n     got: {b[:300]}"
    assert len(got) == len(expected)


def check_replay(path: Path, key: str, players: int, seed: int) -> None:
    """The golden game, played again and saved, reloads to the same scores."""
    g = dk.new_game(key, players=players, seed=seed)
    play_out(g, [make_bot(key, "heuristic", seed=i) for i in range(players)])
    assert dk.load(g.to_json()).scores() == g.scores()
    assert f"scores {g.scores()} winners {g.winners()}" in path.read_text(encoding="utf-8")
