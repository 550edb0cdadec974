"""lessons.progress: check() keeps the student's record in the Jupyter data directory,
never breaks when it cannot, and the table and plot read it back."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from lessons import check
from lessons import progress
from lessons.exercises import all_exercises


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    return tmp_path


def lines(data_dir):
    path = data_dir / "deepwood" / "attempts.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def test_check_records_right_and_wrong_but_not_unanswered(data_dir, capsys):
    check("lab1-ex1", ...)
    assert lines(data_dir) == []
    key = all_exercises()["lab1-ex1"]
    check("lab1-ex1", key.a_wrong_answer())
    check("lab1-ex1", key.answer)
    got = lines(data_dir)
    assert [(r["exercise"], r["verdict"]) for r in got] == [("lab1-ex1", "wrong"),
                                                           ("lab1-ex1", "right")]
    assert all(datetime.fromisoformat(r["time"]).tzinfo for r in got)
    assert progress.attempts_file() == data_dir / "deepwood" / "attempts.jsonl"


def test_an_unwritable_data_dir_does_not_break_check(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(blocker))
    check("lab1-ex1", all_exercises()["lab1-ex1"].answer)
    assert "lab1-ex1: right" in capsys.readouterr().out
    assert progress.record("lab1-ex1", "right") is False


def test_the_tests_never_write_into_the_real_home():
    import os
    from jupyter_core.paths import jupyter_data_dir
    assert jupyter_data_dir() == os.environ["DEEPWOOD_TEST_DATA_DIR"]   # tests/conftest.py


def test_table_counts_attempted_right_and_last_verdict(data_dir):
    t = lambda s: datetime.fromisoformat(s).replace(tzinfo=timezone.utc)
    progress.record("lab1-ex1", "wrong", t("2026-01-01T10:00:00"))
    progress.record("lab1-ex1", "right", t("2026-01-01T10:01:00"))
    (data_dir / "deepwood" / "attempts.jsonl").open("a").write("{torn line\n")
    lesson = all_exercises()["lab1-ex1"].lesson
    in_lesson = [e for e in all_exercises().values() if e.lesson == lesson]
    progress.record(in_lesson[-1].id, "wrong", t("2026-01-01T10:02:00"))
    rows = {(p.series, p.lesson): p for p in progress.table()}
    row = rows[("probability", lesson)]
    assert row.exercises == len(in_lesson)
    assert row.attempted == (1 if len(in_lesson) == 1 else 2)
    assert row.right == 1
    assert row.last == "wrong"
    assert sum(p.attempted for p in rows.values()) == row.attempted
    assert {s for s, _ in rows} == {e.series for e in all_exercises().values()}


def test_cli_prints_the_table_and_draws_the_plot(data_dir, tmp_path, capsys):
    progress.record("lab1-ex1", "right")
    png = tmp_path / "me.png"
    assert progress.main(["--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "probability: 1 of" in out and "attempted" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
