"""Correspondence play on the platform (issue 8): the tables.

A game is the :meth:`shashki.correspondence.CorrespondenceGame.to_dict` document in
``corr_games.state`` — the source of truth, replayed by the rules on every load. Leave is
per account and calendar year across all its correspondence games (rules.md P4); the mail
log keeps every message sent and received as evidence (Code 5.1.7).
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.accounts.models import User
from shashki.server.core.db import Base


class CorrStatus(StrEnum):
    INVITED = "invited"
    """Created by one player, waiting for the other to accept (no clock, no mail)."""
    LIVE = "live"
    FINISHED = "finished"
    DECLINED = "declined"
    """The invitation was declined by the opponent or withdrawn by its sender."""


class CorrEvent(Base):
    """A correspondence tournament (Code 5.1.6): its judge and captain, and the
    :class:`shashki.competition.Tournament` JSON (players by account name, rounds,
    results) as the source of truth of the table."""

    __tablename__ = "corr_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    system: Mapped[str] = mapped_column(String(16))
    """``berger`` (round robin) or ``dutch`` (Swiss)."""
    variant: Mapped[str] = mapped_column(String(32))
    control: Mapped[str] = mapped_column(String(64))
    zone: Mapped[str] = mapped_column(String(64))
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="registration", index=True)
    judge_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    captain_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    tournament: Mapped[str] = mapped_column(Text)
    digest_days: Mapped[int] = mapped_column(Integer, default=7)
    """The captain's report goes to the players every this many days (Code 5.1.8)."""
    last_digest: Mapped[str] = mapped_column(String(10), default="")
    created_at: Mapped[float] = mapped_column(Float)

    judge: Mapped[User] = relationship(foreign_keys=[judge_id], lazy="joined")
    captain: Mapped[User | None] = relationship(foreign_keys=[captain_id], lazy="joined")


class CorrGame(Base):
    __tablename__ = "corr_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int | None] = mapped_column(
        ForeignKey("corr_events.id", ondelete="CASCADE"), index=True, default=None)
    round: Mapped[int] = mapped_column(Integer, default=0)
    board: Mapped[int] = mapped_column(Integer, default=0)
    recorded: Mapped[bool] = mapped_column(Boolean, default=False)
    """The captain has registered the finished game in the table (Code 5.1.8)."""
    white_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    black_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    variant: Mapped[str] = mapped_column(String(32))
    control: Mapped[str] = mapped_column(String(64))
    """The days control as :class:`shashki.correspondence.DayControl` prints it."""
    zone: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=CorrStatus.LIVE.value, index=True)
    result: Mapped[str] = mapped_column(String(8), default="*")
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    """Counted for both players' correspondence ratings when it ends (never an event's
    game: an event is rated by its federation, docs/ratings.md)."""
    white_by_mail: Mapped[bool] = mapped_column(Boolean, default=False)
    black_by_mail: Mapped[bool] = mapped_column(Boolean, default=False)
    """The player receives every move by e-mail and may answer by e-mail (Code 5.1.1)."""
    white_token: Mapped[str] = mapped_column(String(40), unique=True)
    black_token: Mapped[str] = mapped_column(String(40), unique=True)
    """The token in the ``Reply-To`` of mail sent to that player."""
    state: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)

    invited_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    """The player invited to the game; it starts when he accepts (rules.md L18)."""
    judge_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    """The judge of a game outside an event, named by its players (an event's games have
    the event's judge)."""

    white: Mapped[User] = relationship(foreign_keys=[white_id], lazy="joined")
    black: Mapped[User] = relationship(foreign_keys=[black_id], lazy="joined")
    judge: Mapped[User | None] = relationship(foreign_keys=[judge_id], lazy="joined")


class CorrLeave(Base):
    """A leave period of an account, first and last day included (rules.md P4)."""

    __tablename__ = "corr_leaves"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    first: Mapped[str] = mapped_column(String(10))
    last: Mapped[str] = mapped_column(String(10))
    requested: Mapped[str] = mapped_column(String(10))


class CorrLeaveGrant(Base):
    """Extra leave days granted by a judge, with the reason (Code 5.1.7)."""

    __tablename__ = "corr_leave_grants"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    year: Mapped[int] = mapped_column(Integer)
    days: Mapped[int] = mapped_column(Integer)
    judge_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class CorrMail(Base):
    """A message of the e-mail channel, out or in, with what became of it."""

    __tablename__ = "corr_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("corr_games.id", ondelete="CASCADE"), index=True, default=None)
    direction: Mapped[str] = mapped_column(String(3))
    """``out`` or ``in``."""
    address: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(300))
    body: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    """out: ``sent`` or ``failed``; in: ``accepted`` or ``rejected``."""
    detail: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[float] = mapped_column(Float)
