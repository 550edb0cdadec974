"""Golden playthrough of Adventure Land (see ``tests/golden.py``): every state's legal
actions and chance outcomes — every terrain card, creature, face-down herb and sword, every
die of every fight — of one seeded 3-player game of *The Fellowship* between heuristic
bots, line by line (AL-2, AL-3, AL-4, AL-5, AL-8.1).

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/adventureland/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "adventureland_3p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("adventureland", 3, 7, "Adventure Land"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "adventureland", 3, 7)
