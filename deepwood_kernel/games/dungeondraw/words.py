"""Dungeon Draw's sentences about a path: node names, path-step labels and log lines.

Both the rules (which write the log) and the renderer (which labels buttons) use them, so
they live below both: ``rules`` and ``render`` import this module, never each other.

>>> plural(1, "coin"), plural(3, "coin")
('1 coin', '3 coins')
"""

from __future__ import annotations


_MEANS = {"item": "a discovered item", "fairy": "a fairy tile"}


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_KIND_TEXT = {"edge": "the connector", "corridor": "the corridor", "room": "the room",
              "stairs": "the stairs"}
_SIDE_TEXT = {"L": "the left connector", "R": "the right connector",
              "T": "the top connector", "B": "the bottom connector"}


def node_text(d, i: int) -> str:
    kind = d.kind[i]
    what = _KIND_TEXT[kind]
    if kind == "edge":
        what = _SIDE_TEXT.get(d.side[i], "the connector")
    level = " underground" if d.level[i] == 1 and kind != "stairs" else ""
    cs = d.contents[i]
    inside = f" ({', '.join(cs)})" if cs else ""
    return f"{what} {d.names[i]}{level}{inside}"


_VERB = {"monster": "Defeat the monster", "lock": "Open the lock", "lava": "Cross the lava pit",
         "trap": "Cross the trap pit", "portal": "Open the portal"}
_ITEM = {"monster": "sword", "lock": "key", "lava": "rope", "trap": "rope",
         "portal": "scroll"}


# path steps whose argument is a node: the sentence around the node's description
_AT_NODE = {"start": "start the path at {node}", "go": "go to {node}",
            "teleport": "teleport to the monster at {node} (SB-2)",
            "barrel": "jump to the barrel at {node} (SB-5)",
            "climb": "climb up the unused trap pit at {node} (SB-4)",
            "travel": "travel to the opposite edge at {node}"}
# path steps without an argument
_PLAIN = {"fall": "fall through the trap pit into the underground",
          "exit": "leave the dungeon by this exit", "end": "end the path here (a dead end)"}


def path_label(d, aid: str, ps=None) -> str:
    """A path action as a sentence; ``ps`` (the path so far) names the obstacle."""
    verb, _, arg = aid.partition(" ")
    if verb == "use" and ps is not None and ps.pending:
        ob = ps.pending[0]
        how = {"item": f"your {_ITEM[ob]}", "fairy": f"a {_ITEM[ob]} fairy tile"}.get(
            arg, f"the spell book {arg}")
        return f"{_VERB[ob]} with {how}"
    if verb in _AT_NODE:
        return _AT_NODE[verb].format(node=node_text(d, d.index[arg]))
    if verb == "use":
        return f"overcome the obstacle with {_MEANS.get(arg, 'the spell book ' + arg)}"
    if verb == "portal":
        name, how = arg.split()
        return (f"travel through the portal to {node_text(d, d.index[name])} using "
                f"{_MEANS.get(how, 'the spell book ' + how).replace('an item', 'a scroll')}")
    if verb == "favour":
        return f"box SB-13 and take a {arg} fairy tile"
    return _PLAIN.get(verb, aid)


_THIRD = {"start": "starts", "go": "goes", "defeat": "defeats", "open": "opens",
          "cross": "crosses", "fall": "falls", "travel": "travels", "teleport": "teleports",
          "jump": "jumps", "climb": "climbs", "leave": "leaves", "box": "boxes",
          "end": "ends", "overcome": "overcomes"}


def path_log(d, aid: str, ps, name: str) -> str:
    """The log sentence of a path step: "Anna goes to the corridor 0.c01 (coin)."."""
    text = path_label(d, aid, ps)
    first, _, rest = text.partition(" ")
    verb = _THIRD.get(first.lower(), first.lower())
    rest = rest.replace("your ", "their ").replace(" here (a dead end)", " (a dead end)")
    return f"{name} {verb} {rest}."
