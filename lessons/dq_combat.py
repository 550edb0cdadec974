"""The combat helpers of the *DungeonQuest* lessons (lesson 4: the damage table as a
zero-sum game, the duel's exact odds, seeded fights on the engine), apart from
:mod:`lessons.dungeonquest`, which re-exports them (the notebooks import them from there).

>>> duel_odds("melee", "ranged", 5, 3)      # 2 wounds a round and none dealt
Fraction(0, 1)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

import deepwood_kernel as dk
from deepwood_kernel.core.rng import make_rng
from deepwood_kernel.games.dungeonquest import load_content
from deepwood_kernel.prob import Estimate

from .compare import frac
from .dq_positions import solo_game
from .moves import play

CONTENT = load_content()
CARDS = CONTENT.combat_cards                     # ("melee", "ranged", "magic")

# ============================================================== lesson 4: combat
def damage_table():
    """Print the designed damage table: wounds (hero, monster) for every pair of cards."""
    print(f"{'hero plays / monster plays':28}" + "".join(f"{m:>12}" for m in CARDS))
    for i, h in enumerate(CARDS):
        cells = [f"{CONTENT.hero_wounds[i][j]} , {CONTENT.monster_wounds[i][j]}" for j in range(3)]
        print(f"{h:28}" + "".join(f"{x:>12}" for x in cells))
    print("(each entry: wounds the hero suffers , wounds the monster suffers)")


def payoff():
    """The duel as a zero-sum game: ``payoff()[h][m]`` = monster wounds - hero wounds when
    the hero plays card ``h`` and the monster card ``m`` (what the hero gains)."""
    return [[CONTENT.monster_wounds[i][j] - CONTENT.hero_wounds[i][j] for j in range(3)]
            for i in range(3)]


def against(monster_mix):
    """``{hero card: exact expected payoff per round}`` against a monster who plays
    ``monster_mix`` (a dict card -> probability, or one card name)."""
    q = _mix(monster_mix)
    a = payoff()
    return {h: sum(Fraction(a[i][j]) * q[m] for j, m in enumerate(CARDS))
            for i, h in enumerate(CARDS)}


def against_hero(hero_mix):
    """``{monster card: exact expected payoff to the hero per round}`` when the hero plays
    ``hero_mix``: the monster picks the smallest."""
    p = _mix(hero_mix)
    a = payoff()
    return {m: sum(Fraction(a[i][j]) * p[h] for i, h in enumerate(CARDS))
            for j, m in enumerate(CARDS)}


def show_mix(title, values):
    """Print one line: ``title`` and a fraction per combat card (a mix or payoffs).

    >>> show_mix("payoff", {"melee": Fraction(2, 9), "ranged": Fraction(-2), "magic": 0})
    payoff: melee 2/9, ranged -2, magic 0
    """
    print(f"{title}: " + ", ".join(f"{card} {frac(values[card])}" for card in CARDS))


def _mix(mix):
    if isinstance(mix, str):
        if mix not in CARDS:
            raise ValueError(f"{mix!r} is not a combat card; the cards are {', '.join(CARDS)}")
        return {c: Fraction(int(c == mix)) for c in CARDS}
    mix = {c: Fraction(mix.get(c, 0)) for c in CARDS}
    if sum(mix.values()) != 1 or min(mix.values()) < 0:
        raise ValueError("a mix gives each card a probability >= 0, adding up to 1")
    return mix


def duel(hero_mix, monster_mix, hero_life, monster_life):
    """Exact outcome of a fight to the end (no flight) when each round both sides draw a
    card from their mix: the hero dies at ``hero_life`` wounds, the monster at
    ``monster_life``; the hero's wounds are read first (DQ-9.4), so when both would fall
    the hero dies. Returns ``{"slain": P(the monster is slain), "wounds": expected wounds
    the hero suffers in the fight (the last blow counted in full), "rounds": expected
    number of rounds}`` as Fractions.

    >>> duel("melee", "magic", 5, 3)["slain"]       # melee against magic: 3 wounds a round
    Fraction(1, 1)
    """
    p, q = _mix(hero_mix), _mix(monster_mix)
    rounds = Counter()
    for i, h in enumerate(CARDS):
        for j, m in enumerate(CARDS):
            if p[h] * q[m]:
                rounds[(CONTENT.hero_wounds[i][j], CONTENT.monster_wounds[i][j])] += p[h] * q[m]
    states = {(0, 0): Fraction(1)}
    out = {"slain": Fraction(0), "wounds": Fraction(0), "rounds": Fraction(0)}
    n = 0
    while states:
        n += 1
        nxt = Counter()
        for (hw, mw), pr in states.items():
            for (dh, dm), r in rounds.items():
                if hw + dh >= hero_life or mw + dm >= monster_life:
                    out["slain"] += pr * r * (hw + dh < hero_life)
                    out["wounds"] += pr * r * (hw + dh)
                    out["rounds"] += pr * r * n
                else:
                    nxt[(hw + dh, mw + dm)] += pr * r
        states = nxt
    return out


def duel_odds(hero_mix, monster_mix, hero_life, monster_life):
    """The chance that the hero slays the monster: ``duel(...)["slain"]``.

    >>> duel_odds("melee", "ranged", 5, 3)      # 2 wounds a round and none dealt
    Fraction(0, 1)
    """
    return duel(hero_mix, monster_mix, hero_life, monster_life)["slain"]


def duel_table(rows, hero_life=16, monster_life=8):
    """Print exact fight outcomes, one row per ``(label, hero_mix, monster_mix)``: the
    chance to slay the monster, the hero's expected wounds and the expected rounds."""
    print(f"{'':34} {'monster slain':>13} {'hero wounds':>12} {'rounds':>7}")
    for label, hero_mix, monster_mix in rows:
        d = duel(hero_mix, monster_mix, hero_life, monster_life)
        print(f"{label:34} {float(d['slain']):13.2%} {float(d['wounds']):12.2f} "
              f"{float(d['rounds']):7.2f}")


def simulate_rounds(hero_mix, monster_mix, rounds=20_000, seed=0):
    """Seeded simulation of single combat rounds: the mean payoff to the hero (monster
    wounds minus hero wounds) as an :class:`Estimate` with a normal interval."""
    p, q = _mix(hero_mix), _mix(monster_mix)
    rng = make_rng(seed)
    h = rng.choice(3, size=rounds, p=[float(p[c]) for c in CARDS])
    m = rng.choice(3, size=rounds, p=[float(q[c]) for c in CARDS])
    x = np.array(payoff())[h, m]
    return Estimate.mean_of(float(x.sum()), float((x * x).sum()), rounds)


def mean_row(label, exact, est):
    """Print an exact mean beside a simulated one and its 95% interval."""
    lo, hi = est.ci()
    inside = "yes" if lo <= float(exact) <= hi else "MISS"
    text = frac(exact) if len(frac(exact)) <= 9 else "≈"     # long fractions: the decimal
    print(f"{label:30} {text:>9} {float(exact):+.3f} | {est.value:+.3f}  "
          f"[{lo:+.3f}, {hi:+.3f}]  {inside}")


def fight_game(hero="brannoc", monster="equilibrium", monster_card="cave_troll", seed=0):
    """A seeded game brought to the first combat round of an encounter: Anna's ``hero``
    explores b1 (a crossing), draws "Something stirs" and meets ``monster_card``.
    ``monster`` is a policy (``"equilibrium"``, ``"uniform"``: a solo game whose monster
    card is a chance event) or a combat card name: then Ben plays the monster and
    always plays that card (a predictable monster player)."""
    if monster in ("equilibrium", "uniform"):
        # the Rune of Might: no rune that heals at the next turn's start (the fight's
        # wounds are read after it)
        g = solo_game(hero=hero, rune="rune_might", monster=monster, seed=seed)
    else:
        g = dk.new_game("dungeonquest", players=2, seed=seed)
        other = "ysolde" if hero != "ysolde" else "brannoc"
        play(g, "die 6", "die 1", "card rune_might", "card rune_grace", f"hero {hero}",
             f"hero {other}", "tower a1", "tower j12")
    return play(g, "move b1", "tile hall_cross", "card stirring", f"card {monster_card}")


def engine_fights(hero_policy, monster="equilibrium", monster_card="cave_troll",
                  hero="brannoc", fights=300, seed=0):
    """Fight ``fights`` encounters through the engine (:func:`fight_game`, a fresh seed
    each): the hero plays ``hero_policy(rng)`` every round and never flees; the engine's
    own dice decide a policy monster's card, a predictable monster player always plays
    ``monster``. Returns ``{"slain": Estimate of P(monster slain), "wounds": Estimate of
    the mean wounds the hero suffers in the fight}``."""
    rng, slain, total, squares = make_rng(seed), 0, 0, 0
    for k in range(fights):
        g = fight_game(hero, monster, monster_card, seed=seed * 100_000 + k)
        while not g.is_over and g.state.combat is not None:
            if g.is_chance:
                g.step()
            elif g.state.phase == "combat":
                g.apply(f"play {hero_policy(rng)}")
            elif g.state.phase == "mplay":
                g.apply(f"monster {monster}")
            else:
                g.apply("fight")
        h = g.state.heroes[0]
        slain += h.status == "in"
        total, squares = total + h.wounds, squares + h.wounds ** 2
    return {"slain": Estimate.proportion(slain, fights),
            "wounds": Estimate.mean_of(float(total), float(squares), fights)}


def mixed(mix):
    """A hero policy for :func:`engine_fights` that plays ``mix`` at random; the mix is
    kept as ``policy.mix``."""
    p = _mix(mix)

    def policy(rng):
        return CARDS[int(rng.choice(3, p=[float(p[c]) for c in CARDS]))]
    policy.mix = p
    return policy
