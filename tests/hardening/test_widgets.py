"""Issue 23 §5: hostile messages and trait values against every board (seeded, bounded).

Every board gets random requests through ``receive`` and random trait values (from Python
and from the browser); only clear refusals may happen, and a refused input leaves the game
unchanged. Run with ``-s`` to see the tried/refused/escaped line per board.
"""

from __future__ import annotations

import pytest

from tests.widgets.widget_helpers import BOARD_CLASSES as BOARDS

from .widget_fuzz import fuzz_messages, fuzz_traits

# what is fuzzed -> (the fuzzer, its seconds, the least share of the tries refused)
FUZZ = {"messages": (fuzz_messages, 3.0, 4), "traits": (fuzz_traits, 2.0, 3)}


def maker(key):
    return lambda: BOARDS[key](players=2, seed=11, bots=[1], seat=0, bot_delay=0)


@pytest.mark.parametrize("key", sorted(BOARDS))
@pytest.mark.parametrize("what", sorted(FUZZ))
def test_hostile_input_is_refused_clearly_and_changes_nothing(what, key):
    """Random ``receive`` messages (``messages``) and random trait values from Python and
    from the browser (``traits``): nothing escapes, and enough is refused."""
    fuzz, seconds, share = FUZZ[what]
    tried, refused, escaped = fuzz(maker(key), seed=23, seconds=seconds)
    print(f"\n{what} {key}: tried {tried}, refused {refused}, escaped {escaped}")
    assert escaped == 0
    assert tried >= 100 and refused >= tried // share
