"""A heuristic DungeonQuest bot: loot the dungeon, then get out before sunset.

It is a sparring partner, not a strong player. It takes the hero with the best attributes,
spends determination whenever that saves a test, searches rooms with a torch on its way,
heads for the treasure chamber and draws dragon cards while few have been drawn and it is
healthy, and turns for the nearest tower room once it carries enough gold, is hurt, or the
sun nears the numbered spaces. In combat it plays the equilibrium mix (rules.
combat_equilibrium) on both sides and flees when badly wounded. Distances are
Manhattan distances on the grid, ties broken at random by its own seeded RNG.
"""

from __future__ import annotations

from math import lcm

from ...core.game import Game
from ...core.rng import make_rng, sample_index
from .content import DIRS
from .rules import combat_equilibrium, life
from .state import DQState


def _dist(c, a: str, b: str) -> int:
    (x0, y0), (x1, y1) = c.xy(a), c.xy(b)
    return abs(x0 - x1) + abs(y0 - y1)


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # -------------------------------------------------------------- goals
    def _leaving(self, s: DQState, seat: int) -> bool:
        h = s.heroes[seat]
        cards = s.content.cards
        gold = sum(cards[k].gold for k in h.loot)
        hurt = h.wounds * 2 >= life(s, seat)
        late = s.sun >= min(s.content.sun_numbers) - 7
        return bool(h.loot) and (gold >= 250 or hurt or late)

    def _targets(self, s: DQState, seat: int) -> list[str]:
        c = s.content
        if self._leaving(s, seat):
            return list(c.towers)
        return list(c.treasure)

    def _score_sq(self, s: DQState, seat: int, sq: str) -> float:
        c = s.content
        return min(_dist(c, sq, t) for t in self._targets(s, seat)) \
            + float(self.rng.random()) * 0.5

    def _best_move(self, s, seat, ids):
        moves = [a for a in ids if a.startswith("move ")]
        if not moves:
            return None
        return min(moves, key=lambda a: self._score_sq(s, seat, a[5:]))

    def _wants_ability(self, s: DQState, seat: int) -> bool:
        """Use an action ability (DQ-14.7) when hurt: a healing one once the wounds it
        heals are all there, any other once determination has run out."""
        h = s.heroes[seat]
        ab = s.content.heroes[h.hero].ability
        heal = sum(int(a) for v, a in ab.effects if v == "heal")
        if heal:
            return h.wounds >= heal and h.wounds * 3 >= life(s, seat)
        return h.determination == 0 and h.wounds * 3 >= life(s, seat)

    def _mix(self, s, ids, side: str):
        eq = combat_equilibrium(s.content)[side]
        keys = list(eq)
        den = lcm(*(v.denominator for v in eq.values()))
        w = [int(eq[k] * den) for k in keys]
        k = keys[sample_index(self.rng, w)]
        pref = "play " if side == "hero" else "monster "
        return pref + k if pref + k in ids else ids[0]

    # -------------------------------------------------------------- choose
    def choose(self, game: Game) -> str:
        s: DQState = game.state
        ids = game.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        kind, seat = s.decide[0], s.decide[1]
        c = s.content
        h = s.heroes[seat]
        if kind == "hero":
            return max(ids, key=lambda a: sum(getattr(c.heroes[a[5:]], x) for x in
                                              ("strength", "agility", "toughness", "luck"))
                       + c.heroes[a[5:]].life / 2)
        if kind == "spend":
            return ids[0]
        if kind == "may":
            return "open" if h.wounds * 3 < life(s, seat) else "leave"
        if kind == "combat":
            return self._mix(s, ids, "hero")
        if kind == "mplay":
            return self._mix(s, ids, "monster")
        if kind == "round_end":
            flee = [a for a in ids if a.startswith("flee ")]
            if flee and h.wounds * 3 >= life(s, seat) * 2:
                return flee[0]
            return "fight"
        if kind == "bridge":
            return "cross"
        if kind == "exit":
            return "leave"
        if kind in ("face", "orient"):
            t = self._targets(s, seat)[0]
            sq = h.travel[0] if h.travel else h.sq
            x0, y0 = c.xy(sq)
            x1, y1 = c.xy(t)
            want = ("E" if x1 > x0 else "W") if abs(x1 - x0) >= abs(y1 - y0) else \
                ("S" if y1 > y0 else "N")
            if kind == "orient":      # the arrow is the way in; an open far side leads on
                want = DIRS[(DIRS.index(want) + 2) % 4]
            return f"{kind} {want}"
        if kind == "turn":
            # try both turns over the six rolls: distance to the goal, lost steps hurt
            sq, d = h.travel
            goals = self._targets(s, seat)

            def cost(nd):
                total = 0
                for roll in range(1, 7):
                    q, lost = sq, 0
                    for _ in range(roll):
                        nxt = c.neighbour(q, nd)
                        if nxt is None:
                            lost += 1
                        else:
                            q = nxt
                    total += min(_dist(c, q, g) for g in goals) + 3 * lost
                return total
            return "turn left" if cost((d - 1) % 4) <= cost((d + 1) % 4) else "turn right"
        if kind == "onward":
            if "escape" in ids and self._leaving(s, seat):
                return "escape"
            if "escape" in ids and s.sun >= min(c.sun_numbers) - 2:
                return "escape"
            best = self._best_move(s, seat, ids)
            return best or ids[0]
        if kind == "action":
            if "ability" in ids and self._wants_ability(s, seat):
                return "ability"
            if "dragon" in ids and not self._leaving(s, seat) and len(s.dragon_drawn) <= 3:
                return "dragon"
            if "search" in ids and not self._leaving(s, seat) and h.wounds * 2 < life(s, seat):
                return "search"
            if "cross" in ids and self.rng.random() < 0.5:
                return "cross"
            best = self._best_move(s, seat, ids)
            return best or ids[0]
        return ids[int(self.rng.integers(len(ids)))]
