"""The board part of a *Durch den tiefen Wald* turn (rulebook: Der Wald; DW-5.x to DW-9.x):
drawing and revealing tiles, moving, clearing obstacles, swords, trolls, leaving the
forest, stepping back, exchanging and returning resources, ending the turn."""

from __future__ import annotations

from .flow import _check_limit, end_turn, settle
from .queries import cost_text, stones_to_leave
from .setup import RES_SINGULAR, _amount, name
from .state import DeepWoodState, Player


# ============================================================== helpers
def pay(p: Player, cost: dict[str, int]) -> None:
    for r, n in cost.items():
        p.res[r] -= n


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
