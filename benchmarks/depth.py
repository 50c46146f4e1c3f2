"""Depth and nodes per second in play: the engine playing itself at a fixed time a move.

The figures the field quotes for an engine (Scan's 23–26 plies at 0.2 s a move in
issue 17) are the depths of the searches it makes during games, the table kept from one
move to the next, not of one search from the initial position (``benchmarks/search.py``).
This plays ``--games`` games of the engine against itself per variant and engine from
``shashki match``'s openings (the same seed gives the same openings), every move searched
for ``--time`` seconds (or to ``--nodes`` nodes), and reports over all searches of more
than one legal move: the median and mean depth of the last finished iteration; the same
in Scan's count (``Analysis.reached``: one more when the time ran out in the next
iteration after its first root move had been searched, for Scan prints an iteration's
depth as soon as its first move has a score); the median nodes a second, the plies per
game, and the time a search took from the call to the answer (median and longest: how
much of ``--time`` the engine used). One search at a time (one core); nothing is
asserted about the timings.

    python benchmarks/depth.py --time 0.2 --games 4 --variant international
    python benchmarks/depth.py --time 1 --games 2 --variant international --baseline
    python benchmarks/depth.py --variant international \
        --engine shashki,model=src/shashki/engine/learned/rounds/international-5.npz

``--engine`` takes any spec of shashki's own engine that ``shashki match`` takes (a
model, search parameters, a version), so a change to the evaluation or the search can be
measured for depth beside the match that decides it. ``--nodes`` makes the games and
the depths the same on every machine and under any load (the nodes a second are then
only indicative): it separates the shape of the tree from the speed of its leaves.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway", "russian-80")
MAX_PLIES = 300


@dataclass
class Row:
    variant: str
    engine: str
    searches: int
    depths: list[int]
    reached: list[int]
    nps: list[float]
    plies: list[int]
    seconds: list[float]


def engine_of(spec: str, variant: str, hash_mb: int) -> Any:
    """The engine of a ``shashki match`` spec (``shashki``, ``shashki@baseline-2026-12``,
    ``shashki,model=FILE,lmr_div=1.8``), with a ``hash_mb`` table unless it names one."""
    from shashki.engine.match import ShashkiPlayer
    from shashki.engine.players import MatchError, parse_spec

    parsed = parse_spec(spec)
    if parsed.kind != "shashki":
        raise MatchError(f"engine spec {spec!r}: depth.py measures shashki's own engine")
    if parsed.param("hash") is None:
        parsed = parse_spec(f"{spec},hash={hash_mb}")
    return ShashkiPlayer(parsed, variant).engine


def play(variant: str, spec: str, games: int, limit: Any, seed: int, hash_mb: int) -> Row:
    """``games`` games of one engine against itself, every move searched to ``limit``."""
    from shashki import Board
    from shashki.draws import check_board
    from shashki.engine.match import openings

    engine = engine_of(spec, variant, hash_mb)
    row = Row(variant, spec, 0, [], [], [], [], [])
    for opening in openings(variant, games, seed):
        board = Board(variant, opening.fen)
        engine.new_game()
        plies = 0
        while plies < MAX_PLIES and board.outcome() is None and check_board(board) is None:
            moves = board.legal_moves
            if len(moves) == 1:
                board.push(moves[0])
                plies += 1
                continue
            t = time.perf_counter()
            a = engine.analyse(board, limit=limit)
            took = time.perf_counter() - t
            if a.depth > 0:
                row.seconds.append(took)
                row.searches += 1
                row.depths.append(a.depth)
                row.reached.append(a.reached)
                row.nps.append(a.nps)
            board.push(a.bestmove or moves[0])
            plies += 1
        row.plies.append(plies)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time", type=float, default=0.2, help="seconds a move")
    ap.add_argument("--nodes", type=int,
                    help="nodes a move instead of a time (the same games on any machine)")
    ap.add_argument("--games", type=int, default=2, help="games per variant and engine")
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--engine", action="append", metavar="SPEC",
                    help="an engine spec of shashki match (repeatable; default: shashki)")
    ap.add_argument("--baseline", action="store_true",
                    help="also shashki@baseline-2026-12 (after the current engine)")
    ap.add_argument("--hash", type=int, default=64, help="table size in MB")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.time <= 0 or args.games < 1 or (args.nodes is not None and args.nodes < 1):
        print("depth.py: --time and --nodes must be above 0 and --games at least 1",
              file=sys.stderr)
        return 2

    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from shashki import Board
    from shashki.engine import Limit
    from shashki.errors import ShashkiError

    if args.nodes is not None:
        limit, per_move = Limit(nodes=args.nodes), f"{args.nodes:,} nodes"
    else:
        limit, per_move = Limit(time=args.time), f"{args.time:g} s"

    specs = [*(args.engine or ["shashki"]),
             *(["shashki@baseline-2026-12"] if args.baseline else [])]
    variants = args.variant or ["international"]
    try:
        for v in variants:  # load (or compile) the kernels outside the timings
            for spec in specs:
                engine_of(spec, v, 1).analyse(Board(v), depth=3)
    except ShashkiError as e:
        print(f"depth.py: {e}", file=sys.stderr)
        return 2
    rows = []
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=len(variants) * len(specs))
        for v in variants:
            for spec in specs:
                progress.update(task, description=f"{v} {spec}")
                rows.append(play(v, spec, args.games, limit, args.seed, args.hash))
                progress.advance(task)
    table = Table(title=f"depth in play, {per_move} a move, {args.games} self-play "
                        f"games each (one search at a time, {args.hash} MB table)")
    for col in ("variant", "engine", "searches", "median depth", "mean depth",
                "depth range", "Scan's count: median (mean)", "median nodes/s",
                "plies/game", "seconds a search: median (longest)"):
        table.add_column(col, justify="left" if col in ("variant", "engine") else "right")
    for r in rows:
        if not r.depths:
            table.add_row(r.variant, r.engine, "0", "", "", "", "", "", "", "")
            continue
        table.add_row(r.variant, r.engine, str(r.searches),
                      f"{statistics.median(r.depths):g}", f"{statistics.fmean(r.depths):.1f}",
                      f"{min(r.depths)}–{max(r.depths)}",
                      f"{statistics.median(r.reached):g} ({statistics.fmean(r.reached):.1f})",
                      f"{statistics.median(r.nps) / 1e6:.2f} M",
                      f"{statistics.fmean(r.plies):.0f}",
                      f"{statistics.median(r.seconds):.3f} ({max(r.seconds):.3f})")
    Console(width=200).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
