"""Endgame databases: every position with few pieces solved by retrograde analysis.

Russian, Brazilian and International draughts (the variants where a side that cannot
move loses, Code 1.8.1). For each position the database knows the result with best
play — won, drawn or lost for the side to move — and the number of plies to the end of
the game (the winner hurrying, the loser delaying), so it also names the best move. The
results are game-theoretic: they ignore the Code's move-count draw rules (e.g. 1.9.1.6),
which an arbiter applies on top.

>>> import tempfile
>>> from shashki import Board
>>> from shashki.engine.egdb import Database
>>> db = Database.build("russian", 2, tempfile.mkdtemp())
>>> db.probe(Board("russian", "W:WKc3:Be5"))  # the king takes the man at once
Result(outcome='win', plies=1)

Command line: ``shashki egdb build --variant V --pieces N [--dir D]`` and
``shashki egdb probe --variant V --fen F``. See docs/engine.md, "Endgame databases".
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shashki.board import Board
from shashki.engine.egdb.build import BuildReport, EgdbError, Progress, SliceStats, build
from shashki.engine.egdb.kernels import probe_bytes
from shashki.engine.egdb.tables import (
    FORMAT,
    Layout,
    load_slice,
    materials,
    pairs,
    read_manifest,
)
from shashki.move import Move
from shashki.rules import Variant, as_variant

__all__ = [
    "BuildReport",
    "Database",
    "EgdbError",
    "Result",
    "SliceStats",
    "default_dir",
    "for_engine",
    "probe",
    "probe_bytes",
]




def default_dir(variant: str | Variant) -> Path:
    """Where a variant's database lives by default: ``$SHASHKI_EGDB/<variant>`` if that
    variable is set, else ``<user data dir>/shashki/egdb/<variant>`` (platformdirs).

    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"SHASHKI_EGDB": "/srv/egdb"}):
    ...     print(default_dir("russian"))
    /srv/egdb/russian
    """
    v = as_variant(variant)
    root = os.environ.get("SHASHKI_EGDB")
    if root:
        return Path(root) / v.name
    import platformdirs

    return Path(platformdirs.user_data_dir("shashki")) / "egdb" / v.name


@dataclass(frozen=True)
class Result:
    """A position's value for the side to move.

    >>> r = Result("win", 7)
    >>> r.outcome, r.plies, r.moves
    ('win', 7, 4)
    """

    outcome: str
    """``"win"``, ``"draw"`` or ``"loss"``."""
    plies: int | None
    """Plies to the end of the game with best play (None for a draw)."""

    @property
    def moves(self) -> int | None:
        """Moves of the side to move until the game ends (None for a draw)."""
        return None if self.plies is None else (self.plies + 1) // 2

    @classmethod
    def from_byte(cls, v: int) -> Result:
        if v == 0:
            return cls("draw", None)
        d = v - 1
        return cls("win" if d % 2 else "loss", d)


_FOUND: dict[tuple[str, str, int | None], Database | None] = {}


class Database:
    """A loaded database of one variant (every slice of up to :attr:`pieces` pieces).

    >>> import tempfile
    >>> from shashki import Board
    >>> db = Database.build("russian", 2, tempfile.mkdtemp())
    >>> board = Board("russian", "W:WKc3:Be5")
    >>> db.covers(board), db.probe(board), board.move_text(db.best_move(board))
    (True, Result(outcome='win', plies=1), 'c3:f6')
    """

    def __init__(self, variant: Variant, pieces: int, eg: Any, directory: Path | None,
                 report: BuildReport | None = None) -> None:
        self.variant = variant
        self.pieces = pieces
        self.eg = eg
        """The array the search probes (:func:`shashki.engine.probe.probe`)."""
        self.directory = directory
        self.report = report

    @classmethod
    def build(cls, variant: str | Variant, pieces: int, directory: str | Path | None = None,
              progress: Progress | None = None) -> Database:
        """Build (or complete) and load the database up to ``pieces`` pieces."""
        v = as_variant(variant)
        d = Path(directory) if directory is not None else default_dir(v)
        report, eg = build(v, pieces, d, progress)
        return cls(v, pieces, eg, d, report)

    @classmethod
    def open(cls, variant: str | Variant, directory: str | Path | None = None,
             pieces: int | None = None) -> Database:
        """Load the database in ``directory`` (default: :func:`default_dir`), all of it or
        up to ``pieces`` pieces. Raises :class:`EgdbError` when there is none."""
        v = as_variant(variant)
        d = Path(directory) if directory is not None else default_dir(v)
        doc = read_manifest(d)
        if doc is None:
            raise EgdbError(f"no endgame database in {str(d)!r}: build it with "
                            f"'shashki egdb build --variant {v.name} --pieces N'")
        if doc.get("variant") != v.name or doc.get("format") != FORMAT:
            raise EgdbError(f"{str(d)!r} holds a database of {doc.get('variant')!r} "
                            f"(format {doc.get('format')}), not {v.name!r}")
        slices = doc.get("slices", {})
        have = 1  # the most pieces for which every slice is there (a build may be cut short)
        while have < int(doc.get("pieces", 0)) and all(
                m.name in slices for m in materials(have + 1)):
            have += 1
        n = have if pieces is None else pieces
        if n > have or n < 2:
            raise EgdbError(f"pieces {n}: the database in {str(d)!r} has up to {have}")
        lay = Layout(v, n)
        eg = lay.allocate()
        for a, b in pairs(n):
            for m in (a, b):
                if m is None:
                    continue
                if m.name not in slices:
                    raise EgdbError(f"{str(d)!r}: slice {m.name} is missing; rebuild it")
                try:
                    load_slice(d, m, lay.slice_of(eg, m))
                except (OSError, ValueError) as e:
                    raise EgdbError(f"{str(d)!r}: slice {m.name} cannot be read: {e}") from None
        return cls(v, n, eg, d)

    @classmethod
    def find(cls, variant: str | Variant, pieces: int | None = None) -> Database | None:
        """The database in the default directory, loaded once per process (None when
        there is none): for the engine, the hub and the arbiter to pick up what
        ``shashki egdb build`` made."""
        v = as_variant(variant)
        key = (v.name, str(default_dir(v)), pieces)
        if key not in _FOUND:
            try:
                _FOUND[key] = cls.open(v, pieces=pieces)
            except EgdbError:
                _FOUND[key] = None
        return _FOUND[key]

    def covers(self, board: Board) -> bool:
        """Whether the position has few enough pieces for this database."""
        w, b, _, _ = board.position
        return 0 < (w | b).bit_count() <= self.pieces

    def _byte(self, white: int, black: int, kings: int, turn: int) -> int:
        own, opp = (white, black) if turn == 0 else (black, white)
        return int(probe_bytes(np.uint64(own), np.uint64(opp), np.uint64(kings), turn,
                               self.eg))

    def probe(self, board: Board) -> Result | None:
        """The result for the side to move, or None when the position has too many pieces.

        Raises :class:`EgdbError` for a board of another variant."""
        if board.variant != self.variant:
            raise EgdbError(f"this database is for {self.variant.name}, the board is "
                            f"{board.variant.name}")
        return self.probe_position(*board.position)

    def probe_position(self, white: int, black: int, kings: int, turn: int) -> Result | None:
        """:meth:`probe` for raw bitboards (``Board.position``, a draw-rule snapshot)."""
        if not (white and black):  # a side without pieces has lost (Code 1.8.1)
            return Result("loss", 0) if not (white if turn == 0 else black) else None
        v = self._byte(white, black, kings, turn)
        return None if v < 0 else Result.from_byte(v)

    def moves(self, board: Board) -> list[tuple[Move, Result]] | None:
        """Every legal move with the result it leaves for the opponent, the best first
        (a win soonest, else a draw, else the longest defence); None when not covered."""
        if self.probe(board) is None:
            return None
        out = []
        for mv in board.legal_moves:
            child = board.copy(stack=False)
            child.push(mv)
            r = self.probe(child)
            assert r is not None
            out.append((mv, r))

        def key(item: tuple[Move, Result]) -> tuple[int, int]:
            r = item[1]
            if r.outcome == "loss":
                return (0, r.plies or 0)
            if r.outcome == "draw":
                return (1, 0)
            return (2, -(r.plies or 0))

        out.sort(key=key)
        return out

    def best_move(self, board: Board) -> Move | None:
        """The database's move: the fastest win, a drawing move, or the longest defence."""
        ms = self.moves(board)
        return ms[0][0] if ms else None


def probe(board: Board) -> Result | None:
    """The result of ``board`` for the side to move by the database in the default
    directory (:meth:`Database.find`); None when there is none or it does not cover the
    position.

    >>> import os, tempfile
    >>> from unittest import mock
    >>> from shashki import Board
    >>> home = tempfile.mkdtemp()
    >>> _ = Database.build("russian", 2, os.path.join(home, "russian"))
    >>> with mock.patch.dict(os.environ, {"SHASHKI_EGDB": home}):
    ...     print(probe(Board("russian", "W:WKc3:Be5")), probe(Board("russian")))
    Result(outcome='win', plies=1) None
    """
    db = Database.find(board.variant)
    return None if db is None else db.probe(board)


def for_engine(variant: str | Variant, choice: str = "auto") -> Database | None:
    """The database an engine of ``variant`` should probe: ``"auto"`` the one in the
    default directory if it was built (else none), ``"off"`` none, otherwise the
    directory ``choice`` (raises :class:`EgdbError` when it holds no database).

    >>> import os, tempfile
    >>> from unittest import mock
    >>> for_engine("russian", "off") is None
    True
    >>> with mock.patch.dict(os.environ, {"SHASHKI_EGDB": tempfile.mkdtemp()}):
    ...     print(for_engine("russian"))
    None
    """
    if choice == "off":
        return None
    if choice == "auto":
        return Database.find(variant)
    return Database.open(variant, choice)
