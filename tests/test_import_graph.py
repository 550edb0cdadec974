"""The package import graph has no cycles: every module imports only modules below it.

Every ``import`` and ``from … import`` in ``deepwood_kernel``, ``widgets`` and ``lessons``
counts, at the top of a module or inside a function alike (a cycle broken by a lazy import
is still a cycle for the reader). An import of a package's ``__init__`` from inside that
package is not followed further: the parent is imported first by Python anyway.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("deepwood_kernel", "widgets", "lessons")

# No cycle is left (issue 27, item 4): Klong!'s and Dungeon Draw's sentence makers live in
# their games' words.py, below both rules and render.
KNOWN_CYCLES: set[frozenset[str]] = set()


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports (anywhere in its text)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_pkg = path.name == "__init__.py"
        here = name.split(".") if is_pkg else name.split(".")[:-1]
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = here[:len(here) - node.level + 1] if node.level else []
                mod = ".".join(base + ([node.module] if node.module else []))
                targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod
                           for a in node.names]
            else:
                continue
            for t in targets:
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != name and not name.startswith(t + "."):
                    edges.add(t)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_resolves_relative_and_absolute_imports():
    graph = import_graph()
    assert "deepwood_kernel.games.clank.words" in graph["deepwood_kernel.games.clank.render"]
    assert "deepwood_kernel.core.registry" in graph["deepwood_kernel.core.game"]


def test_no_import_cycles_beyond_the_one_named():
    found = [frozenset(c) for c in cycles(import_graph())]
    unexpected = [sorted(c) for c in found if c not in KNOWN_CYCLES]
    assert not unexpected, f"import cycles: {unexpected}"


def test_klong_rules_and_render_import_downward():
    """Issue 27: Klong!'s rules took sentence makers from render, render took queries from
    the rules; both now import words.py and queries.py, which import neither."""
    graph = import_graph()
    pkg = "deepwood_kernel.games.clank."
    assert pkg + "render" not in graph[pkg + "rules"]
    assert not {pkg + "render", pkg + "rules"} & (graph[pkg + "words"] | graph[pkg + "queries"])


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] != "deepwood_kernel" or len(parts) == 1:
        return parts[0]
    if parts[1] == "games" and len(parts) > 2:
        return "games." + parts[2]
    return parts[1]


# what each layer may import (besides itself); a game may import no other game
MAY_IMPORT = {
    "core": set(), "prob": set(), "deepwood_kernel": {"core"},
    "games": {"core", "prob"},
    "sim": {"core", "prob", "games"},
    "widgets": {"deepwood_kernel", "core", "prob", "games", "sim"},
    "lessons": {"deepwood_kernel", "core", "prob", "games", "sim", "widgets"},
}


def test_the_layers_import_only_downward():
    """core and prob import nothing of the project; a game imports core and prob, never
    another game, sim, widgets or lessons; the engine never imports widgets or lessons."""
    bad = []
    for module, targets in import_graph().items():
        here = _layer(module)
        rule = MAY_IMPORT["games" if here.startswith("games.") else here]
        for target in targets:
            there = _layer(target)
            if there == here:
                continue
            kind = "games" if there.startswith("games.") else there
            if kind not in rule or (here.startswith("games.") and kind == "games"):
                bad.append(f"{module} -> {target}")
    assert not bad, "imports that climb a layer: " + ", ".join(sorted(bad))
