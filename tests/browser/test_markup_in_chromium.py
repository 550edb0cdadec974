"""Issue 23 §4 in a real browser: markup from content is text on every board.

Each board is built in Python from a game whose content has a payload in every string the
schema allows (``tests/hardening/markup.py``, here with a payload that would set
``window.__pwned``), and its synced traits are handed to the board's shipped ES module
(shell + board, as anywidget gets it) running in headless Chromium with a stub model --
no JupyterLab. Clicks on legal actions go back to the Python board, whose new traits are
pushed to the page, so the board redraws (and morphs its DOM) from hostile text.

Checked on the live DOM, not on a markup string: no script ran (``window.__pwned`` stays
undefined), no element carries an ``on*`` attribute, no ``img``/``script``/``iframe`` was
added, and the tag and attribute names seen are a subset of those the same board shows
for the same seeded game with the clean content.
"""

from __future__ import annotations

import json

import pytest

import deepwood_kernel as dk
from deepwood_kernel.sim import RandomBot
from tests.hardening import markup as M

pytestmark = pytest.mark.browser

# every board; Pig's content holds no string and Deep Wood's none a board shows, so for
# them the check is only that their play draws nothing foreign
BOARDS = ["adventureland", "clank", "deepwood", "dungeondraw", "dungeonquest", "pig"]
SHOWN = {"adventureland", "clank", "dungeondraw", "dungeonquest"}

# names are at most 60 characters: three payloads in turn, each of which runs if unescaped
PWN = ('"\'><img src=x onerror="window.__pwned=1">', "<script>window.__pwned=2</script>",
       "'><svg onload=\"window.__pwned=3\">")

# the stub model: get/on/off/send as anywidget's, traits pushed from Python by __update
GLUE = """
window.__mount = (state) => {
  const values = Object.assign({ bot_delay: 0, answered: null }, state);
  const handlers = {};
  window.__sent = [];
  const model = {
    get: (n) => values[n],
    on: (ev, f) => { (handlers[ev] = handlers[ev] || []).push(f); },
    off: () => {},
    send: (m) => { window.__sent.push(m); },
    set: () => {}, save_changes: () => {},
  };
  window.__update = (st) => {
    for (const [k, v] of Object.entries(st)) {
      values[k] = v;
      for (const f of handlers[`change:${k}`] || []) f();
    }
  };
  render({ model, el: document.getElementById("root") });
};
"""

# a click on the board's first enabled action (SVG targets have no .click())
CLICK = """() => {
  window.__sent = [];
  const b = document.querySelector("#root .sh-main [data-action]:not([disabled])");
  if (b) b.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}"""

# what the board's DOM holds: tag names, tag+attribute names, and the checks' findings
SURVEY = """() => {
  const root = document.getElementById("root");
  const tags = new Set(), attrs = new Set(), bad = [];
  for (const n of root.querySelectorAll("*")) {
    const t = n.localName;
    tags.add(t);
    for (const a of n.attributes) {
      attrs.add(`${t} ${a.name}`);
      if (a.name.toLowerCase().startsWith("on")) bad.push(`<${t} ${a.name}>`);
    }
    if (["img", "script", "iframe", "object", "embed"].includes(t)) bad.push(`<${t}>`);
  }
  return { tags: [...tags], attrs: [...attrs], bad, pwned: window.__pwned ?? null,
           text: root.textContent, html: root.innerHTML };
}"""


def _payload(n: int) -> str:
    return PWN[n % 3] + str(n)


def _board_class(key: str):
    import widgets.boards as boards
    return next(getattr(boards, n) for n in boards.__all__
                if getattr(boards, n).__module__.endswith("." + key))


def _traits(w) -> dict:
    from tests.widgets.widget_helpers import widget_state
    return json.loads(json.dumps(widget_state(w)))


def _play(page, key: str, content: str | None, plies: int = 60, clicks: int = 4) -> dict:
    """Render ``key``'s board at a seeded mid-game position, click a few legal actions,
    and survey the DOM after every draw; returns the union of the surveys."""
    from widgets.shell import board_module, board_styles
    kw = {"content": content} if content else {}
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=1, **kw)
    bot = RandomBot(1)
    for _ in range(plies):
        if g.is_over:
            break
        g.step() if g.is_chance else g.apply(bot.choose(g))
    w = _board_class(key)(dk.load(g.to_json(), **kw), seat=None, bot_delay=0)

    page.goto("about:blank")             # a fresh window: nothing left from the last board
    page.set_content('<html><body><div id="root"></div></body></html>')
    page.add_style_tag(content=board_styles(key))
    page.add_script_tag(content=board_module(key) + GLUE, type="module")
    page.wait_for_function("typeof window.__mount === 'function'")
    page.evaluate("(st) => window.__mount(st)", _traits(w))

    seen = {"tags": set(), "attrs": set(), "bad": set(), "pwned": [], "text": "", "clicked": 0}

    def survey():
        page.wait_for_function("document.querySelector('#root .sh-main') "
                               "&& document.querySelector('#root .sh-main').children.length")
        s = page.evaluate(SURVEY)
        seen["tags"] |= set(s["tags"])
        seen["attrs"] |= set(s["attrs"])
        seen["bad"] |= set(s["bad"]) | set(M.injected(s["html"]))
        seen["pwned"].append(s["pwned"])
        seen["text"] += s["text"]

    survey()
    for _ in range(clicks):
        if w.game.is_over:
            break
        if w.game.is_chance:
            w._receive({"type": "step", "ply": len(w.game.history)})
        else:
            page.evaluate(CLICK)
            sent = page.evaluate("() => window.__sent")
            acts = [m for m in sent if m.get("type") == "act"]
            seen["clicked"] += bool(acts)
            if not acts:         # this board chooses in two steps (a pick, then a button)
                ids = [a.id for a in w.game.legal_actions()]
                acts = [{"type": "act", "id": ids[0], "ply": len(w.game.history)}]
            w._receive(acts[0])
        page.evaluate("(st) => window.__update(st)", _traits(w))
        page.wait_for_timeout(20)
        survey()
    return seen


@pytest.mark.parametrize("key", BOARDS)
def test_content_markup_stays_text_in_chromium(key, chromium_page, tmp_path, monkeypatch):
    page = chromium_page
    page.errors.clear()
    monkeypatch.setattr(M, "payload", _payload)
    path, marked = M.marked_content(key, tmp_path / "marked.toml")
    clean = _play(page, key, None)
    assert not clean["bad"], sorted(clean["bad"])
    assert clean["clicked"] and all(p is None for p in clean["pwned"])
    hostile = _play(page, key, str(path))
    assert not page.errors, page.errors
    assert all(p is None for p in hostile["pwned"]), hostile["pwned"]
    assert not hostile["bad"], sorted(hostile["bad"])
    assert hostile["tags"] <= clean["tags"], sorted(hostile["tags"] - clean["tags"])
    assert hostile["attrs"] <= clean["attrs"], sorted(hostile["attrs"] - clean["attrs"])
    if key in SHOWN:
        assert marked > 0
        # the payloads did reach the page -- as text
        assert all(p in hostile["text"] for p in PWN[:2])
