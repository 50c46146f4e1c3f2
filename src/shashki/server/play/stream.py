"""Streams of the JSON API: a game's events (``GET /api/games/{id}/stream``) and the
platform's new games and results (``GET /api/stream``), as NDJSON (one JSON object a line,
an empty line as keep-alive) or, with ``Accept: text/event-stream`` or ``?format=sse``,
Server-Sent Events (``event:`` the type, ``data:`` the object)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import func, select

from shashki.server.core.api import ERRORS, Id, tag_routes
from shashki.server.core.web import run_db, services
from shashki.server.play import models as m
from shashki.server.play.api import summary
from shashki.server.play.live import Frame, LiveGame, hub_of

router = APIRouter(prefix="/api", responses=ERRORS)


KEEPALIVE = 15.0
"""Seconds between keep-alive lines of a quiet stream."""


class StreamConnection:
    """A stream's place among a game's viewers: the hub's states go into a short queue,
    the oldest dropped when a slow reader lets it fill (each state is the whole game)."""

    flipped = False

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=8)

    def offer(self, frame: Frame) -> None:
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(frame.data)


def _wants_sse(request: Request, fmt: str | None) -> bool:
    if fmt is not None:
        return fmt == "sse"
    return "text/event-stream" in request.headers.get("accept", "")


def _frame(sse: bool, data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"event: {data['type']}\ndata: {text}\n\n" if sse else text + "\n"


def _stream(request: Request, sse: bool, events: AsyncIterator[dict[str, Any] | None]
            ) -> StreamingResponse:
    async def body() -> AsyncIterator[str]:
        async for item in events:
            if item is None:
                yield ": keep-alive\n\n" if sse else "\n"
            else:
                yield _frame(sse, item)

    return StreamingResponse(
        body(), media_type="text/event-stream" if sse else "application/x-ndjson",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _public(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if k not in ("svg", "flipped")}
    out["type"] = "state"
    return out


async def game_events(request: Request, game_id: Id, keepalive: float = KEEPALIVE
                      ) -> AsyncIterator[dict[str, Any] | None]:
    """A game's events: ``state`` (the whole game) first and after every change, ``move``
    for each new ply, ``end`` once when it is over (then the stream ends); None is a
    keep-alive."""
    hub = hub_of(request)
    lg: LiveGame = await hub.get(game_id)
    conn = StreamConnection()
    await hub.join(lg, conn)
    seen: int | None = None
    try:
        while True:
            try:
                data = await asyncio.wait_for(conn.queue.get(), timeout=keepalive)
            except TimeoutError:
                yield None
                continue
            if data.get("type") == "reload":
                hub.leave(lg, conn)
                lg = await hub.get(game_id)
                await hub.join(lg, conn)
                continue
            if data.get("type") != "state":
                continue
            state = _public(data)
            if seen is not None:
                for mv in state["moves"][seen:]:
                    yield {"type": "move", "id": game_id, **mv}
            seen = len(state["moves"])
            yield state
            if state["status"] == "finished":
                yield {"type": "end", "id": game_id, "result": state["result"],
                       "termination": state["termination"]}
                return
    finally:
        hub.leave(lg, conn)


@router.get("/games/{game_id}/stream", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {},
                                         "text/event-stream": {}}}})
async def game_stream(game_id: Id, request: Request,
                      format: Literal["ndjson", "sse"] | None = None) -> StreamingResponse:
    """Follow a game live: ``state``, ``move`` and ``end`` events (see the module)."""
    await hub_of(request).get(game_id)  # 404 before the stream starts
    return _stream(request, _wants_sse(request, format), game_events(request, game_id))


class Feed:
    """New games and results of the whole platform, read from the database (so every
    instance sees every game), shared by all ``/api/stream`` listeners."""

    def __init__(self, request: Request, interval: float = 0.5) -> None:
        self.svc = services(request)
        self.interval = interval
        self.listeners: set[asyncio.Queue[dict[str, Any]]] = set()
        self.task: asyncio.Task[None] | None = None
        self.last_id = 0
        self.last_end = 0.0
        self.ended_ids: set[int] = set()

    def _cursor(self) -> tuple[int, float]:
        with self.svc.db.session() as db:
            last_id = db.scalar(select(func.max(m.Game.id))) or 0
            last_end = db.scalar(select(func.max(m.Game.ended_at))) or 0.0
            return int(last_id), float(last_end)

    def _poll(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        with self.svc.db.session() as db:
            for g in db.scalars(select(m.Game).where(m.Game.id > self.last_id)
                                .order_by(m.Game.id)):
                self.last_id = g.id
                out.append({"type": "game_started", **summary(g)})
            ended = db.scalars(select(m.Game).where(m.Game.ended_at >= self.last_end)
                               .order_by(m.Game.ended_at))
            for g in ended:
                if g.id in self.ended_ids or g.ended_at is None:
                    continue
                if g.ended_at > self.last_end:
                    self.last_end = g.ended_at
                    self.ended_ids.clear()
                self.ended_ids.add(g.id)
                out.append({"type": "game_finished", **summary(g)})
        return out

    async def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1000)
        if self.task is None or self.task.done():
            self.last_id, self.last_end = await run_db(self._cursor)
            self.ended_ids = set()
            self.task = asyncio.get_running_loop().create_task(self._run())
        self.listeners.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.listeners.discard(q)

    async def _run(self) -> None:
        """Poll while anyone listens; a new listener starts it again."""
        while True:
            await asyncio.sleep(self.interval)
            if not self.listeners:
                break
            for item in await run_db(self._poll):
                for q in list(self.listeners):
                    if not q.full():
                        q.put_nowait(item)
        self.task = None


def feed(request: Request) -> Feed:
    f: Feed | None = getattr(request.app.state, "feed", None)
    if f is None:
        f = request.app.state.feed = Feed(request)
    return f


@router.get("/stream", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {},
                                         "text/event-stream": {}}}})
async def platform_stream(request: Request,
                          format: Literal["ndjson", "sse"] | None = None
                          ) -> StreamingResponse:
    """Every new game (``game_started``) and result (``game_finished``) on the platform."""
    f = feed(request)
    q = await f.subscribe()

    async def events() -> AsyncIterator[dict[str, Any] | None]:
        try:
            yield {"type": "hello", "last_game": f.last_id}
            while True:
                try:
                    yield await asyncio.wait_for(q.get(), timeout=KEEPALIVE)
                except TimeoutError:
                    yield None
        finally:
            f.unsubscribe(q)

    return _stream(request, _wants_sse(request, format), events())


tag_routes(router)
