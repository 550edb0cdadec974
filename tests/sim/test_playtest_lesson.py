"""``lessons.playtest``: the numbers the playtest lessons print, checked on hand-made tables."""

from __future__ import annotations

import pytest

pd = pytest.importorskip("pandas")
from scipy import stats as st  # noqa: E402

from lessons import playtest as P  # noqa: E402
from lessons.compare import wilson  # noqa: E402


def table(winners_by_game, players=3, variant="A", scores=None, plies=None):
    """A lab table: game i won by ``winners_by_game[i]`` (a seat, or a tuple for a tie)."""
    rows = []
    for i, w in enumerate(winners_by_game):
        w = w if isinstance(w, tuple) else (w,)
        for seat in range(players):
            rows.append({"variant": variant, "players": players, "lineup": "h", "seed": i,
                         "game": i, "seat": seat, "score": (scores or {}).get((i, seat), 0),
                         "winner": seat in w, "winners": len(w),
                         "plies": (plies or {}).get(i, 100)})
    return pd.DataFrame(rows)


def test_seat_wins_counts_sole_wins_only_with_wilson_intervals():
    df = table([0, 0, 1, 2, (0, 1), 0])
    t = P.seat_wins(df)
    assert t["wins"].tolist() == [3, 1, 1] and set(t["games"]) == {5}
    lo, hi = wilson(3, 5)
    assert t.loc[0, "low"] == pytest.approx(float(lo)) and t.loc[0, "high"] == pytest.approx(float(hi))
    assert t["fair"].tolist() == [pytest.approx(1 / 3)] * 3


def test_start_player_test_is_scipys_exact_binomial_test(capsys):
    df = table([0] * 12 + [1] * 4 + [2] * 4)
    res = P.start_player_test(df, 3)
    assert res.pvalue == pytest.approx(st.binomtest(12, 20, 1 / 3).pvalue)
    assert "won 12 of 20" in capsys.readouterr().out
    res = P.seat_chisquare(df, 3)
    assert res.pvalue == pytest.approx(st.chisquare([12, 4, 4]).pvalue)


def test_paired_difference_pairs_games_by_seed(capsys):
    a = table([0, 1, 2, 0], plies={0: 100, 1: 110, 2: 90, 3: 100})
    b = table([0, 1, 2, 1], variant="B", plies={0: 104, 1: 112, 2: 95, 3: 101})
    d, lo, hi = P.paired_difference(pd.concat([a, b]), "A", "B", "plies")
    diffs = [4, 2, 5, 1]
    assert d == pytest.approx(3)
    half = st.t.ppf(0.975, 3) * st.sem(diffs)
    assert (lo, hi) == (pytest.approx(3 - half), pytest.approx(3 + half))
    d, _, _ = P.paired_difference(pd.concat([a, b]), "A", "B", "start_won")
    assert d == pytest.approx(-0.25)                 # seat 0 lost game 3's win


def test_paired_difference_of_a_thief_lost_is_a_difference_of_shares(capsys):
    # issue 24 (reading dwpt, playtest 2): "more thieves lost?" needs the paired interval
    a = table([0, 1, 2, 0])
    b = table([0, 1, 2, 0], variant="B")
    a["status"], b["status"] = "escaped", "escaped"
    a.loc[(a["seed"] == 0) & (a["seat"] == 2), "status"] = "lost"   # A: games 0, 1 lose one
    a.loc[(a["seed"] == 1) & (a["seat"] == 0), "status"] = "lost"
    b.loc[(b["seed"] == 1) & (b["seat"] == 1), "status"] = "lost"   # B: game 1 only
    b.loc[(b["seed"] == 1) & (b["seat"] == 2), "status"] = "lost"
    assert P.per_game(a)["thief_lost"].tolist() == [1, 1, 0, 0]
    d, lo, hi = P.paired_difference(pd.concat([a, b]), "A", "B", "thief_lost")
    assert d == pytest.approx(-0.25)                 # 1 of 4 games lost nobody under B
    half = st.t.ppf(0.975, 3) * st.sem([-1, 0, 0, 0])
    assert (lo, hi) == (pytest.approx(-0.25 - half), pytest.approx(-0.25 + half))


def test_taken_counts_games_where_anyone_took_it(capsys):
    df = table([0, 1, 2, 0])
    df["monster_26"] = 0
    df.loc[(df["seed"] == 2) & (df["seat"] == 1), "monster_26"] = 1
    df["artifact"] = 5
    df.loc[df["seed"] == 3, "artifact"] = 10
    P.taken(df, {"strength 26": "monster_26", "artifact 10": "artifact==10"})
    out = capsys.readouterr().out
    assert "1 / 4" in out and "25.0%" in out


def test_mean_interval_is_the_t_interval():
    m, lo, hi = P.mean_interval([1, 2, 3, 4])
    half = st.t.ppf(0.975, 3) * st.sem([1, 2, 3, 4])
    assert (m, lo, hi) == (2.5, pytest.approx(2.5 - half), pytest.approx(2.5 + half))


def test_describe_takes_a_score_interval_over_per_game_means(capsys):
    # Two players whose scores always add to 40: each game's mean is 20 exactly, so the
    # mean score is certain, while the single scores spread widely. An interval that
    # treated the 2 x 8 scores as independent values would be several points wide.
    scores = {}
    for i, x in enumerate([5, 35, 12, 28, 0, 40, 17, 23]):
        scores[(i, 0)], scores[(i, 1)] = x, 40 - x
    df = table([0] * 8, players=2, scores=scores)
    P.describe(df, "score")
    row = capsys.readouterr().out.splitlines()[1].split()
    assert row[:5] == ["A", "20.0", "[", "20.0,", "20.0]"]
    mean, low, high = P.mean_interval(df.groupby("game")["score"].mean())
    assert (mean, low, high) == pytest.approx((20, 20, 20))
