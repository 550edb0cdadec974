"""Golden playthrough of Deep Wood (see ``tests/golden.py``): every state's legal actions
and chance outcomes of one seeded 2-player game between heuristic bots, line by line.

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/deepwood/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "deepwood_2p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("deepwood", 2, 7, "Durch den tiefen Wald"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "deepwood", 2, 7)
