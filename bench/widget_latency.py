"""Click -> redrawn board latency of the board widgets, in a real browser.

Starts a throw-away JupyterLab (tools/browser.py), opens a notebook with a fresh board of
every game (or those named by ``--board``; see ``BOARDS``) and a trivial anywidget "echo"
widget in headless Debian Chromium, then clicks repeatedly and measures *in the page*:

  t0  = the ``click`` event of a real (Playwright) mouse click, ``event.timeStamp``
        (its pointerdown, should a widget react before the click event)
  dom = a MutationObserver sees the board's state change (its ``data-ply``, if any, or
        the set of ``[data-action]`` ids differs from before the click)
  frame = the next animation frame after that (the redrawn board is about to be painted)
  settled = the last DOM mutation before 120 ms of calm (a widget that syncs its traits
        in several messages redraws several times: dom < settled shows that cost)
  feedback = the board shell's own stamps: click event (and the click handler) -> the
        animation frame that paints the pending mark on the clicked element
        (``data-feedback-ms``, ``data-handler-ms``), before the kernel answers; the mark is
        set synchronously in the handler, so it is in the next frame painted: within one
        frame when handler -> frame <= 16.7 ms at 60 Hz (click event -> frame adds the
        browser's input delivery)
  redraw = the shell's own stamp of its last redraw (markup + DOM patch, ``data-draw-ms``)
  painted = a task after that frame (its style, layout and paint done: what the player sees)

so the kernel round trip is included: JS ``model.send`` -> Python ``on_msg`` -> engine
``apply`` -> synced traits -> JS re-render. The click sequence stays legal forever: a
legal action (``BOARDS``: Deep Wood ``enter c0``, Klong! ``play scramble``, DungeonQuest
``hero brannoc``, Adventure Land ``enter 3 E3``, Dungeon Draw ``buy fairy key``) then the
widget's undo control, repeated.

Every click, of every kind, starts from the same state (``settle``: target scrolled into
view, hovered and focused, two frames painted), so no kind pays a scroll, a hover restyle
or JupyterLab's activation of another cell inside its window (bench/README.md). At the
end one table gives action, undo and echo per board with their ratios, as "in the DOM"
and as "painted".

Baseline, same run, same page: the echo widget (click -> ``model.send`` -> Python
``on_msg`` -> ``count += 1`` -> trait sync -> DOM text update), i.e. the cost of the
anywidget round trip with no game logic and no drawing. Printed per board: n, median, p90
(ms) of all clicks (mixed), and of action and undo clicks apart (issue 25 §4: a player
mostly makes action clicks, and undo clicks are cheaper), the ratio to the baseline (issue 11 §2 target: <= 1.15) and the pending-mark
feedback time (target: within one frame); repeated ``--runs`` times (separate page loads,
same Lab), and the median of the run medians. ``--variant nodelay`` (or
``both``) repeats it with the ``deepwood_lab`` server extension that ``make lab`` and
Binder enable: TCP_NODELAY on the kernel websocket, which removes the ~40 ms
Nagle/delayed-ACK stall stock jupyter_server adds to about half of all round trips.

    .venv/bin/python bench/widget_latency.py [--runs 3] [--clicks 15] [--variant both]
        [--board all | deepwood clank dungeonquest adventureland dungeondraw]
        [--viewport-height 9000] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tools import browser as B  # noqa: E402

VIEWPORT = dict(B.VIEWPORT)  # --viewport-height: a page taller than the notebook never scrolls
TARGET_RATIO = 1.15          # issue 11 §2: the board's own cost <= 15% over the echo
FRAME_MS = 1000 / 60         # "within one frame" at 60 Hz

ECHO_SRC = '''import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    """Baseline: click -> model.send -> Python on_msg -> trait change -> DOM update."""
    _esm = """
    function render({ model, el }) {
      const b = document.createElement('button');
      b.className = 'echo-btn'; b.textContent = 'echo';
      const s = document.createElement('span');
      s.className = 'echo-count';
      const draw = () => { s.dataset.count = model.get('count'); s.textContent = model.get('count'); };
      b.addEventListener('click', () => model.send({ type: 'click' }));
      model.on('change:count', draw); draw();
      el.append(b, s);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(self._on_click)

    def _on_click(self, _widget, content, _buffers):
        self.count += 1

    def __repr__(self):
        return "Echo()"

echo = Echo()
echo'''

# name -> (notebook cell, the legal action clicked (undone after each click), its CSS class
# [, a selection clicked first, untimed: Adventure Land's moves are two clicks, and only
# the second (the destination square) sends the action])
BOARDS = {
    "deepwood": ("from widgets import DeepWoodBoard\n\nboard = DeepWoodBoard(players=2, seed=0, seat=None)\n"
                 "board", "enter c0", "dw-legal"),
    # seed 2: Anna's first hand holds Ducken ("scramble"), a card that is always playable
    "clank": ("from widgets import ClankBoard\n\nclank = ClankBoard(players=2, seed=2, seat=None)\nclank",
              "play scramble", "cl-legal"),
    # DungeonQuest (seed 3: Anna is start player and chooses a hero first; undo takes it back)
    "dungeonquest": ("from widgets import DungeonQuestBoard\n\n"
                     "dq = DungeonQuestBoard(players=2, seed=3, seat=None)\ndq", "hero brannoc", "dq-legal"),
    "adventureland": ("from widgets import AdventureLandBoard\n\n"
                      "al = AdventureLandBoard(players=2, seed=1, bots=[1], bot_delay=0)\nal",
                      "enter 3 E3", "al-legal", '.al-start[data-sq="start 3"]'),
    # Dungeon Draw (seed 1: Anna buys first at the fairy market; the bot answers, undo takes
    # both back)
    "dungeondraw": ("from widgets import DungeonDrawBoard\n\n"
                    "dd = DungeonDrawBoard(players=2, seed=1, bots=[1], bot_delay=0, "
                    "auto_chance=True)\ndd", "buy fairy key", "dd-legal"),
    # Pig (the smallest board: Anna rolls first; the die is rolled at once)
    "pig": ("from widgets import PigBoard\n\npig = PigBoard(players=2, seed=1, bots=[1])\npig",
            "roll", "pig-legal"),
}

# Arm an observer on `root` (the output area) before the real click; resolves with times
# in ms from the click: dom (the state first differs), frame (the animation frame after
# that) and settled (the last DOM mutation before QUIET ms without any).
# `kind`: 'board' (data-ply / data-action ids) or 'echo' (the counter).
QUIET_MS = 120
# What a click changes, as one string: the echo's counter, or a board's ply and action ids
# (shared with widget_trace.py).
SNAP = """    const snap = kind === 'echo'
        ? () => root.querySelector('.echo-count')?.dataset.count ?? ''
        : () => {
            const p = root.querySelector('[data-ply]');
            return (p ? p.dataset.ply : '') + '|' + [...root.querySelectorAll('[data-action]')]
                .map(e => e.dataset.action).sort().join(',');
          };
"""
ARM = """([root, kind, quiet]) => {
""" + SNAP + """    root.querySelector('.sh-root')?.removeAttribute('data-feedback-ms');
    // t0 = the click event (what the widgets listen to); the pointerdown if a widget
    // reacted before the click event arrived. The state the answer must change is read at
    // the press, not when the observer is armed: an earlier answer still landing (Pig's
    // die, 0.2 s after its Roll) would otherwise count as this click's answer.
    let down = null, click = null, t0 = null, res = null, last = null, quietTimer = null;
    let before = null;
    const onDown = e => { if (down === null) { down = e.timeStamp; before = snap(); } };
    const onClick = e => { if (click === null) click = e.timeStamp; };
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('click', onClick, true);
    window.__dwDone = new Promise((resolve, reject) => {
        const finish = () => {
            obs.disconnect(); clearTimeout(timer);
            window.removeEventListener('pointerdown', onDown, true);
            window.removeEventListener('click', onClick, true);
            res.settled = last - t0;
            const sh = root.querySelector('.sh-root')?.dataset || {};
            res.feedback = sh.feedbackMs === undefined ? null : +sh.feedbackMs;
            res.handler = sh.handlerMs === undefined ? null : +sh.handlerMs;
            res.draw = sh.drawMs === undefined ? null : +sh.drawMs;
            resolve(res);
        };
        const timer = setTimeout(() => { obs.disconnect(); reject(new Error(
            `${kind}: no re-render within 10 s`)); }, 10000);
        const obs = new MutationObserver(() => {
            const now = performance.now();
            if (res !== null) {                       // settling: wait for QUIET ms of calm
                last = now; clearTimeout(quietTimer);
                quietTimer = setTimeout(finish, quiet);
                return;
            }
            if (down === null || snap() === before) return;
            t0 = click ?? down; last = now;
            res = {dom: now - t0};
            // frame: the animation frame that will paint the answer; painted: a task after
            // that frame's style, layout and paint (what the player sees)
            requestAnimationFrame(() => {
                res.frame = performance.now() - t0;
                const ch = new MessageChannel();
                ch.port1.onmessage = () => { res.painted = performance.now() - t0; };
                ch.port2.postMessage(0);
            });
            quietTimer = setTimeout(finish, quiet);
        });
        obs.observe(root, {subtree: true, childList: true, attributes: true,
                           characterData: true});
    });
}"""

# The board's undo control: data-cmd="undo" (DeepWoodBoard), else anything titled "undo".
UNDO_JS = """(root) => {
    const c = [...root.querySelectorAll(
            '[data-cmd], [data-control], button, [role=button], [title]')]
        .filter(e => /undo/i.test([e.dataset.cmd, e.dataset.control, e.title,
                                   e.getAttribute('aria-label'), e.textContent].join(' ')));
    const pick = c.find(e => e.dataset.cmd === 'undo' || e.dataset.control === 'undo') || c[0];
    if (!pick) return false;
    pick.setAttribute('data-bench-undo', '1');
    return true;
}"""


def make_notebook(path: Path, boards: list[str], extra: tuple[str, ...] = ()) -> None:
    """One code cell per board (in ``boards`` order), then the echo widget, then ``extra``
    (a bench's own cells, which may use the echo's class)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                  "language": "python", "name": "python3"}}
    nb.cells = [nbformat.v4.new_code_cell(src)
                for src in [BOARDS[b][0] for b in boards] + [ECHO_SRC, *extra]]
    nbformat.write(nb, path)


# Where a press on ``el`` leaves the focus: a button takes it (Chromium focuses a button on
# mousedown, the echo's); a board's target or toolbar button does not, its press focuses
# the board's region instead (widgets/a11y.js onPress), so that is where a player's focus
# is when they click.
FOCUS_AS_A_PRESS = """(el) => {
    const root = el.closest('.sh-root');
    const board = root && el.matches('[data-action],[data-chance],[data-ui],[data-cmd]');
    (board ? root.querySelector('.sh-main') : el).focus({preventScroll: true});
}"""


def settle(page, locator) -> None:
    """Bring ``locator`` on screen and under the pointer, then let two frames paint, so
    every kind of click (action, undo, echo) starts its clock from the same state: no
    scroll, no hover restyle and no raster of newly exposed content inside the timed
    window (bench/README.md: the old sequence scrolled before action and echo clicks but
    not before undo clicks, which is how an undo came in under the echo)."""
    locator.scroll_into_view_if_needed()
    locator.hover()
    # Focus first: focus entering another cell's output makes JupyterLab activate that cell
    # (its focusin handler; 20-45 ms of Lab's own work and a restyle of the whole cell,
    # board included, measured with bench/widget_trace.py). The old sequence paid it inside
    # the action's and the echo's window (focus came from the other widget), never the
    # undo's: that, not the board's work, is why undo clicks beat the echo. The focus goes
    # where the press itself would put it (FOCUS_AS_A_PRESS), so the click finds the page
    # as a player's click does.
    locator.evaluate(FOCUS_AS_A_PRESS)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def timed_click(page, root, locator, kind: str, armed=None) -> dict:
    """Settle, arm the page's clock (``ARM``; ``kind``: 'board' or 'echo'), click and
    return the page's timings; ``armed()``, if given, runs just before the click (a bench's
    own probes, set up after the settling so they see this click alone)."""
    settle(page, locator)
    page.evaluate(ARM, [root.element_handle(), kind, QUIET_MS])
    if armed:
        armed()
    locator.click()
    return page.evaluate("() => window.__dwDone")


def click_round(loop, echo, click) -> dict:
    """One round of a board's clicks, as every bench script makes them: the legal action
    (after its untimed selection, if it has one), the widget's undo control, then the echo.
    ``loop`` is one of :func:`prepare`'s entries; ``click(root, locator, kind, what)`` makes
    and times one click (``kind``: action, undo or echo; ``what``: 'board' or 'echo', as
    :data:`ARM` takes it). Returns each click's result by kind."""
    from playwright.sync_api import expect

    board, legal, select = loop
    if select and not legal.is_visible():            # the selection, not timed
        board.locator(select).first.click()
    out = {"action": click(board, legal, "action", "board")}
    board.evaluate(UNDO_JS)                           # the undo control may be re-rendered
    out["undo"] = click(board, board.locator("[data-bench-undo]").first, "undo", "board")
    if select:
        board.locator(select).first.click()
    expect(legal).to_be_visible()
    out["echo"] = click(echo, echo.locator(".echo-btn"), "echo", "echo")
    return out


def bench_parser(doc: str):
    """The option parser of a bench script that clicks boards: its description (the
    docstring's first paragraph) and ``--board`` (names from :data:`BOARDS`; default all)."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--board", nargs="+", choices=list(BOARDS), default=list(BOARDS))
    return ap


def browser_missing(script: str) -> bool:
    """Say that ``script`` is skipped and return True if this machine has no browser."""
    problem = B.browser_problem()
    if problem:
        print(f"{script}: SKIPPED, no browser: {problem}")
    return bool(problem)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def prepare(boards: list[str], page) -> dict:
    """Per board: (its output area, the legal action's locator, the untimed selection)."""
    from playwright.sync_api import expect

    loops = {}
    for i, name in enumerate(boards):
        legal_id, cls = BOARDS[name][1:3]
        board = B.cell_output(page, i).first
        select = BOARDS[name][3] if len(BOARDS[name]) > 3 else None
        if select:
            board.locator(select).first.click()
        legal = board.locator(f'.{cls}[data-action="{legal_id}"]').first
        expect(legal).to_be_visible()
        if not board.evaluate(UNDO_JS):
            raise SystemExit(f"the {name} board shows no undo control (data-control=undo, "
                             "title or text 'undo'): cannot loop legal clicks")
        loops[name] = (board, legal, select)
    return loops


def open_bench(page, lab, boards: list[str]):
    """Open the bench notebook in ``page``, run every cell and find the widgets: returns the
    echo's output area and :func:`prepare`'s entries, the start of every bench script."""
    from playwright.sync_api import expect

    B.open_notebook(page, lab, "bench.ipynb")
    assert B.run_all_cells(page), f"bench notebook failed: {B.error_outputs(page)}"
    echo = B.cell_output(page, len(boards)).first
    expect(echo.locator(".echo-btn")).to_be_visible()
    return echo, prepare(boards, page)


def one_run(browser, lab, clicks: int, boards: list[str], warmup: int = 3) -> dict:
    """Per board: ``{"action": [...], "undo": [...]}`` timings; ``"echo"``: the baseline
    (one echo click after each board's action+undo pair, so the baseline sees the same
    page and kernel load)."""
    page = browser.new_page(viewport=VIEWPORT)
    try:
        echo, loops = open_bench(page, lab, boards)

        out = {name: {"action": [], "undo": [], "echo": []} for name in boards}
        base = []
        for i in range(warmup + clicks):
            for name, loop in loops.items():
                res = click_round(loop, echo, lambda root, loc, _kind, what:
                                  timed_click(page, root, loc, what))
                if i >= warmup:
                    for kind, r in res.items():    # the echo: right after this board's pair
                        out[name][kind].append(r)
                    base.append(res["echo"])
        out["echo"] = base
        return out
    finally:
        page.close()
        lab.shutdown_kernels()


def summary(xs: list[dict], key: str = "dom") -> dict:
    v = [x[key] for x in xs if x.get(key) is not None] or [float("nan")]
    return {"n": len(v), "median": statistics.median(v), "p90": pct(v, 0.9)}


def measure(variant: str, runs: int, clicks: int, boards: list[str]) -> list[dict]:
    """One row per run: per board its summaries (``row[board]["board"]`` etc.), and the
    shared echo baseline ``row["echo"]``."""
    results = []
    with tempfile.TemporaryDirectory(prefix="deepwood-bench-") as tmp:
        nb = Path(tmp) / "bench.ipynb"
        make_notebook(nb, boards)
        with B.lab_server({"bench.ipynb": nb}, nodelay=variant == "nodelay") as lab, \
                B.chromium() as browser:
            for r in range(runs):
                res = one_run(browser, lab, clicks, boards)
                row = {"echo": summary(res["echo"])}
                for name in boards:
                    clicks_ = res[name]["action"] + res[name]["undo"]
                    b = {"board": summary(clicks_), "board_frame": summary(clicks_, "frame"),
                         "feedback": summary(clicks_, "feedback"),
                         "handler": summary(clicks_, "handler"),
                         "draw": summary(clicks_, "draw"),
                         "board_settled": summary(clicks_, "settled"),
                         "action": summary(res[name]["action"]),
                         "undo": summary(res[name]["undo"]),
                         # the shell's own redraw, per kind: is the action's redraw dearer?
                         "action_draw": summary(res[name]["action"], "draw"),
                         "undo_draw": summary(res[name]["undo"], "draw"),
                         "echo": summary(res[name]["echo"])}
                    for k in ("action", "undo", "echo"):
                        b[f"{k}_painted"] = summary(res[name][k], "painted")
                    b["ratio"] = b["board"]["median"] / row["echo"]["median"]
                    row[name] = b
                    print(f"[{variant}] run {r + 1} {name}: board n={b['board']['n']} median "
                          f"{b['board']['median']:.1f} p90 {b['board']['p90']:.1f} ms "
                          f"({BOARDS[name][1]} {b['action']['median']:.1f} = "
                          f"{b['action']['median'] / row['echo']['median']:.2f}x, undo "
                          f"{b['undo']['median']:.1f} = "
                          f"{b['undo']['median'] / row['echo']['median']:.2f}x; redraw "
                          f"{b['action_draw']['median']:.1f} / {b['undo_draw']['median']:.1f}; frame {b['board_frame']['median']:.1f}, "
                          f"settled {b['board_settled']['median']:.1f}) | ratio "
                          f"{b['ratio']:.2f} | feedback {b['feedback']['median']:.1f} ms",
                          flush=True)
                print(f"[{variant}] run {r + 1} echo: n={row['echo']['n']} median "
                      f"{row['echo']['median']:.1f} p90 {row['echo']['p90']:.1f} ms",
                      flush=True)
                results.append(row)
    return results


def kind_table(results: list[dict], boards: list[str], key: str = "") -> dict:
    """Per board: action, undo and echo medians (ms) and action/echo, undo/echo, each the
    median over the runs; a ratio is taken within its run (the echo clicked right after
    that board's action and undo, so both saw the same load)."""
    rows = {}
    for name in boards:
        def ms(kind, r):
            return r[name][f"{kind}{key}"]["median"]
        rows[name] = {k: statistics.median(ms(k, r) for r in results)
                      for k in ("action", "undo", "echo")}
        for k in ("action", "undo"):
            # each run's own ratio too: one run's moves by 0.1-0.2 on a busy machine (Pig's
            # with a 1 ms redraw), which the median alone hides (bench/README.md)
            runs = [ms(k, r) / ms("echo", r) for r in results]
            rows[name][f"{k}_ratio"] = statistics.median(runs)
            rows[name][f"{k}_ratio_runs"] = runs
    return rows


def print_table(variant: str, results: list[dict], boards: list[str]) -> None:
    """The summary the issue asks for (issue 25 §4): action, undo and echo per board."""
    print(f"\n  [{variant}] median of {len(results)} runs; ratio = board click / echo click "
          f"of the same run (target <= {TARGET_RATIO})")
    for key, what in (("", "click -> the answer in the DOM"),
                      ("_painted", "click -> the answer painted (a task after its frame)")):
        rows = kind_table(results, boards, key)
        print(f"  {what}:")
        print(f"    {'board':<14}{'action':>8}{'undo':>8}{'echo':>8}{'action/echo':>13}"
              f"{'undo/echo':>11}  action/echo per run")
        for name, r in rows.items():
            flag = "" if r["action_ratio"] <= TARGET_RATIO else "  NOT met"
            each = " / ".join(f"{x:.2f}" for x in r["action_ratio_runs"])
            print(f"    {name:<14}{r['action']:8.1f}{r['undo']:8.1f}{r['echo']:8.1f}"
                  f"{r['action_ratio']:13.2f}{r['undo_ratio']:11.2f}  {each}{flag}")


VARIANTS = {
    "stock": "stock JupyterLab",
    "nodelay": "as make lab and Binder run it: deepwood_lab extension, TCP_NODELAY on the kernel websocket",
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="page loads per variant (default 3)")
    ap.add_argument("--clicks", type=int, default=15,
                    help="measured action+undo pairs per board and run (default 15)")
    ap.add_argument("--variant", choices=["stock", "nodelay", "both"], default="stock",
                    help="stock Lab (default), Lab as make lab runs it (the deepwood_lab "
                         "extension: TCP_NODELAY), or both")
    ap.add_argument("--board", nargs="+", choices=[*BOARDS, "all"], default=["all"],
                    help="which board widget(s) to click (default: all five)")
    ap.add_argument("--viewport-height", type=int, default=B.VIEWPORT["height"],
                    help="page height in px (default %(default)s); e.g. 9000 puts every widget "
                         "on screen, so no click waits for a scroll (bench/README.md)")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args(argv)
    VIEWPORT["height"] = args.viewport_height

    problem = B.browser_problem()
    if problem:
        print(f"widget_latency: SKIPPED, no browser: {problem}")
        return 0
    t_start = time.monotonic()
    variants = ["stock", "nodelay"] if args.variant == "both" else [args.variant]
    boards = list(BOARDS) if "all" in args.board else list(dict.fromkeys(args.board))
    out = {v: measure(v, args.runs, args.clicks, boards) for v in variants}

    print(f"\nwidget_latency: click -> board DOM shows the new state, JupyterLab + headless "
          f"Chromium, kernel round trip included; median of {args.runs} runs x "
          f"{2 * args.clicks} clicks per board (action / undo) and echo clicks")
    summary_json = {}
    for v, results in out.items():
        echo_med = statistics.median(r["echo"]["median"] for r in results)
        echo_p90 = statistics.median(r["echo"]["p90"] for r in results)
        summary_json[v] = {"echo_median_ms": echo_med, "echo_p90_ms": echo_p90,
                           "runs": results, "table": kind_table(results, boards),
                           "table_painted": kind_table(results, boards, "_painted")}
        print(f"  {VARIANTS[v]}:")
        for name in boards:
            def med(k, f="median", name=name):
                return statistics.median(r[name][k][f] for r in results)
            board_med = med("board")
            ratio = board_med / echo_med
            feedback = med("feedback")
            summary_json[v][name] = {"board_median_ms": board_med,
                                     "board_p90_ms": med("board", "p90"),
                                     "board_settled_ms": med("board_settled"),
                                     "ratio": ratio, "feedback_ms": feedback,
                                     "handler_to_frame_ms": med("handler"),
                                     "redraw_ms": med("draw"),
                                     "feedback_p90_ms": med("feedback", "p90")}
            for kind in ("action", "undo"):       # the two kinds of click, apart (issue 25 §4)
                summary_json[v][name][f"{kind}_median_ms"] = med(kind)
                summary_json[v][name][f"{kind}_p90_ms"] = med(kind, "p90")
                summary_json[v][name][f"{kind}_ratio"] = med(kind) / echo_med
            print(f"    {name:<14}n={results[0][name]['board']['n']}/run  median "
                  f"{board_med:6.1f} ms  p90 {med('board', 'p90'):6.1f} ms  (next frame "
                  f"{med('board_frame'):.1f}, all updates settled {med('board_settled'):.1f}; "
                  f"{BOARDS[name][1]} / undo)")
            for kind, label in (("action", BOARDS[name][1]), ("undo", "undo")):
                k_ratio = med(kind) / echo_med
                print(f"    {'':<14}{kind:<6} median {med(kind):6.1f} ms  p90 "
                      f"{med(kind, 'p90'):6.1f} ms  ratio {k_ratio:.2f}x ({label}; target <= "
                      f"{TARGET_RATIO}: {'met' if k_ratio <= TARGET_RATIO else 'NOT met'})")
            print(f"    {'':<14}ratio {ratio:.2f}x baseline (target <= {TARGET_RATIO}: "
                  f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}); pending mark painted "
                  f"{feedback:.1f} ms after the click event, p90 {med('feedback', 'p90'):.1f}; "
                  f"{med('handler'):.1f} ms after the click handler ran (within one frame, "
                  f"{FRAME_MS:.1f} ms: {'met' if med('handler') <= FRAME_MS else 'NOT met'}); "
                  f"the shell's redraw itself {med('draw'):.1f} ms")
        print(f"    {'echo':<14}n={results[0]['echo']['n']}/run  median {echo_med:6.1f} ms  "
              f"p90 {echo_p90:6.1f} ms  (trivial anywidget round trip)")
    for v, results in out.items():
        print_table(v, results, boards)
    print(f"  [{time.monotonic() - t_start:.0f} s]")
    if args.json:
        print(json.dumps(summary_json))
    return 0


if __name__ == "__main__":
    sys.exit(main())
