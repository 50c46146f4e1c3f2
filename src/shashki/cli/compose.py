"""``shashki compose check|show|diagram``: compositions from PDN files.

``check`` prints each composition's verdict in one line a record (``--json``: one JSON
object a line, for tools); a broken record prints its line and column and the others
are still checked. The exit status is 0 when every record was read and proved sound (or
sound with duals), 1 otherwise, 2 for bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from shashki.cli.base import Parser, fail
from shashki.i18n import _, language


def register(sub: Any) -> None:
    c = sub.add_parser("compose", help=_("draughts composition: check, show, diagram"))
    cmds = c.add_subparsers(dest="compose_command", required=True, parser_class=Parser)

    check = cmds.add_parser("check", help=_("prove each composition of a PDN file and list its "
                                            "defects"))
    check.add_argument("file", metavar="FILE.pdn")
    check.add_argument("--json", action="store_true", help=_("one JSON object a record"))
    check.add_argument("--egdb", default="auto", metavar="auto|off|DIR", help=_("endgame tables: "
                                                                                "auto (those "
                                                                                "'shashki egdb "
                                                                                "build' made), "
                                                                                "off, or a "
                                                                                "directory"))
    check.add_argument("--nodes", type=int, default=2_000_000, help=_("node limit of each proof "
                                                                      "(0: none)"))
    check.add_argument("--time", type=float, default=60.0, help=_("seconds for each composition "
                                                                  "(0: no limit)"))
    check.add_argument("--max-moves", type=int, default=12, help=_("most moves tried where the "
                                                                   "task states none"))
    check.add_argument("--engine-depth", type=int, default=0, help=_("also let the engine look for "
                                                                     "longer wins of other first "
                                                                     "moves to this depth (plies; "
                                                                     "0: off); each find is proved "
                                                                     "before it counts"))
    check.set_defaults(func=_cmd_check)

    show = cmds.add_parser("show", help=_("print a composition and its solution"))
    show.add_argument("file", metavar="FILE.pdn")
    show.add_argument("--index", type=int, default=1, help=_("which record (1-based)"))
    show.set_defaults(func=_cmd_show)

    diagram = cmds.add_parser("diagram", help=_("the composition's diagram (no coordinates, the "
                                                "stipulation under the board)"))
    diagram.add_argument("file", metavar="FILE.pdn")
    diagram.add_argument("--index", type=int, default=1, help=_("which record (1-based)"))
    diagram.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png")
    diagram.add_argument("--lang", choices=["ru", "en"], default=None)
    diagram.add_argument("--size", type=int, default=400)
    diagram.add_argument("--anonymous", action="store_true", help=_("no author above the board "
                                                                    "(for judges)"))
    diagram.set_defaults(func=_cmd_diagram)


def _records(path: str) -> list[Any]:
    from shashki.composition.pdn import iter_compositions

    if not Path(path).is_file():
        fail(_("{path}: no such file").format(path=path))
    return list(iter_compositions(path))


def _one(path: str, index: int) -> Any:
    from shashki.composition.pdn import Broken

    records = _records(path)
    if not 1 <= index <= len(records):
        fail(_("{path}: --index {index}: the file has {value} "
               "record(s)").format(path=path, index=index, value=len(records)))
    rec = records[index - 1]
    if isinstance(rec, Broken):
        fail(f"{path}:{rec.line}:{rec.column or 0}: {rec.message}")
    return rec


def _database(choice: str, variant: str) -> Any:
    from shashki.engine.egdb import for_engine

    if variant not in ("russian", "brazilian", "international"):
        return None
    return for_engine(variant, choice)


def _cmd_check(args: argparse.Namespace) -> int:
    from shashki.composition import Limits, check
    from shashki.composition.pdn import Broken

    for name, value in (("--nodes", args.nodes), ("--time", args.time),
                        ("--max-moves", args.max_moves), ("--engine-depth", args.engine_depth)):
        if value < 0:
            fail(_("{name} must not be negative").format(name=name))
    limits = Limits(nodes=args.nodes or None, seconds=args.time or None,
                    max_moves=max(1, args.max_moves))
    databases: dict[str, Any] = {}
    engines: dict[str, Any] = {}
    bad = 0
    for i, rec in enumerate(_records(args.file)):
        where = f"{args.file}#{i + 1}"
        if isinstance(rec, Broken):
            bad += 1
            if args.json:
                print(json.dumps({"index": i + 1, "error": rec.message, "line": rec.line,
                                  "column": rec.column}, ensure_ascii=False))
            else:
                print(f"{where}:{rec.line}:{rec.column or 0}: error: {rec.message}")
            continue
        v = rec.variant
        if v not in databases:
            databases[v] = _database(args.egdb, v)
        engine = None
        if args.engine_depth:
            if v not in engines:
                from shashki.engine import Engine

                engines[v] = Engine(v, hash_mb=32)
                engines[v].set_egdb(databases[v])
            engine = engines[v]
        verdict = check(rec, databases[v], limits, engine, args.engine_depth or 24)
        if verdict.status not in ("sound", "dual"):
            bad += 1
        if args.json:
            print(json.dumps({"index": i + 1, "author": rec.author, "source": rec.source,
                              "fen": rec.board().fen(), "stipulation": rec.stipulation.short(),
                              "genre": str(rec.genre), **verdict.to_json()},
                             ensure_ascii=False), flush=True)
        else:
            label = rec.label()
            print(f"{where} {label} [{rec.stipulation.short()}]: {verdict.summary()}",
                  flush=True)
    return 1 if bad else 0


def _cmd_show(args: argparse.Namespace) -> int:
    from shashki.composition.record import genre_name

    c = _one(args.file, args.index)
    ru = language() == "ru"
    board = c.board()
    print(c.label())
    genre = genre_name(c.genre, "ru" if ru else "en")
    print(f"{genre}: {c.stipulation.text('ru' if ru else 'en')}")
    print(board.fen())
    print(board)
    assert c.solution is not None
    text = str(c.solution).split("\n\n", 1)
    print(text[1] if len(text) > 1 else text[0])
    return 0


def _cmd_diagram(args: argparse.Namespace) -> int:
    from shashki.composition.diagram import composition_svg, to_png

    c = _one(args.file, args.index)
    lang = args.lang or language()
    if not 16 <= args.size <= 10_000:
        fail(_("--size must be 16 to 10000 pixels"))
    svg = composition_svg(c, lang, args.size, show_author=not args.anonymous)
    out = Path(args.output)
    if out.suffix.lower() == ".png":
        out.write_bytes(to_png(svg))
    elif out.suffix.lower() == ".svg":
        out.write_text(svg, encoding="utf-8")
    else:
        fail(_("{out}: the output must end in .svg or .png").format(out=out))
    sys.stderr.write(f"{out}\n")
    return 0
