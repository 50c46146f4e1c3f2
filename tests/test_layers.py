"""The package's layers, from its import graph (docs/architecture.md): lower layers never
import higher ones, and no two modules import each other, directly or round a circle.
Every import counts, deferred and type-only ones too: a circle broken by deferring an
import is still a circle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "shashki"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("the rules core", ("shashki.rules", "shashki.color", "shashki.errors", "shashki.move",
                        "shashki.fen", "shashki.extras", "shashki.i18n", "shashki.messages",
                        "shashki.boardview")),
    ("positions and records", ("shashki.notation", "shashki.svg", "shashki.board",
                               "shashki.pdn", "shashki")),
    ("one game", ("shashki.game", "shashki.draws", "shashki.clock", "shashki.openings")),
    ("what the Code organises", ("shashki.competition", "shashki.engine",
                                 "shashki.correspondence", "shashki.composition")),
    ("programs", ("shashki.cli", "shashki.server", "shashki.__main__")),
]
"""From the bottom up; a module belongs to the layer of its longest matching prefix."""

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


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(SRC).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = modules()


def imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """The shashki modules ``name`` imports (anywhere in the file), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "shashki":
                    yield _known(alias.name), node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            if base.split(".")[0] != "shashki":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield (full if full in MODULES else _known(base)), node.lineno


def _known(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


GRAPH = {name: sorted({t for t, _ in imports(name, path) if t != name})
         for name, path in MODULES.items()}


def layer(name: str) -> tuple[int, str]:
    best = (-1, -1, "")
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and len(p) > best[1]:
                best = (i, len(p), p)
    if best[0] < 0:
        raise AssertionError(f"{name} is in no layer: add it to LAYERS")
    return best[0], best[2]


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
