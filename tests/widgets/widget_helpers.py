"""Reach interesting Deep Wood positions by *playing* (no state editing), so that undo,
replay and fingerprints stay exact inside the widget."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import deepwood_kernel as dk

REPO = Path(__file__).resolve().parents[2]
BOARDS = REPO / "widgets" / "boards"
RENDER_CHECK = Path(__file__).resolve().parent / "render_check.mjs"

# how much a driving policy likes each verb (the rest: weight 1)
WEIGHTS = {"fight": 60, "sword": 40, "clear": 25, "leave": 80, "appease": 30, "move": 12,
           "troll": 3, "bonus": 30, "monster": 5, "back": 0.05, "exchange": 0.6, "end": 0.7,
           "return": 1, "concede": 0.2}


def drive(want, players: int = 2, seed: int = 0, policy_seed: int = 0,
          max_plies: int = 4000, weights=None, stop_on_chance: bool = True):
    """Play a seeded weighted-random game until ``want(game)`` holds; None if it never does.

    With ``stop_on_chance=False`` the predicate is only tested at decisions."""
    w = dict(WEIGHTS, **(weights or {}))
    g = dk.new_game("deepwood", players=players, seed=seed)
    rng = random.Random(policy_seed)
    for _ in range(max_plies):
        if (stop_on_chance or not g.is_chance) and want(g):
            return g
        if g.is_over:
            return None
        if g.is_chance:
            g.step()
            continue
        ids = g.legal_action_ids()
        ws = [w.get(i.partition(" ")[0], 1) for i in ids]
        g.apply(rng.choices(ids, weights=ws)[0])
    return None


def find(want, players: int = 2, tries: int = 60, **kw) -> dk.Game:
    for seed in range(tries):
        g = drive(want, players=players, seed=seed, policy_seed=seed, **kw)
        if g is not None:
            return g
    raise AssertionError("no seed reached the wanted position")


def replay(g: dk.Game) -> dk.Game:
    """An independent copy with the same history (a widget may then own it)."""
    return dk.load(g.to_json())


# ---------------------------------------------------------------- predicates
def fight_legal(g):
    return not g.is_chance and any(i.startswith("fight ") for i in g.legal_action_ids())


def in_phase(phase):
    def want(g):
        return g.state.phase == phase
    return want


def troll_legal(g):
    return not g.is_chance and any(i.startswith("troll ") for i in g.legal_action_ids())


def sword_and_move(g):
    ids = set() if g.is_chance else set(g.legal_action_ids())
    return any(i.startswith("sword ") and "move " + i.split()[1] in ids for i in ids)


# ---------------------------------------------------------------- node rendering
def node_path() -> str | None:
    return shutil.which("node")


def widget_state(w) -> dict:
    """What the browser sees: the synced traits of a widget."""
    names = ["view", "legal", "chance", "advice", "status", "message", "event_log", "score",
             "bots", "busy", "seat", "auto_chance"]
    return {n: getattr(w, n) for n in names}


def shipped_module(key: str, tmp_path: Path) -> Path:
    """The ES module a board ships (shell + board module) written to a file node imports."""
    from widgets.shell import board_module
    path = tmp_path / f"{key}.mjs"
    path.write_text(board_module(key), encoding="utf-8")
    return path


def render_in_node(cases: list[tuple[dict, dict]], tmp_path: Path,
                   module: str = "deepwood", brief: bool = False) -> list[dict]:
    """Run a board's pure ``renderMarkup`` (shell + board module, as shipped) in node for
    (state, ui) pairs (``module``: the board key, Deep Wood's by default)."""
    module = shipped_module(module, tmp_path)
    src = tmp_path / "cases.json"
    src.write_text(json.dumps([{"state": s, "ui": u} for s, u in cases]))
    out = subprocess.run([node_path(), str(RENDER_CHECK), str(module), str(src)]
                         + (["--brief"] if brief else []),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)
