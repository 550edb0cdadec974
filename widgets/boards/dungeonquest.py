"""``DungeonQuestBoard``: the clickable table of *DungeonQuest* (key ``"dungeonquest"``).

>>> from widgets import DungeonQuestBoard
>>> w = DungeonQuestBoard(players=2, seed=3, bots=[1], bot_delay=0)
>>> w.status["phase"]["key"], w.legal[0]["target"]["kind"]
('hero', 'hero')
>>> w.play("hero brannoc"); w.view["heroes"][0]["hero"]
'Brannoc the Bold'

The browser (``boards/dungeonquest.js`` inside the shell) draws ``view`` and makes every
entry of ``legal`` clickable where it is drawn; see :mod:`widgets.shell` for the messages
it sends back.

Click targets (``legal[i]["target"]``):

* ``{"kind": "square", "sq": "c4", "verb": "move"|"tower"|"flee"}`` — a square of the
  grid: move or explore (DQ-3), place in / take the passage to a tower room (DQ-1.10,
  DQ-11.13), flee to a neighbouring room (DQ-9.8);
* ``{"kind": "dir", "sq": "c4", "dir": "N", "verb": "face"|"orient"|"turn"|"secret",
  "id_arg"}`` — an arrow on a square: the travel marker's direction (DQ-10.2), the
  orientation of a tile found on leaving the catacombs (DQ-10.7), the 90° turn on leaving
  them (DQ-10.4), the wall that hides a secret door (DQ-5.3);
* ``{"kind": "combat", "card": "melee", "side": "hero"|"monster"}`` — a combat card
  (Kampfkarte) of the duel (DQ-9.3);
* ``{"kind": "test", "verb": "spend"|"accept", "n": 2}`` — spend determination after
  the roll (DQ-6.3);
* ``{"kind": "hero", "hero": key}`` — a hero sheet to choose (DQ-1.7);
* ``{"kind": "loot", "card": key}`` — drop a loot card before the bridge (DQ-11.3);
* ``{"kind": "button", "group": verb}`` — search, catacombs, dragon, cross, wait, stop,
  escape, open, leave, stay, fight.

The odds panel (``advice``) is computed for the watching seat: the exact chance of the
test being rolled (or of each attribute test of the watching hero, with and without the
determination it holds), the chance that the sun sets within 1, 3 and 5 more moves of
the sun marker (``sun_survival``), and the equilibrium of the combat duel
(``combat_equilibrium``) with each hero card's expected wound balance against the monster
policy in play. It also carries what the engine's ``view`` leaves out but the board draws:
the far halves of split tiles, the test in progress, card names and texts, the hero
sheets to choose from, and the last card or tile drawn (never a face-down rune, and a
monster only by its name: DQ-9.2).
"""

from __future__ import annotations

import re
from fractions import Fraction

from deepwood_kernel.games.dungeonquest import combat_equilibrium, sun_survival, test_odds
from deepwood_kernel.games.dungeonquest.content import ATTR_DE, DIRS
from deepwood_kernel.games.dungeonquest.render import card_text

from ..shell import AUTO, GameWidget, board_module, board_styles, prob_dict

#: German deck names of the rulebook (Spielmaterial)
DECK_DE = {"dungeon": "Verlieskarten", "catacomb": "Katakombenkarten",
           "corpse": "Leichenkarten", "trap": "Fallenkarten", "crypt": "Kryptakarten",
           "door": "Türkarten", "search": "Durchsuchungskarten", "treasure": "Schatzkarten",
           "rune": "Runenkarten", "monster": "Monsterkarten", "dragon": "Drachenkarten"}
#: room types with their German rulebook names (Raumeffekte)
ROOM_DE = {"dungeon": ("dungeon room", "Verliesraum"), "corridor": ("corridor", "Korridor"),
           "trap": ("trap room", "Fallenraum"),
           "cave_in": ("caved-in ceiling", "Eingestürzte Decke"),
           "chasm": ("deep chasm", "Tiefer Schlund"), "bridge": ("bridge", "Brücke"),
           "rotating": ("rotating room", "Drehkammer"),
           "darkness": ("chamber of darkness", "Kammer der Dunkelheit"),
           "web": ("spider web", "Spinnennetz"), "pit": ("bottomless pit", "Bodenloser Abgrund"),
           "tower": ("tower room", "Turmzimmer"), "treasure": ("treasure chamber", "Schatzkammer")}
SUN_TURNS = (1, 3, 5)
_BRACKETED = re.compile(r"(?P<de>.+?)\s*\((?P<en>[^()]+)\)\s*")


def combat_terms(names) -> list[list[str]]:
    """Each combat card's English name and German rulebook word, from the content's
    names, which read "German (english)": the board shows the English, the German goes
    in the tooltip (issue 25 §3). A name without brackets is English with no German word
    (a user's own content file may name its cards so).

    >>> combat_terms(["Nahkampf (melee)", "Fernkampf (ranged)", "Slash"])
    [['Melee', 'Nahkampf'], ['Ranged', 'Fernkampf'], ['Slash', '']]
    """
    out = []
    for name in names:
        m = _BRACKETED.fullmatch(name)
        en, de = (m["en"].strip(), m["de"].strip()) if m else (name.strip(), "")
        out.append([en[:1].upper() + en[1:], de])
    return out
SETUP_CHANCE = ("startroll", "rune")


class DungeonQuestBoard(GameWidget):
    """A DungeonQuest table you can play by clicking.

    ``DungeonQuestBoard(game=None, *, players=2, seed=0, bots=(), seat="auto",
    bot_delay=0.4, auto_chance=False, bot="heuristic", options=None)``

    * ``game``: an existing ``dk.new_game("dungeonquest", ...)`` (else a new one with
      ``players``, ``seed`` and the game ``options``, e.g. ``{"monster": "uniform"}``);
      the start-player roll and the face-down runes are resolved at once, seeded, as
      ``game.advance()`` would (nothing is decided there);
    * ``bots``: seats played by bots, one step every ``bot_delay`` seconds;
    * ``seat``: whose eyes the board uses (None: a spectator who sees everything);
    * ``auto_chance``: roll every die and draw every card on its own; otherwise each
      chance event in a human's turn waits for "step" or an outcome forced in the
      what-if picker (the 2d6 of a test, the sun die, every tile and card).
    """

    game_key = "dungeonquest"
    _esm = board_module("dungeonquest")
    _css = board_styles("dungeonquest")
    # status line: English name, the German rulebook term, a one-line hint
    PHASES = {
        "startroll": ("start player roll", "Startspieler", "Every player rolls a die."),
        "rune": ("rune cards", "Runenkarten ziehen", "A rune card is dealt face down."),
        "hero": ("choose a hero", "Heldenbogen wählen", "Click a hero sheet."),
        "place": ("into a tower room", "Turmzimmer", "Click a free tower room."),
        "action": ("action phase", "Aktionsphase", "Click a square to move or explore, or "
                   "search / enter the catacombs."),
        "sun": ("the sun moves", "Zeit", "The sun die is rolled: at or under the number "
                "the sun sets."),
        "test": ("attribute test", "Eigenschaftsprobe", "2d6 at or under the attribute."),
        "spend": ("determination", "Entschlossenheitsmarker", "Spend tokens to lower the "
                  "roll, or accept the failure."),
        "tile": ("a new room tile", "Raumplättchen", "A tile is drawn for the square."),
        "card": ("a card is drawn", "Karte ziehen", ""),
        "monster": ("a monster appears", "Monsterbegegnung", "A monster card is drawn."),
        "combat": ("combat: choose a card", "Kampf", "Click one of your three combat "
                   "cards; the monster chooses in secret."),
        "mplay": ("combat: the monster's card", "Monsterspieler", "Choose the monster's "
                  "combat card (the hero's card stays hidden until both are revealed)."),
        "mcard": ("combat: the monster's card", "Kampf", "The monster's card is drawn by "
                  "its policy."),
        "round_end": ("end of the combat round", "Flucht", "Fight on, or click a room "
                      "to flee to (agility test)."),
        "may": ("a closer look?", "Karte ziehen", "You may draw the card."),
        "onward": ("move on", "Raumeffekte", "You must move on at once: click a square."),
        "bridge": ("the bridge", "Brücke", "Drop loot, cross (agility +1 per loot card) "
                   "or wait."),
        "face": ("into the catacombs", "Reisemarker", "Click an arrow: the way the travel "
                 "marker points."),
        "exit": ("leave the catacombs?", "Die Katakomben verlassen", ""),
        "turn": ("leaving the catacombs", "Die Katakomben verlassen", "Turn the travel "
                 "marker 90°: click an arrow."),
        "catroll": ("leaving the catacombs", "Die Katakomben verlassen",
                    "A die says how far the marker moves."),
        "orient": ("a tile in any orientation", "Rückkehr", "Click the arrow the tile's "
                   "entry arrow points to."),
        "wounds": ("wounds", "Wunden", "Dice of wounds are rolled."),
        "secret": ("a secret door", "Geheimtür", "Click an arrow: the wall that hides the "
                   "door."),
        "dark": ("chamber of darkness", "Kammer der Dunkelheit", "A die sends you on."),
        "over": ("game over", "Spielende", "The game is over."),
    }

    def __init__(self, game=None, *, players: int = 2, seed: int = 0, bots=(),
                 seat: int | None | str = AUTO, bot_delay: float = 0.4,
                 auto_chance: bool = False, bot="heuristic", options: dict | None = None,
                 **kwargs):
        self._options = dict(options or {})
        super().__init__(game, players=players, seed=seed, bots=bots, seat=seat,
                         bot_delay=bot_delay, auto_chance=auto_chance, bot=bot, **kwargs)

    # ------------------------------------------------------------------ hooks
    def make_game(self, players: int, seed: int):
        import deepwood_kernel as dk
        return dk.new_game(self.game_key, players=players, seed=seed,
                           options=self._options or None)

    def prepare(self, game) -> None:
        """DQ-1.6, DQ-1.9: the start-player dice and the face-down runes (no decision)."""
        while game.is_chance and game.state.chance[0] in SETUP_CHANCE:
            game.step()

    def _is_auto(self) -> bool:
        g = self.game
        if g.is_chance and not g.is_over and g.state.chance[0] in SETUP_CHANCE:
            return True         # so undo skips them as it skips bot moves
        return super()._is_auto()

    def turn_owner(self) -> int | None:
        return None if self.game.is_over else self.game.state.seat

    def phase_key(self) -> str:
        s = self.game.state
        if s.over:
            return "over"
        if s.chance is not None:
            return s.chance[0]
        return s.decide[0] if s.decide else ""

    def phase_text(self, view: dict) -> dict:
        key = self.phase_key()
        name, de, hint = self.PHASES.get(key, (key, "", ""))
        s = self.game.state
        if key == "test" and s.test:
            name, de = f"{s.test['attr']} test", f"{ATTR_DE[s.test['attr']]}sprobe"
        elif key == "card":
            name, de = f"drawing a {s.chance[1]} card", DECK_DE[s.chance[1]]
        return {"key": key, "name": name, "de": de, "hint": hint}

    def target(self, action_id: str, view: dict) -> dict:
        verb, _, arg = action_id.partition(" ")
        s = self.game.state
        if verb in ("move", "tower", "flee"):
            return {"kind": "square", "sq": arg, "verb": verb}
        if verb in ("face", "orient", "secret"):     # secret: the wall's side (DQ-5.3)
            return {"kind": "dir", "sq": s.heroes[s.decide[1]].sq, "dir": arg, "verb": verb}
        if verb == "turn":
            sq, d = s.heroes[s.decide[1]].travel
            d = (d - 1) % 4 if arg == "left" else (d + 1) % 4
            return {"kind": "dir", "sq": sq, "dir": DIRS[d], "verb": "turn", "turn": arg}
        if verb in ("play", "monster"):
            return {"kind": "combat", "card": arg, "side": "hero" if verb == "play"
                    else "monster"}
        if verb in ("spend", "accept"):
            return {"kind": "test", "verb": verb, "n": int(arg) if arg else 0}
        if verb == "hero":
            return {"kind": "hero", "hero": arg}
        if verb == "drop":
            return {"kind": "loot", "card": arg}
        return {"kind": "button", "group": verb}

    # ------------------------------------------------------------------ advice
    def _watcher(self) -> int | None:
        """The hero the odds are for: the watching seat, else (spectator) the active one."""
        # the public view: the active hero's (attributes and tokens are open to all)
        return self.seat if isinstance(self.seat, int) else self.turn_owner()

    def compute_advice(self) -> dict:
        g = self.game
        s = g.state
        c = s.content
        seen_cards = {k for h in s.heroes for k in h.loot + h.keep + h.runes + h.cat_cards}
        seen_cards |= set(s.dragon_drawn)
        last = self._last_drawn()
        if last and last.get("key"):
            seen_cards.add(last["key"])
        cards = {k: {"name": c.cards[k].name, "gold": c.cards[k].gold, "deck": c.cards[k].deck,
                     "text": card_text(c.cards[k])} for k in sorted(seen_cards)}
        far = {}
        for sq, (key, rot) in s.board.items():
            f = c.tiles[key].far
            if f:
                far[sq] = "".join(DIRS[d] for d in range(4) if DIRS[(d - rot) % 4] in f)
        out = {"cards": cards, "far": far, "last": last, "rooms": ROOM_DE,
               "decks_de": DECK_DE, "attr_de": ATTR_DE,
               "combat_terms": dict(zip(c.combat_cards, combat_terms(c.combat_names))),
               "heroes": {k: {"name": x.name, "strength": x.strength, "agility": x.agility,
                              "toughness": x.toughness, "luck": x.luck, "life": x.life}
                          for k, x in c.heroes.items()},
               "test": self._test_info(), "revealed": self._revealed()}
        if g.is_over:
            return out
        out["sun"], out["combat"] = self._sun_odds(), self._combat_odds()
        cross = self._cross_odds()
        if cross is not None:
            out["cross"] = cross
        w = self._watcher()
        if w is not None and not g.is_over and s.heroes[w].status in ("in", "catacombs"):
            out["attrs"] = self._attr_odds(w)
        return out

    def _test_info(self) -> dict | None:
        """DQ-6.1–DQ-6.3: the test being rolled or just rolled; the exact pass chance with
        every determination token the hero holds (spent after the roll)."""
        s = self.game.state
        t = s.test
        if t is None:
            return None
        h = s.heroes[s.seat]
        det = h.determination
        base = t["target"] - t["mod"]       # the roll must be <= target - mod (+ tokens)
        info = {"seat": s.seat, "attr": t["attr"], "de": ATTR_DE[t["attr"]],
                "target": t["target"], "mod": t["mod"], "roll": t["roll"],
                "determination": det,
                "plain": prob_dict(test_odds(base)),
                "with": prob_dict(test_odds(base, det))}
        if t["roll"]:
            info["need"] = t["roll"] + t["mod"] - t["target"]
        return info

    def _cross_odds(self) -> dict | None:
        """DQ-11.3: the chance to cross the bridge now: agility, +1 to the roll per loot
        card carried, with the determination the hero holds."""
        from deepwood_kernel.games.dungeonquest.rules import attribute
        g = self.game
        if g.is_chance or "cross" not in g.legal_action_ids():
            return None
        s = g.state
        h = s.heroes[s.seat]
        base = attribute(s, s.seat, "agility") - len(h.loot)
        return prob_dict(test_odds(base, h.determination))

    def _attr_odds(self, seat: int) -> list[dict]:
        from deepwood_kernel.games.dungeonquest.rules import attribute
        s = self.game.state
        det = s.heroes[seat].determination
        rows = []
        for a in ("strength", "agility", "toughness", "luck"):
            v = attribute(s, seat, a)
            rows.append({"attr": a, "de": ATTR_DE[a], "value": v,
                         "plain": prob_dict(test_odds(v)),
                         "with": prob_dict(test_odds(v, det))})
        return rows

    def _sun_odds(self) -> dict:
        """DQ-7.2: the chance the sun has set within t more moves of the sun marker."""
        s = self.game.state
        c = s.content
        rows = [{"turns": t, **prob_dict(1 - sun_survival(s.sun, t, c))} for t in SUN_TURNS]
        nxt = next((k for k in sorted(c.sun_numbers) if k > s.sun), None)
        return {"space": s.sun, "length": c.sun_length, "rows": rows,
                "next_numbered": nxt, "next_number": c.sun_numbers.get(nxt)}

    def _combat_odds(self) -> dict:
        """DQ-9.6: the duel's equilibrium, and each hero card's expected wound balance
        (monster's wounds minus the hero's) against the monster policy in play."""
        s = self.game.state
        c = s.content
        eq = combat_equilibrium(c)
        policy = s.options.get("monster", "player")
        if policy == "uniform":
            mix = {k: Fraction(1, 3) for k in c.combat_cards}
        else:      # a player's choice is unknown: the equilibrium is the safe benchmark
            mix = eq["monster"]
        rows = []
        for i, k in enumerate(c.combat_cards):
            ev = sum(mix[m] * (c.monster_wounds[i][j] - c.hero_wounds[i][j])
                     for j, m in enumerate(c.combat_cards))
            rows.append({"card": k, "hero_mix": prob_dict(eq["hero"][k]),
                         "monster_mix": prob_dict(eq["monster"][k]),
                         "ev": str(ev), "ev_f": float(ev)})
        return {"policy": policy, "value": str(eq["value"]), "rows": rows,
                "against": "uniform" if policy == "uniform" else "equilibrium"}

    def _revealed(self) -> dict | None:
        """DQ-9.4: the two cards of the combat round just revealed (the engine clears them
        for the next round), while the hero decides to fight on or flee."""
        s = self.game.state
        if s.combat is None or not s.decide or s.decide[0] != "round_end":
            return None
        out: dict = {}
        for st in reversed(self.game.history):
            verb, _, arg = st.id.partition(" ")
            if verb == "monster" and "monster" not in out:
                out["monster"] = arg
            elif verb == "play":
                out["hero"] = arg
                break
        if len(out) != 2:
            return None
        c = s.content
        i, j = c.combat_cards.index(out["hero"]), c.combat_cards.index(out["monster"])
        return {**out, "hero_wounds": c.hero_wounds[i][j], "monster_wounds": c.monster_wounds[i][j]}

    def _last_drawn(self) -> dict | None:
        """The last card or tile drawn, from the history. A rune dealt face down in the
        setup (DQ-1.9) is skipped: nobody has seen it when it is dealt. A monster is shown
        by its name only (DQ-9.2: only the name is read aloud)."""
        c = self.game.state.content
        hist = self.game.history
        first_hero = next((i for i, st in enumerate(hist) if st.id.startswith("hero ")),
                          len(hist))
        for i in range(len(hist) - 1, -1, -1):
            st = hist[i]
            if st.player is not None:
                continue
            verb, _, arg = st.id.partition(" ")
            if verb == "tile" and arg in c.tiles:
                typ = c.tiles[arg].type
                return {"kind": "tile", "type": typ, "name": ROOM_DE[typ][0],
                        "de": ROOM_DE[typ][1]}
            if verb == "card" and arg in c.cards:
                card = c.cards[arg]
                if card.deck == "rune" and i < first_hero:
                    continue
                if card.deck == "monster":
                    return {"kind": "card", "deck": "monster", "name": card.name,
                            "de": DECK_DE["monster"], "text": "a monster"}
                return {"kind": "card", "key": arg, "deck": card.deck, "name": card.name,
                        "de": DECK_DE[card.deck], "gold": card.gold,
                        "text": card_text(card)}
        return None
