"""Which code a click's time goes to in JupyterLab: a CPU profile cut to the timed window.

``widget_trace.py`` shows the main thread's work by trace event (script, parsing, layout,
paint) and ``widget_hops.py`` when the message passes each hop; neither says which
*functions* ran between a click and its answer in the DOM. This script clicks as the
latency bench clicks (same notebook, same ``settle``), runs V8's sampling profiler around
each click and keeps only the samples from the click event to the moment the answer is in
the DOM (the board's redraw stamp, the echo's counter). Two marker functions that
spin (``MARK_MS``) cut the window: one in a capturing click listener, one in a
MutationObserver that fires after the redraw. Per kind of click it prints the main
thread's busy time in the window by where the code comes from (the board's module,
JupyterLab, the widget manager, the browser's own work) and the functions with the most
time, self and with their callees.

The profiler slows the page's JavaScript (by up to half again at 20 µs sampling), so read
the shares, not the absolute times, against ``widget_latency.py``'s.

    .venv/bin/python bench/widget_profile.py [--board deepwood] [--clicks 12] [--top 25]
"""

from __future__ import annotations

import collections
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import widget_latency as L  # noqa: E402
from tools import browser as B  # noqa: E402

# how long each marker spins: the click's is short (it delays the click's handler); the
# answer's comes when the machine is busiest, and a shorter spin often went unsampled
MARK_MS = {"click": 0.25, "drawn": 1.0}
SAMPLING_US = 20

# the window's two markers: the click event (capturing, so before the board's handler) and
# the first DOM change that carries the answer (the redraw's stamp or the echo's counter)
MARKERS = """([root, what, spin]) => {
  const spinFor = (ms) => { const t = performance.now(); while (performance.now() - t < ms); };
  window.__profileClick = function __profileClick() { spinFor(spin.click); };
  window.__profileDrawn = function __profileDrawn() { spinFor(spin.drawn); };
  let clicked = false;
  window.addEventListener('click', () => { clicked = true; window.__profileClick(); },
                          {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (!clicked) return;
    obs.disconnect();
    window.__profileDrawn();
  });
  obs.observe(root, what === 'echo'
    ? {subtree: true, attributes: true, attributeFilter: ['data-count']}
    : {subtree: true, attributes: true, attributeFilter: ['data-draw-ms']});
}"""


def origin(url: str) -> str:
    """Where a function's code comes from, by its script's URL."""
    if not url:
        return "the browser (natives, GC)"
    if url.startswith("blob:"):             # anywidget imports a widget's module as a blob
        return "the widget's module (board or echo)"
    name = url.rsplit("/", 1)[-1].split("?")[0]
    if name.startswith("jlab_core"):
        return "JupyterLab core"
    return f"bundle {name}" if name else url


def window_samples(profile: dict):
    """(µs, call frames root..leaf) of the samples between the two markers, None if a
    marker went unsampled."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {c: n["id"] for n in profile["nodes"] for c in n.get("children", [])}

    def stack(node_id):
        out = []
        while node_id is not None:
            out.append(nodes[node_id]["callFrame"])
            node_id = parent.get(node_id)
        return out[::-1]
    t, rows = 0, []
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        t += delta
        rows.append((t, delta, stack(sample)))
    names = lambda fr: {f["functionName"] for f in fr}   # noqa: E731
    clicks = [t for t, _, fr in rows if "__profileClick" in names(fr)]
    drawn = [t for t, _, fr in rows if "__profileDrawn" in names(fr)]
    if not clicks or not drawn:
        return None
    start, end = max(clicks), min(drawn)
    return [(delta, fr) for t, delta, fr in rows if start < t < end
            and not names(fr) & {"__profileClick", "__profileDrawn"}]


def measure(board: str, clicks: int, warmup: int = 3) -> dict:
    """{kind: [window samples of one click, ...]} for action, undo and echo clicks."""
    out: dict = collections.defaultdict(list)
    with tempfile.TemporaryDirectory(prefix="deepwood-profile-") as tmp:
        nb = Path(tmp) / "bench.ipynb"
        L.make_notebook(nb, [board])
        with B.lab_server({"bench.ipynb": nb}, nodelay=True) as lab, B.chromium() as browser:
            page = browser.new_page(viewport=L.VIEWPORT)
            echo, loops = L.open_bench(page, lab, [board])
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": SAMPLING_US})
            profiling = False

            def click(root, loc, kind, what):
                def armed():
                    page.evaluate(MARKERS, [root.element_handle(), what, MARK_MS])
                    cdp.send("Profiler.start")
                res = L.timed_click(page, root, loc, what, armed if profiling else None)
                if profiling:
                    samples = window_samples(cdp.send("Profiler.stop")["profile"])
                    out[kind].append(samples)      # None: a marker went unsampled
                return res

            for i in range(warmup + clicks):
                profiling = i >= warmup
                L.click_round(loops[board], echo, click)
            page.close()
            lab.shutdown_kernels()
    return out


def report(kind: str, windows: list, top: int) -> None:
    missed = sum(w is None for w in windows)
    windows = [w for w in windows if w is not None]
    n = len(windows)
    if not n:
        print(f"\n{kind}: no click's window was found (its markers went unsampled)")
        return
    label = lambda f: (f["functionName"] or "(anonymous)") + (   # noqa: E731
        f" [{origin(f['url'])}:{f['lineNumber'] + 1}]" if f["url"] else "")
    spans, where = [], collections.Counter()
    own, total = collections.Counter(), collections.Counter()
    for samples in windows:
        spans.append(sum(d for d, _ in samples) / 1000)
        for delta, frames in samples:
            leaf = frames[-1]
            if leaf["functionName"] == "(idle)":
                where["(idle: waiting)"] += delta
                continue
            code = next((f for f in reversed(frames) if f["url"]), leaf)
            where[origin(code["url"])] += delta
            own[label(leaf)] += delta
            for name in {label(f) for f in frames if f["functionName"] != "(root)"}:
                total[name] += delta
    busy = sum(v for k, v in where.items() if k != "(idle: waiting)") / 1000 / n
    print(f"\n{kind}: {n} clicks ({missed} left out: a marker went unsampled), window "
          f"{statistics.median(spans):.1f} ms (median), main thread busy {busy:.1f} ms per click")
    print("  by origin, ms per click (the innermost frame with a script)")
    for k, v in where.most_common():
        print(f"    {v / 1000 / n:7.2f}  {k}")
    for title, counter in (("self", own), ("with callees", total)):
        print(f"  top functions, {title}, ms per click")
        for k, v in counter.most_common(top):
            print(f"    {v / 1000 / n:7.2f}  {k}")


def main(argv=None) -> int:
    ap = L.bench_parser(__doc__)
    ap.set_defaults(board=["deepwood"])
    ap.add_argument("--clicks", type=int, default=12, help="profiled clicks per kind")
    ap.add_argument("--top", type=int, default=25, help="functions listed per table")
    args = ap.parse_args(argv)
    if L.browser_missing("widget_profile"):
        return 0
    for board in args.board:
        print(f"== {board}: {L.BOARDS[board][1]} / undo / echo, sampled every "
              f"{SAMPLING_US} µs, click event -> the answer in the DOM")
        for kind, windows in measure(board, args.clicks).items():
            report(kind, windows, args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
