"""The package's import graph, read from the source, and the architecture diagram drawn
from it.

``tests/test_layers.py`` checks the graph against :data:`LAYERS`; the documentation draws it
(``docs/images/layers.dot``, rendered to ``layers.svg`` by Graphviz's ``dot``). Every
import counts, deferred and type-only ones too. Run ``python tools/importgraph.py`` after
the imports change to redraw the diagram (``--check`` says whether it is up to date).
"""

from __future__ import annotations

import argparse
import ast
import itertools
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "shashki"
IMAGES = ROOT / "docs" / "images"

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


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    out = {}
    for path in package.rglob("*.py"):
        rel = path.relative_to(package.parent).with_suffix("")
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
"""Module -> the modules it imports."""


def layer(name: str) -> tuple[int, str]:
    """The index in :data:`LAYERS` of the module's layer, and the prefix that put it there."""
    best = (-1, -1, "")
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if (name == p or name.startswith(p + ".")) and len(p) > best[1]:
                best = (i, len(p), p)
    if best[0] < 0:
        raise AssertionError(f"{name} is in no layer: add it to LAYERS")
    return best[0], best[2]


# The diagram: one box a top-level module or package, the server one box a feature.

ASSEMBLY = "server.app"
"""The box of the server's own modules (``app``, ``cli``, ``tables``, ``kinds``) and of
the migrations (Alembic reads every feature's tables): the features assembled."""


ASSEMBLED = "app · cli · tables · kinds · migrations"


def part(name: str) -> str:
    """The box a module is drawn in: ``board``, ``pdn``, ``server.play``, ``server.app``."""
    bits = name.split(".")[1:]
    if not bits:
        return "shashki"
    if bits[0] != "server":
        return bits[0]
    if len(bits) == 1:
        return "server.core"  # the package re-exports core's Settings
    if bits[1:3] == ["core", "migrations"]:
        return ASSEMBLY
    return f"server.{bits[1]}" if (PACKAGE / "server" / bits[1]).is_dir() else ASSEMBLY


def part_graph() -> dict[str, set[str]]:
    """Box -> the boxes it imports, without the imports that a longer path already shows
    (the transitive reduction: the graph has no circle, so it is one graph)."""
    edges: dict[str, set[str]] = {part(m): set() for m in GRAPH}
    for m, targets in GRAPH.items():
        for t in targets:
            if part(t) != part(m):
                edges[part(m)].add(part(t))
    reach: dict[str, set[str]] = {}

    def reachable(v: str, path: tuple[str, ...] = ()) -> set[str]:
        if v in path:
            raise AssertionError("the boxes import round a circle: " + " -> ".join((*path, v)))
        if v not in reach:
            reach[v] = set()
            for w in edges[v]:
                reach[v] |= {w, *reachable(w, (*path, v))}
        return reach[v]

    return {v: {w for w in ws if not any(w in reachable(u) for u in ws if u != w)}
            for v, ws in edges.items()}


def dot() -> str:
    """The layers and the server's features as Graphviz text: a row a layer, the arrows
    pointing from a module to what it imports."""
    edges = part_graph()
    rows: dict[int, list[str]] = {}
    for box in edges:
        rows.setdefault(layer(box if box == "shashki" else "shashki." + box)[0], []).append(box)
    out = ["digraph layers {",
           '  graph [rankdir=TB, newrank=true, nodesep=0.25, ranksep=0.6, fontname="DejaVu Sans",'
           ' fontsize=11, labeljust=l];',
           '  node [shape=box, style="rounded,filled", fillcolor="#f4f1ea", fontname="DejaVu Sans",'
           ' fontsize=10, height=0.3];',
           '  edge [color="#8a8478", arrowsize=0.6];']
    for i in sorted(rows, reverse=True):
        title = LAYERS[i][0]
        out.append(f'  subgraph "cluster_{i}" {{')
        out.append(f'    label="{title}"; style="rounded"; color="#c9c2b4";')
        boxes = sorted(rows[i])
        server = [b for b in boxes if b.startswith("server.")]
        for b in boxes:
            if b not in server:
                out.append(f'    "{b}";')
        if server:
            out.append('    subgraph "cluster_server" {')
            out.append('      label="server (one package a feature)"; style="rounded,dashed";')
            for b in server:
                label = ASSEMBLED if b == ASSEMBLY else b[len("server."):]
                out.append(f'      "{b}" [label="{label}"];')
            out.append("    }")
        out.append("  }")
    # Rows: every box of a layer above an invisible point, and the point above every box
    # of the layer below, so the layers stack as in the table.
    order = sorted(rows)
    for lower, upper in itertools.pairwise(order):
        out.append(f'  "layer {upper}" [shape=point, style=invis, width=0, height=0];')
        out += [f'  "{b}" -> "layer {upper}" [style=invis];' for b in sorted(rows[upper])]
        out += [f'  "layer {upper}" -> "{b}" [style=invis];' for b in sorted(rows[lower])]
    for v in sorted(edges):
        for w in sorted(edges[v]):
            out.append(f'  "{v}" -> "{w}";')
    out.append("}")
    return "\n".join(out) + "\n"


def render(text: str) -> str:
    """SVG from Graphviz text, by Debian's ``dot``."""
    exe = shutil.which("dot")
    if exe is None:
        raise SystemExit("importgraph: Graphviz's dot is not installed (apt-get install graphviz)")
    done = subprocess.run([exe, "-Tsvg"], input=text, capture_output=True, text=True,
                          check=True)
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if docs/images/layers.dot or .svg is out of date")
    args = ap.parse_args(argv)
    text = dot()
    dot_file, svg_file = IMAGES / "layers.dot", IMAGES / "layers.svg"
    if args.check:
        stale = [p.name for p, want in ((dot_file, text), (svg_file, render(text)))
                 if not p.is_file() or p.read_text(encoding="utf-8") != want]
        if stale:
            print(f"importgraph: {', '.join(stale)} out of date: run python tools/importgraph.py",
                  file=sys.stderr)
            return 1
        return 0
    IMAGES.mkdir(parents=True, exist_ok=True)
    dot_file.write_text(text, encoding="utf-8")
    svg_file.write_text(render(text), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
