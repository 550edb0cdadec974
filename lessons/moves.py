"""Playing a scripted position in a lesson cell."""

from __future__ import annotations


def play(g, *ids):
    """Apply action ids (and forced chance outcomes) in order; return the game.

    >>> import deepwood_kernel as dk
    >>> g = play(dk.new_game("deepwood", players=2, seed=0))
    >>> len(g.history)
    0
    """
    for i in ids:
        g.apply(i)
    return g
