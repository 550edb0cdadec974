"""Scoring of the three adventures (AL-8.x; reconstructed from the adventure cards).

* *The Fellowship* (AL-8.1): points at once, never taken back — a creature its laurel
  wreath (half its strength), an adventurer's 1st companion 1, 2nd 2, …, gold 2 each.
* *The Magnificent* (AL-8.2, AL-8.3): at the end — creatures their full strength, the
  player's largest group (adventurers + companions on one square) 3 per figure, gold 2
  each, herbs their value, swords their extra value.
* *Escape to the Cities* (AL-8.4): at the end — creatures half their strength, 7/3/1 for
  the most creatures, gold 2 each and 7/3/1 for the most gold, each city its size to the
  player with most figures there, half (rounded down) to the second, half of that to the
  third; minus every figure outside a city (start area included) times the creatures
  still on the board.

Ties in a majority: every tied player gets the points of the place they share; the next
player takes the next place (reading, AL-8.5). Before the end, the same lines give a
provisional score.
"""

from __future__ import annotations

from .state import ALState


def placings(values: dict[int, int], prizes: list[int]) -> dict[int, int]:
    """Points by place among players with a positive value; tied players share a place.

    >>> placings({0: 5, 1: 5, 2: 3, 3: 0}, [7, 3, 1])
    {0: 7, 1: 7, 2: 3}
    """
    ranked = sorted({v for v in values.values() if v > 0}, reverse=True)
    out = {}
    for seat, v in values.items():
        if v > 0 and ranked.index(v) < len(prizes):
            out[seat] = prizes[ranked.index(v)]
    return out


def city_prizes(size: int) -> list[int]:
    """A city pays its size, half of it (rounded down), and half of that.

    >>> city_prizes(12), city_prizes(5), city_prizes(3)
    ([12, 6, 3], [5, 2, 1], [3, 1, 0])
    """
    return [size, size // 2, size // 2 // 2]


def city_figures(s: ALState) -> dict[int, dict[int, int]]:
    """city number -> {seat: adventurers + companions standing in that city}."""
    c = s.content
    out: dict[int, dict[int, int]] = {k: {} for k in c.city_size}
    for sq, p in s.parties.items():
        k = c.city_of.get(sq)
        if k is not None:
            out[k][p.seat] = out[k].get(p.seat, 0) + p.adventurers + p.companions
    return out


def score_breakdown(s: ALState, seat: int) -> list[tuple[str, int]]:
    c, p = s.content, s.players[seat]
    gold_pts = c.scoring["gold_points"]
    if s.adventure == "fellowship":
        lines = [(k, p.points.get(k, 0)) for k in ("fog creatures", "companions", "gold")]
    elif s.adventure == "magnificent":
        groups = [q.adventurers + q.companions for q in s.parties.values() if q.seat == seat]
        lines = [
            ("fog creatures (full strength)", sum(p.creatures)),
            ("largest group", max(groups, default=0) * c.scoring["group_points"]),
            ("gold", p.gold * gold_pts),
            ("herbs", sum(v * k for v, k in p.herbs.items())),
            ("swords (extra values)", sum(v * k for v, k in p.swords.items())),
        ]
    else:
        maj = c.scoring["majority"]
        most_creatures = placings({i: len(q.creatures) for i, q in enumerate(s.players)}, maj)
        most_gold = placings({i: q.gold for i, q in enumerate(s.players)}, maj)
        cities = 0
        for k, figs in city_figures(s).items():
            cities += placings(figs, city_prizes(c.city_size[k])).get(seat, 0)
        outside = p.start + sum(q.adventurers + q.companions for sq, q in s.parties.items()
                                if q.seat == seat and sq not in c.city_of)
        left = sum(1 for it in s.items.values() if it[0] == "creature")
        lines = [
            ("fog creatures (half strength)", sum(v // 2 for v in p.creatures)),
            ("most fog creatures", most_creatures.get(seat, 0)),
            ("gold", p.gold * gold_pts),
            ("most gold", most_gold.get(seat, 0)),
            ("cities", cities),
            ("figures outside the cities x creatures left", -outside * left),
        ]
    lines.append(("total", sum(v for _, v in lines)))
    return lines


def scores(s: ALState) -> list[int]:
    return [score_breakdown(s, i)[-1][1] for i in range(s.n)]


def winners(s: ALState) -> list[int]:
    """Most points wins; tied players share the win (no tie-break is published)."""
    pts = scores(s)
    best = max(pts)
    return [i for i, v in enumerate(pts) if v == best]


def known_breakdown(s: ALState, seat: int, viewer: int | None) -> list[tuple[str, int | None]]:
    """``seat``'s score lines (without the total) as ``viewer`` may know them.

    In *The Magnificent* herbs and swords score their face values at the end (AL-8.3), so
    another player's provisional herb and sword lines would tell the values of their
    face-down tiles. Until the game is over, those lines are ``None`` (unknown) for any
    viewer but their owner, unless every such tile has been shown (swords turned up in a
    fight stay known). A spectator (``viewer=None``) and everyone after the end know all.

    >>> import deepwood_kernel as dk
    >>> g = dk.new_game("adventureland", players=2, seed=1,
    ...                 options={"adventure": "magnificent"})
    >>> s = g.state
    >>> s.players[0].herbs = {3: 1}
    >>> dict(known_breakdown(s, 0, 1))["herbs"] is None, dict(known_breakdown(s, 0, 0))["herbs"]
    (True, 3)
    """
    lines = [(lab, v) for lab, v in score_breakdown(s, seat) if lab != "total"]
    if (viewer is None or viewer == seat or s.phase == "over"
            or s.adventure != "magnificent"):
        return lines
    p = s.players[seat]
    hidden_herbs = sum(p.herbs.values()) > 0
    hidden_swords = sum(p.swords.values()) > sum(p.swords_shown.values())
    return [(lab, None if (lab == "herbs" and hidden_herbs)
             or (lab == "swords (extra values)" and hidden_swords) else v)
            for lab, v in lines]


def known_total(s: ALState, seat: int, viewer: int | None) -> tuple[int, bool]:
    """``(points viewer can add up, whether that is the whole score)``.

    >>> import deepwood_kernel as dk
    >>> g = dk.new_game("adventureland", players=2, seed=1)
    >>> known_total(g.state, 0, 1)
    (0, True)
    """
    lines = known_breakdown(s, seat, viewer)
    return (sum(v for _, v in lines if v is not None),
            all(v is not None for _, v in lines))
