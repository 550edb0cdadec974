"""Schlusswertung (final scoring, DW-11.x) and the tie-break.

>>> obstacle_set_gold(3, 1, 1)          # 3 thickets = 15, + gate + guard singles = 17
17
>>> obstacle_set_gold(2, 2, 2)          # two sets of one of each = 30
30
>>> obstacle_set_gold(2, 1, 0, wildcards=1)   # monster 3 completes a set
16
"""

from __future__ import annotations

from itertools import product

from .state import DeepWoodState

SET_GOLD = 15
SINGLE_GOLD = 1
TROLL_GOLD = 1
SWORD_GOLD = 1
LEAVE_GOLD = 5
LONGEST_GOLD = 15
LONGEST_TIE_GOLD = 10


def _sets_gold(a: int, b: int, c: int, set_gold: int = SET_GOLD) -> int:
    best = 0
    for mixed in range(min(a, b, c) + 1):
        gold = set_gold * mixed
        for x in (a - mixed, b - mixed, c - mixed):
            gold += set_gold * (x // 3) + SINGLE_GOLD * (x % 3)
        best = max(best, gold)
    return best


def obstacle_set_gold(thickets: int, gates: int, guards: int, wildcards: int = 0,
                      set_gold: int = SET_GOLD) -> int:
    """The best gold from obstacle tiles (DW-11.2, DW-11.3): sets of three alike or three
    different are worth 15 (``set_gold``, the option of DW-12.1), every obstacle outside a
    set 1. ``wildcards`` (monster 3 cards) each count as one obstacle of any kind; the
    partition maximising gold is chosen.

    >>> obstacle_set_gold(3, 1, 1, set_gold=12)   # DW-12.1: sets at 12 gold
    14
    """
    for n, v in (("thickets", thickets), ("gates", gates), ("guards", guards),
                 ("wildcards", wildcards), ("set_gold", set_gold)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{n} must be a non-negative int, got {v!r}")
    best = 0
    for x, y in product(range(wildcards + 1), repeat=2):
        if x + y <= wildcards:
            best = max(best, _sets_gold(thickets + x, gates + y,
                                        guards + wildcards - x - y, set_gold))
    return best


def path_length(s: DeepWoodState, seat: int) -> int:
    """Fields with at least one marker stone (Langster Weg, DW-11.5)."""
    return sum(1 for n in s.boards[seat].stones if n)


def longest_path_gold(s: DeepWoodState) -> list[int]:
    """DW-11.5: only players who left compete; a tie gives each tied player 10."""
    lengths = {seat: path_length(s, seat) for seat in range(s.n) if s.boards[seat].left}
    gold = [0] * s.n
    if lengths:
        best = max(lengths.values())
        tied = [seat for seat, v in lengths.items() if v == best]
        for seat in tied:
            gold[seat] = LONGEST_GOLD if len(tied) == 1 else LONGEST_TIE_GOLD
    return gold


def score_breakdown(s: DeepWoodState, seat: int) -> list[tuple[str, int]]:
    """Every line of the rulebook's Schlusswertung for ``seat``, as (line, gold)."""
    p = s.players[seat]
    c = s.content
    cards = [c.monsters[i] for i, _ in p.monsters]
    wild = sum(1 for m in cards if m.advantage == "obstacle_wildcard")
    ob = p.obstacles
    sets_gold = obstacle_set_gold(ob["thicket"], ob["gate"], ob["guard"], wild, s.set_gold)
    leftovers = sum(p.res[r] // 3 for r in ("potions", "books", "stones"))
    return [
        (f"Obstacle sets and singles ({ob['thicket']} thickets, {ob['gate']} gates, "
         f"{ob['guard']} guards" + (f", {wild} wildcard" if wild else "") + ")", sets_gold),
        (f"Trolls ({p.trolls})", TROLL_GOLD * p.trolls),
        (f"Swords still face up ({p.swords})", SWORD_GOLD * p.swords),
        ("Left the deep forest", LEAVE_GOLD if s.boards[seat].left else 0),
        (f"Longest path ({path_length(s, seat)} fields)", longest_path_gold(s)[seat]),
        ("Rock-monster treasures (" + (", ".join(f"#{m.number}" for m in cards) or "none")
         + ")", sum(m.gold for m in cards)),
        ("Gold coins", p.res["gold"]),
        ("Leftover potions, books, stones (3 : 1 gold)", leftovers),
    ]


def scores(s: DeepWoodState) -> list[int]:
    return [sum(g for _, g in score_breakdown(s, seat)) for seat in range(s.n)]


def strongest_beaten(s: DeepWoodState, seat: int) -> int:
    return max(s.players[seat].beaten, default=0)


def winners(s: DeepWoodState) -> list[int]:
    """Most gold; on a tie, the stronger rock monster beaten; then a shared win (DW-11.7)."""
    sc = scores(s)
    best = max(sc)
    tied = [seat for seat in range(s.n) if sc[seat] == best]
    top = max(strongest_beaten(s, seat) for seat in tied)
    return [seat for seat in tied if strongest_beaten(s, seat) == top]
