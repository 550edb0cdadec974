"""How an Adventure Land game records why it ended (AL-7.1 .. AL-7.3)."""

from __future__ import annotations

from deepwood_kernel.games.adventureland.state import Party

from .helpers import check_invariants, rigged, to_move


def test_AL_7_3_the_game_ends_when_no_adventurer_can_move():
    """AL-7.3: with no adventurer left to move, ending the turn is the only action and
    ends the game; the log says why, and ``state.end_reason`` names the reason as the
    supply and deck endings (AL-7.1, AL-7.2) do."""
    g = rigged(2)
    for seat in (0, 1):
        g.state.players[seat].lost_adventurers += g.state.players[seat].start
        g.state.players[seat].lines.clear()
    g._invalidate()
    to_move(g)
    assert g.legal_action_ids() == ["end"]
    assert g.state.end_reason == ""
    g.apply("end")
    assert g.is_over and g.log[-1] == "The game ends: no adventurer can move any more."
    assert g.state.end_reason == "no adventurer can move any more"
    assert g.log[-1] == f"The game ends: {g.state.end_reason}."


def test_AL_7_1_the_supply_ending_keeps_its_reason():
    """AL-7.1: the reason set when the last round begins stays the game's end reason."""
    g = rigged(2)
    s = g.state
    s.swords_left = s.companions_left = 0
    g._invalidate()
    to_move(g, ("A2", "B2"))                  # forests: no box rule is asked (AL-3.4)
    assert s.end_reason == "the supply has no swords and no companions left"
    g.apply("end")
    to_move(g, ("A8", "B8"))
    g.apply("end")
    assert g.is_over and s.end_reason == "the supply has no swords and no companions left"


def test_AL_7_4_a_player_who_can_no_longer_move_drops_out_and_keeps_the_points():
    """Issue 22: players who can no longer move drop out: "they keep their victory points
    but the game continues without them". Anna has lost every adventurer: after
    Martin's turn she drops out and reveals no more cards; Martin plays on alone.
    (Old code: Anna still took full turns, revealing cards.)"""
    g = rigged(2)
    s = g.state
    anna = s.players[1]
    anna.lost_adventurers += anna.start
    anna.lines.clear()
    anna.points = {"gold": 4}
    g._invalidate()
    to_move(g)
    g.apply("enter 1 A1")
    g.apply("end")
    assert anna.out and "Anna can no longer move any adventurer and drops out" in g.log[-2]
    assert g.log[-1] == "Round 2: Martin begins."
    assert s.seat == 0 and s.round == 2 and g.is_chance        # Martin's cards, not Anna's
    assert g.scores() == [0, 4]                                 # her points are kept
    to_move(g, ("A5", "A6"))
    assert s.seat == 0
    check_invariants(g)


def test_AL_7_4_the_last_round_ends_when_play_would_pass_the_last_seat():
    """AL-7.1 with AL-7.4: Clara (seat 2) has dropped out, so the last round ends after
    Anna's turn."""
    g = rigged(3)
    s = g.state
    clara = s.players[2]
    clara.lost_adventurers += clara.start
    clara.lines.clear()
    g._invalidate()
    to_move(g)
    g.apply("end")                              # Clara drops out after Martin's turn
    assert clara.out and s.seat == 1
    s.last_round, s.end_reason = True, "the terrain deck is used up"
    to_move(g, ("A5", "A6"))
    g.apply("end")
    assert g.is_over and g.log[-1] == "The game ends: the round is over and the terrain " \
                                      "deck is used up."


def test_AL_7_4_a_dropped_out_player_stays_out():
    """Dropping out is for good: the player's figures stay on the board as they stand
    (AL-7.4, reading), even if a way opens again."""
    g = rigged(2)
    s = g.state
    anna = s.players[1]
    anna.lost_adventurers += anna.start - 1
    anna.lines.clear()
    put_back = anna.lost_adventurers
    s.parties["K10"] = Party(1)                 # in the corner: no move ever again
    g._invalidate()
    to_move(g)
    g.apply("end")
    assert anna.out and "K10" in s.parties and anna.lost_adventurers == put_back
    check_invariants(g)
