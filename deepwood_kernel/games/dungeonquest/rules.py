"""The rules of *DungeonQuest* (revised edition, Fantasy Flight) over :class:`DQState`.

Each rule function names the rulebook section it implements, by the German section
headings of the *DungeonQuest* rulebook (*Spielregel*, revised edition, Fantasy Flight /
Heidelberger Spieleverlag), and the rule IDs of ``docs/rules/dungeonquest.md``. The
readings chosen where the rulebook is silent are listed there (marked **reading**) and
repeated briefly where they are played.

The rules run as a stack of tasks (plain tuples, so the state deep-copies, hashes and
compares exactly). ``_run`` pops tasks until one needs chance (``s.chance``) or a player
(``s.decide``); ``apply`` answers that and runs on.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from fractions import Fraction
from math import lcm

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import GameInfo, Option, PackageRules
from ...prob import solve_zero_sum, sum_of
from .content import DIRS, Content, load_content, parse_content
from .state import CATACOMBS, DEAD, ESCAPED, IN, NAMES, DQState, Hero

INFO = GameInfo(
    key="dungeonquest", title="DungeonQuest", min_players=1, max_players=4,
    description="Explore the fire dragon's dungeon tile by tile, loot the treasure chamber "
                "and get out before the sun sets (DungeonQuest, revised edition, Fantasy "
                "Flight).",
    # DQ-0.4: a bound on replay time; a game that reaches it ends as at sunset
    max_game_length=20_000,
    options={
        "monster": Option("player", allowed=("player", "uniform", "equilibrium"),
                          help="who plays the monster's combat card: the player to the left "
                               "(solo: the equilibrium), or a policy as a chance event"),
        "escape_loot": Option(1, low=0, high=3,
                              help="loot cards needed to escape from a tower room"),
    },
)

TWO_D6 = [(f"roll {k}", w) for k, w in zip(sum_of(2).outcomes, sum_of(2).weights)]
DIE = [(f"die {k}", 1) for k in range(1, 7)]


# ============================================================== combat equilibrium
def combat_equilibrium(content: Content | None = None) -> dict:
    """DQ-9.6: the equilibrium of the combat duel, exactly.

    The duel is read as a zero-sum game whose payoff to the hero is the monster's wounds
    minus the hero's wounds in one round, solved exactly by
    :func:`deepwood_kernel.prob.solve_zero_sum`. Returns the hero's mix, the monster's mix (by
    card name) and the value of the game per round.

    >>> eq = combat_equilibrium()
    >>> eq["monster"]
    {'melee': Fraction(5, 18), 'ranged': Fraction(7, 18), 'magic': Fraction(1, 3)}
    >>> eq["hero"], eq["value"]
    ({'melee': Fraction(2, 9), 'ranged': Fraction(4, 9), 'magic': Fraction(1, 3)}, Fraction(2, 9))
    """
    c = content or load_content()
    key = (c.combat_cards, c.hero_wounds, c.monster_wounds)
    if key not in _SOLVED:
        a = [[Fraction(c.monster_wounds[h][m] - c.hero_wounds[h][m]) for m in range(3)]
             for h in range(3)]
        _SOLVED[key] = solve_zero_sum(a)
    p, q, v = _SOLVED[key]
    return {"hero": dict(zip(c.combat_cards, p)), "monster": dict(zip(c.combat_cards, q)),
            "value": v}


_SOLVED: dict = {}          # (cards, tables) -> solution: the tables are immutable tuples


_EQ_CACHE: dict = {}


def _equilibrium_weights(c: Content) -> list[int]:
    """The monster's equilibrium mix as integer chance weights (cached per table)."""
    key = (c.hero_wounds, c.monster_wounds)
    if key not in _EQ_CACHE:
        mix = list(combat_equilibrium(c)["monster"].values())
        den = lcm(*(x.denominator for x in mix))
        _EQ_CACHE[key] = [int(x * den) for x in mix]
    return _EQ_CACHE[key]


# ============================================================== setup
def initial_state(players: int, options: dict, content: Content) -> DQState:
    """Spielaufbau 1–6 (DQ-1.1–DQ-1.6): tiles shuffled, decks by back, sun on space 1,
    the supply; then the start-player roll, hero choice, runes and placement follow."""
    c = content
    s = DQState(
        content=c, heroes=[Hero(NAMES[i]) for i in range(players)], options=dict(options),
        tiles={k: t.count for k, t in sorted(c.tiles.items())},
        piles={d: {k: c.cards[k].count for k in keys} for d, keys in c.deck_keys.items()},
        discards={d: {} for d in c.deck_keys}, tokens=c.supply["tokens"])
    s.log.append(f"{players} hero{'es gather' if players > 1 else ' gathers'} at the "
                 "dragon's keep; the sun marker stands on space 1.")
    # Spielaufbau 7 read literally: every player rolls, a lone player too
    s.tasks.append(("startroll", tuple(range(players))))
    _run(s)
    return s


def _after_start_roll(s: DQState) -> None:
    """Spielaufbau 8–10: heroes chosen, runes drawn, heroes placed, each in turn order
    from the start player (pushed in reverse: the stack runs last-in first-out).

    Reading (DQ-1.9): each rune card is dealt face down before the heroes are chosen and
    turned up after. Nobody sees it while choosing, so this is the rulebook's step 9 in
    distribution and in what every player knows; it only moves the draw earlier."""
    order = [(s.start + i) % s.n for i in range(s.n)]
    s.tasks.append(("first_round",))
    for seat in reversed(order):
        s.tasks.append(("place", seat))
    for seat in reversed(order):
        s.tasks.append(("reveal_rune", seat))
    for seat in reversed(order):
        s.tasks.append(("choose_hero", seat))
    for seat in reversed(order):
        s.tasks.append(("rune", seat))


# ============================================================== queries
def hero_of(s: DQState, seat: int):
    return s.content.heroes[s.heroes[seat].hero]


def attribute(s: DQState, seat: int, attr: str) -> int:
    """The attribute on the hero sheet, plus 1 for each rune of that attribute (DQ-14.4)."""
    h = s.heroes[seat]
    cards = s.content.cards
    return getattr(hero_of(s, seat), attr) + sum(1 for k in h.runes
                                                  if cards[k].bonus_attr == attr)


def life(s: DQState, seat: int) -> int:
    return hero_of(s, seat).life


def room_squares(s: DQState, sq: str) -> tuple[str, ...]:
    """The treasure chamber is one room on two squares (DQ-11.9)."""
    tr = s.content.treasure
    return tr if sq in tr else (sq,)


def explored(s: DQState, sq: str) -> bool:
    """Erforschtes Feld: a placed tile, a printed room, or a square with a hero."""
    c = s.content
    return sq in s.board or sq in c.towers or sq in c.treasure or any(
        h.sq == sq for h in s.heroes)


def room_type(s: DQState, sq: str) -> str:
    c = s.content
    if sq in c.towers:
        return "tower"
    if sq in c.treasure:
        return "treasure"
    return c.tiles[s.board[sq][0]].type


def side(s: DQState, sq: str, d: int) -> str:
    """The kind of side ``d`` (world direction) of the room on ``sq``: o, w, d or p.

    Printed rooms (DQ-13.1, designed): tower rooms are open towards the board, the
    treasure chamber on every side; the board's edge is the outer wall."""
    c = s.content
    if c.neighbour(sq, d) is None:
        return "w"
    if sq in c.towers or sq in c.treasure:
        return "o"
    if s.secret and sq + DIRS[d] in s.secret:
        return "o"                         # DQ-5.3: a revealed secret door opens the edge
    key, rot = s.board[sq]
    return c.tiles[key].sides[(d - rot) % 4]


def far_side(s: DQState, sq: str, d: int) -> bool:
    """Is world side ``d`` of the tile on ``sq`` across its rubble, chasm or bridge span?"""
    if sq not in s.board:
        return False
    key, rot = s.board[sq]
    return DIRS[(d - rot) % 4] in s.content.tiles[key].far


def on_far_half(s: DQState, seat: int) -> bool:
    """Which half of a split tile the hero stands on: the half of the side they came in
    through; a hero who landed there (catacombs) stands on the arrow's half (reading)."""
    h = s.heroes[seat]
    return h.came is not None and far_side(s, h.sq, h.came)


def room_marker(s: DQState, sq: str) -> str | None:
    """The square of the monster marker in the room on ``sq``, or None.

    The treasure chamber counts as one room though it covers two squares (DQ-11.9:
    "Die Schatzkammer zählt als ein Raum"), so a marker on either square is the
    chamber's marker: a hero entering either square meets it (DQ-9.1), a meeting there
    places no second marker (DQ-9.2), and slaying the monster removes it (DQ-9.5)."""
    return next((q for q in room_squares(s, sq) if q in s.monsters), None)


def occupied_by_other(s: DQState, seat: int, sq: str) -> bool:
    if sq in s.content.treasure:
        return False                 # DQ-11.9: several heroes may share the chamber
    return any(h.sq == sq and i != seat for i, h in enumerate(s.heroes))


def exits(s: DQState, seat: int, *, back: bool = True, halves: bool = True,
          heroes_block: bool = True) -> list[tuple[int, str, str]]:
    """Every passage out of the hero's room as (direction, from square, target square).

    Walls on either side block (DQ-3.1); a chasm or bridge blocks the sides across it
    (DQ-11.11, DQ-11.3); a room with another hero may not be entered voluntarily
    (DQ-3.3). Doors and portcullises do not block here: they are passed when moving."""
    h = s.heroes[seat]
    c = s.content
    own = room_squares(s, h.sq)
    typ = room_type(s, h.sq)
    out = []
    for q in own:
        for d in range(4):
            t = c.neighbour(q, d)
            if t is None or t in own or side(s, q, d) == "w":
                continue
            if halves and typ in ("chasm", "bridge") and \
                    far_side(s, q, d) != on_far_half(s, seat):
                continue
            if not back and h.came == d:
                continue
            if explored(s, t) and (t in s.board or t in c.towers or t in c.treasure) \
                    and side(s, t, (d + 2) % 4) == "w":
                continue
            if heroes_block and occupied_by_other(s, seat, t):
                continue
            out.append((d, q, t))
    return out


def direction(s: DQState, frm: str, to: str) -> int:
    c = s.content
    for q in room_squares(s, frm):
        for d in range(4):
            if c.neighbour(q, d) == to:
                return d
    raise ValueError(f"{to} is not next to {frm}")


def in_dungeon(h: Hero) -> bool:
    return h.status in (IN, CATACOMBS)


def searchable(s: DQState, seat: int) -> str | None:
    """Durchsuchen (DQ-5.1): why the room cannot be searched, or None when it can."""
    h = s.heroes[seat]
    if h.status != IN:
        return "you are not in a room"
    if h.sq not in s.board or not s.content.tiles[s.board[h.sq][0]].torch:
        return "this room shows no torch symbol"
    if room_marker(s, h.sq) is not None:
        return "a monster marker lies in this room"
    if h.sq in s.searched:
        return "this room has been searched already"
    if s.tokens < 1:
        return "no searched marker is left in the supply"
    return None


def ability_left(s: DQState, seat: int, when: str) -> bool:
    """Does the hero's sheet give a special ability acting ``when`` ("status" or
    "action") with a use left this game (DQ-14.7)?"""
    h = s.heroes[seat]
    ab = s.content.heroes[h.hero].ability if h.hero else None
    return ab is not None and ab.when == when and (not ab.uses or h.ability_used < ab.uses)


def _use_ability(s: DQState) -> None:
    """DQ-14.7: the ability's effects, in order, like a card's (DQ-14.2); one use."""
    h = s.heroes[s.seat]
    ab = s.content.heroes[h.hero].ability
    h.ability_used += 1
    left = f" ({ab.uses - h.ability_used} use{'s' if ab.uses - h.ability_used != 1 else ''}" \
        " left)" if ab.uses else ""
    s.log.append(f"{h.name} uses {ab.name}{left}.")
    _push_effects(s, ab.effects)


def has_entrance(s: DQState, sq: str) -> bool:
    c = s.content
    return sq in s.entrances or (sq in s.board and c.tiles[s.board[sq][0]].entrance)


# ============================================================== the task runner
def _run(s: DQState) -> None:
    while not s.over and s.chance is None and s.decide is None:
        if not s.tasks:
            raise AssertionError("the task stack ran dry")   # turn_end always waits below
        task = s.tasks.pop()
        TASKS[task[0]](s, *task[1:])


def _end_turn(s: DQState) -> None:
    """Your turn ends (DQ-2.4): whatever else this turn held is dropped."""
    s.tasks = [("turn_end",)]
    s.decide = s.chance = None
    s.test = None


def _push_effects(s: DQState, effects) -> None:
    for verb, arg in reversed(effects):
        s.tasks.append(("eff", verb, arg))


# -------------------------------------------------------------- setup tasks
def t_startroll(s: DQState, seats: tuple) -> None:
    """Spielaufbau 7 (DQ-1.6): every player rolls 1 die; ties for the highest roll again.

    Reading: "Bei Gleichstand wird noch einmal gewürfelt" names nobody, so only the
    players tied for the highest roll again; the others have already lost ("Wer das
    höchste Ergebnis hat"), and a reroll by all could hand the start to a player the
    first roll had beaten."""
    if len(s.rolls) == len(seats):
        best = max(s.rolls.values())
        top = tuple(i for i in seats if s.rolls[i] == best)
        s.rolls = {}
        if len(top) > 1:
            s.log.append(f"A tie at {best}: " + ", ".join(s.heroes[i].name for i in top)
                         + " roll again.")
            s.tasks.append(("startroll", top))
            return
        s.start = top[0]
        s.log.append(f"{s.heroes[s.start].name} rolls highest and is the start player for "
                     "the whole game.")
        _after_start_roll(s)
        return
    s.tasks.append(("startroll", seats))
    s.chance = ("startroll", seats[len(s.rolls)])


def t_choose_hero(s: DQState, seat: int) -> None:
    s.seat = seat
    s.decide = ("hero", seat)


def t_rune(s: DQState, seat: int) -> None:
    s.seat = seat
    s.chance = ("rune", seat)


def t_reveal_rune(s: DQState, seat: int) -> None:
    h = s.heroes[seat]
    key, h.rune_face_down = h.rune_face_down, ""
    if key:
        h.runes.append(key)
        s.log.append(f"{h.name} turns up the rune card: {s.content.cards[key].name}.")


def t_place(s: DQState, seat: int) -> None:
    s.seat = seat
    s.decide = ("place", seat)


def t_first_round(s: DQState) -> None:
    s.seat = s.start
    s.round = 1
    for h in s.heroes:
        h.status = IN
    s.log.append(f"Round 1 begins with {s.heroes[s.start].name}.")
    _begin_turn(s, s.start, new_round=True)


# -------------------------------------------------------------- turns
def _begin_turn(s: DQState, seat: int, new_round: bool) -> None:
    """Spielablauf (DQ-2.1–DQ-2.3): status phase (sun, then lasting card texts), then
    the action phase."""
    s.seat = seat
    s.corridors = []
    s.tasks = [("turn_end",), ("action",), ("status",)]
    if new_round:
        s.tasks.append(("sun",))


def t_sun(s: DQState) -> None:
    """Zeit (DQ-7.1, DQ-7.2): the start player moves the sun marker 1 space; on a
    numbered space a die is rolled at once."""
    c = s.content
    s.sun = min(s.sun + 1, c.sun_length)
    num = c.sun_numbers.get(s.sun)
    if num is None:
        s.log.append(f"The sun moves to space {s.sun}.")
        return
    s.log.append(f"The sun moves to space {s.sun}, marked {num}: "
                 f"{s.heroes[s.start].name} rolls a die.")
    s.chance = ("sun", num)


def t_status(s: DQState) -> None:
    """Zustandsphase (DQ-2.2): the texts of the cards in your area that act at the start
    of your turn (runes, lasting cards; a lasting card with a cure test is tested after
    its effects, and a pass discards it). A hero sheet's status ability acts first
    (DQ-14.7): the sheet lies in your area like the cards, and is read first."""
    h = s.heroes[s.seat]
    if not in_dungeon(h):
        return
    cards = s.content.cards
    todo = []
    for k in h.runes + h.keep:
        card = cards[k]
        for verb, arg in card.start:
            todo.append(("eff", verb, arg))
        if card.cure:
            todo.append(("test", card.cure, 0, (("cure", k),), ()))
    s.tasks.extend(reversed(todo))
    if ability_left(s, s.seat, "status"):
        s.tasks.append(("ability",))


def t_ability(s: DQState) -> None:
    _use_ability(s)


def t_cure(s: DQState, key: str) -> None:
    h = s.heroes[s.seat]
    if key in h.keep:
        h.keep.remove(key)
        _discard(s, key)
        s.log.append(f"{h.name} shakes off {s.content.cards[key].name}.")


def t_action(s: DQState) -> None:
    """Aktionsphase (DQ-2.4): one action; in the catacombs a catacomb card (DQ-10.3)."""
    h = s.heroes[s.seat]
    if h.status == CATACOMBS:
        s.log.append(f"{h.name} gropes on through the catacombs.")
        s.tasks.append(("draw", "catacomb"))
        return
    if h.status != IN:
        return
    s.decide = ("action", s.seat)


def t_turn_end(s: DQState) -> None:
    """After a turn: the dragon cards go back when nobody is in the treasure chamber
    (DQ-11.10); the game ends when nobody is left inside (DQ-8.1); else the next hero."""
    c = s.content
    if s.dragon_drawn and not any(h.sq in c.treasure for h in s.heroes):
        for k in s.dragon_drawn:
            _add(s.piles["dragon"], k)
        s.log.append(f"Nobody is left in the treasure chamber: the "
                     f"{len(s.dragon_drawn)} drawn dragon card"
                     f"{'s are' if len(s.dragon_drawn) > 1 else ' is'} shuffled back.")
        s.dragon_drawn = []
    if not any(in_dungeon(h) for h in s.heroes):
        _game_over(s, "Every hero has escaped or died: the game ends.")
        return
    seat, new_round = s.seat, False
    while True:
        seat = (seat + 1) % s.n
        if seat == s.start:
            new_round = True
        if in_dungeon(s.heroes[seat]):
            break
    if new_round:
        s.round += 1
        s.log.append(f"Round {s.round} begins.")
    s.log.append(f"{s.heroes[seat].name}'s turn.")
    _begin_turn(s, seat, new_round)


def _game_over(s: DQState, why: str) -> None:
    s.over = True
    s.tasks = []
    s.chance = s.decide = None
    s.log.append(why)


# -------------------------------------------------------------- cards
def _take(ms: dict, key: str) -> None:
    ms[key] -= 1
    if not ms[key]:
        del ms[key]


def _add(ms: dict, key: str) -> None:
    ms[key] = ms.get(key, 0) + 1


def _discard(s: DQState, key: str) -> None:
    _add(s.discards[s.content.cards[key].deck], key)


def t_draw(s: DQState, deck: str, kind: str = "card") -> None:
    """Draw the top card of a deck: a chance event over the cards left in it. An empty
    pile is first re-formed from its discards (reading, DQ-14.6); the dragon deck from
    the drawn dragon cards (DQ-11.10)."""
    pile = s.piles[deck]
    if not pile:
        back = s.discards[deck]
        if deck == "dragon" and not back and s.dragon_drawn:
            for k in s.dragon_drawn:
                _add(back, k)
            s.dragon_drawn = []
        if back:
            s.piles[deck], s.discards[deck] = dict(back), {}
            s.log.append(f"The {deck} deck is shuffled anew from its discards.")
        else:
            s.log.append(f"The {deck} deck is empty: nothing is drawn.")
            if kind == "monster":
                _end_turn(s)
            return
    s.chance = (kind, deck)


def _resolve_card(s: DQState, key: str) -> None:
    """Resolve a drawn card: loot to your area, a lasting card to your area, a rune beside
    your sheet, a catacomb card beside your sheet; then its effects, its test, and for a
    catacomb card that allows it, the choice to leave (DQ-14)."""
    c = s.content
    card = c.cards[key]
    h = s.heroes[s.seat]
    what = card.name
    if card.loot:
        what += f" (loot, {card.gold} gold)" if card.gold else " (loot, no gold value)"
    s.log.append(f"{h.name} draws a {card.deck} card: {what}.")
    if card.deck == "rune":
        h.runes.append(key)
    elif card.deck == "catacomb":
        h.cat_cards.append(key)
    elif card.deck == "dragon":
        s.dragon_drawn.append(key)
    elif card.loot:
        h.loot.append(key)
    elif card.keep:
        h.keep.append(key)
    else:
        _discard(s, key)
    if card.exit:
        s.tasks.append(("exit_choice",))
    if card.test:
        s.tasks.append(("test", card.test, 0, tuple(("eff", v, a) for v, a in card.passed),
                        tuple(("eff", v, a) for v, a in card.failed)))
    _push_effects(s, card.effects)


# -------------------------------------------------------------- effects
def t_eff(s: DQState, verb: str, arg) -> None:
    """The effect vocabulary (DQ-14.2)."""
    h = s.heroes[s.seat]
    if verb == "wounds":
        wound(s, s.seat, int(arg))
    elif verb == "wounds_die":
        s.chance = ("wounds", int(arg))
    elif verb == "heal":
        healed = min(h.wounds, int(arg))
        h.wounds -= healed
        if healed:
            s.log.append(f"{h.name} heals {healed} wound{'s' if healed != 1 else ''}.")
    elif verb == "determination":
        got = min(int(arg), s.tokens)
        s.tokens -= got
        h.determination += got
        if got:
            s.log.append(f"{h.name} takes {got} determination token{'s' if got > 1 else ''}.")
    elif verb == "monster":
        start_encounter(s)
    elif verb == "dead":
        kill(s, s.seat, "meets a certain death")
    elif verb == "end_turn":
        s.log.append(f"{h.name}'s turn ends.")
        _end_turn(s)
    elif verb == "catacombs":
        fall_into_catacombs(s)
    elif verb == "entrance":
        if h.status != IN or has_entrance(s, h.sq):
            s.log.append("There is already a way down here.")
        elif len(s.entrances) >= s.content.supply["entrance_markers"]:
            s.log.append("No catacomb entrance marker is left in the supply.")
        else:
            s.entrances.append(h.sq)
            s.log.append(f"{h.name} finds a way down: a catacomb entrance marker on {h.sq}.")
    elif verb == "draw":
        s.tasks.append(("draw", arg))
    elif verb == "may":
        s.decide = ("may", s.seat, arg)
    elif verb == "secret_door":
        walls = secret_door_walls(s, s.seat)
        if walls:
            s.decide = ("secret", s.seat, walls)
        else:
            s.log.append("No wall of this room could hide a door.")
    else:                                  # content.py validates every verb
        raise ValueError(f"unknown effect {verb!r}")


def secret_door_walls(s: DQState, seat: int) -> tuple[int, ...]:
    """DQ-5.3 (designed): the walls of the hero's room where a secret door can be
    revealed: a side blocked by a wall (of this room or of the explored room next door),
    not the board's outer wall and not already opened."""
    h = s.heroes[seat]
    c = s.content
    if h.status != IN or h.sq not in s.board:
        return ()
    out = []
    for d in range(4):
        t = c.neighbour(h.sq, d)
        if t is None:
            continue
        if side(s, h.sq, d) == "w" or (t in s.board and side(s, t, (d + 2) % 4) == "w"):
            out.append(d)
    return tuple(out)


def wound(s: DQState, seat: int, n: int) -> None:
    """Wunden (DQ-7.4): at or above the hero's life the hero dies."""
    h = s.heroes[seat]
    h.wounds += n
    s.log.append(f"{h.name} suffers {n} wound{'s' if n != 1 else ''} "
                 f"({h.wounds} of {life(s, seat)}).")
    if h.wounds >= life(s, seat):
        kill(s, seat, "dies of their wounds")


def kill(s: DQState, seat: int, why: str) -> None:
    """Tod (DQ-7.6): the figure leaves the board, every card is discarded, the tokens go
    back; the player keeps the monster role; if it is their turn, it ends at once."""
    h = s.heroes[seat]
    s.log.append(f"{h.name} {why}. The hero is dead.")
    for k in h.loot + h.keep + h.runes + h.cat_cards:
        _discard(s, k)
    h.loot, h.keep, h.runes, h.cat_cards = [], [], [], []
    s.tokens += h.determination
    h.determination = 0
    h.status, h.sq, h.came, h.travel = DEAD, None, None, None
    if s.combat is not None and s.combat["seat"] == seat:
        _discard(s, s.combat["monster"])
        s.combat = None
    if seat == s.seat:
        _end_turn(s)


# -------------------------------------------------------------- tests
def t_test(s: DQState, attr: str, mod: int, passed: tuple, failed: tuple) -> None:
    """Eigenschaftsproben (DQ-6.1): roll 2 dice; at or under the attribute passes."""
    target = attribute(s, s.seat, attr)
    s.test = {"attr": attr, "target": target, "mod": mod, "pass": passed, "fail": failed,
              "roll": 0}
    s.chance = ("test", attr)


def _test_rolled(s: DQState, roll: int) -> None:
    t = s.test
    t["roll"] = roll
    h = s.heroes[s.seat]
    need = roll + t["mod"] - t["target"]
    extra = f" + {t['mod']}" if t["mod"] else ""
    s.log.append(f"{h.name} rolls {roll}{extra} on a test of {t['attr']} (passes at "
                 f"{t['target']} or less).")
    if need <= 0:
        _test_done(s, True)
    elif h.determination >= need:
        s.decide = ("spend", s.seat, need)      # DQ-6.3: spend after the roll
    else:
        _test_done(s, False)


def _test_done(s: DQState, ok: bool) -> None:
    """A failed test earns a determination token (DQ-6.2), if the supply has one."""
    t, s.test = s.test, None
    h = s.heroes[s.seat]
    if ok:
        s.log.append(f"{h.name} passes.")
        s.tasks.extend(reversed(t["pass"]))
        return
    got = 1 if s.tokens else 0
    s.tokens -= got
    h.determination += got
    s.log.append(f"{h.name} fails" + (" and takes a determination token." if got else
                                       " (no determination token is left in the supply)."))
    s.tasks.extend(reversed(t["fail"]))


# -------------------------------------------------------------- moving
def t_go(s: DQState, to: str, ignore: bool, how: str) -> None:
    """Bewegen (DQ-3.1): move to the neighbouring square ``to``; a door needs a door card
    (DQ-12.1), a portcullis a strength test (DQ-12.2), unless the move ignores them
    (corridor, web, darkness, flight)."""
    h = s.heroes[s.seat]
    c = s.content
    frm, d = next((q, d) for q in room_squares(s, h.sq) for d in range(4)
                  if c.neighbour(q, d) == to)
    s.tasks.append(("enter", to, d, how))
    if ignore:
        return
    kinds = {side(s, frm, d)}
    if to in s.board:
        kinds.add(side(s, to, (d + 2) % 4))
    if "p" in kinds:
        s.log.append(f"A portcullis blocks the way to {to}: {h.name} must lift it.")
        s.tasks.append(("test", "strength", 0, (), (("eff", "end_turn", None),)))
    if "d" in kinds:
        s.log.append(f"A closed door leads to {to}: {h.name} draws a door card.")
        s.tasks.append(("draw", "door"))


def _move_from_action(s: DQState, to: str, how: str) -> None:
    h = s.heroes[s.seat]
    d = direction(s, h.sq, to)
    typ = room_type(s, h.sq)
    ignore = how in ("corridor", "web", "flee")
    s.tasks.append(("go", to, ignore, how))
    if typ == "cave_in" and far_side(s, h.sq, d) != on_far_half(s, s.seat):
        s.log.append(f"{h.name} climbs over the rubble.")
        s.tasks.append(("test", "agility", 0, (), (("eff", "end_turn", None),)))
    if how == "web" and d != h.came:
        s.tasks.append(("test", "strength", 0, (), (("eff", "end_turn", None),)))


def t_enter(s: DQState, to: str, d: int, how: str) -> None:
    """Bewegung in einen Raum / auf ein unerforschtes Feld (DQ-3.2, DQ-3.4)."""
    h = s.heroes[s.seat]
    if not (to in s.board or to in s.content.towers or to in s.content.treasure):
        s.chance = ("tile", to, d)
        return
    h.sq, h.came = to, (d + 2) % 4
    s.log.append(f"{h.name} enters {describe_room(s, to)} on {to}.")
    _arrive(s)


def describe_room(s: DQState, sq: str) -> str:
    typ = room_type(s, sq)
    return {"tower": "a tower room", "treasure": "the treasure chamber",
            "dungeon": "a dungeon room", "corridor": "a corridor", "trap": "a trap room",
            "cave_in": "a room with a caved-in ceiling", "chasm": "a room split by a deep "
            "chasm", "bridge": "a bridge", "rotating": "a rotating room", "darkness":
            "the chamber of darkness", "web": "a spider web", "pit": "a bottomless pit"}[typ]


def _arrive(s: DQState) -> None:
    """A room with a monster marker: meet the monster instead of the room's effect
    (DQ-9.1); else the room's effect."""
    h = s.heroes[s.seat]
    if room_marker(s, h.sq) is not None:
        s.log.append(f"A monster marker lies here: {h.name} meets a monster.")
        start_encounter(s)
        return
    room_effect(s)


def room_effect(s: DQState) -> None:
    """Raumeffekte (DQ-11): the effect of the room the hero has just entered."""
    h = s.heroes[s.seat]
    typ = room_type(s, h.sq)
    if typ in ("dungeon", "cave_in", "chasm"):
        s.tasks.append(("draw", "dungeon"))
    elif typ == "trap":
        s.tasks.append(("draw", "trap"))
    elif typ == "treasure":
        s.tasks.append(("draw", "dragon"))
    elif typ == "pit":
        s.log.append(f"{h.name} teeters at the edge of a bottomless pit.")
        s.tasks.append(("test", "luck", 0, (("eff", "end_turn", None),),
                        (("eff", "dead", None),)))
    elif typ == "rotating":
        s.board[h.sq][1] = (s.board[h.sq][1] + 2) % 4
        h.came = (h.came + 2) % 4 if h.came is not None else None
        s.log.append(f"The room turns half a circle with {h.name} in it.")
        _end_turn(s)
    elif typ == "corridor":
        if h.sq in s.corridors:
            s.log.append(f"{h.name} enters the same corridor twice: the turn ends.")
            _end_turn(s)
            return
        s.corridors.append(h.sq)
        s.decide = ("onward", s.seat, "corridor")
    elif typ == "web":
        s.decide = ("onward", s.seat, "web")
    elif typ == "tower":
        s.decide = ("onward", s.seat, "tower")
    elif typ == "bridge":
        s.decide = ("bridge", s.seat)
    elif typ == "darkness":
        if dark_weights(s, s.seat):
            s.chance = ("dark",)
        else:                              # reading: every way blocked, the turn ends
            s.log.append(f"Every way out of the darkness is blocked: {h.name}'s turn ends.")
            _end_turn(s)


def onward_moves(s: DQState, seat: int, kind: str) -> list[str]:
    """Where a hero who must move on can go (DQ-11.7 corridor, DQ-11.12 web, DQ-11.13
    tower room): the corridor goes back only when every other passage is blocked."""
    if kind == "corridor":
        ways = [t for _, _, t in exits(s, seat, back=False)]
        if not ways:
            ways = [t for _, _, t in exits(s, seat)]
        return ways
    return [t for _, _, t in exits(s, seat)]


def dark_weights(s: DQState, seat: int) -> list[tuple[str, int]]:
    """Kammer der Dunkelheit (DQ-11.5): the die shows a direction (designed: 1 N, 2 E,
    3 S, 4 W, 5–6 roll again); a direction blocked by a wall or a hero is rolled again.
    Rolling again until an open way shows is one draw among the open ways."""
    open_ = {d for d, _, _ in exits(s, seat, halves=False)}
    return [(f"dir {DIRS[d]}", 1) for d in range(4) if d in open_]


# -------------------------------------------------------------- catacombs
def fall_into_catacombs(s: DQState) -> None:
    """Die Katakomben betreten (DQ-10.1, DQ-10.2): the travel marker on the hero's square,
    facing any way; the figure leaves the board; the turn ends."""
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} descends into the catacombs.")
    s.tasks = [("turn_end",)]
    s.decide = ("face", s.seat)


def t_exit_choice(s: DQState) -> None:
    s.decide = ("exit", s.seat)


def _travel(s: DQState, sq: str, d: int, steps: int) -> tuple[str, int]:
    """Move the travel marker ``steps`` squares; at the outer wall it stops. Returns the
    square and the steps lost."""
    c = s.content
    for i in range(steps):
        t = c.neighbour(sq, d)
        if t is None:
            return sq, steps - i
        sq = t
    return sq, 0


def _leave_catacombs(s: DQState) -> None:
    """Die Katakomben verlassen (DQ-10.4): move by the number of catacomb cards, stop at
    the outer wall (no wound); then turn 90° (the hero's choice) and roll."""
    h = s.heroes[s.seat]
    sq, d = h.travel
    n = len(h.cat_cards)
    sq, lost = _travel(s, sq, d, n)
    h.travel = (sq, d)
    s.log.append(f"{h.name} follows the catacombs {n} square{'s' if n != 1 else ''} "
                 f"{DIRS[d]} to {sq}" + (f" (the outer wall stops {lost})." if lost else "."))
    s.decide = ("turn", s.seat)


def _catacomb_roll(s: DQState, roll: int) -> None:
    h = s.heroes[s.seat]
    sq, d = h.travel
    sq, lost = _travel(s, sq, d, roll)
    s.log.append(f"{h.name} rolls {roll} and moves on {DIRS[d]} to {sq}.")
    if lost:
        s.log.append(f"The outer wall stops {lost} step{'s' if lost > 1 else ''}.")
    cards = s.content.cards
    for k in h.cat_cards:
        if cards[k].loot:
            h.loot.append(k)
        else:
            _discard(s, k)
    h.cat_cards = []
    h.travel = (sq, d)                   # the figure replaces the marker on landing
    s.tasks.append(("land", sq))
    if lost:
        wound(s, s.seat, lost)            # DQ-10.5: 1 wound per step lost


def t_land(s: DQState, sq: str) -> None:
    """Rückkehr (DQ-10.6, DQ-10.7): other heroes allowed; an unexplored square gets a
    tile in any orientation; then the room's effect (or its monster)."""
    h = s.heroes[s.seat]
    if sq in s.board or sq in s.content.towers or sq in s.content.treasure:
        h.sq, h.came, h.travel, h.status = sq, None, None, IN
        s.log.append(f"{h.name} climbs up into {describe_room(s, sq)} on {sq}.")
        _arrive(s)
        return
    s.chance = ("tile", sq, None)


# -------------------------------------------------------------- combat
def monster_seat(s: DQState) -> int | None:
    """Monsterbegegnungen (DQ-9.2): the player to the left plays the monster; in solo
    play, or with a policy option, nobody does (a chance event)."""
    if s.n == 1 or s.options["monster"] != "player":
        return None
    return (s.seat + 1) % s.n


def start_encounter(s: DQState) -> None:
    """DQ-9.2: a monster card is drawn; the rest of the turn is this encounter."""
    s.tasks = [("turn_end",)]
    s.decide = None
    t_draw(s, "monster", "monster")


def _monster_drawn(s: DQState, key: str) -> None:
    h = s.heroes[s.seat]
    card = s.content.cards[key]
    s.combat = {"seat": s.seat, "monster": key, "wounds": 0, "hero_card": None,
                "monster_card": None, "round": 1}
    s.log.append(f"{h.name} meets a monster: the {card.name}!")
    if h.status == IN and room_marker(s, h.sq) is None:
        if len(s.monsters) < s.content.supply["monster_markers"]:
            s.monsters.append(h.sq)
    s.decide = ("combat", s.seat)


def _hero_plays(s: DQState, card: str) -> None:
    s.combat["hero_card"] = card
    h = s.heroes[s.seat]
    s.log.append(Secret(f"{h.name} chooses {card} in secret.",
                        f"{h.name} chooses a combat card in secret.", seats=(s.seat,)))
    m = monster_seat(s)
    if m is None:
        s.chance = ("mcard",)
    else:
        s.decide = ("mplay", m)


def _reveal(s: DQState, mcard: str) -> None:
    """Kampf (DQ-9.3–DQ-9.5): both cards revealed, wounds from the table; a dead hero ends
    the encounter at once; a monster at its life dies and the turn ends."""
    c = s.content
    cb = s.combat
    cb["monster_card"] = mcard
    hi, mi = c.combat_cards.index(cb["hero_card"]), c.combat_cards.index(mcard)
    hw, mw = c.hero_wounds[hi][mi], c.monster_wounds[hi][mi]
    h = s.heroes[s.seat]
    card = c.cards[cb["monster"]]
    s.log.append(f"Round {cb['round']}: {h.name} plays {cb['hero_card']}, the "
                 f"{card.name} plays {mcard}.")
    cb["wounds"] += mw
    s.log.append(f"The {card.name} suffers {mw} wound{'s' if mw != 1 else ''}.")
    if hw:
        wound(s, s.seat, hw)
        if h.status == DEAD:
            return
    if cb["wounds"] >= card.life:
        s.log.append(f"The {card.name} is slain!")
        _discard(s, cb["monster"])
        if h.status == IN and room_marker(s, h.sq) is not None:
            s.monsters.remove(room_marker(s, h.sq))
        s.combat = None
        _end_turn(s)
        return
    cb["hero_card"] = cb["monster_card"] = None
    s.decide = ("round_end", s.seat)


def flee_targets(s: DQState, seat: int) -> list[str]:
    """Flucht (DQ-9.8): adjacent explored rooms, doors and portcullises ignored (walls
    still block, and no room with another hero); none in the catacombs."""
    h = s.heroes[seat]
    if h.status != IN:
        return []
    return [t for _, _, t in exits(s, seat)
            if t in s.board or t in s.content.towers or t in s.content.treasure]


def t_fled(s: DQState, to: str) -> None:
    """Flucht (DQ-9.8): a successful flight reveals the monster card, the hero suffers its
    escape wounds, then moves into the chosen neighbouring explored room.

    The move ignores doors and portcullises and nothing else ("wobei er Türen und
    Fallgitter ignoriert"): leaving a caved-in room by a passage beyond the rubble still
    asks for the agility test of DQ-11.6, and a failure ends the turn in the room (the
    encounter is over either way). The chasm blocks flight across it (``flee_targets``)."""
    cb = s.combat
    card = s.content.cards[cb["monster"]]
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} escapes from the {card.name} (life {card.life}, escape "
                 f"wounds {card.escape}).")
    _discard(s, cb["monster"])
    s.combat = None
    s.tasks = [("turn_end",)]
    if card.escape:
        wound(s, s.seat, card.escape)
    if h.status == IN:                     # the escape wounds may have killed the hero
        _move_from_action(s, to, "flee")


def t_round(s: DQState) -> None:
    s.combat["round"] += 1
    s.decide = ("combat", s.seat)


TASKS = {
    "startroll": t_startroll, "choose_hero": t_choose_hero, "rune": t_rune,
    "place": t_place, "reveal_rune": t_reveal_rune, "first_round": t_first_round, "sun": t_sun, "status": t_status,
    "cure": t_cure, "action": t_action, "turn_end": t_turn_end, "draw": t_draw,
    "eff": t_eff, "test": t_test, "go": t_go, "enter": t_enter, "land": t_land,
    "exit_choice": t_exit_choice, "fled": t_fled, "round": t_round, "ability": t_ability,
}


# ============================================================== legal actions
def legal_ids(s: DQState) -> list[str]:
    if s.decide is None:
        return []
    kind, seat = s.decide[0], s.decide[1]
    c = s.content
    h = s.heroes[seat]
    if kind == "hero":
        taken = {x.hero for x in s.heroes}
        return [f"hero {k}" for k in c.heroes if k not in taken]
    if kind == "place":
        return [f"tower {t}" for t in c.towers if not any(x.sq == t for x in s.heroes)]
    if kind == "action":
        ids = [f"move {t}" for _, _, t in exits(s, seat)]
        if searchable(s, seat) is None:
            ids.append("search")
        if has_entrance(s, h.sq):
            ids.append("catacombs")
        if h.sq in c.treasure:
            ids.append("dragon")
        if room_type(s, h.sq) == "bridge":
            ids.append("cross")
        if ability_left(s, seat, "action"):
            ids.append("ability")
        return ids or ["wait"]
    if kind == "spend":
        return [f"spend {s.decide[2]}", "accept"]
    if kind == "may":
        return ["open", "leave"]
    if kind == "onward":
        ids = [f"move {t}" for t in onward_moves(s, seat, s.decide[2])]
        if s.decide[2] == "tower":
            if len(h.loot) >= s.options["escape_loot"]:
                ids.insert(0, "escape")
            ids += [f"tower {t}" for t in c.towers
                    if t != h.sq and not occupied_by_other(s, seat, t)]
        return ids or ["stop"]
    if kind == "bridge":
        return ["cross", "wait"] + [f"drop {k}" for k in sorted(set(h.loot))]
    if kind == "secret":
        return [f"secret {DIRS[d]}" for d in s.decide[2]]
    if kind == "combat":
        return [f"play {k}" for k in c.combat_cards]
    if kind == "mplay":
        return [f"monster {k}" for k in c.combat_cards]
    if kind == "round_end":
        return ["fight"] + [f"flee {t}" for t in flee_targets(s, seat)]
    if kind == "face":
        return [f"face {d}" for d in DIRS]
    if kind == "exit":
        return ["leave", "stay"]
    if kind == "turn":
        return ["turn left", "turn right"]
    if kind == "orient":
        return [f"orient {d}" for d in DIRS]
    raise AssertionError(kind)


def current_player(s: DQState) -> int | None:
    if s.over or s.chance is not None or s.decide is None:
        return None
    return s.decide[1]


# ============================================================== chance
def chance_weights(s: DQState) -> list[tuple[str, int]]:
    ch = s.chance
    if ch is None:
        return []
    kind = ch[0]
    if kind in ("startroll", "sun", "catroll"):
        return DIE
    if kind == "test":
        return TWO_D6
    if kind == "wounds":
        d = sum_of(ch[1])
        return [(f"wounds {k}", w) for k, w in zip(d.outcomes, d.weights)]
    if kind in ("card", "monster"):
        return [(f"card {k}", n) for k, n in sorted(s.piles[ch[1]].items())]
    if kind == "rune":
        return [(f"card {k}", n) for k, n in sorted(s.piles["rune"].items())]
    if kind == "tile":
        return [(f"tile {k}", n) for k, n in sorted(s.tiles.items())]
    if kind == "dark":
        return dark_weights(s, s.seat)
    if kind == "mcard":
        cards = s.content.combat_cards
        if s.options["monster"] == "uniform":
            return [(f"monster {k}", 1) for k in cards]
        return [(f"monster {k}", w) for k, w in zip(cards, _equilibrium_weights(s.content))
                if w]
    raise AssertionError(kind)


def _apply_chance(s: DQState, aid: str) -> None:
    kind = s.chance[0]
    ch, s.chance = s.chance, None
    verb, _, arg = aid.partition(" ")
    h = s.heroes[s.seat]
    if kind == "startroll":
        seat = ch[1]
        s.rolls[seat] = int(arg)
        s.log.append(f"{s.heroes[seat].name} rolls {arg} for the start player.")
    elif kind == "sun":
        roll, num = int(arg), ch[1]
        if roll <= num:
            s.log.append(f"The die shows {roll}, at or under {num}: the sun sets! The gates "
                         "close.")
            _sunset(s)
        else:
            s.log.append(f"The die shows {roll}, over {num}: the sun is still up.")
    elif kind == "test":
        _test_rolled(s, int(arg))
    elif kind == "wounds":
        wound(s, s.seat, int(arg))
    elif kind == "card":
        _take(s.piles[ch[1]], arg)
        _resolve_card(s, arg)
    elif kind == "rune":
        _take(s.piles["rune"], arg)
        h.rune_face_down = arg
        name = s.content.cards[arg].name
        s.log.append(Secret(f"{h.name} is dealt a rune card face down ({name}).",
                            f"{h.name} is dealt a rune card face down.", seats=()))
    elif kind == "monster":
        _take(s.piles["monster"], arg)
        _monster_drawn(s, arg)
    elif kind == "tile":
        _take(s.tiles, arg)
        sq, d = ch[1], ch[2]
        if d is None:                      # DQ-10.7: any orientation, the hero's choice
            s.board[sq] = [arg, 0]
            h.sq, h.came, h.travel, h.status = sq, None, None, IN
            s.decide = ("orient", s.seat)
            return
        s.board[sq] = [arg, d]             # DQ-3.4: the arrow towards where you came from
        h.sq, h.came = sq, (d + 2) % 4
        s.log.append(f"{h.name} draws a tile and enters {describe_room(s, sq)} on {sq}.")
        room_effect(s)
    elif kind == "dark":
        d = DIRS.index(arg)
        s.log.append(f"In the darkness {h.name} stumbles {arg}.")
        s.tasks.append(("go", s.content.neighbour(h.sq, d), True, "dark"))
    elif kind == "mcard":
        _reveal(s, arg)
    elif kind == "catroll":
        _catacomb_roll(s, int(arg))


def _sunset(s: DQState) -> None:
    """Sonnenuntergang (DQ-7.3): the game ends at once; heroes inside die."""
    s.sunset = True
    for i, h in enumerate(s.heroes):
        if in_dungeon(h):
            s.log.append(f"{h.name} is still inside when the gates close.")
            kill(s, i, "is trapped in the dungeon")
    _game_over(s, "The sun has set: the game is over.")


# ============================================================== player actions
def apply(s: DQState, aid: str) -> None:
    if s.chance is not None:
        _apply_chance(s, aid)
        _run(s)
        return
    dec = s.decide
    kind, seat = dec[0], dec[1]
    s.decide = None
    verb, _, arg = aid.partition(" ")
    c = s.content
    h = s.heroes[seat]
    if kind == "hero":
        h.hero = arg
        s.log.append(f"{h.name} chooses {c.heroes[arg].name}.")
    elif kind == "place":
        h.sq, h.came = arg, None
        s.log.append(f"{h.name} places {c.heroes[h.hero].name} in the tower room on {arg}.")
    elif kind == "action":
        _action(s, verb, arg)
    elif kind == "spend":
        if verb == "spend":
            n = int(arg)
            h.determination -= n
            s.tokens += n
            s.log.append(f"{h.name} spends {n} determination token{'s' if n > 1 else ''}.")
            _test_done(s, True)
        else:
            _test_done(s, False)
    elif kind == "may":
        if verb == "open":
            s.log.append(f"{h.name} takes a closer look.")
            s.tasks.append(("draw", dec[2]))
        else:
            s.log.append(f"{h.name} leaves it alone.")
    elif kind == "onward":
        if verb == "move":
            _move_from_action(s, arg, {"corridor": "corridor", "web": "web"}.get(dec[2],
                                                                                 "move"))
        elif verb == "escape":
            _escape(s)
        elif verb == "tower":
            # DQ-11.13: going on to another tower room is entering a room, so a monster
            # marker there is met instead of moving on (DQ-9.1)
            h.sq, h.came = arg, None
            s.log.append(f"{h.name} takes the tower passage to the tower room on {arg}.")
            if room_marker(s, arg) is not None:
                s.log.append(f"A monster marker lies here: {h.name} meets a monster.")
                start_encounter(s)
            else:
                s.decide = ("onward", seat, "tower_only")
        else:
            s.log.append(f"{h.name} cannot go on: the turn ends.")
            _end_turn(s)
    elif kind == "bridge":
        if verb == "drop":
            h.loot.remove(arg)
            _discard(s, arg)
            s.log.append(f"{h.name} drops {c.cards[arg].name} to lighten the load.")
            s.decide = ("bridge", seat)
        elif verb == "cross":
            _cross(s)
        else:
            s.log.append(f"{h.name} waits at the bridge; the turn ends.")
            _end_turn(s)
    elif kind == "secret":
        d = DIRS.index(arg)
        t = c.neighbour(h.sq, d)
        s.secret += [h.sq + arg, t + DIRS[(d + 2) % 4]]
        s.log.append(f"{h.name} finds a secret door in the {arg} wall, between {h.sq} and "
                     f"{t}.")
    elif kind == "combat":
        _hero_plays(s, arg)
    elif kind == "mplay":
        s.log.append(f"{h.name}, playing the monster, chooses its card.")
        _reveal(s, arg)
    elif kind == "round_end":
        if verb == "fight":
            t_round(s)
        else:
            s.log.append(f"{s.heroes[s.seat].name} tries to flee towards {arg}.")
            s.tasks.append(("test", "agility", 0, (("fled", arg),), (("round",),)))
    elif kind == "face":
        d = DIRS.index(arg)
        h.travel = (h.sq, d)
        h.status = CATACOMBS
        h.sq, h.came = None, None
        s.log.append(f"{h.name}'s travel marker points {arg}.")
        _end_turn(s)
    elif kind == "exit":
        if verb == "leave":
            _leave_catacombs(s)
        else:
            s.log.append(f"{h.name} stays in the catacombs.")
    elif kind == "turn":
        sq, d = h.travel
        d = (d - 1) % 4 if arg == "left" else (d + 1) % 4
        h.travel = (sq, d)
        s.log.append(f"{h.name} turns {arg}, now heading {DIRS[d]}.")
        s.chance = ("catroll",)
    elif kind == "orient":
        d = DIRS.index(arg)
        s.board[h.sq][1] = (d - 2) % 4    # the arrow (S in the tile's frame) faces d
        s.log.append(f"{h.name} lays the tile on {h.sq} with its arrow towards {arg} and "
                     f"enters {describe_room(s, h.sq)}.")
        room_effect(s)
    _run(s)


def _action(s: DQState, verb: str, arg: str) -> None:
    h = s.heroes[s.seat]
    if verb == "move":
        if room_type(s, h.sq) == "web":
            # DQ-11.12: starting in a web, you move only after a passed strength test
            s.log.append(f"{h.name} struggles against the web.")
            s.tasks.append(("go", arg, False, "move"))
            s.tasks.append(("test", "strength", 0, (), (("eff", "end_turn", None),)))
            return
        _move_from_action(s, arg, "move")
    elif verb == "search":
        s.tokens -= 1
        s.searched.append(h.sq)
        s.log.append(f"{h.name} searches the room and places a searched marker.")
        s.tasks.append(("draw", "search"))
    elif verb == "catacombs":
        fall_into_catacombs(s)
    elif verb == "dragon":
        s.log.append(f"{h.name} creeps towards the sleeping dragon's hoard.")
        s.tasks.append(("draw", "dragon"))
    elif verb == "cross":
        s.decide = ("bridge", s.seat)      # DQ-11.3: loot may be dropped before the test
    elif verb == "ability":
        _use_ability(s)                    # DQ-14.7: the turn's one action
    elif verb == "wait":
        s.log.append(f"{h.name} cannot act and waits.")


def _cross(s: DQState) -> None:
    """Brücke (DQ-11.3): an agility test, +1 to the roll per loot card carried; across
    on a pass (the turn ends there), a fall into the catacombs with a die of wounds on a
    failure."""
    h = s.heroes[s.seat]
    s.log.append(f"{h.name} tries to cross the bridge.")
    s.tasks.append(("test", "agility", len(h.loot), (("crossed",),),
                    (("eff", "wounds_die", "1"), ("eff", "catacombs", None))))


def t_crossed(s: DQState) -> None:
    h = s.heroes[s.seat]
    # stand on the other half: enter "through" a side of the half you were not on
    want = not on_far_half(s, s.seat)
    h.came = next(d for d in range(4) if far_side(s, h.sq, d) == want)
    s.log.append(f"{h.name} is across the bridge.")
    _end_turn(s)


def _escape(s: DQState) -> None:
    """Turmzimmer (DQ-11.13, DQ-8.4): out of the dungeon with your loot; no more turns."""
    h = s.heroes[s.seat]
    h.status, h.sq, h.came = ESCAPED, None, None
    s.tokens += h.determination
    h.determination = 0
    for k in h.keep:                       # lasting cards act no more outside (DQ-8.4)
        _discard(s, k)
    h.keep = []
    s.log.append(f"{h.name} escapes from the dungeon with {len(h.loot)} loot card"
                 f"{'s' if len(h.loot) != 1 else ''}!")
    _end_turn(s)


TASKS["crossed"] = t_crossed


# ============================================================== illegal explanations
def explain_illegal(s: DQState, aid: str) -> str | None:
    if s.over:
        return "the game is over"
    if s.decide is None:
        return None
    kind, seat = s.decide[0], s.decide[1]
    verb, _, arg = aid.partition(" ") if isinstance(aid, str) else ("", "", "")
    waiting = {
        "hero": "choose a hero ('hero KEY')", "place": "place your hero in a free tower room",
        "spend": "decide whether to spend determination tokens after the roll",
        "may": "say whether you look closer ('open') or not ('leave')",
        "onward": "you must move on at once", "bridge": "cross the bridge or end your turn",
        "combat": "choose your combat card ('play melee', 'play ranged', 'play magic')",
        "mplay": "as the monster player, choose the monster's combat card",
        "round_end": "fight on or try to flee", "face": "point your travel marker",
        "exit": "leave the catacombs or stay", "turn": "turn the travel marker left or right",
        "orient": "choose where the new tile's arrow points",
        "secret": "choose the wall that hides the secret door ('secret N', ...)",
    }
    if kind != "action":
        return waiting.get(kind)
    h = s.heroes[seat]
    if verb == "search":
        return searchable(s, seat)
    if verb == "catacombs":
        return "this room has no catacomb entrance (printed or a marker)"
    if verb == "dragon":
        return "only a hero who starts the turn in the treasure chamber may draw a dragon card"
    if verb == "ability":
        ab = s.content.heroes[h.hero].ability
        if ab is None:
            return f"{s.content.heroes[h.hero].name}'s hero sheet has no special ability"
        if ab.when != "action":
            return f"{ab.name} acts by itself in your status phase; it is no action"
        return f"{ab.name} is used up ({ab.uses} use{'s' if ab.uses != 1 else ''} a game)"
    if verb == "move":
        c = s.content
        if not isinstance(arg, str) or len(arg) < 2 or arg[0] not in "abcdefghijklmnopqrstuvwxyz"[:c.columns] \
                or not arg[1:].isdigit() or not 1 <= int(arg[1:]) <= c.rows:
            return f"{arg!r} is not a square of the board (a1 to {c.sq(c.columns - 1, c.rows - 1)})"
        if not any(c.neighbour(q, d) == arg for q in room_squares(s, h.sq) for d in range(4)):
            return f"{arg} is not next to your room"
        if occupied_by_other(s, seat, arg):
            return f"another hero stands on {arg}: you may not enter that room voluntarily"
        return f"a wall (or a chasm) lies between your room and {arg}"
    return None


# ============================================================== the Rules object
class DungeonQuestRules(PackageRules):
    info = INFO
    package = __package__

    def initial_state(self, players: int, options: dict, content: Content) -> DQState:
        return initial_state(players, options, content)

    def default_content(self) -> Content:
        return load_content()

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_content_toml(text, name), name)

    def end_by_length(self, s: DQState) -> None:
        """DQ-0.4: at ``max_game_length`` plies the game ends as at sunset."""
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} "
                     "plies: it ends as if the sun had set.")
        _sunset(s)

    def current_player(self, s: DQState) -> int | None:
        return current_player(s)

    def seat_chance_weights(self, s: DQState, seat: int):
        """A rune dealt face down (DQ-1.9) is unseen by every seat: one grouped outcome."""
        if s.chance is not None and s.chance[0] == "rune":
            return [("?rune", sum(s.piles["rune"].values()))]
        return None

    def is_chance(self, s: DQState) -> bool:
        return s.chance is not None and not s.over

    def is_over(self, s: DQState) -> bool:
        return s.over

    def fingerprint(self, s):
        d = {f.name: getattr(s, f.name) for f in fields(s)
             if f.name not in ("content", "heroes", "log")}
        d["heroes"] = [asdict(h) for h in s.heroes]
        d["log"] = [str(x) for x in s.log]
        d["content"] = s.content.file
        return d


RULES = DungeonQuestRules()
