"""``BagLab``: draw cubes from a bag and compare the tallies with the exact answer.

The default bag is Clank!'s dragon bag as the probability toolkit uses it
(:data:`deepwood_kernel.prob.DRAGON_BAG`): 24 black cubes (misses) and 4 cubes of each of
three player colours. One *trial* draws ``draw`` cubes from the full bag, without
replacement (as in the game) or, for teaching, with each cube put back before the next.

Python holds the truth (the seeded generator, the tallies, the exact distributions);
``labs/bag.js`` draws the synced traits and sends messages, handled by :meth:`BagLab.receive`:

``{"type": "draw", "n": 100}``                        n trials of ``draw`` cubes each
``{"type": "configure", "bag": {...}, "draw": 4, "replace": false}``   any of the three;
                                                       a changed question clears the tallies
``{"type": "reset", "seed": 3}``                      clear the tallies, restart the generator

Shown exactly and as tallies: how many coloured (non-``miss``) cubes a trial draws
(``bars``/``counts``), and per colour the number of its cubes drawn and the chance it is hit
at least once (``colours``).

>>> lab = BagLab(seed=2)
>>> lab
BagLab(bag={'black': 24, 'blue': 4, 'green': 4, 'red': 4}, draw=3, replace=False, seed=2, trials=0)
>>> lab.colours[2]["colour"], lab.colours[2]["any"]["p_text"]
('red', '109/357 ≈ 30.5%')
>>> lab.draw(1000); lab.trials
1000
"""

from __future__ import annotations

import html
import re

import numpy as np
import traitlets as t

from deepwood_kernel.prob import DRAGON_BAG, Dist, colour_marginal, with_replacement

from ..shell import fraction_text, prob_dict
from .common import (HERE, MAX_ROLL, ProbabilityLab, _int, _seed, frac_text, lab_html,
                     lab_module, observed_mean_text, observed_text)

__all__ = ["BagLab"]

MAX_COLOURS = 8
MAX_PER_COLOUR = 99
MAX_TOTAL = 300
MAX_DRAW = 40
_CHUNK_CELLS = 2_000_000      # random numbers per numpy call (fixed: reproducibility)
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9 _-]{0,19}$")

#: screen colours for common cube names; other names take the next spare colour
SWATCHES = {"black": "#2d2d2d", "blue": "#2f6fd0", "green": "#2f9e44", "red": "#d63a3a",
            "yellow": "#f2c53d", "white": "#f4f4f4", "purple": "#8e44ad", "orange": "#f08c2e",
            "pink": "#e86aa6", "brown": "#8b5a2b", "grey": "#9aa0a6", "gray": "#9aa0a6"}
SPARE = ["#17a2b8", "#6f42c1", "#e83e8c", "#20c997", "#fd7e14", "#6c757d", "#795548",
         "#3f51b5"]


def _marginal(total: int, marked: int, k: int, replace: bool) -> Dist:
    """How many of ``marked`` special cubes among ``total`` turn up in k draws."""
    bag = {"a": marked, "b": total - marked}
    if not replace:
        return colour_marginal(bag, k, "a")
    return with_replacement(bag, k).map(lambda o: o[0][1])


class BagLab(ProbabilityLab):
    """Draw cubes from a bag, once or many times; exact answers beside the tallies.

    ``BagLab(bag=None, draw=3, *, replace=False, miss="black", hits=None, seed=0)``:
    ``bag`` maps colour names to cube counts (default: the dragon bag); ``miss`` names the
    colour that counts as a miss (black dragon cubes); ``hits`` names everything else in
    the labels ("coloured cubes", or "hits" when ``miss`` is not black; a deck might say
    "boot cards"). A bad argument raises ``ValueError``.

    Synced traits: ``bag`` (``[{colour, count, swatch, miss}]`` in sorted colour order),
    ``config`` (``draw``, ``replace``, ``total``, ``miss``), ``bars``/``counts``/``trials``
    (coloured cubes per trial: exact and observed), ``colours`` (per hit colour: exact and
    observed hits, hit at least once), ``last`` (the latest trial's cubes, in the order
    drawn), ``summary``, ``message``.
    """

    _esm = lab_module("bag.js")
    _css = HERE / "labs.css"

    bag = t.List().tag(sync=True)
    config = t.Dict().tag(sync=True)
    bars = t.List().tag(sync=True)
    counts = t.List().tag(sync=True)
    colours = t.List().tag(sync=True)

    def __init__(self, bag: dict | None = None, draw: int = 3, *, replace: bool = False,
                 miss: str = "black", hits: str | None = None, seed: int = 0, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(miss, str):
            raise ValueError(f"miss must be a colour name, got {miss!r}")
        if hits is not None and not isinstance(hits, str):
            raise ValueError(f"hits must be a name like 'boot cards', got {hits!r}")
        self._miss = miss
        self._hits_name = hits or ("coloured cubes" if miss == "black" else "hits")
        self._draw_id = 0
        bag = dict(DRAGON_BAG) if bag is None else bag
        cfg = self._merge({"bag": {"black": 1}, "draw": 1, "replace": False},
                          {"bag": bag, "draw": draw, "replace": replace})
        self._seed_rng(_seed(seed))
        self._apply_config(cfg)

    # --------------------------------------------------------------- python API
    def draw(self, n: int = 1) -> None:
        """Run ``n`` trials (each draws ``config["draw"]`` cubes from the full bag)."""
        self.receive({"type": "draw", "n": n})

    def configure(self, **changes) -> None:
        """Change ``bag``, ``draw`` or ``replace``; a bad change sets ``message``."""
        self.receive({"type": "configure", **changes})

    def reset(self, seed: int | None = None) -> None:
        self.receive({"type": "reset", **({} if seed is None else {"seed": seed})})

    @property
    def contents(self) -> dict[str, int]:
        """The bag as ``{colour: count}``."""
        return dict(self._bag)

    @property
    def exact(self) -> dict:
        """Exact distribution of coloured cubes per trial: ``{hits: Fraction}``."""
        return dict(self._exact.items())

    def __repr__(self) -> str:
        return (f"BagLab(bag={self._bag!r}, draw={self._cfg['draw']}, "
                f"replace={self._cfg['replace']}, seed={self._seed}, trials={self.trials})")

    # --------------------------------------------------------------- configuration
    def _merge(self, old: dict, ask: dict) -> dict:
        known = {"bag", "draw", "replace"}
        unknown = sorted(set(ask) - known)
        if unknown:
            raise ValueError(f"unknown setting(s) {', '.join(map(repr, unknown))}; "
                             f"settings are bag, draw, replace")
        cfg = dict(old)
        if "bag" in ask:
            bag = ask["bag"]
            if not isinstance(bag, dict) or not bag:
                raise ValueError("bag must be a dict of colour -> number of cubes, like "
                                 "{'black': 24, 'red': 4}")
            if len(bag) > MAX_COLOURS:
                raise ValueError(f"a bag holds at most {MAX_COLOURS} colours, got {len(bag)}")
            checked = {}
            for name, n in bag.items():
                if not isinstance(name, str) or not _NAME.match(name):
                    raise ValueError(f"colour names are short words (letters first), "
                                     f"got {name!r}")
                checked[name] = _int(f"cubes of {name}", n, 0, MAX_PER_COLOUR)
            total = sum(checked.values())
            if not 1 <= total <= MAX_TOTAL:
                raise ValueError(f"the bag must hold 1..{MAX_TOTAL} cubes, got {total}")
            cfg["bag"] = {c: checked[c] for c in sorted(checked)}
        replace = ask.get("replace", old["replace"])
        if not isinstance(replace, bool):
            raise ValueError(f"replace must be true or false, got {replace!r}")
        cfg["replace"] = replace
        total = sum(cfg["bag"].values())
        hi = MAX_DRAW if replace else min(MAX_DRAW, total)
        draw = ask.get("draw", old["draw"])
        if not replace and isinstance(draw, int) and not isinstance(draw, bool) \
                and total < draw <= MAX_DRAW:
            raise ValueError(f"cannot draw {draw} cubes from a bag of {total} without "
                             "replacement")
        why = "" if replace or hi == MAX_DRAW else f"; without replacement at most the {total} cubes in the bag"
        try:
            cfg["draw"] = _int("cubes per draw", draw, 1, hi)
        except ValueError as e:
            raise ValueError(f"{e} (the limit is {MAX_DRAW}{why})") from None
        return cfg

    def _apply_config(self, cfg: dict) -> None:
        self._cfg = cfg
        self._bag = dict(cfg["bag"])
        names = list(self._bag)
        total = sum(self._bag.values())
        k, replace = cfg["draw"], cfg["replace"]
        self._names = names
        self._labels = np.repeat(np.arange(len(names)), [self._bag[c] for c in names])
        self._hit = np.array([c != self._miss for c in names])
        hits_total = int(sum(n for c, n in self._bag.items() if c != self._miss))
        self._exact = _marginal(total, hits_total, k, replace)
        self._xs = np.array(self._exact.outcomes, dtype=np.int64)
        self._counts = np.zeros(len(self._xs), dtype=np.int64)
        spare = iter(SPARE)
        swatch = {c: SWATCHES.get(c.lower()) or next(spare) for c in names}
        self._swatch = swatch
        self._per = []          # per hit colour: exact marginal, outcome array, counts
        for c in names:
            if c == self._miss:
                continue
            d = _marginal(total, self._bag[c], k, replace)
            self._per.append({"colour": c, "dist": d,
                              "xs": np.array(d.outcomes, dtype=np.int64),
                              "counts": np.zeros(len(d), dtype=np.int64), "any": 0})
        self.bag = [{"colour": c, "count": self._bag[c], "swatch": swatch[c],
                     "miss": c == self._miss} for c in names]
        self.config = {"draw": k, "replace": replace, "total": total, "miss": self._miss,
                       "hits_total": hits_total, "hits_name": self._hits_name}
        self.bars = [{"x": int(x), "label": str(x), "zone": "", **prob_dict(p)}
                     for x, p in self._exact.items()]
        self.title = self._title()
        self.last = {}
        self._publish()

    def _title(self) -> str:
        k, total = self._cfg["draw"], sum(self._bag.values())
        how = "with replacement" if self._cfg["replace"] else "without replacement"
        parts = ", ".join(f"{n} {c}" for c, n in self._bag.items())
        return f"Draw {k} of {total} cubes ({parts}), {how}"

    # --------------------------------------------------------------- messages
    def handlers(self) -> dict:
        return {"draw": self._msg_draw, "configure": self._msg_configure,
                "reset": self._msg_reset}

    def _msg_configure(self, content: dict) -> str:
        ask = {k: v for k, v in content.items() if k != "type"}
        cfg = self._merge(self._cfg, ask)
        if cfg != self._cfg:
            self._apply_config(cfg)
        return ""

    def _msg_reset(self, content: dict) -> str:
        seed = _seed(content["seed"]) if content.get("seed") is not None else self._seed
        self._seed_rng(seed)
        self._apply_config(dict(self._cfg))
        return ""

    def _msg_draw(self, content: dict) -> str:
        n = _int("n (trials)", content.get("n", 1), 1, MAX_ROLL)
        k, replace = self._cfg["draw"], self._cfg["replace"]
        total = len(self._labels)
        per_row = total if not replace else k
        rows = max(1, _CHUNK_CELLS // per_row)
        done = 0
        last = None
        ncol = len(self._names)
        while done < n:
            m = min(rows, n - done)
            if replace:
                picks = self._rng.integers(0, total, size=(m, k))
            else:
                picks = np.argsort(self._rng.random((m, total)), axis=1)[:, :k]
            drawn = self._labels[picks]                      # (m, k) colour indices
            per = np.stack([(drawn == j).sum(axis=1) for j in range(ncol)], axis=1)
            hits = per[:, self._hit].sum(axis=1)
            self._counts += np.bincount(np.searchsorted(self._xs, hits),
                                        minlength=len(self._xs))
            j = 0
            for ci, c in enumerate(self._names):
                if c == self._miss:
                    continue
                info = self._per[j]
                col = per[:, ci]
                info["counts"] += np.bincount(np.searchsorted(info["xs"], col),
                                              minlength=len(info["xs"]))
                info["any"] += int(np.count_nonzero(col))
                j += 1
            last = drawn[-1]
            done += m
        cubes = [self._names[int(i)] for i in last]
        got = sum(1 for c in cubes if c != self._miss)
        head = f"{n:,} trials; the last: " if n > 1 else ""
        self._draw_id += 1
        self.last = {"id": self._draw_id, "n": n,
                     "cubes": [{"colour": c, "swatch": self._swatch[c],
                                "miss": c == self._miss} for c in cubes],
                     "hits": got,
                     "text": f"{head}{got} coloured cube{'s' if got != 1 else ''}"}
        self._publish()
        return ""

    # --------------------------------------------------------------- traits
    def _publish(self) -> None:
        n = int(self._counts.sum())
        self.counts = [int(c) for c in self._counts]
        self.trials = n
        colours = []
        for info in self._per:
            d = info["dist"]
            p_any = 1 - d.pmf(0)
            colours.append({
                "colour": info["colour"], "swatch": self._swatch[info["colour"]],
                "cubes": self._bag[info["colour"]],
                "any": prob_dict(p_any), "any_count": info["any"],
                "any_observed": observed_text(info["any"], n),
                "mean": frac_text(d.mean()),
                "mean_observed": observed_mean_text(info["xs"], info["counts"], n),
                "bars": [{"x": int(x), "label": str(x), **prob_dict(p)} for x, p in d.items()],
                "counts": [int(c) for c in info["counts"]],
            })
        self.colours = colours
        k = self._cfg["draw"]
        name = self._hits_name
        rows = [{"label": f"{name} per draw of {k}, on average",
                 "exact": frac_text(self._exact.mean()),
                 "observed": observed_mean_text(self._xs, self._counts, n)},
                {"label": f"draws without any {name}",
                 "exact": fraction_text(self._exact.pmf(0)),
                 "observed": observed_text(int(self._counts[self._xs == 0].sum()), n)}]
        for c in colours:
            rows.append({"label": f"{c['colour']}: at least one drawn",
                         "exact": c["any"]["p_text"], "observed": c["any_observed"]})
        self.summary = rows

    # --------------------------------------------------------------- display
    def static_html(self) -> str:
        how = "with replacement" if self._cfg["replace"] else "without replacement"
        sub = (f"{self._hits_name} per draw · {how} · seed {self._seed} · "
               f"{self.trials:,} trial{'s' if self.trials != 1 else ''} so far")
        cubes = "".join(
            f'<span title="{html.escape(c)}: {n}" style="display:inline-block;margin-right:8px">'
            f'<span style="display:inline-block;width:11px;height:11px;border:1px solid #333;'
            f'background:{self._swatch[c]}"></span> {n} {html.escape(c)}</span>'
            for c, n in self._bag.items())
        return lab_html(f"Bag lab · {self.title}", sub, self.bars, self.counts, self.trials,
                        self.summary, f"<div>{cubes}</div>", head=self._hits_name)

