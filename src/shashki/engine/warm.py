"""Compiling the kernels before they are needed: ``shashki warm-up`` and the Hub's ``init``.

The move generator (:mod:`shashki.rules.kernels`), the search and evaluation
(:mod:`shashki.engine.search`, :mod:`shashki.engine.evaluate`) and the endgame-database
kernels (:mod:`shashki.engine.egdb.kernels`) are numba functions cached on disk: the first
process compiles them (about 15 s for the rules and 40 s for the engine on a busy 2-core
machine), every later one loads them. Loading is lazy too — a function is read from the
cache at its first call — so a fresh process also pays a few tenths of a second on its
first search; :func:`warm_engine` pays it in advance by running the same code path on a
tiny search.

Each ``warm_*`` function calls the compiled code the way the package itself does (same
argument types, hence the same cached signatures), so nothing compiles again later.

>>> from shashki.engine import Engine
>>> engine = Engine("russian", hash_mb=1)
>>> warm_engine(engine)  # a tiny search, then a fresh table
>>> engine.analyse(Board("russian"), depth=2).depth
2
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable

from shashki.board import Board
from shashki.engine.engine import Analysis, Engine
from shashki.engine.limits import Limit
from shashki.rules import VARIANTS


def warm_rules() -> None:
    """Move generation, make/unmake, perft, FEN and notation in every variant."""
    for name in VARIANTS:
        b = Board(name)
        b.perft(3)
        b.divide(1)
        for move in b.legal_moves[:2]:
            b.push(move)
            b.move_text(move)
            b.zobrist_hash()
            b.outcome()
            b.pop()
        Board(name, b.fen())


def warm_engine(engine: Engine) -> None:
    """A tiny search of ``engine``'s variant through :meth:`Engine.analyse` (the path of a
    real move: a node budget, a callback per iteration), then :meth:`Engine.new_game` so
    that the warm-up leaves nothing in the table."""
    board = Board(engine.variant)

    def report(a: Analysis) -> None:
        a.pv_text(board)

    engine.analyse(board, limit=Limit(nodes=3000), callback=report)
    engine.new_game()


def warm_egdb() -> None:
    """Build, load and probe a two-piece database (the retrograde-analysis and probe
    kernels) in a temporary directory, and compile the search that probes one (a search
    without a database has no database code: :func:`shashki.engine.probe.search_probe`)."""
    from shashki.engine.egdb import Database

    with tempfile.TemporaryDirectory(prefix="shashki-warm-") as d:
        db = Database.build("russian", 2, d)
        board = Board("russian", "W:WKc3:Be5")
        db.probe(board)
        db.moves(board)
        opened = Database.open("russian", d)
        opened.probe(board)
        engine = Engine("russian", hash_mb=1)
        engine.set_egdb(opened)
        engine.compile()


PARTS: dict[str, tuple[str, Callable[[], None]]] = {
    "rules": ("the move generator", warm_rules),
    "engine": ("the engine", lambda: warm_engine(Engine("international", hash_mb=1))),
    "egdb": ("the endgame-database kernels", warm_egdb),
}
"""What :func:`warm_up` compiles: name → (what it is, how to warm it)."""


def warm_up(parts: tuple[str, ...] = tuple(PARTS)) -> list[tuple[str, float]]:
    """Compile (or load) every part; each part's seconds."""
    out = []
    for name in parts:
        t0 = time.perf_counter()
        PARTS[name][1]()
        out.append((name, time.perf_counter() - t0))
    return out


__all__ = ["PARTS", "warm_egdb", "warm_engine", "warm_rules", "warm_up"]
