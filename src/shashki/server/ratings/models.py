"""The ratings' tables: ``ratings`` (one Glicko-2 rating per player, variant and time class)
and ``rating_changes`` (the rating of each player before and after each rated game: the
history graph, and the guard that a game is counted once)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base


class PlayerRating(Base):
    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    time_class: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_ratings_board", "variant", "time_class", "rating"),)


class RatingChange(Base):
    """One player's rating before and after one rated game: a live game (``game_id``) or a
    correspondence game (``corr_game_id``)."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint("game_id", "user_id", name="uq_rating_changes_game_user"),
        UniqueConstraint("corr_game_id", "user_id", name="uq_rating_changes_corr_user"),
        Index("ix_rating_changes_user", "user_id", "variant", "time_class"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"),
                                                default=None)
    corr_game_id: Mapped[int | None] = mapped_column(
        ForeignKey("corr_games.id", ondelete="CASCADE"), default=None)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(32))
    time_class: Mapped[str] = mapped_column(String(16))
    score: Mapped[float] = mapped_column(Float)
    rating_before: Mapped[float] = mapped_column(Float)
    rd_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    rd_after: Mapped[float] = mapped_column(Float)
    volatility_after: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)
