"""Exact odds *if the dragon attacked now* (Drachenangriff, CL-8), built on ``prob.bags``.

The odds are for an attack drawn from today's bag, clank area and rage: an attack at the
end of this turn sees whatever clank the rest of the turn adds, and a later one also the
clank, rage and danger cards still to come. ``extra_clank=`` asks the what-if for clank
not made yet ("if I also play my Stumble").

>>> import deepwood_kernel as dk
>>> g = dk.new_game("clank", players=4, seed=1)
>>> g.advance()
>>> odds = dragon_attack_odds(g)
>>> odds.cubes, odds.bag["black"], odds.bag["green"]      # rage space 1: 2 cubes; Anna's 3
(2, 24, 3)
>>> odds.damage[0].pmf(0)                                  # 27*26 / (30*29) = 351/435
Fraction(117, 145)
>>> dragon_attack_odds(g, extra_clank=1).damage[0].pmf(0)  # 1 more green: 27*26/(31*30)
Fraction(117, 155)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...prob.bags import colour_marginal
from ...prob.dist import Dist
from .queries import danger_in_row, rage_cubes
from .state import IN, ClankState


@dataclass(frozen=True)
class AttackOdds:
    """An attack if the dragon attacked now: cubes to draw, the bag it draws from, each
    player's damage law."""

    cubes: int
    bag: dict[str, int]
    damage: list[Dist]
    ongoing: bool                 # True while an attack is being drawn: the rest of it

    def p_hit(self, seat: int) -> Fraction:
        """Probability that ``seat`` takes at least 1 damage."""
        return 1 - self.damage[seat].pmf(0)

    def table(self, names: list[str]) -> list[dict]:
        """Rows ``{player, 0: p, 1: p, ...}`` for a lesson or a widget panel."""
        rows = []
        for name, d in zip(names, self.damage):
            rows.append({"player": name, **{k: p for k, p in d.items()}})
        return rows


def _state(game_or_state) -> ClankState:
    return getattr(game_or_state, "state", game_or_state)


def _clank_after(s: ClankState, extra_clank) -> list[int]:
    """Each player's cubes in the clank area once ``extra_clank`` more clank is made, by the
    engine's rules: clank of the player to move is first cancelled by their leftover
    negative clank (CL-7.3), clank beyond the supply adds no cube (CL-7.5), negative clank
    takes back only cubes in the area (CL-7.2), players out of the game make none (CL-7.6)."""
    if isinstance(extra_clank, bool) or not isinstance(extra_clank, (int, dict)):
        raise ValueError(f"extra_clank must be an int (clank of the player to move) or a "
                         f"dict {{seat: clank}}, got {extra_clank!r}")
    more = {s.seat: extra_clank} if isinstance(extra_clank, int) else dict(extra_clank)
    area = [p.clank for p in s.players]
    for seat, n in more.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n \
                or isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"extra_clank: seats are 0 to {s.n - 1} and amounts ints, got "
                             f"{seat!r}: {n!r}")
        p = s.players[seat]
        if p.status != IN or not n:
            continue
        if n < 0:
            area[seat] -= min(-n, area[seat])
            continue
        if seat == s.seat and s.phase in ("turn", "refill"):
            n -= min(n, s.turn.neg_clank)
        area[seat] += min(n, p.supply)
    return area


def dragon_attack_odds(game, extra: int = 0, extra_clank: int | dict[int, int] = 0
                       ) -> AttackOdds:
    """The exact damage distribution for every player **if the dragon attacked now**.

    Such an attack first empties today's clank area into the bag, then draws the cubes of
    the rage track's current space, plus 1 per danger card now in the row, plus ``extra``
    (the countdown track's +1 to +3). While an attack is being drawn, it is the rest of that
    attack. It is not a forecast of the next attack: clank, rage and danger cards may still
    change before the dragon comes.

    ``extra_clank`` is a what-if: that much more clank made first, as an int for the player
    to move or a dict ``{seat: clank}`` (negative values take cubes back), with the engine's
    own limits (leftover negative clank, the supply). A player's damage is the number of
    their cubes drawn, capped at the health they have left (once knocked out, further cubes
    count as black); players out of the game take none.
    """
    s = _state(game)
    ongoing = s.phase == "attack"
    if ongoing and extra_clank:
        raise ValueError("an attack is being drawn: its bag is fixed, extra_clank cannot "
                         "change it")
    area = [0] * s.n if ongoing else _clank_after(s, extra_clank)
    bag = {"black": s.black_bag}
    for p, clank in zip(s.players, area):
        bag[p.colour] = p.bag + clank
    cubes = s.attack_left if ongoing else rage_cubes(s) + danger_in_row(s) + extra
    health = s.content.game["health"]
    damage = []
    for p in s.players:
        if p.status != IN or not bag[p.colour] or not cubes:
            damage.append(Dist({0: 1}))
            continue
        left = health - p.damage
        law = colour_marginal({k: v for k, v in bag.items() if v}, cubes, p.colour)
        damage.append(law.map(lambda x, left=left: min(x, left)))
    return AttackOdds(cubes, bag, damage, ongoing)
