"""The rules of *Adventure Land* (Kramer & Kiesling, HABA 2015) over :class:`ALState`.

Two pages of HABA's English rulebook (2015) are our text: "2. Move adventurer(s)" with the
"Water Sprite Rule", and "Combat strength of the fog creature"; they are implemented
exactly. The rest is reconstructed from published facts (a few sentences of the full
English rulebook among them) or designed for this project; every rule function names its
rule ID of ``docs/rules/adventureland.md``, where each rule says where it comes from.

Readings chosen where the text is silent (each is a **reading** of the reference):

* One adventurer waits on each start line (the rulebook's setup, AL-1.4); it enters along
  its own line only: in front of a row moving east, above a column moving south, with
  the leaping rules along its way. ``enter 3 J3``: the adventurer of row 3 to J3.
* "Move only one adventurer one field" is one move of any length; each of a turn's two
  moves chooses its own direction (AL-2.1).
* Herbs and swords lie face down on the board and nobody has seen them; so a tile's value
  is drawn when a player takes it, from every value nobody has looked at yet (exact by
  symmetry; the swords put back at setup are among them, unseen). A sword drawn from the
  box when the stack is empty (AL-3.4) is one of the box's tiles, each equally likely:
  one put back at setup (value unseen) or one lost in a fight (value seen then).
* An item appearing under an adventurer is always taken ("can" read as permission to act
  outside one's turn, AL-2.7).
* A party moving onto a fog creature ends its move there and fights. Fights are decided by
  the fighting adventurer's owner, even in another player's turn. Reaching the creature's
  strength wins at once; a player who cannot or will not add more gives up and loses.
* Swords used in a won fight go back face down to their owner (now known to all); herbs
  used are out of the game either way; gold given back goes to the stockpile, and in a
  lost fight it goes to the box instead (the page's loss clause).
* The water sprite removes every party on the river squares it passes and on the square it
  reaches (after that party took the gold there); the square it leaves keeps nothing.
* The game ends after the round in which the supply has no swords and no companions left,
  or the terrain deck is used up; at once when, after a turn, no adventurer can move. A
  player who, after any turn, can no longer move drops out for good and takes no more
  turns; their figures stay on the board (AL-7.4).
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import GameInfo, Option, PackageRules
from ...prob import roll_multisets
from .content import Content, load_content, parse_content
from .state import ALState, Fight, Party, Player

ADVENTURES = ("fellowship", "magnificent", "escape")
ADVENTURE_TITLES = {"fellowship": "The Fellowship", "magnificent": "The Magnificent",
                    "escape": "Escape to the Cities"}

INFO = GameInfo(
    key="adventureland", title="Adventure Land", min_players=2, max_players=4,
    description="Lead your adventurers south and east across a land of cities, forests, "
                "mountains, a river and fog: gather companions, gold, herbs and swords, and "
                "fight the fog creatures (Adventure Land by Wolfgang Kramer and Michael "
                "Kiesling; two rulebook pages, the rest reconstructed).",
    # AL-0.2: 110 cards, 14 creatures, 48 herb/sword draws, at most ~60 turns of a few
    # plies each and one gold spend per gold piece taken: real games stay far below this.
    max_game_length=3000,
    options={
        "adventure": Option("fellowship", allowed=ADVENTURES,
                            help="which adventure (its scoring): fellowship, magnificent, "
                                 "escape"),
        "start_cards": Option(8, low=0, high=30,
                              help="terrain cards revealed before the first turn"),
        "cards_per_turn": Option(2, low=1, high=4,
                                 help="terrain cards revealed at the start of each turn"),
    },
)

MAX_MOVES = 2            # AL-2.1: one adventurer twice, or two adventurers once each
_RAYS: dict[int, dict] = {}
_LAST_RAYS: list = [None]         # the tables last asked for (rays())


# ============================================================== geometry
def rays(c: Content) -> dict:
    """Squares east and south of every square, in order, and the start lines (cached)."""
    last = _LAST_RAYS[0]
    if last is not None and last["content"] is c:         # the usual case: one content
        return last
    key = id(c)
    r = _RAYS.get(key)
    if r is not None and r["content"] is c:
        _LAST_RAYS[0] = r
        return r
    east, south = {}, {}
    for sq in c.squares:
        col, row = c.coord(sq)
        east[sq] = tuple(c.square(k, row) for k in range(col + 1, len(c.columns)))
        south[sq] = tuple(c.square(col, k) for k in range(row + 1, c.rows + 1))
    starts = {}
    for n, p in c.players.items():
        # AL-1.4: a start line is named as the rulebook names it: "3" in front of row 3
        # (its adventurer enters moving east), "B" above column B (moving south)
        lines = {str(row): tuple(c.square(k, row) for k in range(len(c.columns)))
                 for row in p["start_rows"]}
        lines.update({col: tuple(c.square(c.columns.index(col), k) for k in range(1, c.rows + 1))
                      for col in p["start_columns"]})
        starts[n] = lines
    r = {"content": c, "east": east, "south": south, "starts": starts,
         "card": {sq: f"card {sq}" for sq in c.squares},
         # the same as weighted outcomes, made once (chance_weights)
         "card_w": {sq: (f"card {sq}", 1) for sq in c.squares},
         "fog": tuple(sq for sq in c.squares if c.terrain[sq] == "fog"),
         "enter": {lab: {sq: f"enter {lab} {sq}" for sq in c.squares}
                   for lines in starts.values() for lab in lines},
         "move": {a: {b: f"move {a} {b}" for b in east[a] + south[a]} for a in c.squares},
         # (squares, their action ids) of every way, for _way_ids
         "enter_ways": {n: {lab: (line, tuple(f"enter {lab} {t}" for t in line))
                            for lab, line in lines.items()} for n, lines in starts.items()},
         "east_way": {a: (east[a], tuple(f"move {a} {b}" for b in east[a])) for a in c.squares},
         "south_way": {a: (south[a], tuple(f"move {a} {b}" for b in south[a]))
                       for a in c.squares},
         "order": {sq: i for i, sq in enumerate(c.squares)},
         "river": {sq: i for i, sq in enumerate(c.river)}}
    _RAYS[key] = _LAST_RAYS[0] = r
    return r


def _stops(s: ALState) -> dict[str, bool]:
    """Squares no way passes: fog creatures (True: a move may end there, to fight) and the
    water sprite (False)."""
    items = s.items                          # creatures lie on fog squares only
    stop = {sq: True for sq in rays(s.content)["fog"]
            if (it := items.get(sq)) is not None and it[0] == "creature"}
    if s.sprite is not None:
        stop[s.sprite] = False
    return stop


def _walk(s: ALState, seat: int, line, stop: dict[str, bool]) -> list[str]:
    """AL-2.3, AL-2.4: along ``line``, every square where a move may end, in order.

    Leap over adventurers, companions and tiles; never over a fog creature or the water
    sprite. Never end on another adventurer or the sprite (in *The Magnificent*, a party
    of your own colour may be joined, AL-8.2). Entering a creature's square ends the way.
    """
    parties = s.parties
    merge = s.adventure == "magnificent"
    out = []
    for t in line:
        if t in stop:
            if stop[t] and t not in parties:
                out.append(t)
            return out
        if t in parties:
            if merge and parties[t].seat == seat:
                out.append(t)
        else:
            out.append(t)
    return out


def destinations(s: ALState, seat: int, src: str,
                 stop: dict[str, bool] | None = None) -> list[str]:
    """Where the party on ``src`` may move (east, then south, nearest first); ``src`` a
    start line's name ("3", "B"): where that line's adventurer may enter (AL-1.4)."""
    r = rays(s.content)
    if stop is None:
        stop = _stops(s)
    line = r["starts"][s.n].get(src)
    if line is not None:
        return _walk(s, seat, line, stop)
    return _walk(s, seat, r["east"][src], stop) + _walk(s, seat, r["south"][src], stop)


def _opens(s: ALState, seat: int, line, stop: dict[str, bool]) -> bool:
    """Whether a move along ``line`` can end anywhere (:func:`_walk`, stopping early)."""
    parties = s.parties
    merge = s.adventure == "magnificent"
    for t in line:
        if t in stop:
            return stop[t] and t not in parties
        p = parties.get(t)
        if p is None or (merge and p.seat == seat):
            return True
    return False


def can_move(s: ALState, seat: int, stop: dict[str, bool] | None = None) -> bool:
    """Whether ``seat`` has any move (AL-7.3, AL-7.4): :func:`_opens` along its ways,
    stopping at the first open one (asked for every player after every turn; usually the
    first square of the first way is open)."""
    stop = _stops(s) if stop is None else stop
    r = rays(s.content)
    starts, east, south = r["starts"][s.n], r["east"], r["south"]
    if any(_opens(s, seat, starts[lab], stop) for lab in s.players[seat].lines):
        return True
    return any(p.seat == seat and (_opens(s, seat, east[sq], stop)
                                   or _opens(s, seat, south[sq], stop))
               for sq, p in s.parties.items())


# ============================================================== setup
def initial_state(players: int, options: dict, c: Content) -> ALState:
    """AL-1.1 .. AL-1.5: pieces by player count, stacks, the deck, the start cards."""
    g, pc = c.game, c.players[players]
    # AL-1.4: one adventurer on each start line (content.py checks the counts agree)
    ps = [Player(g["names"][i], g["colours"][i], lines=list(rays(c)["starts"][players]))
          for i in range(players)]
    s = ALState(
        content=c, adventure=options["adventure"], players=ps, deck=list(c.squares),
        creature_stack=dict(c.creatures), herbs_left=sum(c.herbs.values()),
        swords_left=sum(c.swords.values()) - pc["swords_removed"],
        swords_removed=pc["swords_removed"],
        companions_left=g["companions"] - pc["companions_removed"],
        companions_box=pc["companions_removed"], gold_left=g["gold"],
        to_reveal=options["start_cards"], cards_per_turn=options["cards_per_turn"])
    s.log.append(f"{players} players set out on {ADVENTURE_TITLES[s.adventure]} with "
                 f"{ps[0].start} adventurers each; {pc['companions_removed']} companions and "
                 f"{pc['swords_removed']} swords go back into the box.")
    _settle(s)
    return s


# ============================================================== queries
def undetermined(s: ALState, kind: str) -> dict[int, int]:
    """Herb or sword values nobody has looked at (stack, board, put back at setup)."""
    c = s.content
    full = dict(c.herbs if kind == "herb" else c.swords)
    for p in s.players:
        for v, k in (p.herbs if kind == "herb" else p.swords).items():
            full[v] -= k
    for v, k in (s.herbs_out if kind == "herb" else s.swords_out).items():
        full[v] -= k
    if kind == "sword":
        if s.fight is not None:
            for v in s.fight.swords:
                full[v] -= 1
        for it in s.items.values():            # AL-3.4: box swords of a known value
            if len(it) == 2 and it[0] == "sword":
                full[it[1]] -= 1
    return {v: k for v, k in full.items() if k > 0}


def unknown_to(s: ALState, kind: str, seat: int) -> dict[int, int]:
    """Herb or sword values ``seat`` cannot place: undetermined ones plus those other
    players hold face down and have not shown."""
    out = undetermined(s, kind)
    if kind == "sword":                        # box swords on the board: nobody can place
        for it in s.items.values():            # which is which (AL-3.4)
            if len(it) == 2 and it[0] == "sword":
                out[it[1]] = out.get(it[1], 0) + 1
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        held = p.herbs if kind == "herb" else p.swords
        for v, k in held.items():
            hidden = k - (p.swords_shown.get(v, 0) if kind == "sword" else 0)
            if hidden > 0:
                out[v] = out.get(v, 0) + hidden
    return dict(sorted(out.items()))


# ============================================================== whose turn
def is_chance(s: ALState) -> bool:
    f = s.fight                                # None once the game is over
    if f is not None:
        return f.stage == "roll" or f.stage == "reroll"
    if s.pending:
        return True
    return s.to_reveal > 0 and (s.phase == "reveal" or s.phase == "setup") and bool(s.deck)


def current_player(s: ALState) -> int | None:
    if s.phase == "over":
        return None
    f = s.fight
    if f is not None:
        return f.seat if f.stage in ("swords", "boost") else None
    if s.pending:
        return None
    return s.seat if s.phase == "move" else None


# ============================================================== legal actions
def legal_ids(s: ALState) -> list[str]:
    f = s.fight
    if f is not None:
        p = s.players[f.seat]
        if f.stage == "swords":
            from .fight import choices_of
            return ["swords " + (" ".join(map(str, c)) if c else "none")
                    for c in choices_of(p.swords, s.content.game["max_swords_in_fight"])]
        ids = [f"herb {v}" for v in sorted(p.herbs)]
        if p.gold:
            ids.append("gold +1")
            ids += [f"gold reroll {v}" for v in sorted(set(f.dice))]
        return ids + ["give up"]
    if s.phase != "move":
        return []
    seat = s.seat
    r = rays(s.content)
    stop = _stops(s)
    parties = s.parties
    merge = s.adventure == "magnificent"
    lines = s.players[seat].lines
    # the ways to walk, in the order of the ids: AL-1.4, each start line's own adventurer;
    # then each party of the seat, board order, east then south (as destinations())
    if lines:
        enter_ways = r["enter_ways"][s.n]
        ways = [enter_ways[lab] for lab in lines]
    else:
        ways = []
    mine = [q for q, p in parties.items() if p.seat == seat]
    if len(mine) > 1:
        mine.sort(key=r["order"].__getitem__)
    east, south = r["east_way"], r["south_way"]
    for sq in mine:
        ways.append(east[sq])
        ways.append(south[sq])
    # _walk along each way, inlined (this is the playouts' hottest loop): a way meeting
    # no party, creature or sprite is taken whole
    ids: list[str] = []
    no_parties, no_stops = parties.keys().isdisjoint, stop.keys().isdisjoint
    for line, way_ids in ways:
        if no_parties(line) and no_stops(line):
            ids += way_ids
            continue
        if merge:                        # AL-8.2: own parties may be joined
            for t, a in zip(line, way_ids):
                if t in stop:
                    if stop[t] and t not in parties:
                        ids.append(a)
                    break
                p = parties.get(t)
                if p is None or p.seat == seat:
                    ids.append(a)
        else:
            for t, a in zip(line, way_ids):
                if t in stop:
                    if stop[t] and t not in parties:
                        ids.append(a)
                    break
                if t not in parties:
                    ids.append(a)
    ids.append("end")
    return ids


# ============================================================== chance
def chance_weights(s: ALState) -> list[tuple[str, int]]:
    f = s.fight
    if f is not None:
        if f.stage == "roll":
            return [("roll " + " ".join(map(str, sorted(faces, reverse=True))), w)
                    for faces, w in roll_multisets(len(f.swords))]
        if f.stage == "reroll":
            return [(f"reroll {v}", 1) for v in range(1, 7)]
        return []
    if s.pending:
        kind = s.pending[0][0]
        if kind == "creature":
            return [(f"creature {v}", k) for v, k in sorted(s.creature_stack.items()) if k]
        if kind == "box":                      # AL-3.4: which sword comes out of the box
            out = [("box unseen", s.swords_removed)] if s.swords_removed else []
            return out + [(f"box {v}", k) for v, k in sorted(s.swords_out.items())]
        return [(f"{kind} {v}", k) for v, k in sorted(undetermined(s, kind).items())]
    if is_chance(s):
        return _deck_weights(s)
    return []


# The weights of the last deck asked for, kept in step with it by _reveal, so that a card
# draw costs one C-level list removal instead of a new list of ~100 pairs. They are used
# only for that very list object at that length (the reference keeps the object alive,
# so its id cannot be reused); any other deck, or one changed elsewhere, is built afresh.
_DECK_W: list = [None, -1, None]       # [deck list, its length, its weights]


def _deck_weights(s: ALState) -> list[tuple[str, int]]:
    """AL-1.3: every terrain card left is equally likely (weight 1 each, in deck order)."""
    deck = s.deck
    if _DECK_W[0] is deck and _DECK_W[1] == len(deck):
        return _DECK_W[2][:]
    card_w = rays(s.content)["card_w"]
    w = [card_w[sq] for sq in deck]
    _DECK_W[:] = [deck, len(deck), w]
    return w[:]


def seat_chance_weights(s: ALState, seat: int) -> list[tuple[str, int]] | None:
    """AL-3.3, AL-9.1: a face-down herb or sword taken: its taker sees the value (weights
    from every value the taker cannot place); everyone else sees only that a tile was
    taken. Every other draw is public."""
    if s.fight is not None or not s.pending or s.pending[0][0] == "creature":
        return None
    kind, taker, _ = s.pending[0]
    if kind == "box":                          # face down: nobody sees which sword
        return [("?box sword", 1)]
    if seat != taker:
        return [(f"?{kind}", 1)]
    return [(f"?{kind} {v}", k) for v, k in unknown_to(s, kind, seat).items()]


# ============================================================== applying
def _add(ms: dict[int, int], v: int, n: int = 1) -> None:
    ms[v] = ms.get(v, 0) + n
    if ms[v] == 0:
        del ms[v]


def _score(s: ALState, seat: int, line: str, pts: int) -> None:
    """AL-8.1: in *The Fellowship* points are scored at once and never taken back."""
    if s.adventure == "fellowship" and pts:
        pp = s.players[seat].points
        pp[line] = pp.get(line, 0) + pts


def apply(s: ALState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    if is_chance(s):
        _apply_chance(s, verb, arg)
    elif s.fight is not None:
        _fight_action(s, verb, arg)
    elif verb == "end":
        p = s.players[s.seat]
        moved = MAX_MOVES - s.moves_left
        s.log.append(f"{p.name} ends the turn" + (" without moving." if not moved else "."))
        _end_turn(s)
    elif verb == "enter":
        line, _, dst = arg.partition(" ")
        _move(s, s.seat, None, dst, line)
    elif verb == "move":
        src, _, dst = arg.partition(" ")
        _move(s, s.seat, src, dst)
    else:
        raise ValueError(f"unknown action {aid!r}")
    _settle(s)


def _party_text(p: Party, article: bool = True) -> str:
    """``an adventurer with 2 companions``; without the article after a possessive."""
    one = "an adventurer" if article else "adventurer"
    a = one if p.adventurers == 1 else f"{p.adventurers} adventurers"
    if p.companions:
        a += f" with {p.companions} companion{'s' if p.companions > 1 else ''}"
    return a


def _move(s: ALState, seat: int, src: str | None, dst: str, line: str = "") -> None:
    """AL-2.1 .. AL-2.6: one move of a party south or east, then what it lands on; from
    the start area (``src`` None) the adventurer of start ``line`` enters (AL-1.4)."""
    pl = s.players[seat]
    if src is None:
        pl.lines.remove(line)
        party = Party(seat)
        where = f"the start area {_line_text(line)}"
    else:
        party = s.parties.pop(src)
        where = src
    s.moves_left -= 1
    other = s.parties.get(dst)
    if other is not None:                      # AL-8.2: The Magnificent, own colour
        other.adventurers += party.adventurers
        other.companions += party.companions
        s.log.append(f"{pl.name} moves {_party_text(party)} from {where} to {dst}, joining "
                     f"the group there ({_party_text(other)}).")
        party = other
    else:
        s.parties[dst] = party
        s.log.append(f"{pl.name} moves {_party_text(party)} from {where} to {dst}.")
    _land(s, dst, party)


def _line_text(line: str) -> str:
    """``in front of row 3`` / ``above column B``: where a start line's adventurer waits."""
    return f"in front of row {line}" if line.isdigit() else f"above column {line}"


def _land(s: ALState, sq: str, party: Party) -> None:
    """AL-2.5, AL-3.6: a party on a square with an item takes it (a creature: fight)."""
    it = s.items.get(sq)
    if it is None:
        return
    kind = it[0]
    pl = s.players[party.seat]
    if kind == "creature":
        start_fight(s, party.seat, sq)
        return
    del s.items[sq]
    if kind == "gold":
        pl.gold += 1
        _score(s, party.seat, "gold", s.content.scoring["gold_points"])
        s.log.append(f"{pl.name} takes the gold at {sq}.")
    elif kind == "companion":
        party.companions += 1
        _score(s, party.seat, "companions", party.companions)
        s.log.append(f"A companion joins {pl.name}'s adventurer at {sq} "
                     f"({party.companions} now).")
    elif len(it) == 2:                         # a box sword: its value was drawn (AL-3.4)
        _add(pl.swords, it[1])
        s.log.append(Secret(f"{pl.name} takes a sword with extra value {it[1]} at {sq} and "
                            "keeps it face down.",
                            f"{pl.name} takes a face-down sword at {sq}.", (party.seat,)))
    else:
        s.pending.append((kind, party.seat, sq))


def _remove_party(s: ALState, sq: str, why: str) -> None:
    party = s.parties.pop(sq)
    pl = s.players[party.seat]
    pl.lost_adventurers += party.adventurers
    pl.lost_companions += party.companions
    s.companions_box += party.companions
    s.log.append(f"{pl.name}'s {_party_text(party, False)} at {sq} {why} and leave"
                 f"{'' if party.adventurers > 1 else 's'} the game.")


def _apply_chance(s: ALState, verb: str, arg: str) -> None:
    f = s.fight
    if verb == "roll":
        f.dice = sorted(map(int, arg.split()), reverse=True)
        s.log.append(f"{s.players[f.seat].name} rolls {', '.join(map(str, f.dice))}: "
                     f"combat strength {f.total} against {f.strength}.")
        _after_total(s)
    elif verb == "reroll":
        f.dice.remove(f.reroll)
        f.dice.append(int(arg))
        f.dice.sort(reverse=True)
        s.log.append(f"The die showing {f.reroll} is rolled again: {arg}. Combat strength "
                     f"{f.total} against {f.strength}.")
        _after_total(s)
    elif verb == "creature":
        _, _, sq = s.pending.pop(0)
        v = int(arg)
        s.creature_stack[v] -= 1
        if not s.creature_stack[v]:
            del s.creature_stack[v]
        s.items[sq] = ("creature", v)
        s.log.append(f"A fog creature of strength {v} rises at {sq}.")
        if sq in s.parties:                    # AL-5.9: it attacks at once
            start_fight(s, s.parties[sq].seat, sq)
    elif verb == "box":                        # AL-3.4: a sword out of the box, face down
        _, _, sq = s.pending.pop(0)
        if arg == "unseen":                    # one put back at setup: value still unseen
            s.swords_removed -= 1
            s.items[sq] = ("sword",)
        else:                                  # one lost in a fight: its value is kept
            _add(s.swords_out, int(arg), -1)   # (nobody can tell it from the others)
            s.items[sq] = ("sword", int(arg))
        s.log.append(f"A sword from the box is placed face down at {sq}.")
        if sq in s.parties:                    # AL-2.7: taken at once
            _land(s, sq, s.parties[sq])
    elif verb in ("herb", "sword"):
        _, seat, sq = s.pending.pop(0)
        v = int(arg)
        pl = s.players[seat]
        _add(pl.herbs if verb == "herb" else pl.swords, v)
        what = f"a herb worth {v}" if verb == "herb" else f"a sword with extra value {v}"
        s.log.append(Secret(f"{pl.name} takes {what} at {sq} and keeps it face down.",
                            f"{pl.name} takes a face-down {verb} at {sq}.", (seat,)))
    elif verb == "card":
        _reveal(s, arg)
    else:
        raise ValueError(f"unknown outcome {verb!r}")


# terrain -> (the supply counter, what the log calls the item, the item placed)
_SUPPLY = {"city": ("companions_left", "a companion", "companion"),
           "forest": ("herbs_left", "a face-down herb", "herb"),
           "mountain": ("swords_left", "a face-down sword", "sword"),
           "river": ("gold_left", "a piece of gold", "gold")}


def _reveal(s: ALState, sq: str) -> None:
    """AL-3.1 .. AL-3.7: a terrain card names a square; its terrain says what appears."""
    deck = s.deck
    if _DECK_W[0] is deck and _DECK_W[1] == len(deck):    # keep _deck_weights in step
        _DECK_W[2].remove(rays(s.content)["card_w"][sq])
        _DECK_W[1] -= 1
    deck.remove(sq)
    s.discard.append(sq)
    s.to_reveal -= 1
    c = s.content
    terrain = c.terrain[sq]
    party = s.parties.get(sq)
    if terrain == "fog":                       # AL-3.5: creature, then a replacement card
        s.log.append(f"Terrain card {sq}: fog.")
        s.pending.append(("creature", -1, sq))
        s.to_reveal += 1
        _check_end_trigger(s)
        return
    supply, word, kind = _SUPPLY[terrain]
    left = getattr(s, supply)
    if not left and terrain == "city" and s.companions_box:
        s.companions_box -= 1                  # AL-3.4: a companion from the box
        s.companions_left = left = 1
        s.log.append(f"Terrain card {sq}: city; no companion is left on the table, so one "
                     "is taken from the box.")
        word = ""
    if left:
        setattr(s, supply, left - 1)
        s.items[sq] = (kind,)
        if word:
            s.log.append(f"Terrain card {sq}: {terrain}; {word} is placed there.")
        if party is not None:                  # AL-2.7: taken at once
            _land(s, sq, party)
        if terrain == "river":
            _sprite_to(s, sq)
    elif terrain == "mountain" and (s.swords_removed or s.swords_out):
        # AL-3.4: the swords in the box are shuffled face down and one is drawn
        s.log.append(f"Terrain card {sq}: mountain; the sword stack is empty, so a sword "
                     "is drawn from those in the box.")
        s.pending.append(("box", -1, sq))
    else:
        s.log.append(f"Terrain card {sq}: {terrain}, but none is left to place.")
    _check_end_trigger(s)


def _sprite_to(s: ALState, sq: str) -> None:
    """AL-4.1, AL-4.2: the water sprite is placed on the new gold, pulled along the river;
    everyone on the river squares it passes, and on the square it reaches, leaves."""
    river = rays(s.content)["river"]
    if s.sprite is None:
        path = [sq]
        s.log.append(f"The water sprite is placed on the gold at {sq}.")
    else:
        i, j = river[s.sprite], river[sq]
        step = 1 if j > i else -1
        path = [s.content.river[k] for k in range(i + step, j + step, step)]
        s.log.append(f"The water sprite is pulled along the river from {s.sprite} to {sq}.")
    for t in path:
        if t in s.parties:
            _remove_party(s, t, ("are" if s.parties[t].adventurers > 1 else "is")
                          + " swept away by the water sprite")
    s.sprite = sq


def _check_end_trigger(s: ALState) -> None:
    """AL-7.1, AL-7.2: no swords and no companions left in the supply, or no terrain card
    left: the round is played to its end."""
    if s.last_round or s.phase == "setup":
        return
    if not s.swords_left and not s.companions_left:
        s.last_round = True
        s.end_reason = "the supply has no swords and no companions left"
    elif not s.deck:
        s.last_round = True
        s.end_reason = "the terrain deck is used up"
    if s.last_round:
        s.log.append(f"End of the game is near: {s.end_reason}; this round is played to "
                     "its end.")


# ============================================================== fights
def start_fight(s: ALState, seat: int, sq: str) -> None:
    """AL-5.1: a fight against the creature on ``sq`` by the party standing there."""
    party = s.parties[sq]
    strength = s.items[sq][1]
    f = Fight(seat, sq, strength, party.adventurers + party.companions)
    s.fight = f
    pl = s.players[seat]
    s.log.append(f"{pl.name}'s {_party_text(party, False)} "
                 f"fight{'' if party.adventurers > 1 else 's'} "
                 f"the fog creature of strength "
                 f"{strength} at {sq} (base strength {f.base}).")
    if f.total >= strength or not pl.swords:
        _after_total(s)


def _fight_action(s: ALState, verb: str, arg: str) -> None:
    """AL-5.3 .. AL-5.6: swords before the roll; then herbs, gold as +1 or a reroll."""
    f = s.fight
    pl = s.players[f.seat]
    if verb == "swords":
        used = [] if arg == "none" else [int(x) for x in arg.split()]
        for v in used:
            _add(pl.swords, v, -1)
            if pl.swords_shown.get(v, 0) > pl.swords.get(v, 0):
                _add(pl.swords_shown, v, -1)
        f.swords = used
        if used:
            s.log.append(f"{pl.name} uses {len(used)} sword{'s' if len(used) > 1 else ''} "
                         f"(extra value {' + '.join(map(str, used))}).")
            f.stage = "roll"
        else:
            s.log.append(f"{pl.name} uses no sword.")
            _after_total(s)
    elif verb == "herb":
        v = int(arg)
        _add(pl.herbs, v, -1)
        _add(s.herbs_out, v)
        f.herbs.append(v)
        s.log.append(f"{pl.name} uses a herb worth {v}: combat strength {f.total}.")
        _after_total(s)
    elif verb == "gold" and arg == "+1":
        pl.gold -= 1
        s.gold_left += 1
        f.gold_plus += 1
        s.log.append(f"{pl.name} gives back a piece of gold for +1: combat strength "
                     f"{f.total}.")
        _after_total(s)
    elif verb == "gold":
        pl.gold -= 1
        s.gold_left += 1
        f.gold_rerolls += 1
        f.reroll = int(arg.split()[1])
        f.stage = "reroll"
        s.log.append(f"{pl.name} gives back a piece of gold to roll the {f.reroll} again.")
    elif verb == "give":
        s.log.append(f"{pl.name} gives up the fight at combat strength {f.total}.")
        _lose(s)
    else:
        raise ValueError(f"unknown fight action {verb!r}")


def _after_total(s: ALState) -> None:
    f = s.fight
    pl = s.players[f.seat]
    if f.total >= f.strength:
        _win(s)
    elif not pl.herbs and not pl.gold:
        s.log.append(f"{pl.name} has nothing more to add: combat strength {f.total} "
                     f"against {f.strength}.")
        _lose(s)
    else:
        f.stage = "boost"


def _win(s: ALState) -> None:
    """AL-5.7: the creature goes to the winner; swords used come back (now shown)."""
    f = s.fight
    pl = s.players[f.seat]
    del s.items[f.square]
    pl.creatures.append(f.strength)
    for v in f.swords:
        _add(pl.swords, v)
        _add(pl.swords_shown, v)
    _score(s, f.seat, "fog creatures", f.strength // 2)
    s.log.append(f"{pl.name} defeats the fog creature of strength {f.strength} at "
                 f"{f.square} with combat strength {f.total}.")
    s.fight = None


def _lose(s: ALState) -> None:
    """AL-5.8: the party and everything used go out of the game; the creature stays."""
    f = s.fight
    for v in f.swords:
        _add(s.swords_out, v)
    spent = f.gold_plus + f.gold_rerolls
    s.gold_left -= spent
    s.gold_box += spent
    s.fight = None
    _remove_party(s, f.square, f"{'lose' if s.parties[f.square].adventurers > 1 else 'loses'}"
                               f" the fight against the creature of strength {f.strength}")


# ============================================================== turn flow
def _settle(s: ALState) -> None:
    """Move the game on until a player must decide or a chance event is pending."""
    while True:
        if s.phase == "over" or s.fight is not None or s.pending:
            return
        if s.phase in ("setup", "reveal"):
            if s.to_reveal > 0 and s.deck:
                return
            s.to_reveal = 0
            if s.phase == "setup":
                s.phase, s.seat = "reveal", 0
                s.to_reveal = s.cards_per_turn
                s.log.append(f"Round 1: {s.players[0].name} begins.")
                continue
            s.phase, s.moves_left = "move", MAX_MOVES
            return
        if s.phase == "move" and s.moves_left == 0:
            _end_turn(s)
            continue
        return


def _end_turn(s: ALState) -> None:
    """AL-6.1, AL-7.1 .. AL-7.4: the next player's turn, or the end of the game.

    After every turn, a player none of whose adventurers can move drops out for good
    (AL-7.4): they keep their points and take no more turns (no cards, no moves). The
    game ends at once when every player has dropped out (AL-7.3); in the last round it
    ends when the turn order would pass the last seat.
    """
    stop = _stops(s)
    for i, p in enumerate(s.players):
        if not p.out and not can_move(s, i, stop):
            p.out = True
            s.log.append(f"{p.name} can no longer move any adventurer and drops out; "
                         f"{p.name} keeps the points scored, and the game goes on without "
                         f"{p.name}.")
    if all(p.out for p in s.players):
        s.end_reason = "no adventurer can move any more"      # AL-7.3, as AL-7.1/7.2 set it
        _game_over(s, s.end_reason)
        return
    nxt, wrapped = s.seat, False
    while True:
        nxt = (nxt + 1) % s.n
        wrapped = wrapped or nxt == 0
        if not s.players[nxt].out:
            break
    if s.last_round and wrapped:
        _game_over(s, f"the round is over and {s.end_reason}")
        return
    s.seat = nxt
    if wrapped:
        s.round += 1
        s.log.append(f"Round {s.round}: {s.players[nxt].name} begins.")
    s.phase, s.to_reveal, s.moves_left = "reveal", s.cards_per_turn, 0


def _game_over(s: ALState, why: str) -> None:
    s.phase = "over"
    s.fight = None
    s.pending = []
    s.log.append(f"The game ends: {why}.")


# ============================================================== explanations
def explain_illegal(s: ALState, aid: str) -> str | None:
    if s.phase == "over":
        return "the game is over"
    verb, _, arg = aid.partition(" ")
    f = s.fight
    c = s.content
    if f is not None:
        pl = s.players[f.seat]
        if f.stage == "swords":
            return (f"choose the swords for the fight first ('swords none' or e.g. "
                    f"'swords 3 1', at most {c.game['max_swords_in_fight']} of yours); "
                    f"yours: {_ms_text(pl.swords)}")
        if verb == "herb":
            return f"you hold no herb worth {arg}; yours: {_ms_text(pl.herbs)}"
        if verb == "gold" and not pl.gold:
            return "you have no gold to give back"
        if verb == "gold":
            return f"no die shows {arg.split()[-1]}; the dice show {f.dice or 'nothing'}"
        return "a fight is on: add herbs or gold, or give up"
    if verb in ("move", "enter"):
        parts = arg.split()
        dst = parts[-1] if parts else ""
        if dst not in c.terrain:
            return f"{dst!r} is not a square; squares run from A1 to " \
                   f"{c.columns[-1]}{c.rows}"
        if verb == "enter":
            pl = s.players[s.seat]
            line = parts[0] if len(parts) == 2 else ""
            starts = rays(c)["starts"][s.n]
            if not pl.lines:
                return "you have no adventurer left in the start area"
            if line not in pl.lines:
                return (f"name the start line of the adventurer that enters, then the square "
                        f"(e.g. 'enter {pl.lines[0]} {starts[pl.lines[0]][0]}'); yours still "
                        f"waiting: {', '.join(_line_text(x) for x in pl.lines)}")
            if dst not in starts[line]:
                return (f"the adventurer {_line_text(line)} enters along "
                        f"{'row' if line.isdigit() else 'column'} {line} only "
                        f"(moving {'east' if line.isdigit() else 'south'}); {dst} is not on it")
        if verb == "move":
            src = parts[0] if len(parts) == 2 else ""
            p = s.parties.get(src)
            if p is None or p.seat != s.seat:
                return f"you have no adventurer on {src or '?'}"
            (c0, r0), (c1, r1) = c.coord(src), c.coord(dst)
            if not ((c1 > c0 and r1 == r0) or (r1 > r0 and c1 == c0)):
                return "adventurers move in a straight line south (down) or east (right) " \
                       "only, never north or west"
        if dst == s.sprite:
            return f"the water sprite is on {dst}: no move may end there"
        if dst in s.parties:
            return f"another adventurer stands on {dst}"
        return "the way is blocked: adventurers may not leap over a fog creature or the " \
               "water sprite"
    if verb == "end" and s.phase != "move":
        return "the terrain cards of this turn are revealed first"
    return None


def _ms_text(ms: dict[int, int]) -> str:
    vals = [v for v, k in sorted(ms.items()) for _ in range(k)]
    return ", ".join(map(str, vals)) or "none"


# ============================================================== the Rules object
class AdventureLandRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> ALState:
        return initial_state(players, options, content)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: ALState) -> None:
        """AL-0.2: at ``max_game_length`` plies the game ends and is scored as it stands."""
        _game_over(s, f"it reached its maximum length of {INFO.max_game_length:,} plies")

    # the module's functions themselves: asked several times a ply, no delegating call
    current_player = staticmethod(current_player)
    is_chance = staticmethod(is_chance)

    def is_over(self, s):
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players", "parties", "fight")}
        d["players"] = [asdict(p) for p in s.players]
        d["parties"] = {k: asdict(v) for k, v in sorted(s.parties.items())}
        d["fight"] = asdict(s.fight) if s.fight else None
        d["content"] = s.content.file
        return d


RULES = AdventureLandRules()
