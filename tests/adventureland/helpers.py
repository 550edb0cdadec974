"""Shared helpers for the Adventure Land tests: invariants, and rigged positions."""

from __future__ import annotations

import deepwood_kernel as dk
from deepwood_kernel.games.adventureland.state import Party

KEY = "adventureland"


def check_invariants(g: dk.Game) -> None:
    """What must hold after every step (AL-0.1, AL-1.2, AL-2.4, AL-4.2, AL-5.8, AL-9.1)."""
    s = g.state
    c = s.content
    gd = c.game
    assert len(s.deck) + len(s.discard) == 110 and len(set(s.discard)) == len(s.discard)
    board = {"gold": 0, "herb": 0, "sword": 0, "companion": 0, "creature": 0}
    home = {"gold": "river", "herb": "forest", "sword": "mountain", "companion": "city",
            "creature": "fog"}
    terrain = c.terrain
    for sq, it in s.items.items():
        k = it[0]
        board[k] += 1
        assert home[k] == terrain[sq]
    pend = {"herb": 0, "sword": 0, "creature": 0, "box": 0}
    for kind, _, _ in s.pending:
        pend[kind] += 1
    per_colour = gd["adventurers_per_colour"] - c.players[s.n]["adventurers_removed"]
    on_board = [0] * s.n
    party_comp = 0
    for sq, p in s.parties.items():
        assert p.adventurers >= 1 and p.companions >= 0
        assert sq != s.sprite                                   # AL-2.4, AL-4.2
        on_board[p.seat] += p.adventurers
        party_comp += p.companions
        if p.adventurers > 1:
            assert s.adventure == "magnificent"                 # AL-8.2
        it = s.items.get(sq)
        if it is not None:                                      # only a creature in a fight
            assert it[0] == "creature" and s.fight is not None and s.fight.square == sq
    for i, p in enumerate(s.players):
        assert p.start >= 0 and p.gold >= 0
        assert p.start + on_board[i] + p.lost_adventurers == per_colour
        assert all(k > 0 for k in p.herbs.values()) and all(k > 0 for k in p.swords.values())
        assert all(p.swords.get(v, 0) >= k > 0 for v, k in p.swords_shown.items())
    held_gold = sum(p.gold for p in s.players)
    assert s.gold_left + board["gold"] + held_gold + s.gold_box == gd["gold"]
    assert (s.companions_left + board["companion"] + party_comp + s.companions_box
            == gd["companions"])
    box_known = {}                                   # AL-3.4: box swords of known value
    for it in s.items.values():
        if it[0] == "sword" and len(it) == 2:
            box_known[it[1]] = box_known.get(it[1], 0) + 1
    from deepwood_kernel.games.adventureland.rules import rays
    for p in s.players:                              # AL-1.4: one adventurer per line
        assert len(set(p.lines)) == len(p.lines) and set(p.lines) <= set(rays(c)["starts"][s.n])
    herbs_held = sum(sum(p.herbs.values()) for p in s.players)
    assert (s.herbs_left + board["herb"] + pend["herb"] + herbs_held
            + sum(s.herbs_out.values())) == sum(c.herbs.values())
    swords_held = sum(sum(p.swords.values()) for p in s.players)
    in_fight = len(s.fight.swords) if s.fight else 0
    assert (s.swords_left + s.swords_removed + board["sword"] + pend["sword"]
            + swords_held
            + in_fight + sum(s.swords_out.values())) == sum(c.swords.values())
    # AL-3.3: the values nobody has seen are exactly the unseen tiles (stack, board, box)
    if s.pending and s.pending[0][0] != "creature":
        from deepwood_kernel.games.adventureland.rules import undetermined
        assert sum(undetermined(s, "herb").values()) == s.herbs_left + board["herb"] + pend["herb"]
        assert sum(undetermined(s, "sword").values()) == (s.swords_left + s.swords_removed
                                                          + board["sword"] + pend["sword"]
                                                          - sum(box_known.values()))
    won = sum(len(p.creatures) for p in s.players)
    assert (sum(s.creature_stack.values()) + board["creature"] + won
            == sum(c.creatures.values()))
    assert min(s.herbs_left, s.swords_left, s.companions_left, s.gold_left) >= 0
    assert s.moves_left >= 0 and s.to_reveal >= 0
    if g.is_over:
        assert g.current_player is None and not g.is_chance
    elif g.is_chance:
        assert g.current_player is None and g._weights()   # cached: step() reuses it
    else:
        assert g.current_player is not None and g.legal_action_ids()
        if s.fight is None:                      # AL-7.3: can_move agrees with the moves
            from deepwood_kernel.games.adventureland.rules import can_move
            assert can_move(s, s.seat) == (len(g.legal_action_ids()) > 1)


def rigged(players: int = 2, adventure: str = "fellowship", seed: int = 0) -> dk.Game:
    """A game with no start cards: seat 0's first turn, its 2 terrain cards pending."""
    return dk.new_game(KEY, players=players, seed=seed,
                       options={"adventure": adventure, "start_cards": 0})


def put(g: dk.Game, sq: str, seat: int, companions: int = 0, adventurers: int = 1) -> None:
    """Stand a party on ``sq`` (adventurers from the start area, the last start lines
    first, companions from supply)."""
    s = g.state
    del s.players[seat].lines[len(s.players[seat].lines) - adventurers:]
    s.companions_left -= companions
    s.parties[sq] = Party(seat, adventurers, companions)
    g._invalidate()


def place(g: dk.Game, sq: str, kind: str, strength: int = 0) -> None:
    """Lay an item on ``sq`` as its terrain card would (the card leaves the deck)."""
    s = g.state
    s.deck.remove(sq)
    s.discard.append(sq)
    if kind == "creature":
        s.creature_stack[strength] -= 1
        if not s.creature_stack[strength]:
            del s.creature_stack[strength]
        s.items[sq] = ("creature", strength)
    else:
        attr = {"gold": "gold_left", "herb": "herbs_left", "sword": "swords_left",
                "companion": "companions_left"}[kind]
        setattr(s, attr, getattr(s, attr) - 1)
        s.items[sq] = (kind,)
    g._invalidate()


def give(g: dk.Game, seat: int, herbs=(), swords=(), gold: int = 0) -> None:
    """Hand a player herbs and swords (taken from the stacks) and gold (from the supply)."""
    s = g.state
    p = s.players[seat]
    for v in herbs:
        p.herbs[v] = p.herbs.get(v, 0) + 1
        s.herbs_left -= 1
    for v in swords:
        p.swords[v] = p.swords.get(v, 0) + 1
        s.swords_left -= 1
    p.gold += gold
    s.gold_left -= gold
    g._invalidate()


def to_move(g: dk.Game, cards=("A10", "B10")) -> None:
    """Reveal the turn's cards (mountains far from the action by default)."""
    for sq in cards:
        g.apply(f"card {sq}")
    assert g.current_player == g.state.seat and g.state.phase == "move"


def herb_twins(seed: int) -> tuple[dk.Game, dk.Game]:
    """Two Magnificent games, the same except the value of the first herb Anna (seat 1)
    takes: 2 in one, 4 in the other (AL-3.3), played by heuristic bots up to that herb."""
    from deepwood_kernel.sim import make_bot
    a, b = (dk.new_game("adventureland", players=2, seed=seed,
                        options={"adventure": "magnificent"}) for _ in range(2))
    bots = [make_bot("adventureland", "heuristic", seed=i) for i in range(2)]
    while not a.is_over:
        s = a.state
        if s.pending and s.pending[0][0] == "herb" and s.pending[0][1] == 1:
            a.apply("herb 2")
            b.apply("herb 4")
            return a, b
        if a.is_chance:
            a.step()
            b.apply(a.history[-1].id)
        else:
            aid = bots[a.current_player].choose(a)
            a.apply(aid)
            b.apply(aid)
    raise AssertionError("Anna never took a herb")
