"""Load and validate Deep Wood's ``content.toml`` (board, tiles, strips, monsters).

Every check names the file, the entry and the problem, so a user writing their own content
file for the physical prototype sees at once what to fix.

>>> c = load_content()
>>> c.columns, c.rows, len(c.strips)
(5, 7, 39)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import model_validator

from ...core.content import (Choice, Flag, Int, Items, Meta, Pattern, Schema, Table, require,
                             validate)
from ...core.errors import ContentError, read_content_toml

DEFAULT_FILE = Path(__file__).with_name("content.toml")

RESOURCES = ("potions", "books", "gold", "stones")
CELL_CODES = {"P": "potions", "B": "books", "G": "gold", "S": "stones", "-": None}
_CELL_LETTER = {v: k for k, v in CELL_CODES.items()}     # "potions" -> "P" (Strip.code)
TILE_KINDS = ("forest", "thicket", "gate", "guard", "sword", "troll")
OBSTACLES = ("thicket", "gate", "guard")
ADVANTAGES = ("gold_each_round", "obstacle_wildcard", "double_market")


@dataclass(frozen=True)
class Monster:
    """One rock-monster card (Felsmonsterkarte)."""

    number: int
    strength: int
    gold: int
    bonus: str | None          # resource that buys +1 pip each after the last roll
    advantage: str | None      # lasting advantage from the next round on


@dataclass(frozen=True)
class Strip:
    """A resource strip (Ressourcenstreifen): three cells, and the player-count mark."""

    id: int
    cells: tuple[str | None, str | None, str | None]
    mark: int | None           # 2 = removed with 2 players, 4 = removed with 4 players

    @property
    def code(self) -> str:
        return "".join(_CELL_LETTER[c] for c in self.cells)


@dataclass(frozen=True)
class Content:
    file: str
    columns: int
    rows: int
    rocks: tuple[int, ...]                 # field indices
    face_up_row: int
    fog_start_row: int
    beside_board: dict[str, int]
    face_up_bottom: dict[str, int]
    face_down: dict[str, int]
    start: dict[str, int]
    costs: dict[str, dict[str, int]]
    resource_limit: int
    monsters: tuple[Monster, ...]          # one entry per physical card (copies expanded)
    strips: tuple[Strip, ...]

    def __deepcopy__(self, memo) -> "Content":
        return self          # immutable and shared by every copy of a game

    # geometry helpers -------------------------------------------------------------
    @property
    def height(self) -> int:
        """Rows of fields including the bottom wall (row 0) and the top wall (rows + 1)."""
        return self.rows + 2

    def field(self, name: str) -> int:
        col = ord(name[0]) - ord("a")
        row = int(name[1:])
        return row * self.columns + col

    def name(self, field: int) -> str:
        row, col = divmod(field, self.columns)
        return f"{chr(ord('a') + col)}{row}"


# ------------------------------------------------------------------------------ the schema
# Bounds keep a game playable (issue 23): the rulebook's board is 5 x 7 and the engine
# draws up to 9 x 12; 6 resources is the rulebook's hand limit and costs stay within it so
# every obstacle can be paid; at most 20 monster kinds of at most 9 copies
# (the rulebook has 7 kinds, 9 cards); strips are 3 to a hand, at most 60 of each mark.
FIELD_NAME = r"^[a-i](1[0-2]|[1-9])$"
StripCode = Pattern(r"^([PBGS][PBGS-]{2}|-[PBGS][PBGS-]|--[PBGS])$",
                    "3 cells of P, B, G, S or - (not all three -)")
Count = Int(0, 120)


class BoardSpec(Schema):
    designed: Flag = True
    columns: Int(3, 9)
    rows: Int(3, 12)
    rocks: Items(Pattern(FIELD_NAME, "a field name like 'b3' (column a-i, row 1-12)"), 2, 2)
    face_up_row: Int(1, 1) = 1            # DW-1.5: the bottom forest row lies face up
    fog_start_row: Int(1, 12) = 1


class TilesSpec(Schema):
    designed: Flag = True
    beside_board: Table(Choice("sword", "step_back"), Int(0, 6), 2)
    face_up_bottom: Table(Choice("forest"), Int(0, 9), 1)
    face_down: Table(Choice(*TILE_KINDS), Count, len(TILE_KINDS))


# A starting stock may exceed the hand limit (it is exchanged down at the end of the turn):
# up to 20,000, enough for a file that reaches the 6,000-ply game length by exchanges
# alone (DW-10.7), small enough that every number stays a small int.
Stock = Int(0, 20_000)


class StartSpec(Schema):
    potions: Stock
    books: Stock
    gold: Stock
    stones: Stock


Cost = Table(Choice(*RESOURCES), Int(0, 6), len(RESOURCES), min_length=1)


class CostsSpec(Schema):
    thicket: Cost
    gate: Cost
    guard: Cost
    sword: Cost
    troll_appease: Cost
    resource_limit: Int(1, 6)


class MonsterSpec(Schema):
    number: Int(1, 99)
    strength: Int(1, 99)
    gold: Int(0, 99)
    bonus: Choice(*RESOURCES) | None = None
    advantage: Choice(*ADVANTAGES) | None = None
    copies: Int(1, 9) = 1


class StripsSpec(Schema):
    designed: Flag = True
    all: Items(StripCode, 60) = []
    marked_2: Items(StripCode, 60) = []
    marked_4: Items(StripCode, 60) = []


class ContentSpec(Schema):
    """The whole ``content.toml`` of Deep Wood."""

    meta: Meta = {}
    board: BoardSpec
    tiles: TilesSpec
    start: StartSpec
    costs: CostsSpec
    monster: Items(MonsterSpec, 20, 1)
    strips: StripsSpec

    @model_validator(mode="after")
    def _consistent(self):
        b = self.board
        require(b.fog_start_row <= b.rows, "board.fog_start_row", b.fog_start_row,
                f"a forest row from 1 to board.rows ({b.rows})")
        for r in b.rocks:
            require(ord(r[0]) - 97 < b.columns and 2 <= int(r[1:]) <= b.rows, "board.rocks", r,
                    f"forest fields above the bottom row, columns a-{chr(96 + b.columns)}, "
                    f"rows 2-{b.rows}")
        require(b.rocks[0] != b.rocks[1], "board.rocks", b.rocks, "2 different fields")
        s = self.strips
        for players, mark in ((2, "marked_2"), (3, None), (4, "marked_4")):
            n = len(s.all) + len(s.marked_2) + len(s.marked_4) - (len(getattr(s, mark))
                                                                    if mark else 0)
            require(n >= 3 * players, f"strips.{mark or 'all'}", n,
                    f"at least {3 * players} strips for {players} players' hands of 3")
        return self


def _fail(file: str, entry: str, problem: str):
    raise ContentError(file, entry, problem)


def _counts(file: str, entry: str, table, allowed) -> dict[str, int]:
    if not isinstance(table, dict):
        _fail(file, entry, "must be a table of kind = count")
    for k, v in table.items():
        if k not in allowed:
            _fail(file, entry, f"unknown kind {k!r}; allowed: {', '.join(allowed)}")
        if not isinstance(v, int) or v < 0:
            _fail(file, entry, f"count of {k!r} must be a non-negative integer, got {v!r}")
    return dict(table)


def parse_content(data: dict, file: str = "content.toml") -> Content:
    """Validate parsed TOML against :class:`ContentSpec` and build :class:`Content`; raises
    :class:`ContentError`."""
    validate(ContentSpec, data, file)
    for section in ("board", "tiles", "start", "costs", "monster", "strips"):
        if section not in data:
            _fail(file, section, "section is missing")
    b = data["board"]
    cols, rows = b.get("columns"), b.get("rows")
    if not (isinstance(cols, int) and isinstance(rows, int) and 3 <= cols <= 9
            and 3 <= rows <= 12):
        _fail(file, "board", f"columns 3..9 and rows 3..12 expected, got {cols!r} x {rows!r}")
    rocks = []
    for r in b.get("rocks", []):
        if not (isinstance(r, str) and len(r) >= 2 and r[0].isalpha() and r[1:].isdigit()):
            _fail(file, "board.rocks", f"{r!r} is not a field name like 'b3'")
        col, row = ord(r[0]) - ord("a"), int(r[1:])
        if not (0 <= col < cols and 2 <= row <= rows):
            _fail(file, "board.rocks", f"{r!r} must be a forest field above the bottom row")
        rocks.append(row * cols + col)
    if len(set(rocks)) != 2:
        _fail(file, "board.rocks", "the rulebook's board has exactly 2 rock fields")
    t = data["tiles"]
    beside = _counts(file, "tiles.beside_board", t.get("beside_board"),
                     ("sword", "step_back"))
    bottom = _counts(file, "tiles.face_up_bottom", t.get("face_up_bottom"), ("forest",))
    down = _counts(file, "tiles.face_down", t.get("face_down"), TILE_KINDS)
    if sum(bottom.values()) != cols:
        _fail(file, "tiles.face_up_bottom", f"must fill the {cols} fields of the bottom row")
    down_fields = cols * (rows - 1) - 2
    if sum(down.values()) != down_fields:
        _fail(file, "tiles.face_down", f"{sum(down.values())} tiles for {down_fields} "
                                       f"face-down fields ({cols} x {rows - 1} - 2 rocks)")
    start = _counts(file, "start", data["start"], RESOURCES)
    costs = {}
    for k, v in data["costs"].items():
        if k == "resource_limit":
            continue
        costs[k] = _counts(file, f"costs.{k}", v, RESOURCES)
    for needed in ("thicket", "gate", "guard", "sword", "troll_appease"):
        if needed not in costs:
            _fail(file, f"costs.{needed}", "is missing")
    limit = data["costs"].get("resource_limit")
    if not isinstance(limit, int) or limit < 1:
        _fail(file, "costs.resource_limit", "must be a positive integer")
    monsters = []
    for i, m in enumerate(data["monster"]):
        entry = f"monster #{i + 1}"
        for key in ("number", "strength", "gold"):
            if not isinstance(m.get(key), int) or m[key] < 0:
                _fail(file, entry, f"{key} must be a non-negative integer")
        if m.get("bonus") not in (None, *RESOURCES):
            _fail(file, entry, f"bonus must be one of {RESOURCES}, got {m.get('bonus')!r}")
        if m.get("advantage") not in (None, *ADVANTAGES):
            _fail(file, entry, f"advantage must be one of {ADVANTAGES}")
        copies = m.get("copies", 1)
        if not isinstance(copies, int) or copies < 1:
            _fail(file, entry, "copies must be a positive integer")
        monsters += [Monster(m["number"], m["strength"], m["gold"], m.get("bonus"),
                             m.get("advantage"))] * copies
    strips = []
    s = data["strips"]
    for key, mark in (("all", None), ("marked_2", 2), ("marked_4", 4)):
        for code in s.get(key, []):
            if not (isinstance(code, str) and len(code) == 3 and set(code) <= set(CELL_CODES)):
                _fail(file, f"strips.{key}", f"{code!r} must be 3 cells of P, B, G, S or -")
            if code == "---":
                _fail(file, f"strips.{key}", "a strip with no resource at all is useless")
            strips.append(Strip(len(strips), tuple(CELL_CODES[ch] for ch in code), mark))
    return Content(file, cols, rows, tuple(sorted(rocks)), b.get("face_up_row", 1),
                   b.get("fog_start_row", 1), beside, bottom, down, start, costs, limit,
                   tuple(monsters), tuple(strips))


@lru_cache(maxsize=8)
def load_content(path: str | None = None) -> Content:
    """Read and validate a content file (default: the designed ``content.toml``)."""
    p = Path(path) if path else DEFAULT_FILE
    return parse_content(read_content_toml(p), p.name)
