"""Spielsieg (DQ-8): only heroes who escaped score; gold of their loot plus end-of-game
effects; ties go to the most valuable single card, then to the most loot cards, then the
tied players share the win. While the game runs the same lines give a provisional total
for every hero still alive (what they would score if they got out now)."""

from __future__ import annotations

from .state import DEAD, ESCAPED, DQState


def card_values(s: DQState, seat: int) -> list[int]:
    cards = s.content.cards
    return [cards[k].gold for k in s.heroes[seat].loot]


def score_breakdown(s: DQState, seat: int) -> list[tuple[str, int]]:
    """DQ-8.2, DQ-8.3: the gold of every loot card, then end-of-game effects."""
    h = s.heroes[seat]
    if h.status == DEAD:
        return [("dead: no loot, no win", 0), ("total", 0)]
    if s.over and h.status != ESCAPED:
        return [("still inside at the end: no score", 0), ("total", 0)]
    cards = s.content.cards
    lines = [(f"{cards[k].name}", cards[k].gold) for k in h.loot]
    have = set(h.loot)
    for k in h.loot:                                   # end-of-game effects (DQ-14.5)
        c = cards[k]
        if c.bonus_with and c.bonus_with in have:
            lines.append((f"{c.name} with {cards[c.bonus_with].name} (end of game)", c.bonus))
    lines.append(("total", sum(v for _, v in lines)))
    return lines


def scores(s: DQState) -> list[int]:
    return [score_breakdown(s, i)[-1][1] for i in range(s.n)]


def winners(s: DQState) -> list[int]:
    """DQ-8.2: the most gold among the survivors; ties: most valuable card, then most
    loot cards; still tied, a shared win. Nobody wins when nobody escaped."""
    if s.over:
        pool = [i for i, h in enumerate(s.heroes) if h.status == ESCAPED]
    else:
        pool = [i for i, h in enumerate(s.heroes) if h.status != DEAD]
    if not pool:
        return []
    pts = scores(s)

    def key(i):
        vals = card_values(s, i)
        return (pts[i], max(vals, default=0), len(vals))
    best = max(key(i) for i in pool)
    return [i for i in pool if key(i) == best]
