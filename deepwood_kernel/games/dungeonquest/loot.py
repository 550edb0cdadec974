"""Searching and loot: a drawn card resolved (loot, lasting cards, runes, catacomb and
dragon cards, DQ-14) and the effect vocabulary the cards and hero abilities use
(DQ-14.2): wounds, healing, determination, monsters, the catacombs, entrances, secret
doors (DQ-5.3).
"""

from __future__ import annotations

from .catacombs import fall_into_catacombs
from .combat import start_encounter
from .queries import has_entrance, secret_door_walls
from .state import DQState, IN
from .turn import _discard, _end_turn, _push_effects, kill, wound


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
