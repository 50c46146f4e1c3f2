"""Building the opening book (:mod:`shashki.engine.book`): the tree of the first plies,
the ballot positions, a search of each at a fixed node count, minimax inside the tree.

``python -m shashki.engine.book_build --variant russian --workers 2`` rebuilds the shipped
book of :data:`RECIPES` (docs/engine.md, "Opening book").
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from shashki.board import Board
from shashki.engine.book import KEEP, SUFFIX, Book
from shashki.errors import ShashkiError
from shashki.rules import variant_by_name

RECIPES: dict[str, dict[str, Any]] = {
    "russian": {"plies": 3, "nodes": 2_000_000, "tables": ["fmjd-russian"]},
    "brazilian": {"plies": 3, "nodes": 2_000_000, "tables": ["fmjd-brazilian"]},
    "international": {"plies": 3, "nodes": 2_000_000, "tables": []},
    "russian-giveaway": {"plies": 3, "nodes": 1_000_000, "tables": []},
    "russian-80": {"plies": 3, "nodes": 1_000_000, "tables": []},
}
"""The shipped books' recipes (docs/engine.md, "Opening book")."""


def tree(variant: str, plies: int) -> tuple[dict[str, list[tuple[str, str]]], list[str]]:
    """The positions within ``plies`` plies of the initial position: ``(inner, edge)``,
    ``inner`` each position short of ``plies`` with its ``(move text, FEN after)`` for
    every legal move, ``edge`` the FENs ``plies`` away (a position reached at two
    distances counts at the nearer)."""
    inner: dict[str, list[tuple[str, str]]] = {}
    level = [Board(variant)]
    seen = {level[0].fen()}
    for _ in range(plies):
        nxt: list[Board] = []
        for board in level:
            children = []
            for m in board.legal_moves:
                child = board.copy()
                child.push(m)
                fen = child.fen()
                children.append((board.move_text(m), fen))
                if fen not in seen:
                    seen.add(fen)
                    nxt.append(child)
            inner[board.fen()] = children
        level = nxt
    return inner, [b.fen() for b in level]  # each first seen at this depth


def ballot_positions(variant: str, tables: Sequence[str]) -> list[str]:
    """The FENs of the positions of the ballot ``tables`` under ``variant``'s rules (an
    entry illegal under them, or with no move left, is left out, as by ``shashki
    match``)."""
    from shashki import openings as ballots

    out: list[str] = []
    for name in tables:
        for e in ballots.load(name):
            try:
                board = ballots.replay(e, variant)
            except ShashkiError:
                continue
            if board.legal_moves:
                out.append(board.fen())
    return out


_searcher: Any = None


def _init(variant: str) -> None:
    global _searcher
    from shashki.engine.engine import Engine

    _searcher = Engine(variant, hash_mb=64, seed=1)


def _search(args: tuple[str, str, int]) -> tuple[str, str, int]:
    variant, fen, nodes = args
    board = Board(variant, fen)
    _searcher.new_game()
    a = _searcher.analyse(board, nodes=nodes)
    best = a.bestmove or board.legal_moves[0]
    return fen, board.move_text(best), a.score.value


def build(variant: str, plies: int, nodes: int, tables: Sequence[str] = (), workers: int = 1,
          progress: Callable[[int, int], None] | None = None) -> Book:
    """The book of ``variant``'s recipe (module docstring): the same book whatever the
    number of ``workers`` (processes); ``progress(done, total)`` after each search."""
    from concurrent.futures import ProcessPoolExecutor

    v = variant_by_name(variant).name
    inner, edge = tree(v, plies)
    todo = sorted({*edge, *(f for f in ballot_positions(v, tables) if f not in inner)})
    found: dict[str, tuple[str, int]] = {}
    with ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=(v,)) as ex:
        for i, (fen, move, score) in enumerate(
                ex.map(_search, [(v, f, nodes) for f in todo], chunksize=4), 1):
            found[fen] = (move, score)
            if progress is not None:
                progress(i, len(todo))
    entries: dict[str, list[tuple[str, int]]] = {f: [m] for f, m in found.items()}
    for fen in reversed(list(inner)):  # the deepest first: a child's entry is ready
        scored = sorted(((-entries[after][0][1], text) for text, after in inner[fen]
                         if after in entries), key=lambda t: (-t[0], t[1]))
        if scored:
            entries[fen] = [(text, s) for s, text in scored if s >= scored[0][0] - KEEP]
    meta = {"recipe": {"variant": v, "plies": plies, "nodes": nodes, "tables": list(tables),
                       "keep": KEEP}, "positions": len(entries), "searched": len(todo)}
    return Book(v, entries, meta)


def main(argv: list[str] | None = None) -> int:
    """``python -m shashki.engine.book_build --variant V [--out FILE] [--workers N]``: build the
    book of ``V``'s recipe (:data:`RECIPES`; ``--plies``, ``--nodes`` and ``--table``
    change it) and write it with its hash."""
    p = argparse.ArgumentParser(prog="python -m shashki.engine.book_build",
                                description=main.__doc__)
    p.add_argument("--variant", required=True, choices=sorted(RECIPES))
    p.add_argument("--plies", type=int)
    p.add_argument("--nodes", type=int)
    p.add_argument("--table", action="append", help="a ballot table (repeatable)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", type=Path, help="default: the shipped file")
    args = p.parse_args(argv)
    recipe = RECIPES[args.variant]
    plies = args.plies if args.plies is not None else recipe["plies"]
    nodes = args.nodes if args.nodes is not None else recipe["nodes"]
    tables = args.table if args.table is not None else recipe["tables"]
    out = args.out or Path(__file__).parent / "learned" / (args.variant + SUFFIX)
    from rich.progress import Progress

    t0 = time.perf_counter()
    with Progress() as bar:
        task = bar.add_task(f"{args.variant} book", total=None)
        book = build(args.variant, plies, nodes, tables, args.workers,
                     lambda done, total: bar.update(task, completed=done, total=total))
    book.save(out)
    print(f"{out}: {len(book)} positions ({book.meta['searched']} searched at {nodes:,} "
          f"nodes) in {time.perf_counter() - t0:.0f} s; hash {book.hash}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
