"""Wertung (CL-11): who scores, the scoring lines, the winner and the tie-break.

Only players who got out of the dungeon — or at least out of the depths before being
knocked out while carrying an artifact — score. Their lines: the artifacts, the other
tokens (monkey idols, chalices, dragon eggs, the mastery token), gold, the points printed
on the cards they own, and the market wares (keys, backpacks, crowns). During the game the
same lines give a provisional total for everyone still inside (what they would score if
they got out now).
"""

from __future__ import annotations

from .state import ESCAPED, LOST, RESCUED, ClankState

SCORING = (ESCAPED, RESCUED)


def owned_cards(s: ClankState, seat: int) -> dict[str, int]:
    """Every card a player owns: draw pile, hand, discard pile and play area."""
    p = s.players[seat]
    out: dict[str, int] = {}
    for pile in (p.draw, p.hand, p.discard):
        for k, n in pile.items():
            out[k] = out.get(k, 0) + n
    for k in p.play:
        out[k] = out.get(k, 0) + 1
    return out


def score_breakdown(s: ClankState, seat: int) -> list[tuple[str, int]]:
    """The rulebook's scoring lines for ``seat``, ending with the total.

    A player knocked out without rescue scores nothing; the lines say so.
    """
    c, p = s.content, s.players[seat]
    if p.status == LOST:
        return [("knocked out without rescue: no points", 0), ("total", 0)]
    cards = c.cards
    card_points = sum(cards[k].points * n for k, n in owned_cards(s, seat).items())
    secret_points = sum(c.secrets[k].points for k in p.secrets)
    m = c.market
    lines = [
        ("artifacts", sum(p.artifacts)),
        ("monkey idols", p.idols * c.game["idol_points"]),
        ("secret tokens (chalices, dragon eggs)", secret_points),
        ("mastery token", c.game["mastery_points"] if p.mastery else 0),
        ("gold", p.gold),
        ("card points", card_points),
        ("market wares", p.keys * m["key_points"] + p.backpacks * m["backpack_points"]
         + sum(p.crowns)),
    ]
    lines.append(("total", sum(v for _, v in lines)))
    return lines


def scores(s: ClankState) -> list[int]:
    return [score_breakdown(s, i)[-1][1] for i in range(s.n)]


def winners(s: ClankState) -> list[int]:
    """Most points among the players who score; on a tie the most valuable artifact wins;
    still tied, they share the win. While the game runs: the provisional leaders."""
    pts = scores(s)
    pool = [i for i, p in enumerate(s.players) if p.status in SCORING]
    if s.phase != "over":
        pool = [i for i, p in enumerate(s.players) if p.status != LOST]
    if not pool:
        return []
    best = max(pts[i] for i in pool)
    tied = [i for i in pool if pts[i] == best]
    top = max(max(s.players[i].artifacts, default=0) for i in tied)
    return [i for i in tied if max(s.players[i].artifacts, default=0) == top]
