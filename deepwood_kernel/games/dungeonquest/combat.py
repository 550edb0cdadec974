"""Monsters and combat (Monsterbegegnungen, Kampf): meeting a monster (DQ-9.2), the
secret choice of combat cards and their reveal (DQ-9.3 to DQ-9.5), the rounds, and the
exact equilibrium of the duel (DQ-9.6) that the monster plays in solo games or with the
``monster = "equilibrium"`` option. Flight (DQ-9.8) is a move: it is in ``moving.py``.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from ...core.log import Secret
from ...prob import solve_zero_sum
from .content import Content, load_content
from .queries import monster_seat, room_marker
from .state import DEAD, DQState, IN
from .turn import _discard, _end_turn, t_draw, wound


def combat_equilibrium(content: Content | None = None) -> dict:
    """DQ-9.6: the equilibrium of the combat duel, exactly.

    The duel is read as a zero-sum game whose payoff to the hero is the monster's wounds
    minus the hero's wounds in one round, solved exactly by
    :func:`deepwood_kernel.prob.solve_zero_sum`. Returns the hero's mix, the monster's mix (by
    card name) and the value of the game per round.

    >>> eq = combat_equilibrium()
    >>> eq["monster"]
    {'melee': Fraction(5, 18), 'ranged': Fraction(7, 18), 'magic': Fraction(1, 3)}
    >>> eq["hero"], eq["value"]
    ({'melee': Fraction(2, 9), 'ranged': Fraction(4, 9), 'magic': Fraction(1, 3)}, Fraction(2, 9))
    """
    c = content or load_content()
    key = (c.combat_cards, c.hero_wounds, c.monster_wounds)
    if key not in _SOLVED:
        a = [[Fraction(c.monster_wounds[h][m] - c.hero_wounds[h][m]) for m in range(3)]
             for h in range(3)]
        _SOLVED[key] = solve_zero_sum(a)
    p, q, v = _SOLVED[key]
    return {"hero": dict(zip(c.combat_cards, p)), "monster": dict(zip(c.combat_cards, q)),
            "value": v}


_SOLVED: dict = {}          # (cards, tables) -> solution: the tables are immutable tuples


_EQ_CACHE: dict = {}


def _equilibrium_weights(c: Content) -> list[int]:
    """The monster's equilibrium mix as integer chance weights (cached per table)."""
    key = (c.hero_wounds, c.monster_wounds)
    if key not in _EQ_CACHE:
        mix = list(combat_equilibrium(c)["monster"].values())
        den = lcm(*(x.denominator for x in mix))
        _EQ_CACHE[key] = [int(x * den) for x in mix]
    return _EQ_CACHE[key]


def start_encounter(s: DQState) -> None:
    """DQ-9.2: a monster card is drawn; the rest of the turn is this encounter."""
    s.tasks = [("turn_end",)]
    s.decide = None
    t_draw(s, "monster", "monster")


def _monster_drawn(s: DQState, key: str) -> None:
    h = s.heroes[s.seat]
    card = s.content.cards[key]
    s.combat = {"seat": s.seat, "monster": key, "wounds": 0, "hero_card": None,
                "monster_card": None, "round": 1}
    s.log.append(f"{h.name} meets a monster: the {card.name}!")
    if h.status == IN and room_marker(s, h.sq) is None:
        if len(s.monsters) < s.content.supply["monster_markers"]:
            s.monsters.append(h.sq)
    s.decide = ("combat", s.seat)


def _hero_plays(s: DQState, card: str) -> None:
    s.combat["hero_card"] = card
    h = s.heroes[s.seat]
    s.log.append(Secret(f"{h.name} chooses {card} in secret.",
                        f"{h.name} chooses a combat card in secret.", seats=(s.seat,)))
    m = monster_seat(s)
    if m is None:
        s.chance = ("mcard",)
    else:
        s.decide = ("mplay", m)


def _reveal(s: DQState, mcard: str) -> None:
    """Kampf (DQ-9.3–DQ-9.5): both cards revealed, wounds from the table; a dead hero ends
    the encounter at once; a monster at its life dies and the turn ends."""
    c = s.content
    cb = s.combat
    cb["monster_card"] = mcard
    hi, mi = c.combat_cards.index(cb["hero_card"]), c.combat_cards.index(mcard)
    hw, mw = c.hero_wounds[hi][mi], c.monster_wounds[hi][mi]
    h = s.heroes[s.seat]
    card = c.cards[cb["monster"]]
    s.log.append(f"Round {cb['round']}: {h.name} plays {cb['hero_card']}, the "
                 f"{card.name} plays {mcard}.")
    cb["wounds"] += mw
    s.log.append(f"The {card.name} suffers {mw} wound{'s' if mw != 1 else ''}.")
    if hw:
        wound(s, s.seat, hw)
        if h.status == DEAD:
            return
    if cb["wounds"] >= card.life:
        s.log.append(f"The {card.name} is slain!")
        _discard(s, cb["monster"])
        if h.status == IN and room_marker(s, h.sq) is not None:
            s.monsters.remove(room_marker(s, h.sq))
        s.combat = None
        _end_turn(s)
        return
    cb["hero_card"] = cb["monster_card"] = None
    s.decide = ("round_end", s.seat)


def t_round(s: DQState) -> None:
    s.combat["round"] += 1
    s.decide = ("combat", s.seat)
