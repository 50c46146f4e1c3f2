"""PDN of a game on the platform: the tags (with a ``Termination`` tag naming the
article), the moves with the mover's clock after each, and the result.

Written by :mod:`shashki.pdn`'s writer; if that package is not installed, by
:func:`minimal_pdn`, which writes the same tags and moves without wrapping rules of its own.
"""

from __future__ import annotations

import datetime as dt
import importlib

from shashki.board import Board
from shashki.clock import TimeControl
from shashki.color import WHITE
from shashki.server.play.live import LiveGame

SITE = "shashki"


def headers(lg: LiveGame, site: str = SITE) -> dict[str, str]:
    g = lg.game
    h = {
        "Event": f"{site} game {lg.id}",
        "Site": site,
        "Date": dt.datetime.fromtimestamp(lg.created_at, dt.UTC).strftime("%Y.%m.%d"),
        "Round": "-",
        "White": lg.white_name,
        "Black": lg.black_name,
        "Result": g.result,
    }
    if g.board.variant.gametype is not None:
        h["GameType"] = str(g.board.variant.gametype)
    if g.initial_fen != Board(g.board.variant).fen():
        h["FEN"] = g.initial_fen
    if lg.time_control:
        h["TimeControl"] = TimeControl.parse(lg.time_control).to_pdn()
    if g.termination is not None:
        h["Termination"] = g.termination.tag()
    for color, d in (("White", lg.changes[0]), ("Black", lg.changes[1])):
        if d is not None:  # lichess's tag for the change a rated game made
            h[f"{color}RatingDiff"] = f"{d:+d}"
    return h


def _clocks(lg: LiveGame) -> list[float | None]:
    """The mover's clock after each ply."""
    white_first = Board(lg.game.board.variant, lg.game.initial_fen).turn is WHITE
    return [mi.white_clock if (i % 2 == 0) == white_first else mi.black_clock
            for i, mi in enumerate(lg.moves)]


def game_pdn(lg: LiveGame, site: str = SITE) -> str:
    """The game as PDN text."""
    try:
        pdn = importlib.import_module("shashki.pdn")
        writer = importlib.import_module("shashki.pdn.writer")
    except ImportError:
        return minimal_pdn(lg, site)
    g = lg.game
    h = headers(lg, site)
    game = pdn.Game(g.board.variant, fen=h.get("FEN"))
    for name in ("Event", "Site", "Date", "Round", "White", "Black", "TimeControl",
                 "Termination", "WhiteRatingDiff", "BlackRatingDiff"):
        if name in h:
            game.headers[name] = h[name]
    node = game
    for mi, left in zip(lg.moves, _clocks(lg), strict=True):
        clock = pdn.ClockTimes(clk=round(left, 1)) if left is not None else None
        node = node.add_variation(mi.text, clock=clock)
    game.result = g.result
    text: str = writer.write_game(game)
    return text


def _time(seconds: float) -> str:
    s = round(seconds, 1)
    h, rest = divmod(int(s), 3600)
    m, sec = divmod(rest, 60)
    frac = round(s - int(s), 1)
    return f"{h}:{m:02d}:{sec:02d}" + (f"{frac:.1f}"[1:] if frac else "")


def minimal_pdn(lg: LiveGame, site: str = SITE) -> str:
    """PDN without the :mod:`shashki.pdn` package: tags, numbered moves, clocks, result."""
    h = headers(lg, site)
    lines = [f'[{k} "{v.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
             for k, v in h.items()]
    white_first = Board(lg.game.board.variant, lg.game.initial_fen).turn is WHITE
    tokens: list[str] = []
    for i, (mi, left) in enumerate(zip(lg.moves, _clocks(lg), strict=True)):
        white = (i % 2 == 0) == white_first
        number = (i + (0 if white_first else 1)) // 2 + 1
        if white:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        tokens.append(mi.text)
        if left is not None:
            tokens.append(f"{{[%clk {_time(left)}]}}")
    tokens.append(lg.game.result)
    body, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > 79:
            body.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"
