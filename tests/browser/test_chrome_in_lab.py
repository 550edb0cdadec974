"""Issue 25 §2 in a real JupyterLab: the chrome follows Lab's theme, no label is cut off,
and the boards use the room they are given.

One notebook (``chrome_test.ipynb``), one kernel, every board and both labs, checked at
the start and mid-game (seeded random play until Anna is to decide again):

* **contrast** -- every visible HTML text of every board and lab (toolbar, selects, seed
  box, buttons -- also while hovered --, panels, status line, tags, messages, log, score
  table, what-if picker, the labs' chrome), in JupyterLab Light and JupyterLab Dark, has a
  WCAG 2.2 contrast of at least 4.5:1 against the background it is drawn on (3:1 for large
  text and for symbols). The ratio is computed here from the resolved colours (WCAG
  relative luminance): axe-core's colour-contrast rule leaves the text of a Lab page alone.
* **no clipped text** -- at 1280 px and 1920 px wide no text element of a board or lab is
  cut off (overflow hidden with ``scrollWidth > clientWidth``, or an engaged ellipsis),
  and the seed box shows its whole value (or its "hidden" placeholder).
* **layout** -- at 1920×1080 each board is at least 80% of its cell's width; at 1280×800
  the map and the current step's action targets of each board lie within one viewport
  height (their bounding boxes span ≤ 800 px).

Screenshots of every board and lab, both sizes and both themes, go to
``/tmp/chrome-shots/`` (or ``$DEEPWOOD_CHROME_SHOTS``) for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

NOTEBOOK = "chrome_test.ipynb"
BOARDS = ("deepwood", "clank", "dungeonquest", "adventureland", "dungeondraw", "pig")
CELL = {k: i + 1 for i, k in enumerate(BOARDS + ("dice", "bag", "whatif"))}   # whatif: Deep Wood
MID = 10                                                   # with its what-if picker open
THEMES = ("JupyterLab Light", "JupyterLab Dark")
WIDE, SMALL = {"width": 1920, "height": 1080}, {"width": 1280, "height": 800}
TALL = {"width": 1920, "height": 2400}           # a whole board on screen
SHOTS = Path(os.environ.get("DEEPWOOD_CHROME_SHOTS", "/tmp/chrome-shots"))
# the board's map (the drawing the actions are played on) for the 1280×800 check
MAP = {"deepwood": ".dw-board-big, .dw-board", "clank": ".cl-map", "dungeonquest": ".dq-grid",
       "adventureland": ".al-map", "dungeondraw": ".dd-dungeon, .dd-market", "pig": ".pig-grid"}


@pytest.fixture(scope="module")
def nb(lab, browser):
    """The page at 1920×1080 with every board and lab drawn at the start of its game."""
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    B.open_notebook(page, lab, NOTEBOOK)
    for i in range(MID):
        B.run_cell(page, i)
    assert B.error_outputs(page) == []
    for key in CELL:
        root_of(page, key).wait_for()
    yield page
    set_theme(page, THEMES[0])
    context.close()


def root_of(page, key):
    css = ".dl-root" if key in ("dice", "bag") else ".sh-root"
    return B.cell_output(page, CELL[key]).first.locator(css).first


def set_theme(page, theme: str) -> None:
    if page.evaluate("() => document.body.dataset.jpThemeName") == theme:
        return
    B.lab_command(page, "apputils:change-theme", {"theme": theme})
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme,
                           timeout=30_000)
    page.wait_for_timeout(400)


def resize(page, size: dict) -> None:
    page.set_viewport_size(size)
    page.wait_for_timeout(400)          # Lab lays its panels out again


# ---------------------------------------------------------------- contrast (WCAG 2.2 1.4.3)
# Every visible text of ``root`` outside the SVG drawings (the parchment tables draw their
# own text in SVG with their own colours): [{text, ratio, need, fg, bg, css}] for each one
# below its threshold. The background is composited from the element up to the first opaque
# one (a gradient counts with its worst colour stop); a form control's text is its value.
CONTRAST_JS = r"""(root) => {
  const rgba = (c) => { const m = c.match(/[\d.]+/g).map(Number);      // rgb(a)(), or color(srgb r g b / a) from color-mix
    return c.startsWith("color(") ? [m[0] * 255, m[1] * 255, m[2] * 255, m[3] ?? 1] : [m[0], m[1], m[2], m[3] ?? 1]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]); };
  const lum = (c) => c.slice(0, 3).map((v) => v / 255)
    .map((v) => v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  // the colours behind el: one list per gradient stop (usually one colour)
  const backs = (el) => {
    const layers = [];
    for (let n = el; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      const img = cs.backgroundImage.includes("gradient") ? cs.backgroundImage.match(/rgba?\([^)]*\)/g) || [] : [];
      const col = rgba(cs.backgroundColor);
      if (img.length) { layers.push(img.map(rgba)); if (img.every((c) => rgba(c)[3] === 1)) break; }
      if (col[3] > 0) { layers.push([col]); if (col[3] === 1) break; }
    }
    let out = [[255, 255, 255, 1]];
    for (const layer of layers.reverse()) out = layer.flatMap((c) => out.map((u) => over(c, u)));
    return out;
  };
  const seen = new Set(), bad = [];
  const check = (el, text) => {
    if (seen.has(el)) return; seen.add(el);
    if (el.closest("svg, .sh-live, .sh-sr, [hidden], option")) return;
    if (el.closest("button:disabled, input:disabled, select:disabled, fieldset:disabled")) return;  // inactive: exempt
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (!r.width || !r.height || cs.visibility !== "visible") return;
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const symbol = !/[\p{L}\p{N}]/u.test(text);
    const need = size >= 24 || (bold && size >= 18.66) || symbol ? 3 : 4.5;
    const bgs = backs(el), fg = rgba(cs.color);
    const worst = Math.min(...bgs.map((b) => ratio(over(fg, b), b)));
    if (worst < need) bad.push({ text: text.slice(0, 40), ratio: +worst.toFixed(2), need,
      fg: cs.color, bg: getComputedStyle(el).backgroundColor,
      css: el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "") });
  };
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { const t = walk.currentNode.textContent.trim(); if (t) check(walk.currentNode.parentElement, t); }
  for (const el of root.querySelectorAll("input:not([type=checkbox]):not([type=radio]), select, textarea"))
    check(el, el.value || el.placeholder || (el.selectedOptions && el.selectedOptions[0] ? el.selectedOptions[0].text : "") || "x");
  // SVG text drawn straight onto the chrome (coordinates, titles beside a map): its fill
  // against the HTML background under it; text on a drawn shape belongs to the parchment
  for (const t of root.querySelectorAll("svg text")) {
    const r = t.getBoundingClientRect(), cs = getComputedStyle(t), text = t.textContent.trim();
    if (!r.width || !text || !cs.fill.startsWith("rgb") || t.closest("[hidden]")) continue;
    const under = document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2)
      .find((e) => e !== t && !t.contains(e) && !(e instanceof SVGTextElement) && !(e instanceof SVGTSpanElement));
    if (!under || (under instanceof SVGElement && !(under instanceof SVGSVGElement))) continue;
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) || !/[\p{L}\p{N}]/u.test(text) ? 3 : 4.5;
    const fg = rgba(cs.fill), worst = Math.min(...backs(under).map((b) => ratio(over(fg, b), b)));
    if (worst < need) bad.push({ text: text.slice(0, 40), ratio: +worst.toFixed(2), need, fg: cs.fill, css: "svg text." + t.getAttribute("class") });
  }
  return bad;
}"""


def low_contrast(page, keys=CELL) -> dict[tuple[str, str], list[dict]]:
    """{(key, theme): [text below its contrast]}; in a tall window with each board scrolled
    to the top, as what lies under an SVG text is found by hit testing (on screen only)."""
    found = {}
    resize(page, TALL)
    for theme in THEMES:
        set_theme(page, theme)
        for key in keys:
            root = root_of(page, key)
            root.evaluate("r => r.scrollIntoView({block: 'start'})")
            bad = root.evaluate(CONTRAST_JS)
            if bad:
                found[(key, theme)] = bad
    resize(page, WIDE)
    return found


def hovered_low_contrast(page) -> list[tuple]:
    """Each kind of button of each board and lab, hovered, in both themes ("green buttons
    lose their label on hover"): [(key, theme, button, ratio)] below 4.5:1."""
    bad = []
    for theme in THEMES:
        set_theme(page, theme)
        for key in CELL:
            root = root_of(page, key)
            kinds = root.evaluate("""r => { const seen = new Map();
                for (const b of r.querySelectorAll('button:not(:disabled)')) {
                  const k = b.className; if (b.textContent.trim() && !seen.has(k)) seen.set(k, b); }
                [...seen.values()].forEach((b, i) => b.setAttribute('data-chrome-hover', i));
                return seen.size; }""")
            for i in range(kinds):
                button = root.locator(f'[data-chrome-hover="{i}"]').first
                if not button.is_visible():
                    continue
                button.hover()
                page.wait_for_timeout(60)
                for b in button.evaluate(CONTRAST_JS):
                    bad.append((key, theme, button.evaluate("b => b.className"), b))
            page.mouse.move(1, 1)
    return bad


def test_chrome_contrast_light_and_dark_at_start(nb):
    """Fails on the old chrome: in the dark theme the toolbar's labels and the panels'
    titles take Lab's light text colour onto the shell's cream, and the selects and seed
    box were white on white."""
    found = low_contrast(nb)
    assert found == {}, "\n".join(f"{k} {t}: {b}" for (k, t), bs in found.items() for b in bs)


def test_hovered_buttons_keep_their_label(nb):
    """Fails on the old chrome: in the dark theme DungeonQuest's hovered hero cards put
    Lab's white text on their cream hover background (1.1:1)."""
    assert hovered_low_contrast(nb) == []


# ---------------------------------------------------------------- clipped text
CLIPPED_JS = r"""(root) => {
  const out = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest("svg, .sh-live, .sh-sr, [hidden]") || !el.textContent.trim()) continue;
    const cs = getComputedStyle(el), r = el.getBoundingClientRect();
    if (!r.width || cs.display === "contents") continue;
    const hides = ["hidden", "clip"].includes(cs.overflowX), ellipsis = cs.textOverflow === "ellipsis";
    const wide = el.scrollWidth > el.clientWidth + 1;
    const tall = ["hidden", "clip"].includes(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
    if ((hides || ellipsis) && (wide || tall))
      out.push({ text: el.textContent.trim().slice(0, 50), css: el.tagName.toLowerCase() + "." + String(el.className).trim().split(/\s+/).join("."),
                 scroll: [el.scrollWidth, el.scrollHeight], client: [el.clientWidth, el.clientHeight] });
  }
  // the seed box: its value (or the "hidden" placeholder) fits beside Chromium's spin buttons
  const ctx = document.createElement("canvas").getContext("2d");
  for (const box of root.querySelectorAll("input.sh-seed, input.dl-seed")) {
    const cs = getComputedStyle(box), text = box.value || box.placeholder;
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
    if (text && ctx.measureText(text).width > room)
      out.push({ text, css: "input." + box.className, needs: Math.ceil(ctx.measureText(text).width), room });
  }
  return out;
}"""


def clipped(page, keys=CELL) -> dict[tuple[str, int], list[dict]]:
    found = {}
    for size in (SMALL, WIDE):
        resize(page, size)
        for key in keys:
            bad = root_of(page, key).evaluate(CLIPPED_JS)
            if bad:
                found[(key, size["width"])] = bad
    resize(page, WIDE)
    return found


def test_no_clipped_text_at_start(nb):
    """Fails on the old chrome: the seed box shows "hidder", the what-if picker's labels
    end in an ellipsis, Klong!'s card names and fractions too."""
    found = clipped(nb)
    assert found == {}, "\n".join(f"{k} {w}px: {b}" for (k, w), bs in found.items() for b in bs)


# ---------------------------------------------------------------- layout
def test_boards_use_the_width_at_1920(nb):
    """Fails on the old chrome: ``.sh-root { max-width: 1010px }`` kept every board at
    about 1010 px of a ~1600 px cell."""
    resize(nb, WIDE)
    narrow = {}
    for key in BOARDS:
        out = B.cell_output(nb, CELL[key]).first
        cell_w = out.evaluate("o => o.getBoundingClientRect().width")
        board_w = root_of(nb, key).evaluate("r => r.getBoundingClientRect().width")
        if board_w < 0.8 * cell_w:
            narrow[key] = (round(board_w), round(cell_w))
    assert narrow == {}, f"boards narrower than 80% of their cell (board, cell): {narrow}"


SPAN_JS = r"""(root, mapCss) => {
  const vis = (n) => { const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0 ? r : null; };
  const map = [...root.querySelectorAll(mapCss)].map(vis).filter(Boolean)[0];
  const acts = [...root.querySelectorAll(".sh-main [data-action], .sh-main [data-ui]")]
    .filter((n) => !n.disabled && !n.closest("[hidden]")).map(vis).filter(Boolean);
  const boxes = (map ? [map] : []).concat(acts);
  if (!map || !acts.length) return { map: !!map, actions: acts.length };
  const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
  return { span: Math.round(bottom - top), map: Math.round(map.height), actions: acts.length };
}"""


def spans(page) -> dict[str, dict]:
    resize(page, SMALL)
    out = {key: root_of(page, key).evaluate(SPAN_JS, MAP[key]) for key in BOARDS}
    resize(page, WIDE)
    return out


def assert_one_screen(found: dict[str, dict]) -> None:
    print("map and actions at 1280x800:", found)
    missing = {k: v for k, v in found.items() if "span" not in v}
    assert missing == {}, f"no map or no action target found: {missing}"
    tall = {k: v for k, v in found.items() if v["span"] > SMALL["height"]}
    assert tall == {}, f"map and actions farther apart than one 800 px screen: {tall}"


def test_map_and_actions_in_one_screen_at_1280x800_start(nb):
    """Fails on the old chrome: DungeonQuest's action buttons sat far below its map."""
    assert_one_screen(spans(nb))


# ---------------------------------------------------------------- mid-game
def test_mid_game_contrast_clipping_and_one_screen(nb):
    B.run_cell(nb, MID)
    assert B.error_outputs(nb) == []
    played = dict(kv.split("=") for kv in B.cell_output(nb, MID).inner_text().split())
    assert all(int(v.split(":")[0]) >= 6 and v.endswith(":0:0") for v in played.values()), played
    root_of(nb, "whatif").locator(".sh-chance-row").first.wait_for(timeout=10_000)   # "Reveal a … at a2"
    nb.wait_for_timeout(800)
    found = low_contrast(nb, BOARDS + ("whatif",))
    assert found == {}, "\n".join(f"{k} {t}: {b}" for (k, t), bs in found.items() for b in bs)
    cut = clipped(nb, BOARDS + ("whatif",))
    assert cut == {}, "\n".join(f"{k} {w}px: {b}" for (k, w), bs in cut.items() for b in bs)
    assert_one_screen(spans(nb))


def test_screenshots_both_sizes_both_themes(nb):
    """Not an assertion: pictures of every board and lab (mid-game) for a person to look
    at -- at 1920 px (a tall window, so the whole board is in the picture) and as a
    1280×800 screen shows it with the board scrolled to its top."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for theme in THEMES:
        set_theme(nb, theme)
        tag = theme.split()[-1].lower()
        for size, name in (({"width": 1920, "height": 2000}, "1920"), (SMALL, "1280x800")):
            resize(nb, size)
            for key in CELL:
                out = B.cell_output(nb, CELL[key]).first
                out.evaluate("e => e.scrollIntoView({block: 'start'})")
                nb.wait_for_timeout(100)
                nb.screenshot(path=str(SHOTS / f"{key}-{name}-{tag}.png"))
    set_theme(nb, THEMES[0])
    resize(nb, WIDE)
    assert len(list(SHOTS.glob("*.png"))) >= len(CELL) * 4
