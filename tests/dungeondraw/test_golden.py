"""Golden playthrough of Dungeon Draw (see ``tests/golden.py``): every state's legal
actions and chance outcomes -- spell books, dungeon cards, goal cards, every card drawn --
of one seeded 3-player game between heuristic bots, line by line (DD-2, DD-3, DD-5, DD-7,
DD-9).

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/dungeondraw/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "dungeondraw_3p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("dungeondraw", 3, 7, "Dungeon Draw"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "dungeondraw", 3, 7)
