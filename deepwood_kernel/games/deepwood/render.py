"""Rendering apart from rules: action labels, the JSON view model and a static SVG board.

The SVG here is what a saved notebook shows without a kernel (``Game._repr_html_``); the
board widget draws the same view model in the browser.
"""

from __future__ import annotations

from html import escape

from .content import RESOURCES
from .rules import (bonus_resource, cost_text, geometry, market_take, stones_to_leave,
                    _amount, RES_SINGULAR)
from .scoring import path_length, score_breakdown, scores
from .state import FACE_DOWN, DeepWoodState

TILE_SYMBOL = {"forest": "", "thicket": "✱", "gate": "⛩", "guard": "♜", "sword": "⚔",
               "troll": "T", FACE_DOWN: ""}
TILE_COLOUR = {"forest": "#cfe8c4", "thicket": "#6aa84f", "gate": "#b4a7d6", "guard": "#e6b8af",
               "sword": "#ffe599", "troll": "#c27c0e", FACE_DOWN: "#5b7553", None: "#e8f2e1"}
RES_COLOUR = {"potions": "#d9534f", "books": "#3a78c3", "gold": "#e0b000", "stones": "#5bc0de"}
RES_LETTER = {"potions": "P", "books": "B", "gold": "G", "stones": "S"}
SEAT_COLOUR = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98")


def label(s: DeepWoodState, aid: str) -> str:
    """A readable label for an action or chance outcome id."""
    verb, _, rest = aid.partition(" ")
    c = s.content
    p = s.players[s.seat]
    if verb in ("deal", "draw"):
        return f"{verb.title()} strip {rest} ({c.strips[int(rest)].code})"
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
        return (f"Pay {cost_text(c.costs[kind])} to "
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
def board_svg(v: dict, seat: int, cell: int = 34) -> str:
    """One forest board as SVG: walls, rocks, tiles, stones, trolls, fog, figure."""
    b = v["boards"][seat]
    cols, height = v["columns"], v["rows"] + 2
    w, h = cols * cell, height * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w + 4}" height="{h + 18}" '
           f'viewBox="-2 -16 {w + 4} {h + 18}" font-family="sans-serif">',
           f'<text x="0" y="-4" font-size="12" fill="{SEAT_COLOUR[seat]}" font-weight="bold">'
           f'{escape(v["players"][seat]["name"])}{" (left the forest)" if b["left"] else ""}'
           f'</text>']
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
                   f'stroke-width="{1.5 if fld["fight"] else 1}"><title>{fld["name"]}</title></rect>')
        sym = "▲" if fld["kind"] == "rock" else TILE_SYMBOL.get(fld["tile"], "")
        if sym:
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 5}" font-size="15" '
                       f'text-anchor="middle">{sym}</text>')
        if fld["stones"]:
            out.append(f'<circle cx="{x + 9}" cy="{y + cell - 10}" r="6" fill="#1e90ff"/>'
                       f'<text x="{x + 9}" y="{y + cell - 6}" font-size="9" fill="#fff" '
                       f'text-anchor="middle">{fld["stones"]}</text>')
        if fld["trolls"]:
            out.append(f'<text x="{x + cell - 8}" y="{y + 12}" font-size="11" fill="#7f4f00" '
                       f'font-weight="bold" text-anchor="middle">T{fld["trolls"]}</text>')
        if fld["fog"]:
            out.append(f'<rect x="{x}" y="{y}" width="{cell - 1}" height="{cell - 1}" '
                       f'fill="#cfd8dc" opacity="0.55"/>')
        if b["figure"] == fld["name"]:
            out.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 3.2}" '
                       f'fill="{SEAT_COLOUR[seat]}" stroke="#fff" stroke-width="2"/>')
    out.append("</svg>")
    return "".join(out)


def market_svg(v: dict, cell: int = 30) -> str:
    """The 4x4 resource market with its border fields (rows left, columns below)."""
    m = v["market"]
    size = 5 * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 4}" height="{size + 18}" '
           f'viewBox="-2 -16 {size + 4} {size + 18}" font-family="sans-serif">',
           f'<text x="0" y="-4" font-size="12">Market ({m["strips"]} strips, pile '
           f'{v["pile"]})</text>']
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
                   f'rx="8" fill="{fill}"><title>{key}</title></rect>')
    out.append("</svg>")
    return "".join(out)


def render_html(s: DeepWoodState, seat: int | None = None) -> str:
    """The whole table as static HTML: boards, market, supplies and the score so far."""
    v = view(s, seat)
    focus = v["seat"] if seat is None else seat
    head = (f"<b>Durch den tiefen Wald</b> — round {v['round']}/15"
            + (f", fog up to row {v['fog_row']}" if v["fog_row"] else "")
            + (" — game over" if v["over"] else f" — {escape(v['players'][v['seat']]['name'])}"
               f" ({v['phase']})"))
    boards = "".join(f'<div style="margin:4px">{board_svg(v, i, 34 if i == focus else 22)}</div>'
                     for i in range(len(v["players"])))
    rows = []
    for i, p in enumerate(v["players"]):
        res = " ".join(f"{RES_LETTER[r]}{p['res'][r]}" for r in RESOURCES)
        ob = p["obstacles"]
        rows.append(f"<tr><td style='color:{SEAT_COLOUR[i]}'><b>{escape(p['name'])}</b></td>"
                    f"<td>{res}</td><td>⚔{p['swords']}</td>"
                    f"<td>✱{ob['thicket']} ⛩{ob['gate']} ♜{ob['guard']} T{p['trolls']}</td>"
                    f"<td>{', '.join('#' + str(n) for n in p['monsters']) or '–'}</td>"
                    f"<td>{v['scores'][i]}</td></tr>")
    table = ("<table style='font-size:12px'><tr><th>player</th><th>resources</th><th>swords"
             "</th><th>tiles</th><th>monsters</th><th>gold now</th></tr>" + "".join(rows)
             + "</table>")
    middle = ", ".join(f"#{m['number']} ({m['strength']})" for m in v["middle"])
    return (f'<div class="deepwood-static" style="font-family:sans-serif">'
            f'<div>{head}</div><div style="display:flex;flex-wrap:wrap;align-items:flex-end">'
            f'{boards}<div style="margin:4px">{market_svg(v)}</div></div>{table}'
            f'<div style="font-size:12px">Rock monsters in the middle: {middle}</div></div>')
