"""Fights with the fog creatures ("Combat strength of the fog creature", AL-5): the fight
started, herbs and swords added, won or lost. Part of the rules; the face :mod:`.rules` re-
exports every name.
"""

from __future__ import annotations

from .flow import _add, _party_text, _remove_party, _score
from .state import ALState, Fight


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
