"""Scripted *DungeonQuest* positions for the lessons: a solo hero in a tower room with the
set-up forced (so a lesson knows what it shows), and printing what can happen next.
:mod:`lessons.dungeonquest` re-exports them (the notebooks import them from there).

>>> g = solo_game()
>>> g.state.phase, g.legal_action_ids()
('action', ['move b1', 'move a2'])
"""

from __future__ import annotations

import deepwood_kernel as dk

from .compare import frac
from .moves import play

def solo_game(hero="brannoc", tower="a1", rune="rune_mending", monster="equilibrium", seed=0):
    """A one-player game at the first action phase, the set-up forced: the start-player
    die shows 6, ``rune`` is dealt, ``hero`` chosen and placed in ``tower``; the sun has
    moved to space 2. ``monster`` is the policy that plays the monster's combat card."""
    g = dk.new_game("dungeonquest", players=1, seed=seed, options={"monster": monster})
    return play(g, "die 6", f"card {rune}", f"hero {hero}", f"tower {tower}")


def show_actions(g):
    """Print the legal actions of the player to move: id and label."""
    for a in g.legal_actions():
        print(f"{a.id:18} {a.label}")


def show_chances(g, rows=None):
    """Print the pending chance event's outcomes with their exact probabilities."""
    outs = g.chance_outcomes()
    for a, p in outs[:rows]:
        print(f"{a.id:24} {frac(p):>7} = {float(p):6.2%}  {a.label}")
    if rows is not None and len(outs) > rows:
        print(f"... and {len(outs) - rows} more outcomes")


def last_log(g, n=6):
    """Print the last ``n`` lines of the game's log."""
    print("\n".join(g.log[-n:]))
