"""Depth and nodes per second in play: the engine playing itself at a fixed time a move.

The figures the field quotes for an engine (Scan's 23–26 plies at 0.2 s a move in
issue 17) are the depths of the searches it makes during games, the table kept from one
move to the next, not of one search from the initial position (``benchmarks/search.py``).
This plays ``--games`` games of the engine against itself per variant and version from
``shashki match``'s openings (the same seed gives the same openings), every move searched
for ``--time`` seconds, and reports over all searches of more than one legal move: the
median and mean depth of the last finished iteration, the median nodes a second and the
plies per game. One search at a time (one core); nothing is asserted about the timings.

    python benchmarks/depth.py --time 0.2 --games 4 --variant international
    python benchmarks/depth.py --time 1 --games 2 --variant international --baseline
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway", "russian-80")
MAX_PLIES = 300


@dataclass
class Row:
    variant: str
    version: str
    searches: int
    depths: list[int]
    nps: list[float]
    plies: list[int]


def play(variant: str, version: str, games: int, seconds: float, seed: int,
         hash_mb: int) -> Row:
    """``games`` games of one engine against itself at ``seconds`` a move."""
    from shashki import Board
    from shashki.draws import check_board
    from shashki.engine import Engine, Limit
    from shashki.engine.engine import Analysis
    from shashki.engine.match import openings

    engine = Engine(variant, hash_mb=hash_mb, version=version)
    row = Row(variant, version, 0, [], [], [])
    for opening in openings(variant, games, seed):
        board = Board(variant, opening.fen)
        engine.new_game()
        plies = 0
        while plies < MAX_PLIES and board.outcome() is None and check_board(board) is None:
            seen: list[Analysis] = []
            move = engine.play(board, Limit(time=seconds), callback=seen.append)
            done = [a for a in seen if a.complete]
            if len(board.legal_moves) > 1 and done:
                last = done[-1]
                row.searches += 1
                row.depths.append(last.depth)
                row.nps.append(seen[-1].nps)
            board.push(move)
            plies += 1
        row.plies.append(plies)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time", type=float, default=0.2, help="seconds a move")
    ap.add_argument("--games", type=int, default=2, help="games per variant and version")
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--baseline", action="store_true",
                    help="also shashki@baseline-2026-12 (after the current engine)")
    ap.add_argument("--hash", type=int, default=64, help="table size in MB")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.time <= 0 or args.games < 1:
        print("depth.py: --time must be above 0 and --games at least 1", file=sys.stderr)
        return 2

    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from shashki import Board
    from shashki.engine import Engine

    versions = ["current", *(["baseline-2026-12"] if args.baseline else [])]
    variants = args.variant or ["international"]
    for v in variants:  # load (or compile) the kernels outside the timings
        for ver in versions:
            Engine(v, hash_mb=1, version=ver).analyse(Board(v), depth=3)
    rows = []
    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=len(variants) * len(versions))
        for v in variants:
            for ver in versions:
                progress.update(task, description=f"{v} {ver}")
                rows.append(play(v, ver, args.games, args.time, args.seed, args.hash))
                progress.advance(task)
    table = Table(title=f"depth in play, {args.time:g} s a move, {args.games} self-play "
                        f"games each (one search at a time, {args.hash} MB table)")
    for col in ("variant", "engine", "searches", "median depth", "mean depth",
                "depth range", "median nodes/s", "plies/game"):
        table.add_column(col, justify="left" if col in ("variant", "engine") else "right")
    for r in rows:
        if not r.depths:
            table.add_row(r.variant, r.version, "0", "", "", "", "", "")
            continue
        table.add_row(r.variant, r.version, str(r.searches),
                      f"{statistics.median(r.depths):g}", f"{statistics.fmean(r.depths):.1f}",
                      f"{min(r.depths)}–{max(r.depths)}",
                      f"{statistics.median(r.nps) / 1e6:.2f} M",
                      f"{statistics.fmean(r.plies):.0f}")
    Console(width=120).print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
