"""Issue 10 §3, engine side: each seat learns from the engine only what it may know.

CL-2.6: a hand is secret and the draw pile face down (*"... wird der Ablagestapel gemischt
und verdeckt als neuer Nachziehstapel bereit gelegt"*); the dungeon row, the discard piles,
the play areas and the dragon bag are open. Tested as a difference: two games in which
Sandra's first hand differs in one card (forced through chance outcomes) must look the
same to Anna through ``chance_outcomes(seat=0)``, ``log_for(0)``, ``view(0)`` and
``render_html(0)``, ply after ply, while a spectator tells them apart.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

import deepwood_kernel as dk
from deepwood_kernel import PUBLIC, IllegalAction
from deepwood_kernel.games.clank.scoring import owned_cards

from tests.privacy import common_ids, seen_by


def twins(seed: int, watch=lambda a, b: None):
    """Sandra's first hand is dealt Stolpern first in one game, Ducken last in the other
    (so her hand and draw pile differ from the 1st card on); all else is the same.
    ``watch(a, b)`` is called before each of her 5 cards."""
    a = dk.new_game("clank", players=2, seed=seed)
    b = dk.new_game("clank", players=2, seed=seed)
    while a.state.phase in ("artifacts", "row") or (a.state.phase == "deal"
                                                    and a.state.draw_seat == 0):
        b.apply(a.step().id)
    for k in range(5):
        watch(a, b)
        a.apply("draw stumble" if k == 0 else "draw burgle")
        b.apply("draw scramble" if k == 4 else "draw burgle")
    return a, b


@pytest.mark.parametrize("watcher", [0, PUBLIC])
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_cl_2_6_watcher_cannot_tell_two_secret_hands_apart(seed, watcher):
    """CL-2.6: Sandra's hand (and so her draw pile) differs; Anna is told the same —
    Sandra's draws, the log ("Sandra draws a card."), the view, the static board. Sandra
    never ends her turn here: that would show her whole hand."""
    dealt = []

    def watch(a, b):                          # Sandra's hand being dealt
        assert seen_by(a, watcher) == seen_by(b, watcher)
        assert all(o.id.startswith("?draw ") for o, _ in a.chance_outcomes(seat=watcher))
        dealt.append(a.view(None) != b.view(None) or a.chance_outcomes()
                     != b.chance_outcomes())

    a, b = twins(seed, watch)
    assert a.state.players[1].hand != b.state.players[1].hand
    assert dealt == [False] + [True] * 4      # the true piles differ after her 1st card
    rng = random.Random(seed)
    played = differ = 0
    for _ in range(150):
        assert seen_by(a, watcher) == seen_by(b, watcher), \
            f"ply {len(a.history)}: {watcher} can tell"
        if a.is_over:
            break
        ids = common_ids(a, b)
        if not a.is_chance and a.current_player == 1:
            ids = [i for i in ids if i != "end"]
        if not ids:
            break
        aid = rng.choice(ids)
        a.apply(aid)
        b.apply(aid)
        differ += a.view(None) != b.view(None)
        played += 1
    assert played >= 15
    assert differ >= 1                        # a spectator does see the difference


def brute_force_marginal(g: dk.Game, seat: int) -> dict[str, Fraction]:
    """The next card of the drawing player as ``seat`` computes it: the cards they own
    (every acquisition is public) minus those in sight (discard pile, play area) lie in
    their hand or draw pile; every way to pick the hand (of its known size) from those
    copies is equally likely. Average the true draw pile's chances over all of them."""
    s = g.state
    drawer = s.draw_seat
    pv = g.view(seat)["players"][drawer]
    assert pv["hand"] is None                 # seat cannot see the hand
    unseen = Counter(owned_cards(s, drawer))
    unseen.subtract(Counter(pv["discard"]))
    unseen.subtract(Counter(pv["play"]))
    copies = sorted(unseen.elements())
    total, worlds = Counter(), 0
    for hand in combinations(range(len(copies)), pv["hand_count"]):
        pile = [copies[i] for i in range(len(copies)) if i not in hand]
        for k in pile:
            total[k] += Fraction(1, len(pile))
        worlds += 1
    return {k: n / worlds for k, n in total.items()}


def advance_to_turn_draw(g: dk.Game, drawer: int, seed: int) -> None:
    """Random play until ``drawer`` draws a card in the middle of their turn."""
    rng = random.Random(seed)
    while not (g.is_chance and g.state.phase == "turn" and g.state.to_draw
               and not g.state.turn.secret_to_reveal and g.state.draw_seat == drawer
               and g.state.players[drawer].hand):
        assert not g.is_over
        if g.is_chance:
            g.step()
        else:
            g.apply(rng.choice(g.legal_action_ids()))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cl_2_6_grouped_draw_is_the_watchers_true_marginal(seed):
    """CL-2.6: Sandra's draw as Anna reasons is the exact average over every hand Sandra
    could hold, never her true draw pile; the chances sum to 1; Sandra herself knows her
    own draw pile, so she gets the true outcomes."""
    g = dk.new_game("clank", players=2, seed=seed)
    advance_to_turn_draw(g, 1, seed)
    pairs = g.chance_outcomes(seat=0)
    assert pairs and all(o.id.startswith("?draw ") for o, _ in pairs)
    assert sum(p for _, p in pairs) == 1
    assert {o.id[len("?draw "):]: p for o, p in pairs} == brute_force_marginal(g, 0)
    assert pairs[0][0].label.startswith("Sandra draws ")
    assert g.chance_outcomes(seat=1) == g.chance_outcomes()
    assert all(o.id.startswith("draw ") for o, _ in g.chance_outcomes())


def test_cl_2_6_deal_hidden_from_the_other_seat():
    """CL-1 / CL-2.6: while Sandra's first hand is dealt, Anna sees each card as any of
    Sandra's 10 starting cards still undealt or in her hand, i.e. the starting deck."""
    g = dk.new_game("clank", players=2, seed=1)
    while not (g.state.phase == "deal" and g.state.draw_seat == 1):
        g.step()
    start = Counter(owned_cards(g.state, 1))
    assert sum(start.values()) == 10
    for _ in range(5):
        law = {o.id: p for o, p in g.chance_outcomes(seat=0)}
        assert law == {f"?draw {k}": Fraction(n, 10) for k, n in start.items()}
        g.step()


def test_cl_2_6_log_keeps_the_drawn_card_secret():
    """"Sandra draws X." is Sandra's (and a spectator's); Anna reads "Sandra draws a
    card."; the spectator log (``Game.log``) is unchanged."""
    g = dk.new_game("clank", players=2, seed=2)
    advance_to_turn_draw(g, 1, 2)
    out = g.step()
    card = g.state.content.cards[out.id.split()[1]].name
    i = max(n for n, line in enumerate(g.log) if line == f"Sandra draws {card}.")
    assert g.log_for(None)[i] == g.log_for(1)[i] == f"Sandra draws {card}."
    assert g.log_for(0)[i] == "Sandra draws a card."


def test_cl_2_6_grouped_ids_cannot_be_applied():
    """A '?' outcome is for reading: applying it is refused and changes nothing."""
    g = dk.new_game("clank", players=2, seed=0)
    advance_to_turn_draw(g, 1, 0)
    fp = g.fingerprint()
    for o, _ in g.chance_outcomes(seat=0):
        with pytest.raises(IllegalAction):
            g.apply(o.id)
    assert g.fingerprint() == fp


def test_cl_public_chance_is_the_same_for_every_seat():
    """The dungeon row, the secrets' faces and the dragon bag are open: every seat gets
    the true outcomes."""
    checked = set()
    for seed in range(4):
        g = dk.new_game("clank", players=2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and len(g.history) < 1500:
            if g.is_chance:
                s = g.state
                kind = ("secret" if s.turn.secret_to_reveal else s.phase
                        if s.phase in ("artifacts", "row", "refill", "attack") else None)
                if kind:
                    checked.add(kind)
                    for seat in (0, 1):
                        assert g.chance_outcomes(seat=seat) == g.chance_outcomes()
                g.step()
            else:
                g.apply(rng.choice(g.legal_action_ids()))
    assert checked >= {"artifacts", "row", "refill", "attack"}
