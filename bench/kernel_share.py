"""How much of the kernel's work on a click shows in the click's latency.

A board's kernel works 0.7-1.4 ms on an action click (the move, the bots, the refresh;
bench/README.md "The kernel's share"), the echo's handler is one ``count += 1``. Does that
time reach the player, or is it hidden while the page is busy with the click's frame and
JupyterLab's "busy" status? This script asks the page directly: next to the plain echo of
``widget_latency.py`` it shows echoes that spend a fixed amount of CPU in the kernel (a
busy loop, as a board's Python work is) before they answer, and clicks them in turn, each
exactly as the latency bench clicks (``settle``, the same observer), in an order that
alternates from round to round. It prints each echo's median, its difference from the
baseline's, and the share: milliseconds of latency per millisecond of kernel work.

Echo "+0 ms" (a busy loop of no length) is the baseline when it is asked for: the same
class, one more output on the page. Against the plain echo it shows the method's own
scatter, which is large: 0.05 and 0.8 ms in two runs of 30-40 clicks. Read several runs.

    .venv/bin/python bench/kernel_share.py [--ms 0 1 2 4] [--clicks 30] [--runs 2]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import widget_latency as L  # noqa: E402
from tools import browser as B  # noqa: E402

# the latency bench's echo, then one echo per --ms that busy-waits before it answers
BUSY_SRC = '''
import time as _time
from IPython.display import display as _display

class BusyEcho(Echo):
    """The echo, after ``ms`` milliseconds of CPU work in the kernel (a busy loop)."""

    def __init__(self, ms):
        super().__init__()
        self.ms = ms

    def _on_click(self, widget, content, buffers):
        end = _time.perf_counter() + self.ms / 1000
        while _time.perf_counter() < end:
            pass
        super()._on_click(widget, content, buffers)

_display(*[BusyEcho(ms) for ms in {ms!r}])
'''


def one_run(browser, lab, ms: list[float], clicks: int, warmup: int = 3) -> dict:
    """{name: [ms from click to the echo's count in the DOM]} for the plain echo ("echo")
    and each busy echo ("+2 ms")."""
    page = browser.new_page(viewport=L.VIEWPORT)
    try:
        B.open_notebook(page, lab, "bench.ipynb")
        assert B.run_all_cells(page), f"bench notebook failed: {B.error_outputs(page)}"
        busy = B.cell_output(page, 2)
        echoes = [("echo", B.cell_output(page, 1).first)] + \
            [(f"+{m:g} ms", busy.nth(i)) for i, m in enumerate(ms)]
        out: dict = {name: [] for name, _ in echoes}
        for r in range(warmup + clicks):
            for name, root in (echoes if r % 2 else echoes[::-1]):
                res = L.timed_click(page, root, root.locator(".echo-btn"), "echo")
                if r >= warmup:
                    out[name].append(res["dom"])
        return out
    finally:
        page.close()
        lab.shutdown_kernels()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ms", type=float, nargs="+", default=[0, 1, 2, 4],
                    help="kernel work of each busy echo, ms (default 0 1 2 4)")
    ap.add_argument("--clicks", type=int, default=30, help="clicks per echo and run")
    ap.add_argument("--runs", type=int, default=2, help="page loads (default 2)")
    args = ap.parse_args(argv)
    if any(not 0 <= m <= 50 for m in args.ms):
        ap.error("--ms: each between 0 and 50 (ms of kernel work per click)")
    if L.browser_missing("kernel_share"):
        return 0
    runs = []
    with tempfile.TemporaryDirectory(prefix="deepwood-bench-") as tmp:
        nb = Path(tmp) / "bench.ipynb"
        # a Deep Wood board (the page a player has), the plain echo, then the busy echoes
        L.make_notebook(nb, ["deepwood"], extra=(BUSY_SRC.format(ms=args.ms),))
        with B.lab_server({"bench.ipynb": nb}, nodelay=True) as lab, B.chromium() as browser:
            for r in range(args.runs):
                runs.append(one_run(browser, lab, args.ms, args.clicks))
                print(f"run {r + 1}: " + ", ".join(
                    f"{k} {statistics.median(v):.1f}" for k, v in runs[-1].items()), flush=True)
    print(f"\nkernel_share: click -> echo's count in the DOM, ms; median of {args.runs} runs' "
          f"medians ({args.clicks} clicks per echo and run)")
    # the baseline: the busy echo of no length if there is one (the same class, the same
    # place on the page), else the plain echo
    med = {k: statistics.median(statistics.median(run[k]) for run in runs) for k in runs[0]}
    base = med["+0 ms"] if 0 in args.ms else med["echo"]
    print(f"{'echo':>10} {'latency':>8} {'minus base':>11} {'per kernel ms':>14}   (base: "
          + ("+0 ms" if 0 in args.ms else "the plain echo") + ")")
    print(f"{'echo':>10} {med['echo']:8.2f} {med['echo'] - base:11.2f}")
    for m in args.ms:
        name = f"+{m:g} ms"
        share = f"{(med[name] - base) / m:14.2f}" if m else f"{'':>14}"
        print(f"{name:>10} {med[name]:8.2f} {med[name] - base:11.2f} {share}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
