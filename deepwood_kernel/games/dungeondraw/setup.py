"""Dungeon Draw's game info and setup ("Spielaufbau", DD-1) with the small helpers every phase
uses (multiset piles, goal cards). Part of the rules; the face :mod:`.rules` re-exports
every name.
"""

from __future__ import annotations

from ...core.rules import GameInfo, Option
from .content import Content
from .state import COLOURS, NAMES, DDState, Player


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
