"""The trace reading of ``bench/widget_trace.py`` (issue 25 §4): a click's window is cut by
the page's User Timing marks, and the answer's frame counts only the trace events that
start between the answer in the DOM and its paint, as ``bench/README.md`` reports them."""

from bench import widget_trace as T


def mark(tag: str, kind: str, ts: int) -> dict:
    return {"name": f"{tag}:{kind}", "cat": "blink.user_timing", "ph": "R", "ts": ts,
            "pid": 1, "tid": 7}


def event(name: str, ts: int, dur: int, tid: int = 7) -> dict:
    return {"name": name, "ph": "X", "ts": ts, "dur": dur, "tdur": dur, "pid": 1, "tid": tid}


def click(tag: str, t0: int, hover: int, paint: int) -> list[dict]:
    """One traced click at ``t0`` µs: answer in the DOM 10 ms later, painted 30 ms later."""
    return [mark(tag, "click", t0), mark(tag, "dom", t0 + 10_000),
            mark(tag, "painted", t0 + 40_000),
            event("Paint", t0 + 5_000, 3_000),             # the pending mark's frame: before
            event("EventHandler::hoverTimerFired", t0 + 12_000, hover),
            event("PrePaint", t0 + 20_000, 2_500),
            event("Paint", t0 + 23_000, paint),
            event("Paint", t0 + 24_000, 1_000, tid=8),     # another thread: not the page's
            event("Paint", t0 + 41_000, 9_000)]            # after painted: the next frame


def test_the_answers_frame_counts_only_its_own_window():
    trace = {"traceEvents": click("deepwood:action", 0, 6_000, 5_000)}
    assert T.frame_table(trace, ["deepwood"], 1) == {("deepwood", "action"): [6.0, 2.5, 5.0]}


def test_repeated_clicks_give_medians_and_a_missing_mark_drops_a_click():
    events = (click("pig.0:action", 0, 2_000, 4_000) + click("pig.1:action", 100_000, 0, 6_000)
              + click("pig.2:action", 200_000, 9_000, 5_000))
    events = [e for e in events if e["name"] != "pig.1:action:painted"]   # unsampled
    table = T.frame_table({"traceEvents": events}, ["pig"], 3)
    assert table == {("pig", "action"): [5.5, 2.5, 4.5]}
    wall = T.cpu_table({"traceEvents": events}, ["pig"], 3)[("pig", "action")]
    assert wall[:2] == [10.0, 40.0]
