"""Helpers for the *Adventure Land* lessons (``notebooks/adventureland``), too long for a cell.

A text map of the board, the rulebook's moving example as a scripted position, the exact
odds the lessons teach (what the next turn's terrain cards bring, the water sprite's reach,
fog-creature fights with gold used as +1 or as a reroll) and seeded simulations to set
beside them, bot games and their scores. Every helper that touches a game plays through
the engine contract (``apply``, ``step``, ``fork``, ``chance_outcomes``), so it can never
put a game into a state the rules forbid. The map and the value splits are designed for
this project, the creature strengths reconstructed from the rulebook's examples
(``deepwood_kernel/games/adventureland/content.toml``).

>>> g = rulebook_example()
>>> sorted(q for q, p in g.state.parties.items()), g.state.players[0].gold
(['E9', 'J3'], 1)
>>> at_least_one(10, 3)        # 3 of 10 cards are city: a city among two cards drawn
Fraction(8, 15)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np

import deepwood_kernel as dk
from deepwood_kernel.core.rng import make_rng
from deepwood_kernel.games.adventureland import fight_odds
from deepwood_kernel.prob import Estimate
from .moves import play  # noqa: F401  (the notebooks import it from here)

KEY = "adventureland"
TERRAINS = ("city", "forest", "mountain", "river", "fog")
BRINGS = {"city": "a companion", "forest": "a face-down herb", "mountain": "a face-down sword",
          "river": "gold and the water sprite", "fog": "a fog creature (+1 card)"}
SHORT = {"city": "companion", "forest": "herb", "mountain": "sword", "river": "gold, sprite"}
ITEM = {"gold": "go", "herb": "he", "sword": "sw", "companion": "co"}
LEGEND = ("Each square is 3 characters: its terrain (`1`-`5` a square of city 1-5, `f` forest, "
          "`m` mountain, `r` river, `n` fog, from *Nebel*), then what is on it: `go` gold, "
          "`he` herb, `sw` sword, `co` companion, a number a fog creature's strength, `~~` "
          "the water sprite, or a party: the owner's initial and how many figures "
          "(adventurers + companions), e.g. `M2`.")



# ============================================================== positions


def rulebook_example(seed=0):
    """The rulebook's moving example as a 2-player position (no cards at the start).

    Turn 1: gold appears on E9 and on C1 (the sprite goes to E9, then is pulled to C1);
    Martin brings an adventurer to E2. Turn 2: Anna draws K10 and A10 and does not move.
    Turn 3 (the example): Martin turns over J3 (a companion) and D7 (fog: a creature of
    strength 12, and a replacement card, I4, a herb); he moves the adventurer waiting in
    front of row 3 along row 3 to J3 and the one on E2 down to E9, taking the gold.
    """
    g = dk.new_game(KEY, players=2, seed=seed, options={"start_cards": 0})
    return play(g, "card E9", "card C1", "enter 2 E2", "end", "card K10", "card A10", "end",
                "card J3", "card D7", "creature 12", "card I4", "enter 3 J3", "move E2 E9")


def text_map(g):
    """Print the board as text: columns A-K, rows 1 (north) to 10 (south); see LEGEND."""
    s, c = g.state, g.state.content
    code = {"forest": "f", "mountain": "m", "river": "r", "fog": "n"}
    print("    " + "".join(f"{col:<4}" for col in c.columns))
    for row in range(1, c.rows + 1):
        cells = []
        for col in c.columns:
            sq = f"{col}{row}"
            t = str(c.city_of[sq]) if sq in c.city_of else code[c.terrain[sq]]
            it, p = s.items.get(sq), s.parties.get(sq)
            if p is not None:
                mark = f"{s.players[p.seat].name[0]}{min(9, p.adventurers + p.companions)}"
            elif sq == s.sprite:
                mark = "~~"
            elif it is not None:
                mark = f"{it[1]:>2}" if it[0] == "creature" else ITEM[it[0]]
            else:
                mark = "  "
            cells.append(t + mark)
        print(f"{row:>2}  " + " ".join(cells))


def show_actions(g, prefix=""):
    """Print the legal action ids starting with ``prefix``, several to a line."""
    ids = [a for a in g.legal_action_ids() if a.startswith(prefix)]
    for i in range(0, len(ids), 5):
        print("   ".join(f"{a:<13}" for a in ids[i:i + 5]))
    print(f"({len(ids)} actions)")


def last_log(g, n=8):
    """Print the last ``n`` lines of the game's log."""
    print("\n".join(map(str, g.log[-n:])))


# ============================================================== lesson 1: the deck
def deck_terrain(g) -> dict[str, int]:
    """Terrain cards left in the deck, by terrain (every terrain listed)."""
    c = g.state.content
    counts = Counter(c.terrain[sq] for sq in g.state.deck)
    return {t: counts.get(t, 0) for t in TERRAINS}


def at_least_one(n: int, k: int, draws: int = 2) -> Fraction:
    """The chance that ``draws`` cards taken without putting back from ``n`` cards, ``k``
    of them of one kind, hold at least one of that kind: ``1 - C(n-k, draws)/C(n, draws)``
    (the complement of "none of them").

    >>> at_least_one(110, 18)         # a river card among the first two of 110
    Fraction(1809, 5995)
    """
    return 1 - Fraction(comb(n - k, draws), comb(n, draws))


def fog_count_odds(nonfog: int, fog: int, items: int = 2) -> dict[int, Fraction]:
    """Exact law of the number of fog cards turned over in a turn: cards are drawn until
    ``items`` non-fog cards have come (fog cards do not count, AL-3.5).

    j fog cards come first when the ``items``-th non-fog card is card number j + items:
    among the first j + items - 1 cards j are fog; the other fog cards lie after it.

    >>> fog_count_odds(3, 1)                # 3 non-fog, 1 fog: the fog card is 1st..4th
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    total = comb(nonfog + fog, fog)
    out = {}
    for j in range(fog + 1):
        ways = comb(j + items - 1, j) * comb(nonfog + fog - j - items, fog - j)
        if ways:
            out[j] = Fraction(ways, total)
    return out


def next_turn_table(g) -> list[tuple[str, Fraction]]:
    """Exact chance that the next turn's two (non-fog) terrain cards bring at least one
    companion, herb, sword and gold, and that at least one fog creature rises."""
    d = deck_terrain(g)
    nonfog = sum(d.values()) - d["fog"]
    rows = [(f"{t} card: {SHORT[t]}", at_least_one(nonfog, d[t]))
            for t in ("city", "forest", "mountain", "river")]
    rows.append(("fog card: creature", 1 - fog_count_odds(nonfog, d["fog"])[0]))
    return rows


def simulate_next_turn(g, trials=20_000, seed=0) -> list[Estimate]:
    """Shuffle the cards left ``trials`` times, draw until two non-fog cards came; the
    share of shuffles with each event of :func:`next_turn_table`, in the same order."""
    c, rng = g.state.content, make_rng(seed)
    cards = np.array([TERRAINS.index(c.terrain[sq]) for sq in g.state.deck])
    fog = TERRAINS.index("fog")
    hits = np.zeros(5, dtype=int)
    for _ in range(trials):
        order = rng.permutation(cards)
        nonfog_pos = np.flatnonzero(order != fog)[:2]
        seen = order[:nonfog_pos[-1] + 1]
        hits[:4] += [np.any(seen == TERRAINS.index(t))
                     for t in ("city", "forest", "mountain", "river")]
        hits[4] += np.any(seen == fog)
    return [Estimate.proportion(int(h), trials) for h in hits]


# ============================================================== lesson 2: the sprite
def swept_by(g, start, gold_square) -> list[str]:
    """River squares the water sprite passes going from ``start`` (None: beside the
    board) to new gold on ``gold_square``, the square reached included (AL-4.2)."""
    river = list(g.state.content.river)
    if start is None:
        return [gold_square]
    i, j = river.index(start), river.index(gold_square)
    step = 1 if j > i else -1
    return [river[k] for k in range(i + step, j + step, step)]


def sprite_danger(g, square) -> Fraction:
    """The exact chance that the party on river ``square`` is swept away during the next
    turn's reveal. The turn's two non-fog cards are a uniformly random ordered pair of the
    non-fog cards left (fog cards only add creatures), so count the ordered pairs: the
    first river card pulls the sprite, the second pulls it on from there."""
    s, c = g.state, g.state.content
    cards = [sq for sq in s.deck if c.terrain[sq] != "fog"]
    bad = 0
    for a in cards:
        for b in cards:
            if a == b:
                continue
            where, gold, hit = s.sprite, s.gold_left, False
            for sq in (a, b):
                if c.terrain[sq] == "river" and gold:
                    hit = hit or square in swept_by(g, where, sq)
                    where, gold = sq, gold - 1
            bad += hit
    return Fraction(bad, len(cards) * (len(cards) - 1))


def simulate_sprite(g, square, trials=2_000, seed=0) -> Estimate:
    """Play the next turn's reveal ``trials`` times on forks of ``g`` and count how often
    the party on ``square`` is gone before the moves begin. Each chance event (a card, a
    creature, a tile value) is drawn from the engine's exact weights with this seeded
    generator (a fork would copy the game's own generator and repeat one outcome)."""
    rng, gone = make_rng(seed), 0
    for _ in range(trials):
        h = g.fork()
        while h.is_chance:
            outs = h.chance_outcomes()
            p = np.array([float(w) for _, w in outs])
            h.apply(outs[int(rng.choice(len(outs), p=p / p.sum()))][0].id)
        gone += square not in h.state.parties
    return Estimate.proportion(gone, trials)


# ============================================================== lesson 3: fights
def simulate_fight(strength, base, swords=(), gold=0, trials=20_000, seed=0,
                   rerolls=True) -> Estimate:
    """Seeded fights played the engine's best way: roll one die per sword; while gold
    given back as +1 cannot close the gap, give one back to reroll the lowest die (only
    the sum counts, so the lowest die is always the one to reroll); then cover the rest
    with +1. With ``rerolls=False`` gold only adds +1. No herbs."""
    rng = make_rng(seed)
    need = strength - base - sum(swords)
    wins = 0
    for _ in range(trials):
        dice = sorted(rng.integers(1, 7, size=len(swords)).tolist())
        left = gold
        while rerolls and dice and left and need - sum(dice) > left:
            dice[0] = int(rng.integers(1, 7))
            dice.sort()
            left -= 1
        wins += need - sum(dice) <= left
    return Estimate.proportion(wins, trials)


def gold_table(strength, base, swords, golds=range(0, 4)):
    """Print, for each amount of gold, the exact win chance with gold as +1 only and with
    gold used best (+1 or reroll), and what the rerolls add in percentage points (the
    difference of the two percentages, not a percent of the first)."""
    print(f"{'gold':>4} {'+1 only':>18} {'best use':>18} {'rerolls add (points)':>21}")
    for k in golds:
        plus = fight_odds(strength, base, swords, gold=k, rerolls=False)
        best = fight_odds(strength, base, swords, gold=k)
        print(f"{k:>4} {str(plus):>10} {float(plus):7.2%} {str(best):>10} {float(best):7.2%}"
              f" {100 * float(best - plus):>+21.2f}")


def sword_table(strength, base, swords, gold=0):
    """Print the exact win chance of every number of swords (the best ones first)."""
    best = sorted(swords, reverse=True)
    for k in range(0, min(3, len(best)) + 1):
        p = fight_odds(strength, base, best[:k], gold=gold)
        print(f"{k} sword(s) {str(tuple(best[:k])):>10}: {str(p):>12} = {float(p):7.2%}")


def fight_game(seed=0):
    """A 2-player position (no cards at the start) where Martin's adventurer has just
    stepped onto a fog creature of strength 8 on D2, with one sword of extra value 2 and
    one gold in his stockpile: the fight waits for his choice of swords.

    Turn 1 (Martin): gold on E3, then gold on C1 (the sprite is pulled back from E3 to
    C1); Martin takes the gold on E3. Turn 2 (Anna): a sword on C2, a sword on A10; she
    stays. Turn 3 (Martin): D2 is fog (a creature of strength 8 and a replacement card,
    B3, a companion), then B1 (a herb); Martin's adventurer waiting in front of row 2
    enters C2 (the sword there shows 2) and moves east onto D2.
    """
    g = dk.new_game(KEY, players=2, seed=seed, options={"start_cards": 0})
    return play(g, "card E3", "card C1", "enter 3 E3", "end", "card C2", "card A10", "end",
                "card D2", "creature 8", "card B3", "card B1", "enter 2 C2", "sword 2",
                "move C2 D2")


# ============================================================== lessons 4, 5: games
def bot_game(players=3, seed=0, adventure="fellowship", kinds=None):
    """A complete seeded game played by bots (``kinds[seat]``, heuristic by default)."""
    from deepwood_kernel.sim import make_bot, play_out
    kinds = kinds or ["heuristic"] * players
    g = dk.new_game(KEY, players=players, seed=seed, options={"adventure": adventure})
    play_out(g, [make_bot(KEY, k, seed=seed * 10 + i) for i, k in enumerate(kinds)])
    return g


def score_table(g):
    """Print every player's score breakdown, line by line, side by side."""
    names = g.state.names
    rows = [g.score_breakdown(i) for i in range(len(names))]
    print(f"{'':46}" + "".join(f"{n:>8}" for n in names))
    for k, (label, _) in enumerate(rows[0]):
        print(f"{label:46}" + "".join(f"{r[k][1]:>8}" for r in rows))


def player_table(g):
    """Print what each player holds: adventurers on the board, in the start area and
    lost, companions, gold, herbs, swords, creatures (values face down are shown: this
    is the spectator's view)."""
    s = g.state
    print(f"{'':8}{'board':>6}{'start':>6}{'lost':>5}{'comp.':>6}{'gold':>5}"
          f"{'herbs':>7}{'swords':>7}  creatures")
    for seat, p in enumerate(s.players):
        on = sum(q.adventurers for q in s.parties.values() if q.seat == seat)
        comp = sum(q.companions for q in s.parties.values() if q.seat == seat)
        herbs = sum(p.herbs.values())
        swords = sum(p.swords.values())
        print(f"{p.name:8}{on:>6}{p.start:>6}{p.lost_adventurers:>5}{comp:>6}{p.gold:>5}"
              f"{herbs:>7}{swords:>7}  {sorted(p.creatures)}")


LOG_KINDS = {"moves": " moves ", "companions joined": "A companion joins ",
             "gold taken": " takes the gold", "fights won": " defeats the fog creature",
             "fights lost": " the fight against the creature",
             "swept by the sprite": "swept away"}


def log_counts(g):
    """Print how often each kind of event appears in the log (the whole table)."""
    text = list(map(str, g.log))
    for kind, pat in LOG_KINDS.items():
        print(f"{kind:22}{sum(pat in line for line in text):>5}")


def heuristic_vs_random(games=100, first_seed=0, adventure="fellowship"):
    """Two-player games, heuristic bot against random bot, seats alternating. Returns
    ``(heuristic wins, random wins, shared)``."""
    h = r = shared = 0
    for seed in range(first_seed, first_seed + games):
        kinds = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        w = bot_game(2, seed, adventure, list(kinds)).winners()
        if len(w) == 1:
            h += kinds[w[0]] == "heuristic"
            r += kinds[w[0]] == "random"
        else:
            shared += 1
    return h, r, shared


def share_line(label, wins, games):
    """Print ``wins`` of ``games`` as a share with its 95% (Wilson) confidence interval.

    >>> share_line("heads", 50, 100)
    heads: 50 of 100 = 50.0%, 95% CI [40.4%, 59.6%]
    """
    lo, hi = Estimate.proportion(wins, games).ci()
    print(f"{label}: {wins} of {games} = {wins / games:.1%}, 95% CI [{lo:.1%}, {hi:.1%}]")


def adventure_means(games=40, players=3, first_seed=0):
    """Print, for each adventure, the mean score of the winner and of the last player in
    ``games`` seeded heuristic-bot games, each mean with its 95% confidence interval, and
    the mean gap between them: a paired difference (winner and last of the same game),
    with its own interval. Every adventure plays the same seeds, so the adventures are
    then compared **paired**, seed by seed: the mean difference of the winners' scores and
    of the gaps, each with its 95% interval. Returns ``{adventure: Estimate of the gap}``."""
    def estimate(xs):
        a = np.array(xs, dtype=float)
        return Estimate.mean_of(a.sum(), (a * a).sum(), len(a))

    def mean_ci(xs):
        e = estimate(xs)
        lo, hi = e.ci()
        return f"{e.value:.1f} [{lo:.1f}, {hi:.1f}]"

    out = {}
    print(f"{'mean [95% CI]':26}{'winner':20}{'last':20}gap (paired)")
    for adventure in ("fellowship", "magnificent", "escape"):
        best, worst = [], []
        for seed in range(first_seed, first_seed + games):
            pts = sorted(bot_game(players, seed, adventure).scores())
            best.append(pts[-1])
            worst.append(pts[0])
        gaps = [b - w for b, w in zip(best, worst)]
        out[adventure] = (best, gaps)
        print(f"{adventure:26}{mean_ci(best):20}{mean_ci(worst):20}{mean_ci(gaps)}")
    print(f"\n{'same seeds, paired':26}{'winner':20}gap")
    for a, b in (("magnificent", "fellowship"), ("magnificent", "escape"), ("escape", "fellowship")):
        win = [x - y for x, y in zip(out[a][0], out[b][0])]
        gap = [x - y for x, y in zip(out[a][1], out[b][1])]
        print(f"{a + ' - ' + b:26}{mean_ci(win):20}{mean_ci(gap)}")
    return {adventure: estimate(gaps) for adventure, (_, gaps) in out.items()}


__all__ = ["BRINGS", "LEGEND", "adventure_means", "at_least_one", "bot_game", "deck_terrain",
           "fight_game", "fog_count_odds", "gold_table", "heuristic_vs_random", "last_log", "log_counts",
           "next_turn_table", "play", "player_table", "rulebook_example", "score_table",
           "share_line", "show_actions", "simulate_fight", "simulate_next_turn", "simulate_sprite",
           "sprite_danger", "sword_table", "swept_by", "text_map"]
