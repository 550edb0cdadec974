"""Labels, the JSON view model and the static SVG/HTML table of Clank! (no rules here).

``view(state, seat)`` is what the ``ClankBoard`` widget draws; ``render_html`` is the same
table without a kernel (``_repr_html_``), so saved notebooks show it on GitHub. The
sentence makers (``effect_text``, ``card_text``…) live in ``words.py``, below the rules
and this module alike; they are imported here under their old names.
"""

from __future__ import annotations

import math
from html import escape

from ...core.picture import svg_image

from .queries import danger_in_row, rage_cubes
from .scoring import owned_cards, score_breakdown
from .state import COLOURS, ClankState
from .words import (a_name, arrive_sentence, card_text, condition_sentence,  # noqa: F401
                    effect_clause, effect_text, lower_name, _n)


def label(s: ClankState, aid: str) -> str:
    c = s.content
    verb, _, arg = aid.partition(" ")
    p = s.players[s.seat]
    if verb == "play":
        card = c.cards[arg]
        return f"Play {card.name} ({card_text(card)})"
    if verb in ("buy", "use", "fight") and arg.isdigit():
        card = c.cards[s.row[int(arg)]]
        if card.type == "monster":
            return f"Fight {card.name} with {_n(card.swords, 'sword')} (reward: " \
                   + ", ".join(effect_text(e) for e in card.reward) + ")"
        what = "Use" if card.type == "device" else "Buy"
        return f"{what} {card.name} for {card.cost} skill ({card_text(card)})"
    if verb == "buy":
        card = c.cards[arg]
        return f"Buy {card.name} from the reserve for {card.cost} skill ({card_text(card)})"
    if verb == "fight":
        gob = c.cards["goblin"]
        return f"Fight the {gob.name} with {_n(gob.swords, 'sword')} (reward: " \
               + ", ".join(effect_text(e) for e in gob.reward) + ")"
    if verb == "market":
        what = {"key": "a master key", "backpack": "a backpack",
                "crown": f"the crown worth {s.market['crowns'][0]}"
                if s.market["crowns"] else "a crown"}[arg]
        return f"Buy {what} for {c.market['price']} gold"
    if verb == "move":
        rid, _, block = arg.partition(" block ")
        room = c.room(rid)
        tunnel = next(t for d, t in c.exits[p.room] if d == room.index)
        text = f"Move to {room.name} ({rid}) for {tunnel.boots} boot{'s' if tunnel.boots > 1 else ''}"
        if room.index == c.start:
            text = (f"Escape from the dungeon for {tunnel.boots} boot"
                    f"{'s' if tunnel.boots > 1 else ''} (finish this turn there: your last, "
                    "with no way back in)")
        if block:
            b = int(block)
            hurt = tunnel.monsters - b
            text += f", spending {b} sword{'s' if b != 1 else ''} and taking {hurt} damage"
        return text
    if verb == "teleport":
        room = c.room(arg)
        return "Teleport out of the dungeon (finish this turn there: your last, with no " \
               "way back in)" if room.index == c.start else \
            f"Teleport to {room.name} ({arg})"
    if verb == "take":
        if arg == "artifact":
            return f"Take the artifact worth {s.artifacts[p.room]} (the dragon's rage rises)"
        if arg == "idol":
            return f"Take a monkey idol ({c.game['idol_points']} points)"
        return f"Take a {arg} secret (face down until taken)"
    if verb == "token":
        sec = c.secrets[arg]
        what = ", ".join(effect_text(e) for e in sec.effects)
        if sec.when == "end":
            return f"Use the {lower_name(sec.name)} ({what}; unused, it is lost when this " \
                   "turn ends)"
        return f"Use the {lower_name(sec.name)} ({what})"
    if verb == "discard":
        return f"Discard {c.cards[arg].name} to draw {s.turn.pending[0][1]}"
    if verb == "trash":
        return f"Trash {c.cards[arg].name} (out of your deck for good)"
    if verb == "skip":
        return f"Do not {s.turn.pending[0][0]}"
    if verb == "end":
        return "End your turn"
    if verb == "remove":
        return f"Artifact {arg} goes back into the box"
    if verb == "row":
        card = c.cards[arg]
        return f"{card.name} turns up in the row" + (" (dragon symbol!)" if card.dragon else "")
    if verb in ("draw", "?draw"):                 # ?draw: as another seat reckons it
        return f"{s.players[s.draw_seat].name} draws {c.cards[arg].name}"
    if verb == "secret":
        return f"The secret is a {c.secrets[arg].name}"
    if verb == "cube":
        if arg == "black":
            return "A black cube (a miss)"
        q = s.players[COLOURS.index(arg)]
        if q.status != "in":
            return f"A {arg} cube ({q.name} is out: it counts as black)"
        return f"A {arg} cube ({q.name} takes 1 damage)"
    return aid


def _card_info(card) -> dict:
    return {"name": card.name, "german": card.german, "type": card.type, "set": card.set,
            "cost": card.cost,
            "swords": card.swords, "points": card.points, "dragon": card.dragon,
            "danger": card.danger, "tags": list(card.tags), "text": card_text(card)}


def view(s: ClankState, seat: int | None) -> dict:
    """The JSON render model. ``seat`` hides other players' hands (None: show all)."""
    c = s.content
    rooms = []
    for r in c.rooms:
        rooms.append({
            "id": r.id, "name": r.name, "x": r.x, "y": r.y, "depths": r.depths,
            "crystal": r.crystal, "fountain": r.fountain, "market": r.market,
            "shrine": r.shrine, "secret": r.secret, "start": r.index == c.start,
            "artifact": s.artifacts.get(r.index, 0),
            "secrets": s.secret_slots.get(r.index, 0),
            "idols": s.idols if r.shrine else 0,
        })
    tunnels = [{"a": c.rooms[t.a].id, "b": c.rooms[t.b].id, "boots": t.boots,
                "monsters": t.monsters, "locked": t.locked, "one_way": t.one_way,
                "wrap": t.wrap} for t in c.tunnels]
    shown = set()
    players = []
    for i, p in enumerate(s.players):
        visible = seat is None or seat == i
        hand = sorted(k for k, n in p.hand.items() for _ in range(n))
        shown.update(p.play, p.discard, p.hand if visible else ())
        players.append({
            "seat": i, "name": p.name, "colour": p.colour, "room": c.rooms[p.room].id,
            "status": p.status, "supply": p.supply, "clank": p.clank, "bag": p.bag,
            "damage": p.damage, "set_aside": p.set_aside, "gold": p.gold,
            "artifacts": list(p.artifacts), "idols": p.idols, "keys": p.keys,
            "backpacks": p.backpacks, "crowns": list(p.crowns), "mastery": p.mastery,
            "secrets": [c.secrets[k].name for k in p.secrets],
            "secret_keys": list(p.secrets),
            "hand": hand if visible else None, "hand_count": len(hand),
            "draw_count": sum(p.draw.values()),
            "discard": sorted(k for k, n in p.discard.items() for _ in range(n)),
            "play": list(p.play), "trashed": list(p.trashed),
            "deck_size": sum(owned_cards(s, i).values()),
            "may_take": p.may_take,
            "score": score_breakdown(s, i)[-1][1],
        })
    shown.update(k for k in s.row if k)
    shown.update(("mercenary", "explore", "secret_tome", "goblin"))
    t = s.turn
    cp = s.seat if s.phase == "turn" else None
    return {
        "game": "clank", "phase": s.phase, "over": s.phase == "over",
        "seat": s.seat if s.phase != "over" else None,
        "to_move": cp, "viewer": seat, "turn_no": s.turn_no,
        "map": {"width": c.width, "height": c.height, "depths_y": c.depths_y,
                "rooms": rooms, "tunnels": tunnels},
        "players": players,
        "turn": {"skill": t.skill, "swords": t.swords, "boots": t.boots,
                 "teleports": t.teleports, "neg_clank": t.neg_clank,
                 "clank_made": t.clank_made, "boots_locked": t.boots_locked,
                 "pending": [list(x) for x in t.pending],
                 "to_trash": list(t.to_trash), "watches": len(t.watches)},
        "row": list(s.row),
        "reserve": {k: s.reserve.get(k, 0) for k in ("mercenary", "explore", "secret_tome")},
        "market": {"keys": s.market["keys"], "backpacks": s.market["backpacks"],
                   "crowns": list(s.market["crowns"]), "price": c.market["price"]},
        "cards": {k: _card_info(c.cards[k]) for k in sorted(shown)},
        "bag": {"black": s.black_bag, **{p.colour: p.bag for p in s.players}},
        "black_aside": s.black_aside,
        "rage": {"track": list(c.game["rage_track"]), "index": s.rage,
                 "cubes": rage_cubes(s), "danger": danger_in_row(s)},
        "countdown": {"seat": s.countdown_seat, "space": s.countdown,
                      "extra": list(c.game["countdown_extra"])},
        "dungeon_deck": sum(s.dungeon.values()),
        "dungeon_discard": sum(s.dungeon_discard.values()),
        "attack": {"left": s.attack_left, "drawn": list(s.attack_drawn)},
        "health": c.game["health"],
    }


# ============================================================== static HTML
_FILL = {"green": "#3a9d4a", "blue": "#3465a4", "red": "#cc3333", "yellow": "#d9b310"}


# Symbols are drawn as shapes, never as emoji or rare Unicode (a padlock or dragon emoji
# is an empty box with Debian's fonts).
def _star(cx: float, cy: float, r: float, fill: str) -> str:
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy - rr * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="{fill}"/>'


def _diamond(cx: float, cy: float, r: float, fill: str) -> str:
    return (f'<polygon points="{cx:.1f},{cy - r:.1f} {cx + r * 0.7:.1f},{cy:.1f} '
            f'{cx:.1f},{cy + r:.1f} {cx - r * 0.7:.1f},{cy:.1f}" fill="{fill}"/>')


def _padlock(cx: float, cy: float) -> str:
    return (f'<path d="M{cx - 3.5:.1f} {cy - 1:.1f} v-3 a3.5 3.5 0 0 1 7 0 v3" fill="none" '
            f'stroke="#6b4e00" stroke-width="1.8"/><rect x="{cx - 5.5:.1f}" y="{cy - 1:.1f}" '
            f'width="11" height="8" rx="1.5" fill="#b8860b" stroke="#6b4e00"/>')


def _arrow(x: float, y: float, dx: float, dy: float) -> str:
    """An arrowhead at (x, y) pointing along (dx, dy): a one-way tunnel."""
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    tip = (x + 7 * ux, y + 7 * uy)
    left = (x - 5 * ux - 6 * uy, y - 5 * uy + 6 * ux)
    right = (x - 5 * ux + 6 * uy, y - 5 * uy - 6 * ux)
    return ('<polygon points="' + " ".join(f"{px:.1f},{py:.1f}" for px, py in (tip, left, right))
            + '" fill="#333"/>')


def map_svg(s: ClankState, scale: float = 0.8) -> str:
    """The dungeon map as an SVG string: rooms, tunnels with symbols, tokens, figures.

    Tunnel marks: red diamonds = monster symbols, an arrowhead = one-way, a padlock =
    locked. In rooms: a gold star with the artifact's value, purple diamonds / grey dots =
    major / minor secrets, the idol count on the shrine.
    """
    c = s.content
    w, h = c.width, c.height
    top = 14                      # room for the figures above the topmost room
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 -{top} {w} {h + top}" '
           f'width="{int(w * scale)}" height="{int((h + top) * scale)}" '
           'font-family="DejaVu Sans, sans-serif">',
           f'<rect y="-{top}" width="{w}" height="{h + top}" fill="#f4efe6"/>',
           f'<rect x="0" y="{c.depths_y}" width="{w}" height="{h - c.depths_y}" '
           'fill="#e6dccb"/>',
           f'<line x1="0" y1="{c.depths_y}" x2="{w}" y2="{c.depths_y}" stroke="#8a6d3b" '
           'stroke-dasharray="8 6" stroke-width="2"/>',
           f'<text x="8" y="{c.depths_y + 18}" font-size="14" fill="#8a6d3b">the depths</text>']
    for t in c.tunnels:
        a, b = c.rooms[t.a], c.rooms[t.b]
        colour = "#b8860b" if t.locked else "#555"
        dash = ' stroke-dasharray="3 5"' if t.boots == 2 else ""
        if t.wrap:
            left, right = (a, b) if a.x < b.x else (b, a)
            out.append(f'<line x1="{left.x}" y1="{left.y}" x2="0" y2="{left.y}" '
                       f'stroke="{colour}" stroke-width="3"{dash}/>')
            out.append(f'<line x1="{right.x}" y1="{right.y}" x2="{w}" y2="{right.y}" '
                       f'stroke="{colour}" stroke-width="3"{dash}/>')
            mx, my = left.x / 2, left.y
            # one-way across the edge: on a's half, pointing away from a towards the edge
            ax, ay, adx = (a.x / 2, a.y, -1) if a is left else ((a.x + w) / 2, a.y, 1)
            arrow = _arrow(ax, ay, adx, 0) if t.one_way else ""
        else:
            out.append(f'<line x1="{a.x}" y1="{a.y}" x2="{b.x}" y2="{b.y}" '
                       f'stroke="{colour}" stroke-width="3"{dash}/>')
            mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
            arrow = (_arrow(a.x + (b.x - a.x) * 0.72, a.y + (b.y - a.y) * 0.72,
                            b.x - a.x, b.y - a.y) if t.one_way else "")
        out.append(arrow)
        marks = [(_diamond, "#b00000")] * t.monsters
        if t.locked:
            marks.append((None, None))
        x0 = mx - 6 * (len(marks) - 1)
        for k, (shape, fill) in enumerate(marks):
            out.append(shape(x0 + 12 * k, my, 6, fill) if shape else _padlock(x0 + 12 * k, my))
    for r in c.rooms:
        fill = "#fff"
        if r.crystal:
            fill = "#c9e7f5"
        if r.market:
            fill = "#f7e3a1"
        if r.index == c.start:
            fill = "#d8f0d0"
        stroke = "#2a7" if r.fountain else "#333"
        out.append(f'<circle cx="{r.x}" cy="{r.y}" r="22" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="{3 if r.fountain else 1.5}"/>')
        label = r.id
        if r.index in s.artifacts:
            out.append(_star(r.x, r.y, 17, "#e0a800"))
            label = str(s.artifacts[r.index])
        elif s.secret_slots.get(r.index):
            n = s.secret_slots[r.index]
            for k in range(n):
                x = r.x - 7 * (n - 1) + 14 * k
                out.append(_diamond(x, r.y, 8, "#7b3fa0") if r.secret == "major" else
                           f'<circle cx="{x}" cy="{r.y}" r="5" fill="#5f7f8f"/>')
            label = ""
        elif r.shrine and s.idols:
            label = f"idol×{s.idols}"
        if label:
            size = 10 if len(label) > 4 else 11
            out.append(f'<text x="{r.x}" y="{r.y + 4}" font-size="{size}" '
                       f'font-weight="{"bold" if r.index in s.artifacts else "normal"}" '
                       f'text-anchor="middle">{escape(label)}</text>')
    for i, p in enumerate(s.players):
        r = c.rooms[p.room]
        dx = -15 + 10 * i
        # the player's initial on the figure: colour is never the only cue
        out.append(f'<circle cx="{r.x + dx}" cy="{r.y - 26}" r="7" fill="{_FILL[p.colour]}" '
                   f'stroke="#000"/><text x="{r.x + dx}" y="{r.y - 22.5}" font-size="9" '
                   f'font-weight="bold" fill="#fff" text-anchor="middle">'
                   f'{escape(p.name[:1].upper())}</text>')
    out.append("</svg>")
    return "".join(out)


def legend_html() -> str:
    """The key under the map: every mark :func:`map_svg` draws, in the lessons' words
    (the static picture must be readable without the widget's tooltips)."""
    def pic(inner: str, text: str, width: int = 18) -> str:
        icon = svg_image(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
                         f'height="18">{inner}</svg>', "key: " + text, "vertical-align:-4px")
        return f'<span style="white-space:nowrap">{icon} {text}</span>'

    def room(fill: str, stroke: str = "#333", sw: float = 1.5) -> str:
        return (f'<circle cx="9" cy="9" r="7.5" fill="{fill}" stroke="{stroke}" '
                f'stroke-width="{sw}"/>')
    items = [pic(_diamond(9, 9, 7, "#b00000"), "threat: 1 damage each, a sword blocks 1"),
             pic(_padlock(9, 9), "locked tunnel (needs a master key)"),
             pic('<line x1="0" y1="9" x2="12" y2="9" stroke="#555" stroke-width="3"/>'
                 + _arrow(11, 9, 1, 0), "one-way tunnel", 22),
             pic('<line x1="0" y1="9" x2="22" y2="9" stroke="#555" stroke-width="3" '
                 'stroke-dasharray="3 5"/>', "dotted: footprints, 2 boots", 22),
             pic(_star(9, 9, 8.5, "#e0a800"), "artifact (its value)"),
             pic(_diamond(9, 9, 7, "#7b3fa0"), "major secret"),
             pic('<circle cx="9" cy="9" r="4" fill="#5f7f8f"/>', "minor secret"),
             pic(room("#c9e7f5"), "crystal cave"), pic(room("#f7e3a1"), "market"),
             pic(room("#fff", "#2a7", 3), "heal fountain"), pic(room("#d8f0d0"), "start"),
             pic(f'<circle cx="9" cy="9" r="7" fill="{_FILL["green"]}" stroke="#000"/><text '
                 'x="9" y="12.5" font-size="9" font-weight="bold" fill="#fff" '
                 'text-anchor="middle">A</text>', "figure: the player's initial")]
    return (f'<div style="font-size:12px">Key: {" · ".join(items)}. Rooms are named r1, r2, '
            "… as in the lessons; below the dashed line lie the depths.</div>")


def map_alt(s: ClankState) -> str:
    """The map in words, for the picture's alt text (screen readers, images off)."""
    c = s.content
    where = "; ".join(f"{p.name} ({p.colour}) "
                      + (f"in {c.rooms[p.room].name} ({c.rooms[p.room].id})"
                         if p.status == "in" else p.status)
                      for p in s.players)
    arts = ", ".join(f"{c.rooms[i].id} ({v})" for i, v in sorted(s.artifacts.items()))
    return f"Dungeon map: {where}. Artifacts left: {arts or 'none'}."


def render_html(s: ClankState, seat: int | None = None) -> str:
    """The whole table as static HTML: map, row, players, bag and tracks.

    The map is an ``<img>`` from :func:`~deepwood_kernel.core.picture.svg_image`, so a
    lesson opened untrusted (first open in JupyterLab, GitHub, nbviewer) still shows it.
    """
    c = s.content
    v = view(s, seat)
    rows = []
    for i, k in enumerate(s.row):
        if k is None:
            rows.append(f"<td>slot {i}: empty</td>")
            continue
        card = c.cards[k]
        price = _n(card.swords, "sword") if card.type == "monster" else f"{card.cost} skill"
        marks = (" <span style='color:#b00000'>(dragon)</span>" if card.dragon else "") \
            + (" <span style='color:#b06000'>(danger)</span>" if card.danger else "")
        rows.append(f"<td style='text-align:left;vertical-align:top'><b>{escape(card.name)}"
                    f"</b>{marks}<br><small>{card.type}, {price}: "
                    f"{escape(card_text(card))}</small></td>")
    people = []
    for pv in v["players"]:
        hand = ", ".join(c.cards[k].name for k in pv["hand"]) if pv["hand"] is not None \
            else f"{pv['hand_count']} cards"
        people.append(
            f"<tr><td style='color:{_FILL[pv['colour']]}'><b>{escape(pv['name'])}</b></td>"
            f"<td>{pv['status']}</td><td>{escape(c.room(pv['room']).name)}</td>"
            f"<td>{pv['damage']}/{v['health']}</td><td>{pv['clank']}</td><td>{pv['bag']}</td>"
            f"<td>{pv['gold']}</td><td>{', '.join(map(str, pv['artifacts'])) or '–'}</td>"
            f"<td>{escape(hand)}</td><td>{pv['score']}</td></tr>")
    bag = ", ".join(f"{n} {col}" for col, n in v["bag"].items() if n) or "empty"
    rage = v["rage"]
    track = " ".join(f"<b>[{x}]</b>" if i == rage["index"] else str(x)
                     for i, x in enumerate(rage["track"]))
    status = "game over" if s.phase == "over" else f"turn {s.turn_no}: {s.players[s.seat].name}"
    return (
        "<div style='font-family:sans-serif;font-size:13px'>"
        f"<div><b>Klong! (Clank!)</b> — {escape(status)}</div>"
        + svg_image(map_svg(s), map_alt(s), "max-width:100%;height:auto") + legend_html() +
        "<table style='border-collapse:collapse'><tr>" + "".join(rows) + "</tr></table>"
        "<table><tr><th>player</th><th>status</th><th>room</th><th>damage</th><th>clank</th>"
        "<th>in bag</th><th>gold</th><th>artifacts</th><th>hand</th><th>points</th></tr>"
        + "".join(people) + "</table>"
        f"<div>Dragon bag: {bag}. Rage track: {track} (+{rage['danger']} danger). "
        f"Countdown: {v['countdown']['space'] or '–'}.</div></div>")
