"""Fights against rock monsters in *Durch den tiefen Wald* (rulebook: Felsmonster; DW-6.x):
rolling, keeping dice, bonus resources, winning and losing a fight and taking a monster."""

from __future__ import annotations

from .flow import end_turn
from .queries import bonus_resource, troll_ready
from .setup import ROLLS, SWORD_LOSS_ON_WIN, _amount
from .state import DeepWoodState, Fight


def _fight(s: DeepWoodState, rest: str) -> None:
    """Felsmonster (DW-6.2): announce the strength and the number of swords (dice)."""
    strength, dice = map(int, rest.split())
    s.fight = Fight(strength, dice)
    s.phase = "roll"
    s.log.append(f"{s.players[s.seat].name} fights a rock monster of strength {strength} "
                 f"with {dice} dice.")


def _roll(s: DeepWoodState, rest: str) -> None:
    """DW-6.3: up to 3 rolls; dice may be set aside after the 1st and 2nd."""
    f = s.fight
    f.rolled = [int(x) for x in rest.split()]
    f.rolls += 1
    s.log.append(f"Roll {f.rolls}: {' '.join(map(str, f.rolled))}"
                 + (f" (set aside: {' '.join(map(str, f.kept))})" if f.kept else "") + ".")
    if f.rolls >= ROLLS:
        f.kept = sorted(f.kept + f.rolled, reverse=True)
        f.rolled = []
        _fight_total(s)
    else:
        s.phase = "keep"


def _keep(s: DeepWoodState, rest: str) -> None:
    f = s.fight
    kept = [] if rest == "none" else [int(x) for x in rest.split()]
    f.kept = sorted(f.kept + kept, reverse=True)
    if len(kept) == len(f.rolled):         # everything set aside: rolling stops
        f.rolled = []
        _fight_total(s)
    else:
        f.rolled = []
        s.phase = "roll"


def _fight_total(s: DeepWoodState) -> None:
    f = s.fight
    total = sum(f.kept)
    if total >= f.strength:
        _fight_won(s)
    elif bonus_resource(s, f.strength) is not None:
        s.phase = "bonus"
    else:
        _fight_lost(s)


def _bonus(s: DeepWoodState, rest: str) -> None:
    """DW-6.4: each bonus resource (stones / books / potions by monster) adds one pip."""
    need = int(rest)
    res = bonus_resource(s, s.fight.strength)
    s.players[s.seat].res[res] -= need
    s.log.append(f"{s.players[s.seat].name} pays {_amount(need, res)} for +{need} pips.")
    _fight_won(s)


def _concede(s: DeepWoodState, rest: str) -> None:
    _fight_lost(s)


def _fight_won(s: DeepWoodState) -> None:
    numbers = {s.content.monsters[i].number for i in s.middle
               if s.content.monsters[i].strength == s.fight.strength}
    if len(numbers) > 1:
        s.phase = "card"                    # DW-6.2: choose which strength-15 card
    else:
        _take_monster(s, numbers.pop())


def _monster(s: DeepWoodState, rest: str) -> None:
    _take_monster(s, int(rest))


def _take_monster(s: DeepWoodState, number: int) -> None:
    """DW-6.5: take the card; lose swords by the dice used (2->0 ... 6->4). The board
    part of the turn is over; with a troll to place the turn goes on (DW-8.5)."""
    p, f = s.players[s.seat], s.fight
    idx = next(i for i in s.middle if s.content.monsters[i].number == number)
    s.middle.remove(idx)
    p.monsters.append((idx, s.round))
    p.beaten.append(f.strength)
    lost = SWORD_LOSS_ON_WIN[f.dice]
    p.swords -= lost
    p.swords_spent += lost
    s.log.append(f"{p.name} beats rock monster {number} (strength {f.strength}) and turns "
                 f"{lost} sword{'s' * (lost != 1)} face down.")
    s.fight = None
    if troll_ready(s, s.seat):
        s.phase = "won"                     # DW-8.5: a troll may still be placed
    else:
        end_turn(s)


def _fight_lost(s: DeepWoodState) -> None:
    """DW-6.5: a lost fight costs 1 sword; the turn ends at once (DW-8.5: no troll)."""
    p, f = s.players[s.seat], s.fight
    p.swords -= 1
    p.swords_spent += 1
    s.log.append(f"{p.name} loses the fight against strength {f.strength} "
                 f"({sum(f.kept)} pips) and turns 1 sword face down.")
    s.fight = None
    end_turn(s)
