"""The page's share of one board click: the redraw's phases, in a bare Chromium page.

``widget_latency.py`` times a click through JupyterLab and the kernel, where one run moves
by a millisecond or more; a change to the redraw (``widgets/shell.js``, ``patch`` phase
and friends) is smaller than that. This script mounts each board's shipped module in a
bare page (no JupyterLab, no kernel: ``tests/browser``'s stub model, ``GLUE``) and pushes
the traits of the latency bench's click and of its undo, in turn, many times, reading the
shell's own stamps (``data-draw-phases``: build the markup, parse it, patch the DOM, the
keyboard layer). The page is cross-origin isolated, so ``performance.now()`` resolves 5 µs instead
of 100.

``--against PATH`` mounts a second checkout's module for the same board in the same page
and alternates the two (A B, B A, ...), so both see the same machine at the same moments:
the ratio B / A of the medians is the change's effect, with the runs' own scatter (the
same checkout against itself, 30 draws: 1.06-1.41; use 120 or more).

The traits are pushed as whole JSON values, so ``memo`` (sync.js) never finds its data
unchanged and "build" is an upper bound; ``--patches`` pushes only the traits that changed,
each as the kernel's patch (``widgets/sync.py``) applied by the module's own ``applyPatch``,
so data a click did not touch stays the same object and ``memo`` skips its drawings as in
JupyterLab. Parse, patch and the keyboard layer are as in JupyterLab either way, minus the
lab's larger page (and after a pointer press the lab settles the keyboard layer after the
frame, outside the draw).

``--again`` pushes each kind's traits a second time and times that draw instead: a redraw
that changes nothing, whose parse is the frame around the kept parts (what every redraw
parses whatever the click changed; memo's drawings are found unchanged here).

``--writes`` asks instead how much of a draw's work the click made necessary: for the
click's answer and for its undo, the markup the draw parsed (bytes, elements), how many of
those elements are new in the live board afterwards (the rest were built only to be
compared with elements the board has), and what the patch wrote (a MutationObserver's
records: attributes, texts, nodes inserted or removed).

    .venv/bin/python bench/widget_redraw.py [--board deepwood clank] [--draws 150]
    .venv/bin/python bench/widget_redraw.py --against ../other-checkout --board deepwood
    .venv/bin/python bench/widget_redraw.py --patches --against ../other-checkout
    .venv/bin/python bench/widget_redraw.py --writes
    .venv/bin/python bench/widget_redraw.py --again --board dungeondraw
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from tests.browser.test_markup_in_chromium import GLUE, _traits  # noqa: E402
from widget_kernel_cost import make_board  # noqa: E402
from widget_latency import BOARDS  # noqa: E402

PHASES = ("build", "parse", "patch", "keys")
PAGE = "<html><body></body></html>"
# each variant's module with the tests' stub model (GLUE), mounted on a ``#root`` that is
# then renamed, with its update function, for the next variant's ``#root``
RENAME = """(v) => {
  document.getElementById("root").id = "root" + v;
  window["__update" + v] = window.__update;
  window["__applyPatch" + v] = window.__applyPatch;
}"""
# the module's own patcher for DRAWS (a checkout from before sync.js has none)
PATCHER = 'window.__applyPatch = typeof applyPatch === "function" ? applyPatch : null;\n'
ISOLATED = {"Cross-Origin-Opener-Policy": "same-origin",
            "Cross-Origin-Embedder-Policy": "require-corp"}

# push the click's traits, then the undo's, on each variant in turn; the stamps of each draw.
# With ``patches`` (``edits_of``), a kind pushes only its changed traits: those with edits as
# the last one pushed with the edits applied (sync.js ``applyPatch``, as the kernel's
# messages are), so what the click did not touch stays the very same object, as in
# JupyterLab; the others whole.
DRAWS = """async ([act, undo, draws, variants, again, patches]) => {
  const out = {}, held = {};
  for (const v of variants) { out[v] = { action: [], undo: [] }; held[v] = { ...undo }; }
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const traits = (v, kind, whole) => {
    if (!patches) return whole;
    const apply = window["__applyPatch" + v], st = {};
    if (!apply) throw new Error(`variant ${v} has no applyPatch: run without --patches`);
    for (const [k, edits] of Object.entries(patches[kind].patch)) st[k] = apply(held[v][k], edits);
    for (const k of patches[kind].whole) st[k] = structuredClone(whole[k]);
    Object.assign(held[v], st);
    return st;
  };
  for (let i = 0; i < draws; i++) {
    const order = i % 2 ? variants : [...variants].reverse();
    for (const v of order) {
      const root = document.getElementById("root" + v);
      for (const [kind, whole] of [["action", act], ["undo", undo]]) {
        const st = traits(v, kind, whole);
        window["__update" + v](st);
        await Promise.resolve(); await Promise.resolve();     // the draw's microtask
        if (again) {                                          // the same traits once more
          await frame();
          window["__update" + v](st);
          await Promise.resolve(); await Promise.resolve();
        }
        out[v][kind].push(root.getAttribute("data-draw-phases").split(" ").map(Number));
        await frame();
      }
    }
  }
  return out;
}"""

# one draw of the click's answer, then one of its undo: what the draw parsed (the template's
# innerHTML setter wrapped; a draw that falls back to drawing everything parses twice, the
# last one counts), which live elements are new afterwards, and the patch's DOM writes
WRITES = """async ([act, undo]) => {
  const root = document.getElementById("rootA");
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, "innerHTML");
  let parsed = "";
  Object.defineProperty(HTMLTemplateElement.prototype, "innerHTML", { configurable: true,
    set(v) { parsed = v; inner.set.call(this, v); }, get() { return inner.get.call(this); } });
  const out = {};
  try {
    for (const [kind, st] of [["action", act], ["undo", undo]]) {
      const before = new Set(root.querySelectorAll("*"));
      const records = [];
      const watch = new MutationObserver((rs) => records.push(...rs));
      watch.observe(root, { subtree: true, childList: true, attributes: true,
                            characterData: true });
      window.__updateA(st);
      await Promise.resolve(); await Promise.resolve();     // the draw's microtask
      records.push(...watch.takeRecords());
      watch.disconnect();
      const tpl = document.createElement("template");
      inner.set.call(tpl, parsed);
      const n = (type) => records.filter((r) => r.type === type).length;
      out[kind] = {
        bytes: parsed.length,
        parsed: tpl.content.querySelectorAll("*").length,
        fresh: [...root.querySelectorAll("*")].filter((e) => !before.has(e)).length,
        attributes: n("attributes"), texts: n("characterData"),
        inserted: records.reduce((k, r) => k + r.addedNodes.length, 0),
        removed: records.reduce((k, r) => k + r.removedNodes.length, 0),
      };
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  } finally {
    delete HTMLTemplateElement.prototype.innerHTML;        // the prototype's own again
  }
  return out;
}"""
WRITE_COLUMNS = ("bytes", "parsed", "fresh", "attributes", "texts", "inserted", "removed")


def module_of(checkout: Path, board: str) -> tuple[str, str]:
    """The board's shipped module and styles as ``checkout`` builds them (its own Python)."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
            "from widgets.shell import board_module, board_styles; "
            "print(json.dumps([board_module(sys.argv[2]), board_styles(sys.argv[2])]))")
    py = checkout / ".venv" / "bin" / "python"
    out = subprocess.check_output([str(py if py.exists() else sys.executable), "-c", code,
                                   str(checkout), board], text=True)
    return tuple(json.loads(out))


def traits_of(board: str) -> tuple[dict, dict]:
    """The traits after the latency bench's click on ``board`` and after its undo."""
    w = make_board(board)
    w.receive({"type": "act", "id": BOARDS[board][1], "ply": len(w.game.history)})
    act = _traits(w)
    w.receive({"type": "undo", "ply": len(w.game.history)})
    return act, _traits(w)


def edits_of(act: dict, undo: dict) -> dict:
    """{kind: {"patch": {trait: edits}, "whole": [trait]}}: the kernel's sync message
    (widgets/sync.py) when the board goes from the undo's traits to the click's ("action")
    and back ("undo"): the changed traits it patches, and those it sends whole."""
    from widgets.sync import PATCHED, diff
    out: dict = {}
    for kind, old, new in (("action", undo, act), ("undo", act, undo)):
        patch, whole = {}, []
        for k in new:
            if k in old and json.dumps(old[k]) == json.dumps(new[k]):   # unchanged: not sent
                continue
            edits = diff(old[k], new[k]) if k in PATCHED and k in old else None
            if edits:
                patch[k] = edits
            else:
                whole.append(k)
        out[kind] = {"patch": patch, "whole": whole}
    return out


def measure(board: str, checkouts: list[Path], draws: int, writes: bool = False,
            again: bool = False, patches: bool = False) -> dict:
    """{variant: {kind: [[build, parse, patch, keys], ...]}} for one board (with ``again``,
    of each kind's second draw of the same traits; with ``patches``, the changed traits
    pushed as the kernel's patches, see ``DRAWS``); with ``writes``, {kind: {column: count}}
    for one draw of each kind (``WRITES``) instead."""
    from tools import browser as B
    act, undo = traits_of(board)
    edits = edits_of(act, undo) if patches else None
    variants = "AB"[:len(checkouts)]
    with B.chromium() as browser:
        page = browser.new_context(viewport={"width": 1400, "height": 3000}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route("http://localhost:9/", lambda r: r.fulfill(
            status=200, content_type="text/html", headers=ISOLATED, body=PAGE))
        page.goto("http://localhost:9/")
        for v, checkout in zip(variants, checkouts):
            module, styles = module_of(checkout, board)
            page.evaluate("""() => { delete window.__mount;
                document.body.insertAdjacentHTML("beforeend", '<div id="root"></div>'); }""")
            page.add_style_tag(content=styles)
            page.add_script_tag(content=module + GLUE + PATCHER, type="module")
            page.wait_for_function("typeof window.__mount === 'function'")
            page.evaluate("(st) => { window.__mount(st); window.__update(st); }", undo)
            page.evaluate(RENAME, v)
        out = page.evaluate(WRITES if writes else DRAWS,
                            [act, undo] if writes else [act, undo, draws, list(variants), again,
                                                     edits])
        if errors:
            raise RuntimeError(f"{board}: the page raised {errors[:3]}")
    if writes:
        return out
    warm = 5                                       # the first draws warm the JIT up
    return {v: {k: [row[1:] for row in rows[warm:]] for k, rows in kinds.items()}
            for v, kinds in out.items()}


def medians(rows: list[list[float]]) -> list[float]:
    """Median of each phase, then of the whole redraw."""
    return [statistics.median(c) for c in zip(*rows)] + [statistics.median(map(sum, rows))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", nargs="+", choices=list(BOARDS), default=list(BOARDS))
    ap.add_argument("--draws", type=int, default=150, help="draws per kind (default 150)")
    ap.add_argument("--against", type=Path, help="another checkout, alternated in one page")
    ap.add_argument("--again", action="store_true",
                    help="time a second draw of the same traits (nothing changed) instead")
    ap.add_argument("--patches", action="store_true",
                    help="push what changed as the kernel's patches (memo works as in Lab)")
    ap.add_argument("--writes", action="store_true",
                    help="what one draw parsed and wrote, instead of timings")
    args = ap.parse_args(argv)
    if args.writes and (args.patches or args.again or args.against):
        ap.error("--writes counts one draw of whole traits in one checkout: "
                 "not with --patches, --again or --against")
    if args.writes:
        print("one draw of each kind: markup parsed (bytes, elements), elements new in the "
              "board, the patch's DOM writes")
        print(f"{'board':14} {'kind':7} " + " ".join(f"{c:>10}" for c in WRITE_COLUMNS)
              + "  new/parsed")
        for board in args.board:
            for kind, row in measure(board, [REPO], 0, writes=True).items():
                share = row["fresh"] / row["parsed"] if row["parsed"] else 0.0
                print(f"{board:14} {kind:7} " + " ".join(f"{row[c]:>10}" for c in WRITE_COLUMNS)
                      + f"  {share:10.2f}")
        return 0
    checkouts = [REPO] + ([args.against.resolve()] if args.against else [])
    head = "  ".join(f"{p:>6}" for p in (*PHASES, "redraw"))
    print(f"medians of {args.draws} draws per kind, ms; A = {REPO}"
          + ("; each the same traits a second time" if args.again else "")
          + ("; what changed pushed as the kernel's patches" if args.patches else "")
          + (f", B = {checkouts[1]}" if args.against else ""))
    print(f"{'board':14} {'kind':7} {'':2} {head}" + ("   B/A" if args.against else ""))
    for board in args.board:
        res = measure(board, checkouts, args.draws, again=args.again,
                      patches=args.patches)
        for kind in ("action", "undo"):
            a = medians(res["A"][kind])
            for v in res:
                m = medians(res[v][kind])
                ratio = f"  {m[-1] / a[-1]:.2f}" if v == "B" else ""
                print(f"{board:14} {kind:7} {v:2} " + "  ".join(f"{x:6.2f}" for x in m) + ratio)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
