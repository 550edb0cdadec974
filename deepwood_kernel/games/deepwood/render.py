"""Rendering apart from rules: action labels, the JSON view model and a static SVG board.

The SVG here is what a saved notebook shows without a kernel (``Game._repr_html_``); the
board widget draws the same view model in the browser.
"""

from __future__ import annotations

from html import escape

from ...core.picture import svg_image

from .content import RESOURCES
from .rules import (bonus_resource, geometry, market_take, stones_to_leave, strip_receiver,
                    _amount, RES_SINGULAR)
from .scoring import path_length, score_breakdown, scores
from .state import FACE_DOWN, DeepWoodState

TILE_COLOUR = {"forest": "#cfe8c4", "thicket": "#6aa84f", "gate": "#b4a7d6", "guard": "#e6b8af",
               "sword": "#ffe599", "troll": "#c27c0e", FACE_DOWN: "#5b7553", None: "#e8f2e1"}
RES_COLOUR = {"potions": "#d9534f", "books": "#3a78c3", "gold": "#e0b000", "stones": "#5bc0de"}
RES_LETTER = {"potions": "P", "books": "B", "gold": "G", "stones": "S"}
SEAT_COLOUR = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98")


def full_cost(cost: dict[str, int], stones: int) -> str:
    """The whole price of taking a tile (DW-7.1, DW-7.2): its resources plus the marker
    stones laid on the field you step off, e.g. '3 potions and 1 stone'."""
    total = dict(cost)
    total["stones"] = total.get("stones", 0) + stones
    parts = [_amount(n, r) for r, n in total.items() if n]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def label(s: DeepWoodState, aid: str) -> str:
    """A readable label for an action or chance outcome id."""
    verb, _, rest = aid.partition(" ")
    c = s.content
    p = s.players[s.seat]
    if verb in ("deal", "draw"):
        return f"{verb.title()} strip {rest} ({c.strips[int(rest)].code})"
    if verb in ("?deal", "?draw"):                # a strip as one seat reasons about it
        who = s.players[strip_receiver(s)].name
        return f"{who} {'is dealt' if verb == '?deal' else 'draws'} a {rest} strip"
    if verb == "reveal":
        sq, kind = rest.split()
        return f"Reveal a {kind} at {sq}"
    if verb == "roll":
        return "Roll " + "-".join(rest.split())
    if verb == "enter":
        return f"Enter the forest at wall field {rest}"
    if verb == "place":
        sid, anchor, d = rest.split()
        return f"Place strip {sid} ({c.strips[int(sid)].code}) from {anchor} going {d}"
    if verb == "border":
        got = market_take(s, rest)
        where = ("the corner (diagonal)" if rest == "corner" else
                 f"market {rest[:3]} {rest[3:]}")
        return f"Stand beside {where}: take " + (
            ", ".join(_amount(n, r) for r, n in got.items()) or "nothing")
    if verb == "double":
        return "Do not double" if rest == "none" else f"Double 1 {RES_SINGULAR[rest]} (monster 4)"
    b = s.boards[s.seat]
    if verb in ("move", "clear", "sword", "leave"):
        stones = stones_to_leave(s, b.figure) if b.figure is not None else 1
        if verb == "move":
            return f"Move to {rest} ({_amount(stones, 'stones')})"
        if verb == "leave":
            return f"Leave the forest over {rest} ({_amount(stones + 1, 'stones')})"
        kind = b.tiles[c.field(rest)]
        return (f"Pay {full_cost(c.costs[kind], stones)} to "
                + ("clear the" if verb == "clear" else "collect the") + f" {kind} at {rest}")
    if verb == "appease":
        return f"Give the troll at {rest} 1 gold"
    if verb == "back":
        return f"Step back {rest} field{'s' * (rest != '1')} (ends the turn)"
    if verb == "fight":
        strength, dice = rest.split()
        return f"Fight a strength-{strength} rock monster with {dice} dice"
    if verb == "keep":
        return "Reroll every die" if rest == "none" else f"Set aside {rest.replace(' ', '-')}"
    if verb == "bonus":
        res = bonus_resource(s, s.fight.strength)
        return f"Pay {_amount(int(rest), res)} for +{rest} pip{'s' * (rest != '1')} and win"
    if verb == "concede":
        return "Accept the defeat"
    if verb == "monster":
        m = next(m for m in c.monsters if m.number == int(rest))
        return f"Take rock monster {rest} ({m.gold} gold" + (
            f", {m.advantage.replace('_', ' ')})" if m.advantage else ")")
    if verb == "exchange":
        give, get = rest.split()
        return f"Exchange {_amount(2 if give == 'gold' else 3, give)} for 1 {RES_SINGULAR[get]}"
    if verb == "return":
        return f"Return 1 {RES_SINGULAR[rest]} (limit {c.resource_limit})"
    if verb == "troll":
        t, sq, res = rest.split()
        return f"Place a troll on {s.players[int(t)].name}'s {sq}, take 2 {res}"
    if verb == "end":
        return f"End {p.name}'s turn"
    return aid


def view(s: DeepWoodState, seat: int | None) -> dict:
    """The JSON-able render model. Other players' hand strips are hidden from ``seat``."""
    c = s.content
    geo = geometry(c)
    fog = s.fog_row
    players = []
    for i, p in enumerate(s.players):
        hand = ([{"id": sid, "code": c.strips[sid].code} for sid in p.hand]
                if seat is None or seat == i else len(p.hand))
        players.append({
            "name": p.name, "res": dict(p.res), "swords": p.swords,
            "swords_spent": p.swords_spent, "step_backs": p.step_backs,
            "obstacles": dict(p.obstacles), "trolls": p.trolls,
            "trolls_ready": p.trolls - p.trolls_fresh,
            "monsters": [c.monsters[m].number for m, _ in p.monsters],
            "beaten": list(p.beaten), "hand": hand, "market_field": p.market_field,
            "left": s.boards[i].left, "path_length": path_length(s, i),
        })
    boards = []
    for i, b in enumerate(s.boards):
        fields = []
        for f in range(geo.size):
            row, col = divmod(f, c.columns)
            kind = "wall" if geo.is_wall(f) else "rock" if f in geo.rocks else "forest"
            fields.append({"name": c.name(f), "row": row, "col": col, "kind": kind,
                           "tile": b.tiles[f], "stones": b.stones[f], "trolls": b.trolls[f],
                           "fight": f in geo.fight_fields,
                           "fog": fog is not None and kind != "wall" and row <= fog})
        boards.append({"fields": fields, "left": b.left,
                       "figure": c.name(b.figure) if b.figure is not None else None,
                       "path": [c.name(f) for f in b.path],
                       "hidden": sum(b.hidden.values())})
    fight = None
    if s.fight:
        f = s.fight
        fight = {"strength": f.strength, "dice": f.dice, "kept": list(f.kept),
                 "rolled": list(f.rolled), "rolls": f.rolls,
                 "bonus": bonus_resource(s, f.strength)}
    chance = s.phase in ("deal", "draw", "reveal", "roll")
    return {
        "game": "deepwood", "round": s.round, "fog_row": fog, "phase": s.phase,
        "seat": s.seat, "to_move": None if chance or s.phase == "over" else s.seat,
        "chance": chance, "over": s.phase == "over",
        "columns": c.columns, "rows": c.rows, "players": players, "boards": boards,
        "market": {"cells": list(s.cells), "strips": len(s.market),
                   "borders": {k: v for k, v in s.borders.items()}},
        "pile": len(s.pile),
        "middle": [{"number": c.monsters[i].number, "strength": c.monsters[i].strength,
                    "gold": c.monsters[i].gold, "bonus": c.monsters[i].bonus,
                    "advantage": c.monsters[i].advantage} for i in s.middle],
        "fight": fight,
        "reveal_at": c.name(s.reveal_at) if s.reveal_at is not None else None,
        "scores": scores(s),
        "breakdown": [score_breakdown(s, i) for i in range(s.n)],
        "log": s.log[-12:],
    }


# ------------------------------------------------------------------ static SVG
# Symbols are drawn as shapes, never as rare Unicode (the gate glyph is an empty box with
# Debian's fonts). Each is drawn in a box of +-u around its centre.
def tile_symbol(kind: str | None, cx: float, cy: float, u: float) -> str:
    """SVG shapes for a tile or field kind (``""`` for plain forest, face-down, wall)."""
    f = lambda v: f"{v:.1f}".rstrip("0").rstrip(".")  # noqa: E731 - short numbers
    if kind == "thicket":                       # a bush: three dark leaf balls
        return "".join(f'<circle cx="{f(cx + dx * u)}" cy="{f(cy + dy * u)}" r="{f(r * u)}" '
                       'fill="#2d5f1e"/>' for dx, dy, r in
                       ((-0.5, 0.25, 0.5), (0.5, 0.25, 0.5), (0, -0.3, 0.55)))
    if kind == "gate":                          # a torii: two posts, two beams
        c = "#7a1f1f"
        return (f'<rect x="{f(cx - 0.62 * u)}" y="{f(cy - 0.6 * u)}" width="{f(0.24 * u)}" '
                f'height="{f(1.6 * u)}" fill="{c}"/>'
                f'<rect x="{f(cx + 0.38 * u)}" y="{f(cy - 0.6 * u)}" width="{f(0.24 * u)}" '
                f'height="{f(1.6 * u)}" fill="{c}"/>'
                f'<path d="M{f(cx - u)} {f(cy - 0.95 * u)} Q{f(cx)} {f(cy - 0.7 * u)} '
                f'{f(cx + u)} {f(cy - 0.95 * u)} L{f(cx + 0.9 * u)} {f(cy - 0.62 * u)} '
                f'L{f(cx - 0.9 * u)} {f(cy - 0.62 * u)} Z" fill="{c}"/>'
                f'<rect x="{f(cx - 0.8 * u)}" y="{f(cy - 0.3 * u)}" width="{f(1.6 * u)}" '
                f'height="{f(0.2 * u)}" fill="{c}"/>')
    if kind == "guard":                         # a watch tower with battlements
        pts = [(-0.6, 1), (-0.6, -0.5), (-0.8, -0.5), (-0.8, -1), (-0.45, -1), (-0.45, -0.75),
               (-0.15, -0.75), (-0.15, -1), (0.15, -1), (0.15, -0.75), (0.45, -0.75),
               (0.45, -1), (0.8, -1), (0.8, -0.5), (0.6, -0.5), (0.6, 1)]
        return ('<polygon points="' + " ".join(f"{f(cx + x * u)},{f(cy + y * u)}" for x, y in pts)
                + '" fill="#6b3a2e"/>')
    if kind == "sword":                         # a sword, point up
        return (f'<path d="M{f(cx)} {f(cy - u)} L{f(cx + 0.26 * u)} {f(cy + 0.35 * u)} '
                f'L{f(cx - 0.26 * u)} {f(cy + 0.35 * u)} Z" fill="#5f5f5f"/>'
                f'<rect x="{f(cx - 0.55 * u)}" y="{f(cy + 0.35 * u)}" width="{f(1.1 * u)}" '
                f'height="{f(0.2 * u)}" fill="#7a5a14"/>'
                f'<rect x="{f(cx - 0.1 * u)}" y="{f(cy + 0.55 * u)}" width="{f(0.2 * u)}" '
                f'height="{f(0.45 * u)}" fill="#7a5a14"/>')
    if kind == "troll":                         # a horned head
        return (f'<path d="M{f(cx - 0.7 * u)} {f(cy - u)} L{f(cx - 0.3 * u)} {f(cy - 0.4 * u)} '
                f'L{f(cx + 0.3 * u)} {f(cy - 0.4 * u)} L{f(cx + 0.7 * u)} {f(cy - u)} '
                f'L{f(cx + 0.75 * u)} {f(cy - 0.1 * u)} A{f(0.75 * u)} {f(0.75 * u)} 0 0 1 '
                f'{f(cx - 0.75 * u)} {f(cy - 0.1 * u)} Z" fill="#5a3306"/>'
                f'<circle cx="{f(cx - 0.3 * u)}" cy="{f(cy + 0.05 * u)}" r="{f(0.13 * u)}" fill="#fff"/>'
                f'<circle cx="{f(cx + 0.3 * u)}" cy="{f(cy + 0.05 * u)}" r="{f(0.13 * u)}" fill="#fff"/>')
    if kind == "rock":                          # a mountain peak
        return (f'<polygon points="{f(cx - u)},{f(cy + 0.8 * u)} {f(cx - 0.2 * u)},{f(cy - 0.8 * u)} '
                f'{f(cx + 0.15 * u)},{f(cy - 0.1 * u)} {f(cx + 0.4 * u)},{f(cy - 0.45 * u)} '
                f'{f(cx + u)},{f(cy + 0.8 * u)}" fill="#4e342e"/>')
    return ""


# Where things sit inside a field, as fractions of the cell: (x, y, size). The symbol's
# size is its half-width, a badge's its radius; tests/core checks that none overlap.
SYMBOL_AT, STONES_AT, TROLLS_AT = (0.5, 0.45, 0.2), (0.16, 0.84, 0.14), (0.84, 0.16, 0.14)


def _badge(cx: float, cy: float, r: float, fill: str, text: str) -> str:
    """A count in a small disc (stones, trolls), sized with the cell."""
    return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="#fff" '
            f'stroke-width="{r / 5:.1f}"/><text x="{cx:.1f}" y="{cy + r * 0.45:.1f}" '
            f'font-size="{r * 1.3:.1f}" font-weight="bold" fill="#fff" '
            f'text-anchor="middle">{text}</text>')


def _margin(cell: int) -> int:
    """The strip beside a picture that holds the field names (wide enough for "8")."""
    return max(11, round(cell * 0.42))


def _name(x: float, y: float, text: str, size: float) -> str:
    """A field name in the margin, centred on ``x``."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="#555" '
            f'text-anchor="middle">{text}</text>')


def legend_html() -> str:
    """The key under the boards: every symbol and mark the pictures use, in the lessons'
    words (the static picture must be readable without the widget's tooltips)."""
    def pic(inner: str, alt: str) -> str:
        return svg_image(f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16">'
                         f'{inner}</svg>', alt, "vertical-align:-3px")
    cells = [(tile_symbol(k, 8, 8, 7), k) for k in ("thicket", "gate", "guard", "sword",
                                                    "troll", "rock")]
    cells += [(_badge(8, 8, 7, "#1e73be", "2"), "stones on a field"),
              (_badge(8, 8, 7, "#8a5a00", "1"), "trolls on a field"),
              (f'<rect width="15" height="15" rx="3" fill="{TILE_COLOUR[FACE_DOWN]}"/>',
               "face-down tile"),
              ('<rect width="15" height="15" rx="3" fill="#9e9e9e"/>', "wall row"),
              ('<rect width="15" height="15" fill="#cfd8dc"/>', "fog"),
              ('<rect x="1" y="1" width="13" height="13" rx="3" fill="#e8f2e1" stroke="#333"'
               ' stroke-width="1.5"/>', "fight here")]
    items = " · ".join(f'<span style="white-space:nowrap">{pic(inner, "key: " + text)} '
                       f'{text}</span>' for inner, text in cells)
    return (f'<div style="font-size:12px">Key: {items}. Fields are named like chess squares: '
            "columns a–e, rows 0 (bottom wall) to 8 (top wall); market cells A1–D4.</div>")


def board_svg(v: dict, seat: int, cell: int = 34) -> str:
    """One forest board as SVG: walls, rocks, tiles, stones, trolls, fog, figure.

    Inside a field, the tile symbol takes the middle, stones the lower-left corner and
    trolls the upper-right, so none covers another. The player's name is not drawn here
    (an SVG cannot wrap text): :func:`render_html` writes it above the picture.
    """
    b = v["boards"][seat]
    cols, height = v["columns"], v["rows"] + 2
    w, h = cols * cell, height * cell
    m, size = _margin(cell), max(8, round(cell * 0.32))   # field names: a-e below, 0-8 left
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + m + 2}" height="{h + m + 2}" '
           f'viewBox="{-m - 1} -1 {w + m + 2} {h + m + 2}" font-family="DejaVu Sans, sans-serif">']
    out += [_name(c * cell + cell / 2, h + m - 3, "abcdefghij"[c], size) for c in range(cols)]
    out += [_name(-m / 2, (height - 1 - r) * cell + cell / 2 + size / 3, str(r), size)
            for r in range(height)]
    for fld in b["fields"]:
        x = fld["col"] * cell
        y = (height - 1 - fld["row"]) * cell
        if fld["kind"] == "wall":
            fill = "#9e9e9e"
        elif fld["kind"] == "rock":
            fill = "#8d6e63"
        else:
            fill = TILE_COLOUR.get(fld["tile"], "#e8f2e1")
        out.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" rx="3" '
                   f'fill="{fill}" stroke="{"#333" if fld["fight"] else "#fff"}" '
                   f'stroke-width="{1.5 if fld["fight"] else 1}"/>')
        kind = "rock" if fld["kind"] == "rock" else fld["tile"]
        sx, sy, su = SYMBOL_AT
        out.append(tile_symbol(kind, x + cell * sx, y + cell * sy, cell * su))
        for count, (bx, by, br), colour in ((fld["stones"], STONES_AT, "#1e73be"),
                                            (fld["trolls"], TROLLS_AT, "#8a5a00")):
            if count:
                out.append(_badge(x + cell * bx, y + cell * by, cell * br, colour, str(count)))
        if fld["fog"]:
            out.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" '
                       f'fill="#cfd8dc" opacity="0.55"/>')
        if b["figure"] == fld["name"]:
            out.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 3.2:.1f}" '
                       f'fill="{SEAT_COLOUR[seat]}" stroke="#fff" stroke-width="2"/>')
    out.append("</svg>")
    return "".join(out)


def board_alt(v: dict, seat: int) -> str:
    """The board in words, for the picture's alt text (screen readers, images off)."""
    p, b = v["players"][seat], v["boards"][seat]
    fields = [f for f in b["fields"] if f["kind"] != "wall"]
    tiles = sum(f["tile"] not in (None, FACE_DOWN) for f in fields)
    where = ("has left the forest" if b["left"] else
             f"figure on {b['figure']}" if b["figure"] else "figure not yet in the forest")
    return (f"{p['name']}'s forest board: {where}; {tiles} tiles laid, "
            f"{sum(f['stones'] for f in fields)} stones and "
            f"{sum(f['trolls'] for f in fields)} trolls on it.")


def market_svg(v: dict, cell: int = 30) -> str:
    """The 4x4 resource market with its border fields (rows left, columns below)."""
    m = v["market"]
    size, gap = 5 * cell, _margin(cell)     # cell names: columns A-D below, rows 1-4 right
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + gap + 2}" '
           f'height="{size + gap + 2}" viewBox="-1 -1 {size + gap + 2} {size + gap + 2}" '
           f'font-family="DejaVu Sans, sans-serif">']
    out += [_name((c + 1.5) * cell, size + gap - 3, "ABCD"[c], 10) for c in range(4)]
    out += [_name(size + gap / 2, (3.5 - r) * cell + 3, str(r + 1), 10) for r in range(4)]
    for i, res in enumerate(m["cells"]):
        row, col = divmod(i, 4)
        x, y = (col + 1) * cell, (3 - row) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" '
                   f'fill="{RES_COLOUR.get(res, "#f4f4f4")}"/>')
        if res:
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 4}" font-size="12" '
                       f'fill="#fff" text-anchor="middle">{RES_LETTER[res]}</text>')
    borders = [(f"row{r + 1}", 0, (3 - r) * cell) for r in range(4)]
    borders += [(f"col{'ABCD'[c]}", (c + 1) * cell, 4 * cell) for c in range(4)]
    borders.append(("corner", 0, 4 * cell))
    for key, x, y in borders:
        who = m["borders"].get(key)
        fill = "#ddd" if who is None else "#90a4ae" if who == -1 else SEAT_COLOUR[who]
        out.append(f'<rect x="{x + 3}" y="{y + 3}" width="{cell - 7}" height="{cell - 7}" '
                   f'rx="8" fill="{fill}"/>')
    out.append("</svg>")
    return "".join(out)


def market_alt(v: dict) -> str:
    m = v["market"]
    held = [f"{v['players'][who]['name']} at {key}" for key, who in m["borders"].items()
            if who is not None and who >= 0]
    return (f"Resource market: {sum(map(bool, m['cells']))} of 16 cells filled"
            + (f"; {', '.join(held)}" if held else "") + ".")


def _icon(kind: str, alt: str) -> str:
    """A tile symbol as a 14-pixel picture for the table (alt text where images are off)."""
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14">'
           f'{tile_symbol(kind, 7, 7, 6.5)}</svg>')
    return svg_image(svg, alt, "vertical-align:-2px")


def render_html(s: DeepWoodState, seat: int | None = None) -> str:
    """The whole table as static HTML: boards, market, supplies and the score so far.

    Every drawing is an ``<img>`` from :func:`~deepwood_kernel.core.picture.svg_image`,
    so a lesson opened untrusted (first open in JupyterLab, GitHub, nbviewer) still shows
    its boards; names and captions stay HTML text, wrapped instead of cut off.
    """
    v = view(s, seat)
    focus = seat if isinstance(seat, int) else v["seat"]     # the spectator or PUBLIC
    head = (f"<b>Durch den tiefen Wald</b> — round {v['round']}/15"
            + (f", fog up to row {v['fog_row']}" if v["fog_row"] else "")
            + (" — game over" if v["over"] else f" — {escape(v['players'][v['seat']]['name'])}"
               f" ({v['phase']})"))
    boards = []
    for i, p in enumerate(v["players"]):
        cell = 34 if i == focus else 22
        caption = escape(p["name"]) + (" (left the forest)" if v["boards"][i]["left"] else "")
        width = v["columns"] * cell + 2 + _margin(cell)
        boards.append(f'<div style="margin:4px;max-width:{width}px">'
                      f'<div style="font-size:12px;font-weight:bold;color:{SEAT_COLOUR[i]}">'
                      f'{caption}</div>{svg_image(board_svg(v, i, cell), board_alt(v, i))}'
                      f'</div>')
    market = (f'<div style="margin:4px;max-width:{152 + _margin(30)}px">'
              f'<div style="font-size:12px">Market '
              f'({v["market"]["strips"]} strips, pile {v["pile"]})</div>'
              f'{svg_image(market_svg(v), market_alt(v))}</div>')
    icons = {k: _icon(k, k + "s") for k in ("thicket", "gate", "guard", "sword", "troll")}
    rows = []
    for i, p in enumerate(v["players"]):
        res = " ".join(f"{RES_LETTER[r]}{p['res'][r]}" for r in RESOURCES)
        ob = p["obstacles"]
        rows.append(f"<tr><td style='color:{SEAT_COLOUR[i]}'><b>{escape(p['name'])}</b></td>"
                    f"<td>{res}</td><td>{icons['sword']} {p['swords']}</td>"
                    f"<td>{icons['thicket']} {ob['thicket']} {icons['gate']} {ob['gate']} "
                    f"{icons['guard']} {ob['guard']} {icons['troll']} {p['trolls']}</td>"
                    f"<td>{', '.join('#' + str(n) for n in p['monsters']) or '–'}</td>"
                    f"<td>{v['scores'][i]}</td></tr>")
    table = ("<table style='font-size:12px'><tr><th>player</th><th>resources</th><th>swords"
             "</th><th>tiles and trolls</th><th>monsters</th><th>gold now</th></tr>"
             + "".join(rows) + "</table>")
    middle = ", ".join(f"#{m['number']} ({m['strength']})" for m in v["middle"])
    return (f'<div class="deepwood-static" style="font-family:sans-serif">'
            f'<div>{head}</div><div style="display:flex;flex-wrap:wrap;align-items:flex-end">'
            f'{"".join(boards)}{market}</div>{legend_html()}{table}'
            f'<div style="font-size:12px">Rock monsters in the middle: {middle}</div></div>')
