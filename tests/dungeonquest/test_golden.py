"""Golden playthrough of DungeonQuest (see ``tests/golden.py``): every state's legal
actions and chance outcomes — tiles, cards, 2d6 tests, the sun die, the monster's cards —
of one seeded 3-player game between heuristic bots, line by line (DQ-2, DQ-3, DQ-6, DQ-7,
DQ-9, DQ-11).

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/dungeonquest/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "dungeonquest_3p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("dungeonquest", 3, 7, "DungeonQuest"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "dungeonquest", 3, 7)
