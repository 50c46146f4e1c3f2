"""Live play's tables: challenges, games, their moves and events.

Times are seconds since the epoch (floats), the server's wall clock. A game's moves and
events share one sequence number per game (``seq``), in which order they are replayed to
rebuild the game after a restart (:mod:`shashki.server.play.live`).
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.accounts.models import User
from shashki.server.core.db import Base


class ChallengeStatus(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    CANCELLED = "cancelled"
    DECLINED = "declined"


class Challenge(Base):
    """An open challenge (no ``target``) or a direct invitation to one player."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    target_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True,
                                                  default=None)
    variant: Mapped[str] = mapped_column(String(32))
    time_control: Mapped[str] = mapped_column(String(64), default="")
    """The control as :class:`~shashki.clock.TimeControl` prints it; empty: no clock."""
    color: Mapped[str] = mapped_column(String(8), default="random")
    """The creator's colour: ``white``, ``black`` or ``random``."""
    fen: Mapped[str | None] = mapped_column(Text, default=None)
    status: Mapped[str] = mapped_column(String(16), default=ChallengeStatus.OPEN.value,
                                        index=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), default=None)
    created_at: Mapped[float] = mapped_column(Float)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    """The game counts for both players' ratings (docs/ratings.md)."""
    rating_min: Mapped[int | None] = mapped_column(Integer, default=None)
    rating_max: Mapped[int | None] = mapped_column(Integer, default=None)
    """An open seek's range: only a player rated within it may accept."""

    creator: Mapped[User] = relationship(foreign_keys=[creator_id], lazy="joined")
    target: Mapped[User | None] = relationship(foreign_keys=[target_id], lazy="joined")


class GameStatus(StrEnum):
    LIVE = "live"
    FINISHED = "finished"


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    variant: Mapped[str] = mapped_column(String(32))
    initial_fen: Mapped[str] = mapped_column(Text)
    time_control: Mapped[str] = mapped_column(String(64), default="")
    ruleset: Mapped[str] = mapped_column(String(32))
    white_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    black_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    status: Mapped[str] = mapped_column(String(16), default=GameStatus.LIVE.value, index=True)
    result: Mapped[str] = mapped_column(String(8), default="*")
    termination_kind: Mapped[str | None] = mapped_column(String(32), default=None)
    termination_article: Mapped[str | None] = mapped_column(String(40), default=None)
    termination_ply: Mapped[int | None] = mapped_column(Integer, default=None)
    termination_detail: Mapped[str | None] = mapped_column(Text, default=None)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, default=None)
    """When White's clock was started (Code 3.7.3): an event's game at the start of the
    round; None for a casual or rated game, whose clock starts with White's first move
    (docs/rules.md L1)."""
    ended_at: Mapped[float | None] = mapped_column(Float, default=None)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    """A rated game: its result changes both ratings (docs/ratings.md)."""

    white: Mapped[User] = relationship(foreign_keys=[white_id], lazy="joined")
    black: Mapped[User] = relationship(foreign_keys=[black_id], lazy="joined")


class Move(Base):
    """One ply as acknowledged to the player: committed before the acknowledgement. A move
    taken back (a casual game's takeback, docs/rules.md L4) stays, marked, in the game's
    history; one ply of the game stands at a time."""

    __tablename__ = "moves"
    __table_args__ = (
        Index("uq_moves_game_ply", "game_id", "ply", unique=True,
              sqlite_where=text("NOT taken_back"), postgresql_where=text("NOT taken_back")),
        UniqueConstraint("game_id", "seq", name="uq_moves_game_seq"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    ply: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    """The move in the variant's notation (the Code's algebraic notation on 8x8)."""
    fen_after: Mapped[str] = mapped_column(Text)
    white_clock: Mapped[float | None] = mapped_column(Float, default=None)
    black_clock: Mapped[float | None] = mapped_column(Float, default=None)
    at: Mapped[float] = mapped_column(Float)
    """Server time the move was made (after lag compensation)."""
    lag: Mapped[float] = mapped_column(Float, default=0.0)
    """Seconds of network lag given back to the mover."""
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    taken_back: Mapped[bool] = mapped_column(Boolean, default=False)
    """Taken back by agreement (docs/rules.md L4): replayed, then undone by the takeback."""


class Event(Base):
    """A player's or the server's action other than a move: an offer, its answer, a
    claim, a resignation, a fallen flag, an arbiter's decision."""

    __tablename__ = "game_events"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),
        Index("ix_game_events_game", "game_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(24))
    color: Mapped[str | None] = mapped_column(String(8), default=None)
    article: Mapped[str] = mapped_column(String(40), default="")
    detail: Mapped[str] = mapped_column(Text, default="")
    written: Mapped[str | None] = mapped_column(String(200), default=None)
    """A threefold claim's written move (Code 1.9.2)."""
    at: Mapped[float] = mapped_column(Float)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
