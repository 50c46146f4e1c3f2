"""The platform's Prometheus metrics (``/metrics``, prometheus-client).

Counted in this process: moves committed, games started and finished, the open
WebSockets, and every HTTP request's latency by route template, method and status
(:class:`Instrument`, an ASGI middleware). The jobs are counted from the database when
``/metrics`` is read (:mod:`shashki.server.jobs.metrics`), so their figures are right
whichever process (a worker, another machine) runs them.

>>> before = REGISTRY.get_sample_value("shashki_moves_played_total")
>>> MOVES.inc(2)
>>> REGISTRY.get_sample_value("shashki_moves_played_total") - before
2.0
>>> b"shashki_moves_played_total" in exposition()
True
"""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    ProcessCollector,
    generate_latest,
)
from sqlalchemy import event
from sqlalchemy.orm import Session

REGISTRY = CollectorRegistry()
"""The platform's own metrics (not prometheus-client's global registry, which other
libraries of the process may fill)."""
ProcessCollector(registry=REGISTRY)  # process_cpu_seconds_total, resident memory, open files

MOVES = Counter("shashki_moves_played", "Moves committed (every game, every player)",
                registry=REGISTRY)
GAMES_STARTED = Counter("shashki_games_started", "Live games started, by variant",
                        ["variant"], registry=REGISTRY)
GAMES_FINISHED = Counter("shashki_games_finished", "Live games finished, by result",
                         ["result"], registry=REGISTRY)
WEBSOCKETS = Gauge("shashki_websockets_open", "WebSockets open, by route", ["route"],
                   registry=REGISTRY)
HTTP = Histogram("shashki_http_request_duration_seconds",
                 "HTTP requests: seconds from the request to the end of the answer, by "
                 "route template, method and status", ["route", "method", "status"],
                 registry=REGISTRY,
                 buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                          2.5, 5.0, 10.0))

UNMATCHED = "<unmatched>"
"""The route label of a request no route answered (one label for every unknown path)."""

_ON_COMMIT = "shashki.metrics"


def on_commit(session: Session, counter: Counter) -> None:
    """Add one to ``counter`` (a labelled child) if and when ``session`` commits."""
    session.info.setdefault(_ON_COMMIT, []).append(counter)


@event.listens_for(Session, "after_commit")
def _committed(session: Session) -> None:
    for counter in session.info.pop(_ON_COMMIT, []):
        counter.inc()


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(_ON_COMMIT, None)


def exposition() -> bytes:
    """This process's metrics in Prometheus's text format."""
    return generate_latest(REGISTRY)


def route_of(scope: MutableMapping[str, Any]) -> str:
    """The route template that answered (``/games/{game_id}``), never the raw path."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return path if isinstance(path, str) and path else UNMATCHED


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class Instrument:
    """ASGI middleware: each HTTP request's latency (:data:`HTTP`) and each accepted
    WebSocket while it is open (:data:`WEBSOCKETS`)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        start = time.perf_counter()
        status = 500  # what the client gets if the app raises before answering

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            HTTP.labels(route_of(scope), scope.get("method", ""), str(status)).observe(
                time.perf_counter() - start)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        opened: str | None = None

        async def sending(message: Message) -> None:
            nonlocal opened
            if message["type"] == "websocket.accept" and opened is None:
                opened = route_of(scope)
                WEBSOCKETS.labels(opened).inc()
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            if opened is not None:
                WEBSOCKETS.labels(opened).dec()


FORWARDED = ("x-forwarded-for", "forwarded", "x-real-ip")
"""Headers a reverse proxy adds: a request carrying one came through a proxy, whatever
its address says."""


def may_scrape(token: str, client: str | None, headers: MutableMapping[str, str] | Any
               ) -> bool:
    """Whether a request may read ``/metrics``: with a ``token`` configured, the one
    bearing it; without, a loopback client that no proxy forwarded.

    >>> may_scrape("", "127.0.0.1", {})
    True
    >>> may_scrape("", "127.0.0.1", {"x-forwarded-for": "203.0.113.9"})
    False
    >>> may_scrape("", "203.0.113.9", {})
    False
    >>> may_scrape("s3cret", "203.0.113.9", {"authorization": "Bearer s3cret"})
    True
    >>> may_scrape("s3cret", "127.0.0.1", {})
    False
    """
    if token:
        given = str(headers.get("authorization") or "")
        scheme, _, value = given.partition(" ")
        return scheme.lower() == "bearer" and secrets.compare_digest(
            value.strip().encode(), token.encode())
    if any(h in headers for h in FORWARDED):
        return False
    try:
        return client is not None and ipaddress.ip_address(client).is_loopback
    except ValueError:
        return False
