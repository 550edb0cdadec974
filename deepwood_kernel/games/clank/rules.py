"""The rules of *Klong!* (*Clank!*, Paul Dennen) as plain functions over :class:`ClankState`.

Each rule function names the rulebook paragraph it implements (German headings of
``shared/rules/002_a708be85e492ab70.txt``) and the rule IDs of ``docs/rules/clank.md``.

Readings chosen where the rulebook is silent or ambiguous (each is a **reading:** item of
the rules reference, has a test, and is explained in the lessons):

* Seat 0 is the start player. Setting up the row, cards with the dragon symbol are
  replaced and shuffled back; that equals drawing the 6 cards from the cards without the
  symbol, which is how the engine deals it. No arrive effects at setup.
* Decks, the dungeon deck and the bags of secrets are multisets: a draw is a chance event
  over what is left. A secret's face is drawn when it is taken, from every secret of its
  size not yet revealed (those left in the box included): nobody has seen them, so this is
  exact by symmetry.
* Turn end: played cards to the discard pile, unused resources lost, trashed cards to the
  box; then the row is refilled left to right (arrive effects as each card turns up: they
  happen in this turn, so surplus negative clank still cancels clank they make for you),
  then surplus negative clank is lost ("verfallen am Ende des Zuges"), then one attack if
  any new card shows the dragon symbol, then the player draws 5 (if still in the game).
  Ending the turn needs an empty hand.
* "Discard 1 card to draw N" and trashing are optional ("up to"). A card trashed from the
  discard pile leaves at once (so a reshuffle in the same turn cannot bring it back); one
  trashed from the play area stays there, still counting for conditions, until the turn's
  end. Conditional effects fire once, as soon as their
  condition holds during the turn, whatever the order of play; skill-per-clank counts every
  point of clank you make this turn, but clank that negative clank cancelled was never made
  ("Klong!-verursachenden Effekte ignorieren"): it pays no skill.
* Negative clank removes your cubes from the clank area first; the rest cancels later
  clank this turn. Clank beyond your supply is not added. Tunnel damage comes from your
  supply, you choose how many swords to spend, and a move that would fill your health track
  (or needs more cubes than you have) is illegal.
* One token per entry into a room, taken any time while you stay there. Escaping does not
  end the turn (the rulebook says only that escaped players take no more *turns*): you play
  the rest of your hand and may buy and fight, but never move again; your clank makes no
  cubes (CL-10.4).
* A magic spring (*Zauberbrunnen*) works "am Zugende" and, unlike the potions, is not kept
  "bis zur Benutzung": it is used at the end of the turn it was found, or it goes to the box
  unused. A potion that would do nothing (healing at full health, a boot that cannot be
  spent) is refused, so it is not wasted.
* The first player out moves on the countdown track instead of playing; space 5 knocks
  out everyone still inside, including players who never entered (they are "in the
  dungeon" for clank and attacks too). Knocked out with an artifact outside the depths:
  rescued, scoring everything but the mastery token; otherwise lost, scoring nothing.
* An exhausted dungeon deck is re-formed from the dungeon discard pile. The rage marker
  stops at the last space. The bank's gold is unlimited; the reserve piles are not.
* Rule options for a designer's playtests (CL-15, defaults = the rulebook): ``dragon_start``
  (the rage space the dragon marker starts on, 0 = by player count as CL-1.2) and
  ``mastery_points`` (the mastery token's value). A changed mastery value makes a copy of
  the content with that value, so every reader of ``content.game`` (scoring, log, lessons)
  sees the same number.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import GameInfo, Option, PackageRules
from .content import Content, Effect, load_content, parse_content
from .state import COLOURS, ESCAPED, IN, LOST, NAMES, RESCUED, ClankState, Player, Turn

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

ROW_VERBS = {"action": "buy", "device": "use", "monster": "fight"}
RESERVE_BUYS = ("mercenary", "explore", "secret_tome")


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
    from .render import lower_name
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


# ============================================================== chance
def chance_weights(s: ClankState) -> list[tuple[str, int]]:
    ph = s.phase
    if ph == "artifacts":
        return [(f"remove {v}", 1) for v in sorted(s.artifacts.values())]
    if ph == "row":                               # setup: only cards without the symbol
        cards = s.content.cards
        return [(f"row {k}", n) for k, n in sorted(s.dungeon.items())
                if n and not cards[k].dragon]
    if ph == "refill":
        return [(f"row {k}", n) for k, n in sorted(s.dungeon.items()) if n]
    if ph == "attack":
        out = [("cube black", s.black_bag)] if s.black_bag else []
        return out + [(f"cube {p.colour}", p.bag) for p in s.players if p.bag]
    if s.turn.secret_to_reveal:
        pool = s.secret_pool[s.turn.secret_to_reveal]
        return [(f"secret {k}", n) for k, n in sorted(pool.items()) if n]
    if s.to_draw:
        return [(f"draw {k}", n) for k, n in sorted(s.players[s.draw_seat].draw.items())
                if n]
    return []


def seat_chance_weights(s: ClankState, seat: int) -> list[tuple[str, int]] | None:
    """A card another player draws, as ``seat`` reasons about it (CL-2.6).

    *"Jede neu erhaltene Karte wird offen auf den eigenen Ablagestapel gelegt. Sobald eine
    Karte gezogen werden muss und der Nachziehstapel aufgebraucht ist, wird der
    Ablagestapel gemischt und verdeckt als neuer Nachziehstapel bereit gelegt."* A hand is
    held secret, the draw pile is face down. ``seat`` knows another player's draw pile and
    hand only together (the cards they own minus those in sight: discard pile, play area,
    trashed), so the card drawn is, as ``seat`` reasons, any of those, each copy equally
    likely: ``"?draw KEY"`` weighted by the copies in draw pile *and* hand, never the true
    pile. A player's own draw pile is known to them (they know their deck and hand), so
    their own draws keep the true outcomes (None), as do the dungeon row, the secrets'
    faces and the dragon bag, which everybody sees alike.

    **reading:** the same after a reshuffle of the discard pile (CL-2.6): a seat that
    remembers the discard pile just shuffled could narrow a draw to it; the engine keeps
    the one reading (draw pile and hand together), so the answer depends on the position
    only.
    """
    if not s.to_draw or s.turn.secret_to_reveal or s.phase not in ("deal", "hand", "turn"):
        return None
    if s.draw_seat == seat:
        return None
    p = s.players[s.draw_seat]
    unseen = dict(p.draw)
    for k, n in p.hand.items():
        unseen[k] = unseen.get(k, 0) + n
    return [(f"?draw {k}", n) for k, n in sorted(unseen.items()) if n]


def is_chance(s: ClankState) -> bool:
    ph = s.phase
    if ph in ("artifacts", "row", "refill", "attack"):
        return True
    if ph in ("deal", "hand", "turn"):
        return bool(s.to_draw or s.turn.secret_to_reveal)
    return False


def _take(ms: dict[str, int], key: str) -> None:
    ms[key] -= 1
    if not ms[key]:
        del ms[key]


def _add(ms: dict[str, int], key: str, n: int = 1) -> None:
    ms[key] = ms.get(key, 0) + n


def _apply_chance(s: ClankState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    c = s.content
    if verb == "remove":                          # Spielaufbau B (CL-1)
        value = int(arg)
        room = next(r for r, v in s.artifacts.items() if v == value)
        del s.artifacts[room]
        s.log.append(f"Artifact {value} goes back into the box ({s.n} players).")
        s.to_remove -= 1
        if s.to_remove == 0:
            _start_row(s)
    elif verb == "row":
        _take(s.dungeon, arg)
        card = c.cards[arg]
        slot = s.row.index(None)
        s.row[slot] = arg
        if s.phase == "row":                       # Spielaufbau L
            s.log.append(f"{card.name} is laid in the dungeon row.")
            if None not in s.row:
                s.phase, s.draw_seat = "deal", 0
                _set_draw(s, 0, c.game["hand_size"])
        else:                                      # Zugende / Begegnung (CL-8)
            extra = " It shows the dragon symbol!" if card.dragon else ""
            s.log.append(f"{card.name} turns up in the dungeon row.{extra}")
            if card.dragon:
                s.refill_attack = True
            for eff in card.arrive:
                from .render import arrive_sentence  # presentation lives in render.py
                s.log.append(f"{card.name} arrives: {arrive_sentence(eff)}.")
                apply_effect(s, None, eff)
            _continue_refill(s)
    elif verb == "draw":
        p = s.players[s.draw_seat]
        _take(p.draw, arg)
        _add(p.hand, arg)
        s.to_draw -= 1
        if s.phase == "turn":                      # the hand is secret (CL-2.6)
            s.log.append(Secret(f"{p.name} draws {c.cards[arg].name}.",
                                f"{p.name} draws a card.", (s.draw_seat,)))
        _prepare_draw(s)
        if not s.to_draw:
            if s.phase == "deal":
                if s.draw_seat + 1 < s.n:
                    _set_draw(s, s.draw_seat + 1, c.game["hand_size"])
                else:
                    s.phase, s.seat = "turn", 0
                    s.log.append(f"Turn 1: it is {s.players[0].name}'s turn.")
            elif s.phase == "hand":
                _next_turn(s)
    elif verb == "secret":
        _reveal_secret(s, arg)
    elif verb == "cube":
        _draw_cube(s, arg)


def _set_draw(s: ClankState, seat: int, n: int) -> None:
    s.draw_seat, s.to_draw = seat, s.to_draw + n
    _prepare_draw(s)


def _prepare_draw(s: ClankState) -> None:
    """Ziehe X Karten (CL-12): an empty draw pile is re-formed from the discard pile (never
    the play area); with neither, the remaining draws are lost."""
    if not s.to_draw:
        return
    p = s.players[s.draw_seat]
    if p.draw:
        return
    if p.discard:
        p.draw, p.discard = p.discard, {}
        s.log.append(f"{p.name} shuffles the discard pile into a new draw pile.")
        return
    s.log.append(f"{p.name} has no cards left to draw.")
    s.to_draw = 0


# ============================================================== effects
def condition_holds(s: ClankState, seat: int, cond: str, self_tagged: bool = False) -> bool:
    """Kartenfolge (CL-12): the conditions a card effect may ask about."""
    p = s.players[seat]
    if cond in ("companion", "gem"):
        cards = s.content.cards
        n = sum(1 for k in p.play if cond in cards[k].tags)
        return n - (1 if self_tagged else 0) >= 1
    if cond == "crown":
        return bool(p.crowns)
    if cond == "key":
        return p.keys > 0
    if cond == "artifact":
        return bool(p.artifacts)
    if cond == "depths":
        return s.content.rooms[p.room].depths
    raise ValueError(f"unknown condition {cond!r}")


def apply_effects(s: ClankState, seat: int, effects, tags: tuple[str, ...] = ()) -> None:
    """Apply effects in order; ``tags`` are those of the card in the play area giving them
    (a companion asking for "another companion" must not count itself)."""
    for eff in effects:
        self_tagged = eff.cond in tags
        if eff.cond is not None and not condition_holds(s, seat, eff.cond, self_tagged):
            # order does not matter: watch the condition for the rest of the turn
            s.turn.watches.append((eff.verb, eff.n, eff.cond, self_tagged))
            continue
        apply_effect(s, seat, eff)


def apply_effect(s: ClankState, seat: int | None, eff: Effect) -> None:
    """One effect of the vocabulary (``content.VERBS``); ``seat`` None for arrive effects."""
    v, n, t = eff.verb, eff.n, s.turn
    if v == "clank_all":
        for q in in_game(s):
            clank(s, q, n)
        return
    if v == "rage":
        raise_rage(s, n)
        return
    p = s.players[seat]
    if v == "skill":
        t.skill += n
    elif v == "swords":
        t.swords += n
    elif v == "boots":
        t.boots += n
    elif v == "teleport":
        t.teleports += n
    elif v == "gold":
        p.gold += n
    elif v == "clank":
        clank(s, seat, n)
    elif v == "heal":
        heal(s, seat, n)
    elif v == "draw":
        _set_draw(s, seat, n)
    elif v == "skill_per_clank":
        t.skill += n * t.clank_made
        t.per_clank += n
    elif v == "trash":
        if trash_candidates(s, seat):
            t.pending.append(("trash", n))
    elif v == "discard_draw":
        if p.hand:
            t.pending.append(("discard", n))
        else:
            s.log.append(f"{p.name} has no card to discard, so draws nothing.")
    else:                                          # validated by content.py
        raise ValueError(f"unknown effect {v!r}")


def _check_watches(s: ClankState) -> None:
    """Fire watched conditional effects whose condition now holds (each at most once)."""
    t = s.turn
    changed = True
    while changed and t.watches:
        changed = False
        for w in list(t.watches):
            verb, n, cond, self_tagged = w
            if condition_holds(s, s.seat, cond, self_tagged):
                t.watches.remove(w)
                from .render import condition_sentence
                s.log.append(condition_sentence(s.players[s.seat].name, Effect(verb, n, cond)))
                apply_effect(s, s.seat, Effect(verb, n))
                changed = True


def clank(s: ClankState, seat: int, n: int) -> None:
    """Klong! (CL-7): cubes from the supply to the clank area, or back for negative clank.

    Players out of the game make no clank. Negative clank removes your cubes from the
    clank area; what is left lets you ignore that much clank later in the same turn, its
    end (the refill's arrive effects, CL-2.10) included. An ignored effect makes no clank,
    so it pays no skill-per-clank (CL-12.9). Clank beyond the supply is not added, but it
    was made (CL-7.5: you only have no cube to give), so it still pays that skill.
    """
    p = s.players[seat]
    if p.status != IN or n == 0:
        return
    active = s.phase in ("turn", "refill") and seat == s.seat
    t = s.turn
    if n > 0:
        if active:
            cancel = min(n, t.neg_clank)
            t.neg_clank -= cancel
            n -= cancel
            if cancel:
                s.log.append(f"{p.name}'s leftover negative clank cancels {cancel} clank.")
            t.clank_made += n
            if t.per_clank and n:
                t.skill += t.per_clank * n
        if not n:
            return
        add = min(n, p.supply)
        p.supply -= add
        p.clank += add
        if add:
            s.log.append(f"{p.name} makes {add} clank ({p.clank} in the clank area).")
        if add < n:
            s.log.append(f"{p.name} has no cubes left for {n - add} clank.")
    else:
        back = min(-n, p.clank)
        p.clank -= back
        p.supply += back
        rest = -n - back
        if active:
            t.neg_clank += rest
        took = (f"{p.name} takes {back} cube{'s' if back != 1 else ''} back out of the clank "
                "area" if back else f"{p.name} has no cube in the clank area to take back")
        s.log.append(took + (f" and keeps {-rest} clank to cancel clank later this turn."
                             if rest and active else "."))


def heal(s: ClankState, seat: int, n: int) -> None:
    """Gesundheit (CL-9): healed cubes go from the health track back to the supply."""
    p = s.players[seat]
    h = min(n, p.damage)
    p.damage -= h
    p.supply += h
    if h:
        s.log.append(f"{p.name} heals {h} damage.")


def raise_rage(s: ClankState, n: int = 1) -> None:
    """Der Drache (CL-8): artifacts and dragon eggs move the marker up; it stops at the end."""
    last = len(s.content.game["rage_track"]) - 1
    s.rage = min(s.rage + n, last)
    s.log.append(f"The dragon's rage rises to space {s.rage + 1} ({rage_cubes(s)} cubes).")


# ============================================================== player actions
def apply(s: ClankState, aid: str) -> None:
    if is_chance(s):
        _apply_chance(s, aid)
        return
    verb, _, arg = aid.partition(" ")
    seat, p, t, c = s.seat, s.players[s.seat], s.turn, s.content
    if verb == "play":
        _play(s, seat, arg)
    elif verb in ("buy", "use", "fight") and arg.isascii() and arg.isdigit():
        _row_action(s, seat, int(arg))
    elif verb == "buy":
        card = c.cards[arg]
        t.skill -= card.cost
        s.reserve[arg] -= 1
        _add(p.discard, arg)
        s.log.append(f"{p.name} buys {card.name} from the reserve for {card.cost} skill.")
    elif verb == "fight":                          # the goblin stays (Monster bekämpfen)
        gob = c.cards["goblin"]
        t.swords -= gob.swords
        s.log.append(f"{p.name} defeats the {gob.name} with {gob.swords} swords.")
        apply_effects(s, seat, gob.reward)
    elif verb == "market":
        _market(s, seat, arg)
    elif verb == "move":
        rid, _, block = arg.partition(" block ")
        _move(s, seat, c.room_index[rid], int(block) if block else 0)
    elif verb == "teleport":
        t.teleports -= 1
        dest = c.room_index[arg]
        s.log.append(f"{p.name} teleports to {c.rooms[dest].name}.")
        _enter(s, seat, dest)
    elif verb == "take":
        _take_token(s, seat, arg)
    elif verb == "token":
        sec = c.secrets[arg]
        p.secrets.remove(arg)
        _add(s.box, arg)
        from .render import lower_name
        s.log.append(f"{p.name} uses the {lower_name(sec.name)}.")
        apply_effects(s, seat, sec.effects)
    elif verb == "discard":
        _, n = t.pending.pop(0)
        _take(p.hand, arg)
        _add(p.discard, arg)
        s.log.append(f"{p.name} discards {c.cards[arg].name} to draw {n}.")
        _set_draw(s, seat, n)
    elif verb == "trash":
        kind, n = t.pending[0]
        if p.discard.get(arg):                     # out of the deck at once
            _take(p.discard, arg)
            p.trashed.append(arg)
            s.log.append(f"{p.name} trashes {c.cards[arg].name} from the discard pile.")
        else:                                      # from the play area: at the turn's end
            t.to_trash.append(arg)
            s.log.append(f"{p.name} trashes {c.cards[arg].name} from the play area (it "
                         "leaves at the end of the turn).")
        if n > 1 and trash_candidates(s, seat):
            t.pending[0] = (kind, n - 1)
        else:
            t.pending.pop(0)
    elif verb == "skip":
        kind, _ = t.pending.pop(0)
        s.log.append(f"{p.name} chooses not to {kind}.")
    elif verb == "end":
        s.log.append(f"{p.name} ends the turn.")
        end_turn(s)
        return
    if s.phase == "turn" and s.seat == seat:
        _check_watches(s)


def _play(s: ClankState, seat: int, key: str) -> None:
    """Ausspielen (CL-2): a card from hand goes to the play area and its effects happen."""
    p, card = s.players[seat], s.content.cards[key]
    _take(p.hand, key)
    p.play.append(key)
    s.log.append(f"{p.name} plays {card.name}.")
    apply_effects(s, seat, card.play, tags=card.tags)


def _row_action(s: ClankState, seat: int, slot: int) -> None:
    """Neue Karten kaufen / Werkzeug benutzen / Monster bekämpfen (CL-3)."""
    p, t, c = s.players[seat], s.turn, s.content
    key = s.row[slot]
    card = c.cards[key]
    s.row[slot] = None
    if card.type == "monster":
        t.swords -= card.swords
        _add(s.dungeon_discard, key)
        s.log.append(f"{p.name} defeats {card.name} with {card.swords} "
                     f"sword{'s' if card.swords != 1 else ''}.")
        apply_effects(s, seat, card.reward)
    elif card.type == "device":
        t.skill -= card.cost
        _add(s.dungeon_discard, key)
        s.log.append(f"{p.name} uses {card.name} for {card.cost} skill.")
        apply_effects(s, seat, card.use)
    else:
        t.skill -= card.cost
        _add(p.discard, key)
        s.log.append(f"{p.name} buys {card.name} for {card.cost} skill.")
        apply_effects(s, seat, card.acquire)


def _market(s: ClankState, seat: int, item: str) -> None:
    """Auf den Markt gehen / Waren (CL-4): 7 gold each; crowns highest first."""
    p, m, price = s.players[seat], s.market, s.content.market["price"]
    p.gold -= price
    if item == "key":
        m["keys"] -= 1
        p.keys += 1
        what = "a master key"
    elif item == "backpack":
        m["backpacks"] -= 1
        p.backpacks += 1
        what = "a backpack"
    else:
        v = m["crowns"].pop(0)
        p.crowns.append(v)
        what = f"the crown worth {v}"
    s.log.append(f"{p.name} buys {what} for {price} gold.")


def _move(s: ClankState, seat: int, dest: int, block: int) -> None:
    """Tunnel durchqueren (CL-5): boots per tunnel; monsters hurt unless swords are spent."""
    p, t, c = s.players[seat], s.turn, s.content
    tunnel = next(tn for d, tn in c.exits[p.room] if d == dest)
    t.boots -= tunnel.boots
    msg = f"{p.name} moves to {c.rooms[dest].name}"
    if tunnel.monsters:
        t.swords -= block
        hurt = tunnel.monsters - block
        p.supply -= hurt
        p.damage += hurt
        msg += (f", blocking {block} of {tunnel.monsters} monster attacks with swords"
                f" and taking {hurt} damage")
    s.log.append(msg + ".")
    _enter(s, seat, dest)


def _enter(s: ClankState, seat: int, dest: int) -> None:
    """Entering a room: tokens, crystal caves, fountains (CL-6) and escaping (CL-10)."""
    p, c = s.players[seat], s.content
    p.room = dest
    room = c.rooms[dest]
    if dest == c.start:
        # Entkommen / Schicksalsweg (CL-10.3): escaped players "führen keine Spielzüge mehr
        # aus" -- no more turns; nothing ends the current one, so it goes on (no moves back)
        p.status, p.mastery, p.may_take = ESCAPED, True, False
        s.log.append(f"{p.name} escapes from the dungeon with an artifact and takes a "
                     f"mastery token worth {c.game['mastery_points']}! This turn is "
                     f"{p.name}'s last; there is no way back in.")
        _player_out(s, seat)
        return
    p.may_take = True
    if room.crystal:
        s.turn.boots_locked = True
        s.log.append(f"{room.name} is a crystal cave: no more boots this turn.")
    if room.fountain and p.damage:
        s.log.append(f"The fountain in {room.name} heals {p.name}.")
        heal(s, seat, 1)


def _take_token(s: ClankState, seat: int, what: str) -> None:
    """Marker nehmen (CL-6): one token per entry into a room."""
    p, c = s.players[seat], s.content
    p.may_take = False
    if what == "artifact":
        v = s.artifacts.pop(p.room)
        p.artifacts.append(v)
        s.log.append(f"{p.name} takes the artifact worth {v}.")
        raise_rage(s, 1)
    elif what == "idol":
        s.idols -= 1
        p.idols += 1
        s.log.append(f"{p.name} takes a monkey idol from the shrine.")
    else:
        s.secret_slots[p.room] -= 1
        if not s.secret_slots[p.room]:
            del s.secret_slots[p.room]
        s.turn.secret_to_reveal = what
        s.log.append(f"{p.name} takes a {what} secret.")


def _reveal_secret(s: ClankState, key: str) -> None:
    """Große / Kleine Verstecke (CL-13): the token is turned over and takes effect."""
    t, p = s.turn, s.players[s.seat]
    sec = s.content.secrets[key]
    _take(s.secret_pool[t.secret_to_reveal], key)
    t.secret_to_reveal = ""
    from .render import a_name
    s.log.append(f"{p.name}'s secret is {a_name(sec.name)}.")
    if sec.when == "now":
        if sec.points:
            p.secrets.append(key)
        else:
            _add(s.box, key)
        apply_effects(s, s.seat, sec.effects)
        _check_watches(s)
    else:
        p.secrets.append(key)


# ============================================================== turn end, dragon
def end_turn(s: ClankState) -> None:
    """Zugende (CL-2, CL-8): clean up, refill the row, maybe an attack, draw 5."""
    p, t = s.players[s.seat], s.turn
    for k in [k for k in p.secrets if s.content.secrets[k].when == "end"]:
        # Zauberbrunnen (CL-13.9): "am Zugende", not kept "bis zur Benutzung" like potions
        p.secrets.remove(k)
        _add(s.box, k)
        from .render import lower_name
        s.log.append(f"{p.name} did not use the {lower_name(s.content.secrets[k].name)} "
                     "this turn: it goes back into the box unused.")
    for k in p.play:
        _add(p.discard, k)
    p.play = []
    for k in t.to_trash:
        _take(p.discard, k)
        p.trashed.append(k)
        s.log.append(f"{s.content.cards[k].name} goes back into the box.")
    # unused skill, swords and boots are lost; surplus negative clank lasts through the
    # refill's arrive effects, which still happen in this turn (CL-2.10)
    s.turn = Turn(neg_clank=t.neg_clank)
    if not in_game(s):
        s.turn = Turn()
        _game_over(s)
        return
    s.phase, s.refill_attack = "refill", False
    _continue_refill(s)


def _continue_refill(s: ClankState) -> None:
    if None in s.row:
        if not s.dungeon and s.dungeon_discard:
            s.dungeon, s.dungeon_discard = s.dungeon_discard, {}
            s.log.append("The dungeon deck is empty: its discard pile is shuffled into a "
                         "new one.")
        if s.dungeon:
            return                                 # another chance draw fills a slot
    if s.turn.neg_clank:                           # "verfallen am Ende des Zuges" (CL-2.10)
        s.log.append(f"{s.players[s.seat].name}'s leftover negative clank "
                     f"({-s.turn.neg_clank}) is lost at the end of the turn.")
        s.turn = Turn()
    if s.refill_attack:
        start_attack(s, 0)
    else:
        _after_attack(s)


def start_attack(s: ClankState, extra: int) -> None:
    """Drachenangriff (CL-8): the clank area goes into the bag, then rage + danger + extra
    cubes are drawn one by one."""
    for p in s.players:
        p.bag += p.clank
        p.clank = 0
    s.attack_left = rage_cubes(s) + danger_in_row(s) + extra
    s.attack_drawn = []
    s.phase = "attack"
    s.log.append(f"The dragon attacks! {s.attack_left} cubes are drawn from the bag "
                 f"({_bag_total(s)} inside).")
    if not _bag_total(s):
        _finish_attack(s)


def _bag_total(s: ClankState) -> int:
    return s.black_bag + sum(p.bag for p in s.players)


def _draw_cube(s: ClankState, colour: str) -> None:
    s.attack_left -= 1
    s.attack_drawn.append(colour)
    if colour == "black":
        s.black_bag -= 1
        s.black_aside += 1
        s.log.append("A black cube: the dragon misses.")
    else:
        seat = COLOURS.index(colour)
        p = s.players[seat]
        p.bag -= 1
        if p.status == IN:
            p.damage += 1
            s.log.append(f"A {colour} cube: {p.name} takes 1 damage "
                         f"({p.damage} of {s.content.game['health']}).")
            if p.damage >= s.content.game["health"]:
                knock_out(s, seat)
        else:
            p.set_aside += 1
            s.log.append(f"A {colour} cube: {p.name} is out of the dungeon; it counts as "
                         "black.")
    if s.attack_left <= 0 or not _bag_total(s) or not in_game(s):
        _finish_attack(s)


def _finish_attack(s: ClankState) -> None:
    s.attack_left = 0
    _after_attack(s)


def _after_attack(s: ClankState) -> None:
    if not in_game(s):
        _game_over(s)
        return
    if s.players[s.seat].status == IN and s.phase != "hand":
        s.phase = "hand"
        _set_draw(s, s.seat, s.content.game["hand_size"])
        if s.to_draw:
            return
    _next_turn(s)


def knock_out(s: ClankState, seat: int) -> None:
    """Bewusstlos (CL-9): rescued with an artifact outside the depths, lost otherwise."""
    p, c = s.players[seat], s.content
    if p.artifacts and not c.rooms[p.room].depths:
        p.status = RESCUED
        s.log.append(f"{p.name} is knocked out, but villagers rescue them: they keep their "
                     "points.")
    else:
        p.status = LOST
        why = "in the depths" if p.artifacts else "without an artifact"
        s.log.append(f"{p.name} is knocked out {why}: no rescue is possible.")
    _player_out(s, seat)


def _player_out(s: ClankState, seat: int) -> None:
    """Schicksalsweg (CL-10): the first player out starts the countdown track."""
    if s.countdown_seat is None:
        s.countdown_seat, s.countdown = seat, 1
        s.log.append(f"{s.players[seat].name} is the first out and starts the countdown "
                     "track.")


def _next_turn(s: ClankState) -> None:
    if not in_game(s):
        _game_over(s)
        return
    for step in range(1, s.n + 1):
        seat = (s.seat + step) % s.n
        if s.players[seat].status == IN or seat == s.countdown_seat:
            break
    s.seat = seat
    s.turn_no += 1
    s.turn = Turn()
    if seat == s.countdown_seat:
        _countdown_step(s)
        return
    s.phase = "turn"
    s.log.append(f"Turn {s.turn_no}: it is {s.players[seat].name}'s turn.")


def _countdown_step(s: ClankState) -> None:
    """Schicksalsweg (CL-10): spaces 2–4 attack with extra cubes, space 5 ends everything."""
    s.countdown += 1
    name = s.players[s.seat].name
    if s.countdown <= 4:
        extra = s.content.game["countdown_extra"][s.countdown - 2]
        s.log.append(f"Turn {s.turn_no}: {name} moves the countdown to space {s.countdown}: "
                     f"an attack with {extra} extra cube{'s' if extra != 1 else ''}.")
        start_attack(s, extra)
        return
    s.log.append(f"Turn {s.turn_no}: {name} moves the countdown to its last space: the "
                 "dragon knocks out everyone still inside.")
    for seat in in_game(s):
        knock_out(s, seat)
    _game_over(s)


def _game_over(s: ClankState) -> None:
    s.phase = "over"
    s.to_draw = 0
    s.log.append("Everyone is out of the dungeon: the game ends.")


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
            from .render import lower_name
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


# ============================================================== the Rules object
class ClankRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> ClankState:
        return initial_state(players, content, options)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: ClankState) -> None:
        """CL-10.10: at ``max_game_length`` plies the dragon ends the game as the countdown's
        last space does (CL-10.8): everyone still in the game is knocked out, rescued with
        an artifact outside the depths (CL-9.6), and the game is scored."""
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} "
                     "plies: the dragon knocks out everyone still inside.")
        for seat in in_game(s):
            knock_out(s, seat)
        _game_over(s)

    def current_player(self, s: ClankState) -> int | None:
        if s.phase != "turn" or is_chance(s):
            return None
        return s.seat

    def is_chance(self, s: ClankState) -> bool:
        return is_chance(s)

    def is_over(self, s: ClankState) -> bool:
        return s.phase == "over"

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "players", "turn")}
        d["players"] = [asdict(p) for p in s.players]
        d["turn"] = asdict(s.turn)
        d["content"] = s.content.file
        d["mastery_points"] = s.content.game["mastery_points"]   # CL-15.2 lives in content
        return d


RULES = ClankRules()
