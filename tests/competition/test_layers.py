"""The competition package's imports: no cycle among its modules (function-level imports
count: a deferred import is still a cycle), and none of a higher layer (server, engine,
correspondence; the command line only in cli.py)."""

from __future__ import annotations

import ast
import pathlib

import shashki.competition

PACKAGE = pathlib.Path(shashki.competition.__file__).parent


def _imports(path: pathlib.Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _graph() -> dict[str, set[str]]:
    mods = {f"shashki.competition.{p.stem}": p for p in PACKAGE.glob("*.py")
            if p.stem != "__init__"}
    return {m: {x for x in _imports(p) if x in mods and x != m} for m, p in mods.items()}


def test_no_import_cycle() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for x in sorted(graph[m]):
            assert state.get(x) != 1, " -> ".join([*path[path.index(x):], x])
            if x not in state:
                visit(x)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    # The two cycles this test was written for stay broken.
    assert "shashki.competition.tiebreaks" not in graph["shashki.competition.model"]
    assert "shashki.competition.dutch" not in graph["shashki.competition.dutch_engine"]


def test_no_higher_layer() -> None:
    higher = ("shashki.server", "shashki.engine", "shashki.correspondence", "shashki.cli")
    for p in PACKAGE.glob("*.py"):
        bad = {x for x in _imports(p) if x.startswith(higher)}
        if p.stem == "cli":
            bad = {x for x in bad if not x.startswith("shashki.cli")}
        assert not bad, f"{p.name} imports {sorted(bad)}"
