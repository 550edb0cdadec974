"""What a board costs the browser while nobody touches it: rendering work after a move.

A board should cost nothing while the player thinks: every frame the browser must style,
lay out and paint is main-thread time a click's answer may have to wait behind (the
latency bench's clicks come 1-2 s apart, a player's a few seconds). For each board of
``widget_latency.py`` (same notebook, same clicked action) this script plays the action
and its undo, so the board shows its start again with freshly drawn targets (the position
the latency bench's action click starts from), then records a Chromium trace of the next
``--window`` seconds without input and sums the page's main-thread rendering work in it:
the frame lifecycle (style, layout, paint, commit), the Paint phase alone, and how many
frames painted. Baseline, same page: the same window after a click on the trivial echo
widget. Medians of ``--runs`` windows per board.

    .venv/bin/python bench/widget_idle.py [--board deepwood clank] [--runs 3] [--window 2]

bench/README.md ("A board at rest") has the figures before and after the targets' pulse
was limited to a board's first move.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import widget_latency as L  # noqa: E402
from bench import widget_trace as T  # noqa: E402
from tools import browser as B  # noqa: E402


def rendering(trace: dict) -> dict:
    """Main-thread ms of frame lifecycle and of Paint, and painted frames, between the
    ``idle:start`` and ``idle:end`` marks."""
    marks, events = T.main_thread(trace["traceEvents"] if isinstance(trace, dict) else trace)
    a, z = marks["idle:start"]["ts"], marks["idle:end"]["ts"]
    inside = [e for e in events if a <= e["ts"] <= z]

    def ms(name):
        return sum(e["dur"] for e in inside if e["name"] == name) / 1000
    return {"lifecycle": ms("WebFrameWidgetImpl::UpdateLifecycle"), "paint": ms("Paint"),
            "frames": sum(1 for e in inside if e["name"] == "WebFrameWidgetImpl::UpdateLifecycle")}


def quiet_window(browser, page, seconds: float) -> dict:
    """Trace ``seconds`` of the page at rest and measure its rendering work."""
    browser.start_tracing(page=page, categories=T.CATEGORIES)
    page.evaluate("() => performance.mark('idle:start')")
    time.sleep(seconds)
    page.evaluate("() => performance.mark('idle:end')")
    return rendering(json.loads(browser.stop_tracing()))


def measure(boards: list[str], runs: int, window: float, warmup: int = 2) -> dict:
    """{board: [windows]} and {"echo": [windows]}."""
    out: dict = {name: [] for name in boards + ["echo"]}
    with tempfile.TemporaryDirectory(prefix="deepwood-idle-") as tmp:
        nb = Path(tmp) / "bench.ipynb"
        L.make_notebook(nb, boards)
        with B.lab_server({"bench.ipynb": nb}, nodelay=True) as lab, B.chromium() as browser:
            page = browser.new_page(viewport=L.VIEWPORT)
            echo, loops = L.open_bench(page, lab, boards)

            def click(root, loc, _kind, what):
                return L.timed_click(page, root, loc, what)
            for _ in range(warmup):
                for loop in loops.values():
                    L.click_round(loop, echo, click)
            for _ in range(runs):
                for name, (board, legal, select) in loops.items():
                    if select and not legal.is_visible():
                        board.locator(select).first.click()
                    click(board, legal, "action", "board")
                    board.evaluate(L.UNDO_JS)
                    click(board, board.locator("[data-bench-undo]").first, "undo", "board")
                    out[name].append(quiet_window(browser, page, window))
                click(echo, echo.locator(".echo-btn"), "echo", "echo")
                out["echo"].append(quiet_window(browser, page, window))
            page.close()
    return out


def main(argv=None) -> int:
    ap = L.bench_parser(__doc__)
    ap.add_argument("--runs", type=int, default=3, help="quiet windows per board (default 3)")
    ap.add_argument("--window", type=float, default=2.0, help="seconds per window (default 2)")
    args = ap.parse_args(argv)
    if L.browser_missing("widget_idle"):
        return 0
    res = measure(args.board, args.runs, args.window)
    span = args.window * 1000
    print(f"main-thread rendering in {args.window:g} s at rest after a move and its undo "
          f"(echo: after its click); medians of {args.runs} windows")
    print(f"{'':16}{'lifecycle ms':>14}{'share':>8}{'paint ms':>10}{'frames':>8}")
    for name, windows in res.items():
        def med(key):
            return statistics.median(w[key] for w in windows)
        print(f"{name:16}{med('lifecycle'):14.0f}{med('lifecycle') / span:8.1%}"
              f"{med('paint'):10.0f}{med('frames'):8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
