"""Optimising and clearing up ("Optimieren und Aufräumen", DD-8): the upgrades, the spell books
SB-6, SB-14 and SB-17, and the dungeon wiped. Part of the rules; the face :mod:`.rules` re-
exports every name.
"""

from __future__ import annotations

from .setup import _add, _take
from .state import DDState


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
