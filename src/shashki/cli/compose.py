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

from shashki.cli.base import Parser, fail, say


def _t(en: str, ru: str) -> str:
    return say(en, ru)


def register(sub: Any) -> None:
    c = sub.add_parser("compose", help=_t("draughts composition: check, show, diagram",
                                          "шашечная композиция: проверка, показ, диаграмма"))
    cmds = c.add_subparsers(dest="compose_command", required=True, parser_class=Parser)

    check = cmds.add_parser("check", help=_t(
        "prove each composition of a PDN file and list its defects",
        "проверить каждую композицию файла PDN и перечислить её дефекты"))
    check.add_argument("file", metavar="FILE.pdn")
    check.add_argument("--json", action="store_true", help=_t("one JSON object a record",
                                                              "JSON-объект на запись"))
    check.add_argument("--egdb", default="auto", metavar="auto|off|DIR", help=_t(
        "endgame tables: auto (those 'shashki egdb build' made), off, or a directory",
        "базы окончаний: auto (построенные 'shashki egdb build'), off или каталог"))
    check.add_argument("--nodes", type=int, default=2_000_000, help=_t(
        "node limit of each proof (0: none)", "предел узлов на доказательство (0 — нет)"))
    check.add_argument("--time", type=float, default=60.0, help=_t(
        "seconds for each composition (0: no limit)", "секунд на композицию (0 — без предела)"))
    check.add_argument("--max-moves", type=int, default=12, help=_t(
        "most moves tried where the task states none", "наибольшее число ходов, если в "
        "задании оно не указано"))
    check.add_argument("--engine-depth", type=int, default=0, help=_t(
        "also let the engine look for longer wins of other first moves to this depth "
        "(plies; 0: off); each find is proved before it counts",
        "искать движком более длинные выигрыши других первых ходов на эту глубину "
        "(полуходы; 0 — нет); каждая находка доказывается"))
    check.set_defaults(func=_cmd_check)

    show = cmds.add_parser("show", help=_t("print a composition and its solution",
                                           "показать композицию и её решение"))
    show.add_argument("file", metavar="FILE.pdn")
    show.add_argument("--index", type=int, default=1, help=_t("which record (1-based)",
                                                              "номер записи (с 1)"))
    show.set_defaults(func=_cmd_show)

    diagram = cmds.add_parser("diagram", help=_t(
        "the composition's diagram (no coordinates, the stipulation under the board)",
        "диаграмма композиции (без координат, задание под доской)"))
    diagram.add_argument("file", metavar="FILE.pdn")
    diagram.add_argument("--index", type=int, default=1, help=_t("which record (1-based)",
                                                                 "номер записи (с 1)"))
    diagram.add_argument("-o", "--output", required=True, metavar="OUT.svg|OUT.png")
    diagram.add_argument("--lang", choices=["ru", "en"], default=None)
    diagram.add_argument("--size", type=int, default=400)
    diagram.add_argument("--anonymous", action="store_true", help=_t(
        "no author above the board (for judges)", "без автора над доской (для судей)"))
    diagram.set_defaults(func=_cmd_diagram)


def _records(path: str) -> list[Any]:
    from shashki.composition.pdn import iter_compositions

    if not Path(path).is_file():
        fail(_t(f"{path}: no such file", f"{path}: нет такого файла"))
    return list(iter_compositions(path))


def _one(path: str, index: int) -> Any:
    from shashki.composition.pdn import Broken

    records = _records(path)
    if not 1 <= index <= len(records):
        fail(_t(f"{path}: --index {index}: the file has {len(records)} record(s)",
                f"{path}: --index {index}: в файле записей: {len(records)}"))
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
            fail(_t(f"{name} must not be negative", f"{name} не может быть отрицательным"))
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
    from shashki.composition.record import GENRE_NAMES

    c = _one(args.file, args.index)
    ru = say("en", "ru") == "ru"
    board = c.board()
    print(c.label())
    genre = GENRE_NAMES[c.genre][1 if ru else 0]
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
    lang = args.lang or say("en", "ru")
    if not 16 <= args.size <= 10_000:
        fail(_t("--size must be 16 to 10000 pixels", "--size: от 16 до 10000 пикселей"))
    svg = composition_svg(c, lang, args.size, show_author=not args.anonymous)
    out = Path(args.output)
    if out.suffix.lower() == ".png":
        out.write_bytes(to_png(svg))
    elif out.suffix.lower() == ".svg":
        out.write_text(svg, encoding="utf-8")
    else:
        fail(_t(f"{out}: the output must end in .svg or .png",
                f"{out}: файл должен оканчиваться на .svg или .png"))
    sys.stderr.write(f"{out}\n")
    return 0
