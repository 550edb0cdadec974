// Patching the live board (issue 25 §4): the redraw's DOM half. widgets/shell.py joins this
// file after shell.js into the board's one ES module; shell.js's draw() calls
// morphChildren(), and part() (shell.js) makes the data-keep placeholders it keeps.

// A redraw builds the whole markup (renderMarkup stays pure and testable) but patches the
// live DOM in place: unchanged nodes are left alone, so the browser restyles and lays out
// only what a click changed, and scroll positions and hover states survive.
function syncAttrs(from, to) {
  // by name, not through Attr nodes: each Attr read makes a wrapper object, and a redraw
  // visits every element around what changed (most of the patch's own time went there)
  const names = to.getAttributeNames();
  for (const name of names) {
    const value = to.getAttribute(name);
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  // ``from`` now has every name of ``to``; only when it has more is one to be removed
  // (counting is cheaper than looking each of its names up in ``to``)
  if (from.attributes.length === names.length) return;
  for (const name of from.getAttributeNames()) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
}

const STALE_PART = new Error("a kept part has no counterpart: draw everything");

// a node's children as an array, walked by sibling links (spreading a NodeList goes through
// its iterator, a binding call per child)
function kids(node) {
  const out = [];
  for (let c = node.firstChild; c !== null; c = c.nextSibling) out.push(c);
  return out;
}

const holdsKept = (n) => n.nodeType === 1 && n.querySelector("[data-keep]") !== null;

/** The drawn part ``name`` inside ``old`` (a node about to be replaced), else from ``stash``. */
function livePart(old, name, stash) {
  const sel = `.sh-part[data-part="${CSS.escape(name)}"]`;
  const node = old.nodeType === 1 ? old.querySelector(sel) : null;
  if (node) return node;
  if (stash[name]) { const n = stash[name]; delete stash[name]; return n; }
  throw STALE_PART;
}

/** Patch ``from``'s children into ``to``'s. A ``data-keep`` placeholder keeps the live part
 *  of that name (moved into place), or takes it from ``stash`` (name -> detached node). */
export function morphChildren(from, to, stash = {}) {
  const olds = kids(from), news = kids(to);
  for (let i = 0; i < news.length; i++) {
    const n = news[i], o = olds[i];
    if (n.nodeType === 1 && n.hasAttribute("data-keep")) {
      // an unchanged part: keep the old DOM's very part, moved here if a sibling before it
      // came or went (a log block scrolled out); without one, draw everything
      const name = n.getAttribute("data-part");
      if (o && o.nodeType === 1 && o.getAttribute("data-part") === name) continue;
      const k = olds.findIndex((x, j) => j > i && x.nodeType === 1 &&
        x.getAttribute("data-part") === name);
      let kept;
      if (k >= 0) kept = olds.splice(k, 1)[0];
      else if (stash[name]) { kept = stash[name]; delete stash[name]; }
      else throw STALE_PART;
      from.insertBefore(kept, o || null);
      olds.splice(i, 0, kept);
      continue;
    }
    // a new subtree cannot hold kept placeholders: they would be drawn empty
    if (!o) { if (holdsKept(n)) throw STALE_PART; from.appendChild(n); continue; }
    if (o.isEqualNode(n)) continue;
    if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) {
      // another tag around unchanged parts (a box turned into a button): they move into it
      const keeps = n.nodeType === 1 ? [...n.querySelectorAll("[data-keep]")] : [];
      const kept = keeps.map((k) => livePart(o, k.getAttribute("data-part"), stash));
      from.replaceChild(n, o);
      keeps.forEach((k, j) => k.replaceWith(kept[j]));
      continue;
    }
    if (o.nodeType !== 1) { o.nodeValue = n.nodeValue; continue; }
    syncAttrs(o, n);
    morphChildren(o, n, stash);
  }
  for (let i = news.length; i < olds.length; i++) from.removeChild(olds[i]);
}
