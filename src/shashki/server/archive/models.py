"""Tables of the game archive.

* ``archive_imports``: one PDN file imported (who, when, what file, the job that reads it),
  with the reader's error report (the broken games with index, line, column and message)
  as JSON, and how far it got: lines read of the file's lines, whether the cap on games per
  file stopped it (and the line of the first game not read).
* ``archive_games``: one game of the archive: its tags (JSON, and the searched ones in
  their own indexed columns), its movetext as :mod:`shashki.pdn`'s writer writes it, its
  first moves in the Code's notation (opening search), ply count and final FEN.
  ``digest`` (SHA-256 of the written game) keeps a game from being imported twice.
* ``archive_positions``: every position of every archive game (the opening explorer and the
  position search, :mod:`shashki.server.archive.explorer`): its 64-bit key, the move played
  from it and the game's result, so that what was played from a position, with counts and
  results, is one look-up in one index.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base


class ArchiveImport(Base):
    __tablename__ = "archive_imports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"),
                                                index=True, default=None)
    filename: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[float] = mapped_column(Float)
    games_read: Mapped[int] = mapped_column(Integer, default=0)
    games_imported: Mapped[int] = mapped_column(Integer, default=0)
    duplicates: Mapped[int] = mapped_column(Integer, default=0)
    broken: Mapped[int] = mapped_column(Integer, default=0)
    report: Mapped[str] = mapped_column(Text, default="[]")
    """JSON: ``{"broken": [...], "warnings": [...]}``: the broken games, each ``{index,
    line, column, text, message, type, white, black, event}``, and the reader's warnings,
    each once with ``{kind, message, index, line, column, text, games, count, indices}``
    (imports stored before the warnings were kept: the list of broken games alone)."""
    job_id: Mapped[int | None] = mapped_column(ForeignKey("jobs.id", ondelete="SET NULL"),
                                               index=True, default=None)
    bytes_total: Mapped[int] = mapped_column(Integer, default=0)
    lines_total: Mapped[int] = mapped_column(Integer, default=0)
    lines_read: Mapped[int] = mapped_column(Integer, default=0)
    """Lines of the file read so far (the games before the line being read): progress
    that follows the games themselves (the reader reads the bytes ahead, a megabyte at a
    time)."""
    capped: Mapped[bool] = mapped_column(Boolean, default=False)
    """The cap on games per file was reached and more games followed."""
    next_line: Mapped[int | None] = mapped_column(Integer, default=None)
    """With ``capped``: the line where the first game not read starts."""


class ArchiveGame(Base):
    __tablename__ = "archive_games"
    __table_args__ = (
        UniqueConstraint("digest", name="uq_archive_games_digest"),
        Index("ix_archive_games_white", "white_key"),
        Index("ix_archive_games_black", "black_key"),
        Index("ix_archive_games_event", "event_key"),
        Index("ix_archive_games_variant_date", "variant", "date"),
        Index("ix_archive_games_result", "result"),
        Index("ix_archive_games_opening", "opening_key"),
        Index("ix_archive_games_moves", "first_moves"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    import_id: Mapped[int | None] = mapped_column(
        ForeignKey("archive_imports.id", ondelete="SET NULL"), index=True, default=None)
    index_in_file: Mapped[int] = mapped_column(Integer, default=0)
    variant: Mapped[str] = mapped_column(String(32))
    white: Mapped[str] = mapped_column(String(200), default="")
    black: Mapped[str] = mapped_column(String(200), default="")
    white_key: Mapped[str] = mapped_column(String(200), default="")
    """The name folded (lower case, ё as е) for searching; likewise the other keys."""
    black_key: Mapped[str] = mapped_column(String(200), default="")
    event: Mapped[str] = mapped_column(String(200), default="")
    event_key: Mapped[str] = mapped_column(String(200), default="")
    site: Mapped[str] = mapped_column(String(200), default="")
    date: Mapped[str] = mapped_column(String(10), default="")
    """``YYYY.MM.DD`` as in the ``Date`` tag (``??`` where unknown)."""
    round: Mapped[str] = mapped_column(String(40), default="")
    result: Mapped[str] = mapped_column(String(8), default="*")
    opening: Mapped[str] = mapped_column(String(200), default="")
    """The ``Opening`` tag (the opening's name, e.g. «Городская партия»)."""
    opening_key: Mapped[str] = mapped_column(String(200), default="")
    first_moves: Mapped[str] = mapped_column(String(400), default="")
    """The first plies in the Code's notation, separated by spaces (``c3-d4 f6-e5 ...``)."""
    initial_fen: Mapped[str | None] = mapped_column(Text, default=None)
    final_fen: Mapped[str] = mapped_column(Text)
    ply_count: Mapped[int] = mapped_column(Integer, default=0)
    headers: Mapped[str] = mapped_column(Text, default="{}")
    """JSON object of every tag, in the file's order."""
    movetext: Mapped[str] = mapped_column(Text, default="")
    digest: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)


class ArchivePosition(Base):
    __tablename__ = "archive_positions"
    __table_args__ = (
        # covering: the explorer's GROUP BY move, result reads the index alone
        Index("ix_archive_positions_key", "key", "move", "result"),
    )

    game_id: Mapped[int] = mapped_column(
        ForeignKey("archive_games.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The plies played before the position (0: the start)."""
    key: Mapped[int] = mapped_column(BigInteger)
    """:func:`shashki.server.archive.explorer.position_key` of the variant and the FEN."""
    move: Mapped[str] = mapped_column(String(120), default="")
    """The move played from the position in the Code's notation ("" at the game's end)."""
    result: Mapped[str] = mapped_column(String(8), default="*")
