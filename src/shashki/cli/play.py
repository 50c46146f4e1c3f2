"""``shashki play``: a game between two people at one keyboard."""

from __future__ import annotations

import argparse
import datetime
import os
from typing import Any

from shashki.cli.base import variant_arg
from shashki.i18n import _


def register(sub: Any) -> None:
    _add_play(sub)


def _add_play(sub: Any) -> None:
    p = sub.add_parser("play", help=_("a game between two people at one keyboard, with clocks"))
    variant_arg(p)
    p.add_argument("--fen", help=_("position as PDN FEN, e.g. W:W21-32:B1-12"))
    p.add_argument("--time", metavar="CONTROL", help=_("time control, e.g. 5m+3s, 70m/35 + 15m, "
                                                       "code-45"))
    p.add_argument("--ruleset", help=_("draw ruleset (code-2004, fmjd, cbd)"))
    p.add_argument("-o", "--output", metavar="GAME.pdn", default=None,
                   help=_("where to save the record (PDN); default: a new file "
                          "shashki-DATE-TIME.pdn"))
    p.set_defaults(func=_cmd_play)


def _cmd_play(args: argparse.Namespace) -> int:
    from shashki.cli.terminal import run
    from shashki.game import Game
    from shashki.pdn import write_game

    game = Game(args.variant, args.fen, ruleset=args.ruleset, time_control=args.time)

    def save(g: Game) -> str:
        path = args.output or new_record_name()
        with open(path, "w", encoding="utf-8") as f:
            f.write(write_game(g.to_pdn()))
        return str(path)

    from shashki.rules.movegen import compile_moves

    compile_moves(game.board.variant)  # before the clocks start (docs/engine.md, "First use")
    game.start()
    run(game, save=save)
    return 0


def new_record_name(now: datetime.datetime | None = None, folder: str = ".") -> str:
    """A file name of its own for each game, ``shashki-YYYYMMDD-HHMMSS.pdn`` (``-2``,
    ``-3``… if taken): a second game never overwrites the first one's record."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = os.path.join(folder, f"shashki-{stamp}.pdn")
    n = 1
    while os.path.exists(path):
        n += 1
        path = os.path.join(folder, f"shashki-{stamp}-{n}.pdn")
    return path
