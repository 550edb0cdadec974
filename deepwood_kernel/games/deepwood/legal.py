"""What may happen next in *Durch den tiefen Wald*: the legal actions of the player to move
(the exchanges and trolls allowed "jederzeit" included), the pending chance event as the
table and as each seat sees it, and why an action is not legal."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ...prob.dice import roll_multisets
from .content import OBSTACLES, RESOURCES, TILE_KINDS
from .queries import (_placements, bonus_resource, fight_strengths, step_problem, troll_ready,
                      trolls_next_to)
from .setup import EXCHANGES, MARKET_COLS, MARKET_ROWS, MAX_DICE, TROLL_REWARDS, geometry, name
from .state import DeepWoodState, Player


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
