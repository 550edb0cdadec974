"""What the board tests share (issue 27 §5): the boards by key, a board on a saved game,
exact chance fractions, the Node render harness and its common checks (each drawn action
legal, once, with the board's ``-legal`` class; no ``undefined``/``NaN``), the privacy
twins (two games that differ only in a secret, compared through a seat's board), and Deep
Wood positions reached by *playing* (no state editing), so that undo, replay and
fingerprints stay exact inside the widget."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

import deepwood_kernel as dk
from tests.privacy import board_seen as seen
from tests.privacy import common_ids  # noqa: F401  (the board tests take it from here)
from widgets import (AdventureLandBoard, ClankBoard, DeepWoodBoard, DungeonDrawBoard,
                     DungeonQuestBoard, PigBoard)
from widgets.shell import AUTO

REPO = Path(__file__).resolve().parents[2]
BOARDS = REPO / "widgets" / "boards"
RENDER_CHECK = Path(__file__).resolve().parent / "render_check.mjs"

#: every board, by its game's key
BOARD_CLASSES = {"deepwood": DeepWoodBoard, "clank": ClankBoard,
                 "dungeonquest": DungeonQuestBoard, "adventureland": AdventureLandBoard,
                 "dungeondraw": DungeonDrawBoard, "pig": PigBoard}


def load_board(cls, save: str, seat=AUTO, **kw):
    """A board of class ``cls`` on an independent copy of a saved game, with no bot delay,
    so the position stays where it was saved. ``seat``: as the board takes it (by default
    its own choice), or ``"current"`` (the seat to move)."""
    g = dk.load(save)
    if seat == "current":
        seat = g.current_player
    kw.setdefault("bot_delay", 0)
    return cls(g, seat=seat, **kw)


def frac(d: dict) -> Fraction:
    """The exact probability a ``chance`` or advice entry carries (``p_num``/``p_den``)."""
    return Fraction(d["p_num"], d["p_den"])

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


def bot_play(key: str, seed: int, players: int, wild: float | None = None,
             bot_share: float | None = None, options: dict | None = None,
             max_plies: int | None = None):
    """Yield a seeded game at every chance event and decision until it ends (or reaches
    ``max_plies``), and last the final position; at each but the last, make the move: a
    sampled outcome, or the heuristic bot's action (bot seeds ``seed * 10 + seat``) or a
    random legal one. The share of random moves is given one of two ways, each as the
    tests that use it always drew it, so the positions they reach stay the same: ``wild``
    (random when ``rng.random() <= wild``) or ``bot_share`` (the bot's when
    ``rng.random() < bot_share``). The game is one object throughout."""
    from deepwood_kernel.sim import make_bot
    assert (wild is None) != (bot_share is None), "give wild or bot_share"
    g = dk.new_game(key, players=players, seed=seed, options=options)
    bots = [make_bot(key, "heuristic", seed=seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    while not g.is_over and (max_plies is None or len(g.history) < max_plies):
        yield g
        if g.is_chance:
            g.step()
            continue
        ids = g.legal_action_ids()
        aid = bots[g.current_player].choose(g)
        r = rng.random()
        bot = r > wild if wild is not None else r < bot_share
        g.apply(aid if bot else rng.choice(ids))
    yield g


def first_saves(games, kinds, want: set) -> dict[str, str]:
    """The first save (``g.to_json()``) of each kind of position met in ``games`` (each an
    iterable of positions: a game, or a tuple that starts with it), ``kinds(position)``
    naming the kinds a position shows, game after game until every kind in ``want`` was
    met; an AssertionError names the wanted kinds never met."""
    found: dict[str, str] = {}
    for game in games:
        for pos in game:
            g = pos[0] if isinstance(pos, tuple) else pos
            for k in kinds(pos):
                if k not in found:
                    found[k] = g.to_json()
        if want <= set(found):
            return found
    raise AssertionError(f"never reached: {sorted(want - set(found))}")


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


needs_node = pytest.mark.skipif(node_path() is None, reason="node is not installed")


def run_node_script(script: str, module: Path, tmp_path: Path) -> dict:
    """Run ``script`` (an ES module whose ``%s`` is ``module``'s file URL) in node and
    return the JSON it writes to stdout; skips the test without node."""
    node = node_path()
    if not node:
        pytest.skip("node not installed")
    path = tmp_path / "check.mjs"
    path.write_text(script % json.dumps(module.as_uri()), encoding="utf-8")
    out = subprocess.run([node, str(path)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def node_check(path: Path) -> None:
    """``node --check``: the file parses as an ES module."""
    out = subprocess.run([node_path(), "--check", str(path)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr


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


def run_render_check(module: Path, cases: list[tuple[dict, dict]], tmp_path: Path,
                     brief: bool = False) -> subprocess.CompletedProcess:
    """Run ``render_check.mjs`` on an ES module file for (state, ui) pairs, as it comes
    (the caller reads ``returncode`` and ``stdout``)."""
    src = tmp_path / "cases.json"
    src.write_text(json.dumps([{"state": s, "ui": u} for s, u in cases]))
    return subprocess.run([node_path(), str(RENDER_CHECK), str(module), str(src)]
                          + (["--brief"] if brief else []),
                          capture_output=True, text=True, timeout=60)


def render_in_node(cases: list[tuple[dict, dict]], tmp_path: Path,
                   module: str = "deepwood", brief: bool = False) -> list[dict]:
    """Run a board's pure ``renderMarkup`` (shell + board module, as shipped) in node for
    (state, ui) pairs (``module``: the board key, Deep Wood's by default)."""
    out = run_render_check(shipped_module(module, tmp_path), cases, tmp_path, brief)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def check_drawn(r: dict, legal, name: str = "", complete: bool = True,
                hidden=()) -> None:
    """The checks every board's render makes on one result ``r`` of :func:`render_in_node`:
    each drawn ``data-action`` is a legal id (``legal``: the ids), drawn once and carrying
    the board's ``<prefix>-legal`` class; with ``complete`` every legal id but ``hidden``
    ones (drawn elsewhere, e.g. in a picker) is drawn; no ``undefined``, ``NaN`` or
    ``[object`` in the markup; the module exports the anywidget ``default``."""
    acts, legal = r["actions"], set(legal)
    assert len(acts) == len(set(acts)), (name, "an action is drawn twice", sorted(acts))
    assert set(acts) <= legal, (name, sorted(set(acts) - legal))
    if complete:
        assert set(acts) == legal - set(hidden), (name, sorted(legal - set(acts)))
    assert r["legalClass"] == len(acts), name
    assert not r["bad"], (name, r["bad"])
    assert "[object" not in r["markup"], name
    assert r["hasDefault"] is True, name


def final_score_cells(r: dict) -> list[int]:
    """The totals of the score table's "Final score" row in a render result (the shell's
    score table), asserting that the row is there."""
    total = re.search(r'<tr class="sh-total">(.*?)</tr>', r["scoreTable"], re.S)
    assert total and "Final score" in total.group(1), r["scoreTable"][:200]
    return [int(x) for x in re.findall(r'<td class="sh-num[^"]*">(-?\d+)', total.group(1))]


# ---------------------------------------------------------------- privacy as a difference
def twins_seen(make, a: dk.Game, b: dk.Game, seat) -> tuple[str, str]:
    """What ``seat``'s boards of the twins show (``make(game, seat=...)`` builds a board;
    each on a fork, so the games go on untouched)."""
    return seen(make(a.fork(), seat=seat)), seen(make(b.fork(), seat=seat))


def play_twins(a: dk.Game, b: dk.Game, make, watcher: int, secret_seat: int,
               plies: int, seed: int = 0, keep=lambda aid, mover: True) -> tuple[int, int]:
    """Play both games on the same ids (only ids legal in both, so nothing public tells
    them apart) and compare the watcher's boards after every ply. Returns (plies played,
    plies at which a spectator's boards differed)."""
    wa, wb = make(a, seat=watcher), make(b, seat=watcher)
    sa, sb = make(a.fork(), seat=None), make(b.fork(), seat=None)
    rng = random.Random(seed)
    played = differ = 0
    for _ in range(plies):
        assert seen(wa) == seen(wb), f"ply {len(a.history)}: the watcher can tell them apart"
        if a.is_over:
            break
        mover = None if a.is_chance else a.current_player
        ids = [i for i in common_ids(a, b) if keep(i, mover)]
        if not ids:
            break
        aid = rng.choice(ids)
        a.apply(aid)
        b.apply(aid)
        for s, g in ((sa, a), (sb, b)):
            s.game = g.fork()
        differ += seen(sa) != seen(sb)
        played += 1
    return played, differ
