"""Engine commands: ``shashki analyse`` and ``shashki hub``.

:func:`register` adds them to the main command's subparsers; :func:`main` runs them on
their own (``python -m shashki.engine.cli hub``). ``analyse`` streams one line per
iteration (depth, score, nodes, speed, time, principal variation) and ends with the best
move; moves are algebraic on 8x8 and numeric on 10x10 unless ``--notation`` says
otherwise. ``hub`` speaks the Hub protocol (see :mod:`shashki.engine.hub`) on
stdin/stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from shashki.board import Board
from shashki.engine.engine import LEVELS, Analysis, Engine
from shashki.engine.limits import Limit
from shashki.errors import ShashkiError
from shashki.i18n import language
from shashki.rules import VARIANTS

_TEXTS: dict[str, tuple[str, str]] = {
    "analyse.help": ("search a position and stream what the engine thinks",
                     "анализ позиции движком с выводом по итерациям"),
    "hub.help": ("run the engine with the Hub protocol on stdin/stdout (Scan's protocol)",
                 "движок по протоколу Hub на stdin/stdout (протокол Scan)"),
    "variant": ("variant: {}", "вариант игры: {}"),
    "fen": ("position as PDN FEN (default: the initial position)",
            "позиция в FEN (по умолчанию начальная)"),
    "depth": ("search depth in plies", "глубина поиска в полуходах"),
    "time": ("search time in seconds", "время поиска в секундах"),
    "nodes": ("search at most this many nodes", "не более стольких узлов"),
    "hash": ("transposition table size in MB", "размер хеш-таблицы в МБ"),
    "level": ("playing level: {}", "уровень игры: {}"),
    "notation": ("move notation (default: algebraic on 8x8, numeric on 10x10)",
                 "нотация ходов (по умолчанию: алгебраическая на 64 полях, цифровая на 100)"),
    "json": ("one JSON object per iteration", "по объекту JSON на итерацию"),
    "error": ("error", "ошибка"),
    "over": ("no legal moves: the game is over", "ходов нет: партия окончена"),
    "best": ("best move", "лучший ход"),
}


def _t(key: str) -> str:
    en, ru = _TEXTS[key]
    return ru if language() == "ru" else en


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {_t('error')}: {message}\n")
        raise SystemExit(2)


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"shashki: {_t('error')}: {message}\n")
    raise SystemExit(2)


def register(subparsers: Any) -> None:
    """Add ``analyse`` and ``hub`` to ``subparsers`` (from ``add_subparsers``)."""
    variants = ", ".join(VARIANTS)
    a = subparsers.add_parser("analyse", help=_t("analyse.help"), aliases=["analyze"])
    a.add_argument("--variant", default="russian", help=_t("variant").format(variants))
    a.add_argument("--fen", help=_t("fen"))
    lim = a.add_mutually_exclusive_group()
    lim.add_argument("--depth", type=int, help=_t("depth"))
    lim.add_argument("--time", type=float, help=_t("time"))
    lim.add_argument("--nodes", type=int, help=_t("nodes"))
    a.add_argument("--hash", type=int, default=64, metavar="MB", help=_t("hash"))
    a.add_argument("--level", default="full", choices=list(LEVELS),
                   help=_t("level").format(", ".join(LEVELS)))
    a.add_argument("--notation", choices=["algebraic", "numeric"], help=_t("notation"))
    a.add_argument("--json", action="store_true", help=_t("json"))
    a.set_defaults(func=cmd_analyse)

    h = subparsers.add_parser("hub", help=_t("hub.help"))
    h.add_argument("--variant", default="russian", help=_t("variant").format(variants))
    h.add_argument("--hash", type=int, default=64, metavar="MB", help=_t("hash"))
    h.set_defaults(func=cmd_hub)


def _fmt_nodes(n: float) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.2f}M"
    if n >= 1e3:
        return f"{n / 1e3:.1f}k"
    return f"{n:.0f}"


def cmd_analyse(args: argparse.Namespace) -> int:
    """Stream the iterations of one search of ``--fen``."""
    board = Board(args.variant, args.fen)
    if not board.legal_moves:
        print(_t("over"))
        return 0
    if args.depth is not None and args.depth < 1:
        _fail("--depth must be at least 1")
    if args.time is not None and args.time <= 0:
        _fail("--time must be positive")
    if args.nodes is not None and args.nodes < 1:
        _fail("--nodes must be at least 1")
    limit = Limit(depth=args.depth, time=args.time, nodes=args.nodes)
    if args.depth is None and args.time is None and args.nodes is None:
        limit = Limit(time=2.0)
    engine = Engine(board.variant, hash_mb=args.hash, level=args.level)
    style = args.notation

    def report(a: Analysis) -> None:
        pv = a.pv_text(board, style)
        if args.json:
            print(json.dumps({"depth": a.depth, "seldepth": a.seldepth, "score": a.score.value,
                              "wins_in": a.score.wins_in, "nodes": a.nodes,
                              "nps": round(a.nps), "time": round(a.time, 4), "pv": pv,
                              "complete": a.complete}, ensure_ascii=False), flush=True)
            return
        mark = "" if a.complete else " (partial)"
        print(f"depth {a.depth:2d}/{a.seldepth:<2d}  score {a.score!s:>7}  "
              f"nodes {_fmt_nodes(a.nodes):>8}  nps {_fmt_nodes(a.nps):>7}  "
              f"time {a.time:7.3f}  pv {' '.join(pv)}{mark}", flush=True)

    if args.level != "full":
        move = engine.play(board, limit, callback=report)
        info_move = move
    else:
        info = engine.analyse(board, limit=limit, callback=report)
        info_move = info.bestmove if info.bestmove is not None else board.legal_moves[0]
    text = board.move_text(info_move, style)
    if args.json:
        print(json.dumps({"bestmove": text}, ensure_ascii=False))
    else:
        print(f"{_t('best')}: {text}")
    return 0


def cmd_hub(args: argparse.Namespace) -> int:
    """The Hub engine loop on stdin/stdout."""
    from shashki.engine.hub import hub_loop

    if args.hash < 1:
        _fail("--hash must be at least 1")
    variant = Board(args.variant).variant.name  # UnknownVariant names the known ones
    return hub_loop(variant=variant, hash_mb=args.hash)


def main(argv: Sequence[str] | None = None) -> int:
    """The engine commands on their own: ``analyse ...`` or ``hub``."""
    p = _Parser(prog="shashki")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    register(sub)
    args = p.parse_args(argv)
    try:
        result: int = args.func(args)
    except ShashkiError as e:
        _fail(str(e))
    except KeyboardInterrupt:
        return 130
    return result


if __name__ == "__main__":
    raise SystemExit(main())
