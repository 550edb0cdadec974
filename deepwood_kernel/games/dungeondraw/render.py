"""Labels, the JSON view model and the static SVG/HTML table of Dungeon Draw (no rules).

``view(state, seat)`` is what a later board widget draws: every node of every dungeon has
its absolute half-cell position, so a click on a node maps to ``go NODE``.
"""

from __future__ import annotations

from html import escape

from ...core.picture import svg_image
from .content import CARD_H, CARD_W
from .path import build_dungeon
from .rules import FAIRY_KINDS, current_player, goal_kind, goal_points, has_hourglass
from .words import path_label, plural
from .scoring import score_breakdown
from .state import DDState

def label(s: DDState, aid: str) -> str:
    c = s.content
    verb, _, arg = aid.partition(" ")
    if verb in ("book", "card", "goal", "draw") and s.tasks:
        if verb == "book":
            return f"Spell book {arg}: {c.books[arg]}"
        if verb == "goal":
            k = goal_kind(arg)
            return (f"Goal: {plural(c.goals[k], 'point')} per {k}"
                    + (" (hourglass)" if has_hourglass(arg) else ""))
        return f"{c.cards[arg].name}"
    seat = current_player(s)
    p = s.players[seat] if seat is not None else None
    if verb == "buy":
        parts = arg.split()
        if parts[0] == "fairy":
            ks = parts[1].split("+")
            extra = f" and a free {ks[1]} tile (SB-16)" if len(ks) > 1 else ""
            return f"Buy a {ks[0]} fairy tile for {c.game['fairy_cost']} coin{extra}"
        if parts[0] == "book":
            if parts[1] == "blind":
                return f"Buy the top spell book blind for {c.game['book_cost']} coins"
            b = s.book_row[int(parts[1])]
            return f"Buy spell book {b} for {c.game['book_cost']} coins: {c.books[b]}"
        cost = int(parts[1])
        price = cost - (1 if parts[-1] == "SB-10" else 0)
        disc = " with SB-10" if parts[-1] == "SB-10" else ""
        if parts[2] == "blind":
            return f"Buy the top card of the {cost}-coin stack blind for {price} coins{disc}"
        return f"Buy {c.cards[s.rows[cost][int(parts[2])]].name} for {price} coins{disc}"
    if verb == "pass":
        return "Pass (buy nothing more this round)"
    if verb == "drop":
        return f"Lay spell book {arg} aside"
    if verb == "peek":
        return "Keep the card you peeked at" if arg == "keep" else "Discard the peeked card"
    if verb == "place":
        key, col, row, rot = arg.split()
        return (f"Lay {c.cards[key].name} at column {col}, row {row}"
                + (", upside down" if rot == "180" else ""))
    if aid == "build done":
        return "The dungeon is built: start drawing the path"
    if verb in ("recycle", "scissors", "erase", "keep") and p is not None:
        name = c.cards[p.placements[int(arg)][0]].name
        return {"recycle": f"Recycle {name}: keep it as a hand card",
                "scissors": f"Scissors: box {name}",
                "erase": f"SB-6: box {name}",
                "keep": f"SB-17: pay {c.game['keep_card_cost']} coins to keep {name}"}[verb]
    if verb == "swap":
        key, cost, slot = arg.split()
        return (f"SB-14: box {c.cards[key].name} from your hand, take "
                f"{c.cards[s.rows[int(cost)][int(slot)]].name} ({cost} coins)")
    if verb == "done":
        return "Wipe the dungeon and finish the round"
    if p is not None and p.placements and p.built:
        text = path_label(build_dungeon(c, p.placements), aid, p.path)
        return text[:1].upper() + text[1:]
    return aid


def dungeon_view(s: DDState, seat: int) -> dict:
    p = s.players[seat]
    c = s.content
    d = build_dungeon(c, p.placements) if p.placements else None
    out = {"cards": [{"key": k, "name": c.cards[k].name, "col": col, "row": row, "turn": r}
                     for k, col, row, r in p.placements], "nodes": [], "links": []}
    if d is None:
        return out
    out["nodes"] = [{"id": d.names[i], "kind": d.kind[i], "level": d.level[i],
                     "x": d.pos[i][0], "y": d.pos[i][1], "contents": list(d.contents[i]),
                     "open": d.open[i]} for i in range(len(d.names))]
    seen = set()
    for i, nb in enumerate(d.adj):
        for j, e in nb:
            if e not in seen:
                seen.add(e)
                out["links"].append([d.names[i], d.names[j]])
    ps = p.path
    if ps is not None:
        out["path"] = [[how, d.names[i]] for how, i in ps.steps]
        out["found"] = dict(ps.found)
        out["ended"] = ps.ended
    return out


def view(s: DDState, seat: int | None) -> dict:
    c = s.content
    open_hands = s.phase == "explore"
    players = []
    for i, p in enumerate(s.players):
        mine = seat is None or seat == i or open_hands
        hand = sorted(k for k, n in p.hand.items() for _ in range(n))
        players.append({
            "name": p.name, "colour": p.colour, "coins": p.coins,
            "hand": hand if mine else len(hand),
            "deck": sum(p.deck.values()), "discard": sum(p.discard.values()),
            "boxed": list(p.boxed), "fairy": dict(p.fairy), "books": list(p.books),
            "ready": list(p.ready), "passed": p.passed, "finished": p.finished,
            "sheet": [{"blue": r.blue, "pink": r.pink, "green": r.green, "exit": r.exit}
                      for r in p.sheet],
            "dungeon": dungeon_view(s, i),
            "score": score_breakdown(s, i)[-1][1],
        })
    return {
        "game": "dungeondraw", "round": s.round, "rounds": s.rounds, "phase": s.phase,
        "to_move": current_player(s),
        "main_goal": s.main_goal, "second_goal": s.second_goal,
        "goal_points": {"main": goal_points(s, s.main_goal),
                        "second": goal_points(s, s.second_goal)},
        "market": {"fairy": dict(s.fairy), "books": list(s.book_row),
                   "cards": {str(k): list(v) for k, v in s.rows.items()},
                   "stacks": {str(k): sum(v.values()) for k, v in s.stacks.items()},
                   "book_deck": sum(s.book_deck.values())},
        "players": players, "card_size": [CARD_W, CARD_H],
        "fairy_kinds": list(FAIRY_KINDS),
    }


_COL = {"coin": "#d4a017", "barrel": "#8b5a2b", "sword": "#607080", "rope": "#a0522d",
        "key": "#c0a000", "scroll": "#e8d8a0", "monster": "#b22222", "lock": "#444",
        "trap": "#222", "lava": "#ff4500", "portal": "#8a2be2", "recycle": "#2e8b57",
        "scissors": "#2f4f4f"}


def dungeon_svg(s: DDState, seat: int, unit: int = 14) -> str:
    p = s.players[seat]
    c = s.content
    if not p.placements:
        return ""
    xs = [col for _, col, _, _ in p.placements]
    ys = [row for _, _, row, _ in p.placements]
    x0, y0 = min(xs) * 2 - 1, min(ys) * 2 - 1
    w = (max(xs) - min(xs) + CARD_W) * 2 + 2
    h = (max(ys) - min(ys) + CARD_H) * 2 + 2
    parts = [f'<svg width="{w * unit}" height="{h * unit}" viewBox="0 0 {w * unit} '
             f'{h * unit}">']

    def X(v):
        return (v - x0) * unit

    def Y(v):
        return (v - y0) * unit
    for k, col, row, r in p.placements:
        parts.append(f'<rect x="{X(2 * col)}" y="{Y(2 * row)}" width="{2 * CARD_W * unit}" '
                     f'height="{2 * CARD_H * unit}" fill="#f3ead8" stroke="#886"/>')
        parts.append(f'<text x="{X(2 * col) + 3}" y="{Y(2 * row) + 10}" font-size="8">'
                     f'{escape(c.cards[k].name)}</text>')
    d = build_dungeon(c, p.placements)
    for i, nb in enumerate(d.adj):
        for j, _e in nb:
            if i < j:
                dash = ' stroke-dasharray="3,2"' if 1 in (d.level[i], d.level[j]) else ""
                parts.append(f'<line x1="{X(d.pos[i][0])}" y1="{Y(d.pos[i][1])}" '
                             f'x2="{X(d.pos[j][0])}" y2="{Y(d.pos[j][1])}" stroke="#a98"'
                             f' stroke-width="3"{dash}/>')
    for i in range(len(d.names)):
        x, y = X(d.pos[i][0]), Y(d.pos[i][1])
        if d.kind[i] == "room":
            parts.append(f'<rect x="{x - 8}" y="{y - 8}" width="16" height="16" fill="#ccc" '
                         'stroke="#666"/>')
        for n, t in enumerate(d.contents[i]):
            parts.append(f'<circle cx="{x - 5 + 5 * (n % 3)}" cy="{y - 3 + 5 * (n // 3)}" '
                         f'r="2.5" fill="{_COL[t]}"><title>{t}</title></circle>')
    if p.path and len(p.path.steps) > 1:
        pts = " ".join(f"{X(d.pos[i][0])},{Y(d.pos[i][1])}" for _h, i in p.path.steps)
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{p.colour}" '
                     'stroke-width="2"/>')
    parts.append("</svg>")
    return "".join(parts)


def render_html(s: DDState, seat: int | None = None) -> str:
    """The table as static HTML: the round and goal, the market in words, and each
    player's dungeon as a picture (with a key), readable without the widget."""
    c = s.content
    head = (f"<b>Dungeon Draw</b> — round {s.round} of {s.rounds}, phase {s.phase}")
    if s.main_goal:
        k = goal_kind(s.main_goal)
        # spelled out: the hourglass glyph is an empty box in Debian's fonts
        head += f"; main goal {c.goals[k]} per {k}" + (" (hourglass)" if has_hourglass(
            s.main_goal) else "")
    rows = []
    for i, p in enumerate(s.players):
        total = score_breakdown(s, i)[-1][1]
        svg = dungeon_svg(s, i)
        pic = (svg_image(svg, f"{p.name}'s dungeon") if svg
               else "<i>no dungeon card placed yet</i>")
        rows.append(f"<div><b>{escape(p.name)}</b>: {p.coins} coins, {total} points, "
                    f"books {escape(', '.join(p.books)) or 'none'}<br>{pic}</div>")
    fairy = ", ".join(f"{kind} {n}" for kind, n in s.fairy.items()) or "none"
    books = ", ".join(b or "(empty)" for b in s.book_row) or "none"
    cards = "; ".join(f"cost {cost}: " + ", ".join(c.cards[x].name if x else "(empty)"
                                                   for x in keys)
                      for cost, keys in s.rows.items())
    market = (f"Fairy tiles left: {fairy} · spell books on offer: {books} · "
              f"dungeon cards by cost: {cards}")
    return (f"<div>{head}<br>{escape(market)}{''.join(rows)}"
            f"{_legend_html() if any(p.placements for p in s.players) else ''}</div>")


def _legend_html() -> str:
    """The key of :func:`dungeon_svg`'s marks."""
    def dot(colour: str, kind: str) -> str:
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">'
               f'<circle cx="4" cy="4" r="3" fill="{colour}"/></svg>')
        return f'<span style="white-space:nowrap">{svg_image(svg, "key: " + kind)} {kind}</span>'
    dots = " · ".join(dot(colour, kind) for kind, colour in _COL.items())
    return ('<div style="font:12px sans-serif">Key: cards are the pale rectangles (named '
            "top left); grey squares are rooms; brown lines are corridors (dashed: the lower "
            f"level); the coloured line is the player's path; contents: {dots}.</div>")
