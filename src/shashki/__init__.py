"""shashki: the Russian Draughts Code in software.

>>> import shashki
>>> board = shashki.Board("russian")
>>> [board.move_text(m) for m in board.legal_moves][:3]
['a3-b4', 'c3-b4', 'c3-d4']
"""

from shashki.board import Board, Outcome, Termination
from shashki.color import BLACK, WHITE, Color, Piece
from shashki.errors import IllegalMove, InvalidFen, InvalidSquare, ShashkiError, UnknownVariant
from shashki.move import Move
from shashki.rules import VARIANTS, Variant

__version__ = "0.1.0"

__all__ = [
    "BLACK",
    "VARIANTS",
    "WHITE",
    "Board",
    "Color",
    "IllegalMove",
    "InvalidFen",
    "InvalidSquare",
    "Move",
    "Outcome",
    "Piece",
    "ShashkiError",
    "Termination",
    "UnknownVariant",
    "Variant",
]
