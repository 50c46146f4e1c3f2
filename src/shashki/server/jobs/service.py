"""Jobs as the pages and the API see them: create one (within its owner's limit, with its
input stored in the database), read it, cancel it, list a player's jobs.

The limit: a player has at most ``Settings.jobs_per_user`` jobs queued or running; the next
is refused with :class:`TooManyJobs` (429). The count and the new row are one transaction
that first locks the owner's row (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite the
insert takes the database's write lock before the count), so two requests at the same
moment cannot both pass.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database
from shashki.server.core.errors import Conflict, Forbidden, NotFound, ServerError
from shashki.server.jobs.models import (
    ACTIVE,
    CANCELLED,
    ENDED,
    FAILED,
    PIECE,
    QUEUED,
    RUNNING,
    Job,
    JobFile,
)
from shashki.server.jobs.queue import Queue

STALE = 60.0
"""Seconds without a heartbeat after which a running job's worker is taken for dead (a
worker beats every :data:`shashki.server.jobs.worker.BEAT` seconds)."""


class TooManyJobs(ServerError):
    """The owner already has as many jobs queued or running as allowed."""

    status = 429
    code = "jobs_limit"


def job_json(row: Job) -> dict[str, Any]:
    """A job as the API shows it."""
    return {"id": row.id, "kind": row.kind, "status": row.status, "done": row.done,
            "total": row.total, "unit": row.unit, "message": row.message,
            "result": json.loads(row.result or "{}"), "link": row.link,
            "owner_id": row.owner_id, "cancel_requested": row.cancel_requested,
            "created_at": row.created_at, "started_at": row.started_at,
            "ended_at": row.ended_at}


def may_manage(row: Job, user: User | None) -> bool:
    """The owner and administrators see and cancel a job."""
    if user is None:
        return False
    return row.owner_id == user.id or user.role_enum.at_least(Role.ADMINISTRATOR)


def sweep(session: DBSession, now: float | None = None) -> int:
    """Fail the running jobs whose worker stopped beating (killed, its machine gone)."""
    now = time.time() if now is None else now
    dead = list(session.scalars(select(Job.id).where(
        Job.status == RUNNING, Job.heartbeat_at < now - STALE)))
    if not dead:
        return 0
    session.execute(update(Job).where(Job.id.in_(dead), Job.status == RUNNING).values(
        status=FAILED, ended_at=now, message="stopped: its worker stopped answering"))
    session.execute(delete(JobFile).where(JobFile.job_id.in_(dead)))
    return len(dead)


Setup = Callable[[DBSession, Job], None]
"""A feature's rows of a new job, made in its transaction (it may set the job's ``link``
and ``params``, e.g. to name a row it made)."""


@dataclass
class Jobs:
    """The web side of jobs (``app.state.jobs``)."""

    db: Database
    queue: Queue
    per_user: int = 2

    def active(self, session: DBSession, owner_id: int) -> int:
        return int(session.scalar(select(func.count()).select_from(Job).where(
            Job.owner_id == owner_id, Job.status.in_(ACTIVE))) or 0)

    def check_limit(self, owner_id: int) -> None:
        """Refuse early (before an upload is read) when the owner is at the limit."""
        with self.db.session() as s:
            sweep(s)
            if self.active(s, owner_id) >= self.per_user:
                raise TooManyJobs(limit=self.per_user)

    def create(self, kind: str, owner_id: int, params: dict[str, Any], *, unit: str = "",
               total: int = 0, data: IO[bytes] | None = None,
               setup: Setup | None = None) -> int:
        """A new queued job (its input ``data`` stored piece by piece, each piece its own
        short transaction), then put on the queue."""
        with self.db.session() as s:
            s.execute(select(User.id).where(User.id == owner_id).with_for_update())
            sweep(s)
            job = Job(kind=kind, owner_id=owner_id, params=json.dumps(params),
                      unit=unit, total=total, created_at=time.time())
            s.add(job)
            s.flush()
            if self.active(s, owner_id) > self.per_user:
                raise TooManyJobs(limit=self.per_user)  # rolls the new row back
            if setup is not None:
                setup(s, job)
            job_id = job.id
        if data is not None:
            try:
                seq = 0
                while piece := data.read(PIECE):
                    with self.db.session() as s:
                        s.add(JobFile(job_id=job_id, seq=seq, data=piece))
                    seq += 1
            except BaseException:
                with self.db.session() as s:
                    s.execute(update(Job).where(Job.id == job_id).values(
                        status=FAILED, ended_at=time.time(),
                        message="failed: its input could not be stored"))
                    s.execute(delete(JobFile).where(JobFile.job_id == job_id))
                raise
        self.queue.enqueue(job_id)
        return job_id

    def load(self, session: DBSession, job_id: int) -> Job:
        """A job (anyone may follow one, as anyone may read an import's report or a
        game's analysis; only its owner and administrators cancel it)."""
        sweep(session)
        row = session.get(Job, job_id)
        if row is None:
            raise NotFound("job")
        return row

    def get(self, job_id: int) -> dict[str, Any]:
        with self.db.session() as s:
            return job_json(self.load(s, job_id))

    def mine(self, user: User, limit: int = 50) -> list[dict[str, Any]]:
        with self.db.session() as s:
            sweep(s)
            rows = s.scalars(select(Job).where(Job.owner_id == user.id)
                             .order_by(Job.id.desc()).limit(limit))
            return [job_json(r) for r in rows]

    def cancel(self, job_id: int, user: User) -> dict[str, Any]:
        """Stop a job: a queued one at once; a running one is told to stop (its worker
        stops it within a second, killing it if it does not stop by itself)."""
        now = time.time()
        with self.db.session() as s:
            row = self.load(s, job_id)
            if not may_manage(row, user):
                raise Forbidden("not your job", code="job_not_yours")
            if row.status in ENDED:
                raise Conflict(code="job_over", status=row.status)
            s.execute(update(Job).where(Job.id == job_id, Job.status.in_(ACTIVE)).values(
                cancel_requested=True, cancelled_by=user.id))
            n = s.execute(update(Job).where(Job.id == job_id, Job.status == QUEUED).values(
                status=CANCELLED, ended_at=now, message="cancelled before it started")
            ).rowcount  # type: ignore[attr-defined]
            if n:
                s.execute(delete(JobFile).where(JobFile.job_id == job_id))
        with self.db.session() as s:
            row2 = s.get(Job, job_id)
            assert row2 is not None
            return job_json(row2)
