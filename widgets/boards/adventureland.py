"""``AdventureLandBoard``: the clickable map of *Adventure Land* (key ``"adventureland"``).

>>> from widgets import AdventureLandBoard
>>> w = AdventureLandBoard(players=2, seed=1, bots=[1], bot_delay=0)
>>> w.view["phase"], w.legal[0]["id"], w.legal[0]["target"]["kind"]
('move', 'enter 1 A1', 'square')
>>> w.play("enter 1 E1"); w.view["players"][0]["start_lines"][:2]
['2', '3']

The browser (``boards/adventureland.js`` inside the shell) draws ``view`` and makes every
entry of ``legal`` clickable where it is drawn; see :mod:`widgets.shell` for the messages.
A move takes two clicks: the first (an adventurer on the map, or one start line's
adventurer waiting beside the board, AL-1.4) is a selection kept in the browser that
highlights its destinations; the second, on a highlighted square, sends the engine's one
action id (``move E1 E4`` or ``enter 3 E3``).

Click targets (``legal[i]["target"]``):

* ``{"kind": "square", "square": "E4", "from": "E1" | "start 3" | "start B",
  "verb": "move" | "enter"}`` (``start 3``: the adventurer in front of row 3);
* ``{"kind": "swords", "values": [3, 1]}`` — the swords to use in a fight (AL-5.3);
* ``{"kind": "herb", "value": 4}`` — a herb added to a fight (AL-5.4);
* ``{"kind": "gold", "mode": "+1"}`` — a gold piece for +1 (AL-5.5);
* ``{"kind": "die", "face": 2}`` — a gold piece to roll a die showing 2 again (AL-5.6);
* ``{"kind": "button", "group": "end" | "give"}`` — end the turn, give up the fight.

Advice (``advice``), always computed from what the watching seat may know:

* ``deck``: the terrain deck (its cards are public: every card drawn lies face up) by
  terrain, with the exact chance that the next card, and at least one of the next two,
  is of each terrain, and the squares already drawn;
* ``danger``: for every party standing on the river, the exact chance that the next
  terrain card pulls the water sprite over or onto it (AL-4.1, AL-4.2);
* ``fight`` (only for the fighter's eyes, or a spectator's: the odds depend on face-down
  herbs and swords): the chance to win from here with the best use of gold
  (``odds_now``), the same with gold only as +1, and the chance after each choice now —
  each set of swords, herb, +1, reroll — and after each possible roll (``rolls``).

Privacy of the score: in *The Magnificent* herbs and swords score their values at the end
(AL-8.3), so another player's provisional score would tell the values of their face-down
tiles. The engine's ``view`` gives only the points the watching seat can add up
(``score`` with ``score_complete`` false); this board shows those lines as unknown ("12 + ?")
in ``status``, the score table and the static HTML alike; after the end every tile is turned
up and scored.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from math import comb

from deepwood_kernel import PUBLIC
from deepwood_kernel.core.picture import svg_image
from deepwood_kernel.games.adventureland import (fight_odds, odds_now, sword_choices,
                                               win_chance)
from deepwood_kernel.games.adventureland.render import board_svg, legend_html
from deepwood_kernel.games.adventureland.rules import ADVENTURE_TITLES, rays
from deepwood_kernel.games.adventureland.scoring import known_breakdown, known_total

from ..shell import AUTO, GameWidget, board_module, board_styles, prob_dict

TERRAINS = ("city", "forest", "river", "mountain", "fog")
FACES = range(1, 7)


def _ids(values) -> str:
    return " ".join(map(str, values)) if values else "none"


class AdventureLandBoard(GameWidget):
    """An Adventure Land map you can play by clicking.

    ``AdventureLandBoard(game=None, *, players=2, seed=0, adventure="fellowship", bots=(),
    seat="auto", bot_delay=0.4, auto_chance=True, bot="heuristic", pause_fights=True)``

    * ``game``: an existing ``dk.new_game("adventureland", ...)`` (else a new one with
      ``players``, ``seed`` and ``adventure``: fellowship, magnificent or escape); the
      terrain cards revealed before the first turn are drawn at once, seeded;
    * ``bots``: seats played by bots, one step every ``bot_delay`` seconds;
    * ``seat``: whose eyes the board uses (None: a spectator who sees every tile);
    * ``auto_chance``: draw terrain cards and tiles on their own (default True);
    * ``pause_fights``: even so, stop at the dice of a human's fight, so the learner can
      roll them or force a roll in the what-if panel beside the exact odds.
    """

    game_key = "adventureland"
    _esm = board_module("adventureland")
    _css = board_styles("adventureland")
    PHASES = {
        "setup": ("setting up", "Spielaufbau",
                  "Terrain cards are revealed before the first turn."),
        "reveal": ("turning over terrain cards", "Geländekarten aufdecken",
                   "Two terrain cards: each puts an item, a companion or a fog creature on "
                   "its square."),
        "move": ("moving adventurers", "Abenteurer bewegen",
                 "Click one of your adventurers (or a start line's adventurer), then a highlighted "
                 "square: south or east, up to two moves; then end the turn."),
        "fight-swords": ("fog-creature fight: swords", "Kampf gegen ein Nebelwesen",
                         "Choose up to 3 swords (one die each) — the odds are beside them."),
        "fight-roll": ("fog-creature fight: the dice", "Kampf gegen ein Nebelwesen",
                       "The sword dice are rolled (or force a roll in the what-if panel)."),
        "fight-boost": ("fog-creature fight: still short", "Kampf gegen ein Nebelwesen",
                        "Add a herb, give back gold for +1 or to reroll a die, or give up."),
        "fight-reroll": ("fog-creature fight: reroll", "Kampf gegen ein Nebelwesen",
                         "The die is rolled again."),
        "over": ("game over", "Spielende", "The game is over."),
    }

    def __init__(self, game=None, *, players: int = 2, seed: int = 0,
                 adventure: str = "fellowship", bots=(), seat: int | None | str = AUTO,
                 bot_delay: float = 0.4, auto_chance: bool = True, bot="heuristic",
                 pause_fights: bool = True, **kwargs):
        self.adventure = adventure
        self.pause_fights = bool(pause_fights)
        super().__init__(game, players=players, seed=seed, bots=bots, seat=seat,
                         bot_delay=bot_delay, auto_chance=auto_chance, bot=bot, **kwargs)

    # ------------------------------------------------------------------ hooks
    def make_game(self, players: int, seed: int):
        import deepwood_kernel as dk
        adventure = getattr(self, "game", None)
        adventure = adventure.state.adventure if adventure is not None else self.adventure
        return dk.new_game(self.game_key, players=players, seed=seed,
                           options={"adventure": adventure})

    def prepare(self, game) -> None:
        """Reveal the start cards (AL-1.5): nothing to decide there."""
        while game.is_chance and game.state.phase == "setup":
            game.step()

    def turn_owner(self) -> int | None:
        """The fighter during a fight (AL-5.9: it may be another player's turn)."""
        g = self.game
        if g.is_over:
            return None
        f = g.state.fight
        return f.seat if f is not None else g.state.seat

    def _is_auto(self) -> bool:
        g = self.game
        f = g.state.fight
        if (g.is_chance and self.pause_fights and f is not None
                and f.seat not in self.bots):
            return False
        return super()._is_auto()

    def phase_text(self, view: dict) -> dict:
        f = view.get("fight")
        key = f"fight-{f['stage']}" if f else str(view.get("phase", ""))
        name, de, hint = self.PHASES.get(key, (key, "", ""))
        return {"key": key, "name": name, "de": de, "hint": hint}

    def target(self, action_id: str, view: dict) -> dict:
        verb, _, rest = action_id.partition(" ")
        if verb == "enter":
            line, dst = rest.split()
            return {"kind": "square", "square": dst, "from": f"start {line}", "verb": "enter"}
        if verb == "move":
            src, dst = rest.split()
            return {"kind": "square", "square": dst, "from": src, "verb": "move"}
        if verb == "swords":
            return {"kind": "swords",
                    "values": [] if rest == "none" else [int(x) for x in rest.split()]}
        if verb == "herb":
            return {"kind": "herb", "value": int(rest)}
        if verb == "gold" and rest == "+1":
            return {"kind": "gold", "mode": "+1"}
        if verb == "gold":
            return {"kind": "die", "face": int(rest.split()[1])}
        return {"kind": "button", "group": verb}

    # ------------------------------------------------------------------ privacy
    def _hides_values(self) -> bool:
        """Are other players' face-down values part of the score this seat would see?"""
        g = self.game
        return (self.seat is not None and not g.is_over
                and g.state.adventure == "magnificent")

    def _known_breakdown(self, seat: int) -> list[tuple[str, int | None, str]]:
        """``(label, points or None, title)`` lines of ``seat``'s score as the watching
        seat may know them (the engine's ``scoring.known_breakdown``), without the total."""
        s = self.game.state
        p = s.players[seat]
        out = []
        for lab, pts in known_breakdown(s, seat, self.seat):
            title = str(lab)
            if pts is None and lab == "herbs":
                n = sum(p.herbs.values())
                title = f"{n} face-down herb{'s' if n > 1 else ''}: unknown to you"
            elif pts is None:
                n, shown = sum(p.swords.values()), sum(p.swords_shown.values())
                title = f"{n} swords, {n - shown} of them face down: unknown to you"
            out.append((str(lab), pts, title))
        return out

    def _known_total(self, seat: int):
        pts, complete = known_total(self.game.state, seat, self.seat)
        return pts if complete else f"{pts} + ?"

    def _score_table(self) -> dict:
        g = self.game
        n = g.players
        per = [self._known_breakdown(i) for i in range(n)]
        keys = [lab for lab, _, _ in per[0]]
        rows = []
        for k in keys:
            cells, titles = [], []
            for i in range(n):
                hit = next((x for x in per[i] if x[0] == k), None)
                cells.append(hit[1] if hit else None)
                titles.append(hit[2] if hit else "")
            rows.append({"label": k, "cells": cells, "titles": titles})
        return {"rows": rows, "total": [self._known_total(i) for i in range(n)],
                "over": g.is_over, "winners": g.winners() if g.is_over else []}

    def refresh(self) -> None:
        """The shell's traits, then the score lines this seat may not know blanked."""
        with self._lock, self.hold_sync():
            super().refresh()
            if not self._hides_values():
                return
            totals = [self._known_total(i) for i in range(self.game.players)]
            self.status = dict(self.status, scores=totals)
            self.score = self._score_table()

    def static_html(self) -> str:
        """The map (no secrets on it) and each player as the watching seat knows them."""
        g = self.game
        s = g.state
        rows = []
        for i, p in enumerate(s.players):
            mine = self.seat is None or self.seat == i or g.is_over
            herbs = (", ".join(str(v) for v, k in sorted(p.herbs.items()) for _ in range(k))
                     if mine else f"{sum(p.herbs.values())} face down")
            swords = (", ".join(str(v) for v, k in sorted(p.swords.items()) for _ in range(k))
                      if mine else f"{sum(p.swords.values())} face down")
            total = self._known_total(i)
            rows.append(f"<li>{escape(p.name)} ({escape(p.colour)}): {p.start} in the start "
                        f"area, {p.gold} gold, herbs {herbs or 'none'}, swords "
                        f"{swords or 'none'}, fog creatures "
                        f"{', '.join(map(str, p.creatures)) or 'none'}; {total} points</li>")
        alt = (f"Adventure Land map, {ADVENTURE_TITLES[s.adventure]}, round {s.round}: "
               f"{len(s.parties)} parties on the board, water sprite "
               f"{'on ' + s.sprite if s.sprite else 'beside the board'}.")
        html = (f"<div><b>Adventure Land</b> — {escape(ADVENTURE_TITLES[s.adventure])}<br>"
                f"{svg_image(board_svg(s), alt)}{legend_html()}<ul>{''.join(rows)}</ul></div>")
        note = ("Spectator view: every hand is shown." if self.seat is None else
                "Public view: no hands shown." if self.seat == PUBLIC else "")
        return (f'<div style="font:12px sans-serif;color:#8a5a00">{note}</div>' + html
                if note else html)

    # ------------------------------------------------------------------ advice
    def compute_advice(self) -> dict:
        g = self.game
        s = g.state
        pc = s.content.players[s.n]
        out = {"deck": self._deck(s), "danger": self._danger(s),
               "start": {"rows": list(pc["start_rows"]), "columns": pc["start_columns"]}}
        f = s.fight
        if f is not None:
            if self.seat is None or self.seat == f.seat:
                out["fight"] = self._fight(s)
            else:
                out["fight"] = {"hidden": True}
        return out

    def _deck(self, s) -> dict:
        """AL-3.1, AL-3.2: the cards left by terrain; each card is one of them, equally
        likely; "one of the next two" counts two cards drawn from what is left."""
        c = s.content
        n = len(s.deck)
        counts = {t: 0 for t in TERRAINS}
        for sq in s.deck:
            counts[c.terrain[sq]] += 1
        rows = []
        for t in TERRAINS:
            k = counts[t]
            p1 = Fraction(k, n) if n else Fraction(0)
            p2 = (1 - Fraction(comb(n - k, 2), comb(n, 2))) if n >= 2 else p1
            rows.append({"terrain": t, "n": k, "next": prob_dict(p1), "two": prob_dict(p2)})
        return {"cards": n, "rows": rows, "drawn": list(s.discard)}

    def _danger(self, s) -> list[dict]:
        """AL-4.1, AL-4.2: a river card puts gold on its square (if gold is left) and
        pulls the sprite there; a party on a river square the sprite passes or reaches
        leaves the game. The chance for the next card, for every party on the river."""
        c = s.content
        river = rays(c)["river"]
        n = len(s.deck)
        out = []
        for sq, party in sorted(s.parties.items(), key=lambda x: river.get(x[0], -1)):
            if sq not in river:
                continue
            j = river[sq]
            hits = 0
            if s.gold_left and n:
                for card in s.deck:
                    k = river.get(card)
                    if k is None:
                        continue
                    if s.sprite is None:
                        hits += k == j
                    else:
                        i = river[s.sprite]
                        hits += (i < j <= k) or (k <= j < i)
            p = Fraction(hits, n) if n else Fraction(0)
            out.append({"square": sq, "seat": party.seat, "cards": hits, **prob_dict(p)})
        return out

    def _fight(self, s) -> dict:
        """AL-5.3 .. AL-5.6 played best, from the fighter's own tiles (fight.py)."""
        f = s.fight
        p = s.players[f.seat]
        herbs = tuple(v for v, k in sorted(p.herbs.items()) for _ in range(k))
        gold = p.gold
        out = {"stage": f.stage, "now": prob_dict(odds_now(s)), "choices": {}, "rolls": {}}
        fixed = f.total - sum(f.dice)
        if f.stage == "swords":
            ranked = sword_choices(f.strength, f.base, p.swords, herbs, gold)
            for vals, pr in ranked:
                out["choices"][f"swords {_ids(vals)}"] = prob_dict(pr)
            out["best"] = f"swords {_ids(ranked[0][0])}"
            out["plus_only"] = prob_dict(fight_odds(f.strength, f.base, ranked[0][0], herbs,
                                                    gold, rerolls=False))
        elif f.stage == "boost":
            dice = tuple(f.dice)
            out["plus_only"] = prob_dict(win_chance(f.strength, fixed, dice, herbs, gold,
                                                    rerolls=False))
            for v in sorted(set(herbs)):
                rest = list(herbs)
                rest.remove(v)
                out["choices"][f"herb {v}"] = prob_dict(
                    win_chance(f.strength, fixed + v, dice, tuple(rest), gold))
            if gold:
                out["choices"]["gold +1"] = prob_dict(
                    win_chance(f.strength, fixed + 1, dice, herbs, gold - 1))
                for v in sorted(set(dice)):
                    rest = list(dice)
                    rest.remove(v)
                    pr = sum(win_chance(f.strength, fixed, tuple(rest + [x]), herbs, gold - 1)
                             for x in FACES) / 6
                    out["choices"][f"gold reroll {v}"] = prob_dict(pr)
            out["choices"]["give up"] = prob_dict(Fraction(0))
        elif f.stage == "roll":
            for a, _ in self.game.chance_outcomes():
                faces = tuple(int(x) for x in a.id.split()[1:])
                out["rolls"][a.id] = prob_dict(win_chance(f.strength, fixed, faces, herbs,
                                                          gold))
        elif f.stage == "reroll":
            rest = list(f.dice)
            rest.remove(f.reroll)
            for x in FACES:
                out["rolls"][f"reroll {x}"] = prob_dict(
                    win_chance(f.strength, fixed, tuple(rest + [x]), herbs, gold))
        return out
