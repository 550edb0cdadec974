"""What every board does alike, checked once for all of them (issue 27 §5): the shipped ES
module parses, a saved notebook carries the seat's static HTML, and a game of bots on
every seat plays to its end on the board. Each board's own file tests what is its own.
"""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from widgets.shell import GameWidget

from .widget_helpers import BOARD_CLASSES, needs_node, node_check, shipped_module

# what a finished game shows beyond the common checks, for the boards that say more
FINISHED = {
    # DD-8.7: six rounds, six lines on every score sheet
    "dungeondraw": lambda w: all(len(p["sheet"]) == 6 for p in w.view["players"]),
}


@needs_node
@pytest.mark.parametrize("key", sorted(BOARD_CLASSES))
def test_the_shipped_module_parses_as_an_es_module(key, tmp_path):
    """shell.js, pending.js, chance.js, a11y.js, sync.js and the board's file joined as one
    board ships them."""
    node_check(shipped_module(key, tmp_path))


@pytest.mark.parametrize("key", sorted(BOARD_CLASSES))
def test_the_mimebundle_carries_the_seats_static_html(key):
    """A bot on the other seat makes seat 0 the board's; the saved notebook's HTML copy is
    what that seat may see, titled with the game's name: the engine's table for seat 0
    (Adventure Land's board draws its own map and seat lines, ``static_html``)."""
    cls = BOARD_CLASSES[key]
    w = cls(players=2, seed=1, bots=[1], bot_delay=0)
    assert w.seat == 0
    data, _meta = w._repr_mimebundle_()
    assert data["text/html"] == w.static_html()
    if cls.static_html is GameWidget.static_html:
        assert data["text/html"] == w.game.render_html(0)
    assert w.game.info.title in data["text/html"]
    w.close()


@pytest.mark.parametrize("key", sorted(BOARD_CLASSES))
def test_a_spectators_mimebundle_carries_the_widget_and_the_open_table(key):
    """The spectator, chosen explicitly (issue 25 §3: two humans default to the public
    hot seat): a saved notebook holds the widget view and, for a reader without a
    kernel, the open table under a "Spectator view" note."""
    cls = BOARD_CLASSES[key]
    w = cls(players=2, seed=1, bot_delay=0, seat=None)
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html = data["text/html"]
    assert w.seat is None and html == w.static_html() and "Spectator view" in html
    assert w.game.info.title in html
    assert repr(w).startswith(f"{cls.__name__}(game='{key}', players=2, seed=1")


@pytest.mark.parametrize("key", sorted(BOARD_CLASSES))
def test_a_full_bot_game_finishes_on_the_board(key):
    """Bots on every seat, no delay, chance automatic: the constructor plays the game to
    its end, and the board says so in its status and score table."""
    players = min(3, dk.GAMES[key].max_players)
    w = BOARD_CLASSES[key](players=players, seed=8, bots=list(range(players)), bot_delay=0,
                           auto_chance=True)
    assert w.game.is_over and w.status["over"] and w.score["over"]
    assert w.legal == [] and not w.busy
    assert FINISHED.get(key, lambda w: True)(w)
    w.close()
