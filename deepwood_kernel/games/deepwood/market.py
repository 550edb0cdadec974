"""The market part of a *Durch den tiefen Wald* turn (rulebook: Der Marktplatz; DW-1.4 to
DW-4.x): dealing strips, choosing the entry field, laying a strip, taking a border line,
monster 4's doubling."""

from __future__ import annotations

from .flow import start_turn
from .queries import market_take, owns_advantage, strip_cells
from .setup import RES_SINGULAR, _amount
from .state import DeepWoodState


def _deal(s: DeepWoodState, rest: str) -> None:
    """DW-1.4: three secret strips to each player, from the shuffled pile."""
    sid = int(rest)
    s.pile.remove(sid)
    dealt = sum(len(p.hand) for p in s.players)
    s.players[dealt // 3].hand.append(sid)
    if dealt + 1 == 3 * s.n:
        s.log.append("Each player holds 3 secret strips. Round 1 begins.")
        start_turn(s)


def _enter(s: DeepWoodState, rest: str) -> None:
    """DW-1.6 / DW-5.1: choose the entry wall field right before your first turn."""
    b = s.boards[s.seat]
    f = s.content.field(rest)
    b.figure = f
    b.path = [f]
    s.log.append(f"{s.players[s.seat].name} starts at the wall field {rest}.")
    s.phase = "place"


def _place(s: DeepWoodState, rest: str) -> None:
    """DW-2.1: play one hand strip onto the 4x4 grid, on top of earlier strips."""
    sid_s, anchor, direction = rest.split()
    sid = int(sid_s)
    p = s.players[s.seat]
    p.hand.remove(sid)
    s.market.append(sid)
    for cell, res in zip(strip_cells(anchor, direction), s.content.strips[sid].cells):
        s.cells[cell] = res
        s.cell_strip[cell] = sid
    s.log.append(f"{p.name} places strip {s.content.strips[sid].code} at {anchor} {direction}.")
    s.phase = "border"


def _border(s: DeepWoodState, rest: str) -> None:
    """DW-2.2 / DW-2.3: stand on a free border field; take everything visible in that line."""
    p = s.players[s.seat]
    if p.market_field is not None:
        s.borders.pop(p.market_field, None)
    p.market_field = rest
    s.borders[rest] = s.seat
    got = market_take(s, rest)
    for r, n in got.items():
        p.res[r] += n
    s.gained = got
    s.log.append(f"{p.name} takes " + (", ".join(_amount(n, r) for r, n in got.items())
                                       or "nothing") + f" from {rest}.")
    if got and owns_advantage(s, s.seat, "double_market"):
        s.phase = "double"
    else:
        s.phase = "draw"


def _double(s: DeepWoodState, rest: str) -> None:
    """DW-6.9 (monster 4): double one resource taken from the market this round."""
    if rest != "none":
        s.players[s.seat].res[rest] += 1
        s.log.append(f"{s.players[s.seat].name} doubles one {RES_SINGULAR[rest]} (monster 4).")
    s.phase = "draw"
