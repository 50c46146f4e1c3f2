"""Colours and pieces."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Color(IntEnum):
    """The two sides; White moves first (Code 1.4.1).

    >>> Color.WHITE.other
    <Color.BLACK: 1>
    >>> [c.label for c in Color]
    ['White', 'Black']
    """

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Color:
        return Color(1 - self)

    @property
    def label(self) -> str:
        """``White`` or ``Black``."""
        return self.name.capitalize()

    @property
    def letter(self) -> str:
        return "W" if self is Color.WHITE else "B"


WHITE = Color.WHITE
"""The side that moves first (Code 1.4.1).

>>> WHITE.other, WHITE.letter, WHITE.label
(<Color.BLACK: 1>, 'W', 'White')
"""
BLACK = Color.BLACK
"""The side that moves second.

>>> BLACK.other, BLACK.letter, BLACK.label
(<Color.WHITE: 0>, 'B', 'Black')
"""


@dataclass(frozen=True, slots=True)
class Piece:
    """A man or a king (дамка, Code 1.4.4) of one colour.

    >>> Piece(WHITE, king=True).symbol
    'W'
    >>> Piece.from_symbol("b")
    Piece(color=<Color.BLACK: 1>, king=False)
    """

    color: Color
    king: bool = False

    @property
    def symbol(self) -> str:
        """``w``/``b`` for men, ``W``/``B`` for kings."""
        s = "w" if self.color is Color.WHITE else "b"
        return s.upper() if self.king else s

    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        if symbol not in ("w", "b", "W", "B"):
            raise ValueError(f"bad piece symbol {symbol!r}")
        return cls(Color.WHITE if symbol.lower() == "w" else Color.BLACK, symbol.isupper())
