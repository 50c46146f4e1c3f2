"""Search speed of the compiled engine from each variant's initial position.

For every variant: nodes per second over a timed search, the depth reached in one
second, and the nodes and time to a fixed depth (a reproducible count for comparing
search changes). One core; a fresh engine and table per run; the kernels are loaded
before any timing. Timings are wall-clock on a possibly shared machine: the best of
``--repeat`` runs is kept and nothing is asserted about them.

    python benchmarks/search.py            # 5 s per variant
    python benchmarks/search.py --quick    # 1 s per variant
    python benchmarks/search.py --quick --baseline   # and shashki@baseline-2026-12
                                                     # beside it, alternating runs

With ``--baseline`` every figure is also measured for the fixed baseline engine (the
hand-set evaluation) in the same run, one search after the other, and the table gives
the current engine's nodes/s as a share of the baseline's: the cost of the learned
evaluation, measured against a peer under the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway", "russian-80")
FIXED_DEPTH = {"russian": 14, "brazilian": 14, "international": 12, "russian-giveaway": 14,
               "russian-80": 13}
TARGET_NPS = 3_000_000


@dataclass
class Row:
    variant: str
    version: str
    seconds: float
    nodes: int
    nps: float
    depth: int
    depth_1s: int
    nodes_1s: int
    fixed_depth: int
    fixed_nodes: int
    fixed_seconds: float
    fixed_cpu_nps: float
    """Nodes per CPU second of the fixed-depth search (the process's own time: steadier
    than wall-clock rates on a shared machine)."""
    pv: str


def measure(variant: str, seconds: float, repeat: int, hash_mb: int,
            version: str = "current") -> Row:
    from shashki import Board
    from shashki.engine import Engine

    def engine() -> Engine:
        return Engine(variant, hash_mb=hash_mb, version=version)

    board = Board(variant)
    best = None
    for _ in range(repeat):
        a = engine().analyse(board, time=seconds)
        if best is None or a.nps > best.nps:
            best = a
    assert best is not None
    one = max((engine().analyse(board, time=1.0) for _ in range(repeat)),
              key=lambda a: (a.depth, -a.nodes))
    d = FIXED_DEPTH[variant]
    runs = []
    for _ in range(repeat):
        e = engine()
        c0 = time.process_time()
        a = e.analyse(board, depth=d)
        runs.append((time.process_time() - c0, a))
    cpu, fixed = min(runs, key=lambda r: r[0])
    return Row(variant, version, best.time, best.nodes, best.nps, best.depth, one.depth,
               one.nodes, d, fixed.nodes, fixed.time, fixed.nodes / max(cpu, 1e-9),
               " ".join(best.pv_text(board)[:6]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="1 s per variant instead of 5 s")
    ap.add_argument("--seconds", type=float, help="seconds per timed search")
    ap.add_argument("--repeat", type=int, default=1, help="runs per figure, best kept")
    ap.add_argument("--hash", type=int, default=64, help="table size in MB")
    ap.add_argument("--variant", action="append", choices=VARIANTS,
                    help="only this variant (repeatable)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    ap.add_argument("--baseline", action="store_true",
                    help="also measure shashki@baseline-2026-12, alternating with the current")
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
    versions = ["current", "baseline-2026-12"] if args.baseline else ["current"]
    for v in variants:  # load (or compile) the kernels outside the timings
        for ver in versions:
            Engine(v, hash_mb=1, version=ver).analyse(Board(v), depth=3)
    load = time.perf_counter() - t

    rows = []
    with Progress(TextColumn("[bold]search[/] {task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                  console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=len(variants) * len(versions))
        for v in variants:
            for ver in versions:
                progress.update(task, description=f"{v} {ver}")
                rows.append(measure(v, seconds, args.repeat, args.hash, ver))
                progress.advance(task)

    machine = {"python": platform.python_version(), "numba": numba.__version__,
               "shashki": shashki.__version__, "cpu": platform.processor() or platform.machine(),
               "cpus": str(os.cpu_count())}
    console.print(f"[bold]shashki search benchmark[/], one thread, {args.hash} MB table; "
                  + ", ".join(f"{k} {v}" for k, v in machine.items()))
    table = Table(title=f"search from the initial position ({seconds:g} s timed searches)")
    for col in ("variant", "engine", "nodes", "seconds", "nodes/s", "of baseline", "depth",
                "depth in 1 s", "fixed depth", "nodes", "seconds", "CPU nodes/s",
                "of baseline (CPU)"):
        table.add_column(col, justify="left" if col in ("variant", "engine") else "right")
    base = {r.variant: r.nps for r in rows if r.version != "current"}
    base_cpu = {r.variant: r.fixed_cpu_nps for r in rows if r.version != "current"}
    for r in rows:
        rate = f"{r.nps / 1e6:.2f} M"
        if r.nps < TARGET_NPS:
            rate = f"[yellow]{rate}[/]"
        share = (f"{100 * r.nps / base[r.variant]:.0f} %"
                 if r.version == "current" and base.get(r.variant) else "")
        share_cpu = (f"{100 * r.fixed_cpu_nps / base_cpu[r.variant]:.0f} %"
                     if r.version == "current" and base_cpu.get(r.variant) else "")
        table.add_row(r.variant, r.version, f"{r.nodes:,}", f"{r.seconds:.2f}", rate, share,
                      str(r.depth), str(r.depth_1s), str(r.fixed_depth), f"{r.fixed_nodes:,}",
                      f"{r.fixed_seconds:.2f}", f"{r.fixed_cpu_nps / 1e6:.2f} M", share_cpu)
    console.print(table)
    for r in rows:
        console.print(f"- {r.variant} ({r.version}) PV: {r.pv}")
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
