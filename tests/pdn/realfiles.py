"""What the tests of real PDN files share: where ``../shared/data/real-pdn`` is, and the
peer programs' adapters (tests/rules/peers.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _shared() -> Path:
    """``../shared/data/real-pdn`` beside the repository (in a git worktree, beside the
    first folder up that has it)."""
    root = Path(__file__).resolve().parents[2]
    for up in root.parents:
        if (up / "shared" / "data" / "real-pdn").is_dir():
            return up / "shared" / "data" / "real-pdn"
    return root.parent / "shared" / "data" / "real-pdn"


def _load_peers() -> ModuleType:
    """tests/rules/peers.py by path (as tests/rules/test_differential.py loads it)."""
    name = "shashki_tests_peers"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parents[1] / "rules" / "peers.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


REAL = _shared()
peers = _load_peers()
