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


def positions(key: str, path, plies: int = 150, every: int = 10):
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=1, content=str(path))
    bot = RandomBot(1)
    for k in range(plies):
        if g.is_over:
            break
        if k % every == 0:
            yield g
        g.step() if g.is_chance else g.apply(bot.choose(g))
    yield g


def _board_for_node(key):
    """The board class of game ``key``, for a render in Node (skipped without Node)."""
    import widgets.boards as boards
    from tests.widgets.widget_helpers import node_path
    if node_path() is None:
        pytest.skip("node is not installed")
    return next(getattr(boards, n) for n in boards.__all__
                if getattr(boards, n).__module__.endswith("." + key))


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
    from tests.widgets.widget_helpers import render_in_node, widget_state
    board = _board_for_node(key)
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


# Keys whose strings the boards use as lookups or action ids, not as text (a payload there
# only makes the board draw nothing): left as they are.
_LOOKUPS = ("id", "action", "kind", "type", "phase", "seat", "colour", "color", "swatch",
            "fill", "icon", "shape")


def _poison(node):
    """Every text string of a synced trait, prefixed by a payload (what a save or a
    player's name could carry, whatever the content schema allows)."""
    from .markup import payload
    if isinstance(node, dict):
        return {k: (v if k in _LOOKUPS else _poison(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_poison(v) for v in node]
    return payload(7) + node if isinstance(node, str) else node


# Boards that still draw when every text string of the view is markup. (Deep Wood's,
# Adventure Land's and Dungeon Draw's use view strings as map keys throughout, so a
# poisoned view stops their render; their display text is poisoned alone below.)
@pytest.mark.parametrize("key", ["clank", "dungeonquest", "pig"])
def test_markup_in_every_synced_string_is_text_on_the_board(key, tmp_path):
    """Before: the Klong! board wrote a player's status and a secret's kind into class
    attributes and an action's verb into a note unescaped; DungeonQuest the combat card
    keys into the damage table's title."""
    import json

    from tests.widgets.widget_helpers import run_render_check, shipped_module, widget_state
    board = _board_for_node(key)
    module = shipped_module(key, tmp_path)
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=1)
    bot = RandomBot(1)
    drawn, found = 0, set()
    for k in range(200):
        if g.is_over:
            break
        if k % 10 == 0:
            st = widget_state(board(dk.load(g.to_json()), seat=None, bot_delay=0))
            st.update({n: _poison(st[n]) for n in ("view", "advice", "event_log", "legal",
                                                  "chance")}, message=_poison("message"))
            out = run_render_check(module, [(st, {})], tmp_path)
            if out.returncode == 0:
                markup = json.loads(out.stdout)[0]["markup"]
                drawn += "onerror=alert(7)" in markup
                found |= set(injected(markup))
        g.step() if g.is_chance else g.apply(bot.choose(g))
    assert drawn >= 10
    assert not found, sorted(found)


# Display text only, for the boards that look things up by view strings: a string is
# poisoned when the key it sits under names text a player reads (names, labels, log
# lines, hints, advice figures), never inside a subtree of lookups (a field's or an
# action target's ``name`` is a key there).
_TEXT = ("label", "hint", "de", "title", "name", "names", "log", "p_text", "breakdown",
         "adventure_title", "terms")
_KEYS_BELOW = ("target", "fields", "nodes", "links", "id", "kind")


def _poison_text(node, text: bool = False):
    from .markup import payload
    if isinstance(node, dict):
        return {k: (v if k in _KEYS_BELOW else _poison_text(v, text or k in _TEXT))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_poison_text(v, text) for v in node]
    return payload(7) + node if text and isinstance(node, str) else node


@pytest.mark.parametrize("key", ["adventureland", "deepwood", "dungeondraw"])
def test_markup_in_every_synced_display_string_is_text_on_the_board(key, tmp_path):
    """The boards that key maps by view strings, poisoned in their display text: names,
    labels, hints, log lines, the message and advice figures."""
    import json

    from tests.widgets.widget_helpers import run_render_check, shipped_module, widget_state
    board = _board_for_node(key)
    module = shipped_module(key, tmp_path)
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=1)
    bot = RandomBot(1)
    cases = []
    for k in range(200):
        if g.is_over:
            break
        if k % 10 == 0:
            st = widget_state(board(dk.load(g.to_json()), seat=None, bot_delay=0))
            st = json.loads(json.dumps(st))
            st.update({n: _poison_text(st[n]) for n in ("view", "advice", "legal", "chance",
                                                       "status")},
                      event_log=_poison_text(st["event_log"], True),
                      message=_poison_text("message", True))
            cases.append((st, {}))
        g.step() if g.is_chance else g.apply(bot.choose(g))
    out = run_render_check(module, cases, tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    markups = [o["markup"] for o in json.loads(out.stdout)]
    assert sum("onerror=alert(7)" in m for m in markups) >= 10
    found = {f for m in markups for f in injected(m)}
    assert not found, sorted(found)
