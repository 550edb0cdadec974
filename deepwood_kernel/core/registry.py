"""The games Deepwood knows: ``GAMES`` maps a key to its :class:`GameInfo`.

Game packages register themselves lazily (imported on first use), so ``core`` imports no
game and a broken game cannot stop the others from loading.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from .rules import GameInfo, Rules

# key -> module that defines RULES (a Rules instance) and INFO
_MODULES = {
    "deepwood": "deepwood_kernel.games.deepwood",
    "clank": "deepwood_kernel.games.clank",
    "dungeondraw": "deepwood_kernel.games.dungeondraw",
    "adventureland": "deepwood_kernel.games.adventureland",
    "dungeonquest": "deepwood_kernel.games.dungeonquest",
    "pig": "deepwood_kernel.games.pig",         # the smallest game: docs/adding-a-game.md
}


class _Registry(Mapping):
    """A read-only mapping key -> GameInfo that imports each game on first access."""

    def __getitem__(self, key: str) -> GameInfo:
        return rules_for(key).info

    def __iter__(self):
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)

    def __repr__(self) -> str:
        return "GAMES(" + ", ".join(
            f"{k!r}: {self[k].title!r}" for k in _MODULES) + ")"


GAMES = _Registry()


def rules_for(key: str) -> Rules:
    if not isinstance(key, str) or key not in _MODULES:
        raise ValueError(f"unknown game {key!r}; known games: {sorted(_MODULES)}")
    return importlib.import_module(_MODULES[key]).RULES
