"""``ClankBoard``: the clickable table of *Klong!* / *Clank!* (key ``"clank"``).

>>> from widgets import ClankBoard
>>> w = ClankBoard(players=2, seed=1, bots=[1], bot_delay=0)
>>> w.view["phase"], w.legal[0]["target"]["kind"]
('turn', 'hand')
>>> w.play("play burgle"); w.view["turn"]["skill"]
1

The browser (``boards/clank.js`` inside the shell) draws ``view`` and makes every entry of
``legal`` clickable where it is drawn; see :mod:`widgets.shell` for the messages it sends
back.

Click targets (``legal[i]["target"]``):

* ``{"kind": "hand", "card": key}`` — play a card from your hand;
* ``{"kind": "row", "slot": i, "verb": "buy"|"use"|"fight"}`` — a dungeon-row card;
* ``{"kind": "reserve", "card": key, "verb": "buy"|"fight"}`` — mercenary, explore,
  secret tome, goblin;
* ``{"kind": "room", "room": id, "verb": "move"|"teleport", "block": n}`` — a room of the
  map (monster tunnels offer one target per number of swords spent, ``block``);
* ``{"kind": "token", "room": id, "token": "artifact"|"major"|"minor"|"idol"}``;
* ``{"kind": "market", "item": "key"|"backpack"|"crown"}``;
* ``{"kind": "secret", "key": key}`` — use a kept secret (a potion, a magic spring);
* ``{"kind": "choice", "verb": "discard"|"trash", "card": key}`` and ``skip``;
* ``{"kind": "button", "group": "end"}``.

The dragon panel (``advice``) holds the exact damage distribution of the next attack for
every player (:func:`deepwood_kernel.games.clank.dragon_attack_odds`) and the score
breakdown (``advice["breakdown"]``; after the game only that, ``kind: "final"``); while an
attack is being drawn the what-if picker (``chance``) lists each cube colour with its
exact chance.

In the browser a room with a single way in plays it on click; a room with several (a
threat tunnel with a choice of swords to spend, or walking and teleporting) opens a small
picker listing each way with its cost and damage.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from deepwood_kernel.games.clank import dragon_attack_odds

from ..shell import AUTO, GameWidget, board_module, board_styles, prob_dict

SETUP_PHASES = ("artifacts", "row", "deal")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def room_words(view: dict, room: str, verb: str, block: int | None) -> dict:
    """What a click on ``room`` does: ``word`` (a few words drawn above the room) and
    ``text`` (a line of the picker for a room with several ways in), from the tunnel the
    mover's figure would take (CL-5: boots, monsters blocked by swords, escaping)."""
    if verb == "teleport":
        return {"word": "teleport out" if room == "start" else "teleport",
                "text": "Teleport out of the dungeon" if room == "start" else
                        "Teleport (no boots; ignores monsters, locks and arrows)"}
    here = view["players"][view["seat"]]["room"]
    tun = next((t for t in view["map"]["tunnels"]
                if {t["a"], t["b"]} == {here, room}), None)
    boots = tun["boots"] if tun else 1
    word = f"escape · {boots}" if room == "start" else plural(boots, "boot")
    text = f"{'Escape' if room == 'start' else 'Walk'} for {plural(boots, 'boot')}"
    if block is not None and tun:
        hurt = tun["monsters"] - block
        word += f" · {hurt} dmg" if hurt else " · safe"
        text += f", spend {plural(block, 'sword')}" if block else ", spend no swords"
        text += f", take {hurt} damage" if hurt else ", take no damage"
    return {"word": word, "text": text}


def short_outcome(players, oid: str, label: str) -> str:
    """A chance outcome in a few words for the what-if picker (the full label is its
    tooltip): a cube names whom it hurts, a row card drops the sentence around it."""
    verb, _, arg = oid.partition(" ")
    if verb == "cube":
        if arg == "black":
            return "black: a miss"
        p = next((q for q in players if q.colour == arg), None)
        if p is None:
            return arg
        return f"{arg}: {p.name} −1" if p.status == "in" else f"{arg}: {p.name} (out)"
    if verb == "row":
        return re.sub(r" \(dragon symbol!\)$", " (dragon!)", label.replace(" turns up in the row", ""))
    return label


class ClankBoard(GameWidget):
    """A Clank! table you can play by clicking.

    ``ClankBoard(game=None, *, players=2, seed=0, bots=(), seat=None, bot_delay=0.4,
    auto_chance=True, bot="heuristic", pause_attacks=True)``

    * ``game``: an existing ``dk.new_game("clank", ...)`` (else a new one with ``players``
      and ``seed``); its setup (artifacts removed, the row, the first hands) is dealt at
      once, seeded, as ``game.advance()`` would;
    * ``bots``: seats played by bots (``bot``: a kind for ``deepwood_kernel.sim.make_bot``
      or an object with ``choose(game)``), one step every ``bot_delay`` seconds;
    * ``seat``: whose hand is hidden from view (None shows every hand);
    * ``auto_chance``: draw cards and refill the row on their own (default True: a
      deck-builder draws all the time);
    * ``pause_attacks``: even so, stop at every dragon attack in a human's turn so they
      can draw the cubes one by one or pick them in the what-if panel; an attack in a
      bot's turn resolves by itself (issue 11: nobody clicks "Draw a cube" for a bot).
    """

    game_key = "clank"
    _esm = board_module("clank")
    _css = board_styles("clank")
    # the status line: English name, the German edition's term, a one-line hint
    PHASES = {
        "artifacts": ("setup", "Spielaufbau", "Artifacts are removed at random."),
        "row": ("setup", "Spielaufbau", "The dungeon row is dealt."),
        "deal": ("setup", "Spielaufbau", "Every player draws 5 cards."),
        "turn": ("your turn", "Spielzug", "Play every card in your hand (any order); spend "
                 "skill, swords and boots as you like; then end the turn."),
        "refill": ("end of turn: refill the row", "Zugende",
                   "The dungeon row is refilled from the dungeon deck."),
        "attack": ("dragon attack", "Drachenangriff", "Draw the cubes one by one, or force "
                   "a colour in the what-if panel."),
        "hand": ("end of turn: new hand", "Zugende", "The player draws a new hand of 5."),
        "over": ("game over", "Spielende", "The game is over."),
    }

    def __init__(self, game=None, *, players: int = 2, seed: int = 0, bots=(),
                 seat: int | None | str = AUTO, bot_delay: float = 0.4, auto_chance: bool = True,
                 bot="heuristic", pause_attacks: bool = True, **kwargs):
        self.pause_attacks = bool(pause_attacks)
        super().__init__(game, players=players, seed=seed, bots=bots, seat=seat,
                         bot_delay=bot_delay, auto_chance=auto_chance, bot=bot, **kwargs)

    # ------------------------------------------------------------------ hooks
    def prepare(self, game) -> None:
        """Deal the setup (nothing to decide there)."""
        while game.is_chance and game.state.phase in SETUP_PHASES:
            game.step()

    def turn_owner(self) -> int | None:
        return None if self.game.is_over else self.game.state.seat

    def _is_auto(self) -> bool:
        g = self.game
        if (g.is_chance and self.pause_attacks and g.state.phase == "attack"
                and self.turn_owner() not in self.bots):
            return False
        return super()._is_auto()

    def phase_text(self, view: dict) -> dict:
        """The status line; CL-10.3: a player who escaped finishes the turn outside, so
        their turn gets its own hint (play the rest of the hand, buy, fight, no moving)."""
        out = super().phase_text(view)
        if view.get("phase") == "turn" and not self.game.is_over:
            me = view["players"][view["seat"]]
            if me.get("status") == "escaped":
                out.update(name="escaped: finishing the turn", de="entkommen",
                           hint="You escaped: play the rest of your hand, buy, use devices "
                                "and fight as you like — you no longer move; then end the "
                                "turn (CL-10.3).")
        return out

    def target(self, action_id: str, view: dict) -> dict:
        verb, _, rest = action_id.partition(" ")
        if verb == "play":
            return {"kind": "hand", "card": rest}
        if verb in ("buy", "use", "fight"):
            if rest.isdigit():
                return {"kind": "row", "slot": int(rest), "verb": verb}
            return {"kind": "reserve", "card": rest, "verb": verb}
        if verb in ("move", "teleport"):
            room, _, block = rest.partition(" block ")
            blk = int(block) if block else None
            return {"kind": "room", "room": room, "verb": verb, "block": blk,
                    **room_words(view, room, verb, blk)}
        if verb == "take":
            seat = view["seat"]
            return {"kind": "token", "room": view["players"][seat]["room"], "token": rest}
        if verb == "market":
            return {"kind": "market", "item": rest}
        if verb == "token":
            return {"kind": "secret", "key": rest}
        if verb in ("discard", "trash"):
            return {"kind": "choice", "verb": verb, "card": rest}
        return {"kind": "button", "group": verb}

    def seat_chance(self, seat: int):
        """CL-12: a card another player draws goes into a hand ``seat`` cannot see; as
        ``seat`` reasons, it comes from that player's draw pile *and* hand (both known
        only together, as the cards bought minus those shown). A player's own draw pile
        is known to them, so their own draws keep the true weights."""
        g = self.game
        s = g.state
        pairs = g.chance_outcomes()
        if not pairs or not pairs[0][0].id.startswith("draw ") or s.draw_seat == seat:
            return None
        p = s.players[s.draw_seat]
        unseen = Counter(p.draw) + Counter(p.hand)
        total = sum(unseen.values())
        cards = s.content.cards
        return [(f"?draw {key}", f"{p.name} draws {cards[key].name} (hidden from you)",
                 Fraction(n, total)) for key, n in sorted(unseen.items())]

    def chance_list(self) -> list[dict]:
        """The shell's list, each outcome with its ``short`` label for the picker."""
        out = super().chance_list()
        players = self.game.state.players
        for c in out:
            c["short"] = short_outcome(players, c["id"], c["label"])
        return out

    def public_log(self, lines: list[str], seat: int) -> list[str]:
        """"Anna draws Plündern." is Anna's secret: other seats read "Anna draws a card."."""
        g = self.game
        others = [re.escape(g.player_name(i)) for i in range(g.players) if i != seat]
        if not others:
            return lines
        drawn = re.compile(rf"^({'|'.join(others)}) draws (?!a card\.)(?!nothing).+\.$")
        return [drawn.sub(r"\1 draws a card.", line) for line in lines]

    def compute_advice(self) -> dict:
        """The dragon panel: each player's exact damage law for the next attack, plus the
        score breakdown (``breakdown[seat]``: ``[label, points]`` lines ending in the total);
        once the game is over only the breakdown (``kind: "final"``)."""
        g = self.game
        breakdown = [[list(line) for line in g.score_breakdown(seat)]
                     for seat in range(g.players)]
        if g.is_over:
            return {"kind": "final", "breakdown": breakdown}
        odds = dragon_attack_odds(g)
        rows = []
        for seat, dist in enumerate(odds.damage):
            p = g.state.players[seat]
            rows.append({"seat": seat, "name": p.name, "colour": p.colour,
                         "status": p.status,
                         "p_hit": prob_dict(odds.p_hit(seat)),
                         "mean": float(dist.mean()),
                         "damage": [{"k": k, **prob_dict(pr)} for k, pr in dist.items()]})
        return {"kind": "dragon", "cubes": odds.cubes, "bag": odds.bag,
                "ongoing": odds.ongoing, "rows": rows, "breakdown": breakdown,
                "countdown_note": self._countdown_note(), "choice": self._choice_text(),
                "chance_title": self._chance_title()}

    def _chance_title(self) -> str:
        """The what-if panel's title, named by the pending event's outcomes (only their
        kind: the seat's own view of the outcomes is in ``chance``)."""
        g = self.game
        if not g.is_chance or g.state.phase == "attack":
            return ""
        verb = g.chance_outcomes()[0][0].id.lstrip("?").split(" ")[0]
        phase = g.state.phase
        return {"draw": "Drawing a card" if phase == "turn" else "Drawing a new hand",
                "secret": "Turning over the secret",
                "row": "Refilling the dungeon row" if phase == "refill" else
                       "Dealing the dungeon row",
                "remove": "Removing an artifact"}.get(verb, "Chance event")

    def _countdown_note(self) -> str:
        """What the countdown player's next turn does (CL-10.6 to CL-10.8), once begun."""
        s = self.game.state
        seat, space = s.countdown_seat, s.countdown
        if seat is None or space >= 5:
            return ""
        extra = s.content.game["countdown_extra"]
        nxt = space + 1
        what = (f"a dragon attack with {plural(extra[nxt - 2], 'extra cube')}" if nxt <= 4
                else "everyone still inside is knocked out")
        return (f"{s.players[seat].name} is out: on each of their turns the countdown moves "
                f"on; next, space {nxt}: {what}.")

    def _choice_text(self) -> dict:
        """The pending choice's title and hint (CL-12.2 discard to draw, CL-12.6 trash)."""
        pending = self.game.state.turn.pending
        if not pending:
            return {}
        kind, n = pending[0]
        if kind == "discard":
            return {"title": f"Discard a card to draw {n}?", "de": "abwerfen",
                    "hint": "The discarded card has no effect; you draw from your draw "
                            "pile (CL-12.2)."}
        return {"title": f"Trash a card? (up to {n})", "de": "entsorgen",
                "hint": "A trashed card leaves your deck for good: pick one from your "
                        "discard pile or play area (CL-12.6)."}
