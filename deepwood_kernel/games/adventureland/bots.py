"""A heuristic Adventure Land bot: greedy for items, careful with fog creatures.

It is a sparring partner for learners, not a strong player. In a fight it picks the swords
with the best exact odds (``fight.sword_choices``), covers a shortfall with herbs and gold
when that wins for sure, rerolls its lowest die when it must gamble, and gives up when
nothing can help. On its turn it scores every legal move by what it lands on — gold,
companions, herbs and swords, a fog creature weighted by the exact chance of beating it,
a city in *Escape to the Cities*, its own group in *The Magnificent* — minus a penalty for
standing on the river (the water sprite), and ends its turn when no move is worth it.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.rng import make_rng
from .fight import fight_odds, sword_choices
from .state import ALState

ITEM_VALUE = {"gold": 3.0, "companion": 4.0, "herb": 2.5, "sword": 2.5}


def _top3(held: dict[int, int]) -> tuple[int, ...]:
    vals = [v for v, k in sorted(held.items(), reverse=True) for _ in range(k)]
    return tuple(vals[:3])


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, game: Game) -> str:
        s: ALState = game.state
        ids = game.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        if s.fight is not None:
            return self._fight(s, ids)
        best, best_v = "end", 0.0
        for aid in ids:
            if aid == "end":
                continue
            v = self._value(s, aid) + float(self.rng.random()) * 0.01
            if v > best_v:
                best, best_v = aid, v
        return best

    # ------------------------------------------------------------------ fights
    def _fight(self, s: ALState, ids: list[str]) -> str:
        f = s.fight
        p = s.players[f.seat]
        herbs = [v for v, k in p.herbs.items() for _ in range(k)]
        if f.stage == "swords":
            best = sword_choices(f.strength, f.base, p.swords, herbs, p.gold)[0][0]
            return "swords " + (" ".join(map(str, best)) if best else "none")
        short = f.strength - f.total
        if short <= sum(herbs) + p.gold:
            fitting = [v for v in herbs if v <= short]
            if p.gold and (not fitting or short <= p.gold):
                return "gold +1"
            if fitting:
                return f"herb {max(fitting)}"
            return f"herb {min(herbs)}"
        if p.gold and f.dice:
            return f"gold reroll {min(f.dice)}"
        return "give up"

    # ------------------------------------------------------------------ moves
    def _value(self, s: ALState, aid: str) -> float:
        c = s.content
        verb, _, arg = aid.partition(" ")
        if verb == "enter":
            src, dst, party = None, arg.partition(" ")[2], None
        else:
            src, _, dst = arg.partition(" ")
            party = s.parties[src]
        seat = s.seat
        size = 1 if party is None else party.adventurers + party.companions
        v = 0.2 if party is None else 0.0
        it = s.items.get(dst)
        if it is not None:
            if it[0] == "creature":
                p = s.players[seat]
                herbs = [h for h, k in p.herbs.items() for _ in range(k)]
                odds = float(fight_odds(it[1], size, _top3(p.swords), herbs, p.gold))
                v += odds * it[1] / 2 - (1 - odds) * (2.0 + 2.0 * size)
            else:
                v += ITEM_VALUE[it[0]]
        if c.terrain[dst] == "river":
            v -= 1.5 * size
        if src is not None and c.terrain[src] == "river":
            v += 1.5 * size
        if s.adventure == "escape":
            inside = dst in c.city_of
            was = src is not None and src in c.city_of
            v += 2.0 * size * (inside - was)
        if s.adventure == "magnificent":
            other = s.parties.get(dst)
            if other is not None and other.seat == seat:
                v += 3.0 * size
        return v
