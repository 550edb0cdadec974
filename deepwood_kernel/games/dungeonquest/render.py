"""Labels, the JSON view model and the static SVG table of DungeonQuest (no rules here).

``view(state, seat)`` is what a board widget draws; ``render_html`` is the same table
without a kernel, wrapped by ``core.picture.svg_image`` so it survives untrusted notebooks.
"""

from __future__ import annotations

from html import escape

from ...core.picture import svg_image
from ...core.viewer import PUBLIC
from .rules import (attribute, combat_equilibrium, describe_room, has_entrance, life,
                    monster_seat, room_type)
from .scoring import score_breakdown
from .state import DQState

_TURN = {"left": "left (90° anticlockwise)", "right": "right (90° clockwise)"}
_WALL = {"N": "north", "E": "east", "S": "south", "W": "west"}


def effect_text(verb: str, arg) -> str:
    return {"wounds": f"suffer {arg} wound{'s' if arg != '1' else ''}",
            "wounds_die": f"suffer {arg} {'die' if arg == '1' else 'dice'} of wounds",
            "heal": f"heal {arg}", "determination": f"take {arg} determination",
            "monster": "meet a monster", "dead": "you are dead",
            "end_turn": "your turn ends", "catacombs": "fall into the catacombs",
            "entrance": "a catacomb entrance marker here",
            "draw": f"draw a {arg} card", "may": f"you may draw a {arg} card",
            "secret_door": "a secret door in a wall of your room"}[verb]


def card_text(card) -> str:
    parts = []
    if card.loot:
        parts.append(f"loot, {card.gold} gold" if card.gold else "loot, no gold value")
    parts += [effect_text(v, a) for v, a in card.effects]
    if card.test:
        t = f"{card.test} test"
        if card.failed:
            t += "; on a failure: " + ", ".join(effect_text(v, a) for v, a in card.failed)
        parts.append(t)
    if card.start:
        parts.append("at the start of your turn: "
                     + ", ".join(effect_text(v, a) for v, a in card.start)
                     + (f" (a {card.cure} test ends it)" if card.cure else ""))
    if card.bonus_attr:
        parts.append(f"+1 {card.bonus_attr}")
    if card.exit:
        parts.append("you may leave the catacombs")
    if card.bonus_with:
        parts.append(f"+{card.bonus} gold at the end with a {card.bonus_with.replace('_', ' ')}")
    return "; ".join(parts) or "nothing happens"


def ability_text(ab) -> str:
    """A special ability in words (DQ-14.7): "Laying on of hands: as your action, heal 4
    (2 uses a game)"."""
    when = "in every status phase" if ab.when == "status" else "as your action"
    uses = f" ({ab.uses} use{'s' if ab.uses != 1 else ''} a game)" if ab.uses else ""
    return f"{ab.name}: {when}, " + ", ".join(effect_text(v, a) for v, a in ab.effects) + uses


def label(s: DQState, aid: str) -> str:
    c = s.content
    verb, _, arg = aid.partition(" ")
    if s.chance is not None:
        kind = s.chance[0]
        if kind in ("startroll", "sun", "catroll"):
            return f"The die shows {arg}"
        if kind == "test":
            return f"The dice show {arg}"
        if kind == "wounds":
            return f"{arg} wound{'s' if arg != '1' else ''}"
        if kind == "rune":
            return f"A rune card, dealt face down ({c.cards[arg].name})" \
                if arg in c.cards else "A rune card, dealt face down"
        if kind in ("card", "monster"):
            card = c.cards[arg]
            return f"{card.name} ({card_text(card)})" if kind == "card" else card.name
        if kind == "tile":
            t = c.tiles[arg]
            return f"A {t.type.replace('_', ' ')} tile ({arg.replace('_', ' ')})"
        if kind == "dark":
            return f"The darkness sends you {arg}"
        if kind == "mcard":
            return f"The monster plays {arg}"
        return aid
    seat = s.decide[1] if s.decide else s.seat
    h = s.heroes[seat]
    if verb == "hero":
        x = c.heroes[arg]
        return (f"Play {x.name} (strength {x.strength}, agility {x.agility}, toughness "
                f"{x.toughness}, luck {x.luck}, life {x.life}"
                + (f"; {ability_text(x.ability)}" if x.ability else "") + ")")
    if verb == "tower":
        return f"Go to the tower room on {arg}"
    if verb == "move":
        if arg in s.board or arg in c.towers or arg in c.treasure:
            return f"Move to {describe_room(s, arg)} on {arg}"
        return f"Explore the unexplored square {arg}"
    if verb == "flee":
        return f"Try to flee to {arg} (agility test)"
    return {"search": "Search the room", "catacombs": "Enter the catacombs",
            "dragon": "Draw a dragon card", "cross": "Cross the bridge (agility test, +1 per "
            "loot card)", "wait": "End the turn here", "accept": "Accept the failure",
            "open": "Take a closer look", "leave": "Leave the catacombs" if s.decide and
            s.decide[0] == "exit" else "Leave it alone", "stay": "Stay in the catacombs",
            "escape": "Escape from the dungeon with your loot", "stop": "Stop here",
            "fight": "Fight another round"}.get(verb) or {
        "spend": lambda: f"Spend {arg} determination token{'s' if arg != '1' else ''} to pass",
        "drop": lambda: f"Drop {c.cards[arg].name} ({c.cards[arg].gold} gold)"
        if c.cards[arg].gold else f"Drop {c.cards[arg].name} (no gold value)",
        "ability": lambda: f"Use {c.heroes[h.hero].ability.name} ("
        + ", ".join(effect_text(v, a) for v, a in c.heroes[h.hero].ability.effects) + ")",
        "play": lambda: f"Play the {c.combat_names[c.combat_cards.index(arg)]} card",
        "monster": lambda: f"The monster plays {c.combat_names[c.combat_cards.index(arg)]}",
        "face": lambda: f"Point the travel marker {arg}",
        "turn": lambda: f"Turn the travel marker {_TURN[arg]}",
        "orient": lambda: f"Lay the tile with its arrow towards {arg}",
        "secret": lambda: f"The secret door is in the {_WALL[arg]} wall (towards "
        f"{c.neighbour(h.sq, 'NESW'.index(arg))})",
    }.get(verb, lambda: aid)()


def view(s: DQState, seat: int | None) -> dict:
    """The JSON render model; a seat does not see another hero's secret combat card, nor
    (as the hero) the monster's life and escape wounds (DQ-9.2: only its name is read)."""
    c = s.content
    tiles = [{"sq": sq, "tile": k, "type": c.tiles[k].type, "rotation": r,
              "sides": "".join("o" if sq + "NESW"[d] in s.secret else x
                               for d, x in enumerate(_world_sides(c.tiles[k].sides, r))),
              "torch": c.tiles[k].torch,
              "entrance": has_entrance(s, sq)} for sq, (k, r) in sorted(s.board.items())]
    heroes = []
    for i, h in enumerate(s.heroes):
        hx = c.heroes.get(h.hero)
        heroes.append({
            "seat": i, "name": h.name, "hero": hx.name if hx else None, "status": h.status,
            "sq": h.sq, "wounds": h.wounds, "life": hx.life if hx else None,
            "attributes": {a: attribute(s, i, a) for a in
                           ("strength", "agility", "toughness", "luck")} if hx else None,
            "determination": h.determination, "loot": list(h.loot),
            "keep": list(h.keep), "runes": list(h.runes),
            "rune_face_down": (h.rune_face_down or None) if seat is None
            else bool(h.rune_face_down), "catacomb_cards": list(h.cat_cards),
            "travel": list(h.travel) if h.travel else None,
            "ability": ability_text(hx.ability) if hx and hx.ability else None,
            "ability_used": h.ability_used,
            "score": score_breakdown(s, i)[-1][1],
        })
    combat = None
    if s.combat:
        cb = s.combat
        card = c.cards[cb["monster"]]
        ms = monster_seat(s)
        # the public view knows what every seat knows, the hero's included (PUBLIC != hero)
        knows = seat is None or seat == ms or (ms is None and seat != cb["seat"]
                                               and seat != PUBLIC)
        combat = {"hero": cb["seat"], "monster": card.name, "wounds": cb["wounds"],
                  "life": card.life if knows else None,
                  "escape": card.escape if knows else None, "round": cb["round"],
                  "hero_card": cb["hero_card"] if seat in (None, cb["seat"]) else
                  ("chosen" if cb["hero_card"] else None),
                  "monster_seat": ms}
    return {
        "game": "dungeonquest", "columns": c.columns, "rows": c.rows,
        "towers": list(c.towers), "treasure": list(c.treasure), "tiles": tiles,
        "monsters": list(s.monsters), "searched": list(s.searched),
        "secret_doors": list(s.secret),
        "entrances": list(s.entrances), "sun": s.sun, "sun_length": c.sun_length,
        "sun_numbers": {str(k): v for k, v in sorted(c.sun_numbers.items())},
        "heroes": heroes, "seat": s.seat, "start": s.start, "round": s.round,
        "decide": list(s.decide) if s.decide else None, "combat": combat,
        "piles": {d: sum(p.values()) for d, p in s.piles.items()},
        "tiles_left": sum(s.tiles.values()), "tokens": s.tokens,
        "dragon_drawn": list(s.dragon_drawn), "over": s.over, "sunset": s.sunset,
        "combat_table": {"cards": list(c.combat_cards), "hero_wounds": c.hero_wounds,
                         "monster_wounds": c.monster_wounds},
        "equilibrium": {k: str(v) for k, v in combat_equilibrium(c)["monster"].items()},
    }


def _world_sides(sides: str, rot: int) -> list[str]:
    return [sides[(d - rot) % 4] for d in range(4)]


_COL = {"dungeon": "#c9b99a", "corridor": "#b7a88a", "trap": "#d98c6a", "cave_in": "#9e8f7c",
        "chasm": "#6f6a80", "bridge": "#8aa2b8", "rotating": "#b99ac9", "darkness": "#4a4a55",
        "web": "#d8d8d8", "pit": "#3b2f2f", "tower": "#e7d27a", "treasure": "#e0a030"}
_HERO = ("#2e7d32", "#1565c0", "#c62828", "#f9a825")


def render_html(s: DQState, seat: int | None = None) -> str:
    c = s.content
    z, left, top = 34, 24, 22          # the margins hold the squares' names (a-j, 1-13)
    w = c.columns * z + left + 10
    legend, bottom = _legend(10, c.rows * z + top + 44, w - 20,
                             c.sq(c.columns - 1, c.rows - 1))
    hgt = bottom + 6
    out = [f'<svg width="{w}" height="{hgt}" viewBox="0 0 {w} {hgt}" font-family="sans-serif">',
           f'<rect width="{w}" height="{hgt}" fill="#2b2622"/>']
    label = ('<text x="{:.0f}" y="{:.0f}" font-size="11" fill="#e8dcc0" '
             'text-anchor="middle">{}</text>')
    for col in range(c.columns):
        out.append(label.format(left + col * z + z / 2, top - 7, c.sq(col, 0)[0]))
    for row in range(c.rows):
        out.append(label.format(left / 2, top + row * z + z / 2 + 4, row + 1))
    for col in range(c.columns):
        for row in range(c.rows):
            sq = c.sq(col, row)
            x, y = left + col * z, top + row * z
            if sq in s.board or sq in c.towers or sq in c.treasure:
                typ = room_type(s, sq)
                out.append(f'<rect x="{x}" y="{y}" width="{z}" height="{z}" '
                           f'fill="{_COL[typ]}" stroke="#222"/>')
                for d in range(4):
                    k = _side(s, sq, d)
                    if k == "o":
                        continue
                    x1, y1, x2, y2 = [(x, y, x + z, y), (x + z, y, x + z, y + z),
                                      (x, y + z, x + z, y + z), (x, y, x, y + z)][d]
                    colr = {"w": "#111", "d": "#8b4513", "p": "#777"}[k]
                    out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                               f'stroke="{colr}" stroke-width="4"/>')
                if sq in s.monsters:
                    out.append(f'<circle cx="{x + 8}" cy="{y + 8}" r="5" fill="#b00"/>')
                if sq in s.searched:
                    out.append(f'<rect x="{x + z - 12}" y="{y + 3}" width="8" height="8" '
                               'fill="#eee"/>')
                elif sq in s.board and c.tiles[s.board[sq][0]].torch:
                    out.append(_torch(x + z - 9, y + 3))
                if has_entrance(s, sq):
                    out.append(f'<rect x="{x + 3}" y="{y + z - 11}" width="8" height="8" '
                               'fill="#000"/>')
            else:
                out.append(f'<rect x="{x}" y="{y}" width="{z}" height="{z}" fill="#3a332d" '
                           'stroke="#2b2622"/>')
    for i, h in enumerate(s.heroes):
        if h.sq:
            col, row = c.xy(h.sq)
            cx, cy = left + col * z + z / 2 + 4 * i - 6, top + row * z + z / 2
            out.append(f'<circle cx="{cx}" cy="{cy}" r="8" fill="{_HERO[i]}" stroke="#fff"/>'
                       f'<text x="{cx}" y="{cy + 4}" font-size="10" font-weight="bold" '
                       f'fill="#fff" text-anchor="middle">{i + 1}</text>')
    y = c.rows * z + top + 12
    for k in range(1, c.sun_length + 1):
        x = 10 + (k - 1) * (w - 20) / c.sun_length
        fill = "#f5c542" if k == s.sun else "#555"
        out.append(f'<rect x="{x:.1f}" y="{y}" width="{(w - 20) / c.sun_length - 1:.1f}" '
                   f'height="14" fill="{fill}"/>')
        if k in c.sun_numbers:
            out.append(f'<text x="{x + 2:.1f}" y="{y + 11}" font-size="9" fill="#fff">'
                       f'{c.sun_numbers[k]}</text>')
    out.append(legend)
    out.append("</svg>")
    svg = "".join(out)
    rows = "".join(
        f"<li>{escape(h.name)}"
        + (f" ({escape(c.heroes[h.hero].name)})" if h.hero else "")
        + f": {h.status}, "
        # wounds past the life total change nothing (the hero is dead): never "20/16"
        + (f"wounds {min(h.wounds, life(s, i))} of life {life(s, i)}" if h.hero
           else f"wounds {h.wounds}")
        + f", determination {h.determination}, loot {len(h.loot)} "
          f"({score_breakdown(s, i)[-1][1]} gold)</li>"
        for i, h in enumerate(s.heroes))
    return (f"<div><b>DungeonQuest</b> — sun on space {s.sun} of {c.sun_length}, "
            f"round {s.round}<br>"
            + svg_image(svg, f"The dungeon after round {s.round}: {len(s.board)} room tiles "
                             f"placed, the sun on space {s.sun}.")
            + f"<ul>{rows}</ul></div>")


_FLAME = "M{x} {y} C{a} {m} {b} {e} {x} {e} C{c} {e} {d} {m} {x} {y}Z"


def _torch(x: float, y: float) -> str:
    """The torch symbol: a flame 10 wide and 13 high, its tip at (x, y)."""
    d = _FLAME.format(x=x, y=y, a=x + 6, b=x + 5, c=x - 5, d=x - 6, m=y + 7, e=y + 13)
    return f'<path d="{d}" fill="#ffb300" stroke="#7a3b00" stroke-width="1"/>'


def _legend(x: float, y: float, width: float, last: str) -> tuple[str, float]:
    """The picture's key (the marks drawn on the squares, in the lessons' words), wrapped
    to ``width``; returns the markup and the y below it."""
    items = [('<circle cx="5" cy="0" r="5" fill="#b00"/>', "monster marker"),
             (_torch(5, -7), "torch symbol: search"),
             ('<rect x="1" y="-5" width="8" height="8" fill="#eee"/>', "searched"),
             ('<rect x="1" y="-5" width="8" height="8" fill="#000" stroke="#888"/>',
              "catacomb entrance"),
             ('<circle cx="5" cy="0" r="6" fill="#2e7d32" stroke="#fff"/>', "hero, seat no.")]
    out, dx = [], x
    for mark, text in items:
        step = 22 + 5.6 * len(text)
        if dx > x and dx + step > x + width:
            dx, y = x, y + 16
        out.append(f'<g transform="translate({dx:.0f},{y:.0f})">{mark}<text x="13" y="4" '
                   f'font-size="10" fill="#e8dcc0">{text}</text></g>')
        dx += step
    y += 18
    out.append(f'<text x="{x}" y="{y + 4}" font-size="10" fill="#e8dcc0">wall black, '
               f'door brown, portcullis grey · a1 top left, {last} bottom right</text>')
    return "".join(out), y + 14


def _side(s: DQState, sq: str, d: int) -> str:
    from .rules import side
    return side(s, sq, d)
