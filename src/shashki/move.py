"""Moves: start, end, the squares the piece lands on, and what it captures.

Two routes that start and end on the same squares and capture the same pieces are one
move (perft.md "dedup"); the move keeps one of the routes as its path.

>>> m = Move((22, 17))
>>> m.start, m.end, m.is_capture
(22, 17, False)
>>> Move((28, 19, 12, 3, 10), captures=(24, 16, 8, 7), promotion=True).numeric()
'28x10'
"""

from __future__ import annotations


class Move:
    """A legal move as the rules core produced it.

    ``path`` is every square the piece stands on, from the start square to the end
    square (a quiet move has two). ``captures`` are the captured squares in capture
    order when known, and ``promotion`` tells whether a man became a king.

    >>> from shashki import Board
    >>> move = Board("russian", "W:Wc3:Bd4").legal_moves[0]
    >>> move, move.start, move.end, move.captures, move.promotion
    (Move((22, 15), captures=(18,)), 22, 15, (18,), False)
    >>> move.numeric()
    '22x15'
    """

    __slots__ = ("_capmask", "captures", "path", "promotion")

    path: tuple[int, ...]
    captures: tuple[int, ...]
    promotion: bool
    _capmask: int

    def __init__(
        self, path: tuple[int, ...], captures: tuple[int, ...] = (), promotion: bool = False
    ) -> None:
        if len(path) < 2:
            raise ValueError("a move needs a start and an end square")
        self.path = tuple(path)
        self.captures = tuple(captures)
        self.promotion = promotion
        m = 0
        for sq in self.captures:
            m |= 1 << sq
        self._capmask = m

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def captured(self) -> frozenset[int]:
        """The captured squares as a set."""
        return frozenset(self.captures)

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def numeric(self, full: bool = False, sep: str | None = None) -> str:
        """Numeric text: ``22-17``, ``28x10``; ``full`` gives every landing square."""
        s = sep if sep is not None else ("x" if self.captures else "-")
        squares = self.path if full and self.captures else (self.start, self.end)
        return s.join(str(q) for q in squares)

    def _key(self) -> tuple[int, int, int]:
        return (self.path[0], self.path[-1], self._capmask)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        extra = f", captures={self.captures}" if self.captures else ""
        if self.promotion:
            extra += ", promotion=True"
        return f"Move({self.path}{extra})"

    def __str__(self) -> str:
        return self.numeric(full=True)
