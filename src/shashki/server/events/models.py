"""Events (tournaments) on the platform: the tables.

The tournament itself — players, rounds, pairings, results, scoring, tie-breaks — is the
:class:`shashki.competition.Tournament` JSON document in ``events.data``: it is the source
of truth, and every change goes through its checked methods. The other tables link it to
the platform: which account is which starting number, which platform game is which game of
a pairing, and the arbiter's sanctions.
"""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shashki.server.accounts.models import User
from shashki.server.core.db import Base


class EventStatus(StrEnum):
    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"


class EventMode(StrEnum):
    LIVE = "live"
    """The games are played on the platform; their results flow back into the event."""
    OTB = "otb"
    """Over-the-board games: the arbiter enters the results."""


class EventRow(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(24))
    """round-robin, double-round-robin, swiss or micromatch (as chosen at creation)."""
    mode: Mapped[str] = mapped_column(String(8), default=EventMode.LIVE.value)
    time_control: Mapped[str] = mapped_column(String(64), default="")
    language: Mapped[str] = mapped_column(String(2), default="")
    """The event's language (``ru``, ``en``): its judges' report, printed tables and
    printouts are written in it whatever the server's or the visitor's (the organiser's
    at creation); empty for events made before it was kept."""
    start_fen: Mapped[str | None] = mapped_column(Text, default=None)
    """A thematic event's start position for every game (micro-match ballots excepted)."""
    status: Mapped[str] = mapped_column(String(16), default=EventStatus.REGISTRATION.value,
                                        index=True)
    organiser_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    arbiter_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), default=None)
    data: Mapped[str] = mapped_column(Text)
    """The tournament as :meth:`Tournament.to_json` writes it."""
    version: Mapped[int] = mapped_column(Integer, default=1)
    """Optimistic locking: every UPDATE of the row bumps it and requires the version it
    read, so a write based on an older read fails (SQLAlchemy's ``StaleDataError``)."""
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)

    organiser: Mapped[User] = relationship(foreign_keys=[organiser_id], lazy="joined")
    arbiter: Mapped[User | None] = relationship(foreign_keys=[arbiter_id], lazy="joined")
    """The chief arbiter (Code 4.6); when none is appointed, the organiser is."""
    assistants: Mapped[list[EventArbiter]] = relationship(
        lazy="selectin", cascade="all, delete-orphan", order_by="EventArbiter.id")
    """The other arbiters of the competition."""

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - SQLAlchemy's own


class EventArbiter(Base):
    """An arbiter of the competition beside its chief arbiter (Code 4.6)."""

    __tablename__ = "event_arbiters"
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="uq_event_arbiters_user"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)

    user: Mapped[User] = relationship(lazy="joined")


class EventPlayer(Base):
    """A registered account and its starting number in the tournament."""

    __tablename__ = "event_players"
    __table_args__ = (
        UniqueConstraint("event_id", "user_id", name="uq_event_players_user"),
        UniqueConstraint("event_id", "number", name="uq_event_players_number"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    out_from: Mapped[int | None] = mapped_column(Integer, default=None)
    """First round the player no longer plays (withdrawn or excluded). In a round robin his
    later games are lost by forfeit (Code 3.13.1); a Swiss event no longer pairs him."""

    user: Mapped[User] = relationship(lazy="joined")


class EventGame(Base):
    """Game ``game_no`` (2: the return game of a micro-match) of a board of a round, played
    on the platform as ``game_id``."""

    __tablename__ = "event_games"
    __table_args__ = (
        UniqueConstraint("event_id", "playoff", "round", "board", "game_no",
                         name="uq_event_games_slot"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    playoff: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """0: a game of the event; k: of its k-th play-off (Code 3.16.2), whose rounds and
    boards are its own."""
    round: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    game_no: Mapped[int] = mapped_column(Integer, default=1)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), unique=True)


class SanctionKind(StrEnum):
    """The Code's sanctions («Санкции»), lightest first."""

    REMARK = "remark"
    WARNING = "warning"
    REPRIMAND = "reprimand"
    LOSS = "loss"
    EXCLUSION = "exclusion"


class Sanction(Base):
    """A sanction imposed by the arbiter: on whom, in which game, why, when, by whom."""

    __tablename__ = "event_sanctions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), default=None)
    kind: Mapped[str] = mapped_column(String(16))
    article: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    arbiter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))

    user: Mapped[User] = relationship(foreign_keys=[user_id], lazy="joined")
    arbiter: Mapped[User] = relationship(foreign_keys=[arbiter_id], lazy="joined")
