"""The rules of *DungeonQuest* (revised edition, Fantasy Flight) over :class:`DQState`.

Each rule function names the rulebook section it implements, by the German section
headings of the *DungeonQuest* rulebook (*Spielregel*, revised edition, Fantasy Flight /
Heidelberger Spieleverlag), and the rule IDs of ``docs/rules/dungeonquest.md``. The
readings chosen where the rulebook is silent are listed there (marked **reading**) and
repeated briefly where they are played.

The rules run as a stack of tasks (plain tuples, so the state deep-copies, hashes and
compares exactly). ``_run`` pops tasks until one needs chance (``s.chance``) or a player
(``s.decide``); ``apply`` answers that and runs on.

This module is the face: :data:`RULES`, the one :class:`DungeonQuestRules` object the
engine drives, :func:`apply` (a player's answer or a chance outcome) and the task table.
The rules live beside it, one module per part of the rulebook, each importing only those
listed before it:

* ``queries.py`` — questions that change nothing (attributes, rooms, sides, ways out);
* ``turn.py`` — game info, the task runner, setup, the turn's phases, decks, wounds and
  death, attribute tests;
* ``sun.py`` — the sun, sunset, the turn's end and the end of the game;
* ``combat.py`` — monsters and combat, the duel's exact equilibrium (solved by
  :func:`deepwood_kernel.prob.solve_zero_sum`);
* ``moving.py`` — moving, entering rooms and their effects, the bridge, flight, escape;
* ``catacombs.py`` — going down, travelling and coming back up;
* ``loot.py`` — drawn cards resolved and the effect vocabulary (searching and loot);
* ``legal.py`` — the legal actions, the chance events, why an action is illegal.

Every name those modules define is importable from here too, as it always was.
"""

from __future__ import annotations

from dataclasses import asdict, fields

from ...core.errors import parse_content_toml
from ...core.log import Secret
from ...core.rules import PackageRules
from .catacombs import (_catacomb_roll, _leave_catacombs, _travel,  # noqa: F401
                        fall_into_catacombs, t_exit_choice, t_land)
from .combat import (_EQ_CACHE, _SOLVED, _equilibrium_weights, _hero_plays,  # noqa: F401
                     _monster_drawn, _reveal, combat_equilibrium,
                     start_encounter, t_round)
from .content import Content, DIRS, load_content, parse_content
from .legal import chance_weights, current_player, explain_illegal, legal_ids  # noqa: F401
from .loot import _resolve_card, t_eff  # noqa: F401
from .moving import (_arrive, _cross, _escape, _move_from_action,  # noqa: F401
                     room_effect, t_crossed, t_enter, t_fled, t_go)
from .queries import (ability_left, attribute, dark_weights, describe_room,  # noqa: F401
                      direction, exits, explored, far_side, flee_targets,
                      has_entrance, hero_of, in_dungeon, life, monster_seat,
                      occupied_by_other, on_far_half, onward_moves,
                      room_marker, room_squares, room_type, searchable,
                      secret_door_walls, side)
from .state import CATACOMBS, DQState, IN
from .sun import _game_over, _sunset, t_sun, t_turn_end  # noqa: F401
from .turn import (DIE, INFO, TASKS, TWO_D6, _add, _after_start_roll,  # noqa: F401
                   _begin_turn, _discard, _end_turn, _push_effects, _run,
                   _take, _test_done, _test_rolled, _use_ability,
                   initial_state, kill, t_ability, t_action, t_choose_hero,
                   t_cure, t_draw, t_first_round, t_place, t_reveal_rune,
                   t_rune, t_startroll, t_status, t_test, wound)


# ============================================================== apply
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


# ============================================================== the task table
TASKS.update({
    "startroll": t_startroll, "choose_hero": t_choose_hero, "rune": t_rune,
    "place": t_place, "reveal_rune": t_reveal_rune, "first_round": t_first_round,
    "sun": t_sun, "status": t_status, "cure": t_cure, "action": t_action,
    "turn_end": t_turn_end, "draw": t_draw, "eff": t_eff, "test": t_test, "go": t_go,
    "enter": t_enter, "land": t_land, "exit_choice": t_exit_choice, "fled": t_fled,
    "round": t_round, "ability": t_ability, "crossed": t_crossed,
})

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
