"""What may happen next: the legal actions of the player who decides, the exact chance
events (weights over dice, piles, tiles, directions and the monster's combat card), the
player to move, and why an action is illegal.
"""

from __future__ import annotations

from ...prob import sum_of
from .combat import _equilibrium_weights
from .content import DIRS
from .queries import (ability_left, dark_weights, exits, flee_targets, has_entrance,
                      occupied_by_other, onward_moves, room_squares, room_type, searchable)
from .state import DQState
from .turn import DIE, TWO_D6


def legal_ids(s: DQState) -> list[str]:
    if s.decide is None:
        return []
    kind, seat = s.decide[0], s.decide[1]
    c = s.content
    h = s.heroes[seat]
    if kind == "hero":
        taken = {x.hero for x in s.heroes}
        return [f"hero {k}" for k in c.heroes if k not in taken]
    if kind == "place":
        return [f"tower {t}" for t in c.towers if not any(x.sq == t for x in s.heroes)]
    if kind == "action":
        ids = [f"move {t}" for _, _, t in exits(s, seat)]
        if searchable(s, seat) is None:
            ids.append("search")
        if has_entrance(s, h.sq):
            ids.append("catacombs")
        if h.sq in c.treasure:
            ids.append("dragon")
        if room_type(s, h.sq) == "bridge":
            ids.append("cross")
        if ability_left(s, seat, "action"):
            ids.append("ability")
        return ids or ["wait"]
    if kind == "spend":
        return [f"spend {s.decide[2]}", "accept"]
    if kind == "may":
        return ["open", "leave"]
    if kind == "onward":
        ids = [f"move {t}" for t in onward_moves(s, seat, s.decide[2])]
        if s.decide[2] == "tower":
            if len(h.loot) >= s.options["escape_loot"]:
                ids.insert(0, "escape")
            ids += [f"tower {t}" for t in c.towers
                    if t != h.sq and not occupied_by_other(s, seat, t)]
        return ids or ["stop"]
    if kind == "bridge":
        return ["cross", "wait"] + [f"drop {k}" for k in sorted(set(h.loot))]
    if kind == "secret":
        return [f"secret {DIRS[d]}" for d in s.decide[2]]
    if kind == "combat":
        return [f"play {k}" for k in c.combat_cards]
    if kind == "mplay":
        return [f"monster {k}" for k in c.combat_cards]
    if kind == "round_end":
        return ["fight"] + [f"flee {t}" for t in flee_targets(s, seat)]
    if kind == "face":
        return [f"face {d}" for d in DIRS]
    if kind == "exit":
        return ["leave", "stay"]
    if kind == "turn":
        return ["turn left", "turn right"]
    if kind == "orient":
        return [f"orient {d}" for d in DIRS]
    raise AssertionError(kind)


def current_player(s: DQState) -> int | None:
    if s.over or s.chance is not None or s.decide is None:
        return None
    return s.decide[1]


def chance_weights(s: DQState) -> list[tuple[str, int]]:
    ch = s.chance
    if ch is None:
        return []
    kind = ch[0]
    if kind in ("startroll", "sun", "catroll"):
        return DIE
    if kind == "test":
        return TWO_D6
    if kind == "wounds":
        d = sum_of(ch[1])
        return [(f"wounds {k}", w) for k, w in zip(d.outcomes, d.weights)]
    if kind in ("card", "monster"):
        return [(f"card {k}", n) for k, n in sorted(s.piles[ch[1]].items())]
    if kind == "rune":
        return [(f"card {k}", n) for k, n in sorted(s.piles["rune"].items())]
    if kind == "tile":
        return [(f"tile {k}", n) for k, n in sorted(s.tiles.items())]
    if kind == "dark":
        return dark_weights(s, s.seat)
    if kind == "mcard":
        cards = s.content.combat_cards
        if s.options["monster"] == "uniform":
            return [(f"monster {k}", 1) for k in cards]
        return [(f"monster {k}", w) for k, w in zip(cards, _equilibrium_weights(s.content))
                if w]
    raise AssertionError(kind)


def explain_illegal(s: DQState, aid: str) -> str | None:
    if s.over:
        return "the game is over"
    if s.decide is None:
        return None
    kind, seat = s.decide[0], s.decide[1]
    verb, _, arg = aid.partition(" ") if isinstance(aid, str) else ("", "", "")
    waiting = {
        "hero": "choose a hero ('hero KEY')", "place": "place your hero in a free tower room",
        "spend": "decide whether to spend determination tokens after the roll",
        "may": "say whether you look closer ('open') or not ('leave')",
        "onward": "you must move on at once", "bridge": "cross the bridge or end your turn",
        "combat": "choose your combat card ('play melee', 'play ranged', 'play magic')",
        "mplay": "as the monster player, choose the monster's combat card",
        "round_end": "fight on or try to flee", "face": "point your travel marker",
        "exit": "leave the catacombs or stay", "turn": "turn the travel marker left or right",
        "orient": "choose where the new tile's arrow points",
        "secret": "choose the wall that hides the secret door ('secret N', ...)",
    }
    if kind != "action":
        return waiting.get(kind)
    h = s.heroes[seat]
    if verb == "search":
        return searchable(s, seat)
    if verb == "catacombs":
        return "this room has no catacomb entrance (printed or a marker)"
    if verb == "dragon":
        return "only a hero who starts the turn in the treasure chamber may draw a dragon card"
    if verb == "ability":
        ab = s.content.heroes[h.hero].ability
        if ab is None:
            return f"{s.content.heroes[h.hero].name}'s hero sheet has no special ability"
        if ab.when != "action":
            return f"{ab.name} acts by itself in your status phase; it is no action"
        return f"{ab.name} is used up ({ab.uses} use{'s' if ab.uses != 1 else ''} a game)"
    if verb == "move":
        c = s.content
        if not isinstance(arg, str) or len(arg) < 2 or arg[0] not in "abcdefghijklmnopqrstuvwxyz"[:c.columns] \
                or not arg[1:].isdigit() or not 1 <= int(arg[1:]) <= c.rows:
            return f"{arg!r} is not a square of the board (a1 to {c.sq(c.columns - 1, c.rows - 1)})"
        if not any(c.neighbour(q, d) == arg for q in room_squares(s, h.sq) for d in range(4)):
            return f"{arg} is not next to your room"
        if occupied_by_other(s, seat, arg):
            return f"another hero stands on {arg}: you may not enter that room voluntarily"
        return f"a wall (or a chasm) lies between your room and {arg}"
    return None
