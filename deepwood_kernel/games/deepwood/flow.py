"""Turn order, rounds, fog and the end of *Durch den tiefen Wald* (rulebook: Spielablauf,
Nebel, Spielende; DW-9.3, DW-10.x), and the mandatory reveal after every board change."""

from __future__ import annotations

from .queries import next_reveal, owns_advantage
from .setup import LAST_ROUND
from .state import DeepWoodState


# ============================================================== flow
def settle(s: DeepWoodState) -> None:
    """After every board change: reveal whatever is now in sight (mandatory)."""
    if s.phase == "board":
        f = next_reveal(s)
        if f is not None:
            s.phase = "reveal"
            s.reveal_at = f


def start_turn(s: DeepWoodState) -> None:
    b = s.boards[s.seat]
    s.gained = {}
    s.phase = "entry" if not b.path else "place"


def end_turn(s: DeepWoodState) -> None:
    s.phase = "limit"
    _check_limit(s)


def _check_limit(s: DeepWoodState) -> None:
    """DW-9.3: at most 6 potions, books and stones each at the end of the turn."""
    p = s.players[s.seat]
    if any(p.res[r] > s.content.resource_limit for r in ("potions", "books", "stones")):
        s.phase = "limit"
        return
    _next_turn(s)


def _next_turn(s: DeepWoodState) -> None:
    """Turn order, rounds, fog and the end (Spielablauf, Nebel, Spielende: DW-10.x)."""
    if s.final_turns is not None:
        s.final_turns -= 1
        if s.final_turns == 0:
            _game_over(s, "everyone has had one more turn after the first player left")
            return
    s.seat = (s.seat + 1) % s.n
    if s.seat == 0:
        if s.round == LAST_ROUND:
            _game_over(s, f"round {LAST_ROUND} is over")
            return
        s.round += 1
        _start_round(s)
    start_turn(s)


def _start_round(s: DeepWoodState) -> None:
    if s.round == s.fog_round:
        s.log.append(f"After {s.round - 1} rounds the fog sets in beside the bottom forest row.")
    elif s.fog_row is not None:
        s.log.append(f"Round {s.round}: the fog rises to row {s.fog_row}.")
    else:
        s.log.append(f"Round {s.round} begins.")
    for seat, p in enumerate(s.players):
        p.trolls_fresh = 0
        if owns_advantage(s, seat, "gold_each_round"):
            p.res["gold"] += 1                  # DW-6.6: monster 1, one gold a round
            s.log.append(f"{p.name} receives 1 gold from rock monster 1.")


def _game_over(s: DeepWoodState, why: str) -> None:
    s.phase = "over"
    s.log.append(f"The game ends: {why}.")
