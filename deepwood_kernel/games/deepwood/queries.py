"""Questions the rules of *Durch den tiefen Wald* ask of a table, without changing it: what
may be paid, where the fog is, what a step costs or forbids, what comes into sight, which
market line a border field takes, where a strip may be laid, a monster's advantages."""

from __future__ import annotations

from functools import lru_cache

from .content import OBSTACLES
from .setup import DIRECTIONS, _amount, geometry, name
from .state import FACE_DOWN, DeepWoodState, Player


def can_pay(p: Player, cost: dict[str, int]) -> bool:
    return all(p.res[r] >= n for r, n in cost.items())


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(_amount(n, r) for r, n in cost.items())


def in_fog(s: DeepWoodState, f: int) -> bool:
    fog = s.fog_row
    geo = geometry(s.content)
    return fog is not None and not geo.is_wall(f) and geo.row(f) <= fog


def stones_to_leave(s: DeepWoodState, f: int) -> int:
    """Markierungssteine / Nebel (DW-4.2, DW-10.2): stones laid on the field you leave.

    1 normally, 2 from a rock, 2 in fog, 3 from a rock in fog; a wall field always 1.
    """
    geo = geometry(s.content)
    if geo.is_wall(f):
        return 1
    rock = f in geo.rocks
    if in_fog(s, f):
        return 3 if rock else 2
    return 2 if rock else 1


def trolls_next_to(s: DeepWoodState, seat: int) -> list[int]:
    """Trolle (DW-8.1): fields next to the figure with a troll tile or placed trolls."""
    b = s.boards[seat]
    if b.figure is None:
        return []
    return [g for g in geometry(s.content).neighbours[b.figure]
            if b.trolls[g] > 0 or b.tiles[g] == "troll"]


def path_problem(s: DeepWoodState, seat: int, target: int) -> str | None:
    """The path may not touch itself (DW-4.3): no stone on or next to the target field,
    except the field the figure leaves."""
    b = s.boards[seat]
    if b.stones[target]:
        return f"{name(s, target)} already carries a marker stone"
    for g in geometry(s.content).neighbours[target]:
        if g != b.figure and b.stones[g]:
            return (f"{name(s, target)} lies next to the marker stone on {name(s, g)}: "
                    "your path may not touch itself")
    return None


def step_problem(s: DeepWoodState, seat: int, target: int, kind: str) -> str | None:
    """Why stepping onto ``target`` with a move of ``kind`` is impossible, or None.

    kind: "move" (forest, rock, walking over a sword), "clear" (obstacle), "sword"
    (collect), "leave" (over the top wall).
    """
    c, p, b = s.content, s.players[seat], s.boards[seat]
    geo = geometry(c)
    if b.figure is None:
        return "your figure is not in the forest"
    if target not in geo.neighbours[b.figure]:
        return f"{name(s, target)} is not next to your figure on {name(s, b.figure)}"
    if trolls_next_to(s, seat):
        return "a troll next to your figure must be appeased with 1 gold first"
    tile = b.tiles[target]
    if kind == "leave":
        if geo.row(target) != geo.top:
            return "you leave the forest over the top wall, from the top forest row"
        if s.fog_row is None:
            return (f"the forest can only be left once the fog has set in (round "
                    f"{s.fog_round})")
    elif geo.is_wall(target):
        return "you may cross each wall at one place only; wall fields are not forest"
    if b.trolls[target]:
        return f"a troll sits on {name(s, target)}"
    if kind == "move" and tile not in (None, "forest", "sword"):
        return f"{name(s, target)} holds a {tile}; " + (
            "clear it by paying its cost" if tile in OBSTACLES else "it blocks the way")
    if kind == "clear" and tile not in OBSTACLES:
        return f"there is no obstacle on {name(s, target)}"
    if kind == "sword" and tile != "sword":
        return f"there is no sword on {name(s, target)}"
    if kind in ("clear", "sword"):
        cost = c.costs[tile]
        if not can_pay(p, cost):
            return f"taking the {tile} costs {cost_text(cost)}"
    need = stones_to_leave(s, b.figure) + (1 if kind == "leave" else 0)
    if p.res["stones"] < need:
        return f"this step needs {need} marker stone{'s' * (need > 1)}; you have {p.res['stones']}"
    return path_problem(s, seat, target)


def next_reveal(s: DeepWoodState) -> int | None:
    """Kartchen aufdecken (DW-3.1): the first face-down field in the figure's line of sight
    (up, right, down, left), looking past face-up forest and bare floor only."""
    b = s.boards[s.seat]
    if b.figure is None:
        return None
    geo = geometry(s.content)
    for ray in geo.rays[b.figure]:
        for g in ray:
            if b.trolls[g] or g in geo.rocks:
                break
            t = b.tiles[g]
            if t == FACE_DOWN:
                return g
            if t not in (None, "forest"):
                break
    return None


def market_lines(key: str) -> list[int]:
    """The 4 market cells a border field looks along (cell = row * 4 + column)."""
    if key == "corner":
        return [0, 5, 10, 15]                          # DW-2.4: the diagonal, 4 players
    if key.startswith("row"):
        r = int(key[3]) - 1
        return [r * 4 + col for col in range(4)]
    col = ord(key[3]) - ord("A")
    return [r * 4 + col for r in range(4)]


def strip_cells(anchor: str, direction: str) -> list[int]:
    col, row = ord(anchor[0]) - ord("A"), int(anchor[1]) - 1
    dr, dc = DIRECTIONS[direction]
    return [(row + i * dr) * 4 + col + i * dc for i in range(3)]


def placements(s: DeepWoodState, strip: int) -> list[str]:
    """Ressourcen-Markt (DW-2.1): every placement of a strip on the 4x4 grid, no overhang,
    any orientation; a strip reading the same both ways is listed once."""
    return list(_placements(s.content.strips[strip].cells, strip))


@lru_cache(maxsize=512)
def _placements(cells: tuple, strip: int) -> tuple[str, ...]:
    palindrome = cells[0] == cells[2]
    out = []
    for row in range(4):
        for col in range(4):
            anchor = f"{chr(65 + col)}{row + 1}"
            for d, (dr, dc) in DIRECTIONS.items():
                if palindrome and d in ("left", "down"):
                    continue
                if 0 <= row + 2 * dr < 4 and 0 <= col + 2 * dc < 4:
                    out.append(f"place {strip} {anchor} {d}")
    return tuple(out)


def market_take(s: DeepWoodState, key: str) -> dict[str, int]:
    got: dict[str, int] = {}
    for cell in market_lines(key):
        r = s.cells[cell]
        if r is not None:
            got[r] = got.get(r, 0) + 1
    return got


def owns_advantage(s: DeepWoodState, seat: int, advantage: str) -> bool:
    """A monster's advantage applies from the round after it was won (DW-6.6)."""
    return any(s.content.monsters[i].advantage == advantage and won < s.round
               for i, won in s.players[seat].monsters)


def troll_ready(s: DeepWoodState, seat: int) -> bool:
    """DW-8.3: a troll from an earlier round, at most one placed a round."""
    p = s.players[seat]
    return p.trolls - p.trolls_fresh > 0 and p.troll_placed_round != s.round


def fight_strengths(s: DeepWoodState, seat: int) -> list[int]:
    """Strengths the player may announce (DW-6.2): still in the middle, not beaten before."""
    beaten = s.players[seat].beaten
    return sorted({s.content.monsters[i].strength for i in s.middle} - set(beaten))


def bonus_resource(s: DeepWoodState, strength: int) -> str | None:
    for m in s.content.monsters:
        if m.strength == strength:
            return m.bonus
    return None
