"""Exact odds of the dragon's next attack (Drachenangriff, CL-8), built on ``prob.bags``.

>>> import deepwood_kernel as dk
>>> g = dk.new_game("clank", players=4, seed=1)
>>> g.advance()
>>> odds = dragon_attack_odds(g)
>>> odds.cubes, odds.bag["black"], odds.bag["green"]      # rage space 1: 2 cubes; Anna's 3
(2, 24, 3)
>>> odds.damage[0].pmf(0)                                  # 27*26 / (30*29) = 351/435
Fraction(117, 145)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...prob.bags import colour_marginal
from ...prob.dist import Dist
from .rules import danger_in_row, rage_cubes
from .state import IN, ClankState


@dataclass(frozen=True)
class AttackOdds:
    """The next attack: cubes to draw, the bag it draws from, each player's damage law."""

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


def dragon_attack_odds(game, extra: int = 0) -> AttackOdds:
    """The exact damage distribution of the dragon's next attack for every player.

    The next attack first empties the clank area into the bag, then draws the rage track's
    cubes, plus 1 per danger card in the row, plus ``extra`` (the countdown track's +1 to +3).
    While an attack is being drawn, it is the rest of that attack. A player's damage is the
    number of their cubes drawn, capped at the health they have left (once knocked out,
    further cubes count as black); players out of the game take none.
    """
    s = _state(game)
    ongoing = s.phase == "attack"
    bag = {"black": s.black_bag}
    for p in s.players:
        bag[p.colour] = p.bag + (0 if ongoing else p.clank)
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
