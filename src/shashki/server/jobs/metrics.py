"""The jobs' metrics, read from the ``jobs`` table when ``/metrics`` is scraped.

A job is queued by a web process and run by a worker, perhaps on another machine; the
table is what every process agrees on, so the figures come from it (one ``GROUP BY`` on
the indexed status) rather than from counters in each process:

* ``shashki_jobs{kind, status}`` (gauge): the jobs queued and running now;
* ``shashki_jobs_finished_total{kind, status}`` (counter): the jobs ended, ``done``,
  ``failed`` or ``cancelled`` (the table keeps every job, so the count only grows).

Every kind this process knows (:data:`shashki.server.jobs.runner.KINDS`) is listed, with
0 where it has no job.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from shashki.server.core.db import Database
from shashki.server.jobs.models import ACTIVE, ENDED, Job
from shashki.server.jobs.runner import KINDS


def job_counts(db: Database) -> dict[tuple[str, str], int]:
    """How many jobs of each (kind, status) the table holds."""
    with db.session() as s:
        rows = s.execute(select(Job.kind, Job.status, func.count())
                         .group_by(Job.kind, Job.status)).all()
    return {(kind, status): int(n) for kind, status, n in rows}


class JobsCollector(Collector):
    """A prometheus-client collector of the jobs of the database ``database()`` gives
    (None: the platform has not started; nothing is reported)."""

    def __init__(self, database: Callable[[], Database | None]) -> None:
        self.database = database

    def collect(self) -> Iterator[Metric]:
        db = self.database()
        if db is None:
            return
        counts = job_counts(db)
        kinds = sorted(set(KINDS) | {kind for kind, _ in counts})
        now = GaugeMetricFamily("shashki_jobs", "Jobs queued or running, by kind and status",
                                labels=["kind", "status"])
        ended = CounterMetricFamily("shashki_jobs_finished",
                                    "Jobs ended (done, failed, cancelled), by kind",
                                    labels=["kind", "status"])
        for kind in kinds:
            for status in ACTIVE:
                now.add_metric([kind, status], counts.get((kind, status), 0))
            for status in ENDED:
                ended.add_metric([kind, status], counts.get((kind, status), 0))
        yield now
        yield ended
