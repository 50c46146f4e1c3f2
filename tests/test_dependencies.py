"""Every import of the package is declared by the extra that installs it (pyproject.toml).

The test extra brings every optional library, so an undeclared import passes the suite and
breaks the install people do: a Swiss event died in round 2 on README command 1's install
because the Dutch engine imported networkx, which only a peer library of the test extra
brought. So every ``import`` statement in ``src/shashki`` of a module outside the standard
library is checked against the requirements of where it runs:

- the library and the command line (everything outside ``shashki.server``): the core
  dependencies;
- the platform (``shashki.server``): the core dependencies and the ``server`` extra (with the
  extras it names, ``pdf``).

An optional library beyond those is reached only through :func:`shashki.extras.need`, called
before the import in the same function (the user then reads one line naming the extra), or
inside ``try: … except ImportError`` where the code goes on without it (Babel compiling a
catalogue in memory; py-draughts' logger).
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "shashki"


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def requirements() -> dict[str, set[str]]:
    """Distribution names by extra (``""``: the core dependencies), with the extras that an
    extra names (``shashki[pdf]``) folded in."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    raw: dict[str, list[str]] = {"": project["dependencies"],
                                 **project["optional-dependencies"]}

    def resolve(extra: str) -> set[str]:
        out: set[str] = set()
        for r in raw[extra]:
            m = re.fullmatch(r"shashki\[([\w,]+)\]", r.strip())
            if m:
                for e in m.group(1).split(","):
                    out |= resolve(e)
            else:
                out.add(_name(r))
        return out

    return {extra: resolve(extra) for extra in raw}


def _guarded(parents: list[ast.AST], node: ast.AST, top: str) -> bool:
    """The import is inside ``try … except ImportError``, or follows ``need("top…", …)``
    in the same function."""
    for p in parents:
        if isinstance(p, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id in ("ImportError",
                                                               "ModuleNotFoundError")
                for h in p.handlers) and any(node in ast.walk(s) for s in p.body):
            return True
    scope = next((p for p in reversed(parents)
                  if isinstance(p, ast.FunctionDef | ast.AsyncFunctionDef)), None)
    if scope is None:
        return False
    for call in ast.walk(scope):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name | ast.Attribute)
                and (getattr(call.func, "id", None) or getattr(call.func, "attr", None))
                == "need" and call.args and isinstance(call.args[0], ast.Constant)
                and str(call.args[0].value).split(".")[0] == top
                and call.lineno < getattr(node, "lineno", 0)):
            return True
    return False


def imports() -> Iterator[tuple[Path, int, str, bool]]:
    """(file, line, top-level module, guarded) for every import of a third-party module."""
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [])]
        while stack:
            node, parents = stack.pop()
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue  # read by the type checker only
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in ("shashki", "__future__"):
                    yield path, node.lineno, top, _guarded(parents, node, top)  # type: ignore[attr-defined]
            stack.extend((child, [*parents, node]) for child in ast.iter_child_nodes(node))


def test_every_import_is_declared_where_it_runs() -> None:
    declared = requirements()
    dists = {k: {d.lower().replace("_", "-") for d in v}
             for k, v in importlib.metadata.packages_distributions().items()}
    wrong = []
    for path, line, top, guarded in imports():
        where = path.relative_to(SRC)
        allowed = declared[""] | (declared["server"] if where.parts[0] == "server" else set())
        providers = dists.get(top, {top.lower()})
        if not guarded and not providers & allowed:
            extra = "server" if where.parts[0] == "server" else "the core dependencies"
            wrong.append(f"src/shashki/{where}:{line}: {top} ({', '.join(sorted(providers))}) "
                         f"is not in {extra}")
    assert not wrong, "\n".join(wrong)


def test_the_check_finds_an_undeclared_import(tmp_path: Path) -> None:
    """The walk sees an import inside a function (the networkx case) and a guard."""
    tree = ast.parse("def f():\n    import networkx\n\ndef g():\n    need('weasyprint', 'pdf',"
                     " 'x')\n    import weasyprint\n")
    f, g = tree.body
    assert isinstance(f, ast.FunctionDef) and isinstance(g, ast.FunctionDef)
    assert not _guarded([tree, f], f.body[0], "networkx")
    assert _guarded([tree, g], g.body[1], "weasyprint")
    assert "networkx" in requirements()[""]
    assert {"weasyprint", "fastapi"} <= requirements()["server"]
    assert "weasyprint" not in requirements()[""]
