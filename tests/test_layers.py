"""The package's layers, from its import graph (docs/architecture.md): lower layers never
import higher ones, and no two modules import each other, directly or round a circle.
Every import counts, deferred and type-only ones too: a circle broken by deferring an
import is still a circle."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools import importgraph

LAYERS = importgraph.LAYERS
MODULES = importgraph.MODULES
GRAPH = importgraph.GRAPH
layer = importgraph.layer

SIBLINGS = ("shashki.competition", "shashki.engine", "shashki.correspondence",
            "shashki.composition", "shashki.cli", "shashki.server")
"""Packages of one layer that stay apart: an import between two of them is wrong unless
:data:`BESIDE` names it (the engine must not reach into competitions, say)."""

BESIDE = {("shashki.correspondence", "shashki.competition"),
          ("shashki.composition", "shashki.engine"),
          ("shashki.cli", "shashki.server")}
"""Imports between packages of one layer that are meant: correspondence events are
competitions (Code 5.1.6), the composition checker proves with the engine, and the
``shashki`` command includes ``serve``. Any other import within a layer must stay inside
its package."""


def test_every_module_has_a_layer() -> None:
    for name in MODULES:
        layer(name)


def test_no_module_imports_a_higher_layer() -> None:
    wrong = []
    for name, targets in GRAPH.items():
        mine, mine_p = layer(name)
        for t in targets:
            theirs, theirs_p = layer(t)
            sideways = (theirs == mine and mine_p != theirs_p and mine_p in SIBLINGS
                        and theirs_p in SIBLINGS and (mine_p, theirs_p) not in BESIDE)
            if theirs > mine or sideways:
                wrong.append(f"{name} ({LAYERS[mine][0]}) imports {t} ({LAYERS[theirs][0]})")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle() -> None:
    """Tarjan's strongly connected components of the module graph: each is one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in GRAPH.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


@pytest.mark.parametrize("low, high", [("shashki.rules.kernels", "shashki.board"),
                                       ("shashki.board", "shashki.game")])
def test_the_graph_sees_real_imports(low: str, high: str) -> None:
    """The check can fail: the graph holds the imports the package really has."""
    assert low in GRAPH[high] or any(low in GRAPH[m] for m in GRAPH[high])


def test_the_diagram_is_drawn_from_todays_graph() -> None:
    """docs/images/layers.dot is what tools/importgraph.py draws from the source now."""
    drawn = Path(__file__).resolve().parents[1] / "docs" / "images" / "layers.dot"
    assert drawn.read_text(encoding="utf-8") == importgraph.dot(), (
        "the import graph changed: run python tools/importgraph.py")
