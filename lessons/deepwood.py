"""Helpers for the Deep Wood lessons (``notebooks/deepwood``), too long for a lesson cell.

Text pictures of a forest board and the market, small scripted players that bring a game
to the position a lesson needs, and tables for the fight odds. Every helper plays only
through the engine contract (``apply``, ``step``, ``legal_actions``, ``fork``), so it can
never put a game into a state the rules forbid.
"""

from __future__ import annotations

import re
from collections import Counter

from deepwood_kernel.games.deepwood import fight_advice, fight_odds, obstacle_set_gold
from deepwood_kernel.games.deepwood.rules import SWORD_LOSS_ON_WIN
from deepwood_kernel.prob import simulate_keep_aside, simulate_sum, sum_of

from .compare import frac
from .moves import play  # noqa: F401  (the notebooks import it from here)

CODES = {"forest": "..", "?": "??", "thicket": "Th", "gate": "Ga", "guard": "Gu",
         "sword": "Sw", "troll": "Tr", None: "__"}
LETTER = {"potions": "P", "books": "B", "gold": "G", "stones": "S", None: "."}
LEGEND = ("`..` face-up forest, `??` face-down tile, `^^` rock (Felsen), `==` wall (Mauer), "
          "`__` bare forest floor, `Th` thicket, `Ga` gate, `Gu` guard, `Sw` sword, "
          "`Tr` troll; a digit counts marker stones, `@` is the figure.")




def text_board(g, seat=None):
    """Print one forest board with field names: 2-letter tile code, then the number of
    marker stones, then @ for the figure. A ~ after a row number marks fog."""
    s = g.state
    seat = s.seat if seat is None else seat
    c, b = s.content, s.boards[seat]
    print(f"{s.players[seat].name}'s forest, round {s.round}")
    print("      " + "".join(f"{chr(97 + col):<5}" for col in range(c.columns)))
    for row in reversed(range(c.rows + 2)):
        cells = []
        for col in range(c.columns):
            f = row * c.columns + col
            code = ("==" if row in (0, c.rows + 1) else "^^" if f in c.rocks
                    else CODES[b.tiles[f]])
            if b.trolls[f]:
                code = "Tr"
            cells.append(code + (str(b.stones[f]) if b.stones[f] else " ")
                         + ("@" if b.figure == f else " "))
        fog = "~" if s.fog_row and 1 <= row <= s.fog_row else " "
        print(f"{row:>3}{fog}  " + " ".join(cells))


def text_market(g):
    """Print the 4x4 market (row 1 at the bottom) and who stands on which border field."""
    s = g.state
    for r in (4, 3, 2, 1):
        print(f"row{r} | " + "  ".join(LETTER[s.cells[(r - 1) * 4 + col]] for col in range(4)))
    print("        A  B  C  D")
    taken = {k: "fog marker" if v == -1 else s.players[v].name for k, v in s.borders.items()}
    print("border fields taken:", ", ".join(f"{k}: {v}" for k, v in sorted(taken.items()))
          or "none")


def show_actions(g, *prefixes):
    """Print the legal actions (those starting with one of ``prefixes``, or all)."""
    for a in g.legal_actions():
        if not prefixes or a.id.startswith(prefixes):
            print(f"{a.id:14} {a.label}")


def quiet_turn(game):
    """The player to move lays the first strip offered, takes the first border field,
    lets chance happen, and ends the turn: a game that only runs the clock."""
    seat = game.current_player
    while not game.is_over and (game.is_chance or game.current_player == seat):
        if game.is_chance:
            game.step()
        else:
            ids = game.legal_action_ids()
            game.apply("end" if "end" in ids else ids[0])


def quiet_game(players=2, seed=0, until_round=None, until_phase=None):
    """A seeded game of quiet turns, stopped at the start of ``until_round`` or as soon
    as the phase is ``until_phase``."""
    import deepwood_kernel as dk
    g = dk.new_game("deepwood", players=players, seed=seed)
    g.advance()
    while not g.is_over:
        if until_round is not None and g.state.round >= until_round:
            break
        if until_phase is not None:
            if g.state.phase == until_phase:
                break
            if g.is_chance:
                g.step()
            else:
                ids = g.legal_action_ids()
                g.apply("end" if "end" in ids else ids[0])
            continue
        quiet_turn(g)
    return g


def pile_runs_out(players, seed=0, rounds=10):
    """Rounds (up to ``rounds``) at whose end the strip pile ran out, in a quiet game,
    and the fog row of the round after."""
    import deepwood_kernel as dk
    q = dk.new_game("deepwood", players=players, seed=seed)
    q.advance()
    piles, emptied = q.state.piles_made, []
    while q.state.round <= rounds:
        before = q.state.round
        quiet_turn(q)
        if q.state.piles_made != piles:
            emptied.append(before)
            piles = q.state.piles_made
    return emptied, q.state.fog_row


def border_totals(game):
    """For every border field offered, how many resources it would add (tried on forks)."""
    seat = game.current_player
    out = {}
    for a in game.legal_actions():
        trial = game.fork()
        before = sum(trial.state.players[seat].res.values())
        trial.apply(a.id)
        out[a.id.split()[1]] = sum(trial.state.players[seat].res.values()) - before
    return out


def reveal_frequencies(g, trials=5_000, first_seed=10_000):
    """Replay ``g``'s history in ``trials`` games with other seeds, let each game's own
    generator resolve the pending reveal, and return ``[(tile, exact, estimate)]``."""
    import deepwood_kernel as dk
    from deepwood_kernel.prob import Estimate
    prefix = [step.id for step in g.history]
    seen = Counter()
    for seed in range(first_seed, first_seed + trials):
        trial = dk.new_game("deepwood", players=g.players, seed=seed)
        play(trial, *prefix)
        seen[trial.step().id.split()[-1]] += 1
    return [(o.id.split()[-1], p, Estimate.proportion(seen[o.id.split()[-1]], trials))
            for o, p in g.chance_outcomes()]


# -- lesson 5: fights -----------------------------------------------------------------

def advice_table(roll, rolls_left, strength, kept=(), bonus=0, rows=8):
    """Every set-aside choice, best first: the exact win chance and a simulation of
    40,000 fights that go on from there with the best play, with its 95% interval."""
    print(f"{'set aside':12} {'exact':>14} {'':>6} {'simulated, 40,000 fights':>25}")
    for keep, p in fight_advice(roll, rolls_left, strength, kept=kept, bonus=bonus)[:rows]:
        dice_left = len(roll) - len(keep)
        need = strength - bonus - sum(kept) - sum(keep)
        if dice_left == 0 or rolls_left == 0:
            sim = "  (no roll left)" if need > 0 else "  (won)"
        else:
            est = simulate_keep_aside(dice_left, need, rolls=rolls_left, trials=40_000,
                                      seed=2024)
            lo, hi = est.ci()
            sim = f"{est.value:9.3f}  [{lo:.3f}, {hi:.3f}]"
        print(f"{str(keep):12} {frac(p):>14} {float(p):6.3f} {sim}")


def strategies(dice, strength, trials=20_000, seed=0):
    """Win chance against ``strength`` for three ways to use three rolls, each as
    ``(exact, simulated)``: one roll only, all-or-nothing rerolls, optimal set-aside."""
    import numpy as np
    one = sum_of(dice).at_least(strength)
    three = 1 - (1 - one) ** 3
    rng = np.random.default_rng(seed)
    sums = rng.integers(1, 7, size=(trials, 3, dice)).sum(axis=2)
    return {"one roll": (one, simulate_sum(dice, trials=trials, seed=seed).at_least(strength)),
            "all or nothing": (three, float((sums >= strength).any(axis=1).mean())),
            "set aside": (fight_odds(dice, strength),
                          simulate_keep_aside(dice, strength, trials=trials, seed=seed))}


def fight_value(p, dice, gold):
    """Expected gold of a fight won with chance ``p``: the treasure minus the swords
    turned face down on a win (DW-6.5), or one sword lost on a defeat; a sword counts
    as 1 gold."""
    return p * (gold - SWORD_LOSS_ON_WIN[dice]) - (1 - p)


# -- lessons 6 and 7: scoring and reading a game ------------------------------------

def breakdown_table(game):
    """Every scoring line for every player, side by side, and the totals."""
    rows = [game.score_breakdown(seat) for seat in range(game.players)]
    print(f"{'':34}" + "".join(f"{n:>8}" for n in game.state.names))
    for i, (line, _) in enumerate(rows[0]):
        print(f"{line.split(' (')[0]:34}" + "".join(f"{r[i][1]:>8}" for r in rows))
    print(f"{'total':34}" + "".join(f"{t:>8}" for t in game.scores()))


LOG_KINDS = {
    "steps": r" moves to ",
    "obstacles cleared": r" to clear the ",
    "swords collected": r" collects the sword",
    "trolls appeased": r" appeases the troll",
    "trolls placed": r" places a troll",
    "bonus pips paid": r" for \+\d+ pips?",
    "fights won": r" beats rock monster",
    "fights lost": r" loses the fight",
    "stepped back": r" steps back",
    "left the forest": r" leaves the deep forest| also leaves the deep forest",
}


def log_summary(game):
    """Print how often each kind of event appears in the log, per player."""
    names = game.state.names
    counts = {n: Counter() for n in names}
    for line in game.log:
        who = line.split(" ")[0]
        for kind, pattern in LOG_KINDS.items():
            if who in counts and re.search(pattern, line):
                counts[who][kind] += 1
    print(f"{'':20}" + "".join(f"{n:>8}" for n in names))
    for kind in LOG_KINDS:
        print(f"{kind:20}" + "".join(f"{counts[n][kind]:>8}" for n in names))


def score_curve(game):
    """Replay ``game`` and return ``(rounds, scores)``: what every player would score if
    the game ended at the start of each round, and at the end."""
    import deepwood_kernel as dk
    replay = dk.new_game("deepwood", players=game.players, seed=game.seed)
    rounds, curve = [], []
    for step in game.history:
        if replay.state.round != (rounds[-1] if rounds else None):
            rounds.append(replay.state.round)
            curve.append(replay.scores())
        replay.apply(step.id)
    return rounds + ["end"], curve + [replay.scores()]


def score_by_hand(game):
    """The final scoring of lesson 6 written out from the rules, using only the game
    state (not the engine's scoring): a second opinion to compare with ``scores()``."""
    s = game.state
    paths = [sum(1 for n in b.stones if n) if b.left else None for b in s.boards]
    best = max((x for x in paths if x is not None), default=None)
    tied = paths.count(best) if best is not None else 0
    result = []
    for seat, p in enumerate(s.players):
        cards = [s.content.monsters[i] for i, _ in p.monsters]
        wild = sum(1 for m in cards if m.advantage == "obstacle_wildcard")
        ob = p.obstacles
        gold = obstacle_set_gold(ob["thicket"], ob["gate"], ob["guard"], wild)
        gold += p.trolls + p.swords + sum(m.gold for m in cards) + p.res["gold"]
        gold += sum(p.res[r] // 3 for r in ("potions", "books", "stones"))
        if s.boards[seat].left:
            gold += 5 + ((15 if tied == 1 else 10) if paths[seat] == best else 0)
        result.append(gold)
    return result


# -- lesson 6: a scripted two-player game that reaches the fog quickly ------------------

SIDE_KINDS = ("guard", "gate", "thicket", "sword")
ALL = ("potions", "books", "gold", "stones")


def force_reveal(game):
    """Column c shows forest; any other tile in Anna's view an obstacle or a sword."""
    sq = game.state.content.name(game.state.reveal_at)
    offered = [o.id.split()[-1] for o, _ in game.chance_outcomes()]
    kinds = ("forest",) if sq[0] == "c" else SIDE_KINDS
    game.apply(f"reveal {sq} " + next(k for k in kinds if k in offered))


def gain(game, aid, kinds):
    """How many of ``kinds`` the player to move would hold after ``aid`` (on a copy)."""
    seat = game.current_player
    trial = play(game.fork(), aid)
    return sum(trial.state.players[seat].res[k] for k in kinds)


def market(game, kinds):
    """Enter if needed, lay the first strip offered, take the border field that gives the
    most of ``kinds``, and draw."""
    if game.legal_action_ids()[0].startswith("enter"):
        game.apply("enter c0" if game.current_player == 0 else "enter a0")
    # exchanges and troll placements are offered in the market part too (DW-9.1):
    # this scripted player only lays a strip and takes a border field
    game.apply(next(i for i in game.legal_action_ids() if i.startswith("place")))
    borders = [i for i in game.legal_action_ids() if i.startswith("border")]
    game.apply(max(borders, key=lambda aid: gain(game, aid, kinds)))
    game.step()


def anna_board(game):
    """Anna walks up column c (and out over c8) as far as her stones allow."""
    while game.current_player == 0 or (game.is_chance and game.state.seat == 0):
        if game.is_chance:
            force_reveal(game)
            continue
        ids = game.legal_action_ids()
        fig = game.state.boards[0].figure
        up = f"move c{fig // 5 + 1}" if fig is not None else None
        step = [i for i in ids if i in (up, "leave c8")]
        game.apply(step[0] if step else "end" if "end" in ids else ids[0])


def ben_turn(game):
    """Ben takes the most resources, steps to a1 once, and otherwise waits."""
    market(game, ALL)
    while not game.is_over and (game.is_chance or game.current_player == 1):
        if game.is_chance:
            game.step()
            continue
        ids = game.legal_action_ids()
        game.apply("move a1" if "move a1" in ids else "end" if "end" in ids else ids[0])


def scripted_game(seed=8, until_round=10):
    """Lesson 6's game: Anna (stones, straight up column c) and Ben (waiting), played
    until round ``until_round`` begins."""
    import deepwood_kernel as dk
    g = dk.new_game("deepwood", players=2, seed=seed)
    g.advance()
    while g.state.round < until_round:
        market(g, ("stones",))
        anna_board(g)
        ben_turn(g)
    return g
