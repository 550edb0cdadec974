// The keyboard and screen-reader layer of every board (issue 25 §1). widgets/shell.py joins
// this file between shell.js and the board's module into the one ES module a board ships,
// so it uses shell.js's helpers directly; shell.js's render() calls mountA11y().

// ---------------------------------------------------------------- keyboard and screen reader
// Every click target a board declares ([data-action], [data-chance], [data-ui]) takes part in
// one roving tabindex: Tab enters the board at the last target used, the arrow keys move to
// the nearest target in that direction, Enter or Space acts (as a click would), Escape goes
// to the board's onKey (which cancels a two-click move). Targets drawn as SVG shapes or
// plain boxes get role="button" and an accessible name from the game's own label (their
// <title> or title attribute).
export const TARGETS = "[data-action],[data-chance],[data-ui]";
const NATIVE = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "A"]);
// What a pointer press does not focus (onPress): the targets, and the toolbar's buttons
const PRESSED = `${TARGETS},[data-cmd]`;

/** The accessible name of a target: its SVG <title>, else its title, else its text. */
export function targetName(node) {
  const t = [...node.children].find((c) => c.tagName && c.tagName.toLowerCase() === "title");
  const s = (t && t.textContent) || node.getAttribute("title") || node.textContent || "";
  return s.replace(/\s+/g, " ").trim();
}

const KEY_ATTRS = ["data-action", "data-chance", "data-ui", "data-sq", "data-strip", "data-card",
  "data-node", "data-room", "data-seat", "data-idx", "data-res", "data-id", "data-keep"];
/** Which target a node is, stable across redraws (to keep the roving focus on it). */
export function targetKey(node) {
  return KEY_ATTRS.map((n) => node.getAttribute(n) ?? "").join("|");
}

/** A test ``node -> bool`` for "this node is keyed ``key``": it reads the key's first
 *  non-empty attribute first, so most nodes are turned down after one read instead of
 *  thirteen (a redraw looks for the Tab stop among every target of the board). */
export function keyedAs(key) {
  const values = key.split("|");
  if (values.length !== KEY_ATTRS.length) return (n) => targetKey(n) === key;
  const i = values.findIndex((v) => v !== "");
  return (n) => (i < 0 || n.getAttribute(KEY_ATTRS[i]) === values[i]) && targetKey(n) === key;
}

function setAttr(node, name, value) { if (node.getAttribute(name) !== value) node.setAttribute(name, value); }

/** Give every target of ``main`` its role, name and tabindex; one of them (the one keyed
 *  ``key``, else the first) is the board's Tab stop. Returns the Tab stop. */
export function rove(main, key) {
  const nodes = liveTargets(main);
  const stop = nodes.find(keyedAs(key)) || nodes[0] || null;
  markTargets(main, nodes, stop);
  return stop;
}

/** After a redraw: the one Tab stop (the target keyed ``key``, else the first). The patch
 *  gave every redrawn target premark's role, name and tabindex, and a kept part's targets
 *  keep theirs, so only a stop left in a kept part (or none) needs mending: a full rove
 *  would name every target again on every click. Returns the Tab stop. */
export function settleStop(main, key) {
  let stop = keyedTarget(main, key);
  if (!stop) {
    const first = main.querySelector(TARGETS);      // the first live target, found cheaply
    stop = first && isLive(first) ? first : liveTargets(main)[0] || null;
  }
  for (const n of main.querySelectorAll('[tabindex="0"]')) if (n !== stop && n.matches(TARGETS)) n.setAttribute("tabindex", "-1");
  if (stop) setAttr(stop, "tabindex", "0");
  return stop;
}

const isLive = (n) => !n.disabled && !n.closest("[hidden]");
const liveTargets = (root) => [...root.querySelectorAll(TARGETS)].filter(isLive);

/** The first live target keyed ``key`` (or null), looked up by the first non-empty one of its
 *  data-action, data-chance and data-ui (a handful of nodes share it) instead of keying every
 *  target after each redraw; null for no key (no target was focused: a pointer's board).
 *  A key that cannot be split back into its values (a value holding "|") or names none of
 *  the three is looked for among all live targets. */
function keyedTarget(main, key) {
  if (!key) return null;
  const values = key.split("|");
  const i = values.length === KEY_ATTRS.length ? [0, 1, 2].find((j) => values[j] !== "") : undefined;
  if (i === undefined) return liveTargets(main).find(keyedAs(key)) || null;
  for (const n of main.querySelectorAll(`[${KEY_ATTRS[i]}="${CSS.escape(values[i])}"]`)) {
    if (targetKey(n) === key && isLive(n)) return n;
  }
  return null;
}

function markTargets(root, nodes, stop, keptHolds = () => false, nameOf = targetName) {
  // a picture that holds targets is a group of controls, not one image (an img's children
  // are hidden from assistive technology, and axe-core's nested-interactive says so);
  // in a redraw, its targets may sit in a kept part (``keptHolds(name)``)
  for (const svg of root.querySelectorAll('svg[role="img"]')) {
    if (svg.querySelector(TARGETS) ||
        [...svg.querySelectorAll("[data-keep]")].some((k) => keptHolds(k.getAttribute("data-part")))) {
      setAttr(svg, "role", "group");
    }
  }
  for (const n of nodes) {
    setAttr(n, "tabindex", n === stop ? "0" : "-1");
    if (!NATIVE.has(n.tagName.toUpperCase())) {
      setAttr(n, "role", "button");
      const name = nameOf(n);
      if (name) setAttr(n, "aria-label", name);
      if (!n.classList.contains("sh-target")) n.classList.add("sh-target");   // add() always writes
    }
  }
}

/** What rove gives the targets, given to a freshly parsed redraw (``fragment``) before the
 *  shell patches it into the live board: the patch then finds an unchanged target equal to
 *  its live node and leaves it alone. Without, every redraw stripped the role, name,
 *  tabindex and class of every target and rove put them back, so no subtree holding a
 *  target compared equal and all targets were restyled on every click. The stop is the
 *  first target keyed as one of ``keys`` (the focused target's, then the live stop's);
 *  rove settles the rest after the patch. */
export function premark(fragment, keys, keptHolds = () => false, nameOf = targetName) {
  const nodes = liveTargets(fragment);
  const stop = keys.map((k) => k && nodes.find(keyedAs(k))).find(Boolean);
  markTargets(fragment, nodes, stop || null, keptHolds, nameOf);
}

// Whether a kept part holds a target, read from the markup it was drawn from (the same for
// as long as it is kept): querying the live part walked all of it, and the Klong! map's
// kept layers are a thousand nodes without one. esc() writes a quote inside a value as
// &quot;, so ` data-action="` in markup is always an attribute, never text or a value.
const TARGET_ATTR = / data-(?:action|chance|ui)="/;
const HOLDS = new Map();
function holdsTargets(name, markup) {
  if (typeof markup !== "string") return false;
  const seen = HOLDS.get(name);
  if (seen && seen.markup === markup) return seen.holds;
  if (HOLDS.size > 256) HOLDS.clear();          // part names come from synced data: bounded
  const holds = TARGET_ATTR.test(markup);
  HOLDS.set(name, { markup, holds });
  return holds;
}

/** The next target for an arrow key: left and right step through every target in reading
 *  order (wrapping, so each one is reachable); up and down go to the nearest target in
 *  that direction, else the previous or next one in reading order. */
export function nextTarget(nodes, from, keyName) {
  const i = nodes.indexOf(from);
  if (keyName === "ArrowRight" || keyName === "ArrowLeft") {
    return nodes[(i + (keyName === "ArrowRight" ? 1 : -1) + nodes.length) % nodes.length] || null;
  }
  const box = (n) => { const r = n.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };
  if (i >= 0) {
    const c = box(from);
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[keyName];
    let best = null, bestCost = Infinity;
    for (const n of nodes) {
      if (n === from) continue;
      const p = box(n), dx = p.x - c.x, dy = p.y - c.y;
      const along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1] + dy * dir[0]);
      if (along < 2) continue;
      const cost = along + 2 * across;
      if (cost < bestCost) { best = n; bestCost = cost; }
    }
    if (best) return best;
  }
  const step = keyName === "ArrowRight" || keyName === "ArrowDown" ? 1 : -1;
  return nodes[(i + step + nodes.length) % nodes.length] || null;
}

/** New event-log lines since ``seen`` lines of the whole log, as one sentence list. */
export function newLogLines(st, seen) {
  const lines = st.event_log || [];
  const start = (st.status && st.status.log_start) || 0;
  const total = start + lines.length;
  if (seen === null || total <= seen) return { total, text: "" };
  return { total, text: lines.slice(Math.max(0, seen - start)).join(" ") };
}

/** The position in words, for a screen reader: whose turn, the phase, the scores, what
 *  can be played now and the latest events (the board's picture says no more than this). */
export function positionText(st) {
  const status = st.status || {}, names = status.names || [];
  const out = [];
  const main = document.createElement("div");
  main.innerHTML = statusHtml(st);
  const line = main.querySelector(".sh-status");
  if (line) out.push(line.textContent.replace(/\s+/g, " ").trim());
  const sc = st.score || {};
  if ((sc.total || []).length) out.push(`Scores: ${sc.total.map((s, i) => `${names[i] || `seat ${i + 1}`} ${s}`).join(", ")}.`);
  const legal = (st.legal || []).map((a) => a.label);
  out.push(legal.length ? `You can: ${legal.slice(0, 60).join("; ")}${legal.length > 60 ? ` (and ${legal.length - 60} more)` : ""}.` : "Nothing to play for your seat now.");
  if ((st.chance || []).length) out.push(`Chance event with ${plural(st.chance.length, "outcome")}: ${st.chance.map((c) => `${c.label} ${c.p_pct}`).join("; ")}.`);
  const log = (st.event_log || []).slice(-5);
  if (log.length) out.push(`Latest: ${log.join(" ")}`);
  return out;
}

/** The keyboard and screen-reader layer of one rendered board (see rove): a Tab stop over
 *  the board's targets, arrow keys, Enter/Space, focus kept across redraws, an aria-live
 *  region announcing each new event-log line (moves, bot moves, chance results) and a
 *  "position as text" panel. Keys pressed inside the board never reach JupyterLab's
 *  shortcuts (data-lm-suppress-shortcuts) nor the notebook (stopPropagation). */
function mountA11y(el, getState) {
  const main = el.querySelector(".sh-main");
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  main.setAttribute("role", "region");
  main.setAttribute("aria-label", "game board: Tab to enter, arrow keys to move between targets, Enter or Space to play, Escape to cancel");
  main.insertAdjacentHTML("beforebegin",
    `<div class="sh-a11y"><button class="sh-btn sh-position-btn" data-sh="position" aria-expanded="false" title="read the position in words (for screen readers)">Position as text</button>` +
    `<div class="sh-live" role="status" aria-live="polite" aria-atomic="true"></div></div>` +
    `<div class="sh-panel sh-position" role="region" aria-label="position as text" hidden></div>`);
  const live = el.querySelector(".sh-live");
  const posPanel = el.querySelector(".sh-position");
  const posBtn = el.querySelector('[data-sh="position"]');
  let seen = null, stopKey = "", focused = null;
  let pointer = false, settleFrame = 0;    // the last input in the board: a pointer press?
  let stopNow = "";                         // the key of the Tab stop the last redraw chose

  function drawPosition(st) {
    if (posPanel.hidden) return;
    posPanel.innerHTML = `<div class="sh-panel-title">Position as text</div><ul>${positionText(st).map((l) => `<li>${esc(l)}</li>`).join("")}</ul>`;
  }
  // Put the focus back on the board's Tab stop when the redraw took it away: the target
  // just played is gone (removed, or morphed into another target, which drops the focus to
  // the page's body), or the focused node became a non-target (a played card drawn as a
  // plain box, a dead element). A pointer press outside the board forgets ``focused``
  // (onPointerOutside), so a student who clicked elsewhere is never pulled back.
  function refocus(stop) {
    const act = document.activeElement;
    const dropped = act !== focused && (!act || act === document.body);
    const dead = act && act === focused && main.contains(act) && !act.matches(TARGETS);
    if (focused && stop && stop.isConnected && (dropped || dead)) stop.focus({ preventScroll: true });
  }
  // What a redraw leaves the keyboard layer: the Tab stop, focus kept on it, the live
  // region's news, the position panel. After a pointer press it runs once the answer's frame
  // is painted (none of it shows on screen, and focus() there would lay the board out inside
  // the answer's task, bench/README.md); a key press keeps it at once, so the next key never
  // lands on the page's body. Anything that reads it first (a key, a focus, the next
  // redraw's premark, the position button) runs it then (flush).
  let settle = null;
  const later = new MessageChannel();
  later.port1.onmessage = () => flush();
  function flush() {
    cancelAnimationFrame(settleFrame);
    const run = settle;
    settle = null;
    if (run) run();
  }
  function afterDraw(st) {
    flush();
    settle = () => {
      const stop = settleStop(main, stopKey);
      stopNow = stop ? targetKey(stop) : "";
      refocus(stop);
      const news = newLogLines(st, seen);
      if (seen !== null && news.text) live.textContent = news.text;
      seen = news.total;
      drawPosition(st);
    };
    if (pointer) settleFrame = requestAnimationFrame(() => later.port2.postMessage(0));
    else flush();
  }
  function onFocusIn(e) {
    flush();
    const t = e.target.closest && e.target.closest(TARGETS);
    if (t && main.contains(t)) {
      focused = t;
      if (targetKey(t) !== stopKey) { stopKey = targetKey(t); rove(main, stopKey); }
    } else focused = null;
  }
  // A pointer press on a target leaves the focus on the board's region, not on the target:
  // the answer to a click usually removes the target pressed (a square entered, a card
  // played), and a focused node that goes away makes the browser move the focus in the
  // middle of the patch, which forces a style and layout pass over the board inside the
  // answer's task (about 2 ms a click, bench/README.md), and JupyterLab's focus handlers run
  // again. The toolbar's buttons likewise: Undo back to the first move disables itself.
  // The region holds the focus from the first press on, so later presses move nothing;
  // Tab or an arrow key from the region goes to the board's Tab stop. Keyboard users are
  // not affected: their focus is on a target, and refocus keeps it there.
  function onPress(e) {
    if (e.button !== 0 || !e.target.closest) return;
    const t = e.target.closest(PRESSED);
    if (!t || !(main.contains(t) || (t.matches("[data-cmd]") && el.contains(t)))) return;
    e.preventDefault();                          // no focus on the target (or button) pressed
    if (document.activeElement !== main) main.focus({ preventScroll: true });
  }
  function onKeyDown(e) {
    e.stopPropagation();                         // the board's key, never the notebook's
    pointer = false;
    flush();
    if (e.target === main && e.key.startsWith("Arrow")) {   // from the region: the Tab stop
      const stop = rove(main, stopKey);
      if (stop) { e.preventDefault(); stop.focus(); }
      return;
    }
    const t = e.target.closest && e.target.closest(TARGETS);
    if (!t || !main.contains(t)) return;
    if (e.key === "Enter" || e.key === " ") {
      if (NATIVE.has(t.tagName.toUpperCase())) return;   // a button clicks itself
      e.preventDefault();
      t.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    } else if (e.key.startsWith("Arrow")) {
      const nodes = [...main.querySelectorAll(TARGETS)].filter((n) => n.getAttribute("tabindex") !== null);
      const n = nextTarget(nodes, t, e.key);
      if (n) { e.preventDefault(); stopKey = targetKey(n); rove(main, stopKey); n.focus(); }
    }
  }
  function onClick(e) {
    if (!e.target.closest || !e.target.closest('[data-sh="position"]')) return;
    flush();
    posPanel.hidden = !posPanel.hidden;
    posBtn.setAttribute("aria-expanded", String(!posPanel.hidden));
    drawPosition(getState());
  }
  const onPointerOutside = (e) => {
    if (!el.contains(e.target)) focused = null;
    else pointer = true;
  };
  const stopUp = (e) => e.stopPropagation();
  const listeners = [[el, "focusin", onFocusIn], [el, "keydown", onKeyDown], [el, "keyup", stopUp],
    [el, "keypress", stopUp], [el, "click", onClick], [document, "pointerdown", onPointerOutside, true]];
  for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, !!capture);
  main.setAttribute("tabindex", "-1");   // focused by a press (onPress), never a Tab stop itself
  return {
    afterDraw,
    onPress,
    premark(fragment, markupOf) {
      flush();                               // the last redraw's Tab stop (stopNow), settled
      // a target named by its text, part of which sits in a kept part, is named as its live
      // twin is (looked up by its key, not by keying every live target: the Klong! map has
      // a hundred); a title names it whole
      const liveName = (n) => {
        if (n.hasAttribute("title") || !n.querySelector("[data-keep]")) return targetName(n);
        const twin = keyedTarget(main, targetKey(n));
        return (twin && twin.getAttribute("aria-label")) || targetName(n);
      };
      premark(fragment, [stopKey, stopNow], (name) => holdsTargets(name, markupOf(name)), liveName);
    },
    remove() {
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, !!capture);
      cancelAnimationFrame(settleFrame);
      settle = null;
      later.port1.onmessage = null;
    },
  };
}

// ---------------------------------------------------------------- player marks
// Colour is never the only cue (issue 25 §2, WCAG 1.4.1): every piece drawn in a player's
// colour also carries the player's letter, the one the game's static picture uses (an
// initial, or DungeonQuest's seat number), in an ink chosen for that colour. The boards
// draw them with these helpers (and shell.js's seatCard, given the letter as ``mark``).
const DARK_INK = "#1b1b1b";
/** A player's letter: the initial of their name, as the static pictures draw it. */
export const initialOf = (name) => String(name || "?").slice(0, 1).toUpperCase();
/** WCAG relative luminance of a "#rgb" or "#rrggbb" colour (0 black … 1 white). */
export function luminance(hex) {
  let h = String(hex || "").replace("#", "");
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  if (!/^[0-9a-fA-F]{6}$/.test(h)) return 0;
  const lin = (i) => { const c = parseInt(h.slice(i, i + 2), 16) / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(0) + 0.7152 * lin(2) + 0.0722 * lin(4);
}
/** The WCAG contrast ratio of two colours (1 … 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
/** The ink for a letter on ``fill``: white or near-black, whichever contrasts more (for
 *  any colour that is at least 4.5:1, e.g. dark ink on yellow, white on blue). */
export function inkOn(fill) {
  // remembered per colour: a redraw asks again and again for the same few player colours
  let ink = INKS.get(fill);
  if (ink === undefined) {
    if (INKS.size > 64) INKS.clear();               // colours come from synced data: bounded
    ink = contrast(fill, "#ffffff") >= contrast(fill, DARK_INK) ? "#ffffff" : DARK_INK;
    INKS.set(fill, ink);
  }
  return ink;
}
const INKS = new Map();
/** A player's letter inside an SVG piece, centred on (x, y); hidden from assistive
 *  technology (the piece's <title> names the player) and from the mouse (a click goes to
 *  what lies under the piece). */
export function markText(x, y, size, letter, fill) {
  return `<text x="${r1(x)}" y="${r1(y + size * 0.36)}" font-size="${r1(size)}" text-anchor="middle" font-weight="bold" class="sh-mark"` +
    ` style="fill:${inkOn(fill)};pointer-events:none" aria-hidden="true">${esc(letter)}</text>`;
}
/** A player's mark in HTML: a disc (or with ``square`` a cube) of the player's colour with
 *  the letter in it, ``px`` across; ``title`` names the player where no text beside it
 *  does; ``cls`` the board's own class for it. */
export function markChip(letter, fill, px = 14, title = "", cls = "", square = false) {
  const name = title ? ` role="img"${attr("aria-label", title)}${attr("title", title)}` : ` aria-hidden="true"`;
  // what every chip shares is in shell.css (.sh-mark-chip): a redraw parses less CSS
  return `<span class="sh-mark-chip${square ? " sh-cube" : ""}${cls ? ` ${cls}` : ""}"${name} style="width:${px}px;height:${px}px;` +
    `background:${fill};color:${inkOn(fill)};font:bold ${Math.round(px * 0.64)}px/${px - 2}px sans-serif">${esc(letter)}</span>`;
}
const r1 = (n) => Math.round(n * 10) / 10;
