"""The versus rules of Dungeon Draw as plain functions over :class:`DDState`.

Dungeon Draw is the project's name for the deck-building "draw one path through your own
dungeon" game whose German versus rulebook we follow (the text gives no title and no
edition; we cite it by its section headings, e.g. "Spielrunde", "Weg einzeichnen").
Each function names the rulebook section (German headings) and the rule IDs of
``docs/rules/dungeondraw.md``. The co-operative mode is only named in the rulebook and is
left out.

Readings chosen where the rulebook is silent (each is a **reading** in the reference):

* Seat 0 is the youngest player and buys first in round 1; later rounds start with the
  fewest coins, then the fewest points scored last round, then the lower seat; turns go
  clockwise from there.
* The exploration is simultaneous at the table. The engine lets the players act in turn
  order, one action (a card laid, a path step) each, skipping those who are done; "first
  to finish" (the time bonus) is whoever completes the path in the fewest actions, ties
  by turn order. Hands become open when the exploration begins (DD-3.3).
* Piles are multisets: every draw (goal card, spell book, dungeon card, exploration deck)
  is a chance event over what is left. An empty stack leaves its face-up slot empty.
* Hand cards not laid in the dungeon stay in hand for the next round (the rulebook discards
  only the dungeon's cards); SB-14 trades one of them at clean-up.
* The exit majority needs at least one exit to score; "second most" is the next lower
  count of exits (ties share both places).
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import GameInfo, Option, PackageRules
from .content import Content, load_content, parse_content
from .path import PathState, build_dungeon, path_actions, path_apply, placement_ids
from .state import COLOURS, NAMES, DDState, Player, Round
from .words import path_log

INFO = GameInfo(
    key="dungeondraw", title="Dungeon Draw", min_players=2, max_players=5,
    description="Build a dungeon of five cards each round and draw one path through it, "
                "collecting what the goal cards ask for (the project's name for a game "
                "whose title the rulebook text does not give).",
    # DD-0.1: a bound on replay time; a game that reaches it ends and is scored as it stands
    max_game_length=20_000,
    options={"rounds": Option(6, low=1, high=6, help="rounds to play (the rulebook: 6)")},
)

FAIRY_KINDS = ("key", "rope", "scroll", "sword")


def _take(ms: dict, k: str) -> None:
    ms[k] -= 1
    if not ms[k]:
        del ms[k]


def _add(ms: dict, k: str, n: int = 1) -> None:
    ms[k] = ms.get(k, 0) + n


def goal_kind(goal: str | None) -> str | None:
    return None if goal is None else goal.split("+")[0]


def has_hourglass(goal: str | None) -> bool:
    return bool(goal) and goal.endswith("+hourglass")


def goal_points(s: DDState, goal: str | None) -> int:
    return s.content.goals[goal_kind(goal)] if goal else 0


# ============================================================== setup
def initial_state(players: int, options: dict, content: Content) -> DDState:
    """Spielaufbau (DD-1.1-1.9): fairy market, spell books, dungeon stacks, coins, sheets,
    9 starting cards, 6 coins, the goal deck; then the first main goal (DD-2.1)."""
    c, g = content, content.game
    start, goals, stacks = _piles(c)
    ps = [Player(NAMES[i], COLOURS[i], g["starting_coins"], deck=dict.fromkeys(start, 1))
          for i in range(players)]
    s = DDState(
        content=c, players=ps, fairy={k: g["fairy_stack"] for k in FAIRY_KINDS},
        book_deck=dict.fromkeys(c.books, 1), book_row=[None] * g["face_up"],
        stacks={cost: dict.fromkeys(keys, 1) for cost, keys in stacks},
        rows={cost: [None] * g["face_up"] for cost in g["dungeon_costs"]},
        goal_deck=dict(goals))
    s.rounds = min(options.get("rounds", g["rounds"]) if options else g["rounds"],
                   g["rounds"])
    s.log.append(f"{players} explorers sit down at the fairy market with "
                 f"{g['starting_coins']} coins each.")
    _fill_market(s)
    s.tasks.append(("goal", "main"))
    return s


_PILES: dict = {}


def _piles(c: Content) -> tuple:
    """The content's starting cards, goal deck ({goal: count}) and dungeon cards by cost,
    worked out once per content (every new game starts from them)."""
    hit = _PILES.get(c)                   # Content hashes by identity (eq=False)
    if hit is None:
        goals: dict = {}
        for kind in c.goals:
            for i in range(c.goal_count):
                _add(goals, kind + ("+hourglass" if i < c.goal_hourglass else ""))
        if len(_PILES) >= 8:
            _PILES.clear()
        hit = _PILES[c] = (c.start_cards, goals,
                           [(cost, c.stack(cost)) for cost in c.game["dungeon_costs"]])
    return hit


def _fill_market(s: DDState) -> None:
    for i, b in enumerate(s.book_row):
        if b is None:
            s.tasks.append(("book", i))
    for cost, row in s.rows.items():
        for i, k in enumerate(row):
            if k is None:
                s.tasks.append(("row", cost, i))


# ============================================================== chance
def _task_possible(s: DDState, t: tuple) -> bool:
    kind = t[0]
    if kind == "book":
        return bool(s.book_deck)
    if kind == "row":
        return bool(s.stacks[t[1]])
    if kind == "blind":
        return bool(s.stacks[t[2]])
    if kind == "blindbook":
        return bool(s.book_deck)
    if kind == "goal":
        return bool(s.goal_deck)
    if kind == "draw":
        p = s.players[t[1]]
        return bool(p.deck or p.discard)
    return True


def chance_weights(s: DDState) -> list[tuple[str, int]]:
    if not s.tasks:
        return []
    t = s.tasks[0]
    kind = t[0]
    if kind == "draw":
        p = s.players[t[1]]
        pile = p.deck or p.discard        # an empty deck is the shuffled discard (DD-3.2)
        return _outcomes("draw", pile)
    if kind in ("book", "blindbook"):
        return _outcomes("book", s.book_deck, _sb_order)
    if kind in ("row", "blind"):
        return _outcomes("card", s.stacks[t[1] if kind == "row" else t[2]])
    if kind == "goal":
        return _outcomes("goal", s.goal_deck)
    return []


def _sb_order(key: str) -> int:
    return int(key.split("-")[1])


_OUTCOME_IDS: dict = {}           # verb -> {key: "verb key"}


def _outcomes(verb: str, pile: dict, order=None) -> list[tuple[str, int]]:
    """Drawing from a pile (a multiset): the outcomes ``"VERB KEY"`` weighted by how many
    of each are left, in key order. Each id is written once (a draw is a third of all
    plies), and the keys are sorted alone, not as (key, count) pairs."""
    ids = _OUTCOME_IDS.get(verb)
    if ids is None:
        ids = _OUTCOME_IDS[verb] = {}
    out = []
    for k in sorted(pile, key=order):
        aid = ids.get(k)
        if aid is None:
            if len(ids) > 4096:
                ids.clear()
            aid = ids[k] = f"{verb} {k}"
        out.append((aid, pile[k]))
    return out


def seat_chance_weights(s: DDState, seat: int):
    """A card drawn into another player's hand (or bought blind) is unseen by ``seat``."""
    if not s.tasks:
        return None
    t = s.tasks[0]
    if t[0] == "draw" and t[1] != seat or t[0] == "blind" and t[1] != seat:
        return [("?a face-down card", 1)]
    return None


_DRAW_LINES: dict = {}            # (content, name, card, seat) -> its Secret log line


def _draw_line(c: Content, name: str, key: str, seat: int) -> Secret:
    """The log line of a card drawn into a hand (the card shown to its owner only). A
    Secret is immutable, so one per player name, card and seat serves every game."""
    ck = (c, name, key, seat)
    line = _DRAW_LINES.get(ck)
    if line is None:
        if len(_DRAW_LINES) > 4096:
            _DRAW_LINES.clear()
        line = _DRAW_LINES[ck] = Secret(f"{name} draws {c.cards[key].name}.",
                                        f"{name} draws a card.", (seat,))
    return line


def _apply_chance(s: DDState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    t = s.tasks.pop(0)
    c = s.content
    kind = t[0]
    if kind == "draw":                    # a third of all plies: first
        p = s.players[t[1]]
        if not p.deck:
            p.deck, p.discard = p.discard, {}
            s.log.append(f"{p.name} shuffles the discard pile into a new exploration deck.")
        _take(p.deck, arg)
        _add(p.hand, arg)
        s.log.append(_draw_line(c, p.name, arg, t[1]))
        if "SB-12" in p.ready and not p.peeked:
            p.peeked = True
            s.choice = ("peek", t[1], arg)
    elif kind == "book":
        _take(s.book_deck, arg)
        s.book_row[t[1]] = arg
        s.log.append(f"The spell book {arg} ({c.books[arg].split(':')[0]}) is laid out.")
    elif kind == "blindbook":
        _take(s.book_deck, arg)
        _gain_book(s, t[1], arg)
    elif kind == "row":
        _take(s.stacks[t[1]], arg)
        s.rows[t[1]][t[2]] = arg
        s.log.append(f"{c.cards[arg].name} ({t[1]} coins) is laid out in the market.")
    elif kind == "blind":
        _take(s.stacks[t[2]], arg)
        p = s.players[t[1]]
        _add(p.hand, arg)
        s.log.append(Secret(f"{p.name} draws {c.cards[arg].name} blind from the "
                            f"{t[2]}-coin stack.",
                            f"{p.name} draws a card blind from the {t[2]}-coin stack.",
                            (t[1],)))
    elif kind == "goal":
        _take(s.goal_deck, arg)
        kind_ = goal_kind(arg)
        text = f"{c.goals[kind_]} point{'' if c.goals[kind_] == 1 else 's'} per {kind_}"
        if t[1] == "main":
            s.main_goal = arg
            r = s.round + (1 if s.phase == "cleanup" else 0)
            hg = ", with an hourglass" if has_hourglass(arg) else ""
            s.log.append(f"Round {r}'s main goal: {text}{hg}.")
        else:
            s.second_goal = arg
            s.log.append(f"The secondary goal: {text}.")
            _score_round(s)
    _settle(s)


# ============================================================== flow
def _settle(s: DDState) -> None:
    """Drop impossible chance events and move the game on until a chance event or a
    decision is pending."""
    while True:
        while s.tasks and not _task_possible(s, s.tasks[0]):
            t = s.tasks.pop(0)
            if t[0] == "draw":
                s.log.append(f"{s.players[t[1]].name} has no cards left to draw.")
            elif t == ("goal", "second"):
                s.log.append("The goal deck is empty: no secondary goal this round.")
                _score_round(s)
        if s.tasks or s.choice:
            return
        if s.phase == "setup":
            _start_market(s)
        elif s.phase == "market":
            if all(p.passed for p in s.players):
                _start_draw(s)
            else:
                return
        elif s.phase == "draw":
            if not _next_draw(s):
                _start_explore(s)
        elif s.phase == "explore":
            for p in s.players:
                if not p.finished:
                    return
            _end_explore(s)
        elif s.phase == "score":
            _after_scoring(s)
        elif s.phase == "cleanup":
            if s.cleanup_seat >= s.n:
                _next_round(s)
            elif _cleanup_ids(s, s.cleanup_seat) == ["done"] or s.round >= s.rounds:
                _finish_cleanup(s, s.cleanup_seat)
            else:
                return
        else:
            return


def _start_market(s: DDState) -> None:
    """Einkaufen (DD-2.2): round 1 the youngest (seat 0) first; later the fewest coins,
    ties by the fewest points last round; then clockwise."""
    s.phase = "market"
    if s.round == 1:
        first = 0
    else:
        def last(i):
            r = s.players[i].sheet[-1]
            return r.blue + r.pink + (r.green or 0)
        first = min(range(s.n), key=lambda i: (s.players[i].coins, last(i), i))
    s.order = [(first + k) % s.n for k in range(s.n)]
    s.turn = 0
    for p in s.players:
        p.passed = False
    s.log.append(f"Round {s.round}: the market opens; {s.players[first].name} buys first.")


def _advance_market(s: DDState) -> None:
    if all(p.passed for p in s.players):
        return
    for _ in range(s.n):
        s.turn = (s.turn + 1) % s.n
        if not s.players[s.order[s.turn]].passed:
            return


def _start_draw(s: DDState) -> None:
    """Auf 5 Handkarten nachziehen (DD-3.1)."""
    s.phase = "draw"
    s.draw_seat = 0
    for p in s.players:
        p.peeked = False


def _next_draw(s: DDState) -> bool:
    """Queue the next card draw; False once every hand is full or nothing is left."""
    hs = s.content.game["hand_size"]
    while s.draw_seat < s.n:
        p = s.players[s.draw_seat]
        if sum(p.hand.values()) < hs and (p.deck or p.discard):
            s.tasks.append(("draw", s.draw_seat))
            return True
        s.draw_seat += 1
    return False


def _start_explore(s: DDState) -> None:
    """Erkundung (DD-4): all at once; hands are shown now (DD-3.3)."""
    s.phase = "explore"
    s.turn = 0
    s.bonus_taken = False
    s.first_finisher = None
    for i, p in enumerate(s.players):
        p.placements, p.built, p.path, p.finished = [], False, None, False
        cards = ", ".join(s.content.cards[k].name for k in sorted(p.hand)) or "no cards"
        s.log.append(f"{p.name} shows a hand of {cards}.")
        if not p.hand:
            p.finished = True
            p.path = PathState(p.fairy, set(p.ready))
            p.path.ended = "dead end"
            s.log.append(f"{p.name} has no card to build with and explores nothing.")
    if has_hourglass(s.main_goal):
        s.log.append("The main goal shows an hourglass: \"Start!\" -- the first finished "
                     "path earns the time bonus.")
    _explore_to_next(s, start=True)


def _explore_to_next(s: DDState, start: bool = False) -> None:
    """The turn passes to the next player still exploring (with ``start``, only if the
    first one is done). When everyone is done the turn goes all the way round and stays."""
    players, order, n = s.players, s.order, len(s.players)
    if not start or players[order[s.turn]].finished:
        for _ in range(n):
            s.turn = (s.turn + 1) % n
            if not players[order[s.turn]].finished:
                return


def _return_tile(s: DDState, kind: str) -> None:
    """A fairy tile goes back to the market (DD-2.5); one taken from the box with SB-13
    while the market had none goes back to the box, so the market never holds more than
    its 5 of a kind (reading)."""
    if s.fairy_extra.get(kind):
        _take(s.fairy_extra, kind)
    else:
        s.fairy[kind] += 1


def _finish_path(s: DDState, seat: int) -> None:
    """A finished path (DD-5.5, DD-7.4): the first one in an hourglass round circles the
    time bonus, everyone later crosses it out."""
    p = s.players[seat]
    p.finished = True
    ps = p.path
    how = "leaves the dungeon by an exit" if ps.ended == "exit" else "ends in a dead end"
    s.log.append(f"{p.name}'s path {how}.")
    if has_hourglass(s.main_goal) and not s.bonus_taken:
        s.bonus_taken = True
        s.first_finisher = seat
        s.log.append(f"{p.name} calls \"Fertig!\" first and circles the time bonus.")


def _end_explore(s: DDState) -> None:
    """Belohnung erhalten 1-2 (DD-7.1, DD-7.2): fairy tiles back, coins taken; then the
    secondary goal is drawn and the round scored."""
    s.phase = "score"
    for p in s.players:
        ps = p.path
        for k, v in p.fairy.items():
            for _ in range(v):
                _return_tile(s, k)
        p.fairy = {}
        if ps.coins:
            p.coins += ps.coins
            s.log.append(f"{p.name} takes {ps.coins} coin{'s' if ps.coins != 1 else ''} "
                         "found on the path.")
        p.ready = [b for b in p.ready if b in ps.books]      # used books turned over
        for b in ps.boxed:
            if b in p.books:
                p.books.remove(b)
            if b in p.ready:
                p.ready.remove(b)
            s.book_box.append(b)
            s.log.append(f"{p.name} puts {b} back into the box (once per game).")
        p.sheet.append(Round())
    s.tasks.append(("goal", "second"))


def _score_round(s: DDState) -> None:
    """Belohnung erhalten 3-6 (DD-7.3-7.6): main goal x points (blue), secondary goal x
    points (pink), time bonus (green), exit tick."""
    c = s.content
    bonus = c.game["time_bonus"][s.round - 1]
    for i, p in enumerate(s.players):
        r = p.sheet[-1]
        found = p.path.found
        mk, sk = goal_kind(s.main_goal), goal_kind(s.second_goal)
        r.blue = found.get(mk, 0) * c.goals[mk] if mk else 0
        r.pink = found.get(sk, 0) * c.goals[sk] if sk else 0
        if has_hourglass(s.main_goal):
            r.green = bonus if s.first_finisher == i else 0
        r.exit = p.path.ended == "exit"
        s.log.append(f"{p.name} scores {r.blue} for the main goal and {r.pink} for the "
                     f"secondary goal" + (f", {r.green} time bonus" if r.green else "")
                     + (", and ticks the exit." if r.exit else ", and crosses out the exit."))
        p.upgrades = {k: found.get(k, 0) for k in ("recycle", "scissors") if found.get(k)}
        p.chosen, p.keep = [], []
    s.goal_discard += [g for g in (s.main_goal, s.second_goal) if g]


def _after_scoring(s: DDState) -> None:
    """Optimieren und Aufräumen (DD-8.1): the next main goal (not after the last round),
    then each player's upgrades in seat order."""
    s.phase = "cleanup"
    s.cleanup_seat = 0
    s.main_goal = s.second_goal = None
    if s.round < s.rounds:
        s.tasks.append(("goal", "main"))


def _cleanup_ids(s: DDState, seat: int) -> list[str]:
    p = s.players[seat]
    free = [i for i in range(len(p.placements)) if i not in p.chosen]
    ids = []
    if p.upgrades.get("recycle"):
        ids += [f"recycle {i}" for i in free]
    if p.upgrades.get("scissors"):
        ids += [f"scissors {i}" for i in free]
    if "SB-6" in p.ready:
        ids += [f"erase {i}" for i in free]
    if "SB-17" in p.ready and p.coins >= s.content.game["keep_card_cost"]:
        ids += [f"keep {i}" for i in free]
    return ids + _swap_ids(s, p) + ["done"]


def _swap_ids(s: DDState, p) -> list[str]:
    """SB-14 (DD-10.14): once the new main goal is revealed (not after the last round),
    box 1 bought dungeon card from the hand and take a face-up market card of the same
    or lower cost: ``swap KEY COST SLOT``. Reading: a starting card has no price, so no
    market card costs "gleich viel oder weniger"; the taken card joins the hand."""
    if "SB-14" not in p.ready or s.main_goal is None:
        return []
    c = s.content
    out = []
    for key in sorted(p.hand):
        card = c.cards[key]
        if card.deck != "dungeon":
            continue
        out += [f"swap {key} {cost} {i}" for cost in sorted(s.rows) if cost <= card.cost
                for i, k in enumerate(s.rows[cost]) if k is not None]
    return out


def _finish_cleanup(s: DDState, seat: int) -> None:
    """Wipe the dungeon, cards to the discard pile (kept ones to the hand), books ready
    again (DD-8.4-8.6)."""
    p = s.players[seat]
    for i, (key, *_r) in enumerate(p.placements):
        if i in p.keep:
            _add(p.hand, key)
        elif i in p.chosen:
            p.boxed.append(key)
        else:
            _add(p.discard, key)
    p.placements, p.built, p.path, p.finished = [], False, None, False
    p.upgrades, p.chosen, p.keep = {}, [], []
    p.ready = list(p.books)
    s.cleanup_seat += 1


def _next_round(s: DDState) -> None:
    if s.round == s.content.game["refresh_after_round"] and s.round < s.rounds:
        # DD-8.7: the market is cleared and refilled after round 3
        for i, b in enumerate(s.book_row):
            if b is not None:
                s.book_discard.append(b)
                s.book_row[i] = None
        for cost, row in s.rows.items():
            for i, k in enumerate(row):
                if k is not None:
                    s.market_discard.append(k)
                    row[i] = None
        s.log.append("End of round 3: the market is cleared and laid out anew.")
        _fill_market(s)
    if s.round >= s.rounds:
        s.phase = "over"
        s.log.append("The game ends after the last round's rewards.")
        return
    s.round += 1
    s.phase = "setup"


# ============================================================== legal actions
def current_player(s: DDState) -> int | None:
    if s.tasks or s.phase == "over":
        return None
    if s.choice:
        return s.choice[1]
    phase = s.phase
    if phase == "market" or phase == "explore":
        return s.order[s.turn]            # turns go round the table in both phases
    if phase == "cleanup" and s.cleanup_seat < s.n:
        return s.cleanup_seat
    return None


def _market_ids(s: DDState, seat: int) -> list[str]:
    g, p = s.content.game, s.players[seat]
    ids = []
    if p.coins >= g["fairy_cost"]:
        for k in FAIRY_KINDS:
            if s.fairy[k]:
                ids.append(f"buy fairy {k}")
                if "SB-16" in p.ready:
                    ids += [f"buy fairy {k}+{j}" for j in FAIRY_KINDS if j != k and s.fairy[j]]
    if p.coins >= g["book_cost"]:
        ids += [f"buy book {i}" for i, b in enumerate(s.book_row) if b is not None]
        if s.book_deck:
            ids.append("buy book blind")
    for cost, row in s.rows.items():
        for price, tag in ((cost, ""), (cost - 1, " SB-10")):
            if tag and "SB-10" not in p.ready:
                continue
            if p.coins >= price:
                ids += [f"buy card {cost} {i}{tag}" for i, k in enumerate(row) if k is not None]
                if s.stacks[cost]:
                    ids.append(f"buy card {cost} blind{tag}")
    return ids + ["pass"]


def _explore_ids(s: DDState, seat: int) -> list[str]:
    p = s.players[seat]
    if not p.built:
        c = s.content
        ids = []
        if len(p.placements) < c.game["hand_size"]:     # a dungeon of at most 5 cards
            ids = placement_ids(c, p.placements, p.hand)
        if p.placements:
            ids.append("build done")
        return ids
    d = build_dungeon(s.content, p.placements)
    return path_actions(d, p.path)


def legal_ids(s: DDState) -> list[str]:
    seat = current_player(s)
    if seat is None:
        return []
    if s.choice:
        if s.choice[0] == "drop book":
            return [f"drop {b}" for b in s.players[seat].books if b != s.choice[2]]
        return ["peek keep", "peek discard"]
    if s.phase == "market":
        return _market_ids(s, seat)
    if s.phase == "explore":
        return _explore_ids(s, seat)
    return _cleanup_ids(s, seat)


# ============================================================== applying actions
def _gain_book(s: DDState, seat: int, book: str) -> None:
    p = s.players[seat]
    p.books.append(book)
    p.ready.append(book)
    s.log.append(f"{p.name} takes the spell book {book} "
                 f"({s.content.books[book].split(':')[0]}).")
    if len(p.books) > s.content.game["book_limit"]:
        # DD-2.6, Zauberbücher: "Kaufst du ein 3. Zauberbuch, musst du 1 anderes
        # Zauberbuch ablegen" -- the new book stays, one of the OTHER two is laid aside.
        s.choice = ("drop book", seat, book)


def _buy(s: DDState, seat: int, arg: str) -> None:
    """Feenmarkt (DD-2.3-2.8): one object per turn; a bought card is refilled at once."""
    c, g, p = s.content, s.content.game, s.players[seat]
    parts = arg.split()
    what = parts[0]
    if what == "fairy":
        kinds = parts[1].split("+")
        p.coins -= g["fairy_cost"]
        for k in kinds:
            s.fairy[k] -= 1
            _add(p.fairy, k)
        if len(kinds) > 1:
            p.ready.remove("SB-16")
            s.log.append(f"{p.name} buys a {kinds[0]} fairy tile for {g['fairy_cost']} coin "
                         f"and takes a {kinds[1]} tile with SB-16.")
        else:
            s.log.append(f"{p.name} buys a {kinds[0]} fairy tile for {g['fairy_cost']} coin.")
    elif what == "book":
        p.coins -= g["book_cost"]
        if parts[1] == "blind":
            s.log.append(f"{p.name} pays {g['book_cost']} coins for the top spell book.")
            s.tasks.append(("blindbook", seat))
        else:
            i = int(parts[1])
            book, s.book_row[i] = s.book_row[i], None
            s.log.append(f"{p.name} pays {g['book_cost']} coins.")
            _gain_book(s, seat, book)
            s.tasks.append(("book", i))
    else:
        cost = int(parts[1])
        price = cost
        if parts[-1] == "SB-10":
            price -= 1
            p.ready.remove("SB-10")
        p.coins -= price
        if parts[2] == "blind":
            s.log.append(f"{p.name} pays {price} coins for the top card of the {cost}-coin "
                         "stack.")
            s.tasks.append(("blind", seat, cost))
        else:
            i = int(parts[2])
            key, s.rows[cost][i] = s.rows[cost][i], None
            _add(p.hand, key)
            s.log.append(f"{p.name} buys {c.cards[key].name} for {price} coins.")
            s.tasks.append(("row", cost, i))
    _advance_market(s)


def apply(s: DDState, aid: str) -> None:
    if s.tasks:
        _apply_chance(s, aid)
        return
    seat = current_player(s)
    p = s.players[seat]
    verb, _, arg = aid.partition(" ")
    if s.choice:
        kind = s.choice[0]
        if kind == "drop book":
            p.books.remove(arg)
            if arg in p.ready:
                p.ready.remove(arg)
            s.book_discard.append(arg)
            s.log.append(f"{p.name} already has {s.content.game['book_limit']} spell books "
                         f"and lays {arg} aside.")
        else:
            key = s.choice[2]
            p.ready.remove("SB-12")
            if arg == "discard":
                _take(p.hand, key)
                _add(p.discard, key)
                s.log.append(Secret(f"{p.name} peeks with SB-12 and discards "
                                    f"{s.content.cards[key].name}.",
                                    f"{p.name} peeks with SB-12 and discards a card.", (seat,)))
            else:
                s.log.append(f"{p.name} peeks with SB-12 and keeps the card.")
        s.choice = ()
        _settle(s)
        return
    if s.phase == "market":
        if verb == "pass":
            p.passed = True
            s.log.append(f"{p.name} passes and buys nothing more this round.")
            _advance_market(s)
        else:
            _buy(s, seat, arg)
    elif s.phase == "explore":
        _explore(s, seat, verb, arg, aid)
    else:
        _cleanup(s, seat, verb, arg)
    _settle(s)


def _explore(s: DDState, seat: int, verb: str, arg: str, aid: str) -> None:
    c, p = s.content, s.players[seat]
    if verb == "place":
        key, col, row, rot = arg.split()
        _take(p.hand, key)
        p.placements.append((key, int(col), int(row), int(rot)))
        s.log.append(f"{p.name} lays {c.cards[key].name} at {col} {row}"
                     + (" upside down." if rot == "180" else "."))
    elif aid == "build done":
        p.built = True
        # cards left over stay in hand for the next round (DD-4.4): the rulebook discards
        # only "alle Karten in deinem Dungeon", draws "auf 5 Handkarten" and SB-14 takes
        # a card "von deiner Hand" before any upgrade is used
        p.path = PathState(p.fairy, set(p.ready))
        s.log.append(f"{p.name}'s dungeon of {len(p.placements)} card"
                     f"{'s' if len(p.placements) != 1 else ''} is built.")
        d = build_dungeon(c, p.placements)
        if not d.open_starts():
            p.path.ended = "dead end"
            s.log.append(f"{p.name}'s dungeon has no open corridor on its edge.")
            _finish_path(s, seat)
    else:
        d = build_dungeon(c, p.placements)
        ps = p.path
        before = dict(ps.fairy)
        text = _step_text(d, ps, aid, p.name)    # worded before the step changes the path
        path_apply(d, ps, aid)
        for k, v in before.items():               # fairy tiles go back when used
            for _ in range(v - ps.fairy.get(k, 0)):
                _return_tile(s, k)
        for k, v in ps.fairy.items():              # SB-13: a tile of your choice
            if v > before.get(k, 0):
                if s.fairy[k]:
                    s.fairy[k] -= 1
                else:                              # "auch wenn es gerade nicht verfügbar ist"
                    _add(s.fairy_extra, k)
                s.log.append(f"{p.name} boxes SB-13 and takes a {k} fairy tile.")
        p.fairy = dict(ps.fairy)
        s.log.append(text)
        if ps.ended:
            _finish_path(s, seat)
    _explore_to_next(s)


def _step_text(d, ps, aid: str, name: str) -> str:
    return path_log(d, aid, ps, name)


def _cleanup(s: DDState, seat: int, verb: str, arg: str) -> None:
    """Verbesserungen nutzen (DD-8.2, DD-8.3) and the spell books SB-6 and SB-17."""
    c, p = s.content, s.players[seat]
    if verb == "done":
        _finish_cleanup(s, seat)
        return
    if verb == "swap":                            # SB-14 (DD-10.14)
        key, cost, slot = arg.split()
        cost, slot = int(cost), int(slot)
        taken, s.rows[cost][slot] = s.rows[cost][slot], None
        _take(p.hand, key)
        p.boxed.append(key)
        _add(p.hand, taken)
        p.ready.remove("SB-14")
        s.log.append(f"{p.name} puts {c.cards[key].name} back into the box with SB-14 and "
                     f"takes {c.cards[taken].name} ({cost} coins) from the market.")
        s.tasks.append(("row", cost, slot))
        return
    i = int(arg)
    key = p.placements[i][0]
    name = c.cards[key].name
    p.chosen.append(i)
    if verb == "recycle":
        p.upgrades["recycle"] -= 1
        p.keep.append(i)
        s.log.append(f"{p.name} recycles {name}: it comes back as a hand card next round.")
    elif verb in ("scissors", "erase"):
        if verb == "scissors":
            p.upgrades["scissors"] -= 1
        else:
            p.ready.remove("SB-6")
        s.log.append(f"{p.name} wipes {name} and puts it back into the box.")
    else:
        p.ready.remove("SB-17")
        p.coins -= c.game["keep_card_cost"]
        p.keep.append(i)
        s.log.append(f"{p.name} pays {c.game['keep_card_cost']} coins to keep {name} "
                     "as a hand card.")


def explain_illegal(s: DDState, aid: str) -> str | None:
    if not isinstance(aid, str):
        return None
    verb, _, arg = aid.partition(" ")
    seat = current_player(s)
    if seat is None:
        return "nobody is to decide now"
    p = s.players[seat]
    if s.phase == "market" and verb == "buy":
        return (f"{p.name} has {p.coins} coins; buy something on display that you can "
                "pay for, or pass")
    if s.phase == "explore" and verb == "place":
        from .path import placement_problem
        parts = arg.split()
        if len(parts) != 4:
            return "write 'place CARD COL ROW TURN'"
        key = parts[0]
        if key not in p.hand:
            return f"{key!r} is not in {p.name}'s hand"
        try:
            col, row, rot = int(parts[1]), int(parts[2]), int(parts[3])
        except ValueError:
            return "column, row and turn are whole numbers"
        if p.built:
            return "the dungeon is already built"
        return placement_problem(s.content, p.placements, key, col, row, rot)
    if s.phase == "explore" and verb in ("go", "start"):
        return ("a path starts at an open corridor on the dungeon's edge and goes on along "
                "an unused corridor to a node not yet visited (rooms may be re-entered)")
    return None


# ============================================================== the Rules object
class DungeonDrawRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> DDState:
        return initial_state(players, options, content)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: DDState) -> None:
        """DD-0.1: at ``max_game_length`` plies the game ends and is scored as it stands."""
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} "
                     "plies and ends; the score sheets are scored as they stand.")
        s.tasks, s.choice, s.phase = [], (), "over"

    def current_player(self, s):
        return current_player(s)

    def is_chance(self, s) -> bool:
        return bool(s.tasks) and s.phase != "over"

    def is_over(self, s) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players")}
        d["rounds"] = s.rounds
        d["content"] = s.content.file
        d["players"] = []
        for p in s.players:
            pd = {f.name: getattr(p, f.name) for f in fields(p) if f.name not in
                  ("path", "sheet")}
            pd["path"] = p.path.as_dict() if p.path else None
            pd["sheet"] = [asdict(r) for r in p.sheet]
            d["players"].append(pd)
        d["log"] = [str(x) for x in s.log]
        return d


RULES = DungeonDrawRules()
