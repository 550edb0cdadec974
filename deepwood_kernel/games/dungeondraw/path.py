"""The dungeon and the path: card placement (DD-4), path drawing (DD-5), the path solver.

A laid dungeon is a graph (:class:`Dungeon`): every card's nodes placed at absolute
half-cell coordinates, facing connectors of neighbouring cards merged into one node. The
path is drawn one step at a time (:func:`path_actions`, :func:`path_apply`): start at an
open connector on the rim, step to a neighbouring node along an unused corridor segment,
overcome obstacles with an item, a fairy tile or a spell book, use portals and stairs.
So the legal actions stay few (a node has at most four ways out), bots and random
playouts can draw paths, and a widget can click nodes.

This module is the face; the code lives beside it, one module per concern, each importing
only those listed before it (every name is importable from here, as it always was):

* ``placement.py`` — laying cards: nodes placed, connectors, the legal placements (DD-4);
* ``dungeon.py`` — the laid dungeon as a graph (:class:`Dungeon`, :func:`build_dungeon`);
* ``drawing.py`` — the path drawn step by step (:class:`PathState`, :func:`path_actions`,
  :func:`path_apply`; DD-5, DD-6, the spell books);
* ``solver.py`` — the best path (:func:`best_path`) and the layout advisor.

Readings (each in ``docs/rules/dungeondraw.md``):

* Corridor nodes, stairs and connectors are entered once ("eine Kreuzung zählt als
  Korridor"); a room is entered as often as unused segments (its distinct entry and exit
  points) lead into it. Each pass through a room (in by one doorway, out by another) is a
  line across it, and a later pass may not cross an earlier one: their doorways may not
  alternate around the room's rim ("kann sich nicht selbst kreuzen", DD-5.2; SB-8 allows
  it once). Segments of the two levels cross without meeting, so the path runs over and
  under itself there (DD-5.3).
* The path ends at an exit (an open connector on the rim, reached after the start) or at
  a dead end. Turning back into your own corridor is one of the rulebook's dead ends, so
  ``end`` is allowed at any time after the start; refusing to overcome an obstacle ends
  the path there too. With no way on, the path ends by itself. SB-13 is offered at an
  obstacle too (it is used "in der Phase 'Erkundung'", DD-10.13), so a path with the
  book ready never dies at an obstacle before the player chooses.
* Entering a room you must defeat all its monsters, one means each; only then are its
  items, portals and upgrades discovered, the room counted, and its monsters counted --
  all at once: a path that beats one of two monsters and ends in the room counts none
  ("Tu das nur, wenn du in diesem Raum alle Monster besiegt hast", DD-6.7). A trap pit in
  a room is walked around (and counted) unless you choose ``fall``.

>>> from .content import load_content
>>> c = load_content()
>>> d = build_dungeon(c, (("s1", 0, 0, 0), ("s6", 2, 0, 0)))
>>> sorted(d.open_starts())
['0.L1', '1.B1', '1.R1']
>>> best_path(d, "coin").value          # the lock hides the coin of Clay Hall
(1, 1, True)
>>> best = best_path(d, "coin", fairy={"key": 1})
>>> best.value, best.actions
((2, 2, True), ['start 0.L1', 'go 0.c01', 'go 0.c11', 'go 0.R1', 'go 1.c01', 'use fairy', 'go 1.c11', 'go 1.R1'])
"""

from __future__ import annotations

from .dungeon import (GOAL_OF, Dungeon, _CACHE, _TEMPLATES, _template,  # noqa: F401
                      build_dungeon)
from .drawing import (MEANS, PathState, _add, _arrive, _crosses, _discover,  # noqa: F401
                      _door_angle, _enterable, _fall_target, _favours, _go_targets,
                      _here_has, _means, _room_cleared, _specials, _travel_target, _use,
                      path_actions, path_apply)
from .placement import (_CELLS, _FIRST, _FLIP, _beyond, _card_beyond,  # noqa: F401
                        _card_edges, _card_edges_by, _connectors, _evict, _layout,
                        _options, _pairs, _placement, card_nodes, cells_of,
                        placement_ids, placement_options, placement_problem)
from .solver import (_JUMPS, Advice, Best, advise_layout, best_path,  # noqa: F401
                     path_value, time_solver)
