"""Exact finite probability for dice, bags and decks, with Monte Carlo checks.

Everything exact is a :class:`Dist` or a :class:`fractions.Fraction`; every
``simulate_*`` function answers the same question by seeded numpy sampling.

>>> sum_of(2).pmf(7)
Fraction(1, 6)
>>> keep_aside_success(2, 12, rolls=2)
Fraction(121, 1296)
"""

from .bags import (
    DRAGON_BAG,
    at_least_one,
    bag_draw,
    bag_hits,
    colour_marginal,
    deck_at_least,
    refill_reveals,
    sequential_draws,
    with_replacement,
)
from .dice import (
    die,
    keep_highest,
    keep_lowest,
    reroll_once,
    roll_multisets,
    roll_under,
    roll_under_chance,
    sum_of,
)
from .dist import Dist
from .keep_aside import KeepAsideSolver, keep_aside_success
from .simulate import Empirical, Estimate
from .simulate_bags import (
    simulate_bag,
    simulate_bag_hits,
    simulate_deck_at_least,
    simulate_refill_reveals,
)
from .simulate_dice import (
    simulate_keep,
    simulate_keep_aside,
    simulate_reroll_once,
    simulate_roll_under,
    simulate_sum,
)
from .zero_sum import ZeroSum, solve_zero_sum

__all__ = [
    "DRAGON_BAG",
    "Dist",
    "Empirical",
    "Estimate",
    "KeepAsideSolver",
    "at_least_one",
    "bag_draw",
    "bag_hits",
    "colour_marginal",
    "deck_at_least",
    "die",
    "keep_aside_success",
    "keep_highest",
    "keep_lowest",
    "refill_reveals",
    "reroll_once",
    "roll_multisets",
    "roll_under",
    "roll_under_chance",
    "sequential_draws",
    "simulate_bag",
    "simulate_bag_hits",
    "simulate_deck_at_least",
    "simulate_keep",
    "simulate_keep_aside",
    "simulate_refill_reveals",
    "simulate_reroll_once",
    "simulate_roll_under",
    "simulate_sum",
    "sum_of",
    "solve_zero_sum",
    "with_replacement",
    "ZeroSum",
]
