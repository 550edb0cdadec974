"""Questions that change nothing: the tile values nobody has seen (in total and for one seat),
whose decision it is, and the chance events with their weights, exact and as a seat can know
them. Part of the rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from ...prob import roll_multisets
from .board import rays
from .state import ALState


def undetermined(s: ALState, kind: str) -> dict[int, int]:
    """Herb or sword values nobody has looked at (stack, board, put back at setup)."""
    c = s.content
    full = dict(c.herbs if kind == "herb" else c.swords)
    for p in s.players:
        for v, k in (p.herbs if kind == "herb" else p.swords).items():
            full[v] -= k
    for v, k in (s.herbs_out if kind == "herb" else s.swords_out).items():
        full[v] -= k
    if kind == "sword":
        if s.fight is not None:
            for v in s.fight.swords:
                full[v] -= 1
        for it in s.items.values():            # AL-3.4: box swords of a known value
            if len(it) == 2 and it[0] == "sword":
                full[it[1]] -= 1
    return {v: k for v, k in full.items() if k > 0}


def unknown_to(s: ALState, kind: str, seat: int) -> dict[int, int]:
    """Herb or sword values ``seat`` cannot place: undetermined ones plus those other
    players hold face down and have not shown."""
    out = undetermined(s, kind)
    if kind == "sword":                        # box swords on the board: nobody can place
        for it in s.items.values():            # which is which (AL-3.4)
            if len(it) == 2 and it[0] == "sword":
                out[it[1]] = out.get(it[1], 0) + 1
    for i, p in enumerate(s.players):
        if i == seat:
            continue
        held = p.herbs if kind == "herb" else p.swords
        for v, k in held.items():
            hidden = k - (p.swords_shown.get(v, 0) if kind == "sword" else 0)
            if hidden > 0:
                out[v] = out.get(v, 0) + hidden
    return dict(sorted(out.items()))


def is_chance(s: ALState) -> bool:
    f = s.fight                                # None once the game is over
    if f is not None:
        return f.stage == "roll" or f.stage == "reroll"
    if s.pending:
        return True
    return s.to_reveal > 0 and (s.phase == "reveal" or s.phase == "setup") and bool(s.deck)


def current_player(s: ALState) -> int | None:
    if s.phase == "over":
        return None
    f = s.fight
    if f is not None:
        return f.seat if f.stage in ("swords", "boost") else None
    if s.pending:
        return None
    return s.seat if s.phase == "move" else None


def chance_weights(s: ALState) -> list[tuple[str, int]]:
    f = s.fight
    if f is not None:
        if f.stage == "roll":
            return [("roll " + " ".join(map(str, sorted(faces, reverse=True))), w)
                    for faces, w in roll_multisets(len(f.swords))]
        if f.stage == "reroll":
            return [(f"reroll {v}", 1) for v in range(1, 7)]
        return []
    if s.pending:
        kind = s.pending[0][0]
        if kind == "creature":
            return [(f"creature {v}", k) for v, k in sorted(s.creature_stack.items()) if k]
        if kind == "box":                      # AL-3.4: which sword comes out of the box
            out = [("box unseen", s.swords_removed)] if s.swords_removed else []
            return out + [(f"box {v}", k) for v, k in sorted(s.swords_out.items())]
        return [(f"{kind} {v}", k) for v, k in sorted(undetermined(s, kind).items())]
    if is_chance(s):
        return _deck_weights(s)
    return []


# The weights of the last deck asked for, kept in step with it by _reveal, so that a card
# draw costs one C-level list removal instead of a new list of ~100 pairs. They are used
# only for that very list object at that length (the reference keeps the object alive,
# so its id cannot be reused); any other deck, or one changed elsewhere, is built afresh.
_DECK_W: list = [None, -1, None]       # [deck list, its length, its weights]


def _deck_weights(s: ALState) -> list[tuple[str, int]]:
    """AL-1.3: every terrain card left is equally likely (weight 1 each, in deck order)."""
    deck = s.deck
    if _DECK_W[0] is deck and _DECK_W[1] == len(deck):
        return _DECK_W[2][:]
    card_w = rays(s.content)["card_w"]
    w = [card_w[sq] for sq in deck]
    _DECK_W[:] = [deck, len(deck), w]
    return w[:]


def seat_chance_weights(s: ALState, seat: int) -> list[tuple[str, int]] | None:
    """AL-3.3, AL-9.1: a face-down herb or sword taken: its taker sees the value (weights
    from every value the taker cannot place); everyone else sees only that a tile was
    taken. Every other draw is public."""
    if s.fight is not None or not s.pending or s.pending[0][0] == "creature":
        return None
    kind, taker, _ = s.pending[0]
    if kind == "box":                          # face down: nobody sees which sword
        return [("?box sword", 1)]
    if seat != taker:
        return [(f"?{kind}", 1)]
    return [(f"?{kind} {v}", k) for v, k in unknown_to(s, kind, seat).items()]
