"""``shashki perft`` and ``shashki moves``: the rules core from the command line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from typing import IO, Any

from shashki.board import Board
from shashki.cli.base import fail, variant_arg
from shashki.errors import ShashkiError
from shashki.i18n import N_, _

MAX_PERFT_DEPTH = 64
"""Deepest perft asked for (the move buffers grow with the depth; no perft of 64 plies
can finish: International depth 20 alone would take years)."""


def register(sub: Any) -> None:
    perft = sub.add_parser("perft", help=_("count the leaves of the move tree"))
    variant_arg(perft)
    perft.add_argument("--depth", type=int, required=True, help=_("depth in plies"))
    src = perft.add_mutually_exclusive_group()
    src.add_argument("--fen", help=_("position as PDN FEN, e.g. W:W21-32:B1-12"))
    src.add_argument("--positions", metavar="FILE", help=_("file with one FEN a line ('-' for "
                                                           "stdin)"))
    perft.add_argument("--divide", action="store_true", help=_("count under each root move"))
    perft.add_argument("--all-depths", action="store_true", help=_("counts for every depth 1..D"))
    perft.add_argument("--no-bulk", action="store_true", help=_("play every leaf instead of "
                                                                "counting the last ply"))
    perft.add_argument("--json", action="store_true", help=_("print JSON"))
    perft.set_defaults(func=_cmd_perft)

    moves = sub.add_parser("moves", help=_("list the legal moves of a position"))
    variant_arg(moves)
    moves.add_argument("--fen", help=_("position as PDN FEN, e.g. W:W21-32:B1-12"))
    moves.add_argument("--notation", choices=["algebraic", "numeric"],
                       help=_("move notation (default: algebraic on 8x8, numeric on 10x10)"))
    moves.add_argument("--json", action="store_true", help=_("print JSON"))
    moves.set_defaults(func=_cmd_moves)


# --- perft ---------------------------------------------------------------------------


def _cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        fail(_("depth must be 0 or more"))
    if args.depth > MAX_PERFT_DEPTH:
        fail(_("--depth {depth} is too deep: perft goes to {MAX_PERFT_DEPTH} plies at "
               "most").format(depth=args.depth, MAX_PERFT_DEPTH=MAX_PERFT_DEPTH))
    bulk = not args.no_bulk
    if args.positions:
        return _perft_positions(args, bulk)
    board = Board(args.variant, args.fen)
    _compile_perft(board, bulk)
    if args.divide:
        t0 = time.perf_counter()
        rows = []
        for move, n in board.divide(args.depth):
            rows.append((board.move_text(move), n))
            if not args.json:
                print(f"{board.move_text(move)}: {n}")
        total = sum(n for _move, n in rows)
        secs = time.perf_counter() - t0
        if args.json:
            print(json.dumps(_perft_record(board, args.depth, total, secs)
                             | {"divide": dict(rows)}, ensure_ascii=False))
        else:
            print('\n' + _('nodes') + f': {total}  ({secs:.3f} s)')
        return 0
    t0 = time.perf_counter()
    nodes = board.perft(args.depth, bulk)
    secs = time.perf_counter() - t0
    if args.json:
        print(json.dumps(_perft_record(board, args.depth, nodes, secs)))
    else:
        rate = f", {nodes / secs / 1e6:.1f} M/s" if nodes >= 100_000 else ""
        print(_('nodes') + f': {nodes}  ({secs:.3f} s{rate})')
    return 0


def _compile_perft(board: Board, bulk: bool) -> None:
    """Compile (or load) the kernels a perft of ``board`` calls before any clock starts:
    the seconds and the rate shashki prints are the count's alone (docs/engine.md, "First
    use")."""
    from shashki.rules import movegen

    movegen.compile_moves(board.variant)
    movegen.compile_perft(board.variant, bulk)


def _perft_record(board: Board, depth: int, nodes: int, secs: float) -> dict[str, Any]:
    return {"variant": board.variant.name, "fen": board.fen(), "depth": depth,
            "nodes": nodes, "seconds": round(secs, 6)}


class _BadLine(Exception):
    """A line of a positions file that is not text."""


def _lines(path: str) -> Iterator[tuple[int, str | _BadLine]]:
    """The FEN lines of ``path`` (``-``: stdin), numbered; a line that is not UTF-8 comes
    as a :class:`_BadLine` naming its column, so that the others still run. A binary
    file (a NUL byte in its first 8 KB) is refused whole."""
    stream: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    try:
        head = stream.peek(8192)[:8192] if hasattr(stream, "peek") else b""
        if b"\0" in head:
            fail(_("{path}: a binary file, not text (one FEN a line)").format(path=path))
        for lineno, raw in enumerate(stream, 1):
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8").strip()
            except UnicodeDecodeError as e:
                yield lineno, _BadLine(_("column {value}: byte 0x{value2:02x} is not UTF-8 "
                                         "text").format(value=e.start + 1, value2=raw[e.start]))
                continue
            if text and not text.startswith("#"):
                yield lineno, text
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _perft_positions(args: argparse.Namespace, bulk: bool) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    _compile_perft(Board(args.variant), bulk)  # an unknown variant fails before any output
    fens = list(_lines(args.positions))
    console = Console(stderr=True)
    progress = Progress(TextColumn(_("perft")), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                        console=console, transient=True, disable=not console.is_terminal)
    with progress:
        task = progress.add_task("perft", total=len(fens))
        bad = 0
        for lineno, fen in fens:
            try:
                if isinstance(fen, _BadLine):
                    raise fen
                board = Board(args.variant, fen)
            except (ShashkiError, _BadLine) as e:
                # One bad line is reported and skipped; the others still run.
                bad += 1
                progress.console.print('shashki: ' + _('error')
                                       + f': {args.positions}:{lineno}: {e}',
                                       markup=False, highlight=False, soft_wrap=True)
                progress.advance(task)
                continue
            t0 = time.perf_counter()
            if args.all_depths:
                counts = [board.perft(d, bulk) for d in range(1, args.depth + 1)]
                rec = _perft_record(board, args.depth, counts[-1] if counts else 1,
                                    time.perf_counter() - t0)
                rec["nodes_by_depth"] = counts
            else:
                nodes = board.perft(args.depth, bulk)
                rec = _perft_record(board, args.depth, nodes, time.perf_counter() - t0)
            print(json.dumps(rec), flush=True)
            progress.advance(task)
    return 2 if bad else 0


# --- moves ----------------------------------------------------------------------------


def _cmd_moves(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    rows: list[dict[str, Any]] = []
    for move in board.legal_moves:
        board.push(move)
        after = board.fen()
        board.pop()
        rows.append({"move": board.move_text(move, args.notation), "path": list(move.path),
                     "captured": list(move.captures), "promotion": move.promotion,
                     "fen": after})
    if args.json:
        print(json.dumps({"variant": board.variant.name, "fen": board.fen(), "moves": rows},
                         ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{board.variant.title}: {board.fen()}")
    for head in (N_("move"), N_("path"), N_("captured"), N_("FEN after")):
        table.add_column(_(head))
    for r in rows:
        table.add_row(str(r["move"]) + (" K" if r["promotion"] else ""),
                      "-".join(map(str, r["path"])),
                      ",".join(map(str, r["captured"])), str(r["fen"]))
    Console().print(table)
    outcome = board.outcome()
    if outcome:
        print(_("no legal moves: the game is over ({})").format(outcome.article))
    return 0
