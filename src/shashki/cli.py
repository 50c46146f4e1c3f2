"""The ``shashki`` command.

Bad input prints one line naming the problem and exits with status 2; no traceback.
Messages speak Russian when ``SHASHKI_LANG`` or ``LANG`` starts with ``ru``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import IO, Any, NoReturn

from shashki.board import Board
from shashki.errors import ShashkiError
from shashki.i18n import tr
from shashki.rules import VARIANTS


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {tr('error')}: {message}\n")
        raise SystemExit(2)


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"shashki: {tr('error')}: {message}\n")
    raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="shashki", description=tr("description"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    perft = sub.add_parser("perft", help=tr("perft.help"))
    _variant_arg(perft)
    perft.add_argument("--depth", type=int, required=True, help=tr("perft.depth"))
    src = perft.add_mutually_exclusive_group()
    src.add_argument("--fen", help=tr("fen.help"))
    src.add_argument("--positions", metavar="FILE", help=tr("perft.positions"))
    perft.add_argument("--divide", action="store_true", help=tr("perft.divide"))
    perft.add_argument("--all-depths", action="store_true", help=tr("perft.all_depths"))
    perft.add_argument("--no-bulk", action="store_true", help=tr("perft.no_bulk"))
    perft.add_argument("--json", action="store_true", help=tr("json.help"))
    perft.set_defaults(func=_cmd_perft)

    moves = sub.add_parser("moves", help=tr("moves.help"))
    _variant_arg(moves)
    moves.add_argument("--fen", help=tr("fen.help"))
    moves.add_argument("--notation", choices=["algebraic", "numeric"],
                       help=tr("notation.help"))
    moves.add_argument("--json", action="store_true", help=tr("json.help"))
    moves.set_defaults(func=_cmd_moves)

    _add_pdn(sub)
    _add_diagram(sub)
    _add_play(sub)

    from shashki.competition.cli import register as register_competition
    from shashki.server.cli import register as register_serve

    register_competition(sub)
    register_serve(sub)
    return p


def _variant_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", default="russian", help=tr("variant.help").format(
        ", ".join(VARIANTS)))


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except ShashkiError as e:
        _fail(str(e))
    except OSError as e:
        _fail(f"{e.filename or ''}: {e.strerror}".strip(": "))
    except KeyboardInterrupt:
        return 130
    return result


# --- perft ---------------------------------------------------------------------------


def _cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        _fail(tr("perft.negative"))
    bulk = not args.no_bulk
    if args.positions:
        return _perft_positions(args, bulk)
    board = Board(args.variant, args.fen)
    if args.divide:
        t0 = time.perf_counter()
        rows = []
        for move, n in board.divide(args.depth):
            rows.append((board.move_text(move), n))
            if not args.json:
                print(f"{board.move_text(move)}: {n}")
        total = sum(n for _, n in rows)
        secs = time.perf_counter() - t0
        if args.json:
            print(json.dumps(_perft_record(board, args.depth, total, secs)
                             | {"divide": dict(rows)}, ensure_ascii=False))
        else:
            print(f"\n{tr('perft.nodes')}: {total}  ({secs:.3f} s)")
        return 0
    t0 = time.perf_counter()
    nodes = board.perft(args.depth, bulk)
    secs = time.perf_counter() - t0
    if args.json:
        print(json.dumps(_perft_record(board, args.depth, nodes, secs)))
    else:
        rate = f", {nodes / secs / 1e6:.1f} M/s" if nodes >= 100_000 else ""
        print(f"{tr('perft.nodes')}: {nodes}  ({secs:.3f} s{rate})")
    return 0


def _perft_record(board: Board, depth: int, nodes: int, secs: float) -> dict[str, Any]:
    return {"variant": board.variant.name, "fen": board.fen(), "depth": depth,
            "nodes": nodes, "seconds": round(secs, 6)}


def _lines(path: str) -> Iterator[tuple[int, str]]:
    stream: IO[str] = sys.stdin if path == "-" else open(path, encoding="utf-8-sig")  # noqa: SIM115
    try:
        for lineno, line in enumerate(stream, 1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield lineno, text
    finally:
        if stream is not sys.stdin:
            stream.close()


def _perft_positions(args: argparse.Namespace, bulk: bool) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    Board(args.variant)  # an unknown variant fails before any output
    fens = list(_lines(args.positions))
    progress = Progress(TextColumn(tr("perft.progress")), BarColumn(),
                        TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                        console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task("perft", total=len(fens))
        bad = 0
        for lineno, fen in fens:
            try:
                board = Board(args.variant, fen)
            except ShashkiError as e:
                # One bad line is reported and skipped; the others still run.
                bad += 1
                progress.console.print(f"shashki: {tr('error')}: {args.positions}:{lineno}: {e}",
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
    for col in ("move", "path", "captured", "fen"):
        table.add_column(tr(f"moves.{col}"))
    for r in rows:
        table.add_row(str(r["move"]) + (" K" if r["promotion"] else ""),
                      "-".join(map(str, r["path"])),
                      ",".join(map(str, r["captured"])), str(r["fen"]))
    Console().print(table)
    outcome = board.outcome()
    if outcome:
        print(tr("moves.none").format(outcome.article))
    return 0


# --- pdn ------------------------------------------------------------------------------


def _add_pdn(sub: Any) -> None:
    pdn = sub.add_parser("pdn", help=tr("pdn.help"))
    cmds = pdn.add_subparsers(dest="pdn_command", required=True, parser_class=_Parser)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", default=None, help=tr("pdn.variant.help").format(
            ", ".join(VARIANTS)))
        p.add_argument("--encoding", default=None, help=tr("pdn.encoding.help"))

    check = cmds.add_parser("check", help=tr("pdn.check.help"))
    check.add_argument("files", nargs="+", metavar="FILE")
    common(check)
    check.add_argument("--all", action="store_true", help=tr("pdn.all.help"))
    check.set_defaults(func=_cmd_pdn_check)

    replay = cmds.add_parser("replay", help=tr("pdn.replay.help"))
    replay.add_argument("file", metavar="FILE")
    common(replay)
    replay.add_argument("--json", action="store_true", help=tr("json.help"))
    replay.set_defaults(func=_cmd_pdn_replay)

    convert = cmds.add_parser("convert", help=tr("pdn.convert.help"))
    convert.add_argument("file", metavar="FILE")
    convert.add_argument("--notation", choices=["algebraic", "numeric"], required=True,
                         help=tr("notation.help"))
    convert.add_argument("-o", "--output", metavar="OUT", help=tr("pdn.output.help"))
    common(convert)
    convert.set_defaults(func=_cmd_pdn_convert)


def _pdn_reader(path: str, args: argparse.Namespace) -> Any:
    from shashki.pdn import PdnReader

    if args.variant is not None:
        Board(args.variant)  # an unknown variant fails before any output
    if args.encoding is not None:
        import codecs

        try:
            codecs.lookup(args.encoding)
        except LookupError:
            _fail(tr("pdn.bad_encoding").format(args.encoding))
    source: Any = sys.stdin.buffer if path == "-" else path
    return PdnReader(source, args.variant, args.encoding)


def _pdn_games(reader: Any, label: str) -> Iterator[Any]:
    """The reader's games, with a progress bar on stderr for files of a megabyte or more."""
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn

    size = reader.size
    if not size or size < 1 << 20:
        yield from reader
        return
    import os

    progress = Progress(TextColumn(os.path.basename(label), markup=False), BarColumn(),
                        DownloadColumn(), TimeElapsedColumn(),
                        TextColumn("{task.fields[games]}"),
                        console=Console(stderr=True), transient=True)
    with progress:
        task = progress.add_task(label, total=size, games="")
        for n, game in enumerate(reader, 1):
            if n % 256 == 0:
                progress.update(task, completed=reader.position,
                                games=tr("pdn.progress.games").format(n))
            yield game


def _error_line(path: str, err: Any) -> str:
    return f"{path}:{err.line}:{err.column}: {tr('pdn.game')} {err.index}: {err.message}"


def _cmd_pdn_check(args: argparse.Namespace) -> int:
    games = broken = errors = unreadable = 0
    for path in args.files:
        try:
            reader = _pdn_reader(path, args)
            for game in _pdn_games(reader, path):
                games += 1
                if game.errors:
                    broken += 1
                    errors += len(game.errors)
                    for err in game.errors if args.all else game.errors[:1]:
                        print(_error_line(path, err), flush=False)
        except OSError as e:
            unreadable += 1
            sys.stderr.write(f"shashki: {tr('error')}: {path}: {e.strerror or e}\n")
    print(tr("pdn.summary").format(files=len(args.files), games=games, broken=broken,
                                   errors=errors))
    if unreadable:
        return 2
    return 1 if broken else 0


def _cmd_pdn_replay(args: argparse.Namespace) -> int:
    broken = 0
    reader = _pdn_reader(args.file, args)
    for game in _pdn_games(reader, args.file):
        if game.errors:
            broken += 1
            err = game.errors[0]
            if args.json:
                print(json.dumps({"index": game.index, "error": err.to_dict()},
                                 ensure_ascii=False))
            else:
                print(_error_line(args.file, err))
            continue
        verdict = _verdict(game)
        if args.json:
            print(json.dumps({"index": game.index, "headers": dict(game.headers),
                              "plies": game.ply_count(), "fen": game.end_fen(), **verdict},
                             ensure_ascii=False))
        else:
            t = verdict["termination"]
            why = f"  {verdict['result']} {t['kind']} ({t['article']}, {t['ply']})" if t else ""
            print(f"{game.index}: {game.ply_count()} {tr('pdn.plies')}  {game.end_fen()}{why}")
    return 1 if broken else 0


def _verdict(record: Any) -> dict[str, Any]:
    """What the rules say of a record (Code 1.8.1, 1.9.1): the result, the ending's kind,
    article and ply; the file's ``Result`` tag too when it says otherwise."""
    from shashki.game import judge
    from shashki.pdn.gametype import result_meaning

    played = judge(record)
    tag = record.result
    t = played.termination
    if t is None:
        return {"result": result_meaning(tag) or tag, "termination": None}
    out: dict[str, Any] = {"result": played.result, "termination": {
        "kind": t.kind.value, "article": t.article, "ply": t.ply}}
    if result_meaning(tag) != played.result:
        out["result_tag"] = tag
    return out


def _cmd_pdn_convert(args: argparse.Namespace) -> int:
    from shashki.pdn import PdnWriter

    writer = PdnWriter(args.notation)
    reader = _pdn_reader(args.file, args)
    out: IO[str] = (open(args.output, "w", encoding="utf-8") if args.output  # noqa: SIM115
                    else sys.stdout)
    broken = 0
    try:
        for n, game in enumerate(_pdn_games(reader, args.file)):
            if n:
                out.write("\n")
            if game.errors:
                # A broken game is copied as read, after a line comment saying why.
                broken += 1
                err = game.errors[0]
                sys.stderr.write(_error_line(args.file, err) + "\n")
                out.write(f"% {tr('pdn.not_converted')}: {err}\n{game.raw}\n")
                continue
            out.write(writer.write(game))
    finally:
        if out is not sys.stdout:
            out.close()
    return 1 if broken else 0




# --- diagram, play ------------------------------------------------------------------------


def _add_diagram(sub: Any) -> None:
    d = sub.add_parser("diagram", help=tr("diagram.help"))
    _variant_arg(d)
    d.add_argument("--fen", help=tr("fen.help"))
    d.add_argument("--move", help=tr("diagram.move"))
    d.add_argument("--flip", action="store_true", help=tr("diagram.flip"))
    d.add_argument("--coordinates", choices=["auto", "algebraic", "numeric", "none"],
                   default="auto", help=tr("diagram.coordinates"))
    d.add_argument("--size", type=int, default=400, help=tr("diagram.size"))
    d.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png",
                   help=tr("diagram.output"))
    d.set_defaults(func=_cmd_diagram)


def _cmd_diagram(args: argparse.Namespace) -> int:
    from shashki.svg import board_svg, svg_to_png

    if not args.output.lower().endswith((".svg", ".png")):
        _fail(tr("diagram.bad_output").format(args.output))
    if args.size < 16:
        _fail(tr("diagram.bad_size"))
    board = Board(args.variant, args.fen)
    move = board.parse_move(args.move) if args.move else None
    coords = None if args.coordinates == "none" else args.coordinates
    svg = board_svg(board, size=args.size, flipped=args.flip, coordinates=coords, move=move)
    if args.output.lower().endswith(".png"):
        with open(args.output, "wb") as f:
            f.write(svg_to_png(svg))
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(svg)
    return 0


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help=tr("play.help"))
    _variant_arg(p)
    p.add_argument("--fen", help=tr("fen.help"))
    p.add_argument("--time", metavar="CONTROL", help=tr("play.time"))
    p.add_argument("--ruleset", help=tr("play.ruleset"))
    p.add_argument("-o", "--output", metavar="GAME.pdn", default="game.pdn",
                   help=tr("play.output"))
    p.set_defaults(func=_cmd_play)


def _cmd_play(args: argparse.Namespace) -> int:
    from shashki.game import Game
    from shashki.pdn import write_game
    from shashki.play import run

    game = Game(args.variant, args.fen, ruleset=args.ruleset, time_control=args.time)

    def save(g: Game) -> str:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(write_game(g.to_pdn()))
        return str(args.output)

    game.start()
    run(game, save=save)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
