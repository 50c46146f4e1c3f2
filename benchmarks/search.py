"""Search speed of the compiled engine from each variant's initial position.

For every variant: nodes per second over a timed search, the depth reached in one
second, and the nodes and time to a fixed depth (a reproducible count for comparing
search changes). One core; a fresh engine and table per run; the kernels are loaded
before any timing. Timings are wall-clock on a possibly shared machine: the best of
``--repeat`` runs is kept and nothing is asserted about them.

    python benchmarks/search.py            # 5 s per variant
    python benchmarks/search.py --quick    # 1 s per variant
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway")
FIXED_DEPTH = {"russian": 14, "brazilian": 14, "international": 12, "russian-giveaway": 14}
TARGET_NPS = 3_000_000


@dataclass
class Row:
    variant: str
    seconds: float
    nodes: int
    nps: float
    depth: int
    depth_1s: int
    nodes_1s: int
    fixed_depth: int
    fixed_nodes: int
    fixed_seconds: float
    pv: str


def measure(variant: str, seconds: float, repeat: int, hash_mb: int) -> Row:
    from shashki import Board
    from shashki.engine import Engine

    board = Board(variant)
    best = None
    for _ in range(repeat):
        e = Engine(variant, hash_mb=hash_mb)
        a = e.analyse(board, time=seconds)
        if best is None or a.nps > best.nps:
            best = a
    assert best is not None
    one = max((Engine(variant, hash_mb=hash_mb).analyse(board, time=1.0) for _ in range(repeat)),
              key=lambda a: (a.depth, -a.nodes))
    d = FIXED_DEPTH[variant]
    fixed = min((Engine(variant, hash_mb=hash_mb).analyse(board, depth=d)
                 for _ in range(repeat)), key=lambda a: a.time)
    return Row(variant, best.time, best.nodes, best.nps, best.depth, one.depth, one.nodes, d,
               fixed.nodes, fixed.time, " ".join(best.pv_text(board)[:6]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="1 s per variant instead of 5 s")
    ap.add_argument("--seconds", type=float, help="seconds per timed search")
    ap.add_argument("--repeat", type=int, default=1, help="runs per figure, best kept")
    ap.add_argument("--hash", type=int, default=64, help="table size in MB")
    ap.add_argument("--variant", action="append", choices=VARIANTS,
                    help="only this variant (repeatable)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = ap.parse_args(argv)
    seconds = args.seconds or (1.0 if args.quick else 5.0)
    variants = args.variant or list(VARIANTS)

    import numba
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    import shashki
    from shashki import Board
    from shashki.engine import Engine

    console = Console(width=max(Console().width, 110))
    t = time.perf_counter()
    for v in variants:  # load (or compile) the kernels outside the timings
        Engine(v, hash_mb=1).analyse(Board(v), depth=3)
    load = time.perf_counter() - t

    rows = []
    with Progress(TextColumn("[bold]search[/] {task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(variants))
        for v in variants:
            progress.update(task, description=v)
            rows.append(measure(v, seconds, args.repeat, args.hash))
            progress.advance(task)

    machine = {"python": platform.python_version(), "numba": numba.__version__,
               "shashki": shashki.__version__, "cpu": platform.processor() or platform.machine(),
               "cpus": str(os.cpu_count())}
    console.print(f"[bold]shashki search benchmark[/], one thread, {args.hash} MB table; "
                  + ", ".join(f"{k} {v}" for k, v in machine.items()))
    table = Table(title=f"search from the initial position ({seconds:g} s timed searches)")
    for col in ("variant", "nodes", "seconds", "nodes/s", "depth", "depth in 1 s",
                "fixed depth", "nodes", "seconds"):
        table.add_column(col, justify="left" if col == "variant" else "right")
    for r in rows:
        rate = f"{r.nps / 1e6:.2f} M"
        if r.nps < TARGET_NPS:
            rate = f"[yellow]{rate}[/]"
        table.add_row(r.variant, f"{r.nodes:,}", f"{r.seconds:.2f}", rate, str(r.depth),
                      str(r.depth_1s), str(r.fixed_depth), f"{r.fixed_nodes:,}",
                      f"{r.fixed_seconds:.2f}")
    console.print(table)
    for r in rows:
        console.print(f"- {r.variant} PV: {r.pv}")
    console.print(f"- kernels loaded in {load:.2f} s (compiled on the first run, then cached)")
    console.print(f"- target: {TARGET_NPS / 1e6:g} M nodes/s on one core; a node is every "
                  "position entered, quiescence included")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"machine": machine, "seconds": seconds,
                       "rows": [asdict(r) for r in rows]}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
