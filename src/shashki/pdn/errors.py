"""Typed errors and warnings of the PDN reader.

Every error and warning names where it happened: the game's index in the file (0-based,
counting every game the reader met, broken ones included), the line and the column (both
1-based) and the offending text.

An error means the game cannot be read as it stands (an illegal move, a bad FEN); a
:class:`PdnWarning` means it was read although the file departs from PDN 3.0 there (the
text ``\\r`` after the lines, a Result tag that disagrees with the movetext, no GameType
tag...). A game carries each kind of warning once, with the place of the first occurrence
and how many there were.

>>> e = PdnMoveError("illegal move 'c3-e5'", index=2, line=14, column=9, text="c3-e5")
>>> str(e)
"game 2, line 14, column 9: illegal move 'c3-e5'"
>>> isinstance(e, PdnError), e.text
(True, 'c3-e5')
>>> w = PdnWarning(Quirk.LITERAL_CR, "the text '\\\\r' after the line: skipped", index=0,
...                line=2, column=11, text="\\\\r", count=18)
>>> str(w)
"game 0, line 2, column 11: the text '\\\\r' after the line: skipped (18 times)"
>>> w.kind.value, isinstance(w, PdnError)
('literal-cr', False)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any

from shashki.errors import ShashkiError


class _Located:
    """Where a problem is: game index, line, column, text (shared by errors and warnings)."""

    message: str
    index: int | None
    line: int | None
    column: int | None
    text: str | None

    def _locate(self, message: str, index: int | None, line: int | None, column: int | None,
                text: str | None) -> None:
        self.message = message
        """What is wrong, without the location."""
        self.index = index
        """0-based index of the game in its file (None for a lone game)."""
        self.line = line
        """1-based line in the file."""
        self.column = column
        """1-based column in the line."""
        self.text = text
        """The offending text as written."""

    def where(self) -> str:
        parts = []
        if self.index is not None:
            parts.append(f"game {self.index}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (used by ``shashki pdn replay --json``)."""
        return {"type": type(self).__name__, "message": self.message, "index": self.index,
                "line": self.line, "column": self.column, "text": self.text}


class PdnError(_Located, ShashkiError):
    """A game record that cannot be read as it stands.

    >>> from shashki.pdn import read_games
    >>> e = read_games("1. c3-d4 d4-e5 *")[0].errors[0]
    >>> isinstance(e, PdnError), e.index, e.line, e.column
    (True, 0, 1, 10)
    """

    def __init__(self, message: str, *, index: int | None = None, line: int | None = None,
                 column: int | None = None, text: str | None = None) -> None:
        super().__init__(message)
        self._locate(message, index, line, column, text)


class PdnSyntaxError(PdnError):
    """Text that is no PDN: garbage, an unterminated comment or variation, a stray ``)``.

    >>> from shashki.pdn import iter_games
    >>> import io
    >>> e = next(iter_games(io.StringIO("1. c3-d4 {never closed"))).errors[0]
    >>> type(e).__name__, e.line, e.column
    ('PdnSyntaxError', 1, 10)
    """


class PdnTagError(PdnError):
    """A tag that cannot be read or names something unsupported (``GameType 21``).

    >>> from shashki.pdn import iter_games
    >>> import io
    >>> e = next(iter_games(io.StringIO('[GameType "21"]\\n1. 11-15 *'))).errors[0]
    >>> type(e).__name__
    'PdnTagError'
    """


class PdnFenError(PdnError):
    """A ``FEN`` tag or a ``/FEN "..."/`` setup command that describes no legal position.

    >>> from shashki.pdn import iter_games
    >>> import io
    >>> game = next(iter_games(io.StringIO('[FEN "W:W99:B1"]\\n*')))
    >>> [type(e).__name__ for e in game.errors]
    ['PdnFenError']
    """


class PdnMoveError(PdnError):
    """A move that is illegal or ambiguous in its position.

    >>> from shashki.pdn import iter_games
    >>> import io
    >>> e = next(iter_games(io.StringIO("1. c3-d4 d4-e5 *"))).errors[0]
    >>> type(e).__name__, e.ply, e.line, e.column
    ('PdnMoveError', 1, 1, 10)
    """

    def __init__(self, message: str, *, ambiguous: bool = False, fen: str | None = None,
                 ply: int | None = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.ambiguous = ambiguous
        """True when the text names several legal moves (write the full capture path)."""
        self.fen = fen
        """The position the move was tried in."""
        self.ply = ply
        """0-based ply of the move in its line (main line or variation)."""

    def to_dict(self) -> dict[str, Any]:
        return super().to_dict() | {"ambiguous": self.ambiguous, "fen": self.fen,
                                    "ply": self.ply}


class PdnEncodingError(PdnError):
    """Bytes that the requested encoding cannot decode.

    >>> from shashki.pdn import iter_games
    >>> import io
    >>> game = next(iter_games(io.BytesIO(b"1. c3-d4 \\xff *"), encoding="utf-8"))
    >>> [type(e).__name__ for e in game.errors]
    ['PdnSyntaxError', 'PdnEncodingError']
    """


class Quirk(Enum):
    """The ways a file departs from PDN 3.0 that the reader reads through (docs/pdn.md).

    >>> from shashki.pdn import read_game
    >>> [w.kind for w in read_game('[GameType "25"]\\n[Empty]\\n1. c3-d4 *').warnings]
    [<Quirk.EMPTY_TAG: 'empty-tag'>]
    >>> Quirk("padded-square").name
    'PADDED_SQUARE'
    """

    LITERAL_CR = "literal-cr"
    """The two characters ``\\r`` after a line (Toernooibase/Dambo exports)."""
    EMPTY_TAG = "empty-tag"
    """A pseudo-tag with no value, ``[Empty]``."""
    TAG_BRACKET = "tag-bracket"
    """A tag line without its opening ``[``, or with ``[[``."""
    TAG_BLANK_LINE = "tag-blank-line"
    """A blank line inside the tag section."""
    TAGS_ON_ONE_LINE = "tags-on-one-line"
    """Several tags on one line."""
    RESULT_SPACE = "result-space"
    """A Result tag with spaces around its value, ``[Result " 0-1"]``."""
    RESULT_MISMATCH = "result-mismatch"
    """The movetext ends with another result than the Result tag's."""
    RESULT_NONSTANDARD = "result-nonstandard"
    """A result no GameType knows: ``-``, ``4-6``."""
    NO_RESULT = "no-result"
    """The movetext ends without a result token."""
    PADDED_SQUARE = "padded-square"
    """Square numbers padded with a space: ``1- 7``, ``16x 7``, ``5 x 14``."""
    VARIANT_ASSUMED = "variant-assumed"
    """No GameType tag (or one its squares contradict): the board was inferred."""
    GAMETYPE_DEFAULTS = "gametype-defaults"
    """A full GameType with a board of 0 columns or rows, or a notation letter without
    its digit (``20,W,0,0,N,0``): the GameType table's values were taken."""
    BARE_MOVE_NUMBER = "bare-move-number"
    """A move number without its dot, ``12 23-18`` or ``( 12 ... 13-18``."""
    RESULT_GLUED = "result-glued"
    """The terminator ``*`` written right after the game's last move, ``31-27*``."""
    TAG_QUOTES = "tag-quotes"
    """A tag value with unescaped quotes, ``[Event "Cup "Final""]``."""
    STRAY_CHARACTER = "stray-character"
    """A byte order mark, DOS end-of-file (Ctrl-Z), NUL or zero-width space inside the
    file (files joined one after another)."""


class PdnWarning(_Located, UserWarning):
    """Something the reader read although the file departs from PDN 3.0 there.

    >>> from shashki.pdn import read_game
    >>> w = read_game('[GameType "25"]\\n[Result " 2-0"]\\n1. c3-d4 2-0').warnings[0]
    >>> w.kind, w.line, w.count
    (<Quirk.RESULT_SPACE: 'result-space'>, 2, 1)
    """

    def __init__(self, kind: Quirk, message: str, *, index: int | None = None,
                 line: int | None = None, column: int | None = None, text: str | None = None,
                 count: int = 1) -> None:
        super().__init__(message)
        self._locate(message, index, line, column, text)
        self.kind = kind
        """Which departure."""
        self.count = count
        """How many times it occurs in the game (the location is the first one's)."""

    def __str__(self) -> str:
        text = _Located.__str__(self)
        return f"{text} ({self.count} times)" if self.count > 1 else text

    def to_dict(self) -> dict[str, Any]:
        return super().to_dict() | {"kind": self.kind.value, "count": self.count}


class WarningGroup:
    """One warning of a file: every game whose warning of one kind says the same thing.

    A file of 56 games without a GameType tag has 56 identical ``variant-assumed``
    warnings, one a game (each game must know how it was read); said of the file, that is
    one warning in 56 games. :attr:`first` is the first occurrence (game, line, column),
    :attr:`indices` the games that carry it (the first :data:`MAX_INDICES`).

    >>> from shashki.pdn import read_games
    >>> games = read_games("1. c3-d4 *\\n\\n1. e3-f4 *\\n\\n1. g3-h4 *\\n")
    >>> (group,) = group_warnings(w for g in games for w in g.warnings)
    >>> group.games, group.indices, group.first.line
    (3, [0, 1, 2], 1)
    >>> print(group)  # doctest: +NORMALIZE_WHITESPACE
    game 0, line 1, column 1: no GameType tag: read as Russian draughts, from the algebraic
    squares within a1-h8 (in 3 games, from game 0)
    """

    MAX_INDICES = 1000

    def __init__(self, first: PdnWarning) -> None:
        self.first = first
        """The first occurrence."""
        self.kind = first.kind
        self.message = first.message
        self.games = 0
        """How many games carry the warning."""
        self.count = 0
        """How many times it occurs in all those games."""
        self.indices: list[int] = []
        """The games' indices (the first :data:`MAX_INDICES`)."""

    def add(self, w: PdnWarning) -> None:
        self.games += 1
        self.count += w.count
        if w.index is not None and len(self.indices) < self.MAX_INDICES:
            self.indices.append(w.index)

    def __str__(self) -> str:
        if self.games <= 1:
            return str(self.first)
        return (f"{self.first.where()}: {self.message} (in {self.games} games, from game "
                f"{self.first.index})")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the first occurrence's place, the kind, the message, the counts."""
        return {"kind": self.kind.value, "message": self.message, "index": self.first.index,
                "line": self.first.line, "column": self.first.column,
                "text": self.first.text, "games": self.games, "count": self.count,
                "indices": self.indices}


def group_warnings(warnings: Iterable[PdnWarning],
                   groups: dict[tuple[Quirk, str], WarningGroup] | None = None
                   ) -> list[WarningGroup]:
    """The warnings of a file, identical ones (same kind and message) said once with the
    number of games, in the order of their first occurrence; ``groups`` (kept by a
    reader between calls) is updated in place.

    >>> from shashki.pdn import read_games
    >>> games = read_games('[Event "a"]\\n\\n[Event "b"]\\n')
    >>> [(g.kind.value, g.games) for g in group_warnings(w for x in games for w in x.warnings)]
    [('variant-assumed', 2), ('no-result', 2)]
    """
    groups = {} if groups is None else groups
    for w in warnings:
        key = (w.kind, w.message)
        group = groups.get(key)
        if group is None:
            group = groups[key] = WarningGroup(w)
        group.add(w)
    return sorted(groups.values(), key=lambda g: (g.first.index or 0, g.first.line or 0,
                                                  g.first.column or 0))
