"""An opening book: the moves long searches found for the positions games start from.

A book (:class:`Book`) maps a position (its FEN) to its moves, each with the score it was
found to have (hundredths of a man for the side to move), best first. It is built
(:func:`shashki.engine.book_build.build`) from a tree and a list of start positions:

1. **The tree**: every position within ``plies`` plies of the variant's initial position,
   every legal move followed (the positions of a game on the platform, or of a Hub match
   from the start).
2. **Ballots** (``tables``): the positions of the ballot tables of competitions (the
   FMJD tables for Russian and Brazilian, the ones ``shashki match`` draws from), where a
   game is handed to the players.
3. **Searches**: each position at the tree's edge and each ballot position is searched by
   the shipped engine from an empty table to ``nodes`` nodes (one search a position, in
   any order and any number of processes: the same book); its best move and score are
   its entry.
4. **Minimax**: a position inside the tree takes every move's score from the position it
   leads to (the negated best score there), so its moves are scored one ply deeper than
   a search of its own, and every move within :data:`KEEP` of the best is kept, to vary
   the play.

The recipe and the SHA-256 of the entries (:attr:`Book.hash`) are in the file, which
ships as ``shashki/engine/learned/<variant>-book.json.gz``; ``python -m
shashki.engine.book_build --variant russian`` rebuilds it from the same recipe
(docs/engine.md, "Opening book").

>>> from shashki import Board
>>> book = Book("russian", {Board("russian").fen(): [("c3-d4", 5), ("g3-h4", -3)]})
>>> [(board_move, score) for board_move, score in book.moves(Board("russian"))]
[('c3-d4', 5), ('g3-h4', -3)]
>>> Board("russian").move_text(book.choose(Board("russian")))
'c3-d4'
>>> book.choose(Board("russian", "W:Wc3:Bd4,f6")) is None
True
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from shashki.board import Board
from shashki.errors import ShashkiError
from shashki.move import Move
from shashki.rules import variant_by_name

KEEP = 10
"""Hundredths of a man below the best within which a move inside the tree is kept."""
SUFFIX = "-book.json.gz"
"""A shipped book's file name after the variant's name."""


class BookError(ShashkiError):
    """A book file that cannot be read, is not a book, or whose entries do not give its
    hash.

    >>> Book.read(b"not a book")
    Traceback (most recent call last):
    ...
    shashki.engine.book.BookError: not an opening book: not gzip-compressed JSON
    """


class Book:
    """Moves by position (the FEN of :meth:`shashki.Board.fen`), each ``(move text,
    score)``, best first; ``meta`` holds the recipe it was built from."""

    def __init__(self, variant: str, entries: dict[str, list[tuple[str, int]]],
                 meta: dict[str, Any] | None = None) -> None:
        self.variant = variant_by_name(variant).name
        self.entries = entries
        self.meta = dict(meta or {})

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, board: object) -> bool:
        return isinstance(board, Board) and board.fen() in self.entries

    @property
    def hash(self) -> str:
        """SHA-256 of the entries (sorted, as JSON): the same book gives the same hash."""
        text = json.dumps(sorted(self.entries.items()), separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def moves(self, board: Board) -> list[tuple[str, int]]:
        """The book's moves in ``board`` with their scores, best first (none if the
        position is not in the book or the board is another variant's)."""
        if board.variant.name != self.variant:
            return []
        return list(self.entries.get(board.fen(), []))

    def choose(self, board: Board, rng: random.Random | None = None,
               margin: int = 0) -> Move | None:
        """A move of the book in ``board``: the best, or with ``rng`` one drawn among
        those within ``margin`` hundredths of it; None out of the book."""
        found = self.moves(board)
        if not found:
            return None
        best = found[0][1]
        texts = [m for m, s in found if s >= best - margin]
        text = rng.choice(texts) if rng is not None and len(texts) > 1 else texts[0]
        try:
            return board.parse_move(text)
        except ShashkiError:  # a book of other rules: out of the book
            return None

    # --- files ----------------------------------------------------------------------

    def dumps(self) -> bytes:
        """The book as gzip-compressed JSON, a position a line (the same bytes for the
        same book)."""
        head = {"variant": self.variant, "hash": self.hash, "meta": self.meta}
        rows = ",\n".join(json.dumps(fen) + ": " + json.dumps([list(m) for m in moves])
                           for fen, moves in sorted(self.entries.items()))
        # a position a line, so that two books compare with zcat and diff
        text = json.dumps(head)[:-1] + ', "entries": {\n' + rows + "\n}}\n"
        return gzip.compress(text.encode(), mtime=0)

    @classmethod
    def read(cls, data: bytes) -> Book:
        """The book in ``data`` (:meth:`dumps`); :class:`BookError` if it is not one."""
        try:
            doc = json.loads(gzip.decompress(data))
        except (OSError, EOFError, ValueError):
            raise BookError("not an opening book: not gzip-compressed JSON") from None
        try:
            entries = {str(k): [(str(m), int(s)) for m, s in v]
                       for k, v in doc["entries"].items()}
            book = cls(str(doc["variant"]), entries, doc.get("meta", {}))
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise BookError(f"not an opening book: {e}") from None
        if doc.get("hash") not in (None, book.hash):
            raise BookError("opening book damaged: its entries do not give its hash")
        return book

    def save(self, path: Path) -> None:
        path.write_bytes(self.dumps())

    @classmethod
    def load(cls, path: Path) -> Book:
        try:
            return cls.read(path.read_bytes())
        except OSError as e:
            raise BookError(f"cannot read the opening book {path}: {e.strerror}") from None


@cache
def book_for(variant: str) -> Book | None:
    """The book shipped for ``variant`` (``shashki/engine/learned/<variant>-book.json.gz``),
    or None. It was built with the shipped evaluation and search: an engine of another
    version or evaluation should not use it."""
    name = variant_by_name(variant).name
    res = resources.files("shashki.engine").joinpath("learned", name + SUFFIX)
    if not res.is_file():
        return None
    return Book.read(res.read_bytes())
