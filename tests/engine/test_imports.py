"""The engine package imports without cycles, deferred (function-level) imports included."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def _modules() -> dict[str, Path]:
    out = {}
    for f in (SRC / "shashki").rglob("*.py"):
        parts = f.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def _graph() -> dict[str, set[str]]:
    """module -> the shashki modules it imports anywhere in its text. ``from pkg import sub``
    of a submodule counts as an import of ``pkg.sub`` only (importing a package's own
    submodule is no cycle)."""
    mods = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & mods.keys()
                if len(subs) < len(node.names) and node.module in mods:
                    deps.add(node.module)
                deps |= subs
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names} & mods.keys()
        graph[name] = deps - {name}
    return graph


def _cycle(graph: dict[str, set[str]], nodes: set[str]) -> list[str] | None:
    """A cycle among ``nodes`` (depth-first search), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(v: str) -> list[str] | None:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v] & nodes):
            if state.get(w) == 1:
                return [*path[path.index(w):], w]
            if w not in state and (found := visit(w)) is not None:
                return found
        path.pop()
        state[v] = 2
        return None

    for v in sorted(nodes):
        if v not in state and (found := visit(v)) is not None:
            return found
    return None


def test_engine_modules_have_no_import_cycle() -> None:
    graph = _graph()
    engine = {m for m in graph if m.startswith("shashki.engine.")}
    assert _cycle(graph, engine) is None


def test_dxp_and_match_share_the_players_module_only() -> None:
    graph = _graph()
    assert "shashki.engine.match" not in graph["shashki.engine.dxp"]
    assert "shashki.engine.players" in graph["shashki.engine.dxp"]
    assert "shashki.engine.dxp" in graph["shashki.engine.match"]
    assert graph["shashki.engine.players"] & {"shashki.engine.dxp", "shashki.engine.match"} == set()


def test_the_checker_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycle(graph, set(graph)) == ["a", "b", "c", "a"]
    assert _cycle(graph, {"a", "b", "d"}) is None
