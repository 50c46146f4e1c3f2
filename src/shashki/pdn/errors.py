"""Typed errors of the PDN reader.

Every error names where it happened: the game's index in the file (0-based, counting
every game the reader met, broken ones included), the line and the column (both 1-based)
and the offending text.

>>> e = PdnMoveError("illegal move 'c3-e5'", index=2, line=14, column=9, text="c3-e5")
>>> str(e)
"game 2, line 14, column 9: illegal move 'c3-e5'"
>>> isinstance(e, PdnError), e.text
(True, 'c3-e5')
"""

from __future__ import annotations

from typing import Any

from shashki.errors import ShashkiError


class PdnError(ShashkiError):
    """A game record that cannot be read as it stands."""

    def __init__(self, message: str, *, index: int | None = None, line: int | None = None,
                 column: int | None = None, text: str | None = None) -> None:
        super().__init__(message)
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


class PdnSyntaxError(PdnError):
    """Text that is no PDN: garbage, an unterminated comment or variation, a stray ``)``."""


class PdnTagError(PdnError):
    """A tag that cannot be read or names something unsupported (``GameType 21``)."""


class PdnFenError(PdnError):
    """A ``FEN`` tag or a ``/FEN "..."/`` setup command that describes no legal position."""


class PdnMoveError(PdnError):
    """A move that is illegal or ambiguous in its position."""

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


class PdnResultError(PdnError):
    """The game's result token disagrees with its ``Result`` tag."""


class PdnEncodingError(PdnError):
    """Bytes that the requested encoding cannot decode."""
