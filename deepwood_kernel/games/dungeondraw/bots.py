"""A heuristic Dungeon Draw bot: buy the richest card it can pay for, lay cards greedily for
the main goal, then draw the exact best path with :func:`~.path.best_path`."""

from __future__ import annotations

from functools import lru_cache

from ...core.rng import make_rng
from .path import best_path, build_dungeon
from .rules import goal_kind


@lru_cache(maxsize=4096)
def card_value(content, key: str, goal: str | None) -> int:
    """How much a card offers: coins and goal things count double, other contents once."""
    card = content.cards[key]
    v = 0
    for n in card.nodes.values():
        for t in n.contents:
            v += 2 if t == "coin" or t == goal or (goal == "pit" and t in ("trap", "lava")) \
                else 1
        if n.kind == goal:
            v += 2
    return v


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)
        self.plan: list[str] = []

    def choose(self, game) -> str:
        s = game.state
        ids = game.legal_action_ids()
        seat = game.current_player
        p = s.players[seat]
        c = s.content
        goal = goal_kind(s.main_goal)
        if s.choice:
            if s.choice[0] == "drop book":
                return ids[0]
            return "peek keep" if c.cards[s.choice[2]].deck == "dungeon" else "peek discard"
        if s.phase == "market":
            return self._market(s, ids, p, goal)
        if s.phase == "explore":
            return self._explore(s, ids, p, goal)
        return self._cleanup(s, ids, p)

    def _market(self, s, ids, p, goal) -> str:
        c = s.content
        bought = sum(1 for k in p.hand if c.cards[k].deck == "dungeon")
        best, best_v = "pass", 0
        if bought < 2:
            for a in ids:
                parts = a.split()
                if a.startswith("buy card") and parts[3:4] != ["blind"] and "blind" not in a:
                    key = s.rows[int(parts[2])][int(parts[3])]
                    v = card_value(c, key, goal) * 10 - int(parts[2])
                    if v > best_v:
                        best, best_v = a, v
        if best == "pass" and p.coins >= 1 and not p.fairy and goal in (
                "monster", "lock", "pit", "portal"):
            want = {"monster": "sword", "lock": "key", "pit": "rope", "portal": "scroll"}[goal]
            if f"buy fairy {want}" in ids:
                return f"buy fairy {want}"
        return best

    def _explore(self, s, ids, p, goal) -> str:
        c = s.content
        if not p.built:
            self.plan = []
            places = [a for a in ids if a.startswith("place")]
            if not places:
                return "build done"
            # the richest card first, kept close to the first card (a compact dungeon has
            # more joined corridors); the solver then finds the best path through it
            best, best_v = None, None
            for a in places:
                key, col, row, rot = a.split()[1:]
                v = (card_value(c, key, goal), -abs(int(col)) - abs(int(row)), rot == "0")
                if best_v is None or v > best_v:
                    best, best_v = a, v
            return best
        if not self.plan or self.plan[0] not in ids:
            d = build_dungeon(c, p.placements)
            pts = s.content.goals[goal] if goal else 1
            self.plan = list(best_path(d, goal, pts, start=p.path).actions)
            if not self.plan or self.plan[0] not in ids:
                return "end" if "end" in ids else ids[0]
        return self.plan.pop(0)

    def _cleanup(self, s, ids, p) -> str:
        c = s.content
        for a in ids:
            verb, _, arg = a.partition(" ")
            if verb == "scissors":
                key = p.placements[int(arg)][0]
                if c.cards[key].deck == "start" and card_value(c, key, None) <= 1:
                    return a
        rec = [a for a in ids if a.startswith("recycle")]
        if rec:
            return max(rec, key=lambda a: (c.cards[p.placements[int(a.split()[1])][0]].cost,
                                           a))
        return "done"
