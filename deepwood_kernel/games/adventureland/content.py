"""Load and validate Adventure Land's ``content.toml``: the map, the river, the tiles.

The two pages of HABA's English rulebook (2015) we have ("2. Move adventurer(s)", "Combat
strength of the fog creature") give no board and no tile values, so the default file holds
a map and value splits designed for this project, plus counts reconstructed from published
facts (both marked in the file). A user who owns the game can pass their own file of the
same shape; every check names the file, the entry and the problem.

>>> c = load_content()
>>> len(c.terrain), c.terrain["J3"], c.terrain["E9"], c.city_of["J3"]
(110, 'city', 'river', 2)
>>> sorted(c.city_size.items())
[(1, 12), (2, 6), (3, 5), (4, 4), (5, 3)]
>>> sum(c.creatures.values()), sum(c.swords.values()), sum(c.herbs.values())
(14, 28, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import Field

from ...core.content import Int, Items, Meta, Name, Pattern, Schema, Table, validate
from ...core.errors import ContentError, read_content_toml

DEFAULT_FILE = Path(__file__).with_name("content.toml")

TERRAIN = {"f": "forest", "m": "mountain", "r": "river", "n": "fog"}
#: reconstructed (issue 15, HABA rules "Game contents"): squares of each terrain
TERRAIN_COUNTS = {"city": 30, "forest": 20, "river": 18, "mountain": 28, "fog": 14}
CITY_SIZES = (12, 6, 5, 4, 3)


@dataclass(frozen=True)
class Content:
    file: str
    columns: str
    rows: int
    squares: tuple[str, ...]                 # every square id, row by row ("A1".."K10")
    terrain: dict[str, str]                  # square -> city/forest/river/mountain/fog
    city_of: dict[str, int]                  # city square -> city number
    city_size: dict[int, int]
    city_name: dict[int, str]
    river: tuple[str, ...]                   # the river path, in order
    creatures: dict[int, int]                # strength -> count
    swords: dict[int, int]                   # extra value -> count
    herbs: dict[int, int]                    # value -> count
    players: dict[int, dict]                 # player count -> removals and start lines
    game: dict
    scoring: dict

    def __deepcopy__(self, memo) -> "Content":
        return self                 # content is never changed: forks and copies share it

    def coord(self, sq: str) -> tuple[int, int]:
        """``"E9"`` -> (column index 4, row 9)."""
        return self.columns.index(sq[0]), int(sq[1:])

    def square(self, col: int, row: int) -> str:
        return f"{self.columns[col]}{row}"


# ------------------------------------------------------------------------------ the schema
# Bounds keep a game playable (issue 23): the published board is 11 x 10 and the board
# drawing stays readable up to 26 x 26; piece counts stay within a few times the published
# ones (40 adventurers, 30 companions, 18 gold, 28 swords, 20 herbs, 14 creatures); the
# fight uses at most 6 dice and 6 swords. Cross-field checks (every river square is a
# river, the creatures fill the fog squares...) follow in parse_content.
Square = Pattern(r"^[A-Z]([1-9]|1[0-9]|2[0-6])$", "a square like 'E9' (column A-Z, row 1-26)")
Whole = Pattern(r"^[0-9]{1,2}$", "a whole number of 1 or 2 digits")


class GameSpec(Schema):
    columns: Pattern(r"^[A-Z]{2,26}$", "2 to 26 distinct capital letters, e.g. 'ABC'")
    rows: Int(2, 26)
    adventurers_per_colour: Int(1, 20)
    companions: Int(1, 60)
    gold: Int(1, 60)
    dice: Int(1, 6)
    max_swords_in_fight: Int(1, 6)
    start_cards: Int(1, 20)
    cards_per_turn: Int(1, 6)
    colours: Items(Name, 8, 4)
    names: Items(Name, 8, 4)


class SeatsSpec(Schema):
    adventurers_removed: Int(0, 20)
    companions_removed: Int(0, 60)
    swords_removed: Int(0, 60)
    start_rows: Items(Int(1, 26), 26, 1)
    start_columns: Pattern(r"^[A-Z]{1,26}$", "1 to 26 capital letters of game.columns")


class PlayersSpec(Schema):
    two: SeatsSpec = Field(alias="2")
    three: SeatsSpec = Field(alias="3")
    four: SeatsSpec = Field(alias="4")


class MapSpec(Schema):
    # which letters are terrain is checked square by square below, naming the square
    rows: Items(Pattern(r"^[a-z0-9]{2,26}$", "a row of 2 to 26 squares: f, m, r, n or a "
                        "city number 1-9"), 26, 2)
    river: Items(Square, 26 * 26)


class ScoringSpec(Schema):
    gold_points: Int(0, 99)
    group_points: Int(0, 99)
    majority: Items(Int(0, 99), 3, 3)


class ContentSpec(Schema):
    """The whole ``content.toml`` of Adventure Land."""

    meta: Meta = {}
    game: GameSpec
    players: PlayersSpec
    map: MapSpec
    cities: Table(Pattern(r"^[1-9]$", "a city number 1-9"), Name, 9) = {}
    creatures: Table(Whole, Int(1, 100), 20, min_length=1)
    swords: Table(Whole, Int(1, 100), 20, min_length=1)
    herbs: Table(Whole, Int(1, 100), 20, min_length=1)
    scoring: ScoringSpec


def _int_table(data: dict, entry: str, name: str, low: int = 0) -> dict[int, int]:
    raw = data.get(entry)
    if not isinstance(raw, dict) or not raw:
        raise ContentError(name, entry, "must be a table of value = count")
    out = {}
    for k, v in raw.items():
        try:
            key = int(k)
        except ValueError:
            raise ContentError(name, f"{entry}.{k}", "the key must be a whole number") from None
        if type(v) is not int or v < 1 or key < low:
            raise ContentError(name, f"{entry}.{k}", f"count must be a positive int and the "
                                                     f"value at least {low}, got {v!r}")
        out[key] = v
    return dict(sorted(out.items()))


def parse_content(data: dict, name: str) -> Content:
    """Validate the parsed TOML of a content file against :class:`ContentSpec` and build
    :class:`Content`."""
    validate(ContentSpec, data, name)
    g = data.get("game")
    if not isinstance(g, dict):
        raise ContentError(name, "game", "missing table")
    for key in ("adventurers_per_colour", "companions", "gold", "dice", "max_swords_in_fight",
                "start_cards", "cards_per_turn", "rows"):
        if type(g.get(key)) is not int or g[key] < 1:
            raise ContentError(name, f"game.{key}", f"must be a positive int, got {g.get(key)!r}")
    cols = g.get("columns")
    if not isinstance(cols, str) or len(cols) < 2 or len(set(cols)) != len(cols) \
            or not cols.isalpha() or not cols.isupper():
        raise ContentError(name, "game.columns", "must be distinct capital letters, e.g. 'ABC'")
    for key in ("colours", "names"):
        if not (isinstance(g.get(key), list) and len(g[key]) >= 4
                and all(isinstance(x, str) and x for x in g[key])):
            raise ContentError(name, f"game.{key}", "must list 4 non-empty strings")
    nrows = g["rows"]
    m = data.get("map")
    if not isinstance(m, dict) or not isinstance(m.get("rows"), list):
        raise ContentError(name, "map", "needs 'rows', one string per board row")
    if len(m["rows"]) != nrows:
        raise ContentError(name, "map.rows", f"has {len(m['rows'])} rows; game.rows says {nrows}")
    cities = data.get("cities", {})
    if not isinstance(cities, dict):
        raise ContentError(name, "cities", "must be a table of city number = name")
    terrain: dict[str, str] = {}
    city_of: dict[str, int] = {}
    squares = []
    for r, line in enumerate(m["rows"], start=1):
        if not isinstance(line, str) or len(line) != len(cols):
            raise ContentError(name, f"map.rows[{r}]", f"must be a string of {len(cols)} letters")
        for c, ch in enumerate(line):
            sq = f"{cols[c]}{r}"
            squares.append(sq)
            if ch in TERRAIN:
                terrain[sq] = TERRAIN[ch]
            elif ch.isdigit() and ch in cities:
                terrain[sq] = "city"
                city_of[sq] = int(ch)
            else:
                raise ContentError(name, f"map.rows[{r}]", f"square {sq}: {ch!r} is no terrain "
                                   f"(f, m, r, n, or a city number of [cities])")
    counts = {t: sum(1 for v in terrain.values() if v == t) for t in TERRAIN_COUNTS}
    if nrows * len(cols) == 110 and counts != TERRAIN_COUNTS:
        raise ContentError(name, "map", f"terrain counts {counts}; the game has {TERRAIN_COUNTS}")
    city_size: dict[int, int] = {}
    for sq, k in city_of.items():
        city_size[k] = city_size.get(k, 0) + 1
    for k, sqs in ((k, [s for s, v in city_of.items() if v == k]) for k in city_size):
        if not _connected(sqs, cols):
            raise ContentError(name, f"cities.{k}", "the squares of a city must be connected")
    river = m.get("river")
    rsq = [s for s, t in terrain.items() if t == "river"]
    if not (isinstance(river, list) and sorted(river) == sorted(rsq)
            and len(set(river)) == len(river)):
        raise ContentError(name, "map.river", "must list every river square once, in order")
    pos = {s: (cols.index(s[0]), int(s[1:])) for s in squares}
    for a, b in zip(river, river[1:]):
        (ca, ra), (cb, rb) = pos[a], pos[b]
        if abs(ca - cb) + abs(ra - rb) != 1:
            raise ContentError(name, "map.river", f"{a} and {b} are not side by side: the "
                               "river is one path")
    creatures = _int_table(data, "creatures", name, low=1)
    swords = _int_table(data, "swords", name)
    herbs = _int_table(data, "herbs", name, low=1)
    if sum(creatures.values()) != counts["fog"]:
        raise ContentError(name, "creatures", f"{sum(creatures.values())} creatures for "
                                              f"{counts['fog']} fog squares")
    players = {}
    pdata = data.get("players", {})
    for n in (2, 3, 4):
        p = pdata.get(str(n)) if isinstance(pdata, dict) else None
        if not isinstance(p, dict):
            raise ContentError(name, f"players.{n}", "missing table")
        for key, cap in (("adventurers_removed", g["adventurers_per_colour"] - 1),
                         ("companions_removed", g["companions"]),
                         ("swords_removed", sum(swords.values()))):
            if type(p.get(key)) is not int or not 0 <= p[key] <= cap:
                raise ContentError(name, f"players.{n}.{key}", f"must be an int 0..{cap}")
        sr, sc = p.get("start_rows"), p.get("start_columns")
        if not (isinstance(sr, list) and sr and all(type(x) is int and 1 <= x <= nrows
                                                    for x in sr)):
            raise ContentError(name, f"players.{n}.start_rows", f"must list rows 1..{nrows}")
        if not (isinstance(sc, str) and sc and all(ch in cols for ch in sc)):
            raise ContentError(name, f"players.{n}.start_columns", f"must be letters of {cols}")
        # AL-1.4: one adventurer waits on each start line, so the lines and the
        # adventurers left after the setup table must agree
        lines = len(set(sr)) + len(set(sc))
        waiting = g["adventurers_per_colour"] - p["adventurers_removed"]
        if lines != waiting or len(set(sr)) != len(sr) or len(set(sc)) != len(sc):
            raise ContentError(name, f"players.{n}", f"{len(sr)} distinct start rows and "
                               f"{len(sc)} start columns for {waiting} adventurers each: "
                               "one adventurer waits on each start line")
        players[n] = dict(p)
    sc = data.get("scoring")
    if not (isinstance(sc, dict) and type(sc.get("gold_points")) is int
            and type(sc.get("group_points")) is int
            and isinstance(sc.get("majority"), list) and len(sc["majority"]) == 3
            and all(type(x) is int for x in sc["majority"])):
        raise ContentError(name, "scoring", "needs gold_points, group_points and majority "
                                            "(three ints)")
    return Content(
        file=name, columns=cols, rows=nrows, squares=tuple(squares), terrain=terrain,
        city_of=city_of, city_size=dict(sorted(city_size.items())),
        city_name={k: str(cities.get(str(k), f"city {k}")) for k in sorted(city_size)},
        river=tuple(river), creatures=creatures, swords=swords, herbs=herbs,
        players=players, game=dict(g), scoring=dict(sc))


def _connected(squares: list[str], cols: str) -> bool:
    todo, seen = [squares[0]], {squares[0]}
    rest = set(squares)
    while todo:
        s = todo.pop()
        c, r = cols.index(s[0]), int(s[1:])
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= c + dc < len(cols):
                t = f"{cols[c + dc]}{r + dr}"
                if t in rest and t not in seen:
                    seen.add(t)
                    todo.append(t)
    return len(seen) == len(squares)


@lru_cache(maxsize=1)
def load_content() -> Content:
    """The content designed (and reconstructed) for this project, validated once."""
    return parse_content(read_content_toml(DEFAULT_FILE), DEFAULT_FILE.name)
