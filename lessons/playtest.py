"""Helpers for the playtest lessons (``notebooks/playtest/``): a designer's questions
answered from the playtest lab's tidy table (``deepwood_kernel.sim.run_experiment``).

Every simulated claim comes with a 95% interval; the tests are scipy's. The table has
one row per game and seat; most questions need one row per game (:func:`per_game`).
Printed tables stay under 90 characters a line.

>>> import pandas as pd
>>> df = pd.DataFrame({"variant": "r", "players": 2, "seed": [0, 0, 1, 1],
...                    "game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "score": [5, 3, 2, 4],
...                    "winner": [True, False, False, True], "winners": 1, "plies": 9})
>>> seat_wins(df)[["seat", "wins", "games"]].values.tolist()
[[0, 1, 2], [1, 1, 2]]
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as st

from .compare import wilson

KEYS = ["variant", "players", "lineup", "seed"]


def _keys(df) -> list[str]:
    return [k for k in KEYS if k in df.columns]


def per_game(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game: its keys, ``plies`` and game-level columns, the winning seat
    (``-1`` when the win is shared), the best score, ``sole`` (one winner) and, for a
    table with a ``status`` column, ``thief_lost`` (1 when anyone's status is "lost")."""
    keys = _keys(df)
    g = df.groupby(keys, sort=False)
    out = g.agg(plies=("plies", "first"), best=("score", "max"),
                winners=("winners", "first")).reset_index()
    sole = df[df["winner"] & (df["winners"] == 1)].set_index(keys)["seat"]
    out["winner_seat"] = out.set_index(keys).index.map(sole).fillna(-1).astype(int)
    out["sole"] = out["winners"] == 1
    for col in ("rounds", "turns", "rage_space"):
        if col in df.columns:
            out[col] = g[col].first().values
    if "status" in df.columns:
        # 1 when some player of the game was knocked out without rescue (Klong!'s "lost"):
        # a 0/1 column, so a paired difference of it is a difference of shares of games
        out["thief_lost"] = g["status"].agg(lambda s: float((s == "lost").any())).values
    return out


def seat_wins(df: pd.DataFrame) -> pd.DataFrame:
    """Wins by seat among the games with one winner (a shared win counts for nobody), with
    the share, its Wilson 95% interval and the fair share 1/players."""
    games = per_game(df)
    games = games[games["sole"]]
    rows = []
    by = [k for k in ("variant", "players") if k in games.columns]
    for key, part in games.groupby(by, sort=False):
        key = key if isinstance(key, tuple) else (key,)
        n = int(part["players"].iloc[0])
        for seat in range(n):
            wins = int((part["winner_seat"] == seat).sum())
            rows.append(dict(zip(by, key)) | {"seat": seat, "wins": wins,
                                              "games": len(part)})
    out = pd.DataFrame(rows)
    out["share"] = out["wins"] / out["games"]
    out["low"], out["high"] = wilson(out["wins"], out["games"])
    out["fair"] = 1 / out["players"]
    return out


def print_seat_table(df: pd.DataFrame) -> None:
    """The seat table, one line a seat: wins, share, 95% interval, fair share, and
    whether the interval contains the fair share."""
    t = seat_wins(df)
    for variant, part in t.groupby("variant", sort=False):
        if t["variant"].nunique() > 1:
            print(f"variant: {variant}")
        print(f"{'players':>7} {'seat':>4} {'wins':>11} {'share':>7}  {'95% interval':^18}"
              f" {'fair':>6}  fair inside?")
        for r in part.itertuples():
            inside = "yes" if r.low <= r.fair <= r.high else "NO"
            print(f"{r.players:>7} {r.seat:>4} {r.wins:>5} / {r.games:<5}{r.share:7.1%}  "
                  f"[{r.low:6.1%}, {r.high:6.1%}] {r.fair:6.1%}  {inside}")


def _p(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"= {p:.3f}"


def start_player_test(df: pd.DataFrame, players: int):
    """Exact binomial test: is the start player's (seat 0's) share of sole wins different
    from 1/players? Prints the counts, the p-value and what it means; returns scipy's
    result (``.pvalue``, ``.proportion_ci()``)."""
    t = seat_wins(df)
    row = t[(t["players"] == players) & (t["seat"] == 0)].iloc[0]
    res = st.binomtest(int(row.wins), int(row.games), 1 / players)
    verdict = ("so small that 'no seat advantage' is hard to believe (below 5%)"
               if res.pvalue < 0.05 else "not small: these games fit 'no seat advantage'")
    print(f"start player won {row.wins} of {row.games} games with one winner "
          f"({row.wins / row.games:.1%}; fair {1 / players:.1%})")
    print(f"binomial test p-value {_p(res.pvalue)}: {verdict}")
    return res


def seat_chisquare(df: pd.DataFrame, players: int):
    """Chi-square test over all seats at once: are the wins spread evenly? Prints and
    returns scipy's result."""
    t = seat_wins(df)
    obs = t[t["players"] == players]["wins"].to_numpy()
    res = st.chisquare(obs)
    print(f"wins by seat {obs.tolist()}, expected {obs.sum() / players:.1f} each: "
          f"chi-square = {res.statistic:.2f}, p-value {_p(res.pvalue)}")
    return res


def mean_interval(values, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean and its t interval (``confidence``, default 95%)."""
    x = np.asarray(values, dtype=float)
    m = float(x.mean())
    if len(x) < 2:
        return m, float("nan"), float("nan")
    half = float(st.t.ppf((1 + confidence) / 2, len(x) - 1) * st.sem(x))
    return m, m - half, m + half


def describe(df: pd.DataFrame, column: str, by: str = "variant") -> None:
    """Mean of ``column`` with its 95% interval, the median and the middle half, by
    ``by`` (per game for game-level columns such as ``plies``).

    For a per-player column such as ``score`` the median and the middle half describe
    the players' values, but the interval is the t interval of the **per-game means**:
    the players of one game share its dice and draws and compete for the same things,
    so their scores are not independent values, and an interval that treated them as
    such would be too wide or too narrow.
    """
    per_seat = column not in ("plies", "rounds", "turns", "rage_space", "best")
    src = df if per_seat else per_game(df)
    print(f"{by:<22} {'mean':>7}  {'95% interval':^17} {'median':>7} {'middle half':>13}")
    for key, part in src.groupby(by, sort=False):
        values = part.groupby(_keys(part))[column].mean() if per_seat else part[column]
        m, lo, hi = mean_interval(values)
        q1, q2, q3 = np.percentile(part[column], [25, 50, 75])
        print(f"{str(key):<22} {m:7.1f}  [{lo:6.1f}, {hi:6.1f}] {q2:7.1f} "
              f"{f'{q1:g}-{q3:g}':>13}")


def taken(df: pd.DataFrame, columns: dict[str, str], by: str = "variant") -> None:
    """In how many games was each thing taken by anyone: ``columns`` maps a label to a
    per-seat count column (``monster_26``) or, for a value column, ``"artifact==10"``.
    Prints the share of games with a Wilson 95% interval."""
    print(f"{'':<26} {'games':>11} {'share':>7}  {'95% interval':^17}")
    for key, part in df.groupby(by, sort=False):
        keys = _keys(part)
        n = part.groupby(keys).ngroups
        print(f"{by}: {key}")
        for label, col in columns.items():
            if "==" in col:
                name, value = col.split("==")
                hit = part[name] == type(part[name].iloc[0])(value)
            else:
                hit = part[col] > 0
            k = int(hit.groupby([part[c] for c in keys]).any().sum())
            lo, hi = wilson(k, n)
            print(f"  {label:<24} {k:>4} / {n:<4} {k / n:7.1%}  [{lo:6.1%}, {hi:6.1%}]")


def paired_difference(df: pd.DataFrame, a: str, b: str, value: str = "plies",
                      confidence: float = 0.95) -> tuple[float, float, float]:
    """Variant ``b`` minus variant ``a`` in ``value`` (a per-game column such as
    ``thief_lost``, or ``"start_won"``: 1 when seat 0 won alone), game by game on the same seeds, with the t interval of the
    mean difference. Prints one line and returns ``(difference, low, high)``."""
    g = per_game(df)
    g["start_won"] = (g["winner_seat"] == 0).astype(float)
    pa = g[g["variant"] == a].set_index("seed")[value]
    pb = g[g["variant"] == b].set_index("seed")[value]
    seeds = pa.index.intersection(pb.index)
    d, lo, hi = mean_interval(pb[seeds] - pa[seeds], confidence)
    print(f"{value}: {b!r} - {a!r} = {d:+.2f} per game, {confidence:.0%} interval "
          f"[{lo:+.2f}, {hi:+.2f}] over {len(seeds)} paired games")
    return d, lo, hi


def interval_verdict(low: float, high: float) -> str:
    """What a paired interval of ``b - a`` shows, in words a lesson can print.

    >>> interval_verdict(-0.04, 0.02)
    'contains 0: no difference shown'
    >>> interval_verdict(-1.1, -0.3), interval_verdict(0.1, 0.4)
    ('lies below 0: a decrease', 'lies above 0: an increase')
    """
    if low > 0:
        return "lies above 0: an increase"
    if high < 0:
        return "lies below 0: a decrease"
    return "contains 0: no difference shown"


def histogram(ax, df: pd.DataFrame, column: str, by: str = "variant", bins=20,
              per: str = "seat") -> None:
    """Overlaid step histograms of ``column`` (``per="game"`` for game-level columns), one
    per value of ``by``, as shares so unequal groups compare."""
    src = per_game(df) if per == "game" else df
    edges = np.histogram_bin_edges(src[column], bins=bins)
    for key, part in src.groupby(by, sort=False):
        w = np.full(len(part), 1 / len(part))
        ax.hist(part[column], bins=edges, weights=w, histtype="step", lw=1.6, label=str(key))
    ax.set_xlabel(column)
    ax.set_ylabel("share of " + ("games" if per == "game" else "players"))
    ax.legend(fontsize=8)


def seat_plot(ax, df: pd.DataFrame) -> None:
    """Each seat's share of sole wins with its 95% interval, and the fair share dashed."""
    t = seat_wins(df)
    x = np.arange(len(t))
    ax.errorbar(x, t["share"], yerr=[t["share"] - t["low"], t["high"] - t["share"]],
                fmt="o", capsize=4, color="#08519c")
    for n, part in t.groupby("players"):
        xs = x[t["players"] == n]
        ax.hlines(1 / n, xs.min() - 0.4, xs.max() + 0.4, colors="#d94801", linestyles="--")
    ax.set_xticks(x, [f"{p}p seat {s}" for p, s in zip(t["players"], t["seat"])])
    ax.set_ylabel("share of sole wins")
