"""Golden playthrough of Clank! (see ``tests/golden.py``): every state's legal actions and
chance outcomes — card draws, row refills, every cube from the dragon bag — of one seeded
3-player game between heuristic bots, line by line (CL-2, CL-8, CL-10, CL-11).

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/clank/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "clank_3p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("clank", 3, 7, "Klong! (Clank!)"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "clank", 3, 7)
