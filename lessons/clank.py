"""Helpers for the *Klong!* (Clank!) lessons (``notebooks/clank``), too long for a lesson cell.

Text views of a player's piles, resources, the dungeon row and the clank cubes; small
set-up and turn helpers that force chance events (every draw, refill and cube is a chance
event the engine lets a lesson choose); the exact and simulated dragon-attack odds; the
scoring written out from the rules; and lesson 6's sprinter bot. Every helper plays only
through the engine contract (``apply``, ``step``, ``legal_actions``, ``fork``), so it can
never put a game into a state the rules forbid.
"""

from __future__ import annotations

import contextlib
import heapq
import io
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np

import deepwood_kernel as dk
from deepwood_kernel.games.clank.bots import distances_to
from deepwood_kernel.games.clank.render import card_text
from deepwood_kernel.prob import colour_marginal, simulate_bag_hits
from deepwood_kernel.sim import make_bot, play_out

from .clank_content import BANNER, cards_of, dungeon_deck_table, refill_tree  # noqa: F401


# -- the lessons' small helpers (all lessons) ------------------------------------------

def play(g, *ids):
    """Apply action ids (and forced chance outcomes) in order."""
    for i in ids:
        g.apply(i)


def names(g, ms):
    """A multiset of card keys ({key: count}) as readable card names."""
    cards = g.state.content.cards
    return ", ".join(f"{cards[k].name} ×{n}" if n > 1 else cards[k].name
                     for k, n in sorted(ms.items())) or "–"


def piles(g, seat=0):
    """Print where a player's cards are: draw pile, hand, play area and discard pile."""
    p = g.state.players[seat]
    play_area = {}
    for k in p.play:
        play_area[k] = play_area.get(k, 0) + 1
    print(f"{p.name}'s cards")
    for title, pile in (("draw pile", p.draw), ("hand", p.hand), ("play area", play_area),
                        ("discard pile", p.discard)):
        print(f"  {title:13}({sum(pile.values()):>2}): {names(g, pile)}")
    if p.trashed:
        print(f"  trashed (box)({len(p.trashed):>2}): {', '.join(g.state.content.cards[k].name for k in p.trashed)}")


def resources(g):
    """Print what the player to move has this turn, and their gold and clank."""
    s = g.state
    t, p = s.turn, s.players[s.seat]
    print(f"{p.name}: skill {t.skill}, swords {t.swords}, boots {t.boots}"
          + (f", teleports {t.teleports}" if t.teleports else "")
          + f" | gold {p.gold} | cubes in the clank area {p.clank}")


def actions(g, *prefixes):
    """Print the legal actions with their labels (only ids starting with a prefix, if given)."""
    for a in g.legal_actions():
        if not prefixes or a.id.startswith(prefixes):
            print(f"{a.id:22} {a.label}")


def attempt(g, action_id):
    """Apply an action, or print the engine's reason for refusing it."""
    try:
        g.apply(action_id)
        print("done:", action_id)
    except dk.IllegalAction as e:
        print("refused:", e)


def show_log(g, since):
    """Print the log lines written since line number `since`."""
    for line in g.log[since:]:
        print(line)


def end_turn(g, refill=(), hand=()):
    """End the turn. Force the cards that refill the dungeon row and the cards of the next
    hand (given as card keys); whatever is not given is left to the seeded chance."""
    play(g, "end")
    play(g, *(f"row {k}" for k in refill))
    while g.is_chance and g.state.phase != "hand":
        g.step()
    play(g, *(f"draw {k}" for k in hand))
    g.advance()


def quiet_turn(g):
    """The player to move plays every card in hand, buys nothing and ends the turn."""
    while g.state.players[g.state.seat].hand:
        ids = g.legal_action_ids()
        g.apply("skip" if "skip" in ids else next(i for i in ids if i.startswith("play ")))
    end_turn(g)


def where(g, seat=0):
    """Print where a player stands, and their health and supply."""
    s = g.state
    p, c = s.players[seat], s.content
    room = c.rooms[p.room]
    print(f"{p.name} is in {room.name} ({room.id})" + (", in the depths" if room.depths else "")
          + f"; damage {p.damage} of {c.health}, {p.supply} cubes in the supply")




def row(g):
    """Print the dungeon row: slot, card, banner colour, price and text."""
    cards = g.state.content.cards
    for slot, key in enumerate(g.state.row):
        if key is None:
            print(f"  slot {slot}: (empty)")
            continue
        card = cards[key]
        price = (f"{card.swords} sword{'s' if card.swords != 1 else ''}"
                 if card.type == "monster" else f"{card.cost} skill")
        marks = (" [dragon symbol]" if card.dragon else "") + (" [danger]" if card.danger else "")
        print(f"  slot {slot}: {card.name:20} {BANNER[card.type]:6} {price:9} {card_text(card)}{marks}")


# -- set-up by forced chance events, cubes and the dragon (lessons 4 and 5) ------------

def act(g, *ids):
    """Like play, and print the new lines of the game log."""
    mark = len(g.log)
    play(g, *ids)
    print("\n".join(g.log[mark:]))


def deal(g, *cards):
    """Force the next cards a player draws (every draw is a chance event 'draw <card>')."""
    play(g, *(f"draw {c}" for c in cards))


def new_table(players, row, hands, removed=(), seed=0):
    """A game set up by forced chance events: artifacts removed to the box (2 or 3
    players), the six cards of the dungeon row, then every player's first hand."""
    g = dk.new_game("clank", players=players, seed=seed)
    play(g, *(f"remove {v}" for v in removed), *(f"row {k}" for k in row))
    for hand in hands:
        deal(g, *hand)
    return g


def cube_table(g):
    """Where every player's 30 clank cubes are, the black cubes, and the rage track."""
    s = g.state
    print(f"{'':8}{'supply':>8}{'clank area':>12}{'in the bag':>12}{'damage':>8}")
    for p in s.players:
        print(f"{p.name:8}{p.supply:>8}{p.clank:>12}{p.bag:>12}{p.damage:>8}")
    track = s.content.game["rage_track"]
    print(f"black cubes: {s.black_bag} in the bag, {s.black_aside} set aside | "
          f"rage space {s.rage + 1} of {len(track)}: {track[s.rage]} cubes per attack")


def row_names(g):
    """The names of the cards in the dungeon row, slot by slot."""
    cards = g.state.content.cards
    return [cards[k].name if k else "(empty)" for k in g.state.row]


def cube_status_table(g):
    """Each player's status and room, and where their 30 clank cubes are."""
    s = g.state
    print(f"{'':8}{'status':>9}{'room':>6}{'supply':>8}{'clank area':>12}{'in bag':>8}"
          f"{'damage':>8}{'set aside':>11}")
    for p in s.players:
        room = s.content.rooms[p.room].id
        print(f"{p.name:8}{p.status:>9}{room:>6}{p.supply:>8}{p.clank:>12}{p.bag:>8}"
              f"{p.damage:>8}{p.set_aside:>11}")
    track = s.content.game["rage_track"]
    print(f"black cubes in the bag: {s.black_bag} | rage space {s.rage + 1}: {track[s.rage]} "
          f"cubes | countdown space: {s.countdown or '-'}")



def simulate_attack(game, trials, seed):
    """Play the pending attack `trials` times on copies of the game, drawing every cube at
    random (seeded), and return each player's damage frequencies."""
    rng = np.random.default_rng(seed)
    counts = np.zeros((game.players, 11))
    for _ in range(trials):
        copy = game.fork()
        before = [p.damage for p in copy.state.players]
        while copy.state.phase == "attack":
            outcomes = copy.chance_outcomes()
            weights = np.array([float(p) for _, p in outcomes])
            copy.apply(outcomes[rng.choice(len(outcomes), p=weights)][0])
        for seat, p in enumerate(copy.state.players):
            counts[seat, p.damage - before[seat]] += 1
    return counts / trials


# -- odds and counting ------------------------------------------------------------------

def hand_odds(game, key):
    """Exact P(the hand being drawn now gets at least one ``key``), by following every
    draw the engine offers (each a chance event) on copies of the game."""
    if not (game.is_chance and game.state.phase == "hand"):
        return Fraction(0)                       # the hand is complete
    total = Fraction(0)
    for outcome, p in game.chance_outcomes():
        if outcome.id == f"draw {key}":
            total += p
        else:
            branch = game.fork()
            branch.apply(outcome)
            total += p * hand_odds(branch, key)
    return total


def fewest_boots(content, frm, to):
    """The fewest boots from room ``frm`` to room ``to``, walking only (Dijkstra over the
    crossable tunnels; locked tunnels need a key, so they are left out)."""
    start, goal = content.room_index[frm], content.room_index[to]
    best, heap = {start: 0}, [(0, start)]
    while heap:
        d, room = heapq.heappop(heap)
        if room == goal:
            return d
        for dest, tunnel in content.exits[room]:
            if not tunnel.locked and d + tunnel.boots < best.get(dest, 99):
                best[dest] = d + tunnel.boots
                heapq.heappush(heap, (d + tunnel.boots, dest))


def features(room):
    """What a room offers, in words: artifact, secret, market, shrine, crystal, fountain."""
    out = []
    if room.artifact:
        out.append(f"artifact {room.artifact}")
    if room.secret:
        out.append(f"{room.secret} secret")
    for flag, text in (("market", "market"), ("shrine", "monkey shrine"),
                       ("crystal", "crystal cave"), ("fountain", "heal fountain")):
        if getattr(room, flag):
            out.append(text)
    return ", ".join(out)


def best_gold(game):
    """The most gold the player to move can hold after fighting, trying every order of
    fights on copies of the game."""
    gold = game.state.players[game.current_player].gold
    best = gold
    for a in game.legal_action_ids():
        if a.startswith("fight"):
            branch = game.fork()
            branch.apply(a)
            best = max(best, best_gold(branch))
    return best




def p_hit(mine, others, black=24, drawn=4):
    """Exact chance that at least one of `mine` cubes is among `drawn` from the bag."""
    bag = {"black": black, "mine": mine, "others": others}
    return 1 - colour_marginal({k: v for k, v in bag.items() if v}, drawn, "mine").pmf(0)


def sim_hit(mine, others, seed, black=24, drawn=4):
    """Seeded simulation of :func:`p_hit` (20,000 attacks); returns the share hit."""
    bag = {k: v for k, v in {"black": black, "mine": mine, "others": others}.items() if v}
    return simulate_bag_hits(bag, drawn, colours=["mine"], trials=20_000,
                             seed=seed)["mine"].at_least(1).value


# -- scoring (lessons 5 and 6) ------------------------------------------------------------

def breakdown_table(game):
    """Every scoring line for every player, side by side ('-': lost, scores nothing)."""
    rows = [dict(game.score_breakdown(seat)) for seat in range(game.players)]
    lines = max(rows, key=len)
    print(f"{'':40}" + "".join(f"{n:>9}" for n in game.state.names))
    for line in lines:
        print(f"{line:40}" + "".join(f"{r.get(line, '-'):>9}" for r in rows))


def score_by_hand(game):
    """The scoring of lesson 5 written out from the rules, using only the game state
    (not the engine's scoring code): a second opinion to compare with ``scores()``."""
    c = game.state.content
    result = []
    for p in game.state.players:
        if p.status == "lost":
            result.append(0)
            continue
        cards = list(p.play)
        for pile in (p.draw, p.hand, p.discard):
            for key, n in pile.items():
                cards += [key] * n
        points = sum(p.artifacts)
        points += p.idols * c.game["idol_points"]
        points += sum(c.secrets[key].points for key in p.secrets)
        points += c.game["mastery_points"] if p.mastery else 0
        points += p.gold
        points += sum(c.cards[key].points for key in cards)
        points += (p.keys * c.market["key_points"] + p.backpacks * c.market["backpack_points"]
                   + sum(p.crowns))
        result.append(points)
    return result


# -- lesson 6: a bot of our own, and reading a game's log ---------------------------------

class Sprinter:
    """Grab the nearest artifact, then run for the exit; buy boots on the way."""

    def choose(self, game):
        s = game.state
        p, c = s.players[s.seat], s.content
        ids = game.legal_action_ids()
        if "skip" in ids:                      # a discard or trash choice: decline it
            return "skip"
        for aid in ids:                        # play every card first
            if aid.startswith("play "):
                return aid
        if "take artifact" in ids and not p.artifacts:
            return "take artifact"
        if p.artifacts:                        # where to: the exit, or the nearest artifact
            target = c.start
        else:
            here = distances_to(s, p.room, False)
            target = min(s.artifacts, key=lambda room: here[room])
        dist = distances_to(s, target, False)
        best, best_d = None, dist[p.room]
        for aid in ids:                        # the move that gets closest (max swords)
            if aid.startswith("move "):
                room, _, block = aid[5:].partition(" block ")
                d = dist[c.room_index[room]]
                if d < best_d or (d == best_d and best and block > best.partition(" block ")[2]):
                    best, best_d = aid, d
        if best:
            return best
        for aid in ("buy explore", "buy mercenary"):
            if aid in ids:
                return aid
        return "end"

    def __repr__(self):
        return "Sprinter()"


HIGHLIGHTS = r"takes the artifact|takes a (major|minor) secret|secret is a|monkey idol|escapes|" \
       r"first out|countdown|knocked out|rage rises|for \d+ gold"


def highlights(game):
    """The important log lines, each with its turn; each attack summed up in one line."""
    turn, drawn = "setup", None
    for line in game.log + ["(end)"]:
        if drawn is not None and not line.startswith("A "):
            hurt = Counter(m.group(1) for m in drawn if m.group(1))
            misses = sum(1 for m in drawn if not m.group(1))
            print(f"{'':11}-> {misses} missed" + "".join(f", {who} {n} damage"
                                                         for who, n in hurt.items()))
            drawn = None
        m = re.match(r"Turn (\d+)", line)
        if m:
            turn = f"turn {m.group(1):>2}"
        if line.startswith("The dragon attacks!"):
            print(f"{turn:9}  {line}")
            drawn = []
        elif drawn is not None:
            drawn.append(re.match(r"A \w+ cube: (?:(\w+) takes)?", line))
        elif re.search(HIGHLIGHTS, line):
            line = re.sub(r"^Turn \d+: ", "", line)
            print(f"{turn:9}  {line}")


def sprinter_games(seeds):
    """The sprinter in every seat against two heuristic bots: (seat, scores, winners)."""
    out = []
    for seed in seeds:
        for seat in range(3):
            game = dk.new_game("clank", players=3, seed=seed)
            bots = {s: make_bot("clank", "heuristic", seed=seed * 10 + s) for s in range(3)}
            bots[seat] = Sprinter()
            play_out(game, bots)
            out.append((seat, game.scores(), game.winners()))
    return out


# -- continuing a lesson's game in its second part -------------------------------------------

def continue_from(notebook: str) -> dict:
    """Run the code cells of the first part of a lesson quietly (no printing, no boards,
    no plots) and return its names, so the second part continues with the same game.

    ``notebook`` is a file name next to the calling notebook (the lessons run with their
    own folder as working directory). Cells that draw (boards, ``plt``) or check exercises
    are skipped: they change no game.
    """
    import nbformat
    nb = nbformat.read(Path(notebook), as_version=4)
    names = {}
    for cell in nb.cells:
        src = cell.source
        if cell.cell_type != "code" or "Board(" in src or "plt." in src or "check(" in src:
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(src, notebook, "exec"), names)
    names.pop("__builtins__", None)
    return names


# -- lesson 4: thirteen scripted turns of a four-player game (the rage track climbs) ------

START = ["sidestep", "scramble", "burgle", "burgle", "burgle"]
NOISY = ["burgle", "burgle", "burgle", "stumble", "stumble"]


def plays(cards):
    """``play <card>`` action ids for a list of card keys."""
    return [f"play {c}" for c in cards]


# each turn: what happens, the actions, the hand drawn at its end, a forced secret
SCRIPT = [
    ("takes the artifact worth 5 (r3)", plays(START) + ["move r1", "move r3", "take artifact",
                                                        "buy explore"], NOISY, None),
    ("finds a dragon egg (r2)", plays(START) + ["move r1", "move r2", "take minor",
                                                "buy explore"], NOISY, "dragon_egg"),
    ("finds the other dragon egg (r2)", plays(START) + ["move r1", "move r2", "take minor",
                                                        "buy explore"], NOISY, "dragon_egg"),
    ("walks to the market (r7)", plays(START) + ["move r1", "move r7", "buy explore"],
     NOISY, None),
    ("stumbles twice", plays(NOISY) + ["buy explore"],
     ["explore", "burgle", "burgle", "burgle", "stumble"], None),
    ("stumbles twice", plays(NOISY) + ["buy explore"],
     ["burgle", "burgle", "burgle", "stumble", "sidestep"], None),
    ("stumbles twice", plays(NOISY) + ["buy explore"],
     ["burgle", "burgle", "burgle", "stumble", "sidestep"], None),
    ("stumbles twice", plays(NOISY) + ["buy explore"],
     ["explore", "explore", "sidestep", "scramble", "burgle"], None),
    ("stumbles once", plays(["explore", "burgle", "burgle", "burgle", "stumble"]),
     ["burgle", "burgle", "burgle", "stumble", "sidestep"], None),
    ("stumbles once", plays(["burgle", "burgle", "burgle", "stumble", "sidestep"]),
     ["explore", "explore", "burgle", "burgle", "scramble"], None),
    ("stumbles once", plays(["burgle", "burgle", "burgle", "stumble", "sidestep"]),
     ["burgle", "burgle", "burgle", "stumble", "scramble"], None),
    ("takes the artifact worth 7 (r14)",
     plays(["explore", "explore", "sidestep", "scramble", "burgle"])
     + ["move r11", "move r14", "take artifact"], NOISY, None),
    ("stumbles once", plays(["burgle", "burgle", "burgle", "stumble", "sidestep"]),
     ["explore", "scramble", "burgle", "burgle", "burgle"], None),
]


def play_rage_script(g4, script=SCRIPT):
    """Play the scripted turns of lesson 4 on ``g4`` (forcing each next hand and each
    secret), printing after each turn the rage space, the cubes an attack would draw and
    every player's cubes in the clank area."""
    s4 = g4.state
    track = s4.content.game["rage_track"]
    print(f"start: rage space {s4.rage + 1} ({track[s4.rage]} cubes)")
    print(f"{'turn':>4}  {'':7}{'':34}{'rage space':>11}{'cubes':>6}   clank area")
    for what, actions, hand, secret in script:
        turn, who = s4.turn_no, s4.players[s4.seat].name
        for a in actions:
            g4.apply(a)
            if s4.turn.secret_to_reveal:              # a secret was taken: force its face
                g4.apply(f"secret {secret}")
        play(g4, "end")
        deal(g4, *hand)
        area = "  ".join(f"{p.name[0]}{p.clank}" for p in s4.players)
        print(f"{turn:>4}  {who:7}{what:34}{s4.rage + 1:>11}{track[s4.rage]:>6}   {area}")


# -- lesson 6: counting a game's log, and win shares with intervals ----------------------

LOG_COUNTS = {
    "turns played": r"^Turn \d+: it is (\w+)'s turn\.$",
    "cards bought": r"^(\w+) buys ",
    "monsters defeated": r"^(\w+) defeats ",
    "clank made": r"^(\w+) makes (\d+) clank",
    "damage from attacks": r"^A \w+ cube: (\w+) takes 1 damage",
    "damage in tunnels": r"^(\w+) moves to .* taking (\d+) damage",
    "damage healed": r"^(\w+) heals (\d+) damage",
}


def log_counts(game):
    """Print, per player, how often each kind of event in :data:`LOG_COUNTS` happened
    (a pattern with a second group adds that number), and the cards owned at the end."""
    from deepwood_kernel.games.clank import owned_cards
    names = game.state.names
    counts = {kind: Counter() for kind in LOG_COUNTS}
    for line in game.log:
        for kind, pattern in LOG_COUNTS.items():
            m = re.search(pattern, line)
            if m:
                counts[kind][m.group(1)] += int(m.group(2)) if m.lastindex == 2 else 1
    print(f"{'':22}" + "".join(f"{n:>9}" for n in names))
    for kind in LOG_COUNTS:
        print(f"{kind:22}" + "".join(f"{counts[kind][n]:>9}" for n in names))
    print(f"{'cards owned at the end':22}" + "".join(
        f"{sum(owned_cards(game.state, seat).values()):>9}" for seat in range(len(names))))


def win_share_rows(wins, games, labels):
    """``[(label, Estimate)]`` for win counts (a shared win counts as a fraction, rounded
    to whole games for the interval)."""
    from deepwood_kernel.prob import Estimate
    return [(label, Estimate.proportion(round(w), games)) for label, w in zip(labels, wins)]


def print_shares(rows, fair=None):
    """Print win shares with their 95% intervals; with ``fair``, say whether each
    interval contains that share (then the games cannot tell it from a fair share)."""
    for label, est in rows:
        lo, hi = est.ci()
        note = ""
        if fair is not None:
            note = ("  contains the fair share" if lo <= fair <= hi
                    else "  does not contain the fair share")
        print(f"{label:24} {est.value:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]{note}")


COLOURS = {"green": "#3a9d4a", "blue": "#3465a4", "red": "#cc3333", "yellow": "#d9b310"}


def damage_plot(ax, game, odds, sim, most: int = 4) -> None:
    """Every player's exact damage distribution as bars, the simulated shares as black dots,
    with axis labels and a legend that names both (lesson 4b).

    ``odds`` is ``dragon_attack_odds(game)``, ``sim`` the array of :func:`simulate_attack`.
    """
    width = 0.8 / len(game.state.names)
    ks = list(range(most + 1))
    for seat, name in enumerate(game.state.names):
        xs = [k + (seat - (len(game.state.names) - 1) / 2) * width for k in ks]
        ax.bar(xs, [float(odds.damage[seat].pmf(k)) for k in ks], width,
               color=COLOURS[game.state.players[seat].colour], label=f"{name}: exact")
        ax.plot(xs, sim[seat, :most + 1], "k.", ms=5,
                label="simulated share" if seat == 0 else None)
    ax.set_xticks(ks)
    ax.set_xlabel("damage from this attack (own cubes drawn)")
    ax.set_ylabel("probability")
    ax.legend(fontsize=8)
