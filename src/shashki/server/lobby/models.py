"""The lobby's table: ``pool_entries``, the players waiting in a quick-pairing pool."""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Boolean, Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base


class EntryStatus(StrEnum):
    WAITING = "waiting"
    PAIRED = "paired"
    LEFT = "left"


class PoolEntry(Base):
    """One player waiting for a game in one pool (a variant and a time control)."""

    __tablename__ = "pool_entries"
    __table_args__ = (Index("ix_pool_entries_pool", "status", "variant", "pool"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         index=True)
    variant: Mapped[str] = mapped_column(String(32))
    pool: Mapped[str] = mapped_column(String(16))
    """The pool's name (:data:`shashki.server.lobby.service.POOLS`), e.g. ``3+2``."""
    rated: Mapped[bool] = mapped_column(Boolean, default=True)
    rating: Mapped[float] = mapped_column(Float)
    """The player's rating in the pool's variant and class when he joined."""
    joined_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    """The last time the player's page asked for news; a player gone is dropped."""
    status: Mapped[str] = mapped_column(String(16), default=EntryStatus.WAITING.value)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"),
                                                default=None)
