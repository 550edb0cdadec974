"""How an Adventure Land game records why it ended (AL-7.1 .. AL-7.3)."""

from __future__ import annotations

from .helpers import rigged, to_move


def test_AL_7_3_no_adventurer_can_move_sets_the_end_reason():
    """AL-7.3: the ending when no adventurer of any player can move names its reason in
    ``state.end_reason``, as the supply and deck endings (AL-7.1, AL-7.2) do."""
    g = rigged(2)
    for seat in (0, 1):
        g.state.players[seat].lost_adventurers += g.state.players[seat].start
        g.state.players[seat].start = 0
    g._invalidate()
    to_move(g)
    assert g.state.end_reason == ""
    g.apply("end")
    assert g.is_over
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
