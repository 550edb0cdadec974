"""``DeepWoodBoard``: the clickable table of *Durch den tiefen Wald* (key ``"deepwood"``).

>>> from widgets import DeepWoodBoard
>>> w = DeepWoodBoard(players=3, seed=7, bots=[1, 2], bot_delay=0)
>>> w.view["phase"], w.legal[0]["id"]
('entry', 'enter a0')
>>> w.play("enter c0"); w.view["boards"][0]["figure"]
'c0'

The browser (``boards/deepwood.js`` inside the shell) draws ``view`` and makes every entry
of ``legal`` clickable where it is drawn; see :mod:`widgets.shell` for the messages it sends
back.

Click targets (``legal[i]["target"]``):

* ``{"kind": "field", "board": seat, "name": "c4", "verb": "move"}`` for enter, move,
  clear, sword, appease and leave on the mover's board, and ``verb: "troll"`` with
  ``"res"`` for a troll placed on another player's board;
* ``{"kind": "market_cell", "strip", "code", "anchor", "dir", "cell", "cells", "anchors"}``
  for a strip placement (the anchor cell, cells covered in order; ``anchors``: direction ->
  the cell to click when that direction is picked, both ends for a palindrome);
* ``{"kind": "border", "name": "row2", "cells": [...]}`` for a border field;
* ``{"kind": "fight", "strength": 15, "dice": 3}``;
* ``{"kind": "keep", "dice": [6, 5], "stop": False}``;
* ``{"kind": "button", "group": verb}`` for everything else (exchange, back, end, ...).

The fight advisor (``advice``) uses the exact keep-aside solver:

* before a fight (``kind: "fight"``): for every strength you may announce and every number
  of swords you may use, the win chance with the bonus resources you hold and without;
* while setting dice aside (``kind: "keep"``): every choice with its win chance, best
  first (``fight_advice``), and while dice are about to be rolled (``kind: "roll"``) the
  win chance from here with optimal play.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from deepwood_kernel.games.deepwood import fight_advice, fight_odds
from deepwood_kernel.games.deepwood.fight import ROLLS, solver
from deepwood_kernel.games.deepwood.rules import (SWORD_LOSS_ON_WIN, bonus_resource,
                                                  market_lines, strip_cells)

from ..shell import AUTO, GameWidget, board_module, board_styles, prob_dict

FIELD_VERBS = ("enter", "move", "clear", "sword", "appease", "leave")
OPPOSITE = {"right": "left", "left": "right", "up": "down", "down": "up"}


def keep_id(kept) -> str:
    """The action id that sets ``kept`` aside: ``()`` -> ``"keep none"``."""
    return "keep " + (" ".join(map(str, kept)) if kept else "none")


class DeepWoodBoard(GameWidget):
    """A Deep Wood table you can play by clicking.

    ``DeepWoodBoard(game=None, *, players=2, seed=0, bots=(), seat=None, bot_delay=0.4,
    auto_chance=False, bot="heuristic", auto_deal=True)``

    * ``game``: an existing ``dk.new_game("deepwood", ...)`` to play on (else a new one
      with ``players`` and ``seed``); a game still dealing its secret strips is dealt at
      once (seeded, as ``game.advance()`` would) unless ``auto_deal=False``;
    * ``bots``: seats played by bots (``bot`` is a kind for ``deepwood_kernel.sim.make_bot``
      or an object with ``choose(game)``), one step every ``bot_delay`` seconds
      (0: synchronously);
    * ``seat``: whose secret strips are hidden from view (None shows every hand);
    * ``auto_chance``: resolve every chance event (draws, reveals, dice) on its own;
      otherwise chance events in a human's turn wait for "step", "advance" or a forced
      outcome from the what-if picker.
    """

    game_key = "deepwood"
    _esm = board_module("deepwood")
    _css = board_styles("deepwood")
    # the status line: English name, the rulebook's German term, a one-line hint
    PHASES = {
        "deal": ("dealing", "Austeilen", "The secret strips are dealt."),
        "entry": ("entering the forest", "Einstieg",
                  "Choose the wall field where your figure enters the forest."),
        "place": ("market: place a strip", "Marktteil", "Pick a strip, rotate it, click "
                  "the anchor cell on the market (or exchange, place a troll first)."),
        "border": ("market: take resources", "Randfeld", "Stand beside a market row or "
                   "column (or the corner) and take what lies in that line."),
        "double": ("rock monster 4", "Felsmonster 4",
                   "Double one resource you just took."),
        "draw": ("drawing a strip", "Streifen nachziehen", "A strip is drawn from the pile."),
        "board": ("in the forest", "Waldteil", "Move, clear obstacles, collect swords, "
                  "fight; then end the turn."),
        "reveal": ("revealing a tile", "Plättchen aufdecken",
                   "A face-down tile in sight of your figure is turned over."),
        "roll": ("rock-monster fight: rolling", "Felsmonsterkampf", "The dice are rolled."),
        "keep": ("rock-monster fight", "Felsmonsterkampf",
                 "Click dice to set them aside, then reroll the rest or stop."),
        "bonus": ("rock-monster fight: bonus", "Felsmonsterkampf", "Too few pips: pay bonus "
                  "resources for the missing pips (exchange or place a troll for them "
                  "first) or accept the defeat; after a troll the fight must be won."),
        "won": ("fight won", "Felsmonster besiegt", "You won: place a troll or exchange, "
                "then end the turn."),
        "card": ("rock-monster card", "Felsmonsterkarte",
                 "You won! Choose which rock-monster card to take."),
        "limit": ("resource limit", "Vorratsgrenze", "More than 6 potions, books or stones: "
                  "exchange or return the surplus."),
        "over": ("game over", "Spielende", "The game is over."),
    }

    def __init__(self, game=None, *, players: int = 2, seed: int = 0, bots=(),
                 seat: int | None | str = AUTO, bot_delay: float = 0.4, auto_chance: bool = False,
                 bot="heuristic", auto_deal: bool = True, **kwargs):
        self._auto_deal = bool(auto_deal)
        super().__init__(game, players=players, seed=seed, bots=bots, seat=seat,
                         bot_delay=bot_delay, auto_chance=auto_chance, bot=bot, **kwargs)

    # ------------------------------------------------------------------ hooks
    def prepare(self, game) -> None:
        """Deal the secret strips of a game that is still dealing (nothing to decide)."""
        if self._auto_deal:
            while game.is_chance and game.state.phase == "deal":
                game.step()

    def turn_owner(self) -> int | None:
        return None if self.game.is_over else self.game.state.seat

    def target(self, action_id: str, view: dict) -> dict:
        verb, _, rest = action_id.partition(" ")
        seat = view["seat"]
        if verb in FIELD_VERBS:
            return {"kind": "field", "board": seat, "name": rest, "verb": verb}
        if verb == "troll":
            board, sq, res = rest.split()
            return {"kind": "field", "board": int(board), "name": sq, "verb": "troll",
                    "res": res}
        if verb == "place":
            sid, anchor, d = rest.split()
            cells = strip_cells(anchor, d)
            code = self.game.state.content.strips[int(sid)].code
            # the anchor cell for each direction the learner may have picked: a strip that
            # reads the same both ways is listed going right/up only, and the same cells
            # laid going left/down start at the other end
            anchors = {d: cells[0]}
            if code[0] == code[2]:
                anchors[OPPOSITE[d]] = cells[2]
            return {"kind": "market_cell", "strip": int(sid), "code": code, "anchor": anchor,
                    "dir": d, "cell": cells[0], "cells": cells, "anchors": anchors}
        if verb == "border":
            return {"kind": "border", "name": rest, "cells": market_lines(rest)}
        if verb == "fight":
            strength, dice = map(int, rest.split())
            return {"kind": "fight", "strength": strength, "dice": dice}
        if verb == "keep":
            dice = [] if rest == "none" else [int(x) for x in rest.split()]
            rolled = self.game.state.fight.rolled
            return {"kind": "keep", "dice": dice, "stop": len(dice) == len(rolled)}
        return {"kind": "button", "group": verb}

    # (the game's strips, {action id: legal entry}) for strip placements: see legal_list
    _placements: tuple = (None, {})

    def legal_list(self, view: dict) -> list[dict]:
        """The shell's ``legal``, with each strip placement's entry built once per game: its
        label and target follow from the action id and the strips' codes alone (fixed at
        setup), and a market turn lists up to 80 placements on every refresh.

        >>> w = DeepWoodBoard(players=2, seed=0, seat=None, bot_delay=0)
        >>> w.play("enter c0"); first = w.legal[0]; first["label"]
        'Place strip 35 (P-S) from A1 going right'
        >>> w.refresh(); w.legal[0] is first
        True
        """
        strips = self.game.state.content.strips
        if self._placements[0] is not strips:
            self._placements = (strips, {})
        made = self._placements[1]
        out = []
        for a in self.game.legal_actions():
            entry = made.get(a.id)
            if entry is None:
                entry = self.legal_entry(a, view)
                if a.id.startswith("place "):
                    made[a.id] = entry
            out.append(entry)
        return out

    def seat_chance(self, seat: int):
        """DW-1.4 / DW-2.3: a strip dealt or drawn comes, as ``seat`` reasons, from every
        strip it cannot see (the pile *and* the other players' secret strips), grouped by
        code; the true pile would tell which strips the others hold."""
        s = self.game.state
        if s.phase not in ("deal", "draw"):
            return None
        receiver = sum(len(p.hand) for p in s.players) // 3 if s.phase == "deal" else s.seat
        unseen = list(s.pile) + [sid for i, p in enumerate(s.players) if i != seat
                                 for sid in p.hand]
        counts = Counter(s.content.strips[sid].code for sid in unseen)
        total = sum(counts.values())
        who = self.game.player_name(receiver)
        verb = "is dealt" if s.phase == "deal" else "draws"
        note = "" if receiver == seat else " (hidden from you)"
        return [(f"?{s.phase} {code}", f"{who} {verb} a {code} strip{note}",
                 Fraction(n, total)) for code, n in sorted(counts.items())]

    def compute_advice(self) -> dict:
        g = self.game
        if g.is_over:
            return {}
        s = g.state
        p = s.players[s.seat]
        if s.phase == "board" and self.human_to_move():
            return self._pre_fight(s, p, g.legal_action_ids())
        if s.phase in ("keep", "roll") and s.fight is not None:
            return self._in_fight(s, p)
        if s.phase == "bonus" and s.fight is not None:
            f = s.fight
            res = bonus_resource(s, f.strength)
            have = p.res[res] if res else 0
            return {"kind": "bonus", "strength": f.strength, "total": sum(f.kept),
                    "need": f.strength - sum(f.kept), "res": res, "have": have,
                    "bonus_res": res, "bonus_have": have, "kept": list(f.kept),
                    # DW-8.5: a troll placed in this fight commits the player to win it
                    "committed": bool(f.troll_placed)}
        return {}

    # ------------------------------------------------------------------ advisor
    def _pre_fight(self, s, p, ids: list[str]) -> dict:
        fights: dict[int, list[int]] = {}
        for aid in ids:
            if aid.startswith("fight "):
                strength, dice = map(int, aid.split()[1:])
                fights.setdefault(strength, []).append(dice)
        if not fights:
            return {}
        rows = []
        for strength in sorted(fights):
            res = bonus_resource(s, strength)
            have = p.res[res] if res else 0
            cells = []
            for dice in sorted(fights[strength]):
                with_bonus = fight_odds(dice, strength, have)
                plain = fight_odds(dice, strength, 0)
                pw, pp = prob_dict(with_bonus), prob_dict(plain)
                # the cell's tooltip, ready-made (the browser only places it)
                tip = (f"Fight strength {strength} with {dice} dice: win {pw['p_text']}"
                       + (f" counting your {have} {res} as bonus pips (without: "
                          f"{pp['p_text']})" if res else "")
                       + f". A win turns {SWORD_LOSS_ON_WIN[dice]} sword(s) face down, "
                         "a defeat 1.")
                cells.append({"id": f"fight {strength} {dice}", "dice": dice, **pw,
                              "plain_pct": pp["p_pct"], "plain_text": pp["p_text"],
                              "swords_lost_win": SWORD_LOSS_ON_WIN[dice],
                              "swords_lost_lose": 1, "tip": tip})
            best = max(cells, key=lambda c: (c["p"], -c["dice"]))
            rows.append({"strength": strength, "bonus_res": res, "bonus_have": have,
                         "numbers": sorted({m.number for i in s.middle
                                            for m in [s.content.monsters[i]]
                                            if m.strength == strength}),
                         "gold": max(s.content.monsters[i].gold for i in s.middle
                                     if s.content.monsters[i].strength == strength),
                         "best": best["id"], "cells": cells})
        return {"kind": "fight", "swords": p.swords, "rows": rows}

    def _in_fight(self, s, p) -> dict:
        f = s.fight
        res = bonus_resource(s, f.strength)
        have = p.res[res] if res else 0
        base = {"strength": f.strength, "dice": f.dice, "kept": list(f.kept),
                "rolled": list(f.rolled), "rolls": f.rolls, "bonus_res": res,
                "bonus_have": have, "target": f.strength - have - sum(f.kept)}
        if s.phase == "roll":
            left = f.dice - len(f.kept)
            p_now = solver().success(left, f.strength - have - sum(f.kept),
                                     rolls=ROLLS - f.rolls)
            return {"kind": "roll", "rolls_left": ROLLS - f.rolls, "to_roll": left,
                    **base, **prob_dict(p_now)}
        rolls_left = ROLLS - f.rolls
        choices = []
        for kept, pr in fight_advice(tuple(f.rolled), rolls_left, f.strength,
                                     kept=tuple(f.kept), bonus=have):
            stop = len(kept) == len(f.rolled)
            dash = "-".join(map(str, kept))
            what = (f"stop with {dash}" if stop else
                    f"keep {dash}, reroll {len(f.rolled) - len(kept)}" if kept else
                    f"reroll all {len(f.rolled)}")
            choices.append({"keep": list(kept), "id": keep_id(kept), "stop": stop,
                            "text": what, **prob_dict(pr)})
        return {"kind": "keep", "rolls_left": rolls_left, "best": choices[0]["id"],
                "choices": choices, **base}
