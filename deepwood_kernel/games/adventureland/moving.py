"""Moves made and what they meet (AL-2 to AL-4, AL-6): a party moved and landing, items taken,
terrain cards revealed, the water sprite, the end trigger, and every chance outcome
resolved. Part of the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from ...core.log import Secret
from .board import rays
from .fights import _after_total, start_fight
from .flow import _add, _party_text, _remove_party, _score
from .queries import _DECK_W
from .state import ALState, Party


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
