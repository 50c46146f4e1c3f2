"""Move-generation benchmark: shashki against py-draughts (and dame-rs when installed).

    python benchmarks/perft.py            # full run, a few minutes
    python benchmarks/perft.py --quick    # smaller depths, well under a minute
    python benchmarks/perft.py --json out.json

Measures, in one run (see benchmarks/README.md):

* shashki perft from the initial positions, with bulk counting (the last ply counted,
  not played) and without (every leaf made), against perft.md's dedup counts;
* py-draughts' perft through its public API (``legal_moves``/``push``/``pop``, bulk
  counting at the last ply) on smaller depths, next to shashki at the same depths;
* the International test positions Random178, Woldouby, AllKings, AlmostPromotion
  (perft.md §3), counts asserted;
* dame-rs' native perft (International only) when ``import dame`` works (optional);
* the cost of one fresh ``Board.legal_moves`` in middle-game positions, for shashki
  and py-draughts (pydraughts too when it is installed);
* start-up: ``import shashki``, and ``shashki.Board().perft(3)`` in a new process with
  an empty numba cache (first start, kernels compiled) and with a filled one.

Every count is checked; timings are only printed (no timing asserts).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# The peer loader of the differential tests, shared rather than copied.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules"))
import peers

INITIAL_FEN = {
    "international": "W:W31-50:B1-20",
    "russian": "W:W21-32:B1-12",
    "brazilian": "W:W21-32:B1-12",
}

# perft.md §2, dedup column; index = depth.
INITIAL_COUNTS = {
    "international": [1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    "russian": [1, 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032],
    "brazilian": [1, 7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022],
}

# perft.md §3 (International, dedup); index = depth - 1.
POSITIONS = {
    "Random178": (
        "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
        [14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193],
    ),
    "Woldouby": (
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        [6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645,
         58360286, 346184885],
    ),
    "AllKings": (
        "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,"
        "K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
        [17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162],
    ),
    "AlmostPromotion": (
        "W:W6,7,8,9,10:B41,42,43,44,45",
        [9, 81, 795, 7578, 86351, 936311, 11448262, 138362698],
    ),
}

# Quiet middle-game positions (no capture for either side), for the legal-move cost;
# plus Random178 as a capture position with kings.
MIDDLE_GAME = {
    "russian": "W:W13,18,21,22,26,27,28,30,31:B1,2,3,5,6,7,8,10,16",
    "brazilian": "W:W13,18,21,22,26,27,28,30,31:B1,2,3,5,6,7,8,10,16",
    "international": "W:W27,28,29,33,35,37,38,40,41,42,43,44,45,46,50:"
                     "B3,5,6,8,9,11,14,16,17,18,19,20,24,25,26",
}
GENERATION_CASES = [
    ("russian", "middle game", MIDDLE_GAME["russian"]),
    ("brazilian", "middle game", MIDDLE_GAME["brazilian"]),
    ("international", "middle game", MIDDLE_GAME["international"]),
    ("international", "Random178 (captures)", POSITIONS["Random178"][0]),
]

# (variant, depth) per mode
PLAN = {
    "full": {
        "initial": {"international": 9, "russian": 10, "brazilian": 10},
        "py-draughts": {"russian": 8, "brazilian": 8, "international": 7},
        "positions": {"Random178": 9, "Woldouby": 15, "AllKings": 10, "AlmostPromotion": 8},
        "dame initial": 9,
    },
    "quick": {
        "initial": {"international": 7, "russian": 8, "brazilian": 8},
        "py-draughts": {"russian": 6, "brazilian": 6, "international": 5},
        "positions": {"Random178": 7, "Woldouby": 12, "AllKings": 8, "AlmostPromotion": 7},
        "dame initial": 8,
    },
}


@dataclass
class PerftRow:
    program: str
    what: str
    variant: str
    depth: int
    mode: str  # "bulk" or "make all"
    leaves: int
    seconds: float
    expected: int | None = None

    @property
    def rate(self) -> float:
        return self.leaves / self.seconds if self.seconds > 0 else float("inf")

    @property
    def ok(self) -> bool:
        return self.expected is None or self.leaves == self.expected


@dataclass
class GenRow:
    program: str
    variant: str
    position: str
    how: str
    moves: int
    micros: float


@dataclass
class Figures:
    mode: str
    machine: dict[str, str] = field(default_factory=dict)
    perft: list[PerftRow] = field(default_factory=list)
    generation: list[GenRow] = field(default_factory=list)
    startup: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


# --- peers ------------------------------------------------------------------------------


def _load(dist: str) -> tuple[str, dict[str, Any]] | None:
    """A peer's version and generator modules, loaded as the differential tests load them
    (tests/rules/peers.py: both peers install the package ``draughts``); None if absent."""
    try:
        return importlib.metadata.version(dist), peers.load(dist)
    except (importlib.metadata.PackageNotFoundError, peers.PeerUnavailable):
        return None


def _load_py_draughts() -> dict[str, Any] | None:
    got = _load(peers.PY_DRAUGHTS)
    if got is None:
        return None
    version, mods = got
    boards = {variant: mods[f"draughts.boards.{name}"].Board
              for variant, name in (("russian", "russian"), ("brazilian", "brazilian"),
                                    ("international", "standard"))}
    return {"version": version, "boards": boards}


def _load_pydraughts() -> dict[str, Any] | None:
    got = _load(peers.PYDRAUGHTS)
    if got is None:
        return None
    version, mods = got
    return {"version": version, "board": mods["draughts.core.variant"].Board}


def _load_dame() -> Any | None:
    try:
        import dame  # type: ignore[import-not-found]
    except ImportError:
        return None
    return dame


def py_draughts_perft(board: Any, depth: int) -> int:
    """perft through py-draughts' public API; the last ply is counted (bulk)."""
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += py_draughts_perft(board, depth - 1)
        board.pop()
    return total


def _pydraughts_fen(variant: str, fen: str) -> str:
    """pydraughts reads 8x8 FENs in algebraic squares (its numbers start at a1)."""
    if variant == "international":
        return fen
    turn, *blocks = fen.split(":")
    out = []
    for block in blocks:
        toks = []
        for tok in filter(None, block[1:].split(",")):
            king = tok.startswith("K")
            toks.append(("K" if king else "") + peers.alg8(int(tok[1:] if king else tok)))
        out.append(block[0] + ",".join(toks))
    return ":".join([turn, *out])


# --- measuring ----------------------------------------------------------------------------


def timed(fn: Callable[[], int], repeat: int = 1) -> tuple[int, float]:
    """(result, best wall time of ``repeat`` runs)."""
    best = float("inf")
    result = 0
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return result, best


def per_call_micros(fn: Callable[[], object], budget: float = 0.1, repeat: int = 5) -> float:
    """Best-of-``repeat`` mean time of one call, in µs, ~``budget`` seconds per sample."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * budget / 0.2))
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def run_perft(fig: Figures, plan: dict[str, Any], repeat: int, log: Callable[[str], None]) -> None:
    import shashki

    # load the compiled kernels once, outside the timings
    for variant in INITIAL_FEN:
        shashki.Board(variant).perft(3)
        shashki.Board(variant).perft(3, bulk=False)

    for variant, depth in plan["initial"].items():
        board = shashki.Board(variant)
        expected = INITIAL_COUNTS[variant][depth]
        for bulk, mode in ((True, "bulk"), (False, "make all")):
            log(f"shashki perft {variant} d{depth} {mode}")
            n, secs = timed(lambda b=board, d=depth, k=bulk: b.perft(d, bulk=k), repeat)
            fig.perft.append(PerftRow("shashki", "initial", variant, depth, mode, n, secs,
                                      expected))

    pyd = _load_py_draughts()
    if pyd is None:
        fig.notes.append("py-draughts is not installed: its rows are missing")
    else:
        fig.notes.append(f"py-draughts {pyd['version']}: perft = recursive legal_moves/"
                         "push/pop through its public API, last ply counted")
        for variant, depth in plan["py-draughts"].items():
            expected = INITIAL_COUNTS[variant][depth]
            log(f"py-draughts perft {variant} d{depth}")
            board = pyd["boards"][variant]()
            n, secs = timed(lambda b=board, d=depth: py_draughts_perft(b, d))
            fig.perft.append(PerftRow("py-draughts", "initial", variant, depth, "bulk", n, secs,
                                      expected))
            if plan["initial"].get(variant) != depth:
                sb = shashki.Board(variant)
                n, secs = timed(lambda b=sb, d=depth: b.perft(d), max(repeat, 3))
                fig.perft.append(PerftRow("shashki", "initial", variant, depth, "bulk", n, secs,
                                          expected))

    dame = _load_dame()
    if dame is None:
        fig.notes.append("dame-rs is not installed (optional: pip install dame-rs)")
    else:
        fig.notes.append(f"dame-rs {getattr(dame, '__version__', '?')}: native perft "
                         "(dame.perft), International only")
        depth = plan["dame initial"]
        log(f"dame-rs perft international d{depth}")
        n, secs = timed(lambda: dame.perft(dame.Board(), depth), repeat)
        fig.perft.append(PerftRow("dame-rs", "initial", "international", depth, "bulk", n, secs,
                                  INITIAL_COUNTS["international"][depth]))
        if plan["initial"]["international"] != depth:
            sb = shashki.Board("international")
            n, secs = timed(lambda: sb.perft(depth), repeat)
            fig.perft.append(PerftRow("shashki", "initial", "international", depth, "bulk", n,
                                      secs, INITIAL_COUNTS["international"][depth]))

    for name, depth in plan["positions"].items():
        fen, counts = POSITIONS[name]
        board = shashki.Board("international", fen)
        log(f"shashki perft {name} d{depth}")
        n, secs = timed(lambda b=board, d=depth: b.perft(d), repeat)
        fig.perft.append(PerftRow("shashki", name, "international", depth, "bulk", n, secs,
                                  counts[depth - 1]))
        if dame is not None:
            log(f"dame-rs perft {name} d{depth}")
            n, secs = timed(lambda f=fen, d=depth: dame.perft(dame.Board(f), d), repeat)
            fig.perft.append(PerftRow("dame-rs", name, "international", depth, "bulk", n, secs,
                                      counts[depth - 1]))


def run_generation(fig: Figures, log: Callable[[str], None]) -> None:
    import shashki

    pyd = _load_py_draughts()
    pydr = _load_pydraughts()
    dame = _load_dame()
    for variant, label, fen in GENERATION_CASES:
        log(f"legal moves {variant} {label}")
        board = shashki.Board(variant, fen)
        fen = board.fen()  # normalised: the peers want the White block first
        n = len(board.legal_moves)
        if hasattr(board, "_moves"):

            def fresh(b: Any = board) -> object:
                b._moves = None  # drop the cached list: the next call generates again
                return b.legal_moves

            fig.generation.append(GenRow("shashki", variant, label, "cache reset",
                                         n, per_call_micros(fresh)))
        fig.generation.append(GenRow(
            "shashki", variant, label, "new Board(fen)", n,
            per_call_micros(lambda v=variant, f=fen: shashki.Board(v, f).legal_moves)))
        if pyd is not None:
            pboard = pyd["boards"][variant].from_fen(fen)
            fig.generation.append(GenRow(
                "py-draughts", variant, label, "property (no cache)", len(pboard.legal_moves),
                per_call_micros(lambda b=pboard: b.legal_moves)))
        if pydr is not None:
            vname = "standard" if variant == "international" else variant
            qboard = pydr["board"](vname, _pydraughts_fen(variant, fen))
            fig.generation.append(GenRow(
                "pydraughts", variant, label, "legal_moves() (no cache)",
                len(set(_pydraughts_keys(qboard))),
                per_call_micros(lambda b=qboard: b.legal_moves(), repeat=2)))
        if dame is not None and variant == "international":
            fig.generation.append(GenRow(
                "dame-rs", variant, label, "new Board(fen)", len(dame.Board(fen).legal_moves),
                per_call_micros(lambda f=fen: dame.Board(f).legal_moves)))
    if pydr is not None:
        fig.notes.append(f"pydraughts {pydr['version']}: legal_moves() of its variant Board")


def _pydraughts_keys(board: Any) -> list[tuple[int, int, frozenset[int]]]:
    return [(m.steps_move[0], m.steps_move[-1], frozenset(m.captures or ()))
            for m in board.legal_moves()]


def _run_python(code: str, env: dict[str, str] | None = None) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def run_startup(fig: Figures, log: Callable[[str], None]) -> None:
    """Wall time of new interpreters (best of several, except the one cold start)."""
    env = dict(os.environ)
    log("start-up: python -c pass / import shashki")
    fig.startup["python -c pass"] = min(_run_python("pass") for _ in range(5))
    fig.startup["import shashki"] = min(_run_python("import shashki") for _ in range(5))
    code = "import shashki; shashki.Board().perft(3)"
    with tempfile.TemporaryDirectory(prefix="shashki-numba-") as cache:
        env_cold = {**env, "NUMBA_CACHE_DIR": cache}
        log("start-up: first start with an empty numba cache (compiles the kernels)")
        fig.startup["Board().perft(3), empty numba cache (cold)"] = _run_python(code, env_cold)
        log("start-up: warm starts")
        fig.startup["Board().perft(3), same cache again (warm)"] = min(
            _run_python(code, env_cold) for _ in range(3))
    fig.startup["Board().perft(3), default cache (warm)"] = min(
        _run_python(code, env) for _ in range(3))


# --- report -------------------------------------------------------------------------------


def _fmt_rate(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:,.2f} M/s"
    return f"{rate / 1e3:,.1f} k/s"


def report(fig: Figures) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=150)  # piped or redirected: do not wrap the tables at 80
    console.print(f"[bold]shashki move-generation benchmark[/] ({fig.mode}); "
                  + ", ".join(f"{k} {v}" for k, v in fig.machine.items()))

    # shashki rate at the same (what, variant, depth), bulk, for the ratio column
    ref = {(r.what, r.variant, r.depth): r.rate for r in fig.perft
           if r.program == "shashki" and r.mode == "bulk"}
    table = Table(title="perft (leaves of the legal-move tree; counts checked against perft.md)")
    for col in ("program", "position", "variant", "depth", "counting", "leaves", "seconds",
                "leaves/s", "shashki ÷ this", "count"):
        table.add_column(col, justify="right" if col in (
            "depth", "leaves", "seconds", "leaves/s", "shashki ÷ this") else "left")
    for r in fig.perft:
        ratio = ""
        if r.program != "shashki" and (r.what, r.variant, r.depth) in ref:
            ratio = f"{ref[(r.what, r.variant, r.depth)] / r.rate:,.1f}x"
        table.add_row(r.program, r.what, r.variant, str(r.depth), r.mode, f"{r.leaves:,}",
                      f"{r.seconds:.3f}", _fmt_rate(r.rate), ratio,
                      "ok" if r.ok else f"[red]WRONG, expected {r.expected:,}[/]")
    console.print(table)

    table = Table(title="one fresh legal-move generation (µs per call, best of 5 samples; "
                        "shashki 'cache reset' = board._moves = None before each call)")
    for col in ("program", "variant", "position", "how", "moves", "µs/call",
                "÷ shashki (cache reset)"):
        table.add_column(col, justify="right" if col in (
            "moves", "µs/call", "÷ shashki (cache reset)") else "left")
    base = {(g.variant, g.position): g.micros for g in fig.generation
            if g.program == "shashki" and g.how == "cache reset"}
    for g in fig.generation:
        b = base.get((g.variant, g.position))
        table.add_row(g.program, g.variant, g.position, g.how, str(g.moves), f"{g.micros:,.2f}",
                      f"{g.micros / b:,.1f}x" if b else "")
    console.print(table)

    if fig.startup:
        table = Table(title="start-up (wall time of a new python process)")
        table.add_column("command")
        table.add_column("seconds", justify="right")
        for k, v in fig.startup.items():
            table.add_row(k, f"{v:.3f}")
        console.print(table)
    for note in fig.notes:
        console.print(f"- {note}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller depths (well under a minute)")
    ap.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs per shashki/dame-rs timing, best kept (default 1, quick 3)")
    ap.add_argument("--no-startup", action="store_true", help="skip the subprocess timings")
    args = ap.parse_args(argv)
    mode = "quick" if args.quick else "full"
    repeat = args.repeat or (3 if args.quick else 1)

    import numba

    import shashki

    t0 = time.perf_counter()
    fig = Figures(mode)
    fig.machine = {
        "python": platform.python_version(),
        "numba": numba.__version__,
        "shashki": shashki.__version__,
        "cpu": platform.processor() or platform.machine(),
        "cpus": str(os.cpu_count()),
    }

    def log(msg: str) -> None:
        print(f"  [{time.perf_counter() - t0:6.1f} s] {msg}", file=sys.stderr, flush=True)

    if not args.no_startup:
        run_startup(fig, log)  # first, before this process warms anything up
    run_perft(fig, PLAN[mode], repeat, log)
    run_generation(fig, log)
    fig.notes.append(f"benchmark wall time {time.perf_counter() - t0:.1f} s; timings are "
                     "wall-clock on a possibly shared machine (no timing asserts)")
    report(fig)

    if args.json:
        data = asdict(fig)
        for row, r in zip(data["perft"], fig.perft, strict=True):
            row["leaves_per_second"] = r.rate
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
    bad = [r for r in fig.perft if not r.ok]
    for r in bad:
        print(f"WRONG COUNT: {r.program} {r.what} {r.variant} d{r.depth} {r.mode}: "
              f"{r.leaves:,} != {r.expected:,}", file=sys.stderr)
    # shashki counts are asserted; a peer's wrong count is reported above
    assert not any(r.program == "shashki" for r in bad), "shashki perft count mismatch"
    return 0


if __name__ == "__main__":
    sys.exit(main())

