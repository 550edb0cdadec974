"""Setup and the turn (Spielaufbau, Spielablauf) and the machinery every phase uses.

The game info and its options (DQ-0.4), the task runner, setup (DQ-1.1 to DQ-1.9), the
status and action phases (DQ-2.1 to DQ-2.4), the decks (drawing a card is a chance event
over the cards left in a pile, DQ-14.6), wounds and death (DQ-7.4, DQ-7.6) and attribute
tests with determination (DQ-6.1 to DQ-6.3).

The rules run as a stack of tasks (plain tuples). :data:`TASKS` maps a task's name to its
function; it is filled by the face, ``rules.py``, once every phase module is loaded, so a
phase may push a task of a later phase without importing it, and ``_run`` looks each task
up only when it runs it.
"""

from __future__ import annotations

from ...core.rules import GameInfo, Option
from ...prob import sum_of
from .content import Content
from .queries import ability_left, attribute, in_dungeon, life
from .state import CATACOMBS, DEAD, DQState, Hero, IN, NAMES


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


# -------------------------------------------------------------- setup (Spielaufbau)
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


def _use_ability(s: DQState) -> None:
    """DQ-14.7: the ability's effects, in order, like a card's (DQ-14.2); one use."""
    h = s.heroes[s.seat]
    ab = s.content.heroes[h.hero].ability
    h.ability_used += 1
    left = f" ({ab.uses - h.ability_used} use{'s' if ab.uses - h.ability_used != 1 else ''}" \
        " left)" if ab.uses else ""
    s.log.append(f"{h.name} uses {ab.name}{left}.")
    _push_effects(s, ab.effects)


# ============================================================== the task runner
TASKS: dict = {}   # task name -> function; filled by rules.py (see the module doc)


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


# -------------------------------------------------------------- the turn (Spielablauf)
def _begin_turn(s: DQState, seat: int, new_round: bool) -> None:
    """Spielablauf (DQ-2.1–DQ-2.3): status phase (sun, then lasting card texts), then
    the action phase."""
    s.seat = seat
    s.corridors = []
    s.tasks = [("turn_end",), ("action",), ("status",)]
    if new_round:
        s.tasks.append(("sun",))


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


# -------------------------------------------------------------- the decks
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


# -------------------------------------------------------------- wounds and death
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


# -------------------------------------------------------------- attribute tests (Eigenschaftsproben)
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
