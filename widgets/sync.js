// Updates that carry only what changed (issue 25 §4; the kernel's half is widgets/sync.py).
// A board's changed traits arrive as one custom message, {type: "sync", base, rev, whole,
// patch}: "whole" holds traits sent whole, "patch" the edits that turn the trait this
// model holds into the new one. widgets/shell.py joins this file into the board's module.
//
// The edits are applied copy-on-write: a changed container is copied once, everything the
// patch does not touch stays the very same object, so Backbone's comparison of old and new
// stops at the first shared node instead of walking the whole view.

/** ``base`` with the kernel's edits applied (``base`` itself is never changed); a path
 *  lists the keys and indices from the root (widgets/sync.py ``diff`` makes them):
 *  ["=", path, value] sets; ["d", path, keys, added] rebuilds a dict in the order of
 *  ``keys``, each value kept unless in ``added``; ["l", path, items] rebuilds a list, an
 *  index keeping that old item, ``[value]`` a new one.
 *
 *  applyPatch({a: ["x", "y"]}, [["l", ["a"], [1, ["z"]]]])  // -> {a: ["y", "z"]} */
export function applyPatch(base, edits) {
  const copies = new Set();
  const fresh = (c) => { copies.add(c); return c; };
  const own = (x) => {
    if (copies.has(x)) return x;
    if (x === null || typeof x !== "object") throw new Error("a patch path leads through a non-container");
    return fresh(Array.isArray(x) ? x.slice() : { ...x });
  };
  // an own data property, whatever the key ("__proto__" included)
  const put = (c, k, v) => Array.isArray(c) ? (c[k] = v) :
    Object.defineProperty(c, k, { value: v, writable: true, enumerable: true, configurable: true });
  const holder = own({ root: base });
  for (const [op, path, ...args] of edits) {
    const keys = ["root", ...path];
    let c = holder;
    for (const k of keys.slice(0, -1)) { const next = own(c[k]); put(c, k, next); c = next; }
    const last = keys[keys.length - 1], old = c[last];
    if (op === "=") put(c, last, args[0]);
    else if (op === "d") {
      const [order, added] = args;
      put(c, last, fresh(Object.fromEntries(order.map((k) => {
        if (Object.hasOwn(added, k)) return [k, added[k]];
        if (old === null || typeof old !== "object" || !Object.hasOwn(old, k)) throw new Error(`a patch keeps a key it never had: ${k}`);
        return [k, old[k]];
      }))));
    } else if (op === "l") {
      put(c, last, fresh(args[0].map((x) => {
        if (Array.isArray(x)) return x[0];
        if (!Array.isArray(old) || !Number.isInteger(x) || x < 0 || x >= old.length) throw new Error(`a patch keeps an item it never had: ${x}`);
        return old[x];
      })));
    } else throw new Error(`unknown patch edit ${JSON.stringify(op)}`);
  }
  return holder.root;
}

/** Apply the kernel's sync messages to ``model`` (anywidget's ``initialize``: once per
 *  model, whether a view shows it or not); returns the clean-up. A model at another
 *  revision than a patch's ``base`` (a message it missed), or a patch that does not fit,
 *  asks for the whole state, which carries its revision. So does the model at once:
 *  whatever the kernel sent between opening the widget and this module's loading found no
 *  one listening. */
export function followPatches(model) {
  const onSync = (msg) => applySync(model, msg);
  model.on("msg:custom", onSync);
  model.send({ type: "resync" });
  return () => model.off("msg:custom", onSync);
}

/** Apply one custom message if it is a sync; true if it was. */
export function applySync(model, msg) {
  if (!msg || msg.type !== "sync") return false;
  const have = model.get("revision");
  if (have === msg.rev) return true;        // a duplicate: already applied
  let next = null;
  if (have === msg.base) {
    try {
      next = { ...msg.whole, revision: msg.rev };
      for (const [k, edits] of Object.entries(msg.patch || {})) next[k] = applyPatch(model.get(k), edits);
    } catch (err) {
      if (typeof console !== "undefined") console.warn("deepwood: a patch did not fit, asking for the whole state", err);
      next = null;
    }
  }
  if (next === null) model.send({ type: "resync" });
  else model.set(next);
  return true;
}

// What a board builds from data a click did not touch need not be built again: the patches
// keep such data the very same object. memo(name, deps, build) returns the markup build()
// made last time for ``name`` while every dep is the same object (or an equal number or
// string) as then. ``build`` must read nothing but its deps, and must not call part() (a
// skipped build would not register its parts): memo the markup, then wrap it in part().
// The module is shared by every view, so a dep from another board's state never matches.
const MEMO = new Map();
export function memo(name, deps, build) {
  const last = MEMO.get(name);
  if (last && last.deps.length === deps.length && last.deps.every((d, i) => Object.is(d, deps[i]))) return last.html;
  const html = build();
  MEMO.set(name, { deps, html });
  return html;
}
