"""Load and validate Clank!'s ``content.toml``: the map, the cards, the secrets, the numbers.

The rulebook gives no map and no card list, so the default file holds content designed for
this project (marked so in its header). Card effects are data in a small vocabulary — one
string per effect, ``"verb N"`` or ``"if COND: verb N"`` — parsed here into
:class:`Effect` values; the rules interpret them (``rules.apply_effect``), never code per
card. A user who owns the game can point the engine at their own file (the ``content``
option); every check names the file, the entry and the problem.

>>> c = load_content()
>>> sum(card.count for card in c.cards.values() if card.set == "dungeon")
100
>>> c.card("scramble").play
(Effect(verb='skill', n=1, cond=None), Effect(verb='boots', n=1, cond=None))
>>> parse_effect("if companion: draw 1")
Effect(verb='draw', n=1, cond='companion')

The value types and the effect vocabulary live in ``cards.py``, the file's schema in
``content_schema.py``; this module loads a file, validates it against the schema, makes
the cross-field checks and builds the values. Every name of those modules is importable
from here too, as it always was.
"""

from __future__ import annotations

import re
from collections import deque
from functools import lru_cache
from pathlib import Path

from ...core.content import validate
from ...core.errors import ContentError, read_content_toml
from .cards import (ARRIVE_VERBS, CARD_SETS, CARD_TYPES, CONDITIONS,  # noqa: F401
                    EFFECT_FIELDS, SECRET_SIZES, SECRET_WHEN, TAGS, TYPE_FIELDS, VERBS,
                    _EFFECT_RE, Card, Content, Effect, Room, Secret, Tunnel, parse_effect)
from .content_schema import (BySeats, CardSpec, ContentSpec, Effects,  # noqa: F401
                             EffectText, GameSpec, MapSpec, MarketSpec, Points, RoomSpec,
                             SecretSpec, TunnelSpec)


DEFAULT_FILE = Path(__file__).with_name("content.toml")


def _fail(file: str, entry: str, problem: str):
    raise ContentError(file, entry, problem)


def _int(file, entry, value, lo=0, hi=None):
    if not isinstance(value, int) or isinstance(value, bool) or value < lo or (
            hi is not None and value > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        _fail(file, entry, f"must be an integer {rng}, got {value!r}")
    return value


def _bool(file, entry, value):
    if not isinstance(value, bool):
        _fail(file, entry, f"must be true or false, got {value!r}")
    return value


def _effects(file, entry, values) -> tuple[Effect, ...]:
    if not isinstance(values, list):
        _fail(file, entry, "must be a list of effect strings")
    return tuple(parse_effect(v, entry, file) for v in values)


GAME_KEYS = ("health", "rage_track", "rage_start", "countdown_extra", "clank_cubes",
             "black_cubes", "hand_size", "row_size", "starting_clank", "artifacts_removed",
             "minor_per_room", "mastery_points", "idol_points", "idols")


MARKET_KEYS = ("price", "keys", "key_points", "backpacks", "backpack_points", "crowns")


ROOM_KEYS = {"id", "name", "x", "y", "depths", "crystal", "fountain", "market", "shrine",
             "artifact", "secret"}


TUNNEL_KEYS = {"a", "b", "boots", "monsters", "locked", "one_way", "wrap"}


CARD_KEYS = {"key", "name", "german", "set", "type", "count", "cost", "swords", "points", "dragon",
             "danger", "tags", *EFFECT_FIELDS}


SECRET_KEYS = {"key", "name", "size", "count", "when", "effects", "points"}


STARTERS = ("burgle", "stumble", "sidestep", "scramble")


RESERVE = ("mercenary", "explore", "secret_tome", "goblin")


def _unknown(file, entry, table, allowed):
    extra = set(table) - set(allowed)
    if extra:
        _fail(file, entry, f"unknown key(s) {sorted(extra)}; allowed: {sorted(allowed)}")


def _parse_game(file, data) -> tuple[dict, dict]:
    g, m = data.get("game"), data.get("market")
    if not isinstance(g, dict):
        _fail(file, "game", "section is missing")
    if not isinstance(m, dict):
        _fail(file, "market", "section is missing")
    _unknown(file, "game", g, GAME_KEYS)
    _unknown(file, "market", m, MARKET_KEYS)
    for k in GAME_KEYS:
        if k not in g:
            _fail(file, f"game.{k}", "is missing")
    for k in MARKET_KEYS:
        if k not in m:
            _fail(file, f"market.{k}", "is missing")
    game = dict(g)
    for k in ("health", "clank_cubes", "hand_size", "row_size", "minor_per_room", "idols"):
        _int(file, f"game.{k}", g[k], 1)
    for k in ("black_cubes", "mastery_points", "idol_points"):
        _int(file, f"game.{k}", g[k], 0)
    if g["health"] > g["clank_cubes"]:
        _fail(file, "game.health", "cannot exceed the clank cubes a player owns")
    track = g["rage_track"]
    if not (isinstance(track, list) and track and all(
            isinstance(v, int) and v >= 1 for v in track)):
        _fail(file, "game.rage_track", "must be a list of positive cube counts")
    game["rage_track"] = tuple(track)
    for k in ("rage_start", "artifacts_removed"):
        table = g[k]
        if not isinstance(table, dict) or sorted(table) != ["2", "3", "4"]:
            _fail(file, f"game.{k}", 'must map "2", "3" and "4" (player counts) to a number')
        game[k] = {int(n): _int(file, f"game.{k}.{n}", v, 0) for n, v in table.items()}
    if max(game["rage_start"].values()) >= len(track):
        _fail(file, "game.rage_start", "points past the end of the rage track")
    extra = g["countdown_extra"]
    if not (isinstance(extra, list) and len(extra) == 3 and all(
            isinstance(v, int) and v >= 0 for v in extra)):
        _fail(file, "game.countdown_extra", "needs the extra cubes of countdown spaces 2, 3 "
                                            "and 4, e.g. [1, 2, 3]")
    game["countdown_extra"] = tuple(extra)
    sc = g["starting_clank"]
    if not (isinstance(sc, list) and len(sc) == 4 and all(
            isinstance(v, int) and 0 <= v <= g["clank_cubes"] for v in sc)):
        _fail(file, "game.starting_clank", "needs 4 cube counts, one per seat")
    game["starting_clank"] = tuple(sc)
    market = dict(m)
    for k in ("price", "keys", "key_points", "backpacks", "backpack_points"):
        _int(file, f"market.{k}", m[k], 0)
    crowns = m["crowns"]
    if not (isinstance(crowns, list) and all(isinstance(v, int) and v >= 0 for v in crowns)):
        _fail(file, "market.crowns", "must be a list of crown values")
    market["crowns"] = tuple(sorted(crowns, reverse=True))   # taken highest first
    return game, market


def _parse_map(file, data):
    mp = data.get("map")
    if not isinstance(mp, dict):
        _fail(file, "map", "section is missing")
    width = _int(file, "map.width", mp.get("width"), 100)
    height = _int(file, "map.height", mp.get("height"), 100)
    depths_y = _int(file, "map.depths_y", mp.get("depths_y"), 0, height)
    raw_rooms = data.get("room")
    if not isinstance(raw_rooms, list) or len(raw_rooms) < 3:
        _fail(file, "room", "the map needs [[room]] entries")
    rooms, index = [], {}
    for i, r in enumerate(raw_rooms):
        entry = f"room #{i + 1}"
        _unknown(file, entry, r, ROOM_KEYS)
        rid = r.get("id")
        if not (isinstance(rid, str) and re.fullmatch(r"[a-z][a-z0-9_]*", rid)):
            _fail(file, entry, f"id must be a short lower-case name like 'r12', got {rid!r}")
        entry = f"room {rid}"
        if rid in index:
            _fail(file, entry, "duplicate room id")
        if not isinstance(r.get("name"), str) or not r["name"]:
            _fail(file, entry, "needs a name")
        x = _int(file, f"{entry}.x", r.get("x"), 0, width)
        y = _int(file, f"{entry}.y", r.get("y"), 0, height)
        flags = {k: _bool(file, f"{entry}.{k}", r.get(k, False))
                 for k in ("depths", "crystal", "fountain", "market", "shrine")}
        artifact = _int(file, f"{entry}.artifact", r.get("artifact", 0), 0)
        secret = r.get("secret", "")
        if secret not in ("", *SECRET_SIZES):
            _fail(file, f"{entry}.secret", f"must be '', 'minor' or 'major', got {secret!r}")
        if sum(map(bool, (artifact, secret, flags["shrine"], flags["market"]))) > 1:
            _fail(file, entry, "a room holds at most one of: artifact, secret, shrine, market")
        index[rid] = i
        rooms.append(Room(i, rid, r["name"], x, y, artifact=artifact, secret=secret, **flags))
    start_id = mp.get("start")
    if start_id not in index:
        _fail(file, "map.start", f"{start_id!r} is not a room id")
    start = index[start_id]
    s = rooms[start]
    if s.depths or s.artifact or s.secret or s.market or s.shrine or s.crystal or s.fountain:
        _fail(file, f"room {start_id}", "the start space outside the dungeon has no features")
    tunnels, pairs = [], set()
    for i, t in enumerate(data.get("tunnel") or []):
        entry = f"tunnel #{i + 1}"
        _unknown(file, entry, t, TUNNEL_KEYS)
        a, b = t.get("a"), t.get("b")
        if a not in index or b not in index:
            _fail(file, entry, f"a and b must be room ids, got {a!r} and {b!r}")
        entry = f"tunnel {a}-{b}"
        if a == b:
            _fail(file, entry, "a tunnel joins two different rooms")
        pair = frozenset((a, b))
        if pair in pairs:
            _fail(file, entry, "at most one tunnel joins two rooms")
        pairs.add(pair)
        tunnels.append(Tunnel(
            index[a], index[b], boots=_int(file, f"{entry}.boots", t.get("boots", 1), 1, 2),
            monsters=_int(file, f"{entry}.monsters", t.get("monsters", 0), 0, 9),
            locked=_bool(file, f"{entry}.locked", t.get("locked", False)),
            one_way=_bool(file, f"{entry}.one_way", t.get("one_way", False)),
            wrap=_bool(file, f"{entry}.wrap", t.get("wrap", False))))
    exits = [[] for _ in rooms]
    adjacent = [set() for _ in rooms]
    for t in tunnels:
        exits[t.a].append((t.b, t))
        if not t.one_way:
            exits[t.b].append((t.a, t))
        adjacent[t.a].add(t.b)
        adjacent[t.b].add(t.a)
    # nobody may be trapped: without keys, every room reaches the start and back
    free = [[d for d, t in ex if not t.locked] for ex in exits]
    for direction, graph in (("reached from", free), ("able to reach", _reverse(free))):
        seen = _reachable(graph, start)
        if len(seen) != len(rooms):
            missing = sorted(rooms[i].id for i in range(len(rooms)) if i not in seen)
            _fail(file, "tunnel", f"rooms not {direction} the start without a key: "
                                  f"{', '.join(missing)}")
    exits_t = tuple(tuple(sorted(ex, key=lambda e: e[0])) for ex in exits)
    adjacent_t = tuple(tuple(sorted(a)) for a in adjacent)
    return width, height, depths_y, start, tuple(rooms), tuple(tunnels), index, exits_t, \
        adjacent_t


def _reverse(graph):
    rev = [[] for _ in graph]
    for a, ds in enumerate(graph):
        for d in ds:
            rev[d].append(a)
    return rev


def _reachable(graph, start) -> set[int]:
    seen, todo = {start}, deque([start])
    while todo:
        for d in graph[todo.popleft()]:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def _german(file, entry, c) -> str:
    """The optional German name: cards named in the German rulebook carry it, so boards,
    logs and lessons can say "Burgle (Plündern)" with one scheme."""
    g = c.get("german", "")
    if not isinstance(g, str):
        _fail(file, f"{entry}.german", f"must be a string, got {g!r}")
    return g


def _parse_cards(file, data) -> dict[str, Card]:
    cards = {}
    for i, c in enumerate(data.get("card") or []):
        entry = f"card #{i + 1}"
        _unknown(file, entry, c, CARD_KEYS)
        key = c.get("key")
        if not (isinstance(key, str) and re.fullmatch(r"[a-z][a-z0-9_]*", key)):
            _fail(file, entry, f"key must be snake_case, got {key!r}")
        entry = f"card {key}"
        if key in cards:
            _fail(file, entry, "duplicate card key")
        if not isinstance(c.get("name"), str) or not c["name"]:
            _fail(file, entry, "needs a name")
        if c.get("set") not in CARD_SETS:
            _fail(file, f"{entry}.set", f"must be one of {CARD_SETS}, got {c.get('set')!r}")
        ctype = c.get("type")
        if ctype not in CARD_TYPES:
            _fail(file, f"{entry}.type", f"must be one of {CARD_TYPES}, got {ctype!r}")
        tags = c.get("tags", [])
        if not isinstance(tags, list) or any(tg not in TAGS for tg in tags):
            _fail(file, f"{entry}.tags", f"tags must come from {TAGS}, got {tags!r}")
        fields = {f: _effects(file, f"{entry}.{f}", c.get(f, [])) for f in EFFECT_FIELDS}
        for f, effects in fields.items():
            if effects and f not in TYPE_FIELDS[ctype]:
                _fail(file, f"{entry}.{f}", f"a {ctype} card has no {f!r} effects "
                                            f"(allowed: {', '.join(TYPE_FIELDS[ctype])})")
        card = Card(key, c["name"], c["set"], ctype,
                    count=_int(file, f"{entry}.count", c.get("count"), 1),
                    cost=_int(file, f"{entry}.cost", c.get("cost", 0), 0),
                    swords=_int(file, f"{entry}.swords", c.get("swords", 0), 0),
                    points=_int(file, f"{entry}.points", c.get("points", 0), 0),
                    dragon=_bool(file, f"{entry}.dragon", c.get("dragon", False)),
                    danger=_bool(file, f"{entry}.danger", c.get("danger", False)),
                    tags=tuple(tags), german=_german(file, entry, c), **fields)
        if ctype == "monster" and card.swords < 1:
            _fail(file, f"{entry}.swords", "a monster needs at least 1 sword to defeat")
        odd = [str(e) for e in card.arrive if e.verb not in ARRIVE_VERBS or e.cond]
        if odd:
            _fail(file, f"{entry}.arrive", f"{odd} cannot arrive: nobody is playing a card "
                                           f"then; allowed: {', '.join(ARRIVE_VERBS)}")
        if card.set != "dungeon" and (card.dragon or card.danger or card.arrive or card.acquire):
            _fail(file, entry, "only dungeon cards have dragon/danger symbols and "
                               "arrive/acquire effects")
        cards[key] = card
    for key in STARTERS + RESERVE:
        if key not in cards:
            _fail(file, f"card {key}", "is missing (the rulebook's starting and reserve cards)")
    if cards["goblin"].type != "monster" or cards["goblin"].set != "reserve":
        _fail(file, "card goblin", "must be a reserve monster")
    dungeon = sum(c.count for c in cards.values() if c.set == "dungeon")
    if dungeon != 100:
        _fail(file, "card", f"the dungeon deck must hold 100 cards, this file has {dungeon}")
    starters = sum(c.count for c in cards.values() if c.set == "starter")
    if starters != 10:
        _fail(file, "card", f"a starting deck holds 10 cards, this file has {starters}")
    row = data["game"]["row_size"]
    plain = sum(c.count for c in cards.values() if c.set == "dungeon" and not c.dragon)
    if plain < row:
        _fail(file, "card", f"at least {row} dungeon cards without the dragon symbol are "
                            "needed to set up the row")
    return cards


def _parse_secrets(file, data, rooms, minor_per_room) -> dict[str, Secret]:
    secrets = {}
    for i, s in enumerate(data.get("secret") or []):
        entry = f"secret #{i + 1}"
        _unknown(file, entry, s, SECRET_KEYS)
        key = s.get("key")
        if not (isinstance(key, str) and re.fullmatch(r"[a-z][a-z0-9_]*", key)):
            _fail(file, entry, f"key must be snake_case, got {key!r}")
        entry = f"secret {key}"
        if key in secrets:
            _fail(file, entry, "duplicate secret key")
        if s.get("size") not in SECRET_SIZES:
            _fail(file, f"{entry}.size", f"must be 'minor' or 'major', got {s.get('size')!r}")
        if s.get("when") not in SECRET_WHEN:
            _fail(file, f"{entry}.when", f"must be one of {SECRET_WHEN}, got {s.get('when')!r}")
        effects = _effects(file, f"{entry}.effects", s.get("effects", []))
        if s["when"] == "end" and [e.verb for e in effects] != ["trash"]:
            _fail(file, f"{entry}.effects", "an end-of-turn secret trashes: ['trash 1']")
        secrets[key] = Secret(key, s.get("name") or key, s["size"],
                              _int(file, f"{entry}.count", s.get("count"), 1), s["when"],
                              effects, _int(file, f"{entry}.points", s.get("points", 0), 0))
    for size, per_room in (("minor", minor_per_room), ("major", 1)):
        have = sum(x.count for x in secrets.values() if x.size == size)
        need = per_room * sum(r.secret == size for r in rooms)
        if have < need:
            _fail(file, "secret", f"{need} {size} secrets are needed for the {size} secret "
                                  f"rooms, but only {have} exist")
    return secrets


def parse_content(data: dict, file: str = "content.toml") -> Content:
    """Validate parsed TOML against :class:`ContentSpec` and build :class:`Content`; raises
    :class:`ContentError`."""
    validate(ContentSpec, data, file)
    game, market = _parse_game(file, data)
    width, height, depths_y, start, rooms, tunnels, index, exits, adjacent = \
        _parse_map(file, data)
    artifacts = sorted(r.artifact for r in rooms if r.artifact)
    if len(artifacts) < 1 + max(game["artifacts_removed"].values()):
        _fail(file, "room", "too few artifacts for the removals at 2 and 3 players")
    if len(set(artifacts)) != len(artifacts):
        _fail(file, "room", "artifact values must differ (the tie-break compares them)")
    if sum(r.shrine for r in rooms) > 1:
        _fail(file, "room", "there is at most one monkey shrine")
    secrets = _parse_secrets(file, data, rooms, game["minor_per_room"])
    cards = _parse_cards(file, data)
    return Content(file, game, market, width, height, depths_y, start, rooms, tunnels,
                   secrets, cards, index, exits, adjacent)


@lru_cache(maxsize=8)
def load_content(path: str | None = None) -> Content:
    """Read and validate a content file (default: the designed ``content.toml``)."""
    p = Path(path) if path else DEFAULT_FILE
    return parse_content(read_content_toml(p), p.name)
