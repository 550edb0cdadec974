"""Card effects of *Klong!* (rulebook: Karteneffekte, Klong!, Heilen, Zorn; CL-12.x): what a
played, acquired or revealed card does, conditions watched through the turn, clank,
healing and rage."""

from __future__ import annotations

from .content import Effect
from .queries import in_game, rage_cubes, trash_candidates
from .state import IN, ClankState
from .words import a_name, condition_sentence


def _take(ms: dict[str, int], key: str) -> None:
    ms[key] -= 1
    if not ms[key]:
        del ms[key]


def _add(ms: dict[str, int], key: str, n: int = 1) -> None:
    ms[key] = ms.get(key, 0) + n


def _set_draw(s: ClankState, seat: int, n: int) -> None:
    s.draw_seat, s.to_draw = seat, s.to_draw + n
    _prepare_draw(s)


def _prepare_draw(s: ClankState) -> None:
    """Ziehe X Karten (CL-12): an empty draw pile is re-formed from the discard pile (never
    the play area); with neither, the remaining draws are lost."""
    if not s.to_draw:
        return
    p = s.players[s.draw_seat]
    if p.draw:
        return
    if p.discard:
        p.draw, p.discard = p.discard, {}
        s.log.append(f"{p.name} shuffles the discard pile into a new draw pile.")
        return
    s.log.append(f"{p.name} has no cards left to draw.")
    s.to_draw = 0


# ============================================================== effects
def condition_holds(s: ClankState, seat: int, cond: str, self_tagged: bool = False) -> bool:
    """Kartenfolge (CL-12): the conditions a card effect may ask about."""
    p = s.players[seat]
    if cond in ("companion", "gem"):
        cards = s.content.cards
        n = sum(1 for k in p.play if cond in cards[k].tags)
        return n - (1 if self_tagged else 0) >= 1
    if cond == "crown":
        return bool(p.crowns)
    if cond == "key":
        return p.keys > 0
    if cond == "artifact":
        return bool(p.artifacts)
    if cond == "depths":
        return s.content.rooms[p.room].depths
    raise ValueError(f"unknown condition {cond!r}")


def apply_effects(s: ClankState, seat: int, effects, tags: tuple[str, ...] = ()) -> None:
    """Apply effects in order; ``tags`` are those of the card in the play area giving them
    (a companion asking for "another companion" must not count itself)."""
    for eff in effects:
        self_tagged = eff.cond in tags
        if eff.cond is not None and not condition_holds(s, seat, eff.cond, self_tagged):
            # order does not matter: watch the condition for the rest of the turn
            s.turn.watches.append((eff.verb, eff.n, eff.cond, self_tagged))
            continue
        apply_effect(s, seat, eff)


def apply_effect(s: ClankState, seat: int | None, eff: Effect) -> None:
    """One effect of the vocabulary (``content.VERBS``); ``seat`` None for arrive effects."""
    v, n, t = eff.verb, eff.n, s.turn
    if v == "clank_all":
        for q in in_game(s):
            clank(s, q, n)
        return
    if v == "rage":
        raise_rage(s, n)
        return
    p = s.players[seat]
    if v == "skill":
        t.skill += n
    elif v == "swords":
        t.swords += n
    elif v == "boots":
        t.boots += n
    elif v == "teleport":
        t.teleports += n
    elif v == "gold":
        p.gold += n
    elif v == "clank":
        clank(s, seat, n)
    elif v == "heal":
        heal(s, seat, n)
    elif v == "draw":
        _set_draw(s, seat, n)
    elif v == "skill_per_clank":
        t.skill += n * t.clank_made
        t.per_clank += n
    elif v == "trash":
        if trash_candidates(s, seat):
            t.pending.append(("trash", n))
    elif v == "discard_draw":
        if p.hand:
            t.pending.append(("discard", n))
        else:
            s.log.append(f"{p.name} has no card to discard, so draws nothing.")
    else:                                          # validated by content.py
        raise ValueError(f"unknown effect {v!r}")


def _check_watches(s: ClankState) -> None:
    """Fire watched conditional effects whose condition now holds (each at most once)."""
    t = s.turn
    changed = True
    while changed and t.watches:
        changed = False
        for w in list(t.watches):
            verb, n, cond, self_tagged = w
            if condition_holds(s, s.seat, cond, self_tagged):
                t.watches.remove(w)
                s.log.append(condition_sentence(s.players[s.seat].name, Effect(verb, n, cond)))
                apply_effect(s, s.seat, Effect(verb, n))
                changed = True


def clank(s: ClankState, seat: int, n: int) -> None:
    """Klong! (CL-7): cubes from the supply to the clank area, or back for negative clank.

    Players out of the game make no clank. Negative clank removes your cubes from the
    clank area; what is left lets you ignore that much clank later in the same turn, its
    end (the refill's arrive effects, CL-2.10) included. An ignored effect makes no clank,
    so it pays no skill-per-clank (CL-12.9). Clank beyond the supply is not added, but it
    was made (CL-7.5: you only have no cube to give), so it still pays that skill.
    """
    p = s.players[seat]
    if p.status != IN or n == 0:
        return
    active = s.phase in ("turn", "refill") and seat == s.seat
    t = s.turn
    if n > 0:
        if active:
            cancel = min(n, t.neg_clank)
            t.neg_clank -= cancel
            n -= cancel
            if cancel:
                s.log.append(f"{p.name}'s leftover negative clank cancels {cancel} clank.")
            t.clank_made += n
            if t.per_clank and n:
                t.skill += t.per_clank * n
        if not n:
            return
        add = min(n, p.supply)
        p.supply -= add
        p.clank += add
        if add:
            s.log.append(f"{p.name} makes {add} clank ({p.clank} in the clank area).")
        if add < n:
            s.log.append(f"{p.name} has no cubes left for {n - add} clank.")
    else:
        back = min(-n, p.clank)
        p.clank -= back
        p.supply += back
        rest = -n - back
        if active:
            t.neg_clank += rest
        took = (f"{p.name} takes {back} cube{'s' if back != 1 else ''} back out of the clank "
                "area" if back else f"{p.name} has no cube in the clank area to take back")
        s.log.append(took + (f" and keeps {-rest} clank to cancel clank later this turn."
                             if rest and active else "."))


def heal(s: ClankState, seat: int, n: int) -> None:
    """Gesundheit (CL-9): healed cubes go from the health track back to the supply."""
    p = s.players[seat]
    h = min(n, p.damage)
    p.damage -= h
    p.supply += h
    if h:
        s.log.append(f"{p.name} heals {h} damage.")


def raise_rage(s: ClankState, n: int = 1) -> None:
    """Der Drache (CL-8): artifacts and dragon eggs move the marker up; it stops at the end."""
    last = len(s.content.game["rage_track"]) - 1
    s.rage = min(s.rage + n, last)
    s.log.append(f"The dragon's rage rises to space {s.rage + 1} ({rage_cubes(s)} cubes).")


def _reveal_secret(s: ClankState, key: str) -> None:
    """Große / Kleine Verstecke (CL-13): the token is turned over and takes effect."""
    t, p = s.turn, s.players[s.seat]
    sec = s.content.secrets[key]
    _take(s.secret_pool[t.secret_to_reveal], key)
    t.secret_to_reveal = ""
    s.log.append(f"{p.name}'s secret is {a_name(sec.name)}.")
    if sec.when == "now":
        if sec.points:
            p.secrets.append(key)
        else:
            _add(s.box, key)
        apply_effects(s, s.seat, sec.effects)
        _check_watches(s)
    else:
        p.secrets.append(key)
