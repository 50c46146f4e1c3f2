"""Board geometry: square numbers, algebraic names and the padded bitboard layout.

Squares are numbered as PDN and the Code number them: row by row from the top (Black's
side), left to right as White sees the board (Code ch. II, Diagram 11; FMJD 2.6). On 8x8,
1 = b8, 4 = h8, 29 = a1, 32 = g1; on 10x10, 1 = b10 and 50 = i1. The dark corner square
lies at each player's left (Code 1.1), so a1 is playable.

Boards need not be square: ``files`` (the row width) and ``ranks`` (the number of rows)
are independent, as on the 10x8 board of 80-square draughts (1 = b8, 5 = j8, 36 = a1,
40 = i1).

The kernels keep each colour in one 64-bit word with a "ghost" bit after every two rows
(bit = s + s // (2n) for 0-based square s and n = files / 2 squares a row). With that
padding every diagonal step is one shift by n or n + 1 and falling off a side edge lands
on a ghost bit, which is never part of the board mask; falling off the top or the bottom
row leaves the board's bits altogether. So the padding and the shifts depend on the row
width only, and the number of rows only sets the masks (the board, the promotion rows).
The layout needs the top row to begin on the b-file (a light corner at the top left):
with a1 dark that holds exactly when ``ranks`` is even, which every board here has.

>>> g = Geometry(8, 8)
>>> g.square_name(1), g.square_name(29), g.square_name(32)
('b8', 'a1', 'g1')
>>> g.parse_square("c3")
22
>>> Geometry(10, 10).square_name(50)
'i1'
>>> e = Geometry(10, 8)
>>> e.squares, e.square_name(1), e.square_name(5), e.square_name(36), e.parse_square("j2")
(40, 'b8', 'j8', 'a1', 35)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

FILES = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Geometry:
    """A draughts board with ``files`` columns and ``ranks`` rows, played on the dark squares.

    >>> from shashki.rules import Geometry
    >>> g = Geometry(8, 8)
    >>> g.squares, g.square_name(22), g.parse_square("c3")
    (32, 'c3', 22)
    """

    files: int
    ranks: int
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.files % 2 or self.files < 4 or self.ranks < 4 or self.files > 26:
            raise ValueError(f"unsupported board {self.files}x{self.ranks}")
        if self.ranks % 2:
            # An odd number of rows puts a dark square in the top-left corner; the padded
            # layout (module docstring) would then need its shifts the other way round.
            raise ValueError(f"unsupported board {self.files}x{self.ranks}: odd number of rows")
        if (self.files // 2) * self.ranks + self.ranks // 2 > 64:
            raise ValueError(f"board {self.files}x{self.ranks} does not fit in 64 bits")
        names = []
        for s in range(self.squares):
            f, r = self.file_rank(s + 1)
            names.append(f"{FILES[f]}{r + 1}")
        object.__setattr__(self, "_names", tuple(names))

    @property
    def per_row(self) -> int:
        """Playable squares in one row."""
        return self.files // 2

    @property
    def squares(self) -> int:
        """Number of playable squares."""
        return self.per_row * self.ranks

    def file_rank(self, square: int) -> tuple[int, int]:
        """0-based (file, rank) of square ``1..squares``; rank 0 is White's first row."""
        s = square - 1
        row, col = divmod(s, self.per_row)
        rank = self.ranks - 1 - row
        return 2 * col + rank % 2, rank  # dark squares: file and rank of equal parity

    def square_at(self, file: int, rank: int) -> int | None:
        """Square number of 0-based (file, rank), or None for a light or off-board square."""
        if not (0 <= file < self.files and 0 <= rank < self.ranks):
            return None
        if (file + rank) % 2:
            return None
        return (self.ranks - 1 - rank) * self.per_row + file // 2 + 1

    def square_name(self, square: int) -> str:
        """Algebraic name (``c3``) of a square number."""
        return self._names[square - 1]

    def parse_square(self, text: str) -> int:
        """Square number from ``"22"`` or ``"c3"``; raises ValueError if not a dark square."""
        t = text.strip().lower()
        if t.isdigit():
            n = int(t)
            if 1 <= n <= self.squares:
                return n
            raise ValueError(f"square {text!r} is off the board (1-{self.squares})")
        if len(t) >= 2 and t[0] in FILES and t[1:].isdigit():
            sq = self.square_at(FILES.index(t[0]), int(t[1:]) - 1)
            if sq is not None:
                return sq
            raise ValueError(f"square {text!r} is not a playable dark square of this board")
        raise ValueError(f"bad square {text!r}")

    # --- bitboard layout -------------------------------------------------------------

    def bit(self, square: int) -> int:
        """Bit index of a square in the padded layout."""
        s = square - 1
        return s + s // (2 * self.per_row)

    @cached_property
    def bit_to_square(self) -> tuple[int, ...]:
        """Square number for each bit index (0 for ghost bits)."""
        table = [0] * 64
        for sq in range(1, self.squares + 1):
            table[self.bit(sq)] = sq
        return tuple(table)

    @cached_property
    def board_mask(self) -> int:
        return self.mask(range(1, self.squares + 1))

    def mask(self, squares: object) -> int:
        m = 0
        for sq in squares:  # type: ignore[attr-defined]
            m |= 1 << self.bit(sq)
        return m

    def row_mask(self, row: int) -> int:
        """Mask of one row, row 0 being the top (White's promotion row)."""
        first = row * self.per_row + 1
        return self.mask(range(first, first + self.per_row))

    def squares_of(self, mask: int) -> list[int]:
        """Square numbers of the set bits of ``mask``, ascending."""
        out = []
        table = self.bit_to_square
        while mask:
            low = mask & -mask
            out.append(table[low.bit_length() - 1])
            mask ^= low
        return out

    @property
    def main_road(self) -> tuple[int, ...]:
        """The long diagonal (большая дорога), from White's lower-left corner.

        On a board wider than high it is the diagonal from a1 (a1-h8 on 10x8), one of
        several of the same length there (c1-j8, i1-b8).
        """
        out = []
        f, r = 0, 0
        while (sq := self.square_at(f, r)) is not None:
            out.append(sq)
            f, r = f + 1, r + 1
        return tuple(out)
