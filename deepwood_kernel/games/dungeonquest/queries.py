"""Questions about a DungeonQuest state that change nothing.

The hero's attributes and life (DQ-14.4), rooms and their sides (DQ-3.1, DQ-13.1), split
tiles (DQ-11.3, DQ-11.6, DQ-11.11), monster markers (DQ-9.1, DQ-11.9), the ways out of a
room (DQ-3.1, DQ-3.3), searching (DQ-5.1), secret doors (DQ-5.3), abilities (DQ-14.7),
where a hero must move on (DQ-11.5, DQ-11.7, DQ-11.12, DQ-11.13), who plays the monster
(DQ-9.2) and where a hero may flee (DQ-9.8). Every later phase module imports these.
"""

from __future__ import annotations

from .content import DIRS
from .state import CATACOMBS, DQState, Hero, IN


def hero_of(s: DQState, seat: int):
    return s.content.heroes[s.heroes[seat].hero]


def attribute(s: DQState, seat: int, attr: str) -> int:
    """The attribute on the hero sheet, plus 1 for each rune of that attribute (DQ-14.4)."""
    h = s.heroes[seat]
    cards = s.content.cards
    return getattr(hero_of(s, seat), attr) + sum(1 for k in h.runes
                                                  if cards[k].bonus_attr == attr)


def life(s: DQState, seat: int) -> int:
    return hero_of(s, seat).life


def room_squares(s: DQState, sq: str) -> tuple[str, ...]:
    """The treasure chamber is one room on two squares (DQ-11.9)."""
    tr = s.content.treasure
    return tr if sq in tr else (sq,)


def explored(s: DQState, sq: str) -> bool:
    """Erforschtes Feld: a placed tile, a printed room, or a square with a hero."""
    c = s.content
    return sq in s.board or sq in c.towers or sq in c.treasure or any(
        h.sq == sq for h in s.heroes)


def room_type(s: DQState, sq: str) -> str:
    c = s.content
    if sq in c.towers:
        return "tower"
    if sq in c.treasure:
        return "treasure"
    return c.tiles[s.board[sq][0]].type


def side(s: DQState, sq: str, d: int) -> str:
    """The kind of side ``d`` (world direction) of the room on ``sq``: o, w, d or p.

    Printed rooms (DQ-13.1, designed): tower rooms are open towards the board, the
    treasure chamber on every side; the board's edge is the outer wall."""
    c = s.content
    if c.neighbour(sq, d) is None:
        return "w"
    if sq in c.towers or sq in c.treasure:
        return "o"
    if s.secret and sq + DIRS[d] in s.secret:
        return "o"                         # DQ-5.3: a revealed secret door opens the edge
    key, rot = s.board[sq]
    return c.tiles[key].sides[(d - rot) % 4]


def far_side(s: DQState, sq: str, d: int) -> bool:
    """Is world side ``d`` of the tile on ``sq`` across its rubble, chasm or bridge span?"""
    if sq not in s.board:
        return False
    key, rot = s.board[sq]
    return DIRS[(d - rot) % 4] in s.content.tiles[key].far


def on_far_half(s: DQState, seat: int) -> bool:
    """Which half of a split tile the hero stands on: the half of the side they came in
    through; a hero who landed there (catacombs) stands on the arrow's half (reading)."""
    h = s.heroes[seat]
    return h.came is not None and far_side(s, h.sq, h.came)


def room_marker(s: DQState, sq: str) -> str | None:
    """The square of the monster marker in the room on ``sq``, or None.

    The treasure chamber counts as one room though it covers two squares (DQ-11.9:
    "Die Schatzkammer zählt als ein Raum"), so a marker on either square is the
    chamber's marker: a hero entering either square meets it (DQ-9.1), a meeting there
    places no second marker (DQ-9.2), and slaying the monster removes it (DQ-9.5)."""
    return next((q for q in room_squares(s, sq) if q in s.monsters), None)


def occupied_by_other(s: DQState, seat: int, sq: str) -> bool:
    if sq in s.content.treasure:
        return False                 # DQ-11.9: several heroes may share the chamber
    return any(h.sq == sq and i != seat for i, h in enumerate(s.heroes))


def exits(s: DQState, seat: int, *, back: bool = True, halves: bool = True,
          heroes_block: bool = True) -> list[tuple[int, str, str]]:
    """Every passage out of the hero's room as (direction, from square, target square).

    Walls on either side block (DQ-3.1); a chasm or bridge blocks the sides across it
    (DQ-11.11, DQ-11.3); a room with another hero may not be entered voluntarily
    (DQ-3.3). Doors and portcullises do not block here: they are passed when moving."""
    h = s.heroes[seat]
    c = s.content
    own = room_squares(s, h.sq)
    typ = room_type(s, h.sq)
    out = []
    for q in own:
        for d in range(4):
            t = c.neighbour(q, d)
            if t is None or t in own or side(s, q, d) == "w":
                continue
            if halves and typ in ("chasm", "bridge") and \
                    far_side(s, q, d) != on_far_half(s, seat):
                continue
            if not back and h.came == d:
                continue
            if explored(s, t) and (t in s.board or t in c.towers or t in c.treasure) \
                    and side(s, t, (d + 2) % 4) == "w":
                continue
            if heroes_block and occupied_by_other(s, seat, t):
                continue
            out.append((d, q, t))
    return out


def direction(s: DQState, frm: str, to: str) -> int:
    c = s.content
    for q in room_squares(s, frm):
        for d in range(4):
            if c.neighbour(q, d) == to:
                return d
    raise ValueError(f"{to} is not next to {frm}")


def in_dungeon(h: Hero) -> bool:
    return h.status in (IN, CATACOMBS)


def searchable(s: DQState, seat: int) -> str | None:
    """Durchsuchen (DQ-5.1): why the room cannot be searched, or None when it can."""
    h = s.heroes[seat]
    if h.status != IN:
        return "you are not in a room"
    if h.sq not in s.board or not s.content.tiles[s.board[h.sq][0]].torch:
        return "this room shows no torch symbol"
    if room_marker(s, h.sq) is not None:
        return "a monster marker lies in this room"
    if h.sq in s.searched:
        return "this room has been searched already"
    if s.tokens < 1:
        return "no searched marker is left in the supply"
    return None


def ability_left(s: DQState, seat: int, when: str) -> bool:
    """Does the hero's sheet give a special ability acting ``when`` ("status" or
    "action") with a use left this game (DQ-14.7)?"""
    h = s.heroes[seat]
    ab = s.content.heroes[h.hero].ability if h.hero else None
    return ab is not None and ab.when == when and (not ab.uses or h.ability_used < ab.uses)


def has_entrance(s: DQState, sq: str) -> bool:
    c = s.content
    return sq in s.entrances or (sq in s.board and c.tiles[s.board[sq][0]].entrance)


def secret_door_walls(s: DQState, seat: int) -> tuple[int, ...]:
    """DQ-5.3 (designed): the walls of the hero's room where a secret door can be
    revealed: a side blocked by a wall (of this room or of the explored room next door),
    not the board's outer wall and not already opened."""
    h = s.heroes[seat]
    c = s.content
    if h.status != IN or h.sq not in s.board:
        return ()
    out = []
    for d in range(4):
        t = c.neighbour(h.sq, d)
        if t is None:
            continue
        if side(s, h.sq, d) == "w" or (t in s.board and side(s, t, (d + 2) % 4) == "w"):
            out.append(d)
    return tuple(out)


def describe_room(s: DQState, sq: str) -> str:
    typ = room_type(s, sq)
    return {"tower": "a tower room", "treasure": "the treasure chamber",
            "dungeon": "a dungeon room", "corridor": "a corridor", "trap": "a trap room",
            "cave_in": "a room with a caved-in ceiling", "chasm": "a room split by a deep "
            "chasm", "bridge": "a bridge", "rotating": "a rotating room", "darkness":
            "the chamber of darkness", "web": "a spider web", "pit": "a bottomless pit"}[typ]


def onward_moves(s: DQState, seat: int, kind: str) -> list[str]:
    """Where a hero who must move on can go (DQ-11.7 corridor, DQ-11.12 web, DQ-11.13
    tower room): the corridor goes back only when every other passage is blocked."""
    if kind == "corridor":
        ways = [t for _, _, t in exits(s, seat, back=False)]
        if not ways:
            ways = [t for _, _, t in exits(s, seat)]
        return ways
    return [t for _, _, t in exits(s, seat)]


def dark_weights(s: DQState, seat: int) -> list[tuple[str, int]]:
    """Kammer der Dunkelheit (DQ-11.5): the die shows a direction (designed: 1 N, 2 E,
    3 S, 4 W, 5–6 roll again); a direction blocked by a wall or a hero is rolled again.
    Rolling again until an open way shows is one draw among the open ways."""
    open_ = {d for d, _, _ in exits(s, seat, halves=False)}
    return [(f"dir {DIRS[d]}", 1) for d in range(4) if d in open_]


def monster_seat(s: DQState) -> int | None:
    """Monsterbegegnungen (DQ-9.2): the player to the left plays the monster; in solo
    play, or with a policy option, nobody does (a chance event)."""
    if s.n == 1 or s.options["monster"] != "player":
        return None
    return (s.seat + 1) % s.n


def flee_targets(s: DQState, seat: int) -> list[str]:
    """Flucht (DQ-9.8): adjacent explored rooms, doors and portcullises ignored (walls
    still block, and no room with another hero); none in the catacombs."""
    h = s.heroes[seat]
    if h.status != IN:
        return []
    return [t for _, _, t in exits(s, seat)
            if t in s.board or t in s.content.towers or t in s.content.treasure]
