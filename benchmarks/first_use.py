"""First use: how long a fresh installation waits before it answers, per variant and per
entry point, with a cold numba cache (a new empty ``NUMBA_CACHE_DIR``: the kernels
compile) and a warm one (the same directory again: they load from it).

Entry points, each a new ``shashki`` process:

- ``analyse``: ``shashki analyse --variant V --time 0.5 --json``; the wall time, and the
  depth and time the last iteration reports (compilation must not count in the latter);
- ``perft``: ``shashki perft --variant V --depth D --json``; the wall time and the seconds
  perft reports (the rate's denominator);
- ``hub``: ``shashki hub --variant V``, ``hub`` then ``init``: seconds until ``ready``;
- ``serve``: ``shashki serve --database sqlite:///<tmp>`` on a free loopback port:
  seconds until ``/`` answers (one row, not per variant);

and ``shashki --version`` (the console script beside the interpreter, if installed)
against ``python -c "import shashki"`` (median of a few runs, and their ratio).

    python benchmarks/first_use.py                          # every variant and entry point
    python benchmarks/first_use.py --variants russian international --entries analyse perft
    python benchmarks/first_use.py --warm 5 --json first_use.json
    python benchmarks/first_use.py --show first_use.json    # the table of a run saved so

Wall-clock figures on whatever machine runs it (a shared one is noisy: the warm figures
are medians of ``--warm`` runs, the cold ones of ``--cold`` runs, each with its own new
cache); nothing is asserted about them.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway", "russian-80")
ENTRIES = ("analyse", "perft", "hub", "serve")
PERFT_DEPTH = {"russian": 7, "brazilian": 7, "international": 6, "russian-giveaway": 7,
               "russian-80": 6}
SHASHKI = [sys.executable, "-m", "shashki.cli"]
TIMEOUT = 900.0


@dataclass
class Run:
    wall: float
    """Seconds from the process's start to its answer."""
    reported: dict[str, float] = field(default_factory=dict)
    """What the command itself reported (depth, time, seconds)."""


@dataclass
class Row:
    entry: str
    variant: str
    cold: list[Run]
    warm: list[Run]


def env_with(cache: Path) -> dict[str, str]:
    return {**os.environ, "NUMBA_CACHE_DIR": str(cache), "SHASHKI_LANG": "en",
            "PYTHONDONTWRITEBYTECODE": "1"}


def run_analyse(variant: str, cache: Path) -> Run:
    t0 = time.perf_counter()
    r = subprocess.run([*SHASHKI, "analyse", "--variant", variant, "--time", "0.5", "--json",
                        "--egdb", "off"], capture_output=True, text=True, timeout=TIMEOUT,
                       env=env_with(cache))
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError(f"analyse {variant}: {r.stderr[-800:]}")
    last = [json.loads(line) for line in r.stdout.splitlines() if '"depth"' in line][-1]
    return Run(wall, {"depth": last["depth"], "time": last["time"], "nodes": last["nodes"]})


def run_perft(variant: str, cache: Path) -> Run:
    t0 = time.perf_counter()
    r = subprocess.run([*SHASHKI, "perft", "--variant", variant, "--depth",
                        str(PERFT_DEPTH[variant]), "--json"], capture_output=True, text=True,
                       timeout=TIMEOUT, env=env_with(cache))
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise RuntimeError(f"perft {variant}: {r.stderr[-800:]}")
    rec = json.loads(r.stdout.strip().splitlines()[-1])
    return Run(wall, {"time": rec["seconds"], "nodes": rec["nodes"]})


def run_hub(variant: str, cache: Path) -> Run:
    t0 = time.perf_counter()
    p = subprocess.Popen([*SHASHKI, "hub", "--variant", variant, "--egdb", "off"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, env=env_with(cache))
    assert p.stdin is not None and p.stdout is not None
    try:
        p.stdin.write("hub\n")
        p.stdin.flush()
        for line in p.stdout:
            if line.startswith("wait"):
                p.stdin.write("init\n")
                p.stdin.flush()
            elif line.startswith("ready"):
                break
        else:
            raise RuntimeError(f"hub {variant}: no ready")
        wall = time.perf_counter() - t0
        p.stdin.write("quit\n")
        p.stdin.flush()
        p.wait(60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    return Run(wall)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def run_serve(variant: str, cache: Path) -> Run:
    del variant  # the platform serves every variant
    with tempfile.TemporaryDirectory(prefix="shashki-first-use-db-") as d:
        port = free_port()
        t0 = time.perf_counter()
        p = subprocess.Popen([*SHASHKI, "serve", "--database", f"sqlite:///{d}/site.db",
                              "--host", "127.0.0.1", "--port", str(port)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env_with(cache), start_new_session=True)
        try:
            while True:
                if p.poll() is not None:
                    raise RuntimeError("serve exited")
                if time.perf_counter() - t0 > TIMEOUT:
                    raise RuntimeError("serve: no answer")
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                        r.read()
                    break
                except OSError:
                    time.sleep(0.05)
            wall = time.perf_counter() - t0
        finally:
            p.terminate()
            try:
                p.wait(30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    return Run(wall)


RUNNERS: dict[str, Callable[[str, Path], Run]] = {
    "analyse": run_analyse, "perft": run_perft, "hub": run_hub, "serve": run_serve}


def measure(entry: str, variant: str, cold: int, warm: int) -> Row:
    runner = RUNNERS[entry]
    row = Row(entry, variant, [], [])
    with tempfile.TemporaryDirectory(prefix="shashki-first-use-") as d:
        for i in range(cold):
            cache = Path(d) / f"cache{i}"
            row.cold.append(runner(variant, cache))
        for _ in range(warm):
            row.warm.append(runner(variant, Path(d) / "cache0"))
    return row


def startup(repeat: int) -> tuple[float, float]:
    """Medians of ``python -c "import shashki"`` and ``shashki --version``."""
    def timed(cmd: list[str]) -> float:
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True, timeout=120)
        return time.perf_counter() - t0

    script = Path(sys.executable).with_name("shashki")  # what users run, if installed
    command = [str(script)] if script.is_file() else SHASHKI
    imp = [timed([sys.executable, "-c", "import shashki"]) for _ in range(repeat)]
    ver = [timed([*command, "--version"]) for _ in range(repeat)]
    return statistics.median(imp), statistics.median(ver)


def median(runs: list[Run], key: str | None = None) -> float | None:
    values = [r.wall if key is None else r.reported[key] for r in runs
              if key is None or key in r.reported]
    return statistics.median(values) if values else None


def cell(x: float | None, fmt: str = "{:.2f}") -> str:
    return "-" if x is None else fmt.format(x)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--entries", nargs="+", default=list(ENTRIES), choices=ENTRIES)
    ap.add_argument("--cold", type=int, default=1, help="cold runs (each a new cache)")
    ap.add_argument("--warm", type=int, default=3, help="warm runs (median)")
    ap.add_argument("--startup", type=int, default=7, help="runs of --version and import")
    ap.add_argument("--json", metavar="FILE", help="also write every figure as JSON")
    ap.add_argument("--show", metavar="FILE", help="print the table of a --json file, measure "
                                                   "nothing")
    args = ap.parse_args()

    from rich.console import Console
    from rich.table import Table

    err = Console(stderr=True)
    rows: list[Row] = []
    if args.show:
        data = json.loads(Path(args.show).read_text(encoding="utf-8"))
        rows = [Row(r["entry"], r["variant"], [Run(**x) for x in r["cold"]],
                    [Run(**x) for x in r["warm"]]) for r in data["rows"]]
        imp, ver = data["import"], data["version"]
        args.cold = max((len(r.cold) for r in rows), default=0)
        args.warm = max((len(r.warm) for r in rows), default=0)
        load = data.get("load")
    else:
        for entry in args.entries:
            for variant in (args.variants if entry != "serve" else ["-"]):
                err.print(f"[dim]{entry} {variant} …[/dim]")
                t0 = time.perf_counter()
                rows.append(measure(entry, variant, args.cold, args.warm))
                err.print(f"[dim]  {time.perf_counter() - t0:.0f} s[/dim]")
        imp, ver = startup(args.startup)
        load = list(os.getloadavg())

    table = Table(title=f"first use (cold: new NUMBA_CACHE_DIR, median of {args.cold}; "
                        f"warm: median of {args.warm}); seconds")
    for head in ("entry", "variant", "cold wall", "cold reported", "warm wall",
                 "warm reported"):
        table.add_column(head, justify="left" if head in ("entry", "variant") else "right")

    def reported(runs: list[Run], entry: str) -> str:
        if entry == "analyse":
            return (f"depth {cell(median(runs, 'depth'), '{:.0f}')}, "
                    f"{cell(median(runs, 'time'))} s")
        if entry == "perft":
            return f"{cell(median(runs, 'time'), '{:.3f}')} s"
        return "-"

    for row in rows:
        table.add_row(row.entry, row.variant, cell(median(row.cold)),
                      reported(row.cold, row.entry), cell(median(row.warm)),
                      reported(row.warm, row.entry))
    console = Console(width=max(Console().width, 110))
    console.print(table)
    console.print(f"python -c 'import shashki': {imp:.3f} s; shashki --version: {ver:.3f} s; "
                  f"ratio {ver / imp:.2f} (medians)")
    if load is not None:
        console.print(f"[dim]{os.cpu_count()} CPUs, load average at the end "
                      f"{', '.join(f'{x:.1f}' for x in load)}[/dim]")
    if args.json and not args.show:
        Path(args.json).write_text(json.dumps(
            {"rows": [asdict(r) for r in rows], "import": imp, "version": ver, "load": load},
            indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
