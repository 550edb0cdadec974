"""A heuristic Clank! bot: plays its hand, buys sensibly, grabs an artifact and runs.

It is a sparring partner for learners, not a strong player. In order, it: resolves
choices (discards and trashes its Stumbles first), plays every card, takes tokens where it
stands (the artifact it is heading for, secrets, idols), drinks a healing potion when
hurt, fights the strongest monster it can, buys the best card it can afford (points and
cost, a Secret Tome when rich), buys wares on the market, then walks towards its target —
the artifact with the best value for the distance while it has none, the exit once it has
one — and ends the turn.
"""

from __future__ import annotations

import heapq

from ...core.game import Game
from ...core.rng import make_rng
from .queries import can_carry, trash_candidates
from .state import ClankState

JUNK = ("stumble", "burgle", "sidestep", "scramble")     # worst first


def distances_to(s: ClankState, target: int, keys: bool) -> list[float]:
    """Boots needed to reach ``target`` from every room (inf: unreachable), by Dijkstra
    over the reversed tunnels (locked ones only with a key; monster tunnels cost a bit)."""
    c = s.content
    inf = float("inf")
    dist = [inf] * len(c.rooms)
    dist[target] = 0.0
    heap = [(0.0, target)]
    back: list[list[tuple[int, float]]] = [[] for _ in c.rooms]
    for a, exits in enumerate(c.exits):
        for b, t in exits:
            if t.locked and not keys:
                continue
            back[b].append((a, t.boots + 0.6 * t.monsters))
    while heap:
        d, r = heapq.heappop(heap)
        if d > dist[r]:
            continue
        for a, w in back[r]:
            if d + w < dist[a]:
                dist[a] = d + w
                heapq.heappush(heap, (d + w, a))
    return dist


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = make_rng(seed)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    def choose(self, game: Game) -> str:
        s: ClankState = game.state
        ids = game.legal_action_ids()
        if len(ids) == 1:
            return ids[0]
        for pick in (self._choice, self._play, self._take, self._potion, self._fight,
                     self._buy, self._market, self._move):
            aid = pick(s, ids)
            if aid in ids:
                return aid
        return "end" if "end" in ids else ids[0]

    # ------------------------------------------------------------------ steps
    def _choice(self, s, ids):
        if "skip" not in ids:
            return None
        kind = s.turn.pending[0][0]
        p = s.players[s.seat]
        if kind == "discard":
            for k in JUNK[:1]:
                if p.hand.get(k):
                    return f"discard {k}"
            return "skip"
        cand = trash_candidates(s, s.seat)
        for k in JUNK[:2]:
            if cand.get(k):
                return f"trash {k}"
        return "skip"

    def _play(self, s, ids):
        for aid in ids:
            if aid.startswith("play "):
                return aid
        return None

    def _target(self, s: ClankState) -> int:
        p, c = s.players[s.seat], s.content
        if p.artifacts and (not can_carry(p) or p.damage >= 5):
            return c.start
        here = distances_to(s, p.room, bool(p.keys))   # symmetric enough for choosing
        best, best_score = c.start, -1e9
        for room, value in s.artifacts.items():
            d = here[room]
            if d == float("inf"):
                continue
            deep = c.rooms[room].depths
            score = value - 3.0 * d - (4.0 * p.damage if deep else 0.0)
            if score > best_score:
                best, best_score = room, score
        return best

    def _take(self, s, ids):
        if "take artifact" in ids and self._target(s) == s.players[s.seat].room:
            return "take artifact"
        if "take artifact" in ids and not s.players[s.seat].artifacts:
            return "take artifact"
        for aid in ("take major", "take minor", "take idol"):
            if aid in ids:
                return aid
        return None

    def _potion(self, s, ids):
        p = s.players[s.seat]
        for aid in ids:
            if aid.startswith("token "):
                sec = s.content.secrets[aid[6:]]
                verbs = {e.verb for e in sec.effects}
                if "heal" in verbs and p.damage:
                    return aid
                if "trash" in verbs:
                    cand = trash_candidates(s, s.seat)
                    if any(cand.get(k) for k in JUNK[:2]):
                        return aid
        return None

    def _fight(self, s, ids):
        best, most = None, 0
        for aid in ids:
            if aid.startswith("fight ") and aid[6:].isdigit():
                sw = s.content.cards[s.row[int(aid[6:])]].swords
                if sw > most:
                    best, most = aid, sw
        if best:
            return best
        if "fight goblin" in ids and not any(a.startswith("move ") and "block" in a
                                             for a in ids):
            return "fight goblin"
        return None

    def _buy(self, s, ids):
        cards, best, value = s.content.cards, None, 0.0
        for aid in ids:
            verb, _, arg = aid.partition(" ")
            if verb not in ("buy", "use"):
                continue
            key = s.row[int(arg)] if arg.isdigit() else arg
            card = cards[key]
            v = card.cost + 1.5 * card.points - (2 if card.dragon else 0)
            if key == "secret_tome":
                v = 6.5
            if v > value:
                best, value = aid, v
        return best

    def _market(self, s, ids):
        for aid in ("market crown", "market backpack", "market key"):
            if aid in ids:
                return aid
        return None

    def _move(self, s, ids):
        moves = [a for a in ids if a.startswith(("move ", "teleport "))]
        if not moves:
            return None
        p, c = s.players[s.seat], s.content
        target = self._target(s)
        dist = distances_to(s, target, bool(p.keys))
        here = dist[p.room]
        best, best_d = None, here
        for aid in moves:
            verb, _, arg = aid.partition(" ")
            rid, _, block = arg.partition(" block ")
            d = dist[c.room_index[rid]]
            if block:
                t_ = next(t for r, t in c.exits[p.room] if c.rooms[r].id == rid)
                d += 0.8 * (t_.monsters - int(block))      # prefer blocking with swords
            if d < best_d - 1e-9 or (d == best_d and best is not None and verb == "move"):
                best, best_d = aid, d
        return best
