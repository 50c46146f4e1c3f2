"""What an operator's tools read: ``/healthz`` (liveness), ``/readyz`` (readiness) and
``/metrics`` (Prometheus), and the middleware that measures every request
(docs/operations.md).

* ``/healthz``: the process is up and answers; 200 ``{"status": "ok"}``, without touching
  the database (a load balancer's or systemd's liveness probe must not fail a process
  because its database is slow).
* ``/readyz``: the database answers a ``SELECT 1`` and the job queue's storage can be
  reached; 200 ``{"status": "ok", "checks": {...}}``, else 503 with ``"failed"`` naming
  the parts that did not answer.
* ``/metrics``: :mod:`shashki.server.core.metrics` and the jobs
  (:mod:`shashki.server.jobs.metrics`) in Prometheus's text format, served only to a
  scraper bearing ``Settings.metrics_token`` or, when none is set, to a loopback client
  whose request no proxy forwarded; anyone else gets 403.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import anyio
import anyio.to_thread
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from shashki.server.core import metrics
from shashki.server.core.db import Database
from shashki.server.core.errors import Forbidden
from shashki.server.jobs.metrics import JobsCollector

router = APIRouter()
log = logging.getLogger("shashki.server.operations")

READY_TIMEOUT = 5.0
"""Seconds each part has to answer ``/readyz``."""


def install(app: FastAPI) -> None:
    """Add the routes and the request-measuring middleware to the platform's app."""
    registry = CollectorRegistry()

    def database() -> Database | None:
        svc = getattr(app.state, "services", None)
        return None if svc is None else svc.db

    registry.register(JobsCollector(database))
    app.state.job_metrics = registry
    app.include_router(router)
    app.add_middleware(metrics.Instrument)


@router.get("/healthz", include_in_schema=False)
async def healthz() -> JSONResponse:
    """Liveness: the process answers."""
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


async def _check(part: Callable[[], Any]) -> str:
    try:
        with anyio.fail_after(READY_TIMEOUT):
            await anyio.to_thread.run_sync(part, abandon_on_cancel=True)
    except TimeoutError:
        return "timeout"
    except Exception as e:
        log.warning("readiness: %s", e)
        return f"error: {type(e).__name__}"
    return "ok"


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    """Readiness: the database and the job queue answer."""
    state = request.app.state
    svc = getattr(state, "services", None)
    jobs = getattr(state, "jobs", None)
    checks = {
        "database": await _check(svc.db.ping) if svc is not None else "not started",
        "queue": await _check(jobs.queue.ping) if jobs is not None else "not started",
    }
    failed = [part for part, said in checks.items() if said != "ok"]
    body: dict[str, Any] = {"status": "unavailable" if failed else "ok", "checks": checks}
    if failed:
        body["failed"] = failed
    return JSONResponse(body, status_code=503 if failed else 200,
                        headers={"Cache-Control": "no-store"})


@router.get("/metrics", include_in_schema=False)
async def prometheus(request: Request) -> Response:
    """The platform's metrics, to the scrapers allowed (see the module)."""
    token: str = request.app.state.settings.metrics_token
    client = request.client.host if request.client else None
    if not metrics.may_scrape(token, client, request.headers):
        raise Forbidden("metrics")
    registry: CollectorRegistry = request.app.state.job_metrics

    def text() -> bytes:
        return metrics.exposition() + generate_latest(registry)

    return Response(await anyio.to_thread.run_sync(text), media_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})
