"""``DiceLab``: the teachers' dice probability lab (anywidget).

Python holds the truth: the seeded random generator
(``numpy.random.Generator(PCG64(seed))``), the tallies and the exact distribution from
:mod:`deepwood_kernel.prob`. What it shares with ``BagLab`` (the base class, the static
histogram and table, numbers as text) lives in :mod:`widgets.labs.common`. The browser (``labs/dice.js``) only draws the synced traits
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

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import traitlets as t

from deepwood_kernel.prob import (
    KeepAsideSolver,
    keep_highest,
    roll_under,
    roll_under_chance,
    simulate_keep_aside,
    sum_of,
)

from ..shell import fraction_text, prob_dict
from .common import (HERE, MAX_ROLL, MAX_SEED, ProbabilityLab, _int, _seed,  # noqa: F401
                     frac_text, lab_html, lab_module, observed_mean_text, observed_text)

__all__ = ["DiceLab", "ProbabilityLab"]

MODES = ("sum", "keep", "under", "fight")
SIDES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 8
MAX_FIGHT_ROLLS = 5
# the keep-aside solver is asked only where it answers in well under a second
MAX_FIGHT_MULTISETS = 20_000
_CHUNK = 100_000              # rows of dice rolled per numpy call (fixed: reproducibility)

MODE_NAMES = {"sum": "sum of the dice", "keep": "keep the highest",
              "under": "roll-under test with tokens", "fight": "keep-aside fight"}


@lru_cache(maxsize=16)
def fight_solver(sides: int, dice: int) -> KeepAsideSolver:
    """One cached keep-aside solver per (sides, dice); it caches its own tables."""
    return KeepAsideSolver(sides=sides, rolls=3, max_dice=dice)


def die_svg_html(face: int, sides: int, size: int = 22) -> str:
    """A small static die (the static HTML fallback): a rounded square with the number."""
    return (f'<span style="display:inline-block;width:{size}px;height:{size}px;'
            f'line-height:{size}px;text-align:center;border:1px solid #555;border-radius:4px;'
            f'background:#fffdf5;margin:1px;font-weight:bold">{face}</span>')




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
