"""Where a click's time goes, hop by hop: the page's WebSocket and the kernel, one clock.

``widget_latency.py`` times a click from the page (click -> the answer in the DOM);
``widget_kernel_cost.py`` times the kernel's share in Python. This script joins the two on
one wall clock, for the same clicks as the latency bench (same notebook, same ``settle``):

  page  ws send      the click's comm message leaves the page (a wrapped ``WebSocket.send``)
  srv   in           the server takes it from the WebSocket (``bench/hops_server.py``)
  kern  dispatch     the kernel's main thread starts on it (``Kernel.dispatch_shell``)
  kern  busy sent    the kernel publishes "busy" (``Session.send``) ...
  kern  busy iopub   ... and its IOPub thread hands it to ZMQ (it needs the GIL for that)
  srv   busy out     the server has written "busy" to the page's WebSocket
  page  busy in      the page's main thread handles the "busy" status message
  kern  update sent  the widget's answer, one comm message (the echo's ``count``): the
                     answer is built, now it is serialised and queued for the IOPub thread
  kern  upd iopub    the IOPub thread hands it to ZMQ
  srv   upd in/out   the server takes it off ZMQ / has written it to the WebSocket
  page  update in    the page's main thread handles it (the WebSocket ``message`` event)
  page  drawn        the board's redraw (or the echo's counter) is in the DOM
  draw phases        the shell's own stamps (``data-draw-phases``): before building, build
                     the markup, parse it, patch the DOM, the keyboard layer (a second table)

All in ms from the click event's handler, medians per board and kind of click. The kernel
and the server log with ``time.time()`` and the page with ``performance.timeOrigin +
performance.now()``, all the machine's wall clock (agreeing to well under a millisecond on
one machine).

    .venv/bin/python bench/widget_hops.py [--board pig deepwood] [--clicks 8]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench import widget_latency as L  # noqa: E402
from tools import browser as B  # noqa: E402

# The last cell of the notebook: log the kernel's hops to a file, one JSON line each.
KERNEL_CELL = r'''
import inspect as _inspect, json as _json, time as _time
_kernel = get_ipython().kernel
_hops = open({path!r}, "a", buffering=1)
def _hop(ev, **kw):
    _hops.write(_json.dumps({{"t": _time.time() * 1000, "ev": ev, **kw}}) + "\n")
_dispatch = _kernel.dispatch_shell
async def _timed_dispatch(msg, *a, **kw):
    _hop("dispatch")
    r = _dispatch(msg, *a, **kw)
    return (await r) if _inspect.isawaitable(r) else r
_kernel.dispatch_shell = _timed_dispatch
_send = _kernel.session.send
def _timed_send(stream, msg_or_type, content=None, *a, **kw):
    kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type["header"]["msg_type"]
    state = content.get("execution_state") if isinstance(content, dict) else None
    _hop("send", kind=kind, state=state)
    return _send(stream, msg_or_type, content, *a, **kw)
_kernel.session.send = _timed_send
from bench.hops_server import message_kind as _message_kind   # the server's reading
_iopub = _kernel.iopub_thread
_really_send = _iopub._really_send
def _timed_really_send(msg, *a, **kw):
    t = _time.time() * 1000
    r = _really_send(msg, *a, **kw)
    # read after the send, so the message leaves no later for being logged
    kind, state = _message_kind(_kernel.session, msg)
    _hop("iopub", t=t, kind=kind, state=state)
    return r
_iopub._really_send = _timed_really_send
'''

# Before the page loads: wrap the WebSocket (Jupyter's v1 binary protocol: a count, the
# offsets, then channel, header, parent, metadata, content), log clicks and the first DOM
# change that carries the board's redraw stamp (or the echo's counter).
PAGE_INIT = r'''(() => {
  window.__hops = [];
  const now = () => performance.timeOrigin + performance.now();
  const dec = new TextDecoder();
  function kind(data) {
    if (!(data instanceof ArrayBuffer)) return {};
    const dv = new DataView(data), n = Number(dv.getBigUint64(0, true));
    const off = Array.from({length: n}, (_, i) => Number(dv.getBigUint64(8 + 8 * i, true)));
    const part = (i) => dec.decode(new Uint8Array(data, off[i], (i + 1 < n ? off[i + 1] : data.byteLength) - off[i]));
    const type = JSON.parse(part(1)).msg_type;
    return {kind: type, state: type === 'status' ? JSON.parse(part(4)).execution_state : null};
  }
  const WS = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new WS(...args), send = ws.send.bind(ws);
    ws.send = (d) => { window.__hops.push({t: now(), ev: 'ws send', ...kind(d)}); return send(d); };
    ws.addEventListener('message', (e) => window.__hops.push({t: now(), ev: 'ws in', ...kind(e.data)}));
    return ws;
  };
  window.WebSocket.prototype = WS.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.addEventListener('click', () => window.__hops.push({t: now(), ev: 'click'}), true);
  new MutationObserver((ms) => {
    const m = ms.find((x) => x.attributeName === 'data-draw-ms' || x.attributeName === 'data-count');
    if (m) window.__hops.push({t: now(), ev: 'drawn', phases: m.target.dataset.drawPhases || ''});
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-draw-ms', 'data-count']});
})();'''

COLUMNS = ["ws send", "srv in", "dispatch", "busy sent", "busy iopub", "srv busy out", "busy in",
           "update sent", "upd iopub", "srv upd in", "srv upd out", "update in", "drawn"]
PHASES = ["before", "build", "parse", "patch", "keys"]


def hops_of(page_hops: list[dict], kernel_hops: list[dict], server_hops: list[dict]) -> dict:
    """One click's hops, in ms from its click handler (None where a hop did not happen)."""
    t0 = next(h["t"] for h in page_hops if h["ev"] == "click")

    def first(hops, **match):
        t = next((h["t"] for h in hops if all(h.get(k) == v for k, v in match.items())), None)
        return None if t is None else t - t0
    drawn = [h for h in page_hops if h["ev"] == "drawn" and h["t"] > t0]
    row = {"ws send": first(page_hops, ev="ws send", kind="comm_msg"),
           "srv in": first(server_hops, ev="srv ws in"),
           "dispatch": first(kernel_hops, ev="dispatch"),
           "busy sent": first(kernel_hops, ev="send", state="busy"),
           "busy iopub": first(kernel_hops, ev="iopub", state="busy"),
           "srv busy out": first(server_hops, ev="srv ws written", state="busy"),
           "busy in": first(page_hops, ev="ws in", state="busy"),
           "update sent": first(kernel_hops, ev="send", kind="comm_msg"),
           "upd iopub": first(kernel_hops, ev="iopub", kind="comm_msg"),
           "srv upd in": first(server_hops, ev="srv zmq in", kind="comm_msg"),
           "srv upd out": first(server_hops, ev="srv ws written", kind="comm_msg"),
           "update in": first(page_hops, ev="ws in", kind="comm_msg"),
           "drawn": drawn[0]["t"] - t0 if drawn else None}
    phases = drawn[0]["phases"].split() if drawn and drawn[0]["phases"] else []
    row.update({p: float(x) for p, x in zip(PHASES, phases)})
    return row


def measure(boards: list[str], clicks: int, warmup: int = 3) -> dict:
    """{(board, kind): [rows]} for ``clicks`` action, undo and echo clicks per board."""
    rows: dict = {}
    with tempfile.TemporaryDirectory(prefix="deepwood-hops-") as tmp:
        log = Path(tmp) / "kernel-hops.jsonl"
        server_log = Path(tmp) / "server-hops.jsonl"
        for f in (log, server_log):
            f.write_text("")
        nb = Path(tmp) / "bench.ipynb"
        L.make_notebook(nb, boards)
        import nbformat
        book = nbformat.read(nb, as_version=4)
        book.cells.append(nbformat.v4.new_code_cell(KERNEL_CELL.format(path=str(log))))
        nbformat.write(book, nb)
        with B.lab_server({"bench.ipynb": nb}, nodelay=True,
                          extensions={"bench.hops_server": True},
                          env_extra={"DEEPWOOD_SERVER_HOPS": str(server_log)}) as lab, \
                B.chromium() as browser:
            page = browser.new_page(viewport=L.VIEWPORT)
            page.add_init_script(PAGE_INIT)
            echo, loops = L.open_bench(page, lab, boards)

            def hop_click(root, loc, _kind, what):
                def armed():                                        # this click's hops only
                    page.evaluate("() => { window.__hops = []; }")
                    for f in (log, server_log):
                        f.write_text("")
                L.timed_click(page, root, loc, what, armed)
                kernel, server = ([json.loads(x) for x in f.read_text().splitlines() if x]
                                  for f in (log, server_log))
                return hops_of(page.evaluate("() => window.__hops"), kernel, server)

            for i in range(warmup + clicks):
                for name, loop in loops.items():
                    res = L.click_round(loop, echo, hop_click)
                    if i >= warmup:
                        for kind, row in res.items():
                            rows.setdefault((name, kind), []).append(row)
            page.close()
    return rows


def main(argv=None) -> int:
    ap = L.bench_parser(__doc__)
    ap.add_argument("--clicks", type=int, default=8, help="measured clicks per kind (default 8)")
    args = ap.parse_args(argv)
    if L.browser_missing("widget_hops"):
        return 0
    rows = measure(args.board, args.clicks)
    print(f"medians of {args.clicks} clicks, ms from the click handler (the page's, the "
          "server's and the kernel's hops on the machine's wall clock)")
    for cols in (COLUMNS, PHASES):
        print(f"\n{'':22}" + "".join(f"{c:>13}" for c in cols))
        for (name, kind), rs in rows.items():
            def med(c):
                xs = [r[c] for r in rs if r.get(c) is not None]
                return f"{statistics.median(xs):13.1f}" if xs else f"{'-':>13}"
            print(f"{name + ' ' + kind:22}" + "".join(med(c) for c in cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())
