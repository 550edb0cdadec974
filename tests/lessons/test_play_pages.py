"""lessons.play (the pages of make play): seat privacy and no tracebacks, without a browser."""

from __future__ import annotations

import pytest

from lessons import play


@pytest.mark.parametrize("key", sorted(play.GAMES))
def test_a_seat_sees_only_its_own_hand_and_the_spectator_is_explicit(key):
    board = play.build_board(key, 1)
    assert board.seat == 1 and set(board.bots) == {0}
    watcher = play.build_board(key, play.SPECTATOR)
    assert watcher.seat is None and not set(watcher.bots)
    labels = [label for label, _ in play.seat_options(2)]
    assert labels[-1].startswith("Spectator") and "every hand" in labels[-1]
    assert [v for _, v in play.seat_options(2)] == [0, 1, play.SPECTATOR]


@pytest.mark.parametrize("key", sorted(play.GAMES))
def test_the_page_names_every_lesson_of_its_game(key):
    text = play.intro(key)
    lessons = play.lessons_of(key)
    assert lessons and all(f"notebooks/{path}" in text for path, _ in lessons)
    assert f"docs/rules/{key}.md" in text


def test_a_failing_board_is_a_sentence_not_a_traceback(monkeypatch, capsys):
    def broken(*a, **k):
        raise RuntimeError("no table today")
    monkeypatch.setattr(play, "intro", broken)
    play.page("deepwood")
    out = capsys.readouterr().out
    assert "could not be shown: RuntimeError: no table today" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("key", sorted(play.GAMES))
def test_every_lesson_and_the_rules_are_links_to_files_that_exist(key):
    import re

    targets = re.findall(r"\]\((\S+?)\)", play.intro(key))
    lessons = [f"{play.GITHUB}notebooks/{path}" for path, _ in play.lessons_of(key)]
    assert targets[0] == f"{play.GITHUB}docs/rules/{key}.md"
    assert targets[1:-1] == lessons and targets[-1] == "./index.ipynb"
    root = play.NOTEBOOKS.parent
    assert all((root / t.removeprefix(play.GITHUB)).is_file() for t in targets[:-1])
