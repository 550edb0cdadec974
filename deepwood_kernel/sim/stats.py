"""Per-game statistics for the playtest lab: what a designer counts besides the score.

``stats(game)`` returns ``(per_game, per_seat)``: a dict of columns for the whole game (the
same on every seat's row) and one dict of columns per seat. Games without a hook here give
the common columns only (``{}, [{}] * players``). The hooks only read finished states;
they never change a game.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.game import Game


def _deepwood(g: Game) -> tuple[dict, list[dict]]:
    """*Durch den tiefen Wald*: rounds played; per seat fights announced (DW-6.2) and won,
    the rock monsters taken by strength (DW-6.x), obstacles (DW-11.2), trolls, whether the
    player left the forest (DW-10.3) and the path length (DW-11.5)."""
    from ..games.deepwood.scoring import path_length

    s = g.state
    fights = [0] * s.n
    for step in g.history:
        if step.player is not None and step.id.startswith("fight "):
            fights[step.player] += 1
    strengths = sorted({m.strength for m in s.content.monsters})
    seats = []
    for seat, p in enumerate(s.players):
        row = {"fights": fights[seat], "fights_won": len(p.beaten),
               "obstacles": sum(p.obstacles.values()), "trolls": p.trolls,
               "left_forest": s.boards[seat].left, "path_length": path_length(s, seat)}
        taken = [s.content.monsters[i].strength for i, _ in p.monsters]
        row |= {f"monster_{v}": taken.count(v) for v in strengths}
        seats.append(row)
    return {"rounds": s.round}, seats


def _clank(g: Game) -> tuple[dict, list[dict]]:
    """*Klong!*: turns played and the final rage space; per seat how the player ended
    (CL-10, CL-9.6), the artifact taken (its value; 0 = none), damage and the mastery
    token."""
    s = g.state
    seats = [{"status": p.status, "artifact": max(p.artifacts, default=0),
              "artifacts": len(p.artifacts), "damage": p.damage, "mastery": p.mastery}
             for p in s.players]
    return {"turns": s.turn_no, "rage_space": s.rage + 1}, seats


STATS: dict[str, Callable[[Game], tuple[dict, list[dict]]]] = {
    "deepwood": _deepwood,
    "clank": _clank,
}


def stats(game: Game) -> tuple[dict, list[dict]]:
    """The game's own statistics for a finished ``game``: ``(per_game, per_seat)``."""
    hook = STATS.get(game.key)
    if hook is None:
        return {}, [{} for _ in range(game.players)]
    return hook(game)
