"""Spielende (DD-9): the score sheets summed, the exit majority, coins, the tie-break.

Final score = blue sum + pink sum halved (rounded down) + time bonuses + exit majority
(2 for the most ticks, 1 for the second most, ties share) + coins divided by 3 (rounded
down). While the game runs the same lines give the score if it ended now.
"""

from __future__ import annotations

from .state import DDState


def exit_points(s: DDState) -> list[int]:
    """DD-9.4: most exit ticks 2 points, second most 1; ties share. Reading: at least one
    tick is needed, and "second most" is the next lower count."""
    ticks = [sum(r.exit for r in p.sheet) for p in s.players]
    counts = sorted({t for t in ticks if t > 0}, reverse=True)
    first = counts[0] if counts else None
    second = counts[1] if len(counts) > 1 else None
    return [2 if t == first else 1 if t == second else 0 for t in ticks]


def score_breakdown(s: DDState, seat: int) -> list[tuple[str, int]]:
    p = s.players[seat]
    lines = [
        ("main goals (blue)", sum(r.blue for r in p.sheet)),
        ("secondary goals (pink) / 2", sum(r.pink for r in p.sheet) // 2),
        ("time bonus (green)", sum(r.green or 0 for r in p.sheet)),
        ("exit majority", exit_points(s)[seat]),
        ("coins / 3", p.coins // 3),
    ]
    lines.append(("total", sum(v for _, v in lines)))
    return lines


def scores(s: DDState) -> list[int]:
    return [score_breakdown(s, i)[-1][1] for i in range(s.n)]


def winners(s: DDState) -> list[int]:
    """DD-9.6: most points; a tie goes to the highest secondary-goal (pink) sum; still
    tied, the win is shared."""
    pts = scores(s)
    best = max(pts)
    tied = [i for i in range(s.n) if pts[i] == best]
    pink = {i: sum(r.pink for r in s.players[i].sheet) for i in tied}
    top = max(pink.values())
    return [i for i in tied if pink[i] == top]
