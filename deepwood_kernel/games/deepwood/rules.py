"""The rules of *Durch den tiefen Wald* as plain functions over :class:`DeepWoodState`.

Each rule function names the rulebook section it implements (German headings of
``shared/rules/000_662de27f58e78e1a.txt``) and the rule ID of ``docs/rules/deepwood.md``.

Readings chosen where the rulebook is ambiguous (also explained in the lessons):

* "neben" / "angrenzend" (next to) means orthogonally adjacent, everywhere: trolls, the
  path rule, the fight fields beside a rock.
* Revealing is mandatory "at the start, during or at the end" of your turn: we reveal at
  the start of the board phase and after every board action, the earliest moment allowed.
  A field with a troll placed on it shows a troll, so it stops the line of sight.
* A troll next to your figure blocks every action *in your forest* (moving, clearing,
  swords, fighting, stepping back) until appeased. Exchanging resources ("jederzeit")
  and placing a troll on another board are not actions in your forest and stay allowed,
  so a player without gold may still exchange 3 resources for 1 gold first. Ending the
  turn is always allowed ("dein Zug endet").
* Exchanging and placing a troll are allowed "jederzeit" in your turn, the market part
  included (DW-9.1, DW-8.3): they are offered before you lay your strip, before you choose
  a border field, at monster 4's doubling, on the board, after leaving the forest, in a
  fight once the dice are done, and after a won fight. They are not offered between the
  rolls of a fight or while a monster card is chosen: nothing there depends on resources,
  and the same choices come right afterwards.
* "Du kannst jederzeit in deinem Zug einen Troll einsetzen, allerdings nicht während oder
  nach einem verlorenen Felsmonsterkampf" (DW-8.5): only a *lost* fight excludes a troll.
  While the dice are rolled the result is open, so no troll is placed then. After the last
  roll, when the pips fall short and bonus resources may still win the fight, a troll may
  be placed if the missing pips can then still be paid (with exchanges); placing it commits
  you to win: you can no longer accept the defeat, and only exchanges that keep the payment
  possible are offered. A won fight ends the board part of your turn ("Hast du gegen ein
  Felsmonster gekämpft, endet damit dein Zug"), but if you hold a troll you may place, the
  turn goes on in the phase "won": place it, exchange, then end the turn. A lost fight
  ends the turn at once.
* The fog rises from beside the bottom forest row in round 11 to row 5 in round 15. The
  wall fields are never "in fog": leaving a wall field always costs exactly 1 stone.
* Leaving the forest is one action from a top-row field: the stones for leaving that
  field, then 1 stone on the top wall field. Only possible once the fog has set in.
* After the first player leaves, every other player has exactly one more turn, but the
  game never goes beyond round 15 ("maximal 5 weitere Runden"). A player who has left
  therefore never takes another turn.
* Monster 1's gold comes at the start of every later round; monster 4's doubling adds one
  unit of one resource type you just took from the market (you may decline).
* The general supply is unlimited (the rulebook lists component counts but no shortage
  rule; gold comes in denominations). The strips-slide-off dexterity rule is left out.
* In a fight the bonus resources are paid after the last roll, exactly the shortfall.
* A game that reaches ``max_game_length`` plies (6,000, far above the longest legal game)
  ends at once and is scored as it stands (DW-10.7).
* Rule options for a designer's playtests (DW-12, defaults = the rulebook): ``set_gold``
  (a set's value), ``strip_mix`` (which strips are shuffled in) and ``fog_round`` (the
  round the fog sets in; the game still ends after round 15 at the latest, so an earlier
  fog means more fog rounds and a later one fewer, never a longer game).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, fields
from functools import lru_cache
from itertools import combinations

from ...core.errors import parse_content_toml
from ...core.rules import GameInfo, Option, PackageRules
from ...prob.dice import roll_multisets
from .content import OBSTACLES, RESOURCES, TILE_KINDS, Content, load_content, parse_content
from .state import FACE_DOWN, Board, DeepWoodState, Fight, Player

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


# ============================================================== helpers
def pay(p: Player, cost: dict[str, int]) -> None:
    for r, n in cost.items():
        p.res[r] -= n


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


# ============================================================== legal actions
def legal_ids(s: DeepWoodState) -> list[str]:
    ph, seat = s.phase, s.seat
    p, b = s.players[seat], s.boards[seat]
    c = s.content
    if ph == "entry":
        return [f"enter {name(s, f)}" for f in range(c.columns) if not b.trolls[f]]
    if ph == "place":
        return ([a for strip in p.hand for a in _placements(c.strips[strip].cells, strip)]
                + anytime_ids(s, seat))
    if ph == "border":
        taken = set(s.borders)
        keys = [*MARKET_ROWS, *MARKET_COLS] + (["corner"] if s.n == 4 else [])
        return ([f"border {k}" for k in keys if k not in taken and k != p.market_field]
                + anytime_ids(s, seat))
    if ph == "double":
        return ([f"double {r}" for r in RESOURCES if s.gained.get(r)] + ["double none"]
                + anytime_ids(s, seat))
    if ph == "keep":
        return keep_choices(s.fight.rolled)
    if ph == "bonus":
        return bonus_ids(s, seat)
    if ph == "card":
        numbers = sorted({c.monsters[i].number for i in s.middle
                          if c.monsters[i].strength == s.fight.strength})
        return [f"monster {n}" for n in numbers]
    if ph == "limit":
        over = [r for r in ("potions", "books", "stones") if p.res[r] > c.resource_limit]
        return ([f"exchange {r} gold" for r in over if p.res[r] >= 3]
                + [f"return {r}" for r in over])
    if ph == "won":
        return anytime_ids(s, seat) + ["end"]
    if ph != "board":
        return []
    ids: list[str] = []
    if b.figure is not None:
        geo = geometry(c)
        trolls = trolls_next_to(s, seat)
        if trolls:
            if p.res["gold"] >= 1:
                ids += [f"appease {name(s, g)}" for g in trolls]
        else:
            f = b.figure
            for g in geo.neighbours[f]:
                t = b.tiles[g]
                if geo.row(g) == geo.top:
                    kinds = ("leave",)
                elif t in OBSTACLES:
                    kinds = ("clear",)
                elif t == "sword":
                    kinds = ("sword", "move")
                else:
                    kinds = ("move",)
                for k in kinds:
                    if step_problem(s, seat, g, k) is None:
                        ids.append(f"{k} {name(s, g)}")
            if f in geo.fight_fields and p.swords >= 2:
                for strength in fight_strengths(s, seat):
                    ids += [f"fight {strength} {d}"
                            for d in range(2, min(p.swords, MAX_DICE) + 1)]
            if p.step_backs:
                ids += [f"back {k}" for k in range(1, min(3, len(b.path) - 1) + 1)]
    ids += anytime_ids(s, seat)
    ids.append("end")
    return ids


def exchange_ids(p: Player) -> list[str]:
    """Ressourcen tauschen (DW-9.1): 3 potions/books/stones -> 1 gold; 2 gold -> 1 of them."""
    return [f"exchange {a} {b}" for a, b in EXCHANGES if p.res[a] >= (2 if a == "gold" else 3)]


def anytime_ids(s: DeepWoodState, seat: int) -> list[str]:
    """What is allowed "jederzeit" in your turn (DW-9.1, DW-8.3): exchanging, and placing
    a troll from an earlier round (one a round)."""
    ids = exchange_ids(s.players[seat])
    if troll_ready(s, seat):
        ids += troll_placements(s, seat)
    return ids


def bonus_reach(res: dict[str, int], bonus: str) -> int:
    """The most ``bonus`` resources a player holding ``res`` can have after exchanging
    (DW-9.1): other kinds go to gold 3 : 1, gold comes back 2 : 1. Exchanging ``bonus``
    itself or gold away never helps, so this is exact."""
    spare = sum(res[r] // 3 for r in ("potions", "books", "stones") if r != bonus)
    return res[bonus] + (res["gold"] + spare) // 2


def _after_exchange(res: dict[str, int], aid: str) -> dict[str, int]:
    give, get = aid.split()[1:]
    out = dict(res)
    out[give] -= 2 if give == "gold" else 3
    out[get] += 1
    return out


def bonus_ids(s: DeepWoodState, seat: int) -> list[str]:
    """After the last roll, short of the strength (DW-6.4, DW-8.5).

    Pay the exact shortfall in the monster's bonus resource, exchange, place a troll if the
    shortfall can then still be paid, or accept the defeat. Once a troll was placed during
    this fight the fight must be won ("nicht während ... einem verlorenen
    Felsmonsterkampf"): no defeat, and only exchanges that keep the payment possible.
    """
    f, p = s.fight, s.players[seat]
    need = f.strength - sum(f.kept)
    res = bonus_resource(s, f.strength)
    ids = [f"bonus {need}"] if p.res[res] >= need else []
    if f.troll_placed:
        return ids + [e for e in exchange_ids(p)
                      if bonus_reach(_after_exchange(p.res, e), res) >= need]
    ids += exchange_ids(p)
    if troll_ready(s, seat):
        ok = {r for r in TROLL_REWARDS
              if bonus_reach({**p.res, r: p.res[r] + 2}, res) >= need}
        ids += [t for t in troll_placements(s, seat) if t.rsplit(" ", 1)[1] in ok]
    return ids + ["concede"]


def troll_placements(s: DeepWoodState, seat: int) -> list[str]:
    """DW-8.3: any field of another board without a figure or a marker stone."""
    out = []
    for t in range(s.n):
        if t == seat:
            continue
        b = s.boards[t]
        for f in range(len(b.tiles)):
            if f != b.figure and not b.stones[f]:
                sq = name(s, f)
                out += [f"troll {t} {sq} {r}" for r in TROLL_REWARDS]
    return out


def keep_choices(rolled: list[int]) -> list[str]:
    """Every distinct multiset of the dice just rolled that may be set aside (DW-6.3)."""
    seen: set[tuple[int, ...]] = set()
    out = ["keep none"]
    for k in range(1, len(rolled) + 1):
        for combo in combinations(rolled, k):
            if combo not in seen:
                seen.add(combo)
                out.append("keep " + " ".join(map(str, combo)))
    return out


# ============================================================== chance
def chance_weights(s: DeepWoodState) -> list[tuple[str, int]]:
    ph = s.phase
    if ph in ("deal", "draw"):
        verb = "deal" if ph == "deal" else "draw"
        return [(f"{verb} {sid}", 1) for sid in sorted(s.pile)]   # strip ids are distinct
    if ph == "reveal":
        b = s.boards[s.seat]
        sq = name(s, s.reveal_at)
        return [(f"reveal {sq} {k}", b.hidden[k]) for k in TILE_KINDS if b.hidden.get(k)]
    if ph == "roll":
        n = s.fight.dice - len(s.fight.kept)
        return [("roll " + " ".join(map(str, sorted(d, reverse=True))), w)
                for d, w in roll_multisets(n)]
    return []


def strip_receiver(s: DeepWoodState) -> int:
    """The seat a pending deal or draw gives its strip to (DW-1.4 deals 3 to seat 0 first)."""
    return sum(len(p.hand) for p in s.players) // 3 if s.phase == "deal" else s.seat


def seat_chance_weights(s: DeepWoodState, seat: int) -> list[tuple[str, int]] | None:
    """A strip dealt or drawn as ``seat`` reasons about it (DW-1.4, DW-2.5, DW-0.10).

    *"Die übrigen Ressourcen-Streifen mischst du verdeckt und gibst allen jeweils 3 Streifen.
    Alle halten diese verdeckt und geheim. Mit den übrigen Streifen wird ein verdeckter
    Nachziehstapel gebildet."* Nobody sees the pile, so the true outcomes (one per strip
    in the pile) would tell ``seat`` which strips the others hold. As ``seat`` reasons,
    the strip is any strip it has not seen — the pile *and* the other players' hands —
    each equally likely (the deal was a fair shuffle), grouped by their three cells
    (strips with the same cells play alike): ``"?deal PBS"`` / ``"?draw PBS"``.

    **reading:** this holds for the seat's *own* deal and draw too: it sees the strip
    only once it is in its hand (then ``view(seat)`` shows it), not before. The weights
    never use the true pile. After the pile was rebuilt from the market (DW-2.6), a seat
    that remembers the rebuilt pile could narrow the draw to it; the engine keeps the
    same reading (every unseen strip), so the answer never depends on remembered history.
    A face-down tile turned over (DW-1.15), the dice and the deal of public things
    reveal nothing: None (the true outcomes).
    """
    if s.phase not in ("deal", "draw"):
        return None
    unseen = list(s.pile) + [sid for i, p in enumerate(s.players) if i != seat
                             for sid in p.hand]
    counts = Counter(s.content.strips[sid].code for sid in unseen)
    return [(f"?{s.phase} {code}", n) for code, n in sorted(counts.items())]


# ============================================================== apply
def apply(s: DeepWoodState, aid: str) -> None:
    verb, _, rest = aid.partition(" ")
    handler = _HANDLERS[verb]
    handler(s, rest)


def _deal(s: DeepWoodState, rest: str) -> None:
    """DW-1.4: three secret strips to each player, from the shuffled pile."""
    sid = int(rest)
    s.pile.remove(sid)
    dealt = sum(len(p.hand) for p in s.players)
    s.players[dealt // 3].hand.append(sid)
    if dealt + 1 == 3 * s.n:
        s.log.append("Each player holds 3 secret strips. Round 1 begins.")
        start_turn(s)


def _enter(s: DeepWoodState, rest: str) -> None:
    """DW-1.6 / DW-5.1: choose the entry wall field right before your first turn."""
    b = s.boards[s.seat]
    f = s.content.field(rest)
    b.figure = f
    b.path = [f]
    s.log.append(f"{s.players[s.seat].name} starts at the wall field {rest}.")
    s.phase = "place"


def _place(s: DeepWoodState, rest: str) -> None:
    """DW-2.1: play one hand strip onto the 4x4 grid, on top of earlier strips."""
    sid_s, anchor, direction = rest.split()
    sid = int(sid_s)
    p = s.players[s.seat]
    p.hand.remove(sid)
    s.market.append(sid)
    for cell, res in zip(strip_cells(anchor, direction), s.content.strips[sid].cells):
        s.cells[cell] = res
        s.cell_strip[cell] = sid
    s.log.append(f"{p.name} places strip {s.content.strips[sid].code} at {anchor} {direction}.")
    s.phase = "border"


def _border(s: DeepWoodState, rest: str) -> None:
    """DW-2.2 / DW-2.3: stand on a free border field; take everything visible in that line."""
    p = s.players[s.seat]
    if p.market_field is not None:
        s.borders.pop(p.market_field, None)
    p.market_field = rest
    s.borders[rest] = s.seat
    got = market_take(s, rest)
    for r, n in got.items():
        p.res[r] += n
    s.gained = got
    s.log.append(f"{p.name} takes " + (", ".join(_amount(n, r) for r, n in got.items())
                                       or "nothing") + f" from {rest}.")
    if got and owns_advantage(s, s.seat, "double_market"):
        s.phase = "double"
    else:
        s.phase = "draw"


def _double(s: DeepWoodState, rest: str) -> None:
    """DW-6.9 (monster 4): double one resource taken from the market this round."""
    if rest != "none":
        s.players[s.seat].res[rest] += 1
        s.log.append(f"{s.players[s.seat].name} doubles one {RES_SINGULAR[rest]} (monster 4).")
    s.phase = "draw"


def _draw(s: DeepWoodState, rest: str) -> None:
    """DW-2.5 / DW-2.6: draw a strip; an empty pile is rebuilt from the market."""
    sid = int(rest)
    s.pile.remove(sid)
    s.players[s.seat].hand.append(sid)
    if not s.pile:
        s.pile = list(s.market)
        s.market = []
        s.cells = [None] * 16
        s.cell_strip = [None] * 16
        s.borders = {"corner": -1} if s.n < 4 else {}
        for p in s.players:
            p.market_field = None
        s.piles_made += 1
        s.log.append(f"The draw pile is empty: the {len(s.pile)} market strips are shuffled "
                     "into a new pile and the market figures are removed.")
    s.phase = "board"
    settle(s)


def _reveal(s: DeepWoodState, rest: str) -> None:
    """DW-3.1: a face-down tile in the line of sight is turned over (a chance draw from
    the face-down tiles of this board)."""
    sq, kind = rest.split()
    b = s.boards[s.seat]
    f = s.content.field(sq)
    b.tiles[f] = kind
    b.hidden[kind] -= 1
    s.log.append(f"{s.players[s.seat].name} reveals a {kind} at {sq}.")
    s.phase = "board"
    s.reveal_at = None
    settle(s)


def _step_onto(s: DeepWoodState, target: int) -> int:
    p, b = s.players[s.seat], s.boards[s.seat]
    cost = stones_to_leave(s, b.figure)
    p.res["stones"] -= cost
    b.stones[b.figure] += cost
    b.figure = target
    b.path.append(target)
    return cost


def _move(s: DeepWoodState, rest: str) -> None:
    """DW-4.1: step to a neighbouring forest field, laying stones behind you."""
    cost = _step_onto(s, s.content.field(rest))
    s.log.append(f"{s.players[s.seat].name} moves to {rest} ({_amount(cost, 'stones')}).")
    settle(s)


def _take_tile(s: DeepWoodState, rest: str, cost: dict[str, int]) -> None:
    """Pay, take the tile off the field and step onto it (obstacles and swords alike)."""
    b = s.boards[s.seat]
    f = s.content.field(rest)
    pay(s.players[s.seat], cost)
    b.tiles[f] = None
    _step_onto(s, f)


def _clear(s: DeepWoodState, rest: str) -> None:
    """Hindernisse (DW-7.1): pay 3 potions / books / gold, take the tile, step onto it."""
    p = s.players[s.seat]
    kind = s.boards[s.seat].tiles[s.content.field(rest)]
    cost = s.content.costs[kind]
    _take_tile(s, rest, cost)
    p.obstacles[kind] += 1
    s.log.append(f"{p.name} pays {cost_text(cost)} to clear the {kind} at {rest}.")
    settle(s)


def _sword(s: DeepWoodState, rest: str) -> None:
    """Schwerter (DW-7.2): pay 1 potion, 1 book and 1 gold, take the sword, step onto it."""
    p = s.players[s.seat]
    _take_tile(s, rest, s.content.costs["sword"])
    p.swords += 1
    s.log.append(f"{p.name} collects the sword at {rest} ({p.swords} swords).")
    settle(s)


def _appease(s: DeepWoodState, rest: str) -> None:
    """Trolle (DW-8.1): give 1 gold; the troll tile goes in front of you."""
    p, b = s.players[s.seat], s.boards[s.seat]
    f = s.content.field(rest)
    pay(p, s.content.costs["troll_appease"])
    if b.trolls[f]:
        b.trolls[f] -= 1
    else:
        b.tiles[f] = None
    p.trolls += 1
    p.trolls_fresh += 1
    s.log.append(f"{p.name} appeases the troll at {rest} with 1 gold and takes it.")
    settle(s)


def _leave(s: DeepWoodState, rest: str) -> None:
    """Spielende (DW-10.3): cross the top wall, 1 more stone on the wall field."""
    p, b = s.players[s.seat], s.boards[s.seat]
    wall = s.content.field(rest)
    _step_onto(s, wall)
    p.res["stones"] -= 1
    b.stones[wall] += 1
    b.figure = None
    b.left = True
    if s.final_turns is None:
        s.final_turns = s.n
        s.log.append(f"{p.name} leaves the deep forest over {rest}! "
                     "Everyone else has exactly one more turn.")
    else:
        s.log.append(f"{p.name} also leaves the deep forest over {rest}.")


def _back(s: DeepWoodState, rest: str) -> None:
    """Ruckwarts ziehen (DW-9.2): up to 3 fields back along the path, stones return; the
    turn ends."""
    k = int(rest)
    p, b = s.players[s.seat], s.boards[s.seat]
    p.step_backs -= 1
    back = 0
    for _ in range(k):
        b.path.pop()
        prev = b.path[-1]
        back += b.stones[prev]
        p.res["stones"] += b.stones[prev]
        b.stones[prev] = 0
    b.figure = b.path[-1]
    s.log.append(f"{p.name} steps back {k} field{'s' * (k > 1)} to {name(s, b.figure)} and "
                 f"picks up {_amount(back, 'stones')}; the turn ends.")
    end_turn(s)


def _exchange(s: DeepWoodState, rest: str) -> None:
    """Ressourcen tauschen (DW-9.1)."""
    give, get = rest.split()
    p = s.players[s.seat]
    n = 2 if give == "gold" else 3
    p.res[give] -= n
    p.res[get] += 1
    s.log.append(f"{p.name} exchanges {_amount(n, give)} for 1 {RES_SINGULAR[get]}.")
    if s.phase == "limit":
        _check_limit(s)


def _return(s: DeepWoodState, rest: str) -> None:
    """Ressourcen-Limit (DW-9.3): return one surplus resource to the supply."""
    p = s.players[s.seat]
    p.res[rest] -= 1
    s.log.append(f"{p.name} returns 1 {RES_SINGULAR[rest]} to the supply (limit 6).")
    _check_limit(s)


def _troll(s: DeepWoodState, rest: str) -> None:
    """DW-8.3 / DW-8.5: place a troll from an earlier round on another board; take 2
    resources. Any moment of the turn (the phase stays), in a fight only after the last
    roll, never during or after a lost fight."""
    t_s, sq, res = rest.split()
    t = int(t_s)
    p = s.players[s.seat]
    s.boards[t].trolls[s.content.field(sq)] += 1
    p.trolls -= 1
    p.troll_placed_round = s.round
    p.res[res] += 2
    s.log.append(f"{p.name} places a troll on {s.players[t].name}'s {sq} and takes 2 {res}.")
    if s.fight is not None:                 # DW-8.5: during a fight it must be won now
        s.fight.troll_placed = True


def _end(s: DeepWoodState, rest: str) -> None:
    s.log.append(f"{s.players[s.seat].name} ends the turn.")
    end_turn(s)


def _fight(s: DeepWoodState, rest: str) -> None:
    """Felsmonster (DW-6.2): announce the strength and the number of swords (dice)."""
    strength, dice = map(int, rest.split())
    s.fight = Fight(strength, dice)
    s.phase = "roll"
    s.log.append(f"{s.players[s.seat].name} fights a rock monster of strength {strength} "
                 f"with {dice} dice.")


def _roll(s: DeepWoodState, rest: str) -> None:
    """DW-6.3: up to 3 rolls; dice may be set aside after the 1st and 2nd."""
    f = s.fight
    f.rolled = [int(x) for x in rest.split()]
    f.rolls += 1
    s.log.append(f"Roll {f.rolls}: {' '.join(map(str, f.rolled))}"
                 + (f" (set aside: {' '.join(map(str, f.kept))})" if f.kept else "") + ".")
    if f.rolls >= ROLLS:
        f.kept = sorted(f.kept + f.rolled, reverse=True)
        f.rolled = []
        _fight_total(s)
    else:
        s.phase = "keep"


def _keep(s: DeepWoodState, rest: str) -> None:
    f = s.fight
    kept = [] if rest == "none" else [int(x) for x in rest.split()]
    f.kept = sorted(f.kept + kept, reverse=True)
    if len(kept) == len(f.rolled):         # everything set aside: rolling stops
        f.rolled = []
        _fight_total(s)
    else:
        f.rolled = []
        s.phase = "roll"


def _fight_total(s: DeepWoodState) -> None:
    f = s.fight
    total = sum(f.kept)
    if total >= f.strength:
        _fight_won(s)
    elif bonus_resource(s, f.strength) is not None:
        s.phase = "bonus"
    else:
        _fight_lost(s)


def _bonus(s: DeepWoodState, rest: str) -> None:
    """DW-6.4: each bonus resource (stones / books / potions by monster) adds one pip."""
    need = int(rest)
    res = bonus_resource(s, s.fight.strength)
    s.players[s.seat].res[res] -= need
    s.log.append(f"{s.players[s.seat].name} pays {_amount(need, res)} for +{need} pips.")
    _fight_won(s)


def _concede(s: DeepWoodState, rest: str) -> None:
    _fight_lost(s)


def _fight_won(s: DeepWoodState) -> None:
    numbers = {s.content.monsters[i].number for i in s.middle
               if s.content.monsters[i].strength == s.fight.strength}
    if len(numbers) > 1:
        s.phase = "card"                    # DW-6.2: choose which strength-15 card
    else:
        _take_monster(s, numbers.pop())


def _monster(s: DeepWoodState, rest: str) -> None:
    _take_monster(s, int(rest))


def _take_monster(s: DeepWoodState, number: int) -> None:
    """DW-6.5: take the card; lose swords by the dice used (2->0 ... 6->4). The board
    part of the turn is over; with a troll to place the turn goes on (DW-8.5)."""
    p, f = s.players[s.seat], s.fight
    idx = next(i for i in s.middle if s.content.monsters[i].number == number)
    s.middle.remove(idx)
    p.monsters.append((idx, s.round))
    p.beaten.append(f.strength)
    lost = SWORD_LOSS_ON_WIN[f.dice]
    p.swords -= lost
    p.swords_spent += lost
    s.log.append(f"{p.name} beats rock monster {number} (strength {f.strength}) and turns "
                 f"{lost} sword{'s' * (lost != 1)} face down.")
    s.fight = None
    if troll_ready(s, s.seat):
        s.phase = "won"                     # DW-8.5: a troll may still be placed
    else:
        end_turn(s)


def _fight_lost(s: DeepWoodState) -> None:
    """DW-6.5: a lost fight costs 1 sword; the turn ends at once (DW-8.5: no troll)."""
    p, f = s.players[s.seat], s.fight
    p.swords -= 1
    p.swords_spent += 1
    s.log.append(f"{p.name} loses the fight against strength {f.strength} "
                 f"({sum(f.kept)} pips) and turns 1 sword face down.")
    s.fight = None
    end_turn(s)


_HANDLERS = {
    "deal": _deal, "enter": _enter, "place": _place, "border": _border, "double": _double,
    "draw": _draw, "reveal": _reveal, "move": _move, "clear": _clear, "sword": _sword,
    "appease": _appease, "leave": _leave, "back": _back, "exchange": _exchange,
    "return": _return, "troll": _troll, "end": _end, "fight": _fight, "roll": _roll,
    "keep": _keep, "bonus": _bonus, "concede": _concede, "monster": _monster,
}


# ============================================================== flow
def settle(s: DeepWoodState) -> None:
    """After every board change: reveal whatever is now in sight (mandatory)."""
    if s.phase == "board":
        f = next_reveal(s)
        if f is not None:
            s.phase = "reveal"
            s.reveal_at = f


def start_turn(s: DeepWoodState) -> None:
    b = s.boards[s.seat]
    s.gained = {}
    s.phase = "entry" if not b.path else "place"


def end_turn(s: DeepWoodState) -> None:
    s.phase = "limit"
    _check_limit(s)


def _check_limit(s: DeepWoodState) -> None:
    """DW-9.3: at most 6 potions, books and stones each at the end of the turn."""
    p = s.players[s.seat]
    if any(p.res[r] > s.content.resource_limit for r in ("potions", "books", "stones")):
        s.phase = "limit"
        return
    _next_turn(s)


def _next_turn(s: DeepWoodState) -> None:
    """Turn order, rounds, fog and the end (Spielablauf, Nebel, Spielende: DW-10.x)."""
    if s.final_turns is not None:
        s.final_turns -= 1
        if s.final_turns == 0:
            _game_over(s, "everyone has had one more turn after the first player left")
            return
    s.seat = (s.seat + 1) % s.n
    if s.seat == 0:
        if s.round == LAST_ROUND:
            _game_over(s, f"round {LAST_ROUND} is over")
            return
        s.round += 1
        _start_round(s)
    start_turn(s)


def _start_round(s: DeepWoodState) -> None:
    if s.round == s.fog_round:
        s.log.append(f"After {s.round - 1} rounds the fog sets in beside the bottom forest row.")
    elif s.fog_row is not None:
        s.log.append(f"Round {s.round}: the fog rises to row {s.fog_row}.")
    else:
        s.log.append(f"Round {s.round} begins.")
    for seat, p in enumerate(s.players):
        p.trolls_fresh = 0
        if owns_advantage(s, seat, "gold_each_round"):
            p.res["gold"] += 1                  # DW-6.6: monster 1, one gold a round
            s.log.append(f"{p.name} receives 1 gold from rock monster 1.")


def _game_over(s: DeepWoodState, why: str) -> None:
    s.phase = "over"
    s.log.append(f"The game ends: {why}.")


# ============================================================== illegal explanations
def explain_illegal(s: DeepWoodState, aid: str) -> str | None:
    verb, _, rest = aid.partition(" ")
    if s.phase == "won" and verb in ("move", "clear", "sword", "leave", "fight", "back",
                                     "appease"):
        return ("the fight ended the board part of your turn: you may still place a troll, "
                "exchange, or end the turn")
    if s.phase != "board" and verb in ("move", "clear", "sword", "leave", "fight", "back",
                                       "appease"):
        return f"board actions come after the market; now the phase is {s.phase!r}"
    if verb == "concede" and s.phase == "bonus" and s.fight.troll_placed:
        return ("you placed a troll during this fight, so it may not be lost: pay the "
                "missing pips (exchange first if you must)")
    if verb in ("move", "clear", "sword", "leave"):
        try:
            f = s.content.field(rest)
        except (ValueError, IndexError):
            return f"{rest!r} is not a field name like 'c3'"
        if not 0 <= f < len(s.boards[s.seat].tiles):
            return f"{rest!r} is off the board"
        return step_problem(s, s.seat, f, verb)
    if verb == "fight":
        p, b = s.players[s.seat], s.boards[s.seat]
        if b.figure not in geometry(s.content).fight_fields:
            return "you can only fight on a rock or on a field next to one"
        if p.swords < 2:
            return f"a fight needs at least 2 usable swords; you have {p.swords}"
        if trolls_next_to(s, s.seat):
            return "a troll next to your figure must be appeased first"
        return "announce a strength still in the middle that you have not beaten, with 2 " \
               f"to {min(p.swords, MAX_DICE)} dice"
    if verb == "troll":
        if s.phase in ("roll", "keep", "card"):
            return ("no troll while the dice are rolled or the card is chosen: place it once "
                    "the dice are done and the fight can still be won, or after a won fight")
        if s.phase == "bonus":
            return ("during a fight a troll may only be placed if the missing pips can then "
                    "still be paid, and only one troll a round, taken in an earlier round")
        return "you may place one troll a round, taken in an earlier round, on a field of " \
               "another board without a figure or marker stone"
    if verb == "exchange":
        if s.phase == "bonus" and s.fight.troll_placed:
            return ("you placed a troll during this fight: only exchanges that still let you "
                    "pay the missing pips are allowed")
        return "3 potions, books or stones buy 1 gold; 2 gold buy 1 potion, book or stone"
    return None


# ============================================================== the Rules object
class DeepWoodRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> DeepWoodState:
        return initial_state(players, content, options)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: DeepWoodState) -> None:
        """DW-10.7: a game that reaches ``max_game_length`` plies ends at once and is scored
        as it stands (DW-11); a fight in progress is broken off, nobody wins or loses it."""
        s.fight = None
        _game_over(s, f"it reached the maximum game length of {INFO.max_game_length:,} "
                      "plies")

    def current_player(self, s: DeepWoodState) -> int | None:
        return None if s.phase in ("deal", "draw", "reveal", "roll", "over") else s.seat

    def is_chance(self, s: DeepWoodState) -> bool:
        return s.phase in ("deal", "draw", "reveal", "roll")

    def is_over(self, s: DeepWoodState) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s) if f.name != "content"}
        d["players"] = [asdict(p) for p in s.players]
        d["boards"] = [asdict(b) for b in s.boards]
        d["fight"] = asdict(s.fight) if s.fight else None
        d["content"] = s.content.file
        return d


RULES = DeepWoodRules()
