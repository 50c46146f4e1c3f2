"""The documentation site's promises: every public name of a module the site documents
has a runnable example in its docstring, the diagrams are current, and the internal link
check finds broken links."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

import pytest
from tools import importgraph, linkcheck, sequence

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

EXEMPT: dict[str, str] = {}
"""Public names that cannot have an example, with the reason (keep it short)."""


def documented_modules() -> list[str]:
    """The modules the site's reference pages document (their ``automodule`` lines)."""
    found = []
    for page in sorted((DOCS / "reference").glob("*.rst")):
        found += re.findall(r"^\.\. automodule:: (\S+)", page.read_text(encoding="utf-8"),
                            flags=re.M)
    return found


def _assigned(module: ModuleType) -> dict[str, str | None]:
    """The module's top-level assignments and the docstring after each (or None)."""
    tree = ast.parse(inspect.getsource(module))
    out: dict[str, str | None] = {}
    body = tree.body
    for i, node in enumerate(body):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        nxt = body[i + 1] if i + 1 < len(body) else None
        doc = (nxt.value.value if isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant)
               and isinstance(nxt.value.value, str) else None)
        for t in targets:
            if isinstance(t, ast.Name):
                out[t.id] = doc
    return out


def _origin(module: ModuleType, name: str) -> str | None:
    """The docstring of the constant ``name`` of ``module``, following ``from X import``."""
    seen = _assigned(module)
    if name in seen:
        return seen[name]
    for node in ast.parse(inspect.getsource(module)).body:
        if isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names):
            base = node.module or ""
            if node.level:
                pkg = module.__name__
                if not hasattr(module, "__path__"):
                    pkg = pkg.rpartition(".")[0]
                up = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            return _origin(importlib.import_module(base), name)
    return None


def public_names(module: ModuleType) -> list[str]:
    """``__all__``, or else the classes and functions defined in the module and its
    upper-case constants: what the site shows of it."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    names = [k for k, v in vars(module).items() if not k.startswith("_")
             and (inspect.isclass(v) or inspect.isfunction(v))
             and getattr(v, "__module__", None) == module.__name__]
    names += [k for k in _assigned(module)
              if k.isupper() and not k.startswith("_") and k not in names]
    return names


def docstring(module: ModuleType, name: str) -> str:
    obj = getattr(module, name)
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__") or ""  # its own, not a base class's
    if inspect.isroutine(obj):
        return obj.__doc__ or ""
    return _origin(module, name) or ""


def without_example(module_names: list[str]) -> list[str]:
    missing = []
    for mod_name in module_names:
        module = importlib.import_module(mod_name)
        for name in public_names(module):
            full = f"{mod_name}.{name}"
            if full not in EXEMPT and ">>>" not in docstring(module, name):
                missing.append(full)
    return missing


def test_the_site_documents_the_module_groups() -> None:
    mods = documented_modules()
    for group in ("shashki", "shashki.notation", "shashki.pdn", "shashki.game",
                  "shashki.competition", "shashki.engine", "shashki.engine.hub",
                  "shashki.engine.dxp", "shashki.engine.egdb", "shashki.correspondence",
                  "shashki.composition", "shashki.server"):
        assert group in mods


def test_every_public_name_has_an_example() -> None:
    missing = without_example(documented_modules())
    assert not missing, f"{len(missing)} public names without a >>> example:\n" + "\n".join(missing)


def test_the_walk_finds_a_name_without_an_example(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a module whose constant and function lack examples."""
    (tmp_path / "docwalk_probe.py").write_text(
        'LIMIT = 3\n"""The limit."""\n\n\ndef f() -> int:\n    """One.\n\n    >>> f()\n'
        '    1\n    """\n    return 1\n\n\nclass C:\n    """No example."""\n',
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert without_example(["docwalk_probe"]) == ["docwalk_probe.C", "docwalk_probe.LIMIT"]


def test_exemptions_name_real_names() -> None:
    for full in EXEMPT:
        mod, _, name = full.rpartition(".")
        assert hasattr(importlib.import_module(mod), name), full


def test_the_diagrams_are_current() -> None:
    assert (DOCS / "images" / "layers.dot").read_text(encoding="utf-8") == \
        importgraph.dot(), "run python tools/importgraph.py"
    assert (DOCS / "images" / "move-flow.svg").read_text(encoding="utf-8") == \
        sequence.svg(), "run python tools/sequence.py"


def test_the_move_flow_names_real_functions() -> None:
    pytest.importorskip("fastapi")
    from shashki.board import Board
    from shashki.game import Game
    from shashki.server.core.bus import RedisBus
    from shashki.server.play.live import Hub
    from shashki.server.play.writer import Writer

    for owner, attr in ((Hub, "act"), (Hub, "broadcast"), (Game, "play"),
                        (Board, "parse_move"), (Writer, "write"), (RedisBus, "publish")):
        assert callable(getattr(owner, attr)), f"{owner.__name__}.{attr}"


def test_linkcheck_finds_a_broken_link(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<p id="here"><a href="b.html#there">b</a> <a href="#here">me</a>'
        ' <a href="https://example.org/">out</a> <img src="missing.svg"></p>', encoding="utf-8")
    (tmp_path / "b.html").write_text('<h1 id="elsewhere">b</h1>', encoding="utf-8")
    assert linkcheck.broken(tmp_path) == ["a.html: b.html#there (no such anchor)",
                                          "a.html: missing.svg (no such file)"]
