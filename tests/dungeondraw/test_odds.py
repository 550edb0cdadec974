"""Exact odds helpers (DD-3.1, DD-3.2, DD-7.5) against enumeration and the engine."""

from __future__ import annotations

from fractions import Fraction

from deepwood_kernel.games.dungeondraw.odds import (draw_chance, expected_secondary,
                                                    secondary_goal_odds)

from .helpers import to_market


def _enumerate(deck: dict, discard: dict, draws: int, key: str) -> Fraction:
    """Walk every draw sequence with its exact weight, reshuffling as the rules do."""
    if draws == 0:
        return Fraction(0)
    if not deck:
        if not discard:
            return Fraction(0)
        deck, discard = discard, {}
    total = sum(deck.values())
    p = Fraction(0)
    for k, n in deck.items():
        w = Fraction(n, total)
        if k == key:
            p += w
        else:
            rest = {a: b - (a == k) for a, b in deck.items() if b - (a == k)}
            p += w * _enumerate(rest, discard, draws - 1, key)
    return p


def test_DD_3_1_and_3_2_draw_chance_matches_enumeration():
    """DD-3.1 draw up to 5; DD-3.2 reshuffle the discard pile when the deck is empty."""
    cases = [({"s1": 1, "s2": 1, "s3": 2, "s4": 1}, {}, 3, "s3"),
             ({"s1": 1, "s2": 1}, {"s3": 1, "s4": 2, "s5": 1}, 4, "s4"),
             ({"s1": 1}, {"s2": 1}, 2, "s1"),
             ({"s1": 2}, {"s2": 3, "s9": 1}, 5, "s9")]
    for deck, discard, n, key in cases:
        assert draw_chance(deck, discard, n, key) == _enumerate(deck, discard, n, key)


def test_DD_3_1_a_first_hand_holds_a_given_starting_card_5_times_in_9():
    """DD-3.1: 5 of 9 starting cards: each is in the first hand with chance 5/9."""
    g = to_market(2)
    p = g.state.players[0]
    assert draw_chance(p.deck, p.discard, 5, "s4") == Fraction(5, 9)


def test_DD_7_5_secondary_goal_odds_follow_the_goal_deck():
    """DD-7.5: after the main goal, 23 goal cards remain: its kind has 1 in 23."""
    g = to_market(2)
    s = g.state
    odds = secondary_goal_odds(s.goal_deck, s.content.goals)
    main = s.main_goal.split("+")[0]
    assert sum(odds.values()) == 1 and odds[main] == Fraction(1, 23)
    assert expected_secondary(s.goal_deck, s.content.goals, {main: 1}) == \
        Fraction(s.content.goals[main], 23)
