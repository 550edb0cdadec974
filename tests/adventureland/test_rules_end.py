"""How an Adventure Land game records why it ended (AL-7.1 .. AL-7.3)."""

from __future__ import annotations

from .helpers import rigged, to_move


def test_AL_7_3_the_game_ends_when_no_adventurer_can_move():
    """AL-7.3: with no adventurer left to move, ending the turn is the only action and
    ends the game; the log says why, and ``state.end_reason`` names the reason as the
    supply and deck endings (AL-7.1, AL-7.2) do."""
    g = rigged(2)
    for seat in (0, 1):
        g.state.players[seat].lost_adventurers += g.state.players[seat].start
        g.state.players[seat].start = 0
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
    to_move(g)
    assert s.end_reason == "the supply has no swords and no companions left"
    g.apply("end")
    to_move(g, ("A5", "A6"))
    g.apply("end")
    assert g.is_over and s.end_reason == "the supply has no swords and no companions left"
