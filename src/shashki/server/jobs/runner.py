"""How a job runs: its kind's handler, given a :class:`Context`.

A feature registers a handler per kind of job (:func:`register`); the handler reads its
``params`` (and its input, :meth:`Context.open_input`), reports progress with
:meth:`Context.progress` and returns an :class:`Outcome`. It looks at
:meth:`Context.cancelled` between steps (between games of a file, positions of a game) and
stops there, keeping what it has committed. Whatever a handler stores, it commits in
transactions that also record the job's progress (:meth:`Context.progress` in the same
session), so the job's ``result`` always describes what is stored, even if the job is
killed between two transactions (a cancel that a long step did not see in time, the CPU
limit, a crash).

:func:`execute` runs one claimed job to its end: in a worker's child process
(:mod:`shashki.server.jobs.worker`), or in the web process in huey's immediate mode.
"""

from __future__ import annotations

import io
import json
import logging
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session as DBSession

from shashki.server.core.db import Database
from shashki.server.jobs.models import (
    CANCELLED,
    DONE,
    FAILED,
    QUEUED,
    RUNNING,
    Job,
    JobFile,
)

log = logging.getLogger("shashki.server.jobs")

PROGRESS_EVERY = 0.5
"""Seconds between two progress records of a job (each is a small transaction)."""


@dataclass
class Outcome:
    """How a handler ended: its result (JSON), a message, and whether it stopped early
    because it was cancelled."""

    result: dict[str, Any]
    message: str = ""
    cancelled: bool = False


Handler = Callable[["Context"], Outcome]
KINDS: dict[str, Handler] = {}
"""Every kind of job this process knows, filled by :func:`register`."""


def register(kind: str) -> Callable[[Handler], Handler]:
    """Make a function the handler of a kind of job."""
    def deco(fn: Handler) -> Handler:
        KINDS[kind] = fn
        return fn
    return deco


def worker_name() -> str:
    return f"{socket.gethostname()[:80]}:{os.getpid()}"


@dataclass
class Context:
    """What a running job sees: its row's fields, the database, and the cancel flag."""

    db: Database
    job_id: int
    kind: str
    owner_id: int | None
    params: dict[str, Any]
    total: int
    is_cancelled: Callable[[], bool]
    _last: float = field(default=0.0, repr=False)

    def cancelled(self) -> bool:
        """Whether the owner (or an administrator) asked to stop the job."""
        return self.is_cancelled()

    def due(self) -> bool:
        """Whether it is time for the next progress record."""
        return time.monotonic() - self._last >= PROGRESS_EVERY

    def progress(self, session: DBSession, done: int, total: int | None = None,
                 message: str | None = None, result: dict[str, Any] | None = None) -> None:
        """Record progress in ``session`` (committed with whatever else it holds)."""
        values: dict[str, Any] = {"done": done, "heartbeat_at": time.time()}
        if total is not None:
            values["total"] = total
        if message is not None:
            values["message"] = message[:300]
        if result is not None:
            values["result"] = json.dumps(result, ensure_ascii=False)
        session.execute(update(Job).where(Job.id == self.job_id).values(**values))
        self._last = time.monotonic()

    def open_input(self) -> io.BufferedReader:
        """The job's input (``job_files``), read a piece at a time."""
        return io.BufferedReader(JobInput(self.db, self.job_id), buffer_size=1 << 20)


class JobInput(io.RawIOBase):
    """A job's input as a stream: the pieces of ``job_files`` in order, each fetched when
    the reader reaches it (so a 20 MB file is never in memory at once)."""

    def __init__(self, database: Database, job_id: int) -> None:
        self.db = database
        self.job_id = job_id
        self.seq = 0
        self.piece = b""
        self.offset = 0
        self.eof = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        while self.offset >= len(self.piece):
            if self.eof:
                return 0
            with self.db.session() as s:
                data = s.scalar(select(JobFile.data).where(JobFile.job_id == self.job_id,
                                                           JobFile.seq == self.seq))
            if data is None:
                self.eof = True
                return 0
            self.piece, self.offset, self.seq = bytes(data), 0, self.seq + 1
        n = min(len(view), len(self.piece) - self.offset)
        view[:n] = self.piece[self.offset:self.offset + n]
        self.offset += n
        return n


def claim(database: Database, job_id: int, worker: str = "") -> bool:
    """Mark a queued job running (``False``: it is not queued any more: cancelled before it
    started, or claimed by another worker)."""
    now = time.time()
    with database.session() as s:
        n = s.execute(update(Job).where(Job.id == job_id, Job.status == QUEUED).values(
            status=RUNNING, started_at=now, heartbeat_at=now,
            worker=worker or worker_name())).rowcount  # type: ignore[attr-defined]
    return bool(n)


def finish(database: Database, job_id: int, status: str, message: str,
           result: dict[str, Any] | None = None) -> None:
    """A running job's end: its status, message and (when given) result; its input goes."""
    values: dict[str, Any] = {"status": status, "message": message[:300],
                              "ended_at": time.time()}
    if result is not None:
        values["result"] = json.dumps(result, ensure_ascii=False)
    with database.session() as s:
        s.execute(update(Job).where(Job.id == job_id, Job.status == RUNNING).values(**values))
        s.execute(delete(JobFile).where(JobFile.job_id == job_id))


def execute(database: Database, job_id: int, is_cancelled: Callable[[], bool]) -> None:
    """Run a claimed job's handler and record its end (never raises for the handler's
    errors: they fail the job, with the error as its message)."""
    with database.session() as s:
        job = s.get(Job, job_id)
        if job is None or job.status != RUNNING:
            return
        ctx = Context(database, job.id, job.kind, job.owner_id, json.loads(job.params),
                      job.total, is_cancelled)
    handler = KINDS.get(ctx.kind)
    if handler is None:
        finish(database, job_id, FAILED, f"unknown kind of job {ctx.kind!r}")
        return
    try:
        out = handler(ctx)
    except Exception as e:
        log.exception("job %s (%s) failed", job_id, ctx.kind)
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        finish(database, job_id, FAILED, f"failed: {first}")
        return
    finish(database, job_id, CANCELLED if out.cancelled else DONE, out.message, out.result)


def run_inline(database: Database) -> Callable[[int], None]:
    """The queue's task in immediate mode: claim and run the job here and now."""
    def run(job_id: int) -> None:
        if claim(database, job_id):
            execute(database, job_id, every(0.25, lambda: cancel_requested(database, job_id)))
    return run


def every(seconds: float, check: Callable[[], bool]) -> Callable[[], bool]:
    """``check``, asked at most once in ``seconds`` (the last answer in between); once
    true, true for good."""
    last = [-seconds, False]

    def ask() -> bool:
        now = time.monotonic()
        if not last[1] and now - float(last[0]) >= seconds:
            last[0], last[1] = now, check()
        return bool(last[1])
    return ask


def cancel_requested(database: Database, job_id: int) -> bool:
    with database.session() as s:
        return bool(s.scalar(select(Job.cancel_requested).where(Job.id == job_id)))
