"""Helpers for the *DungeonQuest* lessons (``notebooks/dungeonquest``), too long for a cell.

Scripted positions (a solo hero in a tower room with the set-up forced, so a lesson knows
what it shows), a text map of the grid, the exact odds behind the lessons (tests, the
dragon's treasure, the combat duel, the catacomb exit, the sun) and seeded simulations to
set beside them. Every helper that touches a game plays through the engine contract
(``apply``, ``step``, ``legal_actions``, ``chance_outcomes``), so it can never put a game
into a state the rules forbid. The content (board, tiles, decks, heroes, damage table) is
the one designed for this project (``deepwood_kernel/games/dungeonquest/content.toml``).

>>> g = solo_game()
>>> g.state.phase, g.legal_action_ids()
('action', ['move b1', 'move a2'])
>>> dragon_streak(2)                 # two sleeping dragons in a row: 6/8 * 5/7
Fraction(15, 28)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np

import deepwood_kernel as dk
from deepwood_kernel.core.rng import make_rng
from deepwood_kernel.games.dungeonquest import (combat_equilibrium,  # noqa: F401
                                                load_content, sun_survival)
from deepwood_kernel.prob import Estimate, sum_of

from .compare import frac
from .moves import play  # noqa: F401  (the notebooks import it from here)
from .dq_combat import (_mix, against, against_hero, damage_table, duel,  # noqa: F401
                        duel_odds, duel_table, engine_fights, fight_game, mean_row, mixed,
                        payoff, show_mix, simulate_rounds)
from .dq_positions import last_log, show_actions, show_chances, solo_game  # noqa: F401

CONTENT = load_content()
CARDS = CONTENT.combat_cards                     # ("melee", "ranged", "magic")
ATTRS = ("strength", "agility", "toughness", "luck")



# ============================================================== the grid as text
CODE = {"tower": "TT", "treasure": "$$", "dungeon": "Rm", "corridor": "Co", "trap": "Tr",
        "cave_in": "Cv", "chasm": "Ch", "bridge": "Br", "rotating": "Ro", "darkness": "Dk",
        "web": "We", "pit": "Pi"}
LEGEND = ("`..` unexplored, `TT` tower room, `$$` treasure chamber, `Rm` dungeon room, `Co` "
          "corridor, `Tr` trap room, `Cv` caved-in ceiling, `Ch` deep chasm, `Br` bridge, `Ro` "
          "rotating room, `Dk` chamber of darkness, `We` spider web, `Pi` bottomless pit; "
          "then `@` a hero, `m` a monster marker, `s` searched, `e` a catacomb entrance.")


def text_board(g, rows=None):
    """Print the grid as the board draws it (row 1, the north edge, at the top): a
    2-letter room code per square, then a mark for a hero, a monster marker, a searched
    marker or a catacomb entrance, then ``*`` if the room shows a torch symbol and is not
    yet searched (DQ-5.1: only such a room can be searched)."""
    s, c = g.state, g.state.content
    heroes = {h.sq for h in s.heroes if h.sq}
    rows = rows or range(1, c.rows + 1)
    print("    " + "".join(f"{chr(97 + x):<5}" for x in range(c.columns)))
    for r in rows:
        cells = []
        for x in range(c.columns):
            sq = f"{chr(97 + x)}{r}"
            known = sq in s.board or sq in c.towers or sq in c.treasure
            code = CODE[_room_type(s, sq)] if known else ".."
            mark = ("@" if sq in heroes else "m" if sq in s.monsters else
                    "s" if sq in s.searched else "e" if _entrance(s, sq) else " ")
            torch = known and sq in s.board and sq not in s.searched \
                and c.tiles[s.board[sq][0]].torch
            cells.append(code + mark + ("*" if torch else " "))
        print(f"{r:>2}  " + " ".join(cells))


def _room_type(s, sq):
    c = s.content
    return "tower" if sq in c.towers else "treasure" if sq in c.treasure \
        else c.tiles[s.board[sq][0]].type


def _entrance(s, sq):
    return sq in s.entrances or (sq in s.board and s.content.tiles[s.board[sq][0]].entrance)


# ============================================================== lesson 1: heroes, tests
def hero_table():
    """Print the designed heroes: four attributes and life, then the special abilities
    of the hero sheets that have one (DQ-14.7)."""
    from deepwood_kernel.games.dungeonquest.render import ability_text
    print(f"{'hero':20}" + "".join(f"{a:>10}" for a in ATTRS) + f"{'life':>6}")
    for h in CONTENT.heroes.values():
        print(f"{h.name:20}" + "".join(f"{getattr(h, a):>10}" for a in ATTRS)
              + f"{h.life:>6}")
    for h in CONTENT.heroes.values():
        if h.ability:
            print(f"{h.name}: {ability_text(h.ability)}")


def simulate_test(attribute, determination=0, trials=20_000, seed=0):
    """Seeded simulation of an attribute test: 2d6, then spend up to ``determination``
    tokens (each -1) if that turns the roll into a pass."""
    rolls = make_rng(seed).integers(1, 7, size=(trials, 2)).sum(axis=1)
    return Estimate.proportion(int((rolls - determination <= attribute).sum()), trials)


def two_dice_counts():
    """``{sum: number of the 36 equally likely rolls}`` for two dice."""
    d = sum_of(2)
    return dict(zip(d.outcomes, d.weights))


# ============================================================== lesson 2: tiles
def tile_mix():
    """Print the 117 designed room tiles by room type, with the chance that the first
    tile drawn is of that type."""
    by_type = Counter()
    for t in CONTENT.tiles.values():
        by_type[t.type] += t.count
    total = sum(by_type.values())
    for typ, n in by_type.most_common():
        print(f"{typ:10} {n:>4}   first tile: {frac(Fraction(n, total)):>7} "
              f"= {n / total:6.2%}")
    print(f"{'total':10} {total:>4}")


def tile_sides(key):
    """The sides of a designed tile in its own frame (N E S W, the entry arrow on S):
    o open, w wall, d door, p portcullis."""
    t = CONTENT.tiles[key]
    return dict(zip("NESW", t.sides))


# ============================================================== decks
def deck_table(deck):
    """Print a designed deck: every card with its count, its share of the deck and what
    it does (the engine's card text)."""
    from deepwood_kernel.games.dungeonquest.render import card_text
    keys = CONTENT.deck_keys[deck]
    total = sum(CONTENT.cards[k].count for k in keys)
    for k in keys:
        card = CONTENT.cards[k]
        print(f"{card.count:>3}  {frac(Fraction(card.count, total)):>6}  {card.name:24} "
              f"{card_text(card)}")
    print(f"{total:>3} cards in the {deck} deck")


def loot_mean(deck):
    """The exact mean gold of one card drawn from a fresh ``deck`` (0 for cards that
    are not loot)."""
    keys = CONTENT.deck_keys[deck]
    total = sum(CONTENT.cards[k].count for k in keys)
    return Fraction(sum(CONTENT.cards[k].count * CONTENT.cards[k].gold for k in keys), total)


# ============================================================== lesson 3: the dragon
def dragon_counts():
    """(sleeping, waking) dragon cards in the designed dragon deck."""
    wake = sum(CONTENT.cards[k].count for k in CONTENT.deck_keys["dragon"]
               if any(v == "wounds_die" for v, _ in CONTENT.cards[k].effects))
    total = sum(CONTENT.cards[k].count for k in CONTENT.deck_keys["dragon"])
    return total - wake, wake


def dragon_streak(k):
    """The exact chance that the first ``k`` dragon cards drawn (without putting any
    back, as while a hero stays in the treasure chamber) all show a sleeping dragon."""
    sleep, wake = dragon_counts()
    return Fraction(comb(sleep, k), comb(sleep + wake, k))


def dragon_table(max_draws=6):
    """Print, for each draw k: the chance the dragon wakes on draw k given it slept so
    far, the chance to get k sleeping dragons in a row, and the treasure gold expected
    from k draws if you stop at the first waking dragon."""
    sleep, wake = dragon_counts()
    mean = loot_mean("treasure")
    print(f"{'draw':>4}  {'wakes now (if asleep so far)':>30}  {'all asleep':>15}  "
          f"{'expected gold':>13}")
    for k in range(1, max_draws + 1):
        left = sleep + wake - (k - 1)
        gold = mean * sum(dragon_streak(j) for j in range(1, k + 1))
        print(f"{k:>4}  {frac(Fraction(wake, left)):>22} = {wake / left:5.1%}  "
              f"{frac(dragon_streak(k)):>7} = {float(dragon_streak(k)):5.1%}  "
              f"{float(gold):13.1f}")


def simulate_dragon(k, trials=20_000, seed=0):
    """Seeded simulation: shuffle the dragon deck ``trials`` times and count how often
    its first ``k`` cards are all sleeping dragons."""
    sleep, wake = dragon_counts()
    deck = np.array([0] * sleep + [1] * wake)
    keys = make_rng(seed).random((trials, deck.size)).argsort(axis=1)[:, :k]
    return Estimate.proportion(int((deck[keys].sum(axis=1) == 0).sum()), trials)




# ============================================================== lesson 5: catacombs
def exit_wound_odds(distance):
    """``{wounds: exact chance}`` for the die-roll part of leaving the catacombs
    (DQ-10.5) when the travel marker, after the turn, is ``distance`` squares from the
    outer wall in its new direction: every step past the wall costs 1 wound."""
    out = Counter()
    for roll in range(1, 7):
        out[max(0, roll - distance)] += Fraction(1, 6)
    return dict(sorted(out.items()))


def catacomb_share(pred):
    """Exact share of the designed catacomb deck whose cards satisfy ``pred(card)``."""
    keys = CONTENT.deck_keys["catacomb"]
    total = sum(CONTENT.cards[k].count for k in keys)
    return Fraction(sum(CONTENT.cards[k].count for k in keys if pred(CONTENT.cards[k])), total)


def catacomb_path(sq, facing, cards, turn, roll):
    """Where the travel marker ends (DQ-10.4, DQ-10.5): ``cards`` squares towards
    ``facing`` (stopping at the outer wall), a turn ``"left"``/``"right"``, then ``roll``
    squares. Returns ``(square, steps lost at the wall on the roll)``.

    >>> catacomb_path("e5", "N", 3, "left", 2)     # row 1 is the north edge
    ('c2', 0)
    """
    d = "NESW".index(facing)
    sq, _ = _walk(sq, d, cards)
    d = (d + (-1 if turn == "left" else 1)) % 4
    return _walk(sq, d, roll)


def _walk(sq, d, steps):
    for i in range(steps):
        nxt = CONTENT.neighbour(sq, d)
        if nxt is None:
            return sq, steps - i
        sq = nxt
    return sq, 0


# ============================================================== lesson 6: the sun
def sun_track():
    """The number on each space the sun marker reaches in rounds 1, 2, ... (0 = blank):
    the marker starts on space 1 and moves one space at the start of every round."""
    return [CONTENT.sun_numbers.get(k, 0) for k in range(2, CONTENT.sun_length + 1)]


def sunset_round_odds():
    """``{round: exact chance that the sun sets in that round}``."""
    out, alive = {}, Fraction(1)
    for r, m in enumerate(sun_track(), start=1):
        if m:
            out[r] = alive * Fraction(m, 6)
            alive *= 1 - Fraction(m, 6)
    return out


def time_to_leave(space, turns_needed):
    """The exact chance to get out: the sun marker stands on ``space`` and the hero needs
    ``turns_needed`` more rounds (the sun moves before each of them, DQ-2.3) to escape."""
    return sun_survival(space, turns_needed)


def stay_or_go(space, steps, loot, sleeping=6, waking=2):
    """Expected gold of two plans for a hero in the treasure chamber with ``loot`` gold,
    ``steps`` moves from the tower room where they escape, the sun marker on ``space``
    (already moved this round), ``sleeping``/``waking`` dragon cards left in the deck:
    *go* now (the sun moves ``steps - 1`` more times before the escape), or *stay* for one
    more dragon card (one more sun move; a sleeping dragon adds a treasure card worth its
    average). Wounds and the risk of dying are left out. Returns ``(go, stay)``.

    >>> stay_or_go(16, 9, 300)            # go: 300 x 5/27; stay: (300 + 3/4 x 205) x 5/54
    (Fraction(500, 9), Fraction(3025, 72))
    """
    p_sleep = Fraction(sleeping, sleeping + waking)
    go = loot * sun_survival(space, steps - 1)
    stay = (loot + p_sleep * loot_mean("treasure")) * sun_survival(space, steps)
    return go, stay


def game_at_sun(space, first_seed=0):
    """A solo game played by the heuristic bot (its hero kept in the dungeon: it never
    escapes) until the sun marker reaches ``space`` and the hero, still alive, must act.
    The first seed from ``first_seed`` on whose hero lives that long is used."""
    from deepwood_kernel.sim import make_bot
    for seed in range(first_seed, first_seed + 200):
        g = dk.new_game("dungeonquest", players=1, seed=seed, options={"escape_loot": 3})
        bot = make_bot("dungeonquest", "heuristic", seed=seed)
        while not g.is_over and not (g.state.sun >= space and g.state.phase == "action"):
            if g.is_chance:
                g.step()
            else:
                g.apply(bot.choose(g))
        if not g.is_over:
            return g
    raise ValueError(f"no seeded game from {first_seed} reaches sun space {space}")


def until_sun_roll(g, seed=0):
    """Let the heuristic bot play ``g`` on until the sun die is about to be rolled."""
    from deepwood_kernel.sim import make_bot
    bot = make_bot("dungeonquest", "heuristic", seed=seed)
    while not g.is_over and not (g.is_chance and g.state.chance[0] == "sun"):
        if g.is_chance:
            g.step()
        else:
            g.apply(bot.choose(g))
    return g


# ============================================================== lesson 7: bots
def bot_game(players=3, seed=0, kinds=None):
    """A complete seeded game played by bots (``kinds[seat]``, heuristic by default)."""
    from deepwood_kernel.sim import make_bot, play_out
    kinds = kinds or ["heuristic"] * players
    g = dk.new_game("dungeonquest", players=players, seed=seed)
    play_out(g, [make_bot("dungeonquest", k, seed=seed * 10 + i) for i, k in enumerate(kinds)])
    return g


def hero_summary(g):
    """Print each player's hero, fate, wounds, loot and score at the end of a game."""
    s = g.state
    for seat, h in enumerate(s.heroes):
        loot = ", ".join(s.content.cards[k].name for k in h.loot) or "none"
        print(f"{h.name:6} {s.content.heroes[h.hero].name:20} {h.status:8} wounds "
              f"{h.wounds:>2}  score {g.scores()[seat]:>4}")
        print(f"{'':6} loot: {loot}")


def score_lines(g):
    """Print every player's scoring lines (``score_breakdown``) and the winners."""
    for seat in range(g.players):
        lines = g.score_breakdown(seat)
        print(f"{g.player_name(seat)}: " + "; ".join(f"{what} {gold}" for what, gold in lines))
    print("winner:", ", ".join(g.player_name(s) for s in g.winners()) or "nobody")


LOG_KINDS = {"tiles explored": " draws a tile and enters ", "rooms searched": " searches the room",
             "tests passed": " passes.", "tests failed": " fails", "monsters met": " meets a monster:",
             "monsters slain": " is slain!", "dragon cards": " draws a dragon card",
             "loot cards": "(loot, ", "into the catacombs": " descends into the catacombs"}


def log_summary(g):
    """Print how often each kind of event appears in the log, per player (a line counts
    for the player whose name starts it; slain monsters for the player on turn)."""
    names = g.state.names
    counts = {n: Counter() for n in names}
    turn = names[0]
    for line in map(str, g.log):
        if line.endswith("'s turn."):
            turn = line[:-len("'s turn.")]
        elif " begins with " in line:
            turn = line.split(" begins with ")[1].rstrip(".")
        who = line.split(" ")[0] if line.split(" ")[0] in counts else turn
        for kind, text in LOG_KINDS.items():
            counts[who][kind] += text in line
    print(f"{'':20}" + "".join(f"{n:>8}" for n in names))
    for kind in LOG_KINDS:
        print(f"{kind:20}" + "".join(f"{counts[n][kind]:>8}" for n in names))


def heuristic_vs_random_games(games=200, first_seed=0):
    """Two-player games, heuristic bot against random bot, seats alternating (seeds
    ``first_seed`` on). Returns one outcome per game: ``"heuristic"`` or ``"random"`` (that
    bot won alone), ``"shared"`` (a shared win) or ``"nobody out"`` (no hero escaped, so
    nobody wins: every hero died or was trapped at sunset)."""
    from deepwood_kernel.sim import make_bot, play_out
    out = []
    for seed in range(first_seed, first_seed + games):
        kinds = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        g = dk.new_game("dungeonquest", players=2, seed=seed)
        play_out(g, [make_bot("dungeonquest", k, seed=seed * 10 + i) for i, k in enumerate(kinds)])
        w = g.winners()
        out.append(kinds[w[0]] if len(w) == 1 else "shared" if w else "nobody out")
    return out


def heuristic_vs_random(games=200, first_seed=0):
    """``(heuristic wins, random wins, nobody or shared)`` counts of
    :func:`heuristic_vs_random_games`."""
    out = heuristic_vs_random_games(games, first_seed)
    h, r = out.count("heuristic"), out.count("random")
    return h, r, len(out) - h - r


def outcome_table(outcomes):
    """Print how often each outcome of :func:`heuristic_vs_random_games` occurred, each
    share with its 95% (Wilson) interval, then the **paired** comparison of the two bots:
    both win counts come from the same games, so the per-game difference (+1 a heuristic
    win, -1 a random win, 0 otherwise) is averaged, with its 95% (normal) interval.
    Returns that difference as an :class:`Estimate`.

    >>> d = outcome_table(["heuristic", "random", "nobody out", "heuristic"])
    heuristic wins   2 of 4   50.0%  95% CI [15.0%, 85.0%]
    random wins      1 of 4   25.0%  95% CI [4.6%, 69.9%]
    shared wins      0 of 4    0.0%  95% CI [0.0%, 49.0%]
    nobody out       1 of 4   25.0%  95% CI [4.6%, 69.9%]
    paired: heuristic wins - random wins, per game +0.250, 95% CI [-0.688, +1.188]
    """
    from lessons.compare import mean_estimate
    n = len(outcomes)
    for key, label in (("heuristic", "heuristic wins"), ("random", "random wins"),
                       ("shared", "shared wins"), ("nobody out", "nobody out")):
        k = outcomes.count(key)
        lo, hi = Estimate.proportion(k, n).ci()
        print(f"{label:16}{k:>2} of {n}  {k / n:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]")
    d = mean_estimate([(o == "heuristic") - (o == "random") for o in outcomes])
    lo, hi = d.ci()
    print(f"paired: heuristic wins - random wins, per game {d.value:+.3f}, "
          f"95% CI [{lo:+.3f}, {hi:+.3f}]")
    return d


__all__ = ["CARDS", "CONTENT", "LEGEND", "against", "against_hero", "bot_game",
           "catacomb_path", "catacomb_share", "combat_equilibrium", "damage_table",
           "deck_table", "dragon_streak", "dragon_table", "duel", "duel_odds", "duel_table",
           "engine_fights",
           "fight_game",
           "exit_wound_odds", "hero_summary", "hero_table", "heuristic_vs_random",
           "heuristic_vs_random_games", "outcome_table",
           "last_log", "log_summary", "loot_mean", "mean_row", "mixed", "payoff", "play",
           "score_lines", "show_actions", "show_chances", "show_mix", "simulate_dragon", "simulate_rounds",
           "simulate_test", "solo_game", "stay_or_go", "game_at_sun", "until_sun_roll", "sun_track", "sunset_round_odds", "text_board",
           "tile_mix", "tile_sides", "time_to_leave", "two_dice_counts"]
