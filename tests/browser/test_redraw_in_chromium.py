"""Issue 25 §4 in a real browser: a redraw touches only what changed, and forces no layout.

Each board's shipped ES module (shell + keyboard layer + board) runs in headless Chromium
with a stub model, no JupyterLab (as in test_markup_in_chromium.py), on a seeded
mid-game position:

* the same traits pushed again redraw the board without a single DOM mutation: the
  keyboard layer's attributes (role, name, tabindex, class of every target) are given to
  the parsed redraw before the patch, so an unchanged target compares equal (before,
  every redraw stripped them and put them back on every target: a restyle of them all);
* after a click and the kernel's answer, every target still has them and exactly one is
  the board's Tab stop;
* a redraw reads no layout: bench/README.md, where a ``scrollHeight`` read (the log's
  "follow the bottom" state) and a ``focus()`` after a pointer press forced a style and
  layout pass over the whole board inside the answer's task.
"""

from __future__ import annotations

import pytest

from tests.browser.test_markup_in_chromium import BOARDS, GLUE, _board_class, _traits
from tests.properties import play_steps

import deepwood_kernel as dk
from deepwood_kernel.sim import RandomBot

pytestmark = pytest.mark.browser

# push the given traits again, wait for the redraw's animation frame, return what changed
# inside the board (.sh-main) and how many layout reads the redraw made
REDRAW = """async (st) => {
  const main = document.querySelector("#root .sh-main");
  const records = [];
  const obs = new MutationObserver((rs) => records.push(...rs));
  obs.observe(main, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true });
  const reads = [];
  const spy = (proto, name) => {
    const d = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { configurable: true,
      get() { reads.push(name); return d.get.call(this); } });
    return () => Object.defineProperty(proto, name, d);
  };
  const undo = [spy(Element.prototype, "scrollHeight"), spy(Element.prototype, "clientHeight"),
                spy(HTMLElement.prototype, "offsetHeight"), spy(HTMLElement.prototype, "offsetWidth")];
  const before = document.querySelector("#root").getAttribute("data-draw-ms");
  document.querySelector("#root").removeAttribute("data-draw-ms");
  window.__update(st);
  await Promise.resolve();
  await Promise.resolve();
  const drew = document.querySelector("#root").getAttribute("data-draw-ms") !== null;
  undo.forEach((f) => f());
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  obs.disconnect();
  const targets = [...main.querySelectorAll("[data-action],[data-chance],[data-ui]")]
    .filter((n) => !n.disabled && !n.closest("[hidden]"));
  return {
    drew, before,
    mutations: records.map((r) => `${r.type} ${r.target.nodeName} ${r.attributeName || ""} ${r.oldValue ?? ""} -> ${r.attributeName ? r.target.getAttribute(r.attributeName) : ""}`),
    reads,
    stops: targets.filter((n) => n.getAttribute("tabindex") === "0").length,
    unnamed: targets.filter((n) => n.getAttribute("tabindex") === null).length,
    targets: targets.length,
  };
}"""


def _play(key: str, seed: int, plies: int, at_decision=lambda g: None):
    """A seeded game of ``key`` after ``plies`` steps of a random bot and of chance;
    ``at_decision(game)`` sees each position where the bot is about to choose."""
    g = dk.new_game(key, players=dk.GAMES[key].max_players, seed=seed)
    return play_steps(g, RandomBot(seed).choose, plies, at_decision)


def _mount(page, key: str, w=None):
    """Mount ``w`` (default: ``key``'s board at a seeded mid-game decision) on ``page``."""
    from widgets.shell import board_module, board_styles
    if w is None:
        g = _play(key, 1, 40)
        while g.is_chance and not g.is_over:    # a decision to show: the board has targets
            g.step()
        w = _board_class(key)(dk.load(g.to_json()), seat=None, bot_delay=0)
    page.goto("about:blank")
    page.set_content('<html><body><div id="root"></div></body></html>')
    page.add_style_tag(content=board_styles(key))
    page.add_script_tag(content=board_module(key) + GLUE, type="module")
    page.wait_for_function("typeof window.__mount === 'function'")
    page.evaluate("(st) => window.__mount(st)", _traits(w))
    page.wait_for_function("document.querySelector('#root .sh-main') "
                           "&& document.querySelector('#root .sh-main').children.length")
    return w


@pytest.mark.parametrize("key", BOARDS)
def test_an_unchanged_redraw_changes_nothing_and_reads_no_layout(key, chromium_page):
    page = chromium_page
    page.errors.clear()
    w = _mount(page, key)
    page.evaluate("(st) => window.__update(st)", _traits(w))     # settle the first Tab stop
    again = page.evaluate(REDRAW, _traits(w))
    assert again["drew"], "pushing the traits again did not redraw the board"
    assert again["targets"], "a position without targets proves nothing here"
    assert again["mutations"] == [], again["mutations"][:12]
    assert again["reads"] == [], again["reads"]
    assert not page.errors, page.errors


@pytest.mark.parametrize("key", BOARDS)
def test_after_an_answer_every_target_keeps_its_keyboard_attributes(key, chromium_page):
    page = chromium_page
    page.errors.clear()
    w = _mount(page, key)
    for _ in range(3):
        if w.game.is_over:
            break
        if w.game.is_chance:
            w._receive({"type": "step", "ply": len(w.game.history)})
        else:
            w._receive({"type": "act", "id": w.game.legal_actions()[0].id,
                        "ply": len(w.game.history)})
        after = page.evaluate(REDRAW, _traits(w))
        assert after["drew"]
        assert after["reads"] == [], after["reads"]
        if after["targets"]:
            assert after["stops"] == 1, after
            assert after["unnamed"] == 0, after
    assert not page.errors, page.errors


@pytest.mark.parametrize("key", ["deepwood", "adventureland"])
def test_a_pointer_press_leaves_the_focus_on_the_board_region(key, chromium_page):
    """A press on a target focuses the board's region, not the target: the answer removes
    the target played, and a focused node that goes away makes the browser move the focus
    inside the answer's task (a forced style and layout pass). So the answer moves no
    focus, the focus is never left on the body, and an arrow key from the region goes to
    the board's Tab stop."""
    page = chromium_page
    page.errors.clear()
    w = _mount(page, key)
    target = page.locator("#root .sh-main [data-action]").first
    target.click()                                  # a real pointer press and click
    focus = """() => { const a = document.activeElement;
        return { region: !!a && a.matches('#root .sh-main'),
                 stop: !!a && a.getAttribute('tabindex') === '0' }; }"""
    assert page.evaluate(focus) == {"region": True, "stop": False}
    sent = [m for m in page.evaluate("() => window.__sent") if m.get("type") == "act"]
    assert sent, "the click sent no action"
    page.evaluate("""() => { window.__moves = 0;
        document.addEventListener('focusin', () => { window.__moves += 1; }, true);
        document.addEventListener('focusout', () => { window.__moves += 1; }, true); }""")
    w._receive(sent[0])
    page.evaluate(REDRAW, _traits(w))               # the answer, and the frame after it
    assert page.evaluate("() => window.__moves") == 0, "the answer moved the focus"
    assert page.evaluate(focus) == {"region": True, "stop": False}
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focus) == {"region": False, "stop": True}
    # a toolbar button likewise (Undo back to the first move disables itself, focused)
    page.locator('#root [data-cmd="undo"]').click()
    assert page.evaluate(focus) == {"region": True, "stop": False}
    assert not page.errors, page.errors


# the answer's draw after a pointer press: what the keyboard layer shows at the end of the
# answer's task, and after the frame (a11y.js ``settle``); with ``key``, an arrow key pressed
# on the board's region in the same task, before the frame
SETTLE = """async ([st, key]) => {
  const root = document.querySelector("#root"), main = root.querySelector(".sh-main");
  const live = root.querySelector(".sh-live");
  const seen = () => ({ live: live.textContent,
    stops: [...main.querySelectorAll('[tabindex="0"]')]
      .filter((n) => n.matches("[data-action],[data-chance],[data-ui]")).length });
  window.__update(st);
  await Promise.resolve(); await Promise.resolve();      // the draw's microtask
  const out = { task: seen() };
  if (key) {
    main.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    out.key = { ...seen(), stop: document.activeElement.getAttribute("tabindex") === "0" };
  }
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  out.frame = seen();
  return out;
}"""


def test_after_a_pointer_press_the_keyboard_layer_settles_after_the_frame(chromium_page):
    """After a pointer press the answer's task leaves the keyboard layer's settling (the Tab
    stop left in a kept part, the live region's news, the focus) to a task after its frame:
    none of it is seen on screen (bench/README.md, "The keyboard layer after the frame").
    A key pressed before then settles it first, so the key finds the board's Tab stop."""
    page = chromium_page
    page.errors.clear()
    w = _mount(page, "deepwood")
    for key in (None, "ArrowRight"):
        page.locator("#root .sh-main [data-action]").first.click()     # a pointer press
        sent = [m for m in page.evaluate("() => window.__sent") if m.get("type") == "act"]
        assert sent, "the click sent no action"
        plies = len(w.game.history)
        w._receive(sent[-1])
        assert len(w.game.history) > plies, "the action was not played"
        live = page.evaluate("() => document.querySelector('#root .sh-live').textContent")
        seen = page.evaluate(SETTLE, [_traits(w), key])
        assert seen["task"]["live"] == live, "announced inside the answer's task"
        after = seen["key"] if key else seen["frame"]
        assert after["live"] != live and after["live"], seen   # the move, announced
        assert after["stops"] == 1, seen
        if key:
            assert after["stop"], "the arrow key did not land on the board's Tab stop"
        assert seen["frame"]["stops"] == 1 and seen["frame"]["live"] == after["live"], seen
    assert not page.errors, page.errors


def test_targets_pulse_until_the_first_move_and_the_answer_starts_no_pulse(chromium_page):
    """A board's legal targets pulse to show a newcomer where to click, until the first
    request. Before, every answer drew new targets and so restarted their 4.8 s pulse: an
    SVG child's animation runs on the main thread, so a board in play restyled and
    repainted every frame after each click, and the next answer waited behind those frames
    (bench/README.md). Deep Wood here; tests/widgets/test_motion.py checks that every
    board's target pulse is scoped the same way."""
    page = chromium_page
    page.errors.clear()
    w = _mount(page, "deepwood")
    running = "() => document.querySelector('#root').getAnimations({ subtree: true }).length"
    assert page.evaluate(running) > 0, "a fresh board shows its targets without a pulse"
    page.locator("#root .sh-main [data-action]").first.click()
    sent = [m for m in page.evaluate("() => window.__sent") if m.get("type") == "act"]
    assert sent, "the click sent no action"
    w._receive(sent[0])
    page.evaluate(REDRAW, _traits(w))               # the answer, and the frame after it
    assert page.evaluate("() => document.querySelectorAll('#root [data-action]').length") > 0
    assert page.evaluate(running) == 0, "the answer's new targets pulse again"
    assert not page.errors, page.errors


@pytest.mark.parametrize("zoom", ["1", "1.5"])
@pytest.mark.parametrize("key", ["deepwood", "clank"])
def test_the_pending_mark_is_an_overlay_over_the_target_and_leaves_the_board_unstyled(
        key, zoom, chromium_page):
    """The click's feedback is drawn on an overlay with its own compositing layer, over the
    target pressed: styling the target itself made the frame after every click repaint the
    board's whole SVG (and its opacity re-layerized the page; bench/README.md). The target
    keeps its computed style, the overlay fits its box with 3 px to spare on every side (in
    a notebook zoomed by JupyterLab too, whose CSS ``zoom`` scales what the page measures but
    not the lengths the overlay is given), and the answer takes it away."""
    page = chromium_page
    page.errors.clear()
    w = _mount(page, key)
    page.evaluate(f"document.querySelector('#root').style.zoom = '{zoom}'")
    look = """() => { const t = document.querySelector('#root .sh-main [data-action]');
        const s = getComputedStyle(t), r = t.getBoundingClientRect();
        const m = document.querySelector('#root .sh-pending-mark'), q = m.getBoundingClientRect();
        const z = +(document.querySelector('#root').style.zoom || 1), d = 3 * z;
        const near = (a, b) => Math.abs(a - b) < 1;
        return { style: [s.outlineStyle, s.opacity, s.filter].join(' '),
                 on: m.classList.contains('sh-on'), layer: getComputedStyle(m).willChange,
                 fits: near(q.left, r.left - d) && near(q.top, r.top - d) &&
                       near(q.right, r.right + d) && near(q.bottom, r.bottom + d) }; }"""
    before = page.evaluate(look)
    assert before["on"] is False and "transform" in before["layer"]
    page.locator("#root .sh-main [data-action]").first.click()
    pending = page.evaluate(look)
    assert pending["on"] and pending["fits"], pending
    assert pending["style"] == before["style"], "the pending mark restyled the target itself"
    sent = [m for m in page.evaluate("() => window.__sent") if m.get("type") == "act"]
    w._receive(sent[0])
    page.evaluate(REDRAW, _traits(w))
    assert page.evaluate(look)["on"] is False, "the answer left the pending mark on"
    assert not page.errors, page.errors


@pytest.mark.parametrize("key", ["deepwood", "clank"])
def test_the_pending_mark_is_placed_while_the_pointer_rests_and_the_press_only_shows_it(
        key, chromium_page):
    """The mark is placed over a target in the frame after the pointer comes to rest on it,
    unseen, so the press changes nothing but its opacity (``pending.js``): placing it at the
    press laid out, hit-tested and repainted in the frame after every click, about 2 ms of
    main-thread rendering while the kernel worked (bench/README.md, "The pending mark,
    placed before the press"). The press on a target it was not placed over (or that
    moved) still places it there, in the press's own handler."""
    page = chromium_page
    page.errors.clear()
    w = _mount(page, key)
    target = page.locator("#root .sh-main [data-action]").first
    mark = """() => { const m = document.querySelector('#root .sh-pending-mark');
        const t = document.querySelector('#root .sh-main [data-action]');
        const q = m.getBoundingClientRect(), r = t.getBoundingClientRect();
        return { on: m.classList.contains('sh-on'), style: m.getAttribute('style') || '',
                 covers: q.left <= r.left && q.top <= r.top && q.right >= r.right && q.bottom >= r.bottom }; }"""
    frames = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
    page.mouse.move(0, 0)
    target.hover()
    page.evaluate(frames)
    rested = page.evaluate(mark)
    assert rested["covers"] and not rested["on"], rested
    # the press writes no geometry: a MutationObserver on the mark sees only its class
    page.evaluate("""() => { window.__markWrites = [];
        new MutationObserver((rs) => window.__markWrites.push(...rs.map((r) => r.attributeName)))
          .observe(document.querySelector('#root .sh-pending-mark'), { attributes: true }); }""")
    target.click()
    pressed = page.evaluate(mark)
    assert pressed["on"] and pressed["covers"] and pressed["style"] == rested["style"], pressed
    assert page.evaluate("() => window.__markWrites") == ["class"]
    sent = [m for m in page.evaluate("() => window.__sent") if m.get("type") == "act"]
    w._receive(sent[0])
    page.evaluate(REDRAW, _traits(w))
    assert page.evaluate(mark)["on"] is False, "the answer left the pending mark on"
    assert not page.errors, page.errors


def test_the_tab_stop_after_a_redraw_is_the_first_live_target_with_its_key(chromium_page):
    """``settleStop`` (a11y.js) finds the kept stop by its first attribute instead of keying
    every target after each redraw; it must pick exactly what the full scan picks: the
    first live target with the stop's key, else the first live target (a disabled button
    or one inside ``[hidden]`` is never the stop), and leave no other stop behind."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.set_content("""<html><body><div id="main">
      <div hidden><button data-action="y">hidden y</button></div>
      <button data-action="x" disabled>disabled x</button>
      <button data-action="x" tabindex="0">x</button>
      <svg><g data-action="y" data-sq="b2"><title>y on b2</title></g><g data-action="y">y</g></svg>
      <button data-ui="strip" data-strip="7">strip 7</button>
      <button data-action='say "a|b"'>quoted</button>
    </div></body></html>""")
    page.add_script_tag(content=board_module("pig") + "\nwindow.__settle = settleStop;\n"
                        "window.__key = targetKey;", type="module")
    page.wait_for_function("typeof window.__settle === 'function'")
    case = """(key) => { const main = document.querySelector('#main');
        const stop = window.__settle(main, key);
        const stops = [...main.querySelectorAll('[tabindex="0"]')];
        return { stop: stop && stop.textContent.trim(), stops: stops.length,
                 again: window.__key(stop) }; }"""
    key = lambda sel: page.evaluate(f"() => window.__key(document.querySelector({sel!r}))")
    # the kept stop, keyed by its action; the hidden "y" and the one on b2 do not match
    y = key('g[data-action="y"]:not([data-sq])')
    assert page.evaluate(case, y) == {"stop": "y", "stops": 1, "again": y}
    assert page.evaluate(case, key('[data-sq="b2"]'))["stop"] == "y on b2"
    assert page.evaluate(case, key('[data-ui="strip"]'))["stop"] == "strip 7"
    assert page.evaluate(case, key("[data-action^='say']"))["stop"] == "quoted"
    # a key no target has any more: the first live target (not the hidden or disabled one)
    gone = page.evaluate(case, "enter c0||||||||||||")
    assert gone["stop"] == "x" and gone["stops"] == 1
    assert page.evaluate(case, "")["stop"] == "x"
    assert not page.errors, page.errors


def test_keyed_as_matches_exactly_the_nodes_of_that_key(chromium_page):
    """``keyedAs(key)`` (a11y.js: the redraw's search for the Tab stop) reads the key's
    first non-empty attribute before the whole key; it must accept exactly the nodes whose
    ``targetKey`` is ``key``: every node of the page against every node's key, an empty
    key, a key of the wrong length and one holding "|"."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.set_content("""<html><body><div id="main">
      <button data-action="x">x</button><button data-action="x" data-sq="b2">x on b2</button>
      <g data-ui="strip" data-strip="7"></g><g data-ui="strip" data-strip="8"></g>
      <span data-sq="b2"></span><span></span><button data-action='say "a|b"'>quoted</button>
    </div></body></html>""")
    page.add_script_tag(content=board_module("pig") + "\nwindow.__keyedAs = keyedAs;\n"
                        "window.__key = targetKey;", type="module")
    page.wait_for_function("typeof window.__keyedAs === 'function'")
    wrong = page.evaluate("""() => {
        const nodes = [...document.querySelectorAll('#main *')];
        const keys = [...nodes.map((n) => window.__key(n)), "", "x", "x|||"];
        const bad = [];
        for (const k of keys) for (const n of nodes) {
          if (window.__keyedAs(k)(n) !== (window.__key(n) === k)) bad.push([k, n.outerHTML]);
        }
        return bad; }""")
    assert wrong == []


def test_a_part_inside_a_node_whose_tag_changed_is_moved_not_drawn_again(chromium_page):
    """A kept part under an element whose tag changed (a box turned into a button) is moved
    into the new element, the very drawn node, instead of parsed again (before, it made the
    shell draw the whole board afresh: bench/README.md); and back."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.set_content('<html><body><div id="main"><span class="x">'
                     '<span class="sh-part" data-part="pic"><svg></svg></span></span>'
                     '</div></body></html>')
    page.add_script_tag(content=board_module("pig") + "\nwindow.__morph = morphChildren;\n",
                        type="module")
    page.wait_for_function("typeof window.__morph === 'function'")
    step = """(tag) => { const main = document.querySelector('#main');
        const pic = main.querySelector('[data-part="pic"]');
        const tpl = document.createElement('template');
        const keep = '<span class="sh-part" data-part="pic" data-keep="1"></span>';
        tpl.innerHTML = `<${tag} class="x">${keep}</${tag}>`;
        window.__morph(main, tpl.content);
        const now = main.querySelector('[data-part="pic"]');
        return [main.firstChild.nodeName, now === pic, now.firstChild.nodeName]; }"""
    assert page.evaluate(step, "button") == ["BUTTON", True, "svg"]
    assert page.evaluate(step, "span") == ["SPAN", True, "svg"]
    assert not page.errors, page.errors


def test_deep_wood_strips_keep_their_element_when_they_turn_pickable(chromium_page):
    """Deep Wood's hand strips turn pickable when the market opens, and back on undo; they
    stay the same ``span`` (the keyboard layer makes a pickable one a button, named by its
    title), so the patch changes their attributes only and each strip's picture (a part of
    its own) is neither moved nor parsed again."""
    from widgets import DeepWoodBoard
    page = chromium_page
    page.errors.clear()
    w = _mount(page, "deepwood", DeepWoodBoard(players=2, seed=0, seat=None, bot_delay=0))
    look = """() => [...document.querySelectorAll('#root .dw-hand-strip')].map((n) => [
        n.nodeName, !!n.__drawnBefore, !!n.querySelector('svg').__drawnBefore,
        n.getAttribute('role'), n.getAttribute('aria-label')])"""
    page.evaluate("""() => document
        .querySelectorAll('#root .dw-hand-strip, #root .dw-hand-strip svg')
        .forEach((n) => { n.__drawnBefore = true; })""")
    assert [r[:4] for r in page.evaluate(look)] == [["SPAN", True, True, None]] * 3
    at_entry = _traits(w)
    w._receive({"type": "act", "id": "enter c0", "ply": len(w.game.history)})
    page.evaluate(REDRAW, _traits(w))
    pickable = page.evaluate(look)
    assert [r[:4] for r in pickable] == [["SPAN", True, True, "button"]] * 3
    assert all(r[4].startswith("place strip ") for r in pickable), pickable
    page.evaluate(REDRAW, at_entry)                  # undo: pictures again, still the same
    assert [r[:4] for r in page.evaluate(look)] == [["SPAN", True, True, None]] * 3
    assert not page.errors, page.errors


def _answered_beside_fresh(page, key: str, steps: int, undos: tuple[int, ...], pick):
    """Mount ``key``'s seeded board on ``page`` and answer ``steps`` clicks (an undo at each
    step in ``undos``, chance stepped, else the action ``pick(i, legal)``), pushing each
    answer's traits; yields ``(i, fresh)`` after each redraw, ``fresh`` a second page with
    a board drawn from nothing for the same traits."""
    page.errors.clear()
    w = _mount(page, key)
    fresh = page.context.new_page()
    try:
        for i in range(steps):
            if w.game.is_over:
                break
            if i in undos and w.game.history:
                w._receive({"type": "undo", "ply": len(w.game.history)})
            elif w.game.is_chance:
                w._receive({"type": "step", "ply": len(w.game.history)})
            else:
                w._receive({"type": "act", "id": pick(i, w.game.legal_actions()).id,
                            "ply": len(w.game.history)})
            assert page.evaluate(REDRAW, _traits(w))["drew"]
            _mount(fresh, key, w)
            yield i, fresh
    finally:
        fresh.close()


# every picture's role, in document order (a picture holding targets is a group of
# controls, one without is an image: a11y.js markTargets)
ROLES = """() => [...document.querySelectorAll('#root .sh-main svg[role]')].map((s) =>
    `${s.getAttribute('aria-label') || s.getAttribute('class')}: ${s.getAttribute('role')}`)"""


@pytest.mark.parametrize("key", BOARDS)
def test_after_each_answer_every_picture_has_the_role_a_fresh_draw_gives_it(key, chromium_page):
    """The redraw asks whether a kept part holds a target from the markup it was drawn from
    (a11y.js holdsTargets) instead of walking the live part; a picture's role must still be
    what a board drawn from nothing (no kept parts, every target in view) gives it, after
    every answer of a seeded game, undo included."""
    page = chromium_page
    roles = set()
    for i, fresh in _answered_beside_fresh(page, key, 6, (3,), lambda i, legal: legal[-1]):
        live = page.evaluate(ROLES)
        assert live == fresh.evaluate(ROLES), (i, live)
        roles.update(r.rsplit(": ", 1)[1] for r in live)
    assert roles or key in ("pig", "dungeondraw"), "no picture with a role was compared"
    assert not page.errors, page.errors


def test_a_kept_part_holds_a_target_exactly_when_its_markup_has_one(chromium_page):
    """``holdsTargets`` (a11y.js) reads a kept part's markup: a target attribute makes it
    hold one; the same words as text or inside an escaped value do not; a part whose
    markup changed is asked again, not answered from the last time."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.add_script_tag(content=board_module("pig") + "\nwindow.__holds = holdsTargets;\n",
                        type="module")
    page.wait_for_function("typeof window.__holds === 'function'")
    cases = [('<g data-action="enter c0"><title>x</title></g>', True),
             ('<span data-ui="strip" data-strip="3"></span>', True),
             ('<g data-chance="6"></g>', True),
             ('<g data-cell="3"><title>a data-action=&quot;x&quot; as text</title></g>', False),
             ('<g title="a &quot; data-action=&quot;x&quot;"></g>', False),
             ('<g data-actions="x"></g>', False), ("", False)]
    for markup, want in cases:
        assert page.evaluate("([m]) => window.__holds('p', m)", [markup]) is want, markup
    assert page.evaluate("() => window.__holds('p', undefined)") is False


def test_legal_by_kind_is_the_filter_it_replaced(chromium_page):
    """``legalBy`` (shell.js) splits a legal list by target kind once and hands out the same
    lists for as long as the list is the same; each must be what filtering the list gives,
    in its order, for every kind of every board's seeded positions, and a new list (the
    copy-on-write patch makes one for every change) is split afresh."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.add_script_tag(content=board_module("pig") + "\nwindow.__legalBy = legalBy;\n",
                        type="module")
    page.wait_for_function("typeof window.__legalBy === 'function'")
    check = """(legal) => {
        const kinds = [...new Set(legal.map((a) => a.target && a.target.kind))].concat(["none"]);
        const st = { legal }, bad = [];
        for (const k of kinds) {
          const want = legal.filter((a) => a.target && a.target.kind === k);
          const got = window.__legalBy(st, k);
          if (got.length !== want.length || got.some((a, i) => a !== want[i])) bad.push(k);
          if (window.__legalBy(st, k) !== got) bad.push(`${k}: not kept`);
          try { got.push(null); bad.push(`${k}: can be changed`); } catch (e) { /* frozen */ }
        }
        const copy = legal.slice(0, 1);
        const k0 = legal.length ? legal[0].target.kind : "none";
        const split = window.__legalBy({ legal: copy }, k0);
        if (split.length !== (legal.length ? 1 : 0)) bad.push("copy");
        return { bad, kinds: kinds.length };
      }"""
    seen = []

    def compare(g):
        w = _board_class(key)(dk.load(g.to_json()), seat=None, bot_delay=0)
        out = page.evaluate(check, w.legal)
        assert out["bad"] == [], (key, out)
        seen.append(out["kinds"])
    for key in BOARDS:
        _play(key, 3, 25, compare)
    assert sum(seen) > 100
    assert not page.errors, page.errors


def test_the_patch_gives_each_element_exactly_the_new_attributes(chromium_page):
    """``syncAttrs`` (patch.js) writes the new attributes, then removes the old ones only
    when the element has more than the new markup: every mix of added, removed, renamed and
    changed attributes must end with exactly the new ones, values included."""
    from widgets.shell import board_module
    page = chromium_page
    page.goto("about:blank")
    page.set_content('<html><body><div id="main"></div></body></html>')
    page.add_script_tag(content=board_module("pig") + "\nwindow.__morph = morphChildren;\n",
                        type="module")
    page.wait_for_function("typeof window.__morph === 'function'")
    step = """([old, now]) => { const main = document.querySelector('#main');
        main.innerHTML = `<span ${old}><b ${old}>x</b></span>`;
        const span = main.firstChild;
        const tpl = document.createElement('template');
        tpl.innerHTML = `<span ${now}><b ${now}>x</b></span>`;
        window.__morph(main, tpl.content);
        const attrs = (n) => n.getAttributeNames().sort().map((a) => `${a}=${n.getAttribute(a)}`);
        const b = main.firstChild.firstChild;
        return [main.firstChild === span, attrs(main.firstChild), attrs(b)]; }"""
    cases = [("", 'a="1"'), ('a="1"', ""), ('a="1" b="2"', 'a="1" c="2"'),
             ('a="1" b="2"', 'b="3" a="1"'), ('a="1"', 'a="1" b="2" c=""'),
             ('a="1" b="2" c="3"', 'd="4"'), ('class="x" title="t"', 'class="y"')]
    for old, now in cases:
        same, outer, inner = page.evaluate(step, [old, now])
        want = sorted(f"{k}={v.strip(chr(34))}" for k, v in
                      (kv.split("=") for kv in now.split()))
        assert same and outer == want and inner == want, (old, now, outer, inner)
    assert not page.errors, page.errors


# the board's markup, each element's attributes in name order (the patch appends an
# attribute an element did not have), the Tab stop left out (a fresh board's stop is its
# first target, a patched board's the one the player last used)
BOARD_MARKUP = """() => {
  const main = document.querySelector('#root .sh-main').cloneNode(true);
  for (const n of main.querySelectorAll('*')) {
    const attrs = n.getAttributeNames().sort().map((a) => [a, n.getAttribute(a)]);
    for (const [a] of attrs) n.removeAttribute(a);
    for (const [a, v] of attrs) if (a !== 'tabindex') n.setAttribute(a, v);
  }
  return main.innerHTML;
}"""


# Dungeon Draw keeps the hand card picked (by the player, or by the advisor when the round's
# cards are dealt) while it stays in the hand, where a fresh board picks the advisor's anew
SAME_UI_WHEN_FRESH = [k for k in BOARDS if k != "dungeondraw"]


@pytest.mark.parametrize("key", SAME_UI_WHEN_FRESH)
def test_after_each_answer_the_patched_board_is_the_board_a_fresh_draw_gives(key,
                                                                             chromium_page):
    """The patch keeps unchanged parts (``part()``: by name, moved if a sibling came or
    went, or taken back from the last redraw's stash) and morphs the rest in place; after
    every answer of a seeded game, undo included, the board must be, element for element,
    the one drawn from nothing (every part drawn, nothing kept) for the same traits (*Klong!*'s
    hand cards are parts named by card, so playing one keeps the others)."""
    page = chromium_page
    for i, fresh in _answered_beside_fresh(page, key, 10, (3, 7),
                                           lambda i, legal: legal[i % len(legal)]):
        assert page.evaluate(BOARD_MARKUP) == fresh.evaluate(BOARD_MARKUP), i
    assert not page.errors, page.errors


# the heights after one redraw's frame: the wrap (the drawn box), its content and the hold,
# to the fraction of a pixel (offsetHeight's whole pixels hid a board moving by half a pixel)
HEIGHTS = """async (st) => {
  window.__update(st);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const wrap = document.querySelector("#root .sh-wrap"), main = wrap.querySelector(".sh-main");
  return { wrap: wrap.getBoundingClientRect().height, main: main.getBoundingClientRect().height,
           held: wrap.style.minHeight };
}"""


def test_a_board_holds_its_tallest_height_until_a_new_game(chromium_page):
    """Deep Wood's board is 31 px taller after "enter c0" (the hand to place a strip) than
    after its undo; a board that shrank back moved everything below it in the notebook,
    which Chromium laid out and painted again in the answer's frame (bench/README.md
    "Still boards"). The board keeps its tallest height of the game, to the fraction of a
    pixel (in JupyterLab Deep Wood's was 1444.5 px, held at offsetHeight's 1444: it still moved
    the page by half a pixel at each click, "A quicker machine"); the kernel's new game
    (``status["game"]``, not the press of "New game") lets go, even when the old game is
    drawn again in between."""
    from widgets import DeepWoodBoard
    page = chromium_page
    page.errors.clear()
    w = _mount(page, "deepwood", DeepWoodBoard(players=2, seed=0, seat=None, bot_delay=0))
    # a content height with a fraction whatever this page's fonts give, as Lab's gave
    page.add_style_tag(content="#root .sh-main { padding-bottom: 0.3px; }")
    start = page.evaluate(HEIGHTS, _traits(w))
    w.receive({"type": "act", "id": "enter c0", "ply": len(w.game.history)})
    assert not w.message, w.message
    tall = page.evaluate(HEIGHTS, _traits(w))
    w.receive({"type": "undo", "ply": len(w.game.history)})
    back = page.evaluate(HEIGHTS, _traits(w))
    assert back["main"] < tall["main"], (back, tall)     # the content did shrink ...
    assert back["wrap"] == tall["wrap"] == int(tall["wrap"]), (back, tall)   # ... not the board
    assert back["held"] == f"{tall['wrap']:g}px", (back, tall)
    # tall again, "New game" pressed, the old game drawn once more before the kernel's answer
    # (a late update): the hold stays until the kernel's new game is drawn, then lets go
    w.receive({"type": "redo", "ply": len(w.game.history)})
    page.click('#root [data-cmd="new"]')
    assert page.evaluate("window.__sent.map((m) => m.type)") == ["new"]
    late = page.evaluate(HEIGHTS, _traits(w))
    assert late["wrap"] == tall["wrap"], (late, tall)
    assert w.status["game"] == 1
    w.receive({"type": "new", "players": 2, "bots": [], "seed": 0})
    assert w.status["game"] == 2
    fresh = page.evaluate(HEIGHTS, _traits(w))
    assert fresh["wrap"] == start["wrap"] < tall["wrap"], (start, fresh, tall)
    assert not page.errors, page.errors


@pytest.mark.parametrize("zoom", ["0.8", "1.25", "1.5"])
def test_a_zoomed_notebook_does_not_make_the_held_board_grow(zoom, chromium_page):
    """JupyterLab zooms a notebook with CSS ``zoom`` on an ancestor of the board, which
    scales what ``getBoundingClientRect`` reports but not the ``min-height`` the hold writes:
    held by that reading, the board grew by the zoom factor with every redraw. Held by its
    computed height, it keeps its tallest height through clicks at any zoom."""
    from widgets import DeepWoodBoard
    page = chromium_page
    page.errors.clear()
    w = _mount(page, "deepwood", DeepWoodBoard(players=2, seed=0, seat=None, bot_delay=0))
    page.evaluate(f"document.querySelector('#root').style.zoom = '{zoom}'")
    heights = []
    for _ in range(4):
        w.receive({"type": "act", "id": "enter c0", "ply": len(w.game.history)})
        heights.append(page.evaluate(HEIGHTS, _traits(w))["wrap"])
        w.receive({"type": "undo", "ply": len(w.game.history)})
        heights.append(page.evaluate(HEIGHTS, _traits(w))["wrap"])
    assert not w.message, w.message
    assert len(set(heights)) == 1, heights
    assert not page.errors, page.errors
