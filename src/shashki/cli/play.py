"""``shashki play``: a game between two people at one keyboard."""

from __future__ import annotations

import argparse
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
    p.add_argument("-o", "--output", metavar="GAME.pdn", default="game.pdn",
                   help=_("where to save the record (PDN)"))
    p.set_defaults(func=_cmd_play)


def _cmd_play(args: argparse.Namespace) -> int:
    from shashki.cli.terminal import run
    from shashki.game import Game
    from shashki.pdn import write_game

    game = Game(args.variant, args.fen, ruleset=args.ruleset, time_control=args.time)

    def save(g: Game) -> str:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(write_game(g.to_pdn()))
        return str(args.output)

    game.start()
    run(game, save=save)
    return 0
