"""``shashki egdb build`` and ``shashki egdb probe``.

``build`` solves every position up to ``--pieces`` pieces with a progress bar per pair of
slices and ends with a summary (positions, wins/draws/losses, time, size on disk).
``probe`` prints the result of a position for the side to move and the database's moves.
Both take ``--dir`` (default: :func:`shashki.engine.egdb.default_dir`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from shashki.i18n import N_, _, pgettext
from shashki.rules import as_variant

_OUTCOMES = {"win": N_("win: {} moves to the end ({} plies)"), "loss": N_("loss: {} moves to the "
                                                                          "end ({} plies)")}


def register(subparsers: Any) -> None:
    """Add ``egdb build`` and ``egdb probe`` to ``subparsers`` (from ``add_subparsers``)."""
    from shashki.cli.base import Parser

    variants = "russian, brazilian, international"
    g = subparsers.add_parser("egdb", help=_("endgame databases: build by retrograde analysis, "
                                             "probe a position"))
    sub = g.add_subparsers(dest="egdb_command", required=True, parser_class=Parser)
    b = sub.add_parser("build", help=_("build the database of every position up to N pieces"))
    b.add_argument("--variant", default="russian", help=_("variant: {}").format(variants))
    b.add_argument("--pieces", type=int, required=True, help=_("most pieces on the board (both "
                                                               "sides)"))
    b.add_argument("--dir", help=_("database directory (default: {})").format(
        "<user data>/shashki/egdb/<variant>"))
    b.add_argument("--json", action="store_true", help=_("print JSON"))
    b.set_defaults(func=cmd_build)
    p = sub.add_parser("probe", help=_("the database's result and moves for a position"))
    p.add_argument("--variant", default="russian", help=_("variant: {}").format(variants))
    p.add_argument("--fen", required=True, help=_("position as PDN FEN"))
    p.add_argument("--dir", help=_("database directory (default: {})").format(
        "<user data>/shashki/egdb/<variant>"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=cmd_probe)


def cmd_build(args: argparse.Namespace) -> int:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from shashki.engine.egdb import Database
    from shashki.engine.egdb.build import check_variant
    from shashki.engine.egdb.tables import Layout

    v = as_variant(args.variant)
    check_variant(v, args.pieces)
    tasks: dict[str, Any] = {}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TimeRemainingColumn(), transient=False,
                  disable=args.json or not sys.stderr.isatty(),
                  console=None) as bar:

        work = 2 * Layout(v, args.pieces).positions  # each position: first pass, settling
        overall = bar.add_task(_("all slices"), total=work)
        seen: dict[str, int] = {}

        def progress(name: str, done: int, total: int) -> None:
            if name not in tasks:
                tasks[name] = bar.add_task(name, total=total)
            bar.update(tasks[name], completed=done)
            bar.advance(overall, done - seen.get(name, 0))
            seen[name] = done

        db = Database.build(v, args.pieces, args.dir, progress)
        bar.update(overall, completed=work)
    r = db.report
    assert r is not None
    size = r.stored
    info = {"variant": v.name, "pieces": args.pieces, "positions": r.positions,
            "wins": r.wins, "draws": r.draws, "losses": r.losses,
            "slices": len(r.slices), "solve": r.solve_seconds, "wall": r.seconds,
            "size": size / 1e6, "bits": 8 * size / max(r.positions, 1),
            "dir": str(r.directory), "bytes": size,
            "longest": max((s.longest for s in r.slices), default=0)}
    if args.json:
        print(json.dumps(info))
    else:
        print(_("{variant}, up to {pieces} pieces: {positions:,} positions ({wins:,} wins, "
                "{draws:,} draws, {losses:,} losses) in {slices} slices; solved in {solve:.1f} s "
                "(this run {wall:.1f} s); {size:.1f} MB on disk ({bits:.2f} bits a position) in "
                "{dir}").format(**info))
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    from shashki.board import Board
    from shashki.engine.egdb import Database, Result

    v = as_variant(args.variant)
    board = Board(v, args.fen)
    db = Database.open(v, Path(args.dir) if args.dir else None)
    r = db.probe(board)
    w, b, _kings, _empty = board.position
    if r is None:
        from shashki.engine.egdb import EgdbError

        raise EgdbError(_("not in the database: {} pieces, it holds up to "
                          "{}").format((w | b).bit_count(), db.pieces))
    moves = db.moves(board) or []
    best = moves[0][0] if moves else None
    if args.json:
        print(json.dumps({
            "fen": board.fen(), "outcome": r.outcome, "plies": r.plies, "moves": r.moves,
            "best": board.move_text(best) if best is not None else None,
            "lines": [{"move": board.move_text(m), "outcome": _flip(c).outcome,
                       "plies": None if c.plies is None else c.plies + 1}
                      for m, c in moves],
        }, ensure_ascii=False))
        return 0
    side = (pgettext("whose move", "White") if board.turn == 0
            else pgettext("whose move", "Black"))
    print(_("{} to move: {}").format(side, _text(r)))
    if best is not None:
        print(_('best move') + f': {board.move_text(best)}')
        for m, c in moves:
            after = Result(_flip(c).outcome, None if c.plies is None else c.plies + 1)
            print(f"  {board.move_text(m):<12} {_text(after)}")
    elif r.plies == 0:
        print(_("the game is over"))
    return 0


def _flip(r: Any) -> Any:
    """A child's result seen by the side that made the move."""
    from shashki.engine.egdb import Result

    return Result({"win": "loss", "loss": "win", "draw": "draw"}[r.outcome], r.plies)


def _text(r: Any) -> str:
    if r.outcome == "draw":
        return _("draw")
    return _(_OUTCOMES[r.outcome]).format(r.moves, r.plies)
