"""Shared helpers for the DungeonQuest tests: invariants, and games rigged into a position."""

from __future__ import annotations

import deepwood_kernel as dk
from deepwood_kernel.games.dungeonquest.content import DECK_SIZES, TILE_COUNT
from deepwood_kernel.games.dungeonquest.state import CATACOMBS, DEAD, ESCAPED, IN

TOWERS = ("a1", "j1", "a12", "j12")


def start(players: int = 1, heroes=("brannoc", "ysolde", "tamsin", "marra"),
          runes=("rune_stone", "rune_stone", "rune_might", "rune_might"), seed: int = 0,
          **options) -> dk.Game:
    """A game set up by forced outcomes: seat 0 rolls 6 (the others 1) and starts; the
    given runes and heroes; heroes in the tower rooms a1, j1, a12, j12 in seat order.
    Returns the game at seat 0's first action phase (the sun on space 2)."""
    g = dk.new_game("dungeonquest", players=players, seed=seed, options=options or None)
    g.apply("die 6")
    for _ in range(players - 1):
        g.apply("die 1")
    for i in range(players):
        g.apply(f"card {runes[i]}")
    for i in range(players):
        g.apply(f"hero {heroes[i]}")
    for i in range(players):
        g.apply(f"tower {TOWERS[i]}")
    return g


def place(g: dk.Game, sq: str, tile: str, rot: int = 0) -> None:
    """Lay ``tile`` (taken from the stack, so tiles stay conserved) on ``sq``."""
    s = g.state
    s.tiles[tile] -= 1
    if not s.tiles[tile]:
        del s.tiles[tile]
    s.board[sq] = [tile, rot]
    g._invalidate()


def put(g: dk.Game, seat: int, sq: str, came: int | None = None) -> None:
    h = g.state.heroes[seat]
    h.sq, h.came = sq, came
    g._invalidate()


def take_card(g: dk.Game, key: str) -> None:
    """Move one copy of ``key`` out of its draw pile into the hero's loot (seat 0)."""
    s = g.state
    deck = s.content.cards[key].deck
    s.piles[deck][key] -= 1
    if not s.piles[deck][key]:
        del s.piles[deck][key]
    s.heroes[0].loot.append(key)
    g._invalidate()


def play(g: dk.Game, *ids: str) -> dk.Game:
    for i in ids:
        g.apply(i)
    return g


_DECK_OF: dict = {}


def _deck_of(c) -> dict:
    if id(c) not in _DECK_OF:
        _DECK_OF[id(c)] = {k: card.deck for k, card in c.cards.items()}
    return _DECK_OF[id(c)]


def check_invariants(g: dk.Game) -> None:
    """What must hold after every step (DQ-0.2, DQ-0.3, DQ-7.4, DQ-13.1)."""
    s = g.state
    c = s.content
    # every card of every deck is somewhere, exactly once
    deck_of = _deck_of(c)
    where = {}
    for d in DECK_SIZES:
        pile, disc = s.piles[d], s.discards[d]
        assert min(pile.values(), default=1) > 0, d
        where[d] = sum(pile.values()) + sum(disc.values())
    held = list(s.dragon_drawn)
    for h in s.heroes:
        held += h.loot + h.keep + h.runes + h.cat_cards
        if h.rune_face_down:
            held.append(h.rune_face_down)
    if s.combat:
        held.append(s.combat["monster"])
    for k in held:
        where[deck_of[k]] += 1
    assert where == DECK_SIZES, where
    assert sum(s.tiles.values()) + len(s.board) == TILE_COUNT
    assert min(s.tiles.values(), default=1) > 0
    # one pool of 65 determination / searched markers
    assert s.tokens >= 0
    assert s.tokens + len(s.searched) + sum(h.determination for h in s.heroes) == \
        c.supply["tokens"]
    assert len(s.monsters) <= c.supply["monster_markers"]
    assert len(set(s.monsters)) == len(s.monsters)
    assert len(s.entrances) <= c.supply["entrance_markers"]
    for i, h in enumerate(s.heroes):
        assert h.wounds >= 0 and h.determination >= 0
        if h.status == IN:
            assert h.sq is not None and h.wounds < c.heroes[h.hero].life
        if h.status == CATACOMBS:
            assert h.sq is None and h.travel is not None
        if h.status in (DEAD, ESCAPED):
            assert h.sq is None and not h.keep and not h.cat_cards
        if h.status == DEAD:
            assert not h.loot and not h.determination
    assert 1 <= s.sun <= c.sun_length
    if g.is_over:
        assert not any(h.status in (IN, CATACOMBS) for h in s.heroes)
    elif g.is_chance:
        assert g.chance_outcomes()
    else:
        assert g.legal_action_ids(), "a player must always have a legal action"
