"""Where the browser's main thread spends a click: a Chromium performance trace.

Opens the same notebook as ``widget_latency.py`` (the boards named, then the echo widget),
warms up, then records ONE Chromium trace (Playwright ``browser.start_tracing``) around an
action click, an undo click and an echo click on each board, clicked exactly as the
latency bench clicks them (target scrolled into view first, a real Playwright click).
The page marks ``click`` (the click event), ``dom`` (the answer's DOM change),
``frame`` (the next animation frame) and ``painted`` (a task after that frame's paint) as
User Timing marks, so the trace can be cut per click. For each click it prints the main
thread's self time by trace event between the click event and ``painted`` (input
handling, script, message decode, HTML parsing, style recalc, layout, paint), and the
tasks longer than 1 ms in order, with what they spent the time on; then, per kind of click,
the main thread's CPU in the click's window and how long the answer's frame spent in the
hover update, pre-paint and paint (with ``--repeat N``, medians of N clicks, tables only).

    .venv/bin/python bench/widget_trace.py [--board deepwood dungeondraw] [--out trace.json]
    .venv/bin/python bench/widget_trace.py --board deepwood clank pig --repeat 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import widget_latency as L  # noqa: E402
from tools import browser as B  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing",
              "v8.execute", "toplevel", "blink", "loading", "input", "latencyInfo",
              "disabled-by-default-devtools.timeline.frame"]

# Marks the click's phases as User Timing marks (they land in the trace) and resolves once
# the answer is painted. `kind` as in widget_latency.ARM.
MARK = """([root, kind, tag]) => { window.__dwMark = new Promise((resolve) => {
""" + L.SNAP + """    // the state the answer must change, read at the click (captured before the board's
    // handler): an earlier answer still landing, like Pig's die 0.2 s after its Roll, is
    // not this click's answer
    let before = null;
    const onClick = () => { before = snap(); performance.mark(`${tag}:click`); };
    window.addEventListener('click', onClick, {capture: true, once: true});
    const obs = new MutationObserver(() => {
        if (before === null || snap() === before) return;
        obs.disconnect();
        performance.mark(`${tag}:dom`);
        requestAnimationFrame(() => {
            performance.mark(`${tag}:frame`);
            const ch = new MessageChannel();
            ch.port1.onmessage = () => { performance.mark(`${tag}:painted`); resolve(true); };
            ch.port2.postMessage(0);
        });
    });
    obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
}); }"""


def click(page, root, locator, kind: str, tag: str) -> None:
    L.settle(page, locator)
    page.evaluate(MARK, [root.element_handle(), kind, tag])   # (a returned promise is awaited)
    locator.click()
    page.evaluate("() => window.__dwMark")


def record(browser, lab, boards: list[str], warmup: int = 3, repeat: int = 1) -> dict:
    page = browser.new_page(viewport=L.VIEWPORT)
    try:
        echo, loops = L.open_bench(page, lab, boards)

        def pair(name, tag=None):
            def one(root, loc, kind, what):
                if tag:
                    click(page, root, loc, what, f"{tag}:{kind}")
                else:
                    L.timed_click(page, root, loc, what)
            L.click_round(loops[name], echo, one)

        for _ in range(warmup):
            for name in boards:
                pair(name)
        browser.start_tracing(page=page, categories=CATEGORIES)
        for i in range(repeat):
            for name in boards:
                pair(name, name if repeat == 1 else f"{name}.{i}")
        return json.loads(browser.stop_tracing())
    finally:
        page.close()
        lab.shutdown_kernels()


def complete_events(events: list[dict]) -> list[dict]:
    """X events, plus B/E pairs joined into X events (per thread)."""
    out, open_ = [], defaultdict(list)
    for e in sorted(events, key=lambda e: e.get("ts", 0)):
        ph = e.get("ph")
        if ph == "X" and "dur" in e:
            out.append(e)
        elif ph == "B":
            open_[(e["pid"], e["tid"])].append(e)
        elif ph == "E" and open_[(e["pid"], e["tid"])]:
            b = open_[(e["pid"], e["tid"])].pop()
            out.append({**b, "ph": "X", "dur": e["ts"] - b["ts"]})
    return out


def label(e: dict) -> str:
    """An event's name, with the DOM event type or function for the script ones."""
    d = (e.get("args") or {}).get("data") or {}
    if e["name"] == "EventDispatch":
        return f"EventDispatch {d.get('type', '')}"
    if e["name"] == "FunctionCall" and d.get("functionName"):
        return f"FunctionCall {d['functionName']}"
    return e["name"]


def main_thread(events: list[dict]) -> tuple[dict, list[dict]]:
    """The marks by name, and the complete events of the thread that made them."""
    marks = {e["name"]: e for e in events
             if e.get("cat", "").startswith("blink.user_timing") and ":" in e.get("name", "")}
    if not marks:
        return {}, []
    anyone = next(iter(marks.values()))
    pid, tid = anyone["pid"], anyone["tid"]
    return marks, sorted((e for e in complete_events(events) if e["pid"] == pid and e["tid"] == tid),
                         key=lambda e: (e["ts"], -e["dur"]))


def windows(marks: dict, boards: list[str], repeat: int):
    """(board, kind, [(click, dom, painted) trace times of each traced click of that kind])."""
    for name in boards:
        for kind in ("action", "undo", "echo"):
            spans = []
            for i in range(repeat):
                tag = f"{name}:{kind}" if repeat == 1 else f"{name}.{i}:{kind}"
                keys = [f"{tag}:{k}" for k in ("click", "dom", "painted")]
                if all(k in marks for k in keys):       # a mark can go unsampled
                    spans.append(tuple(marks[k]["ts"] for k in keys))
            if spans:
                yield name, kind, spans


def cpu_table(trace: dict, boards: list[str], repeat: int) -> dict:
    """Per board and kind of click, medians over ``repeat`` clicks: wall ms from the click
    event to the answer in the DOM and painted, and the main thread's CPU ms (trace
    ``tdur``) in that window: the browser's own work, which a loaded machine does not
    inflate the way it inflates wall time."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks, main = main_thread(events)
    tops, stack = [], []
    for e in main:                     # top-level tasks only
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        if not stack:
            tops.append(e)
        stack.append(e)
    out = {}
    for name, kind, spans in windows(marks, boards, repeat):
        rows = []
        for t0, dom, end in spans:
            cpu = 0.0
            for e in tops:
                lo, hi = max(e["ts"], t0), min(e["ts"] + e["dur"], end)
                if hi > lo and e["dur"] > 0:
                    cpu += e.get("tdur", e["dur"]) * (hi - lo) / e["dur"]
            rows.append(((dom - t0) / 1000, (end - t0) / 1000, cpu / 1000))
        out[(name, kind)] = [statistics.median(c) for c in zip(*rows)]
    return out


# The answer's frame, by the trace events that start between the answer in the DOM and its
# paint: Chromium's hover update (a hit test at the pointer, which first brings style and
# layout up to date; Chromium schedules it when the element under the pointer leaves the
# page), pre-paint, paint (bench/README.md "A quicker machine").
FRAME_EVENTS = {"EventHandler::hoverTimerFired": "hover", "PrePaint": "pre-paint",
                "Paint": "paint"}


def frame_table(trace: dict, boards: list[str], repeat: int) -> dict:
    """Per board and kind of click, medians over ``repeat`` clicks of the ms each of
    ``FRAME_EVENTS`` lasted (wall, with what it called) from the answer in the DOM to
    painted."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks, main = main_thread(events)
    out = {}
    for name, kind, spans in windows(marks, boards, repeat):
        rows = []
        for _t0, dom, end in spans:
            took = dict.fromkeys(FRAME_EVENTS.values(), 0.0)
            for e in main:
                if e["name"] in FRAME_EVENTS and dom <= e["ts"] < end:
                    took[FRAME_EVENTS[e["name"]]] += e["dur"] / 1000
            rows.append(list(took.values()))
        out[(name, kind)] = [statistics.median(c) for c in zip(*rows)]
    return out


def print_frame_table(table: dict) -> None:
    print("\nthe answer's frame, ms from the answer in the DOM to painted (medians)")
    print(f"{'board':<14}{'kind':<8}" + "".join(f"{k:>11}" for k in FRAME_EVENTS.values()))
    for (name, kind), row in table.items():
        print(f"{name:<14}{kind:<8}" + "".join(f"{x:11.1f}" for x in row))


def print_cpu_table(table: dict, boards: list[str]) -> None:
    print(f"\n{'board':<14}{'kind':<8}{'dom ms':>8}{'painted':>9}{'main-thread CPU ms':>20}")
    for name in boards:
        for kind in ("action", "undo", "echo"):
            if (name, kind) in table:
                d, p, c = table[(name, kind)]
                print(f"{name:<14}{kind:<8}{d:8.1f}{p:9.1f}{c:20.1f}")


def analyse(trace: dict, tags: list[str]) -> None:
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks, main = main_thread(events)
    if not marks:
        print("no User Timing marks in the trace")
        return
    for tag in tags:
        need = [f"{tag}:{k}" for k in ("click", "dom", "frame", "painted")]
        if any(n not in marks for n in need):
            print(f"{tag}: marks missing ({[n for n in need if n not in marks]})")
            continue
        t0, dom, frame, end = (marks[n]["ts"] for n in need)
        inside = [e for e in main if e["ts"] < end and e["ts"] + e["dur"] > t0]
        # self time: an event's duration minus its children's (nested by ts/dur)
        self_ms, stack, tasks = defaultdict(float), [], []
        for e in inside:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            lo, hi = max(e["ts"], t0), min(e["ts"] + e["dur"], end)
            span = max(0.0, hi - lo) / 1000
            self_ms[label(e)] += span
            if stack:
                self_ms[label(stack[-1])] -= span
            else:
                tasks.append((e, span))
            stack.append(e)
        print(f"\n{tag}: click -> dom {(dom - t0) / 1000:.1f} ms, frame {(frame - t0) / 1000:.1f}, "
              f"painted {(end - t0) / 1000:.1f}; main thread busy "
              f"{sum(s for _, s in tasks):.1f} ms in {len(tasks)} tasks")
        top = sorted(((v, k) for k, v in self_ms.items() if v >= 0.3), reverse=True)[:14]
        print("   self time: " + ", ".join(f"{k} {v:.1f}" for v, k in top))
        for e, span in tasks:
            if span < 1.0:
                continue
            kids = defaultdict(float)
            for c in inside:
                if e["ts"] <= c["ts"] < e["ts"] + e["dur"] and c is not e:
                    kids[label(c)] += c["dur"] / 1000
            what = ", ".join(f"{k} {v:.1f}" for k, v in sorted(kids.items(), key=lambda x: -x[1])[:6])
            print(f"   +{(e['ts'] - t0) / 1000:6.1f} ms  {span:5.1f} ms  {label(e)}: {what}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", nargs="+", choices=list(L.BOARDS), default=["deepwood", "dungeondraw"])
    ap.add_argument("--out", type=Path, help="also write the raw trace (chrome://tracing, Perfetto)")
    ap.add_argument("--variant", choices=["stock", "nodelay"], default="nodelay")
    ap.add_argument("--analyse", type=Path, help="only analyse a trace written by --out")
    ap.add_argument("--repeat", type=int, default=1,
                    help="traced action/undo/echo clicks per board; above 1, only the table of "
                         "medians (wall and main-thread CPU) is printed")
    args = ap.parse_args(argv)
    tags = [f"{b}:{k}" for b in args.board for k in ("action", "undo", "echo")]
    if args.analyse:
        trace = json.loads(args.analyse.read_text())
        if args.repeat == 1:
            analyse(trace, tags)
        print_cpu_table(cpu_table(trace, args.board, args.repeat), args.board)
        print_frame_table(frame_table(trace, args.board, args.repeat))
        return 0
    problem = B.browser_problem()
    if problem:
        print(f"widget_trace: SKIPPED, no browser: {problem}")
        return 0
    with tempfile.TemporaryDirectory(prefix="deepwood-trace-") as tmp:
        nb = Path(tmp) / "bench.ipynb"
        L.make_notebook(nb, args.board)
        with B.lab_server({"bench.ipynb": nb}, nodelay=args.variant == "nodelay") as lab, \
                B.chromium() as browser:
            trace = record(browser, lab, args.board, repeat=args.repeat)
    if args.out:
        args.out.write_text(json.dumps(trace))
    if args.repeat == 1:
        analyse(trace, tags)
    print_cpu_table(cpu_table(trace, args.board, args.repeat), args.board)
    print_frame_table(frame_table(trace, args.board, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
