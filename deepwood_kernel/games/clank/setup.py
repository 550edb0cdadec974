"""Setting up *Klong!* (rulebook: Spielaufbau A–M; CL-1.x) and the game's info and options (CL-15)."""

from __future__ import annotations

from dataclasses import replace

from ...core.rules import GameInfo, Option
from .content import Content
from .queries import RESERVE_BUYS, rage_cubes
from .state import COLOURS, NAMES, ClankState, Player


INFO = GameInfo(
    key="clank", title="Klong! (Clank!)", min_players=2, max_players=4,
    description="A deck-building race into the dragon's dungeon: build your deck, steal an "
                "artifact and get out before the dragon's bag finds your cubes "
                "(Clank! by Paul Dennen).",
    # CL-10.10: nothing in the rulebook forces a game to end (a row nobody buys from never
    # calls the dragon); more than 10 times the longest of 2,000 seeded bot games, it bounds
    # a save's replay, and a game that reaches it ends as the countdown's last space would
    max_game_length=20_000,
    # CL-15: numbers a designer varies in playtests; the defaults are the rulebook's
    options={
        "dragon_start": Option(0, low=0, high=20,
                               help="rage-track space the dragon marker starts on, 1 = the "
                                    "first (CL-15.1); 0 = by player count (CL-1.2)"),
        "mastery_points": Option(20, low=0, high=60,
                                 help="points of a mastery token (CL-15.2; rulebook 20)"),
    },
)


# (id(content), mastery points) -> (content, the copy with those points); holding the
# original keeps its id from being reused; a handful of values per session at most
_MASTERY: dict[tuple[int, int], tuple[Content, Content]] = {}


def with_mastery(c: Content, points: int) -> Content:
    """CL-15.2: ``c`` itself when it already gives ``points`` for a mastery token, else a
    (cached) copy whose ``game["mastery_points"]`` is ``points``."""
    if c.game["mastery_points"] == points:
        return c
    entry = _MASTERY.get((id(c), points))
    if entry is None:
        if len(_MASTERY) > 64:
            _MASTERY.clear()
        entry = _MASTERY[(id(c), points)] = (
            c, replace(c, game={**c.game, "mastery_points": points}))
    return entry[1]


# ============================================================== setup
def initial_state(players: int, content: Content, options: dict | None = None) -> ClankState:
    """Spielaufbau A–M (CL-1.x): cubes, decks, bank, rage, artifacts, secrets, wares, bag;
    ``options`` (CL-15) may move the dragon's start and change the mastery token's value."""
    opts = {k: o.default for k, o in INFO.options.items()} | dict(options or {})
    c = with_mastery(content, opts["mastery_points"])
    g = c.game
    rage = g["rage_start"][players]                         # CL-1.2
    if opts["dragon_start"]:                                # CL-15.1
        if opts["dragon_start"] > len(g["rage_track"]):
            raise ValueError(f"option 'dragon_start' must lie between 0 and "
                             f"{len(g['rage_track'])} (the rage track's spaces), "
                             f"got {opts['dragon_start']}")
        rage = opts["dragon_start"] - 1
    starters = {k: c.cards[k].count for k in c.keys_of("starter")}
    ps = []
    for seat in range(players):
        start_clank = g["starting_clank"][seat]            # CL-1: 3/2/1/0 by seat
        ps.append(Player(NAMES[seat], COLOURS[seat], c.start,
                         supply=g["clank_cubes"] - start_clank, clank=start_clank,
                         draw=dict(starters)))
    s = ClankState(
        content=c, players=ps,
        dungeon={k: c.cards[k].count for k in c.keys_of("dungeon")},
        row=[None] * g["row_size"],
        reserve={k: c.cards[k].count for k in RESERVE_BUYS},
        artifacts={r.index: r.artifact for r in c.rooms if r.artifact},
        secret_slots={r.index: (g["minor_per_room"] if r.secret == "minor" else 1)
                      for r in c.rooms if r.secret},
        secret_pool={size: {k: x.count for k, x in c.secrets.items() if x.size == size}
                     for size in ("minor", "major")},
        idols=g["idols"] if any(r.shrine for r in c.rooms) else 0,
        market={"keys": c.market["keys"], "backpacks": c.market["backpacks"],
                "crowns": list(c.market["crowns"])},
        black_bag=g["black_cubes"], rage=rage,
        to_remove=g["artifacts_removed"][players],
    )
    s.log.append(f"{players} thieves gather at the dungeon entrance; the dragon's rage "
                 f"starts on space {s.rage + 1} ({rage_cubes(s)} cubes per attack).")
    if s.to_remove == 0:
        _start_row(s)
    return s


def _start_row(s: ClankState) -> None:
    s.phase = "row"
