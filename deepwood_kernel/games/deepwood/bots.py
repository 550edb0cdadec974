"""A heuristic Deep Wood bot: greedy on the market, upward in the forest, fights the odds.

It is meant as a fair sparring partner for learners, not as a strong player: it values
resources by what it currently lacks, climbs towards the top wall, clears obstacles and
collects swords it can afford, fights when the exact win chance (``fight_odds`` with the
bonus resources it holds) makes the monster's gold worth the swords, and leaves the
forest as soon as the fog allows. Short of pips after the last roll it pays, exchanges or
places a troll for the missing resources when that wins the fight (DW-6.4, DW-8.5); it
places trolls on its board turn or right after a won fight, and exchanges only on the board.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.rng import make_rng
from .fight import fight_advice, fight_odds
from .rules import (SWORD_LOSS_ON_WIN, bonus_reach, bonus_resource, geometry, market_lines,
                    strip_cells)
from .state import DeepWoodState

BASE_VALUE = {"potions": 1.0, "books": 1.0, "gold": 1.4, "stones": 1.3}
SWORD_VALUE = 2.5        # a face-up sword: 1 gold at the end plus future fights
# every border field's 4 market cells, computed once (the bot asks ~50 times a placement)
_LINES = {k: tuple(market_lines(k)) for k in
          [f"row{i}" for i in range(1, 5)] + [f"col{c}" for c in "ABCD"] + ["corner"]}


def resource_value(s: DeepWoodState, seat: int, res: str, n: int) -> float:
    """Worth of ``n`` more of ``res`` to ``seat``: less once 6 are held (the turn-end limit)."""
    have = s.players[seat].res[res]
    if res == "gold":
        return BASE_VALUE[res] * n
    room = max(0, 6 - have)
    return BASE_VALUE[res] * min(n, room) + 0.3 * max(0, n - room)


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, game: Game) -> str:
        s: DeepWoodState = game.state
        ids = game.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        handler = getattr(self, "_" + s.phase, None)
        choice = handler(s, ids) if handler else None
        return choice if choice in ids else ids[-1] if "end" in ids else ids[0]

    # ------------------------------------------------------------------ phases
    def _entry(self, s, ids):
        centre = [i for i in ids if i[-2] in "bcd"]
        pool = centre or ids
        return pool[int(self.rng.integers(len(pool)))]

    def _gain(self, s: DeepWoodState, cells, border: str, values=None) -> float:
        """What taking ``border``'s line of ``cells`` is worth to the mover; ``values``
        caches ``resource_value`` by (resource, count) within one decision."""
        got: dict[str, int] = {}
        for c in _LINES[border]:
            r = cells[c]
            if r:
                got[r] = got.get(r, 0) + 1
        if values is None:
            values = {}
        total = 0
        for key in got.items():
            v = values.get(key)
            if v is None:
                v = values[key] = resource_value(s, s.seat, *key)
            total += v
        return total

    def _free_borders(self, s: DeepWoodState) -> list[str]:
        me = s.players[s.seat].market_field
        keys = [f"row{i}" for i in range(1, 5)] + [f"col{c}" for c in "ABCD"]
        if s.n == 4:
            keys.append("corner")
        return [k for k in keys if k not in s.borders and k != me]

    def _place(self, s, ids):
        ids = [a for a in ids if a.startswith("place ")]   # exchanges and trolls: later
        best, best_v = ids[0], -1.0
        borders = self._free_borders(s)
        # a strip changes 3 cells: only the borders looking along one of them change
        # their gain, the rest keep the gain of the market as it lies (same floats)
        values: dict = {}
        base = {b: self._gain(s, s.cells, b, values) for b in borders}
        lines = {b: set(_LINES[b]) for b in borders}
        for aid in ids:
            _, sid, anchor, d = aid.split()
            cells = list(s.cells)
            laid = strip_cells(anchor, d)
            for c, r in zip(laid, s.content.strips[int(sid)].cells):
                cells[c] = r
            v = max(self._gain(s, cells, b, values) if lines[b].intersection(laid) else base[b]
                    for b in borders) + self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = aid, v
        return best

    def _border(self, s, ids):
        ids = [a for a in ids if a.startswith("border ")]
        return max(ids, key=lambda a: self._gain(s, s.cells, a.split()[1]))

    def _double(self, s, ids):
        for r in ("stones", "gold", "potions", "books"):
            if f"double {r}" in ids:
                return f"double {r}"
        return "double none"

    def _keep(self, s, ids):
        f = s.fight
        rolls_left = 3 - f.rolls
        bonus_res = bonus_resource(s, f.strength)
        bonus = s.players[s.seat].res[bonus_res] if bonus_res else 0
        kept, _ = fight_advice(tuple(f.rolled), rolls_left, f.strength, tuple(f.kept), bonus)[0]
        return "keep " + (" ".join(map(str, kept)) if kept else "none")

    def _bonus(self, s, ids):
        """Pay the shortfall; else get the bonus resource by a troll (DW-8.5) or by
        exchanges (gold first, then 3 of another kind for gold) when that can still win."""
        pay = [i for i in ids if i.startswith("bonus")]
        if pay:
            return pay[0]
        f, p = s.fight, s.players[s.seat]
        res = bonus_resource(s, f.strength)
        trolls = [i for i in ids if i.startswith("troll ")]
        if trolls:
            return self._troll(s, [i for i in trolls if i.endswith(res)] or trolls)
        if bonus_reach(p.res, res) >= f.strength - sum(f.kept):
            if f"exchange gold {res}" in ids:
                return f"exchange gold {res}"
            spare = [i for i in ids if i.startswith("exchange") and i.split()[1] not in
                     ("gold", res)]
            if spare:
                return spare[0]
        return "concede" if "concede" in ids else ids[0]

    def _won(self, s, ids):
        trolls = [i for i in ids if i.startswith("troll ")]
        return self._troll(s, trolls) if trolls else "end"

    def _card(self, s, ids):
        rounds_left = 15 - s.round
        value = {"monster 1": rounds_left, "monster 2": 15, "monster 3": 7,
                 "monster 4": 0.8 * rounds_left}
        return max(ids, key=lambda a: value.get(a, 0))

    def _limit(self, s, ids):
        ex = [i for i in ids if i.startswith("exchange")]
        return ex[0] if ex else ids[0]

    def _board(self, s: DeepWoodState, ids):
        p = s.players[s.seat]
        by_verb: dict[str, list[str]] = {}
        for a in ids:
            by_verb.setdefault(a.split()[0], []).append(a)
        if "appease" in by_verb:
            return by_verb["appease"][0]
        if by_verb.get("troll") and p.troll_placed_round != s.round:
            return self._troll(s, by_verb["troll"])
        if "leave" in by_verb:
            return by_verb["leave"][0]
        if "fight" in by_verb:
            choice = self._fight(s, by_verb["fight"])
            if choice:
                return choice
        for verb in ("clear", "sword"):
            for a in by_verb.get(verb, []):
                if verb == "sword" and p.swords >= 4:
                    continue
                return a
        moves = by_verb.get("move", [])
        if moves:
            geo = geometry(s.content)
            here = geo.row(s.boards[s.seat].figure)
            best = max(moves, key=lambda a: geo.row(s.content.field(a.split()[1]))
                       + self.rng.random() * 0.5)
            if geo.row(s.content.field(best.split()[1])) >= here:
                return best
        need_gold = p.res["gold"] < 3
        for res in ("potions", "books", "stones"):
            if need_gold and p.res[res] >= 6 and f"exchange {res} gold" in ids:
                return f"exchange {res} gold"
        if p.res["stones"] == 0 and p.res["gold"] >= 4 and "exchange gold stones" in ids:
            return "exchange gold stones"
        return "end"

    def _fight(self, s: DeepWoodState, fights: list[str]) -> str | None:
        p = s.players[s.seat]
        best, best_ev = None, 0.0
        for a in fights:
            _, strength, dice = a.split()
            strength, dice = int(strength), int(dice)
            res = bonus_resource(s, strength)
            bonus = p.res[res] if res else 0
            win = float(fight_odds(dice, strength, bonus))
            gold = max((m.gold or 10) for m in (s.content.monsters[i] for i in s.middle)
                       if m.strength == strength)
            ev = win * (gold - SWORD_VALUE * SWORD_LOSS_ON_WIN[dice]) - (1 - win) * SWORD_VALUE
            if ev > best_ev:
                best, best_ev = a, ev
        return best

    def _troll(self, s: DeepWoodState, placements: list[str]) -> str:
        leader = max((t for t in range(s.n) if t != s.seat),
                     key=lambda t: (s.boards[t].figure is not None, -t))
        b = s.boards[leader]
        geo = geometry(s.content)
        near = set(geo.neighbours[b.figure]) if b.figure is not None else set()
        want = "stones" if s.players[s.seat].res["stones"] <= 4 else "potions"
        for a in placements:
            _, t, sq, res = a.split()
            if int(t) == leader and s.content.field(sq) in near and res == want:
                return a
        return next((a for a in placements if a.endswith(want)), placements[0])
