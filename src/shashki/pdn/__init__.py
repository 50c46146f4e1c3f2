"""PDN game records: reading (streaming, every move validated), the game tree, writing.

>>> from shashki.pdn import read_game
>>> game = read_game('[GameType "25"]\\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *')
>>> game.ply_count(), game.end_fen()
(4, 'W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15')
"""

from shashki.pdn.errors import (
    PdnEncodingError,
    PdnError,
    PdnFenError,
    PdnMoveError,
    PdnResultError,
    PdnSyntaxError,
    PdnTagError,
)
from shashki.pdn.gametype import GameType, parse_gametype
from shashki.pdn.model import (
    SEVEN_TAG_ROSTER,
    ChildNode,
    ClockTimes,
    Game,
    GameNode,
    Headers,
)
from shashki.pdn.reader import PdnReader, iter_games, open_pdn, read_game, read_games
from shashki.pdn.writer import PdnWriter, write_game, write_games

__all__ = [
    "SEVEN_TAG_ROSTER",
    "ChildNode",
    "ClockTimes",
    "Game",
    "GameNode",
    "GameType",
    "Headers",
    "PdnEncodingError",
    "PdnError",
    "PdnFenError",
    "PdnMoveError",
    "PdnReader",
    "PdnResultError",
    "PdnSyntaxError",
    "PdnTagError",
    "PdnWriter",
    "iter_games",
    "open_pdn",
    "parse_gametype",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]
