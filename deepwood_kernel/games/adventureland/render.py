"""Labels, the JSON view model and the static SVG board of Adventure Land (no rules here).

``view(state, seat)`` hides what ``seat`` may not know: the values of the face-down herbs
and swords other players hold (only their count, and the swords they have shown in a
fight), and never the values of tiles lying face down on the board (nobody knows them).
In *The Magnificent* those values are part of the score (AL-8.3), so until the end another
player's ``score`` is only the points ``seat`` can add up, with ``score_complete`` false
(``scoring.known_total``); the static HTML shows it as "12 + ?".

At game over every player's tiles are turned up for the final count (AL-8.3 scores their
values), so from then on nothing is hidden: ``view`` and ``render_html`` show every seat
every value, as the board does (issue 23 §5: one rule for the engine and the board).
"""

from __future__ import annotations

from html import escape

from ...core.picture import svg_image
from .rules import ADVENTURE_TITLES, INFO
from .scoring import known_total
from .state import ALState

TERRAIN_COLOUR = {"city": "#d9c7a3", "forest": "#8fbf7f", "river": "#7fb3e0",
                  "mountain": "#b0a89c", "fog": "#c9c3d6"}
SEAT_COLOUR = {"black": "#222222", "green": "#1e8449", "violet": "#7d3c98",
               "orange": "#e67e22"}
ITEM_TEXT = {"gold": "gold", "herb": "a face-down herb", "sword": "a face-down sword",
             "companion": "a companion"}


def _what(s: ALState, sq: str) -> str:
    it = s.items.get(sq)
    if it is None:
        return ""
    if it[0] == "creature":
        return f" (fog creature, strength {it[1]})"
    return f" ({ITEM_TEXT[it[0]]})"


def label(s: ALState, aid: str) -> str:
    verb, _, arg = aid.partition(" ")
    f = s.fight
    if verb == "enter":
        line, _, dst = arg.partition(" ")
        where = f"in front of row {line}" if line.isdigit() else f"above column {line}"
        return f"Bring the adventurer {where} onto the board to {dst}{_what(s, dst)}"
    if verb == "move":
        src, _, dst = arg.partition(" ")
        p = s.parties.get(src)
        c = s.content
        way = "east" if c.coord(src)[1] == c.coord(dst)[1] else "south"
        who = "adventurer"
        if p is not None and (p.adventurers > 1 or p.companions):
            who = f"party ({p.adventurers + p.companions} figures)"
        return f"Move the {who} on {src} {way} to {dst}{_what(s, dst)}"
    if verb == "end":
        return "End the turn"
    if verb == "swords":
        if arg == "none":
            return "Fight without swords"
        vals = arg.split()
        return f"Use {len(vals)} sword{'s' if len(vals) > 1 else ''} (extra " \
               f"{' + '.join(vals)}; one die each)"
    if verb == "herb" and f is not None and f.stage == "boost":
        return f"Use a herb worth {arg}"
    if verb == "gold":
        if arg == "+1":
            return "Give back a piece of gold for +1"
        return f"Give back a piece of gold to roll the {arg.split()[1]} again"
    if verb == "give":
        return "Give up the fight (lose this adventurer)"
    if verb == "card":
        return f"Terrain card {arg} ({s.content.terrain[arg]})"
    if verb == "creature":
        return f"A fog creature of strength {arg}"
    if verb == "box":
        return ("A sword put back at setup, value unseen" if arg == "unseen"
                else f"A sword lost in a fight, extra value {arg}")
    if verb == "?box":
        return "A sword from the box, face down"
    if verb == "roll":
        return f"The dice show {arg.replace(' ', ', ')}"
    if verb == "reroll":
        return f"The die is rolled again: {arg}"
    if verb in ("herb", "sword", "?herb", "?sword"):
        kind = verb.lstrip("?")
        if not arg:
            return f"A face-down {kind} is taken"
        return f"A herb worth {arg}" if kind == "herb" else f"A sword with extra value {arg}"
    return aid


def _ms_list(ms: dict[int, int]) -> list[int]:
    return [v for v, k in sorted(ms.items()) for _ in range(k)]


def view(s: ALState, seat: int | None) -> dict:
    c = s.content
    board = []
    for sq in c.squares:
        it = s.items.get(sq)
        cell = {"square": sq, "terrain": c.terrain[sq]}
        if sq in c.city_of:
            cell["city"] = c.city_of[sq]
        if it is not None:
            cell["item"] = it[0]
            if it[0] == "creature":
                cell["strength"] = it[1]
        p = s.parties.get(sq)
        if p is not None:
            cell["party"] = {"seat": p.seat, "adventurers": p.adventurers,
                             "companions": p.companions}
        board.append(cell)
    players = []
    eyes = None if s.phase == "over" else seat      # at game over every tile is shown
    for i, p in enumerate(s.players):
        own = eyes is None or eyes == i
        d = {"name": p.name, "colour": p.colour, "start": p.start,
             "start_lines": list(p.lines), "out": p.out, "gold": p.gold,
             "creatures": list(p.creatures), "lost_adventurers": p.lost_adventurers,
             "herb_count": sum(p.herbs.values()), "sword_count": sum(p.swords.values()),
             "swords_shown": _ms_list(p.swords_shown)}
        d["score"], d["score_complete"] = known_total(s, i, eyes)
        if own:
            d["herbs"] = _ms_list(p.herbs)
            d["swords"] = _ms_list(p.swords)
        players.append(d)
    f = s.fight
    fight = None
    if f is not None:
        fight = {"seat": f.seat, "square": f.square, "strength": f.strength, "base": f.base,
                 "swords": list(f.swords), "dice": list(f.dice), "herbs": list(f.herbs),
                 "gold_plus": f.gold_plus, "gold_rerolls": f.gold_rerolls,
                 "total": f.total, "stage": f.stage}
    return {
        "game": INFO.key, "adventure": s.adventure,
        "adventure_title": ADVENTURE_TITLES[s.adventure],
        "columns": c.columns, "rows": c.rows, "board": board, "river": list(c.river),
        "sprite": s.sprite, "players": players, "seat": s.seat, "phase": s.phase,
        "round": s.round, "moves_left": s.moves_left, "fight": fight,
        "deck": len(s.deck), "last_cards": s.discard[-4:],
        "supply": {"companions": s.companions_left, "swords": s.swords_left,
                   "herbs": s.herbs_left, "gold": s.gold_left,
                   "creatures": sum(s.creature_stack.values())},
        "last_round": s.last_round, "viewer": seat,
    }


def board_svg(s: ALState, cell: int = 40) -> str:
    c = s.content
    pad = 22
    w, h = pad + cell * len(c.columns) + 4, pad + cell * c.rows + 4
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="11">']
    for k, col in enumerate(c.columns):
        out.append(f'<text x="{pad + k * cell + cell / 2}" y="15" text-anchor="middle">'
                   f'{col}</text>')
    for r in range(1, c.rows + 1):
        out.append(f'<text x="10" y="{pad + (r - 1) * cell + cell / 2 + 4}" '
                   f'text-anchor="middle">{r}</text>')
    for sq in c.squares:
        col, row = c.coord(sq)
        x, y = pad + col * cell, pad + (row - 1) * cell
        out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                   f'fill="{TERRAIN_COLOUR[c.terrain[sq]]}" stroke="#666" stroke-width="0.5"/>')
        it = s.items.get(sq)
        if it is not None:
            text = {"gold": "G", "herb": "h", "sword": "s", "companion": "c"}.get(it[0])
            if it[0] == "creature":
                out.append(f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell / 3}" '
                           f'fill="#5b2c6f"/><text x="{x + cell / 2}" y="{y + cell / 2 + 4}" '
                           f'text-anchor="middle" fill="white">{it[1]}</text>')
            else:
                out.append(f'<text x="{x + 5}" y="{y + 13}">{text}</text>')
        p = s.parties.get(sq)
        if p is not None:
            fill = SEAT_COLOUR.get(s.players[p.seat].colour, "#000")
            # the player's initial on the block: colour is never the only cue
            out.append(f'<rect x="{x + cell / 2 - 6}" y="{y + cell / 2 - 2}" width="12" '
                       f'height="16" fill="{fill}"/><text x="{x + cell / 2}" '
                       f'y="{y + cell / 2 + 10}" text-anchor="middle" font-size="10" '
                       f'font-weight="bold" fill="#fff">'
                       f'{escape(s.players[p.seat].name[:1].upper())}</text>')
            n = p.adventurers + p.companions
            if n > 1:
                out.append(f'<text x="{x + cell - 4}" y="{y + cell - 4}" '
                           f'text-anchor="end">{n}</text>')
        if sq == s.sprite:
            out.append(f'<circle cx="{x + cell - 9}" cy="{y + 9}" r="7" fill="#1f618d"/>')
    out.append("</svg>")
    return "".join(out)


def legend_html() -> str:
    """The key under the board: terrains, items and figures as the picture draws them
    (the static picture must be readable without the widget's tooltips)."""
    def pic(inner: str, text: str) -> str:
        icon = svg_image(f'<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" '
                         f'font-family="sans-serif" font-size="11">{inner}</svg>',
                         "key: " + text, "vertical-align:-3px")
        return f'<span style="white-space:nowrap">{icon} {text}</span>'
    items = [pic(f'<rect width="16" height="16" fill="{colour}" stroke="#666"/>', terrain)
             for terrain, colour in TERRAIN_COLOUR.items()]
    items += [pic(f'<text x="4" y="12">{letter}</text>', name) for letter, name in
              (("G", "gold"), ("h", "herb"), ("s", "sword"), ("c", "companion"))]
    items += [pic('<circle cx="8" cy="8" r="7" fill="#5b2c6f"/><text x="8" y="12" '
                  'text-anchor="middle" fill="white">9</text>', "fog creature, its strength"),
              pic('<rect x="2" y="0" width="12" height="16" fill="#1e8449"/><text x="8" '
                  'y="12" text-anchor="middle" font-size="10" font-weight="bold" '
                  'fill="#fff">A</text>', "party: player's initial, figures if more than 1"),
              pic('<circle cx="8" cy="8" r="7" fill="#1f618d"/>', "water sprite")]
    return (f'<div style="font:12px sans-serif">Key: {" · ".join(items)}. Squares are named '
            "by column letter and row number (A1 top left).</div>")


def render_html(s: ALState, seat: int | None = None) -> str:
    rows = []
    seat = None if s.phase == "over" else seat      # at game over every tile is shown
    for i, p in enumerate(s.players):
        herbs = (f"{sum(p.herbs.values())} herbs" if seat not in (None, i)
                 else "herbs " + (", ".join(map(str, _ms_list(p.herbs))) or "none"))
        swords = (f"{sum(p.swords.values())} swords" if seat not in (None, i)
                  else "swords " + (", ".join(map(str, _ms_list(p.swords))) or "none"))
        pts, complete = known_total(s, i, seat)
        rows.append(f"<li>{escape(p.name)} ({escape(p.colour)}): {p.start} in the start "
                    f"area{' (dropped out)' if p.out else ''}, {p.gold} gold, {herbs}, {swords}, creatures "
                    f"{', '.join(map(str, p.creatures)) or 'none'}; "
                    f"{pts}{'' if complete else ' + ?'} points</li>")
    alt = (f"Adventure Land board, {ADVENTURE_TITLES[s.adventure]}, round {s.round}: "
           f"{len(s.parties)} parties on the board, "
           f"{sum(1 for i in s.items.values() if i[0] == 'creature')} fog creatures, "
           f"water sprite {'on ' + s.sprite if s.sprite else 'beside the board'}.")
    return (f"<div><b>{escape(INFO.title)}</b> — {escape(ADVENTURE_TITLES[s.adventure])}"
            f"<br>{svg_image(board_svg(s), alt)}{legend_html()}<ul>{''.join(rows)}</ul></div>")
