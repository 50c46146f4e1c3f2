"""The engine's tables: ``engine_accounts`` (the accounts the engine plays under, one per
level) and ``analyses`` (the engine's post-game analysis of a platform or an archive game)."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base


class EngineAccount(Base):
    """An account the engine plays under; its games are answered by the engine pool."""

    __tablename__ = "engine_accounts"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    level: Mapped[str] = mapped_column(String(16), unique=True)


class Analysis(Base):
    """The engine's analysis of a game: ``source`` is ``game`` (a platform game) or
    ``archive``; ``data`` is JSON, one entry a position."""

    __tablename__ = "analyses"
    __table_args__ = (UniqueConstraint("source", "source_id", name="uq_analyses_source"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(16))
    source_id: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="running")
    """``running`` (its job queued or running), ``done``, ``failed`` or ``cancelled``."""
    depth: Mapped[int] = mapped_column(Integer, default=0)
    data: Mapped[str] = mapped_column(Text, default="[]")
    requested_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None)
    job_id: Mapped[int | None] = mapped_column(ForeignKey("jobs.id", ondelete="SET NULL"),
                                               default=None)
    """The job that computes it (:mod:`shashki.server.engine.analysis`)."""
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
