"""The board: a position of one variant, its legal moves and its move stack.

>>> board = Board("russian")
>>> len(board.legal_moves)
7
>>> board.push(board.parse_move("c3-d4"))
>>> board.fen()
'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
>>> board.pop()
Move((22, 18))
>>> Board("international").perft(3)
658
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from shashki import notation
from shashki.color import BLACK, WHITE, Color, Piece
from shashki.errors import IllegalMove, InvalidSquare
from shashki.fen import Position, parse_fen, write_fen
from shashki.move import Move
from shashki.rules import Goal, Variant, as_variant

if TYPE_CHECKING:
    from collections.abc import Iterator


class Termination(Enum):
    """Why the rules end a game by the position alone.

    >>> Board("russian", "B:W21:B").outcome().termination
    <Termination.NO_PIECES: 'no pieces'>
    >>> Board("russian", "W:Wa1:Bb2,c3").outcome().termination
    <Termination.NO_MOVES: 'no moves'>
    """

    NO_PIECES = "no pieces"
    NO_MOVES = "no moves"


@dataclass(frozen=True)
class Outcome:
    """The end of a game by the rules of the position (Code 1.8.1).

    >>> out = Board("russian", "B:W21:B").outcome()
    >>> out.winner, out.article, out.result()
    (<Color.WHITE: 0>, 'Code 1.8.1', '1-0')
    """

    termination: Termination
    winner: Color | None
    article: str

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is WHITE else "0-1"


@cache
def _zobrist(squares: int) -> tuple[tuple[int, ...], ...]:
    """Random keys: [white man, white king, black man, black king][square], then side."""
    rng = random.Random(0x5A5B_5C5D + squares)
    tables = tuple(tuple(rng.getrandbits(64) for _ in range(squares + 1)) for _ in range(4))
    return (*tables, (rng.getrandbits(64),))




class Board:
    """A position of ``variant`` with the moves that led to it.

    ``fen`` defaults to the variant's initial position (Code 1.4.1; FMJD 2.8).
    Raises :class:`~shashki.InvalidFen` for a FEN that cannot stand and
    :class:`~shashki.UnknownVariant` for a variant name shashki does not know.

    >>> board = Board("russian")
    >>> board.turn, len(board.legal_moves)
    (<Color.WHITE: 0>, 7)
    >>> board.push_text("c3-d4")
    Move((22, 18))
    >>> board.fen()
    'B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12'
    >>> Board("international", "W:W28:B23,K5").legal_moves
    [Move((28, 19), captures=(23,))]
    """

    def __init__(self, variant: str | Variant = "russian", fen: str | None = None) -> None:
        self.variant = as_variant(variant)
        self._set(parse_fen(fen if fen is not None else self.variant.initial_fen, self.variant))
        self.move_stack: list[Move] = []
        self._stack: list[tuple[int, int, int, int, int]] = []

    # --- state ----------------------------------------------------------------------

    def _set(self, pos: Position) -> None:
        self._white, self._black, self._kings, self._turn = pos
        self._moves: list[Move] | None = None
        self._key = self._full_key()

    @property
    def turn(self) -> Color:
        """The side to move."""
        return Color(self._turn)

    @property
    def position(self) -> Position:
        """The raw bitboards (padded layout, see :mod:`shashki.rules.geometry`)."""
        return Position(self._white, self._black, self._kings, self._turn)

    def fen(self) -> str:
        """The FEN with sorted numeric squares, e.g. ``W:W21,22,K30:B1,2,K5``."""
        return write_fen(self.position, self.variant)

    def _square(self, square: int | str) -> int:
        g = self.variant.geometry
        if isinstance(square, str):
            try:
                return g.parse_square(square)
            except ValueError as e:
                raise InvalidSquare(str(e)) from None
        if not 1 <= square <= g.squares:
            raise InvalidSquare(f"square {square} is off the board (1-{g.squares})")
        return square

    def piece_at(self, square: int | str) -> Piece | None:
        """The piece on a square (number or algebraic name), or None."""
        bit = 1 << self.variant.geometry.bit(self._square(square))
        if self._white & bit:
            return Piece(WHITE, bool(self._kings & bit))
        if self._black & bit:
            return Piece(BLACK, bool(self._kings & bit))
        return None

    def pieces(self, color: Color, king: bool | None = None) -> list[int]:
        """Squares of ``color``'s pieces (only men or only kings when ``king`` is given)."""
        mask = self._white if color is WHITE else self._black
        if king is True:
            mask &= self._kings
        elif king is False:
            mask &= ~self._kings
        return self.variant.geometry.squares_of(mask)

    # --- moves ----------------------------------------------------------------------

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move; captures only when one is possible (Code 1.5.3)."""
        if self._moves is None:
            from shashki.rules import movegen

            self._moves = movegen.legal_moves(
                self.variant, self._white, self._black, self._kings, self._turn
            )
        return list(self._moves)

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` captures."""
        return move.is_capture

    def has_capture(self) -> bool:
        """Whether the side to move must capture (Code 1.5.3)."""
        moves = self.legal_moves
        return bool(moves) and moves[0].is_capture

    def parse_move(self, text: str) -> Move:
        """The legal move named by ``text``: ``c3-d4``, ``c3:e5:g3``, ``22-18``, ``47x24``...

        See :func:`shashki.notation.parse_move`; raises :class:`~shashki.IllegalMove`
        saying which rule forbids the move and what is legal instead.
        """
        return notation.parse_move(self, text)

    def move_text(
        self, move: Move, style: notation.Style | str | None = None, full: bool | None = None
    ) -> str:
        """Text of a legal move, short unless another legal move shares start and end.

        ``style`` is ``"algebraic"`` (default on 8x8, the Code's notation) or ``"numeric"``
        (default on 10x10, FMJD).
        """
        st = notation.Style(style) if isinstance(style, str) else style
        return notation.move_text(self, move, st, full)

    def push_text(self, text: str) -> Move:
        """Parse and play a move; return it."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def push(self, move: Move) -> None:
        """Play a legal move; raise :class:`~shashki.IllegalMove` otherwise."""
        moves = self.legal_moves
        try:
            move = moves[moves.index(move)]  # the generated move, with its path and order
        except ValueError:
            raise IllegalMove(f"illegal move {move.numeric(full=True)} in {self.fen()}") from None
        self._stack.append((self._white, self._black, self._kings, self._turn, self._key))
        self.move_stack.append(move)
        self._apply(move)

    def _apply(self, move: Move) -> None:
        g = self.variant.geometry
        z = _zobrist(g.squares)
        fb = 1 << g.bit(move.start)
        tb = 1 << g.bit(move.end)
        was_king = bool(self._kings & fb)
        now_king = was_king or move.promotion
        side = self._turn
        key = self._key ^ z[2 * side + was_king][move.start] ^ z[2 * side + now_king][move.end]
        cap = 0
        for sq in move.captures:
            b = 1 << g.bit(sq)
            cap |= b
            key ^= z[2 * (1 - side) + bool(self._kings & b)][sq]
        own = (self._white if side == 0 else self._black) & ~fb | tb
        opp = (self._black if side == 0 else self._white) & ~cap
        kings = self._kings & ~cap & ~fb
        if now_king:
            kings |= tb
        if side == 0:
            self._white, self._black = own, opp
        else:
            self._black, self._white = own, opp
        self._kings = kings
        self._turn = 1 - side
        self._key = key ^ z[4][0]
        self._moves = None

    def pop(self) -> Move:
        """Take back the last move and return it."""
        move = self.move_stack.pop()
        self._white, self._black, self._kings, self._turn, self._key = self._stack.pop()
        self._moves = None
        return move

    def peek(self) -> Move:
        return self.move_stack[-1]

    def copy(self, stack: bool = True) -> Board:
        """A copy, with the move stack unless ``stack`` is False."""
        b = Board.__new__(Board)
        b.variant = self.variant
        b._white, b._black, b._kings, b._turn, b._key = (
            self._white, self._black, self._kings, self._turn, self._key
        )
        b._moves = self._moves
        b.move_stack = list(self.move_stack) if stack else []
        b._stack = list(self._stack) if stack else []
        return b

    # --- hashing, outcome -----------------------------------------------------------

    def _full_key(self) -> int:
        g = self.variant.geometry
        z = _zobrist(g.squares)
        key = z[4][0] if self._turn else 0
        for idx, mask in enumerate(
            (self._white & ~self._kings, self._white & self._kings,
             self._black & ~self._kings, self._black & self._kings)
        ):
            for sq in g.squares_of(mask):
                key ^= z[idx][sq]
        return key

    def zobrist_hash(self) -> int:
        """A 64-bit key of the piece arrangement and the side to move, for repetitions."""
        return self._key

    def outcome(self) -> Outcome | None:
        """The end of the game by the position, or None while the side to move can move.

        Code 1.8.1: a player who has no pieces, or cannot make his next move, loses; in
        giveaway (Code 5.1.4) the same player wins.
        """
        if self.legal_moves:
            return None
        own = self._white if self._turn == 0 else self._black
        why = Termination.NO_MOVES if own else Termination.NO_PIECES
        mover = Color(self._turn)
        winner = mover if self.variant.goal is Goal.GIVEAWAY else mover.other
        return Outcome(why, winner, "Code 1.8.1")

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    # --- perft ------------------------------------------------------------------------

    def perft(self, depth: int, bulk: bool = True) -> int:
        """Number of leaves of the legal-move tree ``depth`` plies deep."""
        from shashki.rules import movegen

        return movegen.perft(
            self.variant, self._white, self._black, self._kings, self._turn, depth, bulk
        )

    def divide(self, depth: int) -> Iterator[tuple[Move, int]]:
        """Each legal move with the perft count under it (``depth`` counts the move)."""
        for move in self.legal_moves:
            self.push(move)
            try:
                yield move, self.perft(depth - 1)
            finally:
                self.pop()

    # --- display ------------------------------------------------------------------------

    def __str__(self) -> str:
        g = self.variant.geometry
        rows = []
        for rank in range(g.ranks - 1, -1, -1):
            cells = []
            for file in range(g.files):
                sq = g.square_at(file, rank)
                if sq is None:
                    cells.append(" ")
                else:
                    p = self.piece_at(sq)
                    cells.append(p.symbol if p else ".")
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"Board({self.variant.name!r}, {self.fen()!r})"

    def _repr_svg_(self) -> str:
        """A diagram for Jupyter and other rich displays."""
        from shashki.svg import board_svg

        last = self.move_stack[-1] if self.move_stack else None
        return board_svg(self, size=400, lastmove=last)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.variant == other.variant and self.position == other.position

    __hash__ = None  # type: ignore[assignment]
