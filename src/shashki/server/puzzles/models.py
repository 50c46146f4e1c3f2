"""Tables of puzzles.

* ``puzzles``: a position (FEN) and the one move that wins there, where it came from
  (the analysed game and its ply), what it wins (``material`` or ``win``), and its rating
  (Glicko-2: rating, deviation, volatility) with its attempts.
* ``puzzle_ratings``: each solver's puzzle rating (Glicko-2 too).
* ``puzzle_attempts``: who tried which puzzle, with what move, solved or not.
* ``puzzle_mined``: the analyses already mined (a job does not mine one twice).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base

START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06


class Puzzle(Base):
    __tablename__ = "puzzles"
    __table_args__ = (
        UniqueConstraint("source", "source_id", "ply", name="uq_puzzles_source"),
        Index("ix_puzzles_variant_rating", "variant", "rating"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    fen: Mapped[str] = mapped_column(Text)
    solution: Mapped[str] = mapped_column(String(120))
    """The winning move in the Code's notation."""
    line: Mapped[str] = mapped_column(Text, default="")
    """The engine's line after it (shown once solved)."""
    kind: Mapped[str] = mapped_column(String(16))
    """``material`` (it wins at least :data:`~.mine.MATERIAL` of a man) or ``win``."""
    gain: Mapped[int] = mapped_column(Integer, default=0)
    """The engine's score of the solution for the side to move (hundredths of a man)."""
    source: Mapped[str] = mapped_column(String(16))
    source_id: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    """Plies of the game played before the puzzle's position."""
    rating: Mapped[float] = mapped_column(Float, default=START_RATING)
    rd: Mapped[float] = mapped_column(Float, default=START_RD)
    vol: Mapped[float] = mapped_column(Float, default=START_VOL)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)


class PuzzleRating(Base):
    __tablename__ = "puzzle_ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    rating: Mapped[float] = mapped_column(Float, default=START_RATING)
    rd: Mapped[float] = mapped_column(Float, default=START_RD)
    vol: Mapped[float] = mapped_column(Float, default=START_VOL)


class PuzzleAttempt(Base):
    __tablename__ = "puzzle_attempts"
    __table_args__ = (Index("ix_puzzle_attempts_user", "user_id", "puzzle_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    puzzle_id: Mapped[int] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"),
                                           index=True)
    move: Mapped[str] = mapped_column(String(120))
    solved: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[float] = mapped_column(Float)


class PuzzleMined(Base):
    __tablename__ = "puzzle_mined"

    analysis_id: Mapped[int] = mapped_column(ForeignKey("analyses.id", ondelete="CASCADE"),
                                             primary_key=True)
    found: Mapped[int] = mapped_column(Integer, default=0)
    at: Mapped[float] = mapped_column(Float)
