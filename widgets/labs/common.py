"""What the two probability labs share on the Python side: their shipped ES module, the
checked numbers of a request, exact and observed numbers as text, the static histogram and
table, and :class:`ProbabilityLab`, the widget base class (message dispatch, ``message``,
the static display copy).

>>> frac_text(Fraction(35, 6))
'35/6 ≈ 5.833'
>>> _int("dice", 3.0, 1, 8)
3
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import anywidget
import numpy as np
import traitlets as t

from deepwood_kernel.core.picture import svg_image
from deepwood_kernel.prob import Estimate

HERE = Path(__file__).parent

MAX_ROLL = 1_000_000          # most rolls one request may ask for
MAX_SEED = 2**63 - 1
_HTML_ROWS = 40               # rows of the static table before the middle is elided


def lab_module(name: str) -> str:
    """The ES module a lab ships: ``common.js`` followed by the lab's own file.

    anywidget does not resolve imports between modules, so the helpers both labs use
    (escaping, number formats, the histogram) are prepended here instead of copied.
    """
    return (HERE / "common.js").read_text(encoding="utf-8") + "\n" + \
        (HERE / name).read_text(encoding="utf-8")


def _int(name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as an int in lo..hi, or a ValueError that says what is allowed."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise ValueError(f"{name} must be a whole number {lo}..{hi}, got {value!r}")
    value = int(value)
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be {lo}..{hi}, got {value}")
    return value


def _seed(value: Any) -> int:
    return _int("seed", value, 0, MAX_SEED)


def frac_text(p: Fraction) -> str:
    """An exact number as text: ``7``, ``35/6 ≈ 5.833``."""
    p = Fraction(p)
    if p.denominator == 1:
        return f"{p.numerator:,}"
    return f"{p.numerator}/{p.denominator} ≈ {float(p):.4g}"


def observed_text(successes: int, trials: int) -> str:
    """A simulated proportion with its 95% confidence interval (or a dash before any roll)."""
    if trials <= 0:
        return "—"
    return repr(Estimate.proportion(int(successes), int(trials)))


def observed_mean_text(xs, counts, trials: int) -> str:
    if trials <= 0:
        return "—"
    xs = np.asarray(xs, dtype=float)
    c = np.asarray(counts, dtype=float)
    return repr(Estimate.mean_of(float(xs @ c), float((xs * xs) @ c), int(trials)))


def chart_svg(bars: list[dict], counts: list[int], trials: int, *, width: int = 460,
              height: int = 150) -> str:
    """Static SVG histogram: exact probabilities as outlines, observed frequencies filled."""
    n = max(1, len(bars))
    top = max([b["p"] for b in bars] + ([c / trials for c in counts] if trials else [0]))
    top = top or 1.0
    pad_l, pad_b, pad_t = 6, 18, 6
    bw = (width - 2 * pad_l) / n
    ih = height - pad_b - pad_t
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="exact distribution">',
             f'<line x1="{pad_l}" y1="{height - pad_b}" x2="{width - pad_l}" '
             f'y2="{height - pad_b}" stroke="#888"/>']
    step = max(1, math.ceil(n / 24))
    for i, b in enumerate(bars):
        x = pad_l + i * bw
        if trials:
            f = counts[i] / trials
            h = ih * f / top
            parts.append(f'<rect x="{x + 1.5:.1f}" y="{height - pad_b - h:.1f}" '
                         f'width="{max(bw - 3, 1):.1f}" height="{h:.1f}" fill="#9ecae1"/>')
        h = ih * b["p"] / top
        parts.append(f'<rect x="{x + 1:.1f}" y="{height - pad_b - h:.1f}" '
                     f'width="{max(bw - 2, 1):.1f}" height="{h:.1f}" fill="none" '
                     f'stroke="#08519c" stroke-width="1.5"><title>'
                     f'{html.escape(b["label"])}: {html.escape(b["p_text"])}</title></rect>')
        if i % step == 0:
            parts.append(f'<text x="{x + bw / 2:.1f}" y="{height - 5}" font-size="10" '
                         f'text-anchor="middle" fill="#444">{html.escape(b["label"])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def chart_alt(bars: list[dict], counts: list[int], trials: int, limit: int = 12) -> str:
    """The chart said in words (the ``alt`` text of the static picture): each result's
    exact probability and, after trials, its observed share; long charts are cut.

    >>> chart_alt([{"label": "1", "p_num": 1, "p_den": 2}, {"label": "2", "p_num": 1,
    ...            "p_den": 2}], [3, 1], 4)
    'Bar chart of 2 results, exact probability (observed share of 4 trials): 1: 1/2 (75.0%); 2: 1/2 (25.0%).'
    """
    head = f"Bar chart of {len(bars)} results, exact probability" + (
        f" (observed share of {trials:,} trials)" if trials else "")
    items = [f"{b['label']}: {_frac(b)}" + (f" ({100 * counts[i] / trials:.1f}%)" if trials
                                             else "") for i, b in enumerate(bars[:limit])]
    more = f"; and {len(bars) - limit} more" if len(bars) > limit else ""
    return f"{head}: {'; '.join(items)}{more}."


def _frac(b: dict) -> str:
    return str(b["p_num"]) if b["p_den"] == 1 else f"{b['p_num']}/{b['p_den']}"


def table_html(bars: list[dict], counts: list[int], trials: int, head: str = "result") -> str:
    rows = list(range(len(bars)))
    if len(rows) > _HTML_ROWS:
        half = _HTML_ROWS // 2
        rows = rows[:half] + [-1] + rows[-half:]
    body = []
    for i in rows:
        if i < 0:
            body.append('<tr><td colspan="4" style="text-align:center">&hellip;</td></tr>')
            continue
        b = bars[i]
        obs = f"{counts[i]:,} ({100 * counts[i] / trials:.1f}%)" if trials else "—"
        body.append(f'<tr><td style="text-align:right">{html.escape(b["label"])}</td>'
                    f'<td style="text-align:right">{_frac(b)}</td>'
                    f'<td style="text-align:right">{html.escape(b["p_pct"])}</td>'
                    f'<td style="text-align:right">{obs}</td></tr>')
    return ('<table class="deepwood-lab-table" style="border-collapse:collapse;font-size:12px">'
            f'<thead><tr><th>{html.escape(head)}</th><th>exact P</th><th>%</th>'
            f'<th>observed ({trials:,})</th></tr></thead><tbody>{"".join(body)}</tbody></table>')


def summary_html(summary: list[dict]) -> str:
    if not summary:
        return ""
    td = '<td style="padding:1px 8px">'
    rows = "".join(f'<tr>{td}{html.escape(r["label"])}</td>{td}{html.escape(r["exact"])}</td>'
                   f'{td}{html.escape(r["observed"])}</td></tr>' for r in summary)
    return ('<table class="deepwood-lab-summary" style="border-collapse:collapse;font-size:12px;'
            'margin:4px 0"><thead><tr><th></th><th>exact</th><th>simulated (seeded)</th></tr>'
            f'</thead><tbody>{rows}</tbody></table>')


def lab_html(title: str, subtitle: str, bars: list[dict], counts: list[int], trials: int,
             summary: list[dict], extra: str = "", head: str = "result") -> str:
    """The static HTML summary both labs add to their display bundle. The chart is a
    data-URI ``<img>`` with alt text (:func:`deepwood_kernel.core.picture.svg_image`), as
    on the static boards: JupyterLab strips inline ``<svg>`` from untrusted notebooks, an
    image survives there and on GitHub/nbviewer."""
    return ('<div class="deepwood-lab-static" style="font-family:sans-serif;font-size:13px;'
            'border:1px solid #ccc;border-radius:6px;padding:6px 10px;max-width:600px">'
            f'<div style="font-weight:bold">{html.escape(title)}</div>'
            f'<div style="color:#555;margin-bottom:4px">{html.escape(subtitle)}</div>'
            f'{svg_image(chart_svg(bars, counts, trials), chart_alt(bars, counts, trials))}'
            f'<div style="color:#555;font-size:11px">outlines: exact probability; '
            f'filled: observed share of {trials:,} simulated trials</div>'
            f'{summary_html(summary)}{extra}'
            f'<details><summary>table</summary>{table_html(bars, counts, trials, head)}</details>'
            '<div style="color:#888;font-size:11px">static copy: run the notebook for the '
            'interactive lab</div></div>')


class ProbabilityLab(anywidget.AnyWidget):
    """What both labs share: message dispatch, ``message``, the static display copy."""

    message = t.Unicode("").tag(sync=True)
    # counts answered requests: the browser then puts a refused value back in its field
    # (typing 99 where 40 is the limit must not leave "99" in the box)
    answered = t.Int(0).tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    trials = t.Int(0).tag(sync=True)
    summary = t.List().tag(sync=True)
    last = t.Dict().tag(sync=True)
    seed = t.Int(0).tag(sync=True)      # change it with ``reset(seed)`` (or assign it)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_frontend_msg)

    @t.validate("seed")
    def _valid_seed(self, proposal):
        return _seed(proposal["value"])

    @t.observe("seed")
    def _seed_assigned(self, change) -> None:
        if getattr(self, "_rng", None) is not None and change["new"] != self._seed:
            self.receive({"type": "reset", "seed": change["new"]})

    # --------------------------------------------------------------- messages
    def _on_frontend_msg(self, widget, content, buffers=None) -> None:
        """The ``on_msg`` callback: every browser request lands here."""
        self.receive(content)

    def handlers(self) -> dict:
        return {}

    def receive(self, content: Any) -> None:
        """Handle one request dict from the browser (also callable from Python and tests).

        A refused request sets ``message`` and changes nothing else; a handled one sets
        ``message`` to its note ("" when there is nothing to say). Every change reaches
        the browser in one update message."""
        with self.hold_sync():
            self.answered += 1
            self._receive(content)

    def _receive(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            self.message = f"ignored a malformed request: {content!r}"[:200]
            return
        handler = self.handlers().get(content["type"])
        if handler is None:
            self.message = (f"unknown request type {content['type']!r}; known: "
                            + ", ".join(sorted(self.handlers())))
            return
        try:
            with self.hold_sync():
                note = handler(content)
                self.message = note or ""
        except ValueError as e:
            self.message = str(e)

    def _seed_rng(self, seed: int) -> None:
        self._seed = seed
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self.seed = seed

    # --------------------------------------------------------------- display
    def static_html(self) -> str:   # pragma: no cover - overridden
        return ""

    def _repr_html_(self) -> str:
        return self.static_html()

    def _repr_mimebundle_(self, **kwargs):
        """The live widget plus a static ``text/html`` summary, so a saved notebook still
        shows the exact distribution where no kernel runs (GitHub, nbviewer)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data)
        data["text/plain"] = repr(self)
        data["text/html"] = self.static_html()
        return data, meta


