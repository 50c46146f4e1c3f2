"""PDN of a game on the platform, through :mod:`shashki.pdn` (tags, moves with clock
readings, the result, and a ``Termination`` tag naming the article)."""

from __future__ import annotations

import datetime as dt

from shashki.board import Board
from shashki.clock import TimeControl
from shashki.color import WHITE
from shashki.pdn import ClockTimes, GameNode
from shashki.pdn import Game as PdnGame
from shashki.pdn.writer import write_game
from shashki.server.live import LiveGame

SITE = "shashki"


def game_pdn(lg: LiveGame, site: str = SITE) -> str:
    """The game as PDN text."""
    g = lg.game
    variant = g.board.variant
    initial = Board(variant).fen()
    pdn = PdnGame(variant, fen=g.initial_fen if g.initial_fen != initial else None)
    h = pdn.headers
    h["Event"] = f"{site} game {lg.id}"
    h["Site"] = site
    h["Date"] = dt.datetime.fromtimestamp(lg.created_at, dt.UTC).strftime("%Y.%m.%d")
    h["Round"] = "-"
    h["White"] = lg.white_name
    h["Black"] = lg.black_name
    if lg.time_control:
        h["TimeControl"] = TimeControl.parse(lg.time_control).to_pdn()
    if g.termination is not None:
        h["Termination"] = g.termination.tag()
    white_first = Board(variant, g.initial_fen).turn is WHITE
    current: GameNode = pdn
    for i, mi in enumerate(lg.moves):
        left = mi.white_clock if (i % 2 == 0) == white_first else mi.black_clock
        clock = ClockTimes(clk=round(left, 1)) if left is not None else None
        current = current.add_variation(mi.text, clock=clock)
    pdn.result = g.result
    return write_game(pdn)
