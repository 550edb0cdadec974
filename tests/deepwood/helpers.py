"""Position builders for Deep Wood rule tests.

Rule tests set up exact positions by editing the state directly (a test of "the thicket
costs 3 potions" should not depend on what a seeded shuffle happens to reveal), keeping
the face-down multiset consistent so that tile conservation still holds.
"""

from __future__ import annotations

import deepwood_kernel as dk
from deepwood_kernel.games.deepwood.rules import settle
from deepwood_kernel.games.deepwood.state import FACE_DOWN


def dealt(players: int = 2, seed: int = 0) -> dk.Game:
    """A game right after the deal: seat 0 chooses the entry wall field."""
    g = dk.new_game("deepwood", players=players, seed=seed)
    g.advance()
    return g


def at_board(players: int = 2, seed: int = 0, entry: str = "c0", *, figure: str | None = None,
             tiles: dict[str, str | None] | None = None, res: dict[str, int] | None = None,
             stones: dict[str, int] | None = None, round: int | None = None,
             swords: int | None = None, seat: int = 0) -> dk.Game:
    """A game in seat ``seat``'s board phase with an exactly specified neighbourhood.

    ``tiles`` sets fields face up (a kind, or None for bare floor); ``figure`` puts the
    figure there with the path [wall, ..., figure] given by a straight column walk;
    ``stones`` puts marker stones; nothing is revealed unless asked for.
    """
    g = dealt(players, seed)
    s = g.state
    for i in range(players):
        if i == seat:
            break
        # earlier seats: enter and pass
        g.apply(f"enter {'abcde'[i]}0")
        _market(g)
        g.advance()
        g.apply("end")
        g.advance()
    g.apply(f"enter {entry}")
    _market(g)
    # draw the strip, but stop before any reveal
    while g.is_chance and s.phase == "draw":
        g.step()
    rig(g, seat, figure=figure, tiles=tiles, res=res, stones=stones, round=round,
        swords=swords)
    return g


def pass_turn(g: dk.Game) -> None:
    """Play the current seat's turn plainly: enter if needed, the first market choices,
    then end the turn (returning surplus resources if the limit asks)."""
    if g.state.phase == "entry":
        g.apply("enter a0")
    _market(g)
    g.advance()
    g.apply("end")
    g.advance()
    while g.state.phase == "limit":
        g.apply(g.legal_action_ids()[-1])


def _market(g: dk.Game) -> None:
    g.apply(g.legal_action_ids()[0])        # place
    g.apply(g.legal_action_ids()[0])        # border
    if g.state.phase == "double":
        g.apply("double none")


def rig(g: dk.Game, seat: int = 0, *, figure=None, tiles=None, res=None, stones=None,
        round=None, swords=None, reveal: bool = False) -> dk.Game:
    s = g.state
    c = s.content
    b, p = s.boards[seat], s.players[seat]
    for sq, kind in (tiles or {}).items():
        f = c.field(sq)
        old = b.tiles[f]
        if old == FACE_DOWN:
            src = kind if kind not in (None, FACE_DOWN) else "forest"
            assert b.hidden[src] > 0, f"no face-down {src} left to place on {sq}"
            b.hidden[src] -= 1
        b.tiles[f] = kind
    if figure is not None:
        f = c.field(figure)
        col = f % c.columns
        wall = col
        b.path = [wall] + [r * c.columns + col for r in range(1, f // c.columns + 1)]
        b.figure = f
        for walked in b.path[1:]:
            if b.tiles[walked] == FACE_DOWN:      # a walked field was revealed as forest
                assert b.hidden["forest"] > 0, "no face-down forest left for the path"
                b.hidden["forest"] -= 1
                b.tiles[walked] = "forest"
        b.stones = [0] * len(b.stones)
        for walked in b.path[:-1]:
            b.stones[walked] = 1            # one stone behind every step of the walk
    for sq, n in (stones or {}).items():
        b.stones[c.field(sq)] = n
    if res is not None:
        p.res.update(res)
    if round is not None:
        s.round = round
    if swords is not None:
        p.swords = swords
    if s.phase in ("board", "reveal"):
        s.phase = "board"
        s.reveal_at = None
        if reveal:
            settle(s)
    g._invalidate()
    return g


def ids(g: dk.Game, verb: str) -> list[str]:
    return [a for a in g.legal_action_ids() if a.split()[0] == verb]
