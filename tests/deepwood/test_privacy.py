"""Issue 10 §3, engine side: each seat learns from the engine only what it may know.

DW-1.4 / DW-0.10: the strips in a hand are secret and the draw pile is face down
(*"Alle halten diese verdeckt und geheim. Mit den übrigen Streifen wird ein verdeckter
Nachziehstapel gebildet."*). Tested as a difference: two games that differ only in one of
Ben's secret strips (forced through chance outcomes) must look the same to Anna through
``chance_outcomes(seat=0)``, ``log_for(0)``, ``view(0)`` and ``render_html(0)``, ply after
ply, while a spectator tells them apart.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import deepwood_kernel as dk
from deepwood_kernel import PUBLIC, IllegalAction
from deepwood_kernel.sim import make_bot

from tests.privacy import common_ids, seen_by


def twins(seed: int):
    """Anna holds the same 3 strips in both games; Ben's third strip has other cells."""
    a = dk.new_game("deepwood", players=2, seed=seed)
    b = dk.new_game("deepwood", players=2, seed=seed)
    pile = sorted(a.state.pile)
    code = {sid: a.state.content.strips[sid].code for sid in pile}
    z1 = pile[5]
    z2 = next(sid for sid in pile[6:] if code[sid] != code[z1])
    for sid in pile[:5]:
        a.apply(f"deal {sid}")
        b.apply(f"deal {sid}")
    a.apply(f"deal {z1}")
    b.apply(f"deal {z2}")
    return a, b


def play_twins(a, b, watcher: int, plies: int, seed: int) -> tuple[int, int, int]:
    """Play both games on ids legal in both; returns (plies, spectator-differences,
    hidden strip events seen)."""
    rng = random.Random(seed)
    played = differ = hidden = 0
    for _ in range(plies):
        assert seen_by(a, watcher) == seen_by(b, watcher), \
            f"ply {len(a.history)}: seat {watcher} can tell the games apart"
        if a.is_over:
            break
        if a.is_chance:
            hidden += a.state.phase in ("deal", "draw")
        ids = common_ids(a, b)
        if not ids and a.is_chance and a.state.seat != watcher:
            # the last strip of the pile is Ben's other strip in each game: he draws it,
            # and from then on the two games are the same (his hand holds both strips)
            a.step()
            b.step()
        elif not ids:
            break
        else:
            aid = rng.choice(ids)
            a.apply(aid)
            b.apply(aid)
        differ += a.view(None) != b.view(None)
        played += 1
    return played, differ, hidden


@pytest.mark.parametrize("watcher", [0, PUBLIC])
@pytest.mark.parametrize("seed", [0, 3])
def test_dw_1_4_watcher_cannot_tell_two_secret_deals_apart(seed, watcher):
    """DW-1.4 / DW-2.5: Ben's other strip never shows in what Anna is told — his draws,
    her own draws, the log, the view and the static board — while a spectator sees it.
    The public viewer (issue 25 §3: a projector, the hot seat) is told no more."""
    a, b = twins(seed)
    assert a.state.players[1].hand != b.state.players[1].hand
    played, differ, hidden = play_twins(a, b, watcher=watcher, plies=250, seed=seed)
    assert played >= 150 and hidden >= 20     # draws of both players
    assert a.state.piles_made >= 1            # and past the pile rebuilt from the market
    assert differ >= 60                       # the games do differ (the test can fail)


def brute_force_marginal(g: dk.Game, seat: int) -> dict[str, Fraction]:
    """The chance of each strip code for the pending deal/draw as ``seat`` computes it:
    every way the strips it has not seen could lie (in the other hands or in the pile,
    the hand sizes as shown) is equally likely; average the true pile's chances."""
    s = g.state
    view = g.view(seat)
    code = {st.id: st.code for st in s.content.strips}
    mine = {h["id"] for h in view["players"][seat]["hand"]}
    unseen = sorted(set(s.pile) | {sid for i, p in enumerate(s.players) if i != seat
                                   for sid in p.hand})
    assert not set(unseen) & mine
    others = [len(p.hand) for i, p in enumerate(s.players) if i != seat]
    total = Counter()
    worlds = 0
    # 2 players: the other hand is any set of its size from the unseen strips
    assert len(others) == 1
    for hand in combinations(unseen, others[0]):
        pile = [sid for sid in unseen if sid not in hand]
        for sid in pile:
            total[code[sid]] += Fraction(1, len(pile))
        worlds += 1
    return {c: n / worlds for c, n in total.items()}


def advance_to(g: dk.Game, phase: str, seat: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    while not (g.is_chance and g.state.phase == phase and g.state.seat == seat
               and g.state.round >= 2):
        if g.is_chance:
            g.step()
        else:
            g.apply(rng.choice(g.legal_action_ids()))


@pytest.mark.parametrize("drawer", [0, 1])
def test_dw_2_5_grouped_draw_is_the_watchers_true_marginal(drawer):
    """DW-2.5: a draw as Anna reasons — her own (she sees the strip only once it is in
    her hand) and Ben's — is the exact marginal over every way the unseen strips could lie,
    never the true pile; the grouped chances sum to 1."""
    g, _ = twins(0)
    advance_to(g, "draw", drawer)
    pairs = g.chance_outcomes(seat=0)
    assert all(o.id.startswith("?draw ") for o, _ in pairs)
    assert sum(p for _, p in pairs) == 1
    assert {o.id[len("?draw "):]: p for o, p in pairs} == brute_force_marginal(g, 0)
    true = Counter(g.state.content.strips[sid].code for sid in g.state.pile)
    assert {o.id[6:]: p for o, p in pairs} != {c: Fraction(n, len(g.state.pile))
                                                for c, n in true.items()}
    # a spectator gets the true strips, one outcome per strip in the pile
    assert {o.id for o, _ in g.chance_outcomes()} == {f"draw {sid}" for sid in g.state.pile}


def test_dw_1_4_deal_as_each_seat_reasons():
    """DW-1.4: while the strips are dealt, each seat's chances come from every strip it
    has not seen: once Anna holds her 3 strips she leaves them out, Ben cannot."""
    g = dk.new_game("deepwood", players=2, seed=5)
    codes = [st.code for st in g.state.content.strips]

    def law(sids):
        n = Counter(codes[sid] for sid in sids)
        return {f"?deal {c}": Fraction(k, len(sids)) for c, k in n.items()}

    everything = list(g.state.pile)
    for seat in (0, 1):
        assert {o.id: p for o, p in g.chance_outcomes(seat=seat)} == law(everything)
    for _ in range(3):
        g.step()
    anna = g.state.players[0].hand
    assert {o.id: p for o, p in g.chance_outcomes(seat=1)} == law(everything)
    assert {o.id: p for o, p in g.chance_outcomes(seat=0)} == law(
        [sid for sid in everything if sid not in anna])
    assert g.chance_outcomes(seat=0)[0][0].label.startswith("Ben is dealt a ")


def test_dw_0_10_grouped_ids_cannot_be_applied():
    """A '?' outcome is for reading: applying it is refused and changes nothing."""
    g, _ = twins(0)
    advance_to(g, "draw", 1)
    fp = g.fingerprint()
    pairs = g.chance_outcomes(seat=0)
    assert pairs and all(o.id.startswith("?draw ") for o, _ in pairs)
    for o, _ in pairs:
        with pytest.raises(IllegalAction):
            g.apply(o.id)
    assert g.fingerprint() == fp


def test_dw_public_chance_is_unchanged_for_a_seat():
    """A face-down tile turned over (DW-1.15) and the dice are unseen by everybody alike:
    a seat gets the true outcomes."""
    checked = set()
    for seed in range(6):
        g = dk.new_game("deepwood", players=2, seed=seed)
        bots = [make_bot("deepwood", "heuristic", seed=i) for i in range(2)]
        while not g.is_over:
            if g.is_chance:
                if g.state.phase in ("reveal", "roll"):
                    checked.add(g.state.phase)
                    assert g.chance_outcomes(seat=0) == g.chance_outcomes()
                    assert g.chance_outcomes(seat=1) == g.chance_outcomes()
                g.step()
            else:
                g.apply(bots[g.current_player].choose(g))
    assert checked == {"reveal", "roll"}


def test_dw_spectator_log_is_the_plain_log():
    """Deep Wood's log never names a secret strip: every seat reads the same lines."""
    g, _ = twins(1)
    advance_to(g, "draw", 0)
    assert g.log_for(None) == g.log_for(0) == g.log_for(1) == list(g.log)
