"""Shared helpers for the Dungeon Draw tests: invariants, tiny designed dungeons, and games
driven into a known position by forced chance outcomes."""

from __future__ import annotations

import tomllib
from collections import Counter

import deepwood_kernel as dk
from deepwood_kernel.games.dungeondraw.content import DEFAULT_FILE, parse_content
from deepwood_kernel.games.dungeondraw.path import PathState, build_dungeon, path_actions, \
    path_apply


_TOTALS: dict = {}


def _expected(c, n: int) -> dict:
    key = (id(c), n)
    if key not in _TOTALS:
        want = {k: 1 for k, card in c.cards.items() if card.deck == "dungeon"}
        for k in c.start_cards:
            want[k] = n
        _TOTALS[key] = want
    return _TOTALS[key]


def check_invariants(g: dk.Game) -> None:
    """After every step (DD-1.x, DD-2.x): every card is in exactly one place, the fairy
    tiles are conserved (market + held = 5 of each kind, plus SB-13 tiles from the box),
    every spell book is in one place, no negative coins or tiles, at most 2 books each,
    and a decision or an outcome exists unless the game is over."""
    s = g.state
    c = s.content
    pairs = []                      # (card, count) from every place a card can be
    for st in s.stacks.values():
        pairs += st.items()
    keys = [k for row in s.rows.values() for k in row if k]
    keys += s.market_discard
    held = dict.fromkeys(c.fairy, 0)
    books = list(s.book_deck) + [b for b in s.book_row if b] + s.book_discard + s.book_box
    limit = c.game["book_limit"]
    for p in s.players:
        pairs += p.deck.items()
        pairs += p.hand.items()
        pairs += p.discard.items()
        keys += [pl[0] for pl in p.placements]
        keys += p.boxed
        assert p.coins >= 0
        assert len(p.books) <= limit or s.choice[:1] == ("drop book",)
        assert set(p.ready) <= set(p.books)
        for k, n in p.fairy.items():
            assert n >= 0
            held[k] += n
        books += p.books
    where = Counter(keys)
    for k, n in pairs:
        assert n > 0
        where[k] += n
    assert dict(where) == _expected(c, s.n), "a card went missing or was duplicated"
    for k, n in s.fairy.items():
        assert 0 <= n <= c.game["fairy_stack"]
        assert n + held[k] - s.fairy_extra.get(k, 0) == c.game["fairy_stack"]
    assert sorted(books) == sorted(c.books), "a spell book went missing or was duplicated"
    if g.is_over:
        assert g.current_player is None and not g.legal_action_ids()
    elif g.is_chance:
        assert all(w > 0 for _, w in g.rules.chance_weights(s)) and g.rules.chance_weights(s)
    else:
        assert g.legal_action_ids()


def content_with(*cards: dict):
    """The designed content plus extra dungeon cards (cost 3) for a test."""
    data = tomllib.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    for card in cards:
        data["card"].append({"deck": "dungeon", "cost": 3, **card})
    return parse_content(data, "test.toml")


def card(key: str, nodes: list, links: list, drops: list | None = None) -> dict:
    return {"key": key, "name": key.title(), "nodes": nodes, "links": links,
            "drops": drops or []}


def walk(content, placements, *actions, fairy=None, books=()):
    """Draw a path action by action, each checked to be legal; returns (dungeon, path)."""
    d = build_dungeon(content, placements)
    ps = PathState(fairy or {}, set(books))
    for a in actions:
        legal = path_actions(d, ps)
        assert a in legal, f"{a!r} not legal; legal: {legal}"
        path_apply(d, ps, a)
    return d, ps


def to_market(players: int = 2, seed: int = 0) -> dk.Game:
    g = dk.new_game("dungeondraw", players=players, seed=seed)
    g.advance()
    assert g.state.phase == "market"
    return g


def pass_all(g: dk.Game) -> None:
    while g.state.phase == "market" and not g.is_chance:
        g.apply("pass")


def to_explore(g: dk.Game, hands: dict | None = None) -> None:
    """Everyone passes; the draws are forced to ``hands[seat]`` (card keys) where given."""
    pass_all(g)
    hands = hands or {}
    taken = Counter()
    while g.is_chance:
        t = g.state.tasks[0]
        if t[0] == "draw" and t[1] in hands:
            want = hands[t[1]]
            k = want[taken[t[1]]]
            taken[t[1]] += 1
            g.apply(f"draw {k}")
        else:
            g.step()
    assert g.state.phase == "explore"
