"""The job queue: `huey <https://huey.readthedocs.io>`_, with its storage chosen by the
platform's own:

* ``--redis URL`` given: Redis (``RedisHuey``, blocking pops: a job starts at once). Any
  number of web instances and workers on any machines.
* else a PostgreSQL database: huey's PostgreSQL storage in that database (tables
  ``jobqueue_*``, ``LISTEN``/``NOTIFY`` and ``SKIP LOCKED``): workers on other machines
  need only the database URL.
* else (SQLite, the embedded default): huey's SQLite storage in a file beside the database
  (``shashki.db`` -> ``shashki.jobs.db``); the workers run on the same machine (so does
  everything that opens a SQLite database). A separate file, so that the workers' polls of
  the queue never take the platform's write lock.

The queue carries only job ids: what a job is, its input and its progress are in the
``jobs`` tables (:mod:`shashki.server.jobs.models`). The queue is a way of waking a worker,
not the record: a worker puts back every job still queued when it starts (a job whose
message was lost is not lost), and a message twice is harmless (one worker claims a job).

>>> queue_file("sqlite:////srv/shashki/shashki.db").as_posix()
'/srv/shashki/shashki.jobs.db'
>>> Queue("sqlite:///x.db", immediate=True).storage
'memory (immediate)'
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from huey import Huey, PostgresHuey, RedisHuey, SqliteHuey
from sqlalchemy.engine import make_url

from shashki.server.core.settings import data_dir

log = logging.getLogger("shashki.server.jobs")

NAME = "shashki-jobs"
"""The queue's name (on Redis: its keys; one platform a Redis database, as for the bus)."""
TASK = "shashki.job"
"""The one task: run the job of this id."""
PG_PREFIX = "jobqueue"


def queue_file(database_url: str) -> Path:
    """The SQLite queue beside a SQLite database file (in the data directory for an
    in-memory database)."""
    path = make_url(database_url).database or ""
    if not path or path == ":memory:" or path.startswith("file:"):
        return data_dir() / "jobs.db"
    p = Path(path).expanduser()
    return p.with_name(f"{p.stem}.jobs{p.suffix}")


def _is_postgres(database_url: str) -> bool:
    return make_url(database_url).get_backend_name() == "postgresql"


def libpq_url(database_url: str) -> str:
    """A SQLAlchemy PostgreSQL URL as psycopg takes it (no ``+driver``)."""
    return make_url(database_url).set(drivername="postgresql").render_as_string(
        hide_password=False)


class Queue:
    """The platform's job queue on the storage its settings choose (see the module)."""

    def __init__(self, database_url: str, redis_url: str = "", immediate: bool = False
                 ) -> None:
        common: dict[str, Any] = {"results": False, "utc": True}
        self.huey: Huey
        if immediate:
            # huey's immediate mode: a job runs in the process that enqueues it, at once
            # (for tests of the web side; no worker)
            self.huey = SqliteHuey(NAME, immediate=True, filename=":memory:", **common)
            self.storage = "memory (immediate)"
        elif redis_url:
            self.huey = RedisHuey(NAME, url=redis_url, **common)
            self.storage = f"redis {make_url_safe(redis_url)}"
        elif _is_postgres(database_url):
            self.huey = PostgresHuey(NAME, dsn=libpq_url(database_url),
                                     table_prefix=PG_PREFIX, **common)
            self.storage = "postgresql (the platform's database)"
        else:
            path = queue_file(database_url)
            path.parent.mkdir(parents=True, exist_ok=True)
            self.huey = SqliteHuey(NAME, filename=str(path), **common)
            self.storage = f"sqlite {path}"
        self._task: Any = None

    @property
    def blocking(self) -> bool:
        """Whether a worker waits on the queue (Redis, PostgreSQL) rather than polls it."""
        return bool(getattr(self.huey.storage, "blocking", False))

    def bind(self, run: Callable[[int], None]) -> None:
        """Make ``run(job_id)`` the queue's task (in the web process for immediate mode,
        in a worker for the real one)."""
        def job(job_id: int) -> None:  # one name here and in every worker (huey's
            run(job_id)                  # registry keys a task by module and name)

        self._task = self.huey.task(name=TASK)(job)

    def enqueue(self, job_id: int) -> None:
        """Put a job on the queue (run it now, in immediate mode)."""
        if self._task is None:
            self.bind(_unbound)
        self._task(job_id)

    def ping(self) -> int:
        """The messages waiting on the queue: a look at its storage, which raises when the
        storage cannot be reached (``/readyz``)."""
        return int(self.huey.storage.queue_size())

    def close(self) -> None:
        try:
            self.huey.storage.close()
        except Exception:  # pragma: no cover - closing a storage that never connected
            log.debug("closing the queue", exc_info=True)


def make_url_safe(url: str) -> str:
    """A URL without its password, for logs."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url.split("@")[-1]


def _unbound(job_id: int) -> None:  # pragma: no cover - the web side binds nothing real
    raise RuntimeError(f"job {job_id}: this process runs no jobs")
