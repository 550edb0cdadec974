"""Exact odds for Dungeon Draw, as Fractions: the next hand and the secondary goal.

* :func:`draw_chance` -- the chance that a card of your exploration deck reaches this
  round's hand (DD-3.1, DD-3.2: the deck first, then the reshuffled discard pile).
* :func:`secondary_goal_odds` -- the chance of each goal being drawn as the secondary goal
  from what is left of the goal deck (DD-7.5); :func:`expected_secondary` the expected
  pink points of a path's discoveries before that card is drawn.

>>> from fractions import Fraction
>>> draw_chance({"s1": 1, "s2": 1, "s3": 1, "s4": 1}, {}, 2, "s1")
Fraction(1, 2)
>>> draw_chance({"s1": 1}, {"s2": 1, "s3": 1}, 2, "s2")   # s1, then 1 of 2 reshuffled
Fraction(1, 2)
>>> secondary_goal_odds({"coin": 1, "coin+hourglass": 1, "key": 2}, {"coin": 1, "key": 2})
{'coin': Fraction(1, 2), 'key': Fraction(1, 2)}
>>> expected_secondary({"coin": 2, "key": 2}, {"coin": 1, "key": 2}, {"coin": 3, "key": 1})
Fraction(5, 2)
"""

from __future__ import annotations

from fractions import Fraction

from ...prob.bags import deck_at_least


def draw_chance(deck: dict, discard: dict, draws: int, key: str) -> Fraction:
    """P(at least one ``key`` card among ``draws`` cards drawn from ``deck``, the
    ``discard`` pile being shuffled into a new deck when the deck runs out)."""
    d, x = sum(deck.values()), sum(discard.values())
    if draws <= d:
        return deck_at_least(d, deck.get(key, 0), draws, 1) if d else Fraction(0)
    if deck.get(key, 0):
        return Fraction(1)                            # the whole deck is drawn
    if not x:
        return Fraction(0)
    return deck_at_least(x, discard.get(key, 0), draws - d, 1)


def secondary_goal_odds(goal_deck: dict, points: dict) -> dict:
    """P(the secondary goal is each goal kind), from the goal cards left (a multiset of
    card ids such as ``"coin"`` and ``"coin+hourglass"``); ``points`` lists the kinds."""
    total = sum(goal_deck.values())
    out = {k: Fraction(0) for k in sorted(points)}
    for card, n in goal_deck.items():
        out[card.split("+")[0]] += Fraction(n, total)
    return {k: v for k, v in out.items() if v}


def expected_secondary(goal_deck: dict, points: dict, found: dict) -> Fraction:
    """The expected pink points of a path's discoveries ``found`` before the secondary
    goal is drawn (DD-7.5)."""
    return sum((p * points[k] * found.get(k, 0)
                for k, p in secondary_goal_odds(goal_deck, points).items()), Fraction(0))
