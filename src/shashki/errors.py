"""Typed errors. Each message names the bad token and, where there is one, its column."""

from __future__ import annotations


class ShashkiError(ValueError):
    """Base class of every error shashki raises on bad input.

    >>> from shashki import Board
    >>> try:
    ...     Board("russian", "W:W99")
    ... except ShashkiError as e:
    ...     print(type(e).__name__)
    InvalidFen
    """


class UnknownVariant(ShashkiError):
    """A variant name that shashki does not know.

    >>> from shashki import Board
    >>> try:
    ...     Board("chess")
    ... except UnknownVariant as e:
    ...     print(e.name)
    chess
    """

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown variant {name!r}; known: {', '.join(known)}")
        self.name = name


class InvalidFen(ShashkiError):
    """A FEN that cannot be read, or describes an impossible position.

    >>> from shashki import Board
    >>> Board("russian", "W:W21,x:B1")
    Traceback (most recent call last):
        ...
    shashki.errors.InvalidFen: invalid FEN 'W:W21,x:B1': bad square 'x' at column 7
    """

    def __init__(self, fen: str, reason: str, column: int | None = None) -> None:
        where = f" at column {column}" if column is not None else ""
        super().__init__(f"invalid FEN {fen!r}: {reason}{where}")
        self.fen = fen
        self.reason = reason
        self.column = column


class MissingDependency(ShashkiError, ImportError):
    """An optional package that a function needs is not installed; the message names the
    extra to install (:mod:`shashki.extras`).

    >>> from shashki.extras import need
    >>> try:
    ...     need("no_such_module_here", "pdf", "PNG diagrams")
    ... except MissingDependency as e:
    ...     print(str(e).split(":")[0])
    PNG diagrams needs the pdf extra
    """


class InvalidSquare(ShashkiError):
    """A square that is not a playable square of the board.

    >>> from shashki import Board
    >>> Board("russian").piece_at("z9")
    Traceback (most recent call last):
        ...
    shashki.errors.InvalidSquare: square 'z9' is not a playable dark square of this board
    """


class IllegalMove(ShashkiError):
    """A move that is not legal in the position, or move text that names no legal move.

    >>> from shashki import Board
    >>> Board("russian").push_text("c3-b2")
    Traceback (most recent call last):
        ...
    shashki.errors.IllegalMove: illegal move 'c3-b2'; legal moves from c3: c3-b4, c3-d4
    """
