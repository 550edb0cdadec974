"""Helpers for the Dungeon Draw lessons (``notebooks/dungeondraw``), too long for a cell.

Text pictures of cards, the market and score sheets; a labelled picture of a laid
dungeon (an ``<img>`` that survives untrusted notebooks); :func:`walk`, which draws a
path step by step through the engine's own path rules and refuses an illegal step; the
search counts of lesson 6; seeded simulations beside the exact odds. Everything plays
through the engine (``placement_options``, ``path_actions``, ``path_apply``,
``best_path``, ``Game.apply``), so no helper can break a rule.

>>> walk([("s1", 0, 0, 0)], ["start 0.L1", "go 0.c01"]).found
{'coin': 1}
"""

from __future__ import annotations

import math
import textwrap
from types import SimpleNamespace

import numpy as np

from deepwood_kernel.core.picture import svg_image
from deepwood_kernel.games.dungeondraw import (PathState, best_path, build_dungeon,
                                               load_content, path_actions, path_apply,
                                               placement_options)
from deepwood_kernel.games.dungeondraw.render import dungeon_svg
from deepwood_kernel.games.dungeondraw.words import path_log
from deepwood_kernel.prob import Estimate
from deepwood_kernel.sim import make_bot, play_out
from .moves import play  # noqa: F401  (the notebooks import it from here)

CONTENT = load_content()
SYMBOL = {"coin": "coin", "barrel": "barrel", "sword": "sword", "rope": "rope",
          "key": "key", "scroll": "scroll", "monster": "MONSTER", "lock": "LOCK",
          "trap": "TRAP PIT", "lava": "LAVA PIT", "portal": "portal",
          "recycle": "recycling", "scissors": "scissors"}


#: the words written beside a node in :class:`Picture` (obstacles in capitals)
SHORT = {"coin": "coin", "barrel": "barrel", "sword": "sword", "rope": "rope", "key": "key",
         "scroll": "scroll", "monster": "MONSTER", "lock": "LOCK", "trap": "TRAP",
         "lava": "LAVA", "portal": "portal", "recycle": "recycle", "scissors": "scissors"}


def print_wrapped(*parts, sep: str = " ") -> None:
    """Print like ``print``, wrapped to lines under 90 characters (lists joined with
    commas), so outputs read on a phone, a projector and GitHub.

    >>> print_wrapped("legal:", ["start 0.L1", "start 1.R1"])
    legal: start 0.L1, start 1.R1
    """
    text = sep.join(", ".join(map(str, p)) if isinstance(p, (list, tuple)) else str(p)
                    for p in parts)
    print(textwrap.fill(text, 88, subsequent_indent="    ", break_on_hyphens=False))




# -- cards and the market ----------------------------------------------------------------
def card_text(key: str) -> str:
    """One card as a line: name, deck and cost, then its nodes with their contents.

    >>> card_text("s1")
    'Clay Hall (start card): corridor c01 (coin), corridor c11; connectors L1 R1'
    """
    card = CONTENT.cards[key]
    where = "start card" if card.deck == "start" else f"{card.cost} coins"
    parts = []
    for nid, n in card.nodes.items():
        if n.kind == "edge":
            continue
        level = " underground" if n.level == 1 and n.kind != "stairs" else ""
        inside = f" ({', '.join(SYMBOL[t] for t in n.contents)})" if n.contents else ""
        parts.append(f"{n.kind}{level} {nid}{inside}")
    edges = sorted(nid for nid, n in card.nodes.items() if n.kind == "edge")
    return f"{card.name} ({where}): {', '.join(parts)}; connectors {' '.join(edges)}"


def cards(keys) -> None:
    """Print :func:`card_text` for each key, with the key in front."""
    for k in keys:
        print(textwrap.fill(f"{k:>4}  {card_text(k)}", 88, subsequent_indent=" " * 10))


def market(g) -> None:
    """Print the fairy market: tiles left, face-up spell books, the four card rows."""
    s, c = g.state, g.state.content
    print("fairy tiles (1 coin each):", ", ".join(f"{k} x{n}" for k, n in s.fairy.items()))
    for b in s.book_row:
        print_wrapped("spell book (2 coins):", f"{b} {c.books[b]}" if b else "(empty)")
    for cost, row in s.rows.items():
        names = [c.cards[k].name if k else "(empty)" for k in row]
        left = sum(s.stacks[cost].values())
        print(f"{cost}-coin cards: {' | '.join(names)}  ({left} face down in the stack)")


def deck_shares(key: str, deck: dict, draws: int, trials: int = 20_000, seed: int = 1):
    """A seeded simulation of drawing ``draws`` cards from the multiset ``deck``: an
    :class:`Estimate` of the chance that ``key`` is among them."""
    pile = np.array([k == key for k, n in sorted(deck.items()) for _ in range(n)])
    rng = np.random.default_rng(seed)
    hits = sum(bool(pile[rng.permutation(len(pile))[:draws]].any()) for _ in range(trials))
    return Estimate.proportion(hits, trials)


# -- dungeons and paths -----------------------------------------------------------------
class Picture:
    """A laid dungeon drawn as an ``<img>`` (it survives untrusted notebooks), with node
    names written beside the nodes and the path, if any, as a coloured line."""

    def __init__(self, placements, ps=None, unit: int = 34, title: str = "a dungeon"):
        self.placements, self.ps, self.unit, self.title = list(placements), ps, unit, title

    def svg(self) -> str:
        p = SimpleNamespace(placements=self.placements, path=self.ps, colour="green")
        svg = dungeon_svg(SimpleNamespace(players=[p], content=CONTENT), 0, self.unit)
        d = build_dungeon(CONTENT, self.placements)
        x0 = min(col for _, col, _, _ in self.placements) * 2 - 1
        y0 = min(row for _, _, row, _ in self.placements) * 2 - 1
        labels = []
        for i, name in enumerate(d.names):
            x, y = (d.pos[i][0] - x0) * self.unit, (d.pos[i][1] - y0) * self.unit
            colour = "#06c" if d.open[i] else "#444"
            dy = 14 if d.level[i] == 1 else -9
            inside = " ".join(SHORT[t] for t in d.contents[i])
            labels.append(f'<text x="{x + 3}" y="{y + dy}" font-size="7.5" '
                          f'fill="{colour}">{name} {inside}</text>')
        return svg.replace("</svg>", "".join(labels) + "</svg>")

    def _repr_html_(self) -> str:
        return svg_image(self.svg(), self.title)

    def __repr__(self) -> str:
        return f"<picture: {self.title}, {len(self.placements)} cards>"


def picture(placements, ps=None, title: str = "a dungeon") -> Picture:
    """The picture of a layout (and of a path drawn with :func:`walk`)."""
    return Picture(placements, ps, title=title)


def walk(placements, steps, fairy=None, books=(), log: bool = False,
         who: str = "Anna") -> PathState:
    """Draw a path step by step through the engine's path rules; return the path.

    Every step must be legal at that moment; otherwise a ValueError names the step and
    lists the legal ones, as the board would. With ``log`` each step is printed as a
    sentence about ``who``.

    >>> walk([("s1", 0, 0, 0)], ["start 0.L1", "go 0.c11"])
    Traceback (most recent call last):
    ...
    ValueError: step 2 'go 0.c11' is not legal now; legal: go 0.c01, end
    """
    d = build_dungeon(CONTENT, placements)
    ps = PathState(dict(fairy or {}), set(books))
    for n, a in enumerate(steps, 1):
        legal = path_actions(d, ps)
        if a not in legal:
            raise ValueError(f"step {n} {a!r} is not legal now; legal: "
                             + (", ".join(legal) or "none, the path has ended"))
        if log:
            print_wrapped(path_log(d, a, ps, who))
        path_apply(d, ps, a)
    return ps


def legal_steps(placements, steps, fairy=None, books=()) -> list[str]:
    """The legal path actions after ``steps`` (see :func:`walk`)."""
    d = build_dungeon(CONTENT, placements)
    return path_actions(d, walk(placements, steps, fairy, books))


def report(ps) -> None:
    """Print what a path found, how it ended, and its coins."""
    ended = {"exit": "left by an exit", "dead end": "ended in a dead end",
             "": "is still being drawn"}[ps.ended]
    found = ", ".join(f"{k} x{n}" for k, n in sorted(ps.found.items())) or "nothing"
    print_wrapped(f"The path {ended}. Discovered: {found}. Coins: {ps.coins}.")


def solve(placements, goal=None, fairy=None, books=(), prune=True):
    """The solver's best path for ``goal`` (its points from the goal list)."""
    d = build_dungeon(CONTENT, placements)
    pts = CONTENT.goals[goal] if goal else 1
    return best_path(d, goal, pts, fairy=fairy, books=books, prune=prune)


# -- lesson 6: search ------------------------------------------------------------------
def random_layout(n: int, rng) -> list:
    """A legal layout of ``n`` different designed cards, laid one by one at random."""
    keys = sorted(CONTENT.cards)
    while True:
        hand = [keys[int(i)] for i in rng.choice(len(keys), n, replace=False)]
        lay = []
        for k in hand:
            opts = placement_options(CONTENT, lay, [k])
            if opts:
                lay.append(opts[int(rng.integers(len(opts)))])
        if len(lay) == n:
            return lay


def search_growth(samples: int = 12, seed: int = 3, goal: str = "coin") -> list[tuple]:
    """For 1 to 5 cards: (cards, mean search nodes without pruning, its standard error,
    mean with pruning, its standard error), over ``samples`` seeded random layouts each.
    A search node is a partial path the depth-first search looked at."""
    rng = np.random.default_rng(seed)
    rows = []
    for n in range(1, 6):
        full, pruned = [], []
        for _ in range(samples):
            lay = random_layout(n, rng)
            full.append(solve(lay, goal, prune=False).nodes)
            pruned.append(solve(lay, goal).nodes)
        se = [float(np.std(x, ddof=1) / math.sqrt(samples)) for x in (full, pruned)]
        rows.append((n, float(np.mean(full)), se[0], float(np.mean(pruned)), se[1]))
    return rows


def pruning_saving(samples: int = 12, seed: int = 3, goal: str = "coin") -> list[tuple]:
    """For 1 to 5 cards: (cards, mean partial paths pruning saves per dungeon, the standard
    error of that mean, the share of the full search saved), on the very dungeons
    :func:`search_growth` draws with the same ``samples`` and ``seed``. Both searches run
    on each dungeon, so the comparison is **paired**: the difference per dungeon removes
    the dungeon-to-dungeon spread that makes the two separate intervals overlap."""
    rng = np.random.default_rng(seed)
    rows = []
    for n in range(1, 6):
        full, saved = [], []
        for _ in range(samples):
            lay = random_layout(n, rng)
            f = solve(lay, goal, prune=False).nodes
            full.append(f)
            saved.append(f - solve(lay, goal).nodes)
        se = float(np.std(saved, ddof=1) / math.sqrt(samples))
        rows.append((n, float(np.mean(saved)), se, float(np.sum(saved) / np.sum(full))))
    return rows


def grid_paths(n: int) -> int:
    """The number of paths that never revisit a square, from the top-left corner of an
    ``n`` x ``n`` grid, of any length (at least one step): it grows exponentially.

    >>> [grid_paths(n) for n in (2, 3)]
    [6, 78]
    """
    seen = [[False] * n for _ in range(n)]

    def count(x, y):
        seen[y][x] = True
        total = 0
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            u, v = x + dx, y + dy
            if 0 <= u < n and 0 <= v < n and not seen[v][u]:
                total += 1 + count(u, v)
        seen[y][x] = False
        return total
    return count(0, 0)


# -- scoring and whole games -------------------------------------------------------------
def score_sheet(g) -> None:
    """Print every player's score sheet: one row per round, then the final lines."""
    s = g.state
    for i, p in enumerate(s.players):
        print(f"{p.name}   round  blue  pink  time  exit")
        for r, row in enumerate(p.sheet, 1):
            t = "-" if row.green is None else str(row.green) if row.green else "x"
            print(f"{'':{len(p.name)}}   {r:>5}  {row.blue:>4}  {row.pink:>4}  {t:>4}  "
                  f"{'yes' if row.exit else 'no':>4}")
        print(textwrap.fill("; ".join(f"{k} {v}" for k, v in g.score_breakdown(i)), 88,
                            initial_indent="   ", subsequent_indent="   "))


def bot_game(seed: int, kinds=("heuristic", "random")):
    """A whole seeded game, one bot of each kind per seat, played to the end."""
    import deepwood_kernel as dk
    g = dk.new_game("dungeondraw", players=len(kinds), seed=seed)
    bots = [make_bot("dungeondraw", k, seed=seed * 10 + i) for i, k in enumerate(kinds)]
    return play_out(g, bots)


def win_share(games: int = 40, seed: int = 100) -> Estimate:
    """The heuristic bot's share of wins against the random bot in 2-player games, seats
    alternated (a shared win counts half; the estimate rounds the count down, so it
    never flatters the heuristic bot)."""
    wins = 0.0
    for k in range(games):
        kinds = ("heuristic", "random") if k % 2 == 0 else ("random", "heuristic")
        g = bot_game(seed + k, kinds)
        w = g.winners()
        me = kinds.index("heuristic")
        wins += (me in w) / len(w)
    return Estimate.proportion(math.floor(wins), games)


def build(g, layouts: dict) -> None:
    """Lay each seat's cards (``layouts[seat]``: placements in order) through the game,
    in the engine's turn order, then say "build done" for each seat."""
    left = {seat: list(lay) for seat, lay in layouts.items()}
    while g.state.phase == "explore" and any(
            not g.state.players[seat].built for seat in left):
        seat = g.current_player
        if seat not in left or g.state.players[seat].built:
            raise ValueError(f"it is {g.player_name(seat)}'s turn, who has no layout here")
        if left[seat]:
            key, col, row, rot = left[seat].pop(0)
            g.apply(f"place {key} {col} {row} {rot}")
        else:
            g.apply("build done")


def bots_until(g, until, kinds=("heuristic", "heuristic"), seed: int = 0, bots=None):
    """Let bots (one per seat, by ``kinds``, or the given ``bots``) and chance play ``g``
    until ``until(g)`` is true or the game is over; return the game."""
    if bots is None:
        bots = make_bots(kinds, seed)
    while not g.is_over and not until(g):
        if g.is_chance:
            g.step()
        else:
            g.apply(bots[g.current_player].choose(g))
    return g


def make_bots(kinds, seed: int = 0) -> list:
    """One bot per seat: ``"heuristic"`` or ``"random"``, seeded from ``seed``."""
    return [make_bot("dungeondraw", k, seed=seed * 10 + i) for i, k in enumerate(kinds)]


def exit_majority(ticks) -> list[int]:
    """The exit-majority points (DD-9.4) for players with these numbers of exit ticks,
    by the engine's own scoring.

    >>> exit_majority([4, 4, 2])
    [2, 2, 1]
    """
    from deepwood_kernel.games.dungeondraw.scoring import exit_points
    from deepwood_kernel.games.dungeondraw.state import Round
    players = [SimpleNamespace(sheet=[Round(exit=True)] * t) for t in ticks]
    return exit_points(SimpleNamespace(players=players))


def goal_draws(goal_deck: dict, trials: int = 20_000, seed: int = 1) -> dict:
    """Seeded simulation of drawing one card from the goal deck (a multiset of card ids
    such as ``"coin+hourglass"``): goal kind -> :class:`Estimate` of its chance."""
    cards_ = [k.split("+")[0] for k, n in sorted(goal_deck.items()) for _ in range(n)]
    picks = np.random.default_rng(seed).integers(len(cards_), size=trials)
    kinds, counts = np.unique(np.array(cards_)[picks], return_counts=True)
    return {k: Estimate.proportion(int(n), trials) for k, n in zip(kinds, counts)}


def all_paths(placements, goal=None, fairy=None, books=()) -> list[tuple]:
    """Every complete path through a layout, by plain depth-first search (no pruning):
    (value, actions) with value = (goal points, coins, exit), best first."""
    d = build_dungeon(CONTENT, placements)
    pts = CONTENT.goals[goal] if goal else 1
    out = []

    def dfs(ps, trail):
        acts = path_actions(d, ps)
        if not acts:                                  # the path has ended: a leaf
            found = ps.found.get(goal, 0) * pts if goal else 0
            out.append(((found, ps.coins, ps.ended == "exit"), tuple(trail)))
        for a in acts:
            child = ps.copy()
            path_apply(d, child, a)
            dfs(child, trail + [a])
    dfs(PathState(dict(fairy or {}), set(books)), [])
    return sorted(out, key=lambda t: t[0], reverse=True)


def agreement(samples: int = 40, seed: int = 7, cards_: int = 5) -> list[tuple]:
    """For every goal: (goal, dungeons where the pruned solver finds the exhaustive best
    value, dungeons tried), over ``samples`` seeded random layouts of ``cards_`` cards."""
    rng = np.random.default_rng(seed)
    lays = [random_layout(cards_, rng) for _ in range(samples)]
    rows = []
    for goal in CONTENT.goals:
        same = sum(solve(lay, goal).value == solve(lay, goal, prune=False).value
                   for lay in lays)
        rows.append((goal, same, samples))
    return rows
