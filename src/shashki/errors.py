"""Typed errors. Each message names the bad token and, where there is one, its column."""

from __future__ import annotations


class ShashkiError(ValueError):
    """Base class of every error shashki raises on bad input."""


class UnknownVariant(ShashkiError):
    """A variant name that shashki does not know."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(f"unknown variant {name!r}; known: {', '.join(known)}")
        self.name = name


class InvalidFen(ShashkiError):
    """A FEN that cannot be read, or describes an impossible position."""

    def __init__(self, fen: str, reason: str, column: int | None = None) -> None:
        where = f" at column {column}" if column is not None else ""
        super().__init__(f"invalid FEN {fen!r}: {reason}{where}")
        self.fen = fen
        self.reason = reason
        self.column = column


class MissingDependency(ShashkiError, ImportError):
    """An optional package that a function needs is not installed; the message names the
    extra to install (:mod:`shashki.extras`)."""


class InvalidSquare(ShashkiError):
    """A square that is not a playable square of the board."""


class IllegalMove(ShashkiError):
    """A move that is not legal in the position, or move text that names no legal move."""
