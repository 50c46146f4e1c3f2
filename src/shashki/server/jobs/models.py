"""The tables of jobs.

* ``jobs``: one piece of long work: its ``kind`` (``archive.import``,
  ``engine.analysis``), its owner, ``status`` (:data:`STATUSES`), progress (``done`` of
  ``total`` in ``unit``), a short ``message``, its ``params`` and ``result`` (JSON), the
  page that shows it (``link``), whether its owner (or an administrator) asked to cancel it,
  which worker runs it and when it last said it was alive (``heartbeat_at``).
* ``job_files``: a job's input in pieces of at most :data:`PIECE` bytes (an uploaded PDN
  file), deleted when the job ends.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
)
from sqlalchemy.orm import Mapped, mapped_column

from shashki.server.core.db import Base

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
STATUSES = (QUEUED, RUNNING, DONE, FAILED, CANCELLED)
ACTIVE = (QUEUED, RUNNING)
"""A job in one of these counts against its owner's limit."""
ENDED = (DONE, FAILED, CANCELLED)
PIECE = 1 << 20
"""Bytes of a job's input in one row of ``job_files``."""


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (Index("ix_jobs_owner_status", "owner_id", "status"),
                      Index("ix_jobs_status", "status"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"),
                                                 default=None)
    status: Mapped[str] = mapped_column(String(16), default=QUEUED)
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    unit: Mapped[str] = mapped_column(String(16), default="")
    """What ``done`` and ``total`` count: ``lines`` (of a file read), ``positions``."""
    message: Mapped[str] = mapped_column(String(300), default="")
    params: Mapped[str] = mapped_column(Text, default="{}")
    result: Mapped[str] = mapped_column(Text, default="{}")
    link: Mapped[str] = mapped_column(String(200), default="")
    """The page that shows the job (``/archive/imports/7``)."""
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    cancelled_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), default=None)
    worker: Mapped[str] = mapped_column(String(100), default="")
    """``host:pid`` of the worker running it."""
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, default=None)
    ended_at: Mapped[float | None] = mapped_column(Float, default=None)
    heartbeat_at: Mapped[float | None] = mapped_column(Float, default=None)


class JobFile(Base):
    __tablename__ = "job_files"

    job_id: Mapped[int] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"),
                                        primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[bytes] = mapped_column(LargeBinary)
