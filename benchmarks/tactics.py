"""Tactics bench: shots and combinations from the literature, solved within a node budget.

The positions and their published solutions are in ``src/shashki/engine/tactics.json``
(each with its source). For every position the engine searches from a fresh table up to
``--nodes`` nodes; a position is solved when the best move of the last iteration is the
solution's first move. "Nodes to solution" are the nodes searched when the best move
became the solution's first move for good (the iteration from which it never changed);
the time likewise. Node counts are deterministic, times depend on the machine.

    python benchmarks/tactics.py                    # every variant, 200 000 nodes each
    python benchmarks/tactics.py --nodes 20000 --variant russian
    python benchmarks/tactics.py --verify           # also replay each line, search deep
    python benchmarks/tactics.py --peer             # also py-draughts' SimpleEngine
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any

DEFAULT_NODES = 200_000


def load() -> list[dict[str, Any]]:
    """The positions of the tactics data file."""
    text = resources.files("shashki.engine").joinpath("tactics.json").read_text("utf-8")
    positions: list[dict[str, Any]] = json.loads(text)["positions"]
    return positions


@dataclass
class Outcome:
    id: str
    variant: str
    solved: bool
    found: str
    expected: str
    nodes: int
    """Nodes searched in all."""
    nodes_to_solution: int | None
    seconds_to_solution: float | None
    depth: int
    score: str


def solve(pos: dict[str, Any], nodes: int, hash_mb: int = 16) -> Outcome:
    """Search one position within ``nodes`` nodes."""
    from shashki import Board
    from shashki.engine import Analysis, Engine

    board = Board(pos["variant"], pos["fen"])
    expected = board.parse_move(pos["solution"].split()[0])
    engine = Engine(pos["variant"], hash_mb=hash_mb)
    reports: list[tuple[bool, int, float]] = []
    t0 = time.perf_counter()

    def on_iteration(a: Analysis) -> None:
        reports.append((a.bestmove == expected, a.nodes, time.perf_counter() - t0))

    info = engine.analyse(board, nodes=nodes, callback=on_iteration)
    solved = info.bestmove == expected
    first: tuple[int, float] | None = None
    if solved:
        for ok, n, t in reports:
            if not ok:
                first = None
            elif first is None:
                first = (n, t)
        if first is None:
            first = (info.nodes, info.time)
    found = board.move_text(info.bestmove) if info.bestmove is not None else "-"
    return Outcome(pos["id"], pos["variant"], solved, found, board.move_text(expected),
                   info.nodes, first[0] if first else None, first[1] if first else None,
                   info.depth, str(info.score))


def verify(pos: dict[str, Any], depth: int) -> tuple[bool, str]:
    """Replay the published line with the rules and search the position to ``depth``."""
    from shashki import Board
    from shashki.engine import Engine

    board = Board(pos["variant"], pos["fen"])
    line = board.copy(stack=False)
    try:
        for text in pos["solution"].split():
            line.push_text(text)
    except Exception as e:
        return False, f"line breaks: {e}"
    info = Engine(pos["variant"], hash_mb=64).analyse(board, depth=depth)
    ok = info.bestmove == board.parse_move(pos["solution"].split()[0])
    pv = " ".join(info.pv_text(board)[:7])
    return ok, f"depth {info.depth} {info.score}: {pv}"


def peer(pos: dict[str, Any], depth: int, seconds: float) -> tuple[bool | None, int, float]:
    """py-draughts' SimpleEngine on the position: (solved or None, nodes, seconds)."""
    import importlib

    modules = {"russian": "draughts.boards.russian", "brazilian": "draughts.boards.brazilian",
               "international": "draughts.boards.standard"}
    if pos["variant"] not in modules:
        return None, 0, 0.0
    try:
        from loguru import logger

        logger.disable("draughts")
        board_class = importlib.import_module(modules[pos["variant"]]).Board
        engine_class = importlib.import_module("draughts.engines.simple").SimpleEngine
    except Exception:
        return None, 0, 0.0
    from shashki import Board

    ours = Board(pos["variant"], pos["fen"])
    expected = ours.parse_move(pos["solution"].split()[0])
    board = board_class.from_fen(ours.fen())
    engine = engine_class(depth_limit=depth, time_limit=seconds)
    t0 = time.perf_counter()
    move = engine.get_best_move(board)
    dt = time.perf_counter() - t0
    key = (move.square_list[0] + 1, move.square_list[-1] + 1,
           frozenset(c + 1 for c in move.captured_list))
    return key == (expected.start, expected.end, expected.captured), engine.nodes, dt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append",
                    help="only these variants (default: every variant in the file)")
    ap.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="node budget a position")
    ap.add_argument("--verify", action="store_true",
                    help="replay every published line and search it to --verify-depth")
    ap.add_argument("--verify-depth", type=int, default=20)
    ap.add_argument("--peer", action="store_true",
                    help="also py-draughts' SimpleEngine (--peer-depth, --peer-time)")
    ap.add_argument("--peer-depth", type=int, default=6)
    ap.add_argument("--peer-time", type=float, default=5.0)
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args(argv)

    from rich.console import Console
    from rich.table import Table

    from shashki import Board
    from shashki.engine import Engine

    Engine("russian", hash_mb=1).analyse(Board("russian"), depth=2)  # load the kernels
    positions = [p for p in load() if not args.variant or p["variant"] in args.variant]
    console = Console(width=max(Console().width, 140))
    table = Table(title=f"tactics, {args.nodes:,} nodes a position")
    for col in ("id", "variant", "solution", "found", "depth", "score", "nodes to sol.",
                "ms to sol."):
        table.add_column(col, justify="right" if col in ("depth", "nodes to sol.",
                                                         "ms to sol.") else "left")
    if args.peer:
        table.add_column("py-draughts", justify="left")
    if args.verify:
        table.add_column("deep search", justify="left")
    records = []
    for pos in positions:
        out = solve(pos, args.nodes)
        row = [out.id, out.variant, out.expected, out.found if out.solved else
               f"[red]{out.found}[/red]", str(out.depth), out.score,
               f"{out.nodes_to_solution:,}" if out.nodes_to_solution is not None else "-",
               f"{1000 * out.seconds_to_solution:.0f}"
               if out.seconds_to_solution is not None else "-"]
        rec: dict[str, Any] = dict(out.__dict__)
        if args.peer:
            ok, n, dt = peer(pos, args.peer_depth, args.peer_time)
            row.append("n/a" if ok is None else
                       f"{'solved' if ok else 'missed'} {n:,} nodes {dt:.1f} s")
            rec["peer"] = {"solved": ok, "nodes": n, "seconds": dt}
        if args.verify:
            ok, text = verify(pos, args.verify_depth)
            row.append(("" if ok else "[red]DIFFERS[/red] ") + text)
            rec["verify"] = {"agrees": ok, "search": text}
        table.add_row(*row)
        records.append(rec)
    console.print(table)

    summary = Table(title="per variant")
    for col in ("variant", "solved", "nodes to solution (sum)", "ms to solution (sum)"):
        summary.add_column(col, justify="left" if col == "variant" else "right")
    if args.peer:
        summary.add_column("py-draughts solved", justify="right")
    for v in dict.fromkeys(r["variant"] for r in records):
        rs = [r for r in records if r["variant"] == v]
        solved = [r for r in rs if r["solved"]]
        cells = [v, f"{len(solved)}/{len(rs)}",
                 f"{sum(r['nodes_to_solution'] for r in solved):,}",
                 f"{1000 * sum(r['seconds_to_solution'] for r in solved):.0f}"]
        if args.peer:
            known = [r for r in rs if r["peer"]["solved"] is not None]
            cells.append(f"{sum(1 for r in known if r['peer']['solved'])}/{len(known)}"
                         if known else "n/a")
        summary.add_row(*cells)
    console.print(summary)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"nodes": args.nodes, "positions": records}, f, indent=1)
    return 0 if all(r["solved"] for r in records) else 1


if __name__ == "__main__":
    sys.exit(main())
