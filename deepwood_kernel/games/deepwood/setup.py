"""Setting up *Durch den tiefen Wald* (rulebook: Spielmaterial, Spielvorbereitung; DW-1.x):
the game's info and options (DW-12), its constants, the board's geometry and the first
state."""

from __future__ import annotations

from ...core.rules import GameInfo, Option
from .content import Content
from .state import FACE_DOWN, Board, DeepWoodState, Player


NAMES = ("Anna", "Ben", "Clara", "David")


LAST_ROUND = 15


ROLLS = 3


MAX_DICE = 6


SWORD_LOSS_ON_WIN = {2: 0, 3: 1, 4: 2, 5: 3, 6: 4}   # Felsmonster: dice used -> swords lost


EXCHANGES = (("potions", "gold"), ("books", "gold"), ("stones", "gold"),
             ("gold", "potions"), ("gold", "books"), ("gold", "stones"))


TROLL_REWARDS = ("potions", "books", "stones")


RES_SINGULAR = {"potions": "potion", "books": "book", "gold": "gold", "stones": "stone"}


MARKET_ROWS = ("row1", "row2", "row3", "row4")


MARKET_COLS = ("colA", "colB", "colC", "colD")


DIRECTIONS = {"right": (0, 1), "left": (0, -1), "up": (1, 0), "down": (-1, 0)}


INFO = GameInfo(
    key="deepwood", title="Durch den tiefen Wald", min_players=2, max_players=4,
    description="Find a path through the deep forest, clear obstacles, fight rock monsters "
                "and turn sets of tiles into gold (a prototype by Bettina Katzenberger).",
    # DW-10.7: more than 3x the longest legal game (at most 1,648 plies with 4 players
    # and the designed content, bounded in the rules reference); one that reaches it ends at once, scored as it
    # stands. It bounds the replay time of any save.
    max_game_length=6_000,
    # DW-12: numbers a designer varies in playtests; the defaults are the rulebook's
    options={
        "set_gold": Option(15, low=1, high=60,
                           help="gold for a set of three obstacles (DW-12.1; rulebook 15)"),
        "strip_mix": Option("by_players", allowed=("by_players", "all"),
                            help="'by_players' removes the strips marked for the player "
                                 "count (DW-1.2); 'all' plays every strip (DW-12.2)"),
        "fog_round": Option(11, low=9, high=15,
                            help="the round in which the fog sets in (DW-12.3; rulebook "
                                 "11, after 10 rounds); the game still ends after round 15"),
    },
)


def _amount(n: int, res: str) -> str:
    return f"{n} {RES_SINGULAR[res] if n == 1 else res}"


# ============================================================== geometry
class Geometry:
    """Precomputed neighbours, rock and fight fields for one content's board."""

    def __init__(self, c: Content):
        self.cols, self.height = c.columns, c.height
        self.size = self.cols * self.height
        self.top = c.rows + 1
        self.rocks = frozenset(c.rocks)
        self.neighbours: list[tuple[int, ...]] = []
        for f in range(self.size):
            r, col = divmod(f, self.cols)
            nb = []
            for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                rr, cc = r + dr, col + dc
                if 0 <= rr < self.height and 0 <= cc < self.cols:
                    nb.append(rr * self.cols + cc)
            self.neighbours.append(tuple(nb))
        # DW-6.1: fight on a rock or on a field orthogonally next to one
        self.fight_fields = frozenset(
            f for f in range(self.size)
            if f in self.rocks or any(n in self.rocks for n in self.neighbours[f]))
        self.rays: list[tuple[tuple[int, ...], ...]] = []   # line of sight, up/right/down/left
        for f in range(self.size):
            r, col = divmod(f, self.cols)
            rays = []
            for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):
                ray, rr, cc = [], r + dr, col + dc
                while 1 <= rr <= c.rows and 0 <= cc < self.cols:
                    ray.append(rr * self.cols + cc)
                    rr, cc = rr + dr, cc + dc
                rays.append(tuple(ray))
            self.rays.append(tuple(rays))

    def row(self, f: int) -> int:
        return f // self.cols

    def is_wall(self, f: int) -> bool:
        return f < self.cols or f >= self.top * self.cols


# id(content) -> (content, geometry): holding the content keeps its id from being reused
_GEOMETRY: dict[int, tuple[Content, Geometry]] = {}


def geometry(c: Content) -> Geometry:
    entry = _GEOMETRY.get(id(c))
    if entry is None:
        entry = _GEOMETRY[id(c)] = (c, Geometry(c))
    return entry[1]


def name(s: DeepWoodState, f: int) -> str:
    return s.content.name(f)


# ============================================================== setup
def initial_state(players: int, content: Content, options: dict | None = None) -> DeepWoodState:
    """VORBEREITUNG (DW-1.x): monster cards and strips by player count, boards, supplies;
    ``options`` (DW-12) may change a set's value, the strip mix and the fog's round."""
    opts = {k: o.default for k, o in INFO.options.items()} | dict(options or {})
    c = content
    geo = geometry(c)
    middle = list(range(len(c.monsters)))
    drop = {2: 2, 3: 1, 4: 0}[players]            # DW-1.1: remove strength-20 cards
    for i in reversed(range(len(c.monsters))):
        if drop and c.monsters[i].strength == 20:
            middle.remove(i)
            drop -= 1
    removed_mark = {2: 2, 3: None, 4: 4}[players]  # DW-1.2: strips marked 2 / 4 removed
    if opts["strip_mix"] == "all":                 # DW-12.2: every strip shuffled in
        removed_mark = None
    pile = [st.id for st in c.strips if removed_mark is None or st.mark != removed_mark]
    boards = []
    for _ in range(players):
        tiles: list[str | None] = [None] * geo.size
        for f in range(geo.size):
            row = geo.row(f)
            if row == c.face_up_row:
                tiles[f] = "forest"                 # DW-1.5: the bottom row lies face up
            elif 1 <= row <= c.rows and f not in geo.rocks:
                tiles[f] = FACE_DOWN
        boards.append(Board(tiles, [0] * geo.size, [0] * geo.size, dict(c.face_down)))
    plist = [Player(NAMES[i], dict(c.start), swords=c.beside_board.get("sword", 0),
                    step_backs=c.beside_board.get("step_back", 0)) for i in range(players)]
    s = DeepWoodState(c, plist, boards, middle, pile, set_gold=opts["set_gold"],
                      fog_round=opts["fog_round"])
    s.borders = {"corner": -1} if players < 4 else {}   # DW-1.3: fog marker on the corner
    s.log.append(f"Setup for {players} players: {len(pile)} strips, "
                 f"{len(middle)} rock-monster cards in the middle.")
    return s
