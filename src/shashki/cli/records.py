"""``shashki pdn check|replay|convert`` and ``shashki diagram``: records and pictures."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from shashki.board import Board
from shashki.cli.base import Parser, fail, variant_arg
from shashki.i18n import _
from shashki.rules import VARIANTS

MAX_DIAGRAM_SIZE = 10_000
"""Widest diagram in pixels (cairo cannot make a PNG much larger)."""


def register(sub: Any) -> None:
    _add_pdn(sub)
    _add_diagram(sub)


# --- pdn ------------------------------------------------------------------------------


def _add_pdn(sub: Any) -> None:
    pdn = sub.add_parser("pdn", help=_("read, check and convert PDN game records"))
    cmds = pdn.add_subparsers(dest="pdn_command", required=True, parser_class=Parser)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", default=None, help=_("variant of games without a GameType tag "
                                                         "(default: inferred from the squares): "
                                                         "{}").format(
            ", ".join(VARIANTS)))
        p.add_argument("--encoding", default=None, help=_("file encoding (default: detect UTF-8, "
                                                          "UTF-8 with BOM, Windows-1251, CP866)"))

    check = cmds.add_parser("check", help=_("check every game of PDN files: one line per broken "
                                            "game and per warning"))
    check.add_argument("files", nargs="+", metavar="FILE")
    common(check)
    check.add_argument("--all", action="store_true", help=_("list every error of a broken game, "
                                                            "not only the first"))
    check.set_defaults(func=_cmd_pdn_check)

    replay = cmds.add_parser("replay", help=_("replay each game: JSON lines with the final "
                                              "position"))
    replay.add_argument("file", metavar="FILE")
    common(replay)
    replay.add_argument("--json", action="store_true", help=_("print JSON"))
    replay.set_defaults(func=_cmd_pdn_replay)

    convert = cmds.add_parser("convert", help=_("rewrite PDN in algebraic or numeric notation"))
    convert.add_argument("file", metavar="FILE")
    convert.add_argument("--notation", choices=["algebraic", "numeric"], required=True,
                         help=_("move notation (default: algebraic on 8x8, numeric on 10x10)"))
    convert.add_argument("-o", "--output", metavar="OUT", help=_("output file (default: standard "
                                                                 "output)"))
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
            fail(_("unknown encoding {!r}").format(args.encoding))
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
                                games=_("{} games").format(n))
            yield game


def _error_line(path: str, err: Any) -> str:
    return (f'{path}:{err.line}:{err.column}: ' + _('game') + f' {err.index}: {err.message}')


def _warning_line(path: str, w: Any) -> str:
    count = " (" + _("{} times").format(w.count) + ")" if w.count > 1 else ""
    return (f'{path}:{w.line}:{w.column}: ' + _('game') + f' {w.index}: ' + _('warning')
            + f': {w.message}{count}')


def _group_line(path: str, group: Any) -> str:
    """A warning of the file: once, with the games that carry it (docs/pdn.md R13)."""
    if group.games <= 1:
        return _warning_line(path, group.first)
    w = group.first
    return (f'{path}:{w.line}:{w.column}: ' + _('game') + f' {w.index}: ' + _('warning')
            + f': {w.message} ('
            + _("in {games} games, from game {first}").format(games=group.games,
                                                               first=w.index) + ")")


def _cmd_pdn_check(args: argparse.Namespace) -> int:
    games = broken = errors = warnings = unreadable = 0
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
                warnings += len(game.warnings)
            # each warning once for the file, with the number of games that carry it
            for group in reader.file_warnings:
                print(_group_line(path, group), flush=False)
        except OSError as e:
            unreadable += 1
            sys.stderr.write('shashki: ' + _('error') + f': {path}: {e.strerror or e}\n')
    if unreadable < len(args.files):  # a summary of nothing read would say nothing
        print(_("{files} file(s), {games} game(s), {broken} broken, {errors} error(s), {warnings} "
                "warning(s)").format(files=len(args.files), games=games, broken=broken,
                                       errors=errors, warnings=warnings))
    if unreadable:
        return 2
    return 1 if broken else 0


def _cmd_pdn_replay(args: argparse.Namespace) -> int:
    from shashki.errors import ShashkiError

    broken = 0
    reader = _pdn_reader(args.file, args)
    for game in _pdn_games(reader, args.file):
        record: dict[str, Any] | None = None
        if not game.errors:
            try:
                record = _replayed(game)
            except ShashkiError as e:  # the rules cannot judge this record: say why, go on
                game.errors.append(_as_pdn_error(game, e))
        if game.errors:
            broken += 1
            err = game.errors[0]
            if args.json:
                print(json.dumps({"index": game.index, "error": err.to_dict()},
                                 ensure_ascii=False))
            else:
                print(_error_line(args.file, err))
            continue
        assert record is not None
        if args.json:
            print(json.dumps(record, ensure_ascii=False))
        else:
            t = record["termination"]
            why = f"  {record['result']} {t['kind']} ({t['article']}, {t['ply']})" if t else ""
            fen = record["fen"] or _("position unknown (unknown moves)")
            print(f"{game.index}: {record['plies']} " + _("plies") + f"  {fen}{why}")
    return 2 if broken else 0  # every game was tried; the broken ones are reported


def _as_pdn_error(game: Any, e: Exception) -> Any:
    from shashki.pdn import PdnError

    if isinstance(e, PdnError):
        if e.index is None:
            e.index, e.line, e.column = game.index, game.line, 1
        return e
    return PdnError(str(e), index=game.index, line=game.line, column=1)


def _replayed(game: Any) -> dict[str, Any]:
    """The JSON record of a readable game: headers, plies, final FEN (None when an
    unknown move hides it), what the rules say of the ending, and the warnings."""
    from shashki.pdn import PdnError

    try:
        fen: str | None = game.end_fen()
    except PdnError:  # unknown moves ("1. - -") and no setup after them
        fen = None
    verdict = _verdict(game) if fen is not None else {"result": _tag_result(game),
                                                      "termination": None}
    return {"index": game.index, "headers": dict(game.headers), "plies": game.ply_count(),
            "fen": fen, **verdict, "warnings": [w.to_dict() for w in game.warnings]}


def _tag_result(record: Any) -> str:
    from shashki.pdn.gametype import result_meaning

    tag: str = record.result
    return result_meaning(tag) or tag


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
    from shashki.errors import ShashkiError
    from shashki.pdn import PdnWriter
    from shashki.pdn.gametype import gametype_number

    writer = PdnWriter(args.notation)
    reader = _pdn_reader(args.file, args)
    out: IO[str] = (open(args.output, "w", encoding="utf-8") if args.output  # noqa: SIM115
                    else sys.stdout)
    broken = 0
    try:
        for n, game in enumerate(_pdn_games(reader, args.file)):
            if n:
                out.write("\n")
            text = None
            if not game.errors:
                if "GameType" not in game.headers:  # the output says what was read
                    game.headers["GameType"] = str(gametype_number(game.variant))
                    if game.variant.gametype is None:  # giveaway: docs/pdn.md R2
                        game.headers.setdefault("Variant", game.variant.name)
                try:
                    text = writer.write(game)
                except (ShashkiError, ValueError) as e:  # not writable: copied like a broken one
                    game.errors.append(_as_pdn_error(game, e))
            if text is None:
                # A broken game is copied as read, after a line comment saying why.
                broken += 1
                err = game.errors[0]
                sys.stderr.write(_error_line(args.file, err) + "\n")
                out.write('% ' + _('shashki: not converted') + f': {err}\n{game.raw}\n')
                continue
            out.write(text)
    finally:
        if out is not sys.stdout:
            out.close()
    return 2 if broken else 0  # every game was tried; the broken ones are reported


def _add_diagram(sub: Any) -> None:
    d = sub.add_parser("diagram", help=_("draw a board diagram (SVG or PNG)"))
    variant_arg(d)
    d.add_argument("--fen", help=_("position as PDN FEN, e.g. W:W21-32:B1-12"))
    d.add_argument("--move", help=_("a move to draw as an arrow along its full path"))
    d.add_argument("--flip", action="store_true", help=_("Black at the bottom"))
    d.add_argument("--coordinates", choices=["auto", "algebraic", "numeric", "none"],
                   default="auto", help=_("coordinates around the board or square numbers"))
    d.add_argument("--size", type=int, default=400, help=_("width in pixels"))
    d.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png",
                   help=_("output file; .png converts with cairosvg"))
    d.set_defaults(func=_cmd_diagram)


def _cmd_diagram(args: argparse.Namespace) -> int:
    from shashki.svg import board_svg, svg_to_png

    if not args.output.lower().endswith((".svg", ".png")):
        fail(_("output must end in .svg or .png, not {!r}").format(args.output))
    if args.size < 16:
        fail(_("size must be at least 16 pixels"))
    if args.size > MAX_DIAGRAM_SIZE:
        fail(_("size must be at most {MAX_DIAGRAM_SIZE} pixels, not "
               "{size}").format(MAX_DIAGRAM_SIZE=MAX_DIAGRAM_SIZE, size=args.size))
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
