"""Golden playthrough of Pig (see ``tests/golden.py``): every state's legal actions and the
die's outcomes with their exact probabilities, of one seeded 2-player game between two
"hold at 20" bots, line by line (PIG-2, PIG-3, PIG-4).

Regenerate after an intended rules change with
``DEEPWOOD_REGEN_GOLDEN=1 pytest tests/pig/test_golden.py`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden import check_golden, check_replay, playthrough

GOLDEN = Path(__file__).with_name("golden") / "pig_2p_seed7.txt"


def test_golden_playthrough_matches():
    check_golden(GOLDEN, playthrough("pig", 2, 7, "Pig"))


def test_golden_game_replays_from_its_save():
    check_replay(GOLDEN, "pig", 2, 7)
