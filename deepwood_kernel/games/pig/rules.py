"""Pig, the smallest complete game: roll or hold; a 1 loses the turn's points; first to 100.

The worked example of the engine contract, in one file: content (the goal and the die, in
``content.toml``), state, rules, labels, view, static HTML and a bot. The rules are
``docs/rules/pig.md`` (PIG-…), after T. Neller and C. Presser, "Optimal Play of the Dice
Game Pig", *The UMAP Journal* 25(1), 2004, section 1 (Introduction).

>>> import deepwood_kernel as dk
>>> g = dk.new_game("pig", players=2, seed=1)
>>> g.legal_action_ids(), g.apply("roll"), g.chance_outcomes()[0]
(['roll'], None, (Action('die 1'), Fraction(1, 6)))
>>> g.apply("die 5"); g.legal_action_ids(), g.view()["turn_total"]
(['roll', 'hold'], 5)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from html import escape
from pathlib import Path

from ...core.content import Int, Schema, parse_toml, validate
from ...core.rules import GameInfo, Rules

NAMES = ("Anna", "Ben", "Clara", "David")
DEFAULT_FILE = CONTENT = Path(__file__).with_name("content.toml")
# PIG-5.1: a game ends at 10,000 plies; 1,800 seeded bot games took at most 438
INFO = GameInfo(key="pig", title="Pig", min_players=2, max_players=4, max_game_length=10_000,
                description="Roll a die as often as you dare: each roll adds to your turn "
                            "total, a 1 loses it, holding banks it. First to 100 wins.")


@dataclass(frozen=True)
class Content:
    """PIG-1.2: the goal and the die's faces (``content.toml``)."""
    goal: int = 100
    faces: int = 6


class ContentSpec(Schema):
    """The declared schema of ``content.toml`` (issue 23): bounds keep a game short."""
    goal: Int(10, 1000)
    faces: Int(2, 20)


def parse_content(data: dict, file: str) -> Content:
    """PIG-1.2: ``goal`` 10..1000 and ``faces`` 2..20, nothing else (:class:`ContentSpec`)."""
    spec = validate(ContentSpec, data, file)
    return Content(spec.goal, spec.faces)


@dataclass
class PigState:
    content: Content
    names: list[str]
    scores: list[int]                # banked points per seat
    seat: int = 0                    # whose turn it is
    turn_total: int = 0              # points rolled this turn, not yet banked
    rolls: list[int] = field(default_factory=list)   # this turn's rolls
    phase: str = "decide"            # "decide", "roll" (the die is in the air), "over"
    log: list[str] = field(default_factory=list)


class PigRules(Rules):
    info = INFO

    def default_content(self) -> Content:
        return self.parse_content(CONTENT.read_text(encoding="utf-8"), CONTENT.name)

    def parse_content(self, text: str, name: str) -> Content:
        return parse_content(parse_toml(text, name), name)

    def initial_state(self, players: int, options: dict, content: Content) -> PigState:
        """PIG-1.1: every score is 0 and the first seat begins."""
        s = PigState(content, list(NAMES[:players]), [0] * players)
        s.log.append(f"First to {content.goal} points wins. {s.names[0]} begins.")
        return s

    def current_player(self, s: PigState) -> int | None:
        return s.seat if s.phase == "decide" else None

    def is_chance(self, s: PigState) -> bool:
        return s.phase == "roll"

    def is_over(self, s: PigState) -> bool:
        return s.phase == "over"

    def legal_ids(self, s: PigState) -> list[str]:
        """PIG-2.1: roll at any time; PIG-3.2: hold only once this turn has points."""
        return ["roll", "hold"] if s.turn_total else ["roll"]

    def chance_weights(self, s: PigState) -> list[tuple[str, int]]:
        """PIG-2.2: a fair die, every face equally likely."""
        return [(f"die {face}", 1) for face in range(1, s.content.faces + 1)]

    def explain_illegal(self, s: PigState, action_id: str) -> str | None:
        if action_id == "hold" and s.phase == "decide":
            return "you may hold only after a roll that scored this turn (PIG-3.2)"
        return None

    def apply(self, s: PigState, action_id: str) -> None:
        name = s.names[s.seat]
        if action_id == "roll":
            s.phase = "roll"
        elif action_id == "hold":                       # PIG-3.1: bank the turn total
            s.scores[s.seat] += s.turn_total
            s.log.append(f"{name} holds and banks {s.turn_total}: {s.scores[s.seat]} points.")
            if s.scores[s.seat] >= s.content.goal:      # PIG-4.1: the goal reached wins
                s.phase = "over"
                s.log.append(f"{name} reaches {s.content.goal} and wins.")
            else:
                self._next_turn(s)
        else:
            face = int(action_id.split()[1])
            s.rolls.append(face)
            if face == 1:                               # PIG-2.3: a 1 loses the turn total
                s.log.append(f"{name} rolls a 1 and loses {s.turn_total} points.")
                self._next_turn(s)
            else:                                       # PIG-2.4: else it adds up
                s.turn_total += face
                s.phase = "decide"
                s.log.append(f"{name} rolls {face}: {s.turn_total} this turn.")

    def _next_turn(self, s: PigState) -> None:
        """PIG-2.3, PIG-3.1: the turn passes to the next seat in order."""
        s.seat, s.turn_total, s.rolls, s.phase = (s.seat + 1) % len(s.names), 0, [], "decide"

    def end_by_length(self, s: PigState) -> None:
        """PIG-5.1: at the maximum length the game ends; unbanked points do not count."""
        s.phase = "over"
        s.log.append(f"The game reached its maximum length of {INFO.max_game_length:,} plies.")

    def scores(self, s: PigState) -> list[int]:
        return list(s.scores)

    def score_breakdown(self, s: PigState, seat: int) -> list[tuple[str, int]]:
        return [("Points banked", s.scores[seat])]

    def label(self, s: PigState, action_id: str) -> str:
        if action_id == "roll":
            return f"Roll the die (turn total {s.turn_total})"
        if action_id == "hold":
            return f"Hold: bank {s.turn_total} ({s.scores[s.seat] + s.turn_total} in all)"
        face = action_id.split()[-1]
        return f"The die shows {face}" + (": the turn total is lost" if face == "1" else "")

    def view(self, s: PigState, seat: int | None) -> dict:
        """Everything in Pig is public, so every seat sees the same table."""
        return {"phase": s.phase, "seat": s.seat, "viewer": seat, "names": list(s.names),
                "scores": list(s.scores), "turn_total": s.turn_total, "rolls": list(s.rolls),
                "goal": s.content.goal, "faces": s.content.faces}

    def render_html(self, s: PigState, seat: int | None = None) -> str:
        rows = "".join(f"<tr><td>{escape(n)}</td><td>{s.scores[i]}</td></tr>"
                       for i, n in enumerate(s.names))
        return (f"<div><b>Pig</b>, first to {s.content.goal}: {escape(s.names[s.seat])}'s "
                f"turn, rolls {s.rolls}, turn total {s.turn_total}<table>{rows}</table></div>")

    def fingerprint(self, s: PigState) -> dict:
        return asdict(s)


RULES = PigRules()


class HeuristicBot:
    """PIG-6.1: "hold at 20" — roll until the turn total reaches ``hold_at`` (or wins)."""

    def __init__(self, seed: int = 0, hold_at: int = 20):
        self.hold_at = hold_at                          # the policy has no randomness

    def choose(self, game) -> str:
        s = game.state
        enough = s.turn_total >= min(self.hold_at, s.content.goal - s.scores[s.seat])
        return "hold" if enough and s.turn_total else "roll"
