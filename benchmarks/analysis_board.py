"""What one analysing viewer of the analysis board costs: the live lines of a position,
deepening two plies a step as the server does (:func:`shashki.server.engine.pool.
worker_lines` in an engine process of its own), until depth 16, a forced result or the
12-second cap of :mod:`shashki.server.analysis.service`; CPU seconds (the process's own
clock) and the depth reached, for three lines and for one. The peer in the same run is the
engine's ordinary single-line search (:meth:`Engine.analyse`) to the same depth: what
multi-PV costs on top of it.

    python benchmarks/analysis_board.py
    python benchmarks/analysis_board.py --cap 4    # a shorter cap per viewer

Prints one table; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import time

from shashki import Board
from shashki.engine import Engine
from shashki.server.analysis.service import LIVE_SECONDS, MAX_DEPTH
from shashki.server.engine import pool

POSITIONS = [
    ("russian: the start", "russian", None, ()),
    ("russian: a tactic (#5)", "russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8", ()),
    ("russian: the middle game", "russian", None,
     ("c3-b4", "f6-e5", "e3-d4", "e5:a5", "d2-c3", "d6-c5", "c3-d4", "c5:e3", "f2:d4",
      "c7-d6", "b2-c3", "e7-f6", "c1-b2", "h6-g5")),
    ("international: the start", "international", None, ()),
]


def session(variant: str, fen: str, count: int, cap: float) -> tuple[float, int, float]:
    """(CPU seconds, depth reached, wall seconds) of one viewer's live lines."""
    cpu = 0.0
    reached = 0
    t0 = time.monotonic()
    board = Board(variant, fen)
    for depth in range(2, MAX_DEPTH + 1, 2):
        step = pool.worker_lines(variant, fen, [], count, depth)
        cpu += step["cpu"]
        reached = depth
        if time.monotonic() - t0 > cap:
            break
        if step["lines"] and step["lines"][0]["mate"] is not None:
            break
        if len(board.legal_moves) == 1 and depth >= 4:
            break
    return cpu, reached, time.monotonic() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=LIVE_SECONDS)
    args = ap.parse_args()
    for v in ("russian", "international"):  # compile the kernels before any timing
        pool._engine(v).analyse(Board(v), depth=2)
    print(f"\nOne analysing viewer, capped at {args.cap:g} s (depth {MAX_DEPTH} at most)\n")
    print(f"{'position':<28} {'lines':>5} {'depth':>6} {'CPU s':>7} {'wall s':>7} "
          f"{'1-line CPU s':>13} {'x':>6}")
    for label, variant, fen0, moves in POSITIONS:
        b = Board(variant, fen0)
        for t in moves:
            b.push_text(t)
        fen = b.fen()
        for count in (3, 1):
            pool._ENGINES.pop(variant, None)  # a fresh engine: no table from before
            cpu, depth, wall = session(variant, fen, count, args.cap)
            single = Engine(variant, hash_mb=pool.HASH_MB)
            t = time.process_time()
            single.analyse(Board(variant, fen), depth=depth)
            peer = time.process_time() - t
            print(f"{label:<28} {count:>5} {depth:>6} {cpu:>7.2f} {wall:>7.2f} "
                  f"{peer:>13.2f} {cpu / peer if peer else 0:>6.1f}")


if __name__ == "__main__":
    main()
