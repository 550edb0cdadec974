"""The best path through a laid dungeon (exhaustive search, DD-4.6's order of wishes) and the
layout advisor (a beam search over placements that uses it as its judge).

The face :mod:`.path` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter

from .content import Content
from .dungeon import GOAL_OF, Dungeon, build_dungeon
from .drawing import PathState, _enterable, path_actions, path_apply
from .placement import placement_options

_JUMPS = {"SB-2", "SB-4", "SB-5", "SB-11", "SB-15", "SB-8"}


# ====================================================================== the solver
@dataclass
class Best:
    """The solver's answer: the actions of the best path and what it scores."""

    actions: list
    score: int
    coins: int
    exit: bool
    nodes: int                         # search nodes visited

    @property
    def value(self) -> tuple:
        return (self.score, self.coins, self.exit)


def path_value(ps: PathState, goal: str | None, points: int) -> tuple[int, int, bool]:
    """(goal points, coins, exit) of a path: what the solver maximises, in that order."""
    s = ps.found.get(goal, 0) * points if goal else 0
    return (s, ps.coins, ps.ended == "exit")


def best_path(d: Dungeon, goal: str | None = None, points: int = 1,
              fairy: dict | None = None, books=(), prune: bool = True,
              start: PathState | None = None) -> Best:
    """The highest-scoring path through a laid dungeon, by exhaustive search.

    Maximises the main goal's points, then the coins found, then reaching an exit
    (the rulebook's order of wishes, DD-4.6). With ``prune`` a branch is cut when even
    every remaining discovery of the goal kind and every remaining coin could not beat
    the best path found so far; without it, every path is enumerated (the baseline).
    ``start`` continues a path already begun.
    """
    root = start.copy() if start is not None else PathState(fairy or {}, set(books))
    best: list = [None, None]
    count = [0]
    n = len(d.names)
    # per node: the goal things and coins it holds (for the bound)
    gw = [sum(1 for t in d.contents[i] if GOAL_OF.get(t, t) == goal) + (d.kind[i] == goal)
          if goal else 0 for i in range(n)]
    cw = [d.contents[i].count("coin") for i in range(n)]
    worth = [i for i in range(n) if gw[i] or cw[i]]
    portals = any("portal" in d.contents[i] for i in range(n))

    def bound(ps: PathState, cheap: bool) -> tuple:
        # what could still be found: the goal things and coins in nodes not yet
        # discovered that the path can still reach (over any unused segment or shaft;
        # portals and teleport books reach everywhere); ``cheap`` skips the reach test
        g = ps.found.get(goal, 0) if goal else 0
        c = ps.coins
        if cheap or portals or ps.books & _JUMPS or ps.node < 0:
            reach = None
        else:
            reach, todo = {ps.node}, [ps.node]
            while todo:
                u = todo.pop()
                for v, e in d.adj[u] + ([d.drop[u]] if u in d.drop else []):
                    if e not in ps.used and v not in reach and _enterable(d, ps, v):
                        reach.add(v)
                        todo.append(v)
        here = ps.node if ps.pending else None
        for i in worth:
            # the node the path stands on still counts while its obstacle is pending: the
            # obstacle's own goal value is not in ``found`` yet (an upper bound may only
            # overestimate, never leave a reachable value out)
            if (i in ps.visited and i != here) or i in ps.cleared or (
                    reach is not None and i not in reach):
                continue
            g += gw[i]
            c += cw[i]
        return (g * points, c, True)

    def rec(ps: PathState, trail: list) -> None:
        count[0] += 1
        acts = path_actions(d, ps)
        if not acts:
            v = path_value(ps, goal, points)
            if best[0] is None or v > best[0]:
                best[0], best[1] = v, list(trail)
            return
        # the reach test costs more than a single step: only at a fork
        if prune and best[0] is not None and (best[0] >= bound(ps, True) or (
                len(acts) > 2 and best[0] >= bound(ps, False))):
            return
        if prune:        # promising steps first: a good path early prunes more
            acts = sorted(acts, key=lambda a: -_promise(a))
        for a in acts:
            if a.startswith("favour") and (ps.pending or trail and trail[-1].startswith(
                    "favour")):
                continue
            child = ps.copy()
            path_apply(d, child, a)
            trail.append(a)
            rec(child, trail)
            trail.pop()

    def _promise(a: str) -> int:
        verb, _, arg = a.partition(" ")
        if verb == "end":
            return -1
        if verb in ("go", "teleport", "barrel", "climb", "travel") or verb == "portal":
            i = d.index.get(arg.split(" ")[0])
            return 0 if i is None else 2 * gw[i] + cw[i]
        return 1

    rec(root, [])
    v = best[0]
    return Best(best[1], v[0], v[1], v[2], count[0])


def time_solver(d: Dungeon, goal: str, points: int, prune: bool) -> tuple[float, Best]:
    t = perf_counter()
    b = best_path(d, goal, points, prune=prune)
    return perf_counter() - t, b


# ====================================================================== the layout advisor
@dataclass
class Advice:
    """The advisor's answer: a layout (placements in order) and its best path."""

    placements: list
    best: Best
    layouts: int                       # layouts whose best path was solved


def advise_layout(content: Content, hand, goal: str | None = None, points: int = 1,
                  fairy: dict | None = None, books=(), beam: int = 2,
                  widen: int = 6) -> Advice:
    """A good layout of ``hand`` for the goal, by beam search over placements (DD-4).

    Each round of the search lays one more card. The candidates of every layout kept are
    pre-sorted by a cheap count (goal things and coins on the new card, then a compact
    dungeon); the ``widen`` best of each are solved exactly with :func:`best_path`, and the
    ``beam`` best layouts go on. Every layout solved on the way competes, so a dungeon of
    fewer cards wins when it scores more (DD-4.4). Not exhaustive: a heuristic search that
    uses the exact solver as its judge.
    """
    hand = list(hand)
    fairy = fairy or {}
    solved = [0]

    def worth(key: str) -> int:
        card = content.cards[key]
        return sum(2 if (t == goal or GOAL_OF.get(t) == goal) else 1 if t == "coin" else 0
                   for n in card.nodes.values() for t in n.contents) + sum(
            2 for n in card.nodes.values() if n.kind == goal)

    def judge(lay):
        solved[0] += 1
        return best_path(build_dungeon(content, lay), goal, points, fairy=fairy, books=books)

    frontier = [([], list(hand))]
    best_lay, best = None, None
    for _ in range(min(len(hand), content.game["hand_size"])):
        scored = []
        for lay, left in frontier:
            opts = placement_options(content, lay, left)
            opts.sort(key=lambda o: (-worth(o[0]), abs(o[1]) + abs(o[2]), o))
            for o in opts[:widen]:
                new = lay + [o]
                b = judge(new)
                rest = list(left)
                rest.remove(o[0])
                scored.append((b.value, len(scored), new, rest, b))
        if not scored:
            break
        scored.sort(key=lambda t: (t[0], -t[1]), reverse=True)
        top = scored[0]
        if best is None or top[0] > best.value:
            best_lay, best = top[2], top[4]
        frontier = [(t[2], t[3]) for t in scored[:beam]]
    return Advice(best_lay or [], best, solved[0])
