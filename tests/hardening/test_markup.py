"""Issue 23 §4: markup from content is text, everywhere.

Every name and text of every game's content is replaced by a payload such as
``"'><img src=x onerror=alert(3)>`` (the schema allows ``<>"'`` in names), the game is
played by a seeded bot, and at many positions both the static HTML the engine renders
(``render.py``, what ``_repr_html_`` shows) and the board's markup (shell + board module,
rendered in Node by the shipped ``renderMarkup``) are parsed: no ``img``, ``on*``
attribute or foreign ``src`` may appear that the board did not write, while the payloads
themselves do appear, as text.
"""

from __future__ import annotations


import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import RandomBot

from .markup import injected, marked_content

# Games whose content names things players see. Deep Wood's content.toml names only its
# title and designer (shown on neither board), Pig's holds no string at all: nothing of
# theirs can carry markup to a page (marked_content finds 2 and 0 strings).
CONTENT_GAMES = ["adventureland", "clank", "dungeondraw", "dungeonquest"]


def positions(key: str, path: Path, plies: int = 150, every: int = 5):
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=1, content=str(path))
    bot = RandomBot(1)
    for k in range(plies):
        if g.is_over:
            break
        if k % every == 0:
            yield g
        g.step() if g.is_chance else g.apply(bot.choose(g))
    yield g


@pytest.mark.parametrize("key", CONTENT_GAMES)
def test_content_markup_is_text_in_the_static_html(key, tmp_path):
    path, marked = marked_content(key, tmp_path / "marked.toml")
    assert marked > 0
    found, shown = set(), 0
    for g in positions(key, path):
        for seat in (None, 0):
            html = g.render_html(seat)
            shown += html.count("onerror=alert(")
            found |= set(injected(html))
    assert shown > 0, "no payload reached the page: the test would prove nothing"
    assert not found, sorted(found)


@pytest.mark.parametrize("key", CONTENT_GAMES)
def test_content_markup_is_text_on_the_board(key, tmp_path):
    from tests.widgets.widget_helpers import node_path, render_in_node, widget_state
    if node_path() is None:
        pytest.skip("node is not installed")
    import widgets.boards as boards
    board = next(getattr(boards, n) for n in boards.__all__
                 if getattr(boards, n).__module__.endswith("." + key))
    path, _ = marked_content(key, tmp_path / "marked.toml")
    cases = []
    for g in positions(key, path):
        for seat in (None, 0):
            w = board(dk.load(g.to_json(), content=str(path)), seat=seat, bot_delay=0)
            cases.append((widget_state(w), {}))
    out = render_in_node(cases, tmp_path, module=key)
    assert sum(o["markup"].count("onerror=alert(") for o in out) > 0
    found = {f for o in out for f in injected(o["markup"])}
    assert not found, sorted(found)


def test_the_check_sees_an_unescaped_payload():
    """The parser check itself: a payload put into an attribute unescaped is caught."""
    from .markup import payload
    assert injected(f'<div title="{payload(1)}">x</div>')
    assert injected(f"<span>{payload(2)}</span>")
    assert not injected('<img src="data:image/png;base64,AAAA" alt="a">')
