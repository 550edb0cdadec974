"""``DungeonDrawBoard``: the clickable table of *Dungeon Draw* (key ``"dungeondraw"``).

"Dungeon Draw" is the project's name for the game of the rulebook's versus rules (the
text carries no title).

>>> from widgets import DungeonDrawBoard
>>> w = DungeonDrawBoard(players=2, seed=1, bots=[1], bot_delay=0)
>>> w.status["phase"]["key"], w.seat, w.legal[0]["target"]["kind"]
('market', 0, 'fairy')
>>> w.play("buy fairy key"); w.view["players"][0]["fairy"]
{'key': 1}

The browser (``boards/dungeondraw.js`` inside the shell) draws ``view`` and makes every
entry of ``legal`` clickable where it is drawn; see :mod:`widgets.shell` for the messages
it sends back.

Click targets (``legal[i]["target"]``):

* ``{"kind": "fairy", "fairy": "key", "extra": "rope"|None}`` — a fairy-tile stack of
  the market (Feenplättchen, DD-2.5; ``extra``: the free tile of SB-16);
* ``{"kind": "book", "slot": 0|1|"blind"}`` — a face-up spell book or the book stack
  (Zauberbücher, DD-2.6, DD-2.8);
* ``{"kind": "card", "cost": 3..6, "slot": 0|1|"blind", "sb10": bool}`` — a face-up
  dungeon card or its stack (Dungeonkarten, DD-2.7, DD-2.8; ``sb10``: one coin less);
* ``{"kind": "place", "card": key, "col", "row", "turn": 0|180}`` — a place in the
  building area for a hand card, either way up (DD-4.1–DD-4.3);
* ``{"kind": "node", "node": "2.c01", "verb": "start"|"go"|"portal"|"teleport"|
  "barrel"|"climb"|"travel", "how": ...}`` — a node of the dungeon: the path's next step
  (DD-5, DD-6.8, spell books);
* ``{"kind": "placed", "index": i, "verb": "recycle"|"scissors"|"erase"|"keep"}`` — a
  card of the laid dungeon at clean-up (DD-8.2, DD-8.3, SB-6, SB-17);
* ``{"kind": "ownbook", "book": "SB-3"}`` — a spell book of yours to lay aside (DD-2.6);
* ``{"kind": "button", "group": verb}`` — pass, build done, use (an obstacle's means),
  fall, end, exit, favour, peek, done.

The advice (``advice``) is computed for the watching seat (a spectator: the player to
move): the solver's best path through that seat's dungeon for the round's main goal
(``best_path`` of the engine, exact search) with its score beside the path drawn so far,
and the best way on from where the path stands; in the market and while drawing, the
exact chance of each card of the seat's own deck reaching this round's hand; while it builds, the engine's layout
advisor (``advise_layout``) for its whole hand, with the next card of that layout when
the cards laid so far follow it (a ★ on its place). It also carries what the engine's
``view`` leaves out but the board draws, all of it public: the cards named in the view
(names, costs and geometry), the spell-book texts, the goal points, and per dungeon the
paper sheet's marks (discoveries circled, overcome obstacles and used items crossed out),
replayed from the path's own actions in the history.
"""

from __future__ import annotations

from deepwood_kernel import PUBLIC
from deepwood_kernel.games.dungeondraw import (PathState, advise_layout, best_path,
                                               build_dungeon, path_apply)
from deepwood_kernel.games.dungeondraw.odds import draw_chance
from deepwood_kernel.games.dungeondraw.path import GOAL_OF, path_value
from deepwood_kernel.games.dungeondraw.rules import FAIRY_KINDS, goal_kind, has_hourglass

from ..shell import GameWidget, board_module, board_styles, prob_dict

#: path verbs: the actions a player takes while drawing the path (DD-5, DD-6)
PATH_VERBS = ("start", "go", "use", "fall", "portal", "teleport", "barrel", "climb",
              "travel", "exit", "favour", "end")
NODE_VERBS = ("start", "go", "portal", "teleport", "barrel", "climb", "travel")
PLENTY = 99          # fairy tiles lent to a replay, to learn how many the path used
#: German rulebook terms of the contents and goals (Gegenstände, Hindernisse, Ziele)
TERMS_DE = {"coin": "Münze", "barrel": "Fass", "sword": "Schwert", "rope": "Seil",
            "key": "Schlüssel", "scroll": "Schriftrolle", "monster": "Monster",
            "lock": "Schloss", "trap": "Fallgrube", "lava": "Lavagrube", "pit": "Grube",
            "portal": "Portal", "recycle": "Recycling", "scissors": "Schere",
            "room": "Raum", "stairs": "Treppe"}


class DungeonDrawBoard(GameWidget):
    """A Dungeon Draw table you can play by clicking.

    ``DungeonDrawBoard(game=None, *, players=2, seed=0, bots=(), seat="auto",
    bot_delay=0.4, auto_chance=False, bot="heuristic")``

    * ``game``: an existing ``dk.new_game("dungeondraw", ...)``; the set-up draws (the
      market's face-up cards and books, the first main goal) are resolved at once, seeded,
      as ``game.advance()`` would (nothing is decided there);
    * ``bots``: seats played by bots, one step every ``bot_delay`` seconds;
    * ``seat``: whose eyes the board uses (None: a spectator who sees everything);
    * ``auto_chance``: draw every card on its own; otherwise each draw of a human's turn
      waits for "step" or an outcome forced in the what-if picker.
    """

    game_key = "dungeondraw"
    _esm = board_module("dungeondraw")
    _css = board_styles("dungeondraw")
    PHASES = {
        "setup": ("a new round", "Rundenbeginn", "The market is laid out and the main goal "
                  "revealed."),
        "market": ("fairy market", "Feenmarkt", "Click a fairy tile, a spell book or a "
                   "dungeon card to buy it, or pass for the round."),
        "draw": ("drawing hand cards", "Auf 5 Handkarten nachziehen", "Cards are drawn up "
                 "to 5 from the exploration deck."),
        "build": ("building the dungeon", "Erkundung", "Click a hand card, turn it if you "
                  "like, then click a marked place; 'dungeon built' when done."),
        "path": ("drawing the path", "Weg einzeichnen", "Click the next node along a "
                 "corridor; overcome obstacles with the buttons."),
        "explore": ("exploration", "Erkundung", ""),
        "score": ("rewards", "Belohnung erhalten", "The secondary goal is drawn and the "
                  "round scored."),
        "cleanup": ("optimise and clean up", "Optimieren und Aufräumen", "Use upgrades "
                    "on your dungeon's cards, then wipe it."),
        "peek": ("peeking (SB-12)", "Zauberbuch", "Keep or discard the card you drew."),
        "drop book": ("three spell books", "Zauberbücher", "Lay one of your two other "
                      "books aside (at most 2)."),
        "over": ("game over", "Spielende", "The game is over."),
    }

    # ------------------------------------------------------------------ hooks
    def prepare(self, game) -> None:
        """DD-1.2, DD-1.3, DD-2.1: the market's first cards and the first main goal."""
        while game.is_chance and game.state.phase == "setup" and game.state.round == 1 \
                and not any(st.player is not None for st in game.history):
            game.step()

    def _is_auto(self) -> bool:
        g = self.game
        if g.is_chance and not g.is_over and self._setup_draw():
            return True          # so undo skips them as it skips bot moves
        return super()._is_auto()

    def _setup_draw(self) -> bool:
        s = self.game.state
        return s.phase == "setup" and s.round == 1 and not any(
            st.player is not None for st in self.game.history)

    def turn_owner(self) -> int | None:
        g = self.game
        if g.is_over:
            return None
        cp = g.current_player
        if cp is not None:
            return cp
        s = g.state
        if s.tasks and s.tasks[0][0] in ("draw", "blind", "blindbook"):
            return s.tasks[0][1]
        # a refill (DD-2.9) or the next goal card belongs to the turn that caused it: after
        # a bot's purchase it is drawn at once, after a human's it waits for "step"
        for st in reversed(g.history):
            if st.player is not None:
                return st.player
        return None

    def phase_key(self) -> str:
        s = self.game.state
        if s.phase == "over":
            return "over"
        if s.choice:
            return "peek" if s.choice[0] == "peek" else "drop book"
        if s.phase == "explore":
            seat = self.game.current_player
            if seat is not None:
                return "path" if s.players[seat].built else "build"
        return s.phase

    def phase_text(self, view: dict) -> dict:
        key = self.phase_key()
        name, de, hint = self.PHASES.get(key, (key, "", ""))
        return {"key": key, "name": name, "de": de, "hint": hint}

    def target(self, action_id: str, view: dict) -> dict:
        verb, _, arg = action_id.partition(" ")
        parts = arg.split()
        if verb == "buy":
            if parts[0] == "fairy":
                kinds = parts[1].split("+")
                return {"kind": "fairy", "fairy": kinds[0],
                        "extra": kinds[1] if len(kinds) > 1 else None}
            if parts[0] == "book":
                return {"kind": "book", "slot": "blind" if parts[1] == "blind"
                        else int(parts[1])}
            return {"kind": "card", "cost": int(parts[1]),
                    "slot": "blind" if parts[2] == "blind" else int(parts[2]),
                    "sb10": parts[-1] == "SB-10"}
        if verb == "place":
            return {"kind": "place", "card": parts[0], "col": int(parts[1]),
                    "row": int(parts[2]), "turn": int(parts[3])}
        if verb in NODE_VERBS:
            out = {"kind": "node", "node": parts[0], "verb": verb}
            if verb == "portal":
                out["how"] = parts[1]
            return out
        if verb in ("recycle", "scissors", "erase", "keep"):
            return {"kind": "placed", "index": int(arg), "verb": verb}
        if verb == "drop":
            return {"kind": "ownbook", "book": arg}
        if action_id == "build done":
            return {"kind": "button", "group": "build"}
        return {"kind": "button", "group": verb}

    # ------------------------------------------------------------------ advice
    def _watcher(self) -> int | None:
        """Whose dungeon the solver advises: the watching seat, else (spectator) the
        player to move; nobody's in the public view (the advice reads the seat's hand)."""
        if self.seat == PUBLIC:
            return None
        return self.seat if self.seat is not None else self.turn_owner()

    def compute_advice(self) -> dict:
        g = self.game
        s = g.state
        c = s.content
        view_keys = self._view_cards()
        out = {
            "cards": {k: self._card_info(k) for k in sorted(view_keys)},
            "books": {b: c.books[b] for b in self._view_books()},
            "goals": {"main": self._goal_info(s.main_goal),
                      "second": self._goal_info(s.second_goal)},
            "prices": {"fairy": c.game["fairy_cost"], "book": c.game["book_cost"]},
            "terms": TERMS_DE,
            "marks": [self._marks(i) for i in range(s.n)],
            "time_bonus": list(c.game["time_bonus"]),
        }
        w = self._watcher()
        if w is not None and s.phase in ("market", "draw"):
            out["next_hand"] = self._next_hand(w)
        if w is not None:
            best = self._best(w)
            if best is not None:
                out["best"] = best
        return out

    def _next_hand(self, seat: int) -> dict:
        """DD-3.1, DD-3.2: the exact chance that each card of the seat's own exploration
        deck (then its reshuffled discard pile) reaches this round's hand; only the
        seat's own piles, which it knows."""
        s = self.game.state
        p = s.players[seat]
        draws = max(0, s.content.game["hand_size"] - sum(p.hand.values()))
        keys = sorted(set(p.deck) | set(p.discard))
        rows = [{"card": k, "name": s.content.cards[k].name,
                 **prob_dict(draw_chance(p.deck, p.discard, draws, k))} for k in keys]
        rows.sort(key=lambda r: (-r["p"], r["name"]))
        return {"seat": seat, "draws": draws, "deck": sum(p.deck.values()),
                "discard": sum(p.discard.values()), "rows": rows}

    def _view_cards(self) -> set:
        """Every card key the watching seat's view names (never another seat's secret)."""
        v = self.game.view(self._viewer())     # not self.view: refresh sets it after advice
        keys = {k for row in v["market"]["cards"].values() for k in row if k}
        for p in v["players"]:
            if isinstance(p["hand"], list):
                keys.update(p["hand"])
            keys.update(x["key"] for x in p["dungeon"]["cards"])
            keys.update(p["boxed"])
        ch = self.game.state.choice
        if ch and ch[0] == "peek" and (self.seat is None or self.seat == ch[1]):
            keys.add(ch[2])
        return keys

    def _view_books(self) -> list:
        s = self.game.state
        out = {b for b in s.book_row if b}
        for p in s.players:
            out.update(p.books)
        return sorted(out, key=lambda b: int(b.split("-")[1]))

    def _card_info(self, key: str) -> dict:
        card = self.game.state.content.cards[key]
        return {"name": card.name, "cost": card.cost, "deck": card.deck,
                "nodes": [{"id": n.id, "kind": n.kind, "level": n.level, "x": n.x, "y": n.y,
                           "contents": list(n.contents)} for n in card.nodes.values()],
                "links": [list(x) for x in card.links], "drops": [list(x) for x in card.drops]}

    def _goal_info(self, goal: str | None) -> dict | None:
        if not goal:
            return None
        k = goal_kind(goal)
        return {"kind": k, "points": self.game.state.content.goals[k],
                "hourglass": has_hourglass(goal), "de": TERMS_DE.get(k, "")}

    def _path_actions(self, seat: int) -> tuple[list, str | None]:
        """The seat's path actions of this round (after its last "build done"), and the
        main goal they were drawn for (the last goal card drawn before that)."""
        hist = self.game.history
        start = None
        for i in range(len(hist) - 1, -1, -1):
            if hist[i].player == seat and hist[i].id == "build done":
                start = i
                break
        if start is None:
            return [], None
        goal = None
        for i in range(start - 1, -1, -1):
            if hist[i].player is None and hist[i].id.startswith("goal "):
                goal = hist[i].id[5:]
                break
        acts = [st.id for st in hist[start + 1:] if st.player == seat
                and st.id.partition(" ")[0] in PATH_VERBS]
        return acts, goal

    def _replay(self, seat: int):
        """Replay the seat's path from its actions with plenty of fairy tiles: the marks
        of the paper sheet per node, and the tiles and books the path began with."""
        s = self.game.state
        p = s.players[seat]
        ps_now = p.path
        if ps_now is None or not p.placements:
            return None
        acts, goal = self._path_actions(seat)
        d = build_dungeon(s.content, p.placements)
        books0 = set(p.books) | set(ps_now.boxed) | set(p.ready)
        ps = PathState({k: PLENTY for k in FAIRY_KINDS}, books0)
        marks: dict = {}
        favoured: dict = {}

        def mark(node: int, what: str, kind: str) -> None:
            m = marks.setdefault(d.names[node], {"found": {}, "beaten": {}, "used": {}})
            m[what][kind] = m[what].get(kind, 0) + 1

        circled: list = []            # (node, item) in the order discovered
        for aid in acts:
            before_found, before_inv, before_node = dict(ps.found), dict(ps.inv), ps.node
            if aid.startswith("favour "):
                k = aid.split()[1]
                favoured[k] = favoured.get(k, 0) + 1
            path_apply(d, ps, aid)
            # a fall counts the pit fallen through, not the node landed on (DD-6.5)
            here = before_node if aid == "fall" and before_node >= 0 else ps.node
            for k, n in ps.found.items():
                extra = n - before_found.get(k, 0)
                if extra <= 0 or here < 0:
                    continue
                if k in ("monster", "lock") or (k == "pit" and d.kind[here] != "room"):
                    for _ in range(extra):
                        mark(here, "beaten", "trap" if k == "pit" and "trap" in
                             d.contents[here] else "lava" if k == "pit" else k)
                elif k == "pit":
                    mark(here, "beaten", "trap")
                elif k not in ("room", "stairs"):
                    for _ in range(extra):
                        mark(here, "found", k)
                        circled.append((here, k))
            for k, n in before_inv.items():     # an item used: the oldest circled one
                for _ in range(n - ps.inv.get(k, 0)):
                    for j, (node, item) in enumerate(circled):
                        if item == k:
                            mark(node, "used", k)
                            circled.pop(j)
                            break
        used = {k: PLENTY + favoured.get(k, 0) - ps.fairy.get(k, 0) for k in FAIRY_KINDS}
        fairy0 = {k: ps_now.fairy.get(k, 0) + used[k] - favoured.get(k, 0)
                  for k in FAIRY_KINDS}
        return {"marks": marks, "fairy0": {k: v for k, v in fairy0.items() if v > 0},
                "books0": books0, "goal": goal, "dungeon": d, "fairy_used": used}

    def _marks(self, seat: int) -> dict:
        r = self._replay(seat)
        if r is None:
            return {}
        return {"nodes": r["marks"],
                "fairy_used": {k: v for k, v in r["fairy_used"].items() if v > 0}}

    def _best(self, seat: int) -> dict | None:
        """The solver's best path for ``seat``'s dungeon (DD-4.6: goal points, then
        coins, then an exit) with the main goal of the round, beside the path drawn."""
        if not hasattr(self, "_solved"):
            self._solved: dict = {}      # solver answers by layout, goal, tiles and books
        s = self.game.state
        p = s.players[seat]
        if not p.placements:
            return self._advisor_only(seat)
        c = s.content
        if p.path is None:              # still building: the layout so far
            goal, fairy0, books0, acts = s.main_goal, dict(p.fairy), set(p.ready), []
            d = build_dungeon(c, p.placements)
        else:
            r = self._replay(seat)
            goal, fairy0, books0, d = r["goal"], r["fairy0"], r["books0"], r["dungeon"]
            acts = self._path_actions(seat)[0]
        if not goal:
            return None
        kind = goal_kind(goal)
        points = c.goals[kind]
        key = (tuple(p.placements), kind, tuple(sorted(fairy0.items())),
               tuple(sorted(books0)))
        best = self._solved.get(key)
        if best is None:
            best = best_path(d, kind, points, fairy=fairy0, books=books0)
            if len(self._solved) > 64:
                self._solved.clear()
            self._solved[key] = best
        out = {"seat": seat, "goal": kind, "points": points, "building": p.path is None,
               "best": self._path_out(d, fairy0, books0, best.actions, kind, points)}
        advisor = self._advisor(seat)
        if advisor is not None:
            out["advisor"] = advisor
        if p.path is not None:
            out["mine"] = self._path_out(d, fairy0, books0, acts, kind, points)
            if not p.path.ended and acts:
                ck = key + (tuple(acts),)
                on = self._solved.get(ck)
                if on is None:
                    on = best_path(d, kind, points, start=p.path)
                    self._solved[ck] = on
                out["onward"] = self._path_out(d, fairy0, books0, acts + on.actions,
                                               kind, points)
        return out

    def _advisor_only(self, seat: int) -> dict | None:
        """Before the first card is laid: the advisor alone (no dungeon to solve yet)."""
        adv = self._advisor(seat)
        if adv is None:
            return None
        s = self.game.state
        kind = goal_kind(s.main_goal)
        return {"seat": seat, "goal": kind, "points": s.content.goals[kind], "building": True,
                "advisor": adv}

    def _advisor(self, seat: int) -> dict | None:
        """The engine's layout advisor (``advise_layout``: a beam search judged by the
        exact solver, not exhaustive) for the whole hand the seat builds with, while it
        builds; ``next`` is its next card when the cards laid so far follow its layout."""
        s = self.game.state
        p = s.players[seat]
        if s.phase != "explore" or p.built or not s.main_goal:
            return None
        c = s.content
        hand = sorted([k for k, n in p.hand.items() for _ in range(n)]
                      + [x[0] for x in p.placements])
        if not hand:
            return None
        kind = goal_kind(s.main_goal)
        key = ("advisor", tuple(hand), kind, tuple(sorted(p.fairy.items())),
               tuple(sorted(p.ready)))
        adv = self._solved.get(key)
        if adv is None:
            adv = advise_layout(c, hand, kind, c.goals[kind], fairy=dict(p.fairy),
                                books=set(p.ready))
            self._solved[key] = adv
        lay = [tuple(x) for x in adv.placements]
        placed = [tuple(x) for x in p.placements]
        follows = lay[:len(placed)] == placed
        nxt = lay[len(placed)] if follows and len(placed) < len(lay) else None
        return {"score": adv.best.score, "coins": adv.best.coins, "exit": adv.best.exit,
                "cards": len(lay), "layouts": adv.layouts, "follows": follows,
                "next": "place {} {} {} {}".format(*nxt) if nxt else None}

    @staticmethod
    def _path_out(d, fairy0, books0, actions, goal, points) -> dict:
        ps = PathState(fairy0, set(books0))
        for a in actions:
            path_apply(d, ps, a)
        score, coins, exit_ = path_value(ps, goal, points)
        return {"actions": list(actions), "nodes": [d.names[i] for _h, i in ps.steps],
                "hops": [h for h, _i in ps.steps], "score": score, "coins": coins,
                "exit": exit_, "ended": ps.ended,
                "found": {k: v for k, v in ps.found.items() if GOAL_OF.get(k, k) == goal
                          or k == goal}}
