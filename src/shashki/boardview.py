"""What notation and diagrams read of a board: :class:`BoardView`.

:mod:`shashki.notation` and :mod:`shashki.svg` sit below :class:`shashki.Board` (which
uses them to write moves and draw itself); they take any object with these members, so
they never import the board.

>>> from shashki import Board
>>> isinstance(Board(), BoardView)
True
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from shashki.color import Color, Piece
from shashki.fen import Position
from shashki.move import Move
from shashki.rules.variant import Variant


@runtime_checkable
class BoardView(Protocol):
    """A position of a variant, with its legal moves (:class:`shashki.Board` is one)."""

    variant: Variant

    @property
    def turn(self) -> Color: ...

    @property
    def position(self) -> Position: ...

    @property
    def legal_moves(self) -> list[Move]: ...

    def fen(self) -> str: ...

    def piece_at(self, square: int | str) -> Piece | None: ...

    def pieces(self, color: Color, king: bool | None = None) -> list[int]: ...
