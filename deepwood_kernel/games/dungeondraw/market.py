"""The fairy market ("Feenmarkt", DD-2): what a player may buy and a purchase made, the spell-
book limit. Part of the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .flow import _advance_market
from .setup import FAIRY_KINDS, _add
from .state import DDState


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
