"""Issue 23 §5: hostile messages and trait values against every board (seeded, bounded).

Every board gets random requests through ``receive`` and random trait values (from Python
and from the browser); only clear refusals may happen, and a refused input leaves the game
unchanged. Run with ``-s`` to see the tried/refused/escaped line per board.
"""

from __future__ import annotations

import pytest

from widgets import (AdventureLandBoard, ClankBoard, DeepWoodBoard, DungeonDrawBoard,
                     DungeonQuestBoard, PigBoard)

from .widget_fuzz import fuzz_messages, fuzz_traits

BOARDS = {"deepwood": DeepWoodBoard, "clank": ClankBoard, "dungeonquest": DungeonQuestBoard,
          "adventureland": AdventureLandBoard, "dungeondraw": DungeonDrawBoard,
          "pig": PigBoard}


def maker(key):
    return lambda: BOARDS[key](players=2, seed=11, bots=[1], seat=0, bot_delay=0)


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_hostile_messages_are_refused_clearly_and_change_nothing(key):
    tried, refused, escaped = fuzz_messages(maker(key), seed=23, seconds=3.0)
    print(f"\nmessages {key}: tried {tried}, refused {refused}, escaped {escaped}")
    assert escaped == 0
    assert tried >= 100 and refused >= tried // 4


@pytest.mark.parametrize("key", sorted(BOARDS))
def test_hostile_trait_values_are_refused_clearly_and_change_nothing(key):
    tried, refused, escaped = fuzz_traits(maker(key), seed=23, seconds=2.0)
    print(f"\ntraits {key}: tried {tried}, refused {refused}, escaped {escaped}")
    assert escaped == 0
    assert tried >= 100 and refused >= tried // 3
