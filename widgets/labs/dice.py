"""``DiceLab``: the teachers' dice probability lab (anywidget).

Python holds the truth: the seeded random generator
(``numpy.random.Generator(PCG64(seed))``), the tallies and the exact distribution from
:mod:`deepwood_kernel.prob`. The browser (``labs/dice.js``) only draws the synced traits
and sends requests as messages (``model.send``), handled by :meth:`DiceLab.receive`:

``{"type": "roll", "n": 100}``        roll n times and add the results to the tallies
                                       (in ``fight`` mode: n fights of the optimal player)
``{"type": "configure", ...}``        change the question; any of ``mode`` (``"sum"``,
                                       ``"keep"``, ``"under"``, ``"fight"``), ``dice``
                                       (1..8), ``sides`` (4, 6, 8, 10, 12, 20), ``keep``,
                                       ``target``, ``tokens``, ``rolls``; a changed question
                                       clears the tallies; a bad one only sets ``message``
``{"type": "reset", "seed": 3}``      clear the tallies and restart the generator
``{"type": "new_fight"}``             fight mode: roll all dice for a fight you play yourself
``{"type": "toggle", "die": i}``      set die i of the roll aside (or take it back)
``{"type": "select", "keep": [6, 5]}`` select those faces to set aside
``{"type": "best"}``                  select the optimal choice
``{"type": "reroll"}``                set the selected dice aside and roll the others
                                       (all selected: stop and count the total)

The questions:

* ``sum``   the sum of the dice (:func:`~deepwood_kernel.prob.sum_of`);
* ``keep``  the sum of the ``keep`` highest dice (:func:`~deepwood_kernel.prob.keep_highest`);
* ``under`` a roll-under test (DungeonQuest's attribute test): the bars are the sums, a roll
  passes when ``sum <= target`` and may still pass by spending up to ``tokens``
  determination tokens after the roll (:func:`~deepwood_kernel.prob.roll_under_chance`);
* ``fight`` keep-aside rolling (Deep Wood's rock-monster fight): reach ``target`` with the
  dice in at most ``rolls`` rolls, setting dice aside between rolls. Rolling plays the
  optimal policy (:func:`~deepwood_kernel.prob.simulate_keep_aside`); ``new_fight`` lets the
  learner play, with every choice's exact win chance from
  :meth:`~deepwood_kernel.prob.KeepAsideSolver.choices`.

>>> lab = DiceLab(dice=2, sides=6, seed=1)
>>> lab
DiceLab(mode='sum', dice=2, sides=6, seed=1, trials=0)
>>> lab.roll(100); lab.trials, sum(lab.counts)
(100, 100)
>>> lab.bars[5]["x"], lab.bars[5]["p_text"]
(7, '1/6 ≈ 16.7%')
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import anywidget
import numpy as np
import traitlets as t

from deepwood_kernel.core.picture import svg_image
from deepwood_kernel.prob import (
    Estimate,
    KeepAsideSolver,
    keep_highest,
    roll_under,
    roll_under_chance,
    simulate_keep_aside,
    sum_of,
)

from .common import lab_module
from ..shell import fraction_text, prob_dict

__all__ = ["DiceLab", "ProbabilityLab"]

HERE = Path(__file__).parent

MODES = ("sum", "keep", "under", "fight")
SIDES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 8
MAX_FIGHT_ROLLS = 5
MAX_ROLL = 1_000_000          # most rolls one request may ask for
MAX_SEED = 2**63 - 1
# the keep-aside solver is asked only where it answers in well under a second
MAX_FIGHT_MULTISETS = 20_000
_CHUNK = 100_000              # rows of dice rolled per numpy call (fixed: reproducibility)
_HTML_ROWS = 40               # rows of the static table before the middle is elided

MODE_NAMES = {"sum": "sum of the dice", "keep": "keep the highest",
              "under": "roll-under test with tokens", "fight": "keep-aside fight"}


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


@lru_cache(maxsize=16)
def fight_solver(sides: int, dice: int) -> KeepAsideSolver:
    """One cached keep-aside solver per (sides, dice); it caches its own tables."""
    return KeepAsideSolver(sides=sides, rolls=3, max_dice=dice)


def die_svg_html(face: int, sides: int, size: int = 22) -> str:
    """A small static die (the static HTML fallback): a rounded square with the number."""
    return (f'<span style="display:inline-block;width:{size}px;height:{size}px;'
            f'line-height:{size}px;text-align:center;border:1px solid #555;border-radius:4px;'
            f'background:#fffdf5;margin:1px;font-weight:bold">{face}</span>')


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


class DiceLab(ProbabilityLab):
    """Roll dice once or many times and watch the tallies converge on the exact bars.

    ``DiceLab(dice=2, sides=6, mode="sum", keep=None, target=None, tokens=0, rolls=3,
    seed=0)``; a bad argument raises ``ValueError``. ``keep`` defaults to ``dice - 1``
    (at least 1); ``target`` to the middle sum for ``under`` and to five sixths of the
    highest total for ``fight``.

    Synced traits: ``config``; ``bars`` (the exact distribution: ``x``, ``label``,
    ``p_num``/``p_den``, ``p_text``, ``p_pct``, ``p``, ``zone``); ``counts`` (observed,
    aligned with ``bars``) and ``trials``; ``last`` (the latest roll, for the animation);
    ``fight`` (the learner's own keep-aside fight); ``summary`` (exact vs simulated);
    ``message``.
    """

    _esm = lab_module("dice.js")
    _css = HERE / "labs.css"

    config = t.Dict().tag(sync=True)
    bars = t.List().tag(sync=True)
    counts = t.List().tag(sync=True)
    fight = t.Dict().tag(sync=True)

    def __init__(self, dice: int = 2, sides: int = 6, mode: str = "sum", *,
                 keep: int | None = None, target: int | None = None, tokens: int = 0,
                 rolls: int = 3, seed: int = 0, **kwargs):
        super().__init__(**kwargs)
        base = {"mode": "sum", "dice": 2, "sides": 6, "keep": 1, "target": 7, "tokens": 0,
                "rolls": 3}
        ask = {"mode": mode, "dice": dice, "sides": sides, "tokens": tokens, "rolls": rolls}
        if keep is not None:
            ask["keep"] = keep
        if target is not None:
            ask["target"] = target
        cfg, _ = self._merge(base, ask, fresh=True)
        self._seed_rng(_seed(seed))
        self._record = {"played": 0, "won": 0, "expected": Fraction(0), "decisions": 0,
                        "optimal": 0}
        self._apply_config(cfg)

    # --------------------------------------------------------------- python API
    def roll(self, n: int = 1) -> None:
        """Roll ``n`` times (fight mode: ``n`` fights of the optimal player)."""
        self.receive({"type": "roll", "n": n})

    def configure(self, **changes) -> None:
        """Change the question (see the module docstring); a bad change sets ``message``."""
        self.receive({"type": "configure", **changes})

    def reset(self, seed: int | None = None) -> None:
        """Clear the tallies and restart the generator (from ``seed`` if given)."""
        self.receive({"type": "reset", **({} if seed is None else {"seed": seed})})

    def new_fight(self) -> None:
        self.receive({"type": "new_fight"})

    def toggle(self, die: int) -> None:
        self.receive({"type": "toggle", "die": die})

    def reroll(self) -> None:
        self.receive({"type": "reroll"})

    @property
    def exact(self) -> dict:
        """The exact distribution shown: ``{x: Fraction}`` (fight mode: 0 lose, 1 win)."""
        return dict(self._exact)

    def __repr__(self) -> str:
        c = self.config
        extra = {"keep": f", keep={c['keep']}", "under": f", target={c['target']}, "
                 f"tokens={c['tokens']}", "fight": f", target={c['target']}, "
                 f"rolls={c['rolls']}"}.get(c["mode"], "")
        return (f"DiceLab(mode={c['mode']!r}, dice={c['dice']}, sides={c['sides']}{extra}, "
                f"seed={self._seed}, trials={self.trials})")

    # --------------------------------------------------------------- configuration
    @staticmethod
    def _merge(old: dict, ask: dict, fresh: bool = False) -> tuple[dict, str]:
        """Validate a requested change against the current config; return (config, note)."""
        known = {"mode", "dice", "sides", "keep", "target", "tokens", "rolls"}
        unknown = sorted(set(ask) - known)
        if unknown:
            raise ValueError(f"unknown setting(s) {', '.join(map(repr, unknown))}; "
                             f"settings are {', '.join(sorted(known))}")
        cfg = dict(old)
        notes = []
        mode = ask.get("mode", old["mode"])
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        cfg["mode"] = mode
        dice = cfg["dice"] = _int("dice", ask.get("dice", old["dice"]), 1, MAX_DICE)
        sides = ask.get("sides", old["sides"])
        if isinstance(sides, bool) or sides not in SIDES:
            raise ValueError(f"sides must be one of {', '.join(map(str, SIDES))}, "
                             f"got {sides!r}")
        cfg["sides"] = sides = int(sides)
        high = dice * sides
        if "keep" in ask:
            cfg["keep"] = _int("keep (dice kept)", ask["keep"], 1, dice)
        elif fresh:
            cfg["keep"] = max(1, dice - 1)
        elif cfg["keep"] > dice:
            cfg["keep"] = dice
            if mode == "keep":
                notes.append(f"keep lowered to {dice}: there are only {dice} dice")
        cfg["tokens"] = _int("tokens", ask.get("tokens", old["tokens"]), 0, high)
        cfg["rolls"] = _int("rolls", ask.get("rolls", old["rolls"]), 1, MAX_FIGHT_ROLLS)
        lo = 1 if mode == "fight" else 0
        if "target" in ask:
            cfg["target"] = _int("target", ask["target"], lo, high)
        elif fresh or mode != old["mode"]:
            cfg["target"] = (-(-5 * high // 6) if mode == "fight"
                             else dice * (sides + 1) // 2)
        elif not lo <= cfg["target"] <= high:
            cfg["target"] = min(max(cfg["target"], lo), high)
            if mode in ("under", "fight"):
                notes.append(f"target moved to {cfg['target']}: {dice}d{sides} totals "
                             f"{dice}..{high}")
        if mode == "fight":
            size = math.comb(dice + sides - 1, dice)
            if size > MAX_FIGHT_MULTISETS:
                raise ValueError(
                    f"{dice}d{sides} has {size:,} distinct rolls; the fight lab solves up to "
                    f"{MAX_FIGHT_MULTISETS:,} exactly: use fewer dice or fewer sides")
        return cfg, "; ".join(notes)

    def _apply_config(self, cfg: dict) -> None:
        """Install a validated config: exact bars, empty tallies, no fight in progress."""
        n, s, mode = cfg["dice"], cfg["sides"], cfg["mode"]
        self._solver = None
        if mode == "sum":
            exact = list(sum_of(n, s).items())
        elif mode == "keep":
            exact = list(keep_highest(n, cfg["keep"], s).items())
        elif mode == "under":
            exact = list(sum_of(n, s).items())
        else:
            self._solver = fight_solver(s, n)
            win = self._solver.success(n, cfg["target"], cfg["rolls"])
            exact = [(0, 1 - win), (1, win)]
        self._exact = exact
        self._xs = np.array([x for x, _ in exact], dtype=np.int64)
        bars = []
        for x, p in exact:
            bars.append({"x": int(x), "label": self._label(cfg, x), "zone": self._zone(cfg, x),
                         **prob_dict(p)})
        self._counts = np.zeros(len(exact), dtype=np.int64)
        self._record = {"played": 0, "won": 0, "expected": Fraction(0), "decisions": 0,
                        "optimal": 0}
        self._fight = None
        self._roll_id = getattr(self, "_roll_id", 0)
        self.config = dict(cfg)
        self.title = self._title(cfg)
        self.bars = bars
        self.last = {}
        self._publish()
        self._publish_fight()

    @staticmethod
    def _label(cfg: dict, x: int) -> str:
        if cfg["mode"] == "fight":
            return "win" if x else "lose"
        return str(x)

    @staticmethod
    def _zone(cfg: dict, x: int) -> str:
        if cfg["mode"] == "under":
            if x <= cfg["target"]:
                return "pass"
            return "tokens" if x <= cfg["target"] + cfg["tokens"] else "fail"
        if cfg["mode"] == "fight":
            return "pass" if x else "fail"
        return ""

    @staticmethod
    def _title(cfg: dict) -> str:
        n, s = cfg["dice"], cfg["sides"]
        if cfg["mode"] == "sum":
            return f"Sum of {n}d{s}"
        if cfg["mode"] == "keep":
            return f"Sum of the {cfg['keep']} highest of {n}d{s}"
        if cfg["mode"] == "under":
            tok = (f", up to {cfg['tokens']} token{'s' if cfg['tokens'] != 1 else ''} "
                   "spent after the roll") if cfg["tokens"] else ""
            return f"Roll-under test: {n}d{s} ≤ {cfg['target']}{tok}"
        return (f"Keep-aside fight: reach {cfg['target']} with {n}d{s} in "
                f"{cfg['rolls']} roll{'s' if cfg['rolls'] != 1 else ''}")

    # --------------------------------------------------------------- messages
    def handlers(self) -> dict:
        return {"roll": self._msg_roll, "configure": self._msg_configure,
                "reset": self._msg_reset, "new_fight": self._msg_new_fight,
                "toggle": self._msg_toggle, "select": self._msg_select,
                "best": self._msg_best, "reroll": self._msg_reroll}

    def _msg_configure(self, content: dict) -> str:
        ask = {k: v for k, v in content.items() if k != "type"}
        cfg, note = self._merge(self.config, ask)
        if cfg != self.config:
            self._apply_config(cfg)
        return note

    def _msg_reset(self, content: dict) -> str:
        seed = _seed(content["seed"]) if content.get("seed") is not None else self._seed
        self._seed_rng(seed)
        self._apply_config(dict(self.config))
        return ""

    def _msg_roll(self, content: dict) -> str:
        n = _int("n (rolls)", content.get("n", 1), 1, MAX_ROLL)
        cfg = self.config
        dice, sides, mode = cfg["dice"], cfg["sides"], cfg["mode"]
        self._roll_id += 1
        if mode == "fight":
            est = simulate_keep_aside(dice, cfg["target"], cfg["rolls"], trials=n,
                                      seed=self._rng, sides=sides, solver=self._solver)
            wins = int(est.successes)
            self._counts[1] += wins
            self._counts[0] += n - wins
            self.last = {"id": self._roll_id, "n": n, "dice": [], "kept": [], "sides": sides,
                         "text": f"the optimal player fought {n:,} time{'s' if n > 1 else ''}:"
                                 f" {wins:,} win{'s' if wins != 1 else ''}"}
            self._publish()
            return ""
        done = 0
        last_row = None
        while done < n:
            m = min(_CHUNK, n - done)
            faces = self._rng.integers(1, sides + 1, size=(m, dice), dtype=np.int64)
            if mode == "keep":
                vals = np.sort(faces, axis=1)[:, dice - cfg["keep"]:].sum(axis=1)
            else:
                vals = faces.sum(axis=1)
            idx = np.searchsorted(self._xs, vals)
            self._counts += np.bincount(idx, minlength=len(self._xs))
            last_row = faces[-1]
            done += m
        row = [int(v) for v in last_row]
        kept = list(range(dice))
        if mode == "keep":
            order = sorted(range(dice), key=lambda i: (-row[i], i))
            kept = sorted(order[:cfg["keep"]])
        value = sum(row[i] for i in kept)
        self.last = {"id": self._roll_id, "n": n, "dice": row, "kept": kept, "sides": sides,
                     "value": value, "text": self._verdict(cfg, value, n)}
        self._publish()
        return ""

    @staticmethod
    def _verdict(cfg: dict, value: int, n: int) -> str:
        head = f"{n:,} rolls; the last: " if n > 1 else ""
        if cfg["mode"] == "keep":
            return f"{head}kept {cfg['keep']} highest = {value}"
        if cfg["mode"] == "under":
            t_, tok = cfg["target"], cfg["tokens"]
            if value <= t_:
                return f"{head}{value} ≤ {t_}: pass"
            need = value - t_
            if need <= tok:
                return (f"{head}{value} > {t_}: pass by spending {need} "
                        f"token{'s' if need != 1 else ''}")
            return f"{head}{value} > {t_}: fail (needs {need} tokens)"
        return f"{head}sum = {value}"

    # --------------------------------------------------------------- the learner's fight
    def _need_fight(self, what: str) -> dict:
        if self.config["mode"] != "fight":
            raise ValueError(f"{what} works in the keep-aside fight mode: choose mode "
                             "'fight' first")
        f = self._fight
        if f is None or f["status"] != "choose":
            raise ValueError(f"{what}: no fight in progress; press “New fight” to roll")
        return f

    def _msg_new_fight(self, content: dict) -> str:
        cfg = self.config
        if cfg["mode"] != "fight":
            raise ValueError("a new fight needs the keep-aside fight mode: choose mode "
                             "'fight' first")
        start = self._solver.success(cfg["dice"], cfg["target"], cfg["rolls"])
        self._fight = {"status": "choose", "aside": [], "roll": [], "selected": [],
                       "roll_no": 0, "start": start, "steps": []}
        self._record["played"] += 1
        self._record["expected"] += start
        self._throw(cfg["dice"])
        return ""

    def _throw(self, k: int) -> None:
        """Roll k dice for the learner's fight; end the fight after the last roll."""
        cfg = self.config
        f = self._fight
        f["roll"] = [int(v) for v in self._rng.integers(1, cfg["sides"] + 1, size=k)]
        f["selected"] = []
        f["roll_no"] += 1
        self._roll_id += 1
        f["roll_id"] = self._roll_id
        f["steps"].append(f"roll {f['roll_no']}: " + "-".join(map(str, f["roll"])))
        if f["roll_no"] >= cfg["rolls"]:
            self._finish()
        self._publish_fight()

    def _finish(self) -> None:
        f = self._fight
        total = sum(f["aside"]) + sum(f["roll"])
        won = total >= self.config["target"]
        f["status"] = "won" if won else "lost"
        f["total"] = total
        self._record["won"] += int(won)
        f["steps"].append(f"total {total}: {'won' if won else 'lost'}")

    def _msg_toggle(self, content: dict) -> str:
        f = self._need_fight("toggle")
        i = _int("die", content.get("die"), 0, len(f["roll"]) - 1)
        sel = set(f["selected"])
        sel ^= {i}
        f["selected"] = sorted(sel)
        self._publish_fight()
        return ""

    def _msg_select(self, content: dict) -> str:
        f = self._need_fight("select")
        keep = content.get("keep")
        if not isinstance(keep, (list, tuple)):
            raise ValueError(f"select needs keep: a list of faces, got {keep!r}")
        left = list(enumerate(f["roll"]))
        chosen = []
        for face in keep:
            hit = next((i for i, v in left if v == face), None)
            if hit is None:
                raise ValueError(f"cannot set aside {list(keep)}: the roll is {f['roll']}")
            chosen.append(hit)
            left = [(i, v) for i, v in left if i != hit]
        f["selected"] = sorted(chosen)
        self._publish_fight()
        return ""

    def _msg_best(self, content: dict) -> str:
        f = self._need_fight("best")
        best = self._choices()[0][0]
        return self._msg_select({"keep": list(best)}) or ""

    def _choices(self) -> list:
        f = self._fight
        cfg = self.config
        return self._solver.choices(tuple(f["roll"]), cfg["rolls"] - f["roll_no"],
                                    cfg["target"] - sum(f["aside"]))

    def _msg_reroll(self, content: dict) -> str:
        f = self._need_fight("reroll")
        choices = self._choices()
        keep = tuple(sorted((f["roll"][i] for i in f["selected"]), reverse=True))
        value = dict(choices)[keep]
        best_value = choices[0][1]
        self._record["decisions"] += 1
        self._record["optimal"] += int(value == best_value)
        kept_txt = "-".join(map(str, keep)) if keep else "nothing"
        verdict = "optimal" if value == best_value else (
            f"the best was {'-'.join(map(str, choices[0][0])) or 'nothing'}, "
            f"{fraction_text(best_value)}")
        f["steps"].append(f"set aside {kept_txt}: win chance {fraction_text(value)} "
                          f"({verdict})")
        f["aside"] = f["aside"] + list(keep)
        rest = len(f["roll"]) - len(keep)
        if rest == 0:                      # everything set aside: stop rolling
            f["roll"] = []
            f["selected"] = []
            self._finish()
            self._publish_fight()
            return ""
        self._throw(rest)
        return ""

    # --------------------------------------------------------------- traits
    def _publish(self) -> None:
        self.counts = [int(c) for c in self._counts]
        self.trials = int(self._counts.sum())
        self.summary = self._summary()

    def _summary(self) -> list[dict]:
        cfg = self.config
        n = self.trials
        c = self._counts
        rows = []
        probs = dict(self._exact)
        if cfg["mode"] in ("sum", "keep", "under"):
            xs = self._xs
            top = max(probs.values())
            modes = [x for x, p in self._exact if p == top]
            obs_mode = "—"
            if n:
                best = int(c.max())
                seen = [str(int(x)) for x, k in zip(xs, c) if k == best]
                obs_mode = f"{' and '.join(seen)} ({best:,} of {n:,} rolls)"
            rows.append({"label": "most likely result",
                         "exact": f"{' and '.join(map(str, modes))} ({fraction_text(top)} "
                                  f"each)" if len(modes) > 1 else
                                  f"{modes[0]} ({fraction_text(top)})",
                         "observed": obs_mode})
            mean = sum(Fraction(x) * p for x, p in self._exact)
            rows.append({"label": "average result", "exact": frac_text(mean),
                         "observed": observed_mean_text(xs, c, n)})
        if cfg["mode"] == "under":
            t_, tok, dice, sides = cfg["target"], cfg["tokens"], cfg["dice"], cfg["sides"]
            p0 = roll_under_chance(t_, 0, dice, sides)
            rows.append({"label": f"pass without tokens (sum ≤ {t_})",
                         "exact": fraction_text(p0),
                         "observed": observed_text(int(c[self._xs <= t_].sum()), n)})
            if tok:
                p1 = roll_under_chance(t_, tok, dice, sides)
                rows.append({"label": f"pass spending up to {tok} token"
                                      f"{'s' if tok != 1 else ''} (sum ≤ {t_ + tok})",
                             "exact": fraction_text(p1),
                             "observed": observed_text(int(c[self._xs <= t_ + tok].sum()),
                                                       n)})
            need = roll_under(dice, sides, target=t_)
            shortfall = np.maximum(self._xs - t_, 0)
            rows.append({"label": "tokens needed to pass, on average",
                         "exact": frac_text(need.mean()),
                         "observed": observed_mean_text(shortfall, c, n)})
        if cfg["mode"] == "fight":
            rows.append({"label": f"optimal player wins (total ≥ {cfg['target']})",
                         "exact": fraction_text(probs[1]),
                         "observed": observed_text(int(c[1]), n)})
        return rows

    def _publish_fight(self) -> None:
        cfg = self.config
        rec = self._record
        out: dict = {"status": "idle", "active": False, "target": cfg["target"],
                     "rolls": cfg["rolls"], "dice": cfg["dice"], "sides": cfg["sides"],
                     "record": {"played": rec["played"], "won": rec["won"],
                                "expected": frac_text(rec["expected"]),
                                "decisions": rec["decisions"], "optimal": rec["optimal"]}}
        f = self._fight
        if cfg["mode"] == "fight" and self._solver is not None:
            out["start"] = prob_dict(self._solver.success(cfg["dice"], cfg["target"],
                                                          cfg["rolls"]))
        if f is not None:
            out.update({"status": f["status"], "active": f["status"] == "choose",
                        "aside": list(f["aside"]), "roll": list(f["roll"]),
                        "selected": list(f["selected"]), "roll_no": f["roll_no"],
                        "rolls_left": cfg["rolls"] - f["roll_no"],
                        "need": cfg["target"] - sum(f["aside"]),
                        "roll_id": f.get("roll_id", 0), "steps": list(f["steps"][-12:])})
            if f["status"] == "choose":
                choices = self._choices()
                keep = tuple(sorted((f["roll"][i] for i in f["selected"]), reverse=True))
                best = choices[0][1]
                out["choices"] = [{"keep": list(k), "stop": len(k) == len(f["roll"]),
                                   "best": p == best, "selected": k == keep, **prob_dict(p)}
                                  for k, p in choices]
                out["best"] = list(choices[0][0])
                out["selection"] = {"keep": list(keep), **prob_dict(dict(choices)[keep])}
            else:
                out["total"] = f["total"]
        self.fight = out

    # --------------------------------------------------------------- display
    def static_html(self) -> str:
        cfg = self.config
        unit = "fight" if cfg["mode"] == "fight" else "roll"
        sub = (f"{MODE_NAMES[cfg['mode']]} · seed {self._seed} · "
               f"{self.trials:,} {unit}{'s' if self.trials != 1 else ''} so far")
        extra = ""
        if self.last.get("dice"):
            extra = ('<div>last roll: ' + "".join(die_svg_html(v, cfg["sides"])
                                                  for v in self.last["dice"]) + "</div>")
        return lab_html(f"Dice lab · {self.title}", sub, self.bars, self.counts, self.trials,
                        self.summary, extra)
