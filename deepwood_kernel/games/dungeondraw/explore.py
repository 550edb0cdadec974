"""The exploration ("Erkundung", DD-4 and DD-5): laying the dungeon and drawing the path, as
the table's actions. The geometry and the path's steps are in :mod:`.path`. Part of the
rules; the face :mod:`.rules` re-exports every name.
"""

from __future__ import annotations

from .flow import _explore_to_next, _finish_path, _return_tile
from .path import PathState, build_dungeon, path_actions, path_apply, placement_ids
from .setup import _add, _take
from .state import DDState
from .words import path_log


def _explore_ids(s: DDState, seat: int) -> list[str]:
    p = s.players[seat]
    if not p.built:
        c = s.content
        ids = []
        if len(p.placements) < c.game["hand_size"]:     # a dungeon of at most 5 cards
            ids = placement_ids(c, p.placements, p.hand)
        if p.placements:
            ids.append("build done")
        return ids
    d = build_dungeon(s.content, p.placements)
    return path_actions(d, p.path)


def _explore(s: DDState, seat: int, verb: str, arg: str, aid: str) -> None:
    c, p = s.content, s.players[seat]
    if verb == "place":
        key, col, row, rot = arg.split()
        _take(p.hand, key)
        p.placements.append((key, int(col), int(row), int(rot)))
        s.log.append(f"{p.name} lays {c.cards[key].name} at {col} {row}"
                     + (" upside down." if rot == "180" else "."))
    elif aid == "build done":
        p.built = True
        # cards left over stay in hand for the next round (DD-4.4): the rulebook discards
        # only "alle Karten in deinem Dungeon", draws "auf 5 Handkarten" and SB-14 takes
        # a card "von deiner Hand" before any upgrade is used
        p.path = PathState(p.fairy, set(p.ready))
        s.log.append(f"{p.name}'s dungeon of {len(p.placements)} card"
                     f"{'s' if len(p.placements) != 1 else ''} is built.")
        d = build_dungeon(c, p.placements)
        if not d.open_starts():
            p.path.ended = "dead end"
            s.log.append(f"{p.name}'s dungeon has no open corridor on its edge.")
            _finish_path(s, seat)
    else:
        d = build_dungeon(c, p.placements)
        ps = p.path
        before = dict(ps.fairy)
        text = _step_text(d, ps, aid, p.name)    # worded before the step changes the path
        path_apply(d, ps, aid)
        for k, v in before.items():               # fairy tiles go back when used
            for _ in range(v - ps.fairy.get(k, 0)):
                _return_tile(s, k)
        for k, v in ps.fairy.items():              # SB-13: a tile of your choice
            if v > before.get(k, 0):
                if s.fairy[k]:
                    s.fairy[k] -= 1
                else:                              # "auch wenn es gerade nicht verfügbar ist"
                    _add(s.fairy_extra, k)
                s.log.append(f"{p.name} boxes SB-13 and takes a {k} fairy tile.")
        p.fairy = dict(ps.fairy)
        s.log.append(text)
        if ps.ended:
            _finish_path(s, seat)
    _explore_to_next(s)


def _step_text(d, ps, aid: str, name: str) -> str:
    return path_log(d, aid, ps, name)
