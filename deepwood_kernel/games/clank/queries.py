"""Questions the rules ask of a *Klong!* table, without changing it: the dragon's bag and
row, who is still inside, what may be carried, trashed or taken, where one may move, the
legal actions and why one is not legal."""

from __future__ import annotations

from .state import IN, ClankState, Player
from .words import lower_name


ROW_VERBS = {"action": "buy", "device": "use", "monster": "fight"}


RESERVE_BUYS = ("mercenary", "explore", "secret_tome")


def rage_cubes(s: ClankState) -> int:
    return s.content.game["rage_track"][s.rage]


# ============================================================== queries
def danger_in_row(s: ClankState) -> int:
    """Gefahr (CL-8): each danger card in the row adds 1 cube to an attack."""
    cards = s.content.cards
    return sum(1 for k in s.row if k is not None and cards[k].danger)


def in_game(s: ClankState) -> list[int]:
    return [i for i, p in enumerate(s.players) if p.status == IN]


def can_carry(p: Player) -> bool:
    """Artefakte (CL-6): one artifact, or one more per backpack."""
    return len(p.artifacts) < 1 + p.backpacks


def trash_candidates(s: ClankState, seat: int) -> dict[str, int]:
    """Entsorgen: cards in your discard pile or play area not already marked for trashing."""
    p = s.players[seat]
    cand = dict(p.discard)
    for k in p.play:
        cand[k] = cand.get(k, 0) + 1
    for k in s.turn.to_trash:
        cand[k] -= 1
    return {k: v for k, v in cand.items() if v > 0}


def token_problem(s: ClankState, seat: int, key: str) -> str | None:
    """Why the kept secret ``key`` cannot be used now, or None if it can (CL-13.6, CL-13.9).

    Kleine / Große Verstecke: a potion is used "um 1 Schaden zu heilen" / "um 1 Stiefel zu
    erhalten"; at full health there is nothing to heal, and in a turn with a crystal cave
    (or after escaping) a boot cannot be spent, so the potion would do nothing: refused, and
    kept. A magic spring works "am Zugende", once the hand is empty, and needs a card to
    trash.
    """
    p, t, c = s.players[seat], s.turn, s.content
    sec = c.secrets[key]
    name = lower_name(sec.name)
    if sec.when == "end":
        if p.hand:
            return (f"the {name} is used at the end of your turn: play your "
                    f"{sum(p.hand.values())} card(s) in hand first")
        if not trash_candidates(s, seat):
            return f"the {name} needs a card in your discard pile or play area to trash"
        return None
    useless = []
    for e in sec.effects:
        if e.verb == "heal" and not p.damage:
            useless.append("you have no damage to heal")
        elif e.verb == "boots" and p.status != IN:
            useless.append("you have escaped and move no more, so a boot is no use")
        elif e.verb == "boots" and t.boots_locked:
            useless.append("you entered a crystal cave this turn, so no boot can be spent "
                           "until your next turn")
        else:
            return None                            # this effect does something
    return f"the {name} would do nothing now: {'; '.join(useless)}; keep it for later"


def move_options(s: ClankState, seat: int) -> list[tuple[str, int, int]]:
    """Tunnel durchqueren (CL-5): every legal move as (action id, destination, swords)."""
    c, p, t_ = s.content, s.players[seat], s.turn
    out = []
    if t_.boots_locked or p.status != IN:         # escaped: no way back in (CL-10.3)
        return out
    health = c.game["health"]
    for dest, t in c.exits[p.room]:
        if t.boots > t_.boots or (t.locked and not p.keys):
            continue
        if dest == c.start and not p.artifacts:
            continue
        rid = c.rooms[dest].id
        if not t.monsters:
            out.append((f"move {rid}", dest, 0))
            continue
        for block in range(min(t_.swords, t.monsters) + 1):
            hurt = t.monsters - block
            if hurt <= p.supply and p.damage + hurt < health:
                out.append((f"move {rid} block {block}", dest, block))
    return out


# ============================================================== legal actions
def legal_ids(s: ClankState) -> list[str]:
    if s.phase != "turn" or s.to_draw or s.turn.secret_to_reveal:
        return []
    seat, p, t, c = s.seat, s.players[s.seat], s.turn, s.content
    if t.pending:
        kind = t.pending[0][0]
        if kind == "discard":
            return [f"discard {k}" for k in sorted(p.hand)] + ["skip"]
        return [f"trash {k}" for k in sorted(trash_candidates(s, seat))] + ["skip"]
    ids = [f"play {k}" for k in sorted(p.hand)]
    cards = c.cards
    for i, k in enumerate(s.row):
        if k is None:
            continue
        card = cards[k]
        if card.type == "monster":
            if t.swords >= card.swords:
                ids.append(f"fight {i}")
        elif t.skill >= card.cost:
            ids.append(f"{ROW_VERBS[card.type]} {i}")
    for k in RESERVE_BUYS:
        if s.reserve[k] and t.skill >= cards[k].cost:
            ids.append(f"buy {k}")
    if t.swords >= cards["goblin"].swords:
        ids.append("fight goblin")
    room = c.rooms[p.room]
    if room.market and p.gold >= c.market["price"] and p.status == IN:
        m = s.market
        if m["keys"]:
            ids.append("market key")
        if m["backpacks"]:
            ids.append("market backpack")
        if m["crowns"]:
            ids.append("market crown")
    ids += [aid for aid, _, _ in move_options(s, seat)]
    if t.teleports and p.status == IN:
        for dest in c.adjacent[p.room]:
            if dest != c.start or p.artifacts:
                ids.append(f"teleport {c.rooms[dest].id}")
    if p.may_take:
        if p.room in s.artifacts and can_carry(p):
            ids.append("take artifact")
        if s.secret_slots.get(p.room):
            ids.append(f"take {room.secret}")
        if room.shrine and s.idols:
            ids.append("take idol")
    for k in sorted(set(p.secrets)):
        if c.secrets[k].when != "now" and token_problem(s, seat, k) is None:
            ids.append(f"token {k}")
    if not p.hand:
        ids.append("end")
    return ids


# ============================================================== illegal explanations
def explain_illegal(s: ClankState, aid: str) -> str | None:
    if s.phase == "over":
        return "the game is over"
    verb, _, arg = aid.partition(" ")
    p, t, c = s.players[s.seat], s.turn, s.content
    if t.pending:
        kind = t.pending[0][0]
        return (f"first choose a card to {kind} from the choices offered, or 'skip'")
    if verb == "end" and p.hand:
        return f"play every card in your hand first ({sum(p.hand.values())} left)"
    if verb == "play":
        return f"{arg!r} is not in your hand; your hand: {', '.join(sorted(p.hand)) or 'empty'}"
    if verb in ("buy", "use", "fight") and arg.isascii() and arg.isdigit():
        i = int(arg)
        if not 0 <= i < len(s.row) or s.row[i] is None:
            return f"slot {arg} of the dungeon row is empty or does not exist"
        card = c.cards[s.row[i]]
        need = ROW_VERBS[card.type]
        if need != verb:
            article = "an" if card.type[0] in "aeiou" else "a"
            return f"{card.name} is {article} {card.type}: use '{need} {i}'"
        if card.type == "monster":
            return f"{card.name} needs {card.swords} swords; you have {t.swords}"
        return f"{card.name} costs {card.cost} skill; you have {t.skill}"
    if verb in ("move", "teleport") and p.status != IN:
        return "you have escaped from the dungeon: there is no way back in"
    if verb in ("move", "teleport"):
        rid = arg.partition(" ")[0]
        if rid not in c.room_index:
            return f"{rid!r} is not a room of the map"
        dest = c.room_index[rid]
        if verb == "teleport":
            if not t.teleports:
                return "you have no teleport this turn"
            return f"{rid} is not next to your room"
        tunnel = next((tn for d, tn in c.exits[p.room] if d == dest), None)
        if tunnel is None:
            return f"no tunnel leads from {c.rooms[p.room].id} to {rid} in this direction"
        if t.boots_locked:
            return "you entered a crystal cave this turn: no more boots until your next turn"
        if tunnel.locked and not p.keys:
            return "this tunnel is locked: you need a master key from the market"
        if dest == c.start and not p.artifacts:
            return "without an artifact you may not leave the dungeon"
        if t.boots < tunnel.boots:
            return f"this tunnel needs {tunnel.boots} boots; you have {t.boots}"
        if tunnel.monsters:
            return (f"this tunnel has {tunnel.monsters} monster symbol(s): say how many swords "
                    f"you spend, e.g. 'move {rid} block 0'; the damage must come from your "
                    "supply and may not fill your health track")
    if verb == "buy" and arg in RESERVE_BUYS:
        card = c.cards[arg]
        if not s.reserve[arg]:
            return f"the {card.name} pile of the reserve is empty"
        return f"{card.name} costs {card.cost} skill; you have {t.skill}"
    if verb == "fight" and arg == "goblin":
        return f"the goblin needs {c.cards['goblin'].swords} swords; you have {t.swords}"
    if verb == "token":
        if arg not in p.secrets:
            return f"you hold no {arg!r} token; yours: {', '.join(p.secrets) or 'none'}"
        if c.secrets[arg].when == "now":
            return f"the {lower_name(c.secrets[arg].name)} is kept for its points; it is not used"
        return token_problem(s, s.seat, arg)
    if verb in ("discard", "trash", "skip"):
        return f"there is nothing to {verb} now: no card asks you to choose"
    if verb == "take":
        return "one token per entry into a room; artifacts need room to carry (a backpack)"
    if verb == "market":
        return (f"the market needs you in a market room with {c.market['price']} gold, and "
                "the item still for sale")
    return None
