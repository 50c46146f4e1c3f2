"""PDN game records: reading (streaming, every move validated), the game tree, writing.

Reading:

* :func:`iter_games` (a path or stream, game by game in constant memory), :func:`read_games`
  (a text), :func:`read_game` (the first game of a text, or the next game of a text
  stream), :class:`PdnReader` (the same with progress: ``position``/``size``);
* files in UTF-8, UTF-8 with BOM, Windows-1251 or CP866 are told apart automatically
  (``encoding=`` overrides);
* the variant comes from the ``GameType`` tag, else from the caller (``variant=``), else
  from the squares the game names (with a warning saying which variant was assumed);
  Russian giveaway is ``GameType "25"`` with ``Variant "russian-giveaway"``; a game
  shashki does not play is refused with its name;
* every game is yielded, broken ones too: ``game.errors`` holds typed
  :class:`PdnError` s with the game's index (0-based), line and column (1-based), the
  offending text and the rule that was broken; ``game.raw`` the game's text;
* what files in the field write around the moves (the text ``\\r`` after lines,
  ``[Empty]`` tags, a Result tag the terminator contradicts, ``-`` as a result, padded
  squares ``1- 7``...) is read, each kind with one :class:`PdnWarning` a game in
  ``game.warnings``.

The tree (after ``chess.pgn``): :class:`Game` (headers, variant, starting position) and
:class:`ChildNode` s with ``move``, ``comment``, ``starting_comment``, ``nags``, ``clock``
(:class:`ClockTimes`), ``setup_fen``; ``mainline()``, ``board()``, ``add_variation()``...

Writing: :func:`write_game`, ``str(game)``, :class:`PdnWriter`, :func:`write_games`.

>>> from shashki.pdn import read_game
>>> game = read_game('[GameType "25"]\\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *')
>>> game.ply_count(), game.end_fen()
(4, 'W:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,12,15')
>>> node = game.end().add_variation("g3-f4", comment="Городская партия")
>>> print(game)
[Result "*"]
[GameType "25"]
<BLANKLINE>
1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. g3-f4 {Городская партия} *
>>> read_game(str(game)) == game
True
"""

from shashki.pdn.annotations import ClockTimes
from shashki.pdn.errors import (
    PdnEncodingError,
    PdnError,
    PdnFenError,
    PdnMoveError,
    PdnSyntaxError,
    PdnTagError,
    PdnWarning,
    Quirk,
    WarningGroup,
    group_warnings,
)
from shashki.pdn.gametype import GameType, parse_gametype
from shashki.pdn.model import (
    SEVEN_TAG_ROSTER,
    ChildNode,
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
    "PdnSyntaxError",
    "PdnTagError",
    "PdnWarning",
    "PdnWriter",
    "Quirk",
    "WarningGroup",
    "group_warnings",
    "iter_games",
    "open_pdn",
    "parse_gametype",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]
