"""Shared helpers for the Clank! tests: invariants, and games rigged into a known position."""

from __future__ import annotations

from collections import Counter

import deepwood_kernel as dk
from deepwood_kernel.games.clank.state import IN, Turn


def check_invariants(g: dk.Game) -> None:
    """Everything that must hold after every step of every game (CL-0, CL-7, CL-9, CL-12)."""
    s = g.state
    c = s.content
    cubes, health = c.game["clank_cubes"], c.game["health"]
    for i, p in enumerate(s.players):
        parts = (p.supply, p.clank, p.bag, p.damage, p.set_aside)
        assert min(parts) >= 0, (i, parts)
        assert sum(parts) == cubes, (i, parts)                 # 30 cubes, always somewhere
        assert p.damage <= health
        if p.status == IN:
            assert p.damage < health
        assert len(p.artifacts) <= 1 + p.backpacks
        assert p.gold >= 0
    assert s.black_bag + s.black_aside == c.game["black_cubes"]
    assert s.black_bag >= 0
    # every card conserved: dungeon deck (100), reserve piles, each starting deck
    where = dict(s.dungeon)
    for pile in [s.dungeon_discard] + [q.draw for q in s.players] + [q.hand for q in s.players] \
            + [q.discard for q in s.players]:
        for k, v in pile.items():
            assert v > 0, pile
            where[k] = where.get(k, 0) + v
    for k in s.row:
        if k:
            where[k] = where.get(k, 0) + 1
    for q in s.players:
        for k in q.play + q.trashed:
            where[k] = where.get(k, 0) + 1
    for key, card in c.cards.items():
        have = where.get(key, 0)
        if card.set == "dungeon":
            assert have == card.count, (key, have, card.count)
        elif card.set == "starter":
            assert have == card.count * s.n, key
        elif key != "goblin":
            assert have + s.reserve[key] == card.count, key
    # artifacts: on the map + carried + removed at setup = all of them
    total = sum(1 for r in c.rooms if r.artifact)
    carried = sum(len(p.artifacts) for p in s.players)
    removed = c.game["artifacts_removed"][s.n] - (s.to_remove if s.phase == "artifacts" else 0)
    assert len(s.artifacts) + carried + removed == total
    t = s.turn
    assert min(t.skill, t.swords, t.boots, t.teleports, t.neg_clank) >= 0
    assert 0 <= s.rage < len(c.game["rage_track"])
    if s.phase in ("deal", "hand") and s.dungeon:
        assert None not in s.row                 # the row is full between refills
    if g.is_over:
        assert not any(p.status == IN for p in s.players)
    elif g.is_chance:
        assert g.chance_outcomes()
    else:
        assert g.legal_action_ids(), "a player must always have a legal action"


def at_turn(players: int = 2, seed: int = 0, **opts) -> dk.Game:
    """A game dealt and ready for seat 0's first decision."""
    g = dk.new_game("clank", players=players, seed=seed, **opts)
    g.advance()
    return g


def rig(g: dk.Game, seat: int | None = None, *, hand=None, room=None, **turn) -> dk.Game:
    """Put the player to move into a known position: a hand (a list of card keys; the
    cards come out of that player's piles, so decks stay conserved), a room, and turn
    resources (skill=, swords=, boots=, teleports=)."""
    s = g.state
    seat = s.seat if seat is None else seat
    p = s.players[seat]
    if hand is not None:
        pool = Counter(p.draw) + Counter(p.hand) + Counter(p.discard)
        want = Counter(hand)
        for k, n in want.items():
            # copies the player lacks come out of the dungeon deck or a reserve pile, so
            # every card stays conserved (check_invariants keeps holding)
            for _ in range(n - pool[k]):
                card = s.content.cards[k]
                if card.set == "dungeon" and s.dungeon.get(k):
                    s.dungeon[k] -= 1
                    if not s.dungeon[k]:
                        del s.dungeon[k]
                elif card.set == "reserve" and s.reserve.get(k):
                    s.reserve[k] -= 1
                else:
                    raise ValueError(f"rig: no spare copy of {k!r} to put in the hand")
                pool[k] += 1
        rest = pool - want
        p.hand = dict(want)
        p.draw = dict(rest)
        p.discard = {}
    if room is not None:
        p.room = s.content.room_index[room]
    if turn:
        s.turn = Turn(**{**Turn().__dict__, **turn})
    g._invalidate()
    return g


def hurt(g: dk.Game, seat: int, n: int) -> None:
    """Put ``n`` damage on ``seat``'s health track, taken from their supply (so the 30
    cubes stay conserved)."""
    p = g.state.players[seat]
    p.supply -= n
    p.damage += n
    g._invalidate()
