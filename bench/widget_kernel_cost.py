"""The kernel's share of one board click, without a browser (issue 25 §4).

For each board of ``bench/widget_latency.py`` (same notebook cell, same clicked action):
builds the widget, catches the update messages it would send to the browser (``_send``),
then repeats the bench's loop (the action, then undo) and measures per click, in Python:

* ``receive``: the whole request (``GameWidget.receive``: engine ``apply``/``undo``, bots
  and automatic chance at ``bot_delay=0``, every ``refresh``), median, ms;
* ``refresh`` / ``advice``: the share of the trait rebuild and of ``compute_advice``;
* ``msgs``: how many comm messages one click sends (``hold_sync`` should make one);
* the JSON size in bytes of each synced trait in those messages (as sent: whole, or its
  patch, widgets/sync.py), and ``whole``: what the changed traits weigh whole.

    .venv/bin/python bench/widget_kernel_cost.py [--clicks 12]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from widget_latency import BOARDS  # noqa: E402

KINDS = ("action", "undo")


def make_board(name: str):
    """The widget the bench's notebook cell for ``name`` shows."""
    ns: dict = {}
    src = BOARDS[name][0].rsplit("\n", 1)[0]          # the cell without its display line
    exec(src, ns)                                      # noqa: S102 (our own cell text)
    return next(v for k, v in ns.items() if hasattr(v, "receive") and not isinstance(v, type))


def timed(obj, attr: str, into: dict) -> None:
    """Wrap ``obj.attr`` so its time per call adds up in ``into[attr]``."""
    f = getattr(obj, attr)

    def wrapper(*a, **k):
        t = time.perf_counter()
        try:
            return f(*a, **k)
        finally:
            into[attr] = into.get(attr, 0.0) + time.perf_counter() - t
    setattr(obj, attr, wrapper)


def measure(name: str, clicks: int, warmup: int = 2) -> dict:
    w = make_board(name)
    sent: list[dict] = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    steps: dict = {}
    for attr in ("refresh", "compute_advice"):
        timed(w, attr, steps)
    rows: dict = {k: [] for k in KINDS}
    for i in range(warmup + clicks):
        for kind in KINDS:
            req = ({"type": "act", "id": BOARDS[name][1]} if kind == "action"
                   else {"type": "undo"})
            sent.clear(), steps.clear()
            t = time.perf_counter()
            w.receive(dict(req, ply=len(w.game.history)))
            dt = time.perf_counter() - t
            if w.message:
                raise SystemExit(f"{name}: the {kind} click was refused: {w.message}")
            sizes, whole = {}, {}
            for m in sent:
                # a sync message (widgets/sync.py): traits sent whole, and patches
                c = m.get("content", {}) if m.get("method") == "custom" else {"whole": m["state"]}
                for k, v in [*c.get("whole", {}).items(), *c.get("patch", {}).items()]:
                    sizes[k] = len(json.dumps(v))
                    whole[k] = len(json.dumps(getattr(w, k)))
            if i >= warmup:
                rows[kind].append({"receive": dt, **steps, "msgs": len(sent), "bytes": sizes,
                                   "whole": whole})
    out = {}
    for kind, r in rows.items():
        out[kind] = {k: statistics.median(x.get(k, 0.0) for x in r) * 1000
                     for k in ("receive", "refresh", "compute_advice")}
        out[kind]["msgs"] = max(x["msgs"] for x in r)
        out[kind]["bytes"] = r[-1]["bytes"]
        out[kind]["whole"] = sum(r[-1]["whole"].values())
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clicks", type=int, default=12)
    args = ap.parse_args(argv)
    print(f"{'board':<14}{'click':<7}{'receive':>8}{'refresh':>8}{'advice':>8}{'msgs':>5}"
          f"{'bytes':>7}{'whole':>7}  largest traits")
    for name in BOARDS:
        for kind, r in measure(name, args.clicks).items():
            big = sorted(r["bytes"].items(), key=lambda kv: -kv[1])[:3]
            print(f"{name:<14}{kind:<7}{r['receive']:8.2f}{r['refresh']:8.2f}"
                  f"{r['compute_advice']:8.2f}{r['msgs']:5d}{sum(r['bytes'].values()):7d}"
                  f"{r['whole']:7d}  "
                  + ", ".join(f"{k} {v}" for k, v in big))
    return 0


if __name__ == "__main__":
    sys.exit(main())
