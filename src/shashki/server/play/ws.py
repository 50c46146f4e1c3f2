"""Live games over WebSocket: ``/ws/games/{id}``.

Anyone may watch. A player acts only with the session cookie *and* the session's CSRF
token in the ``csrf`` query parameter, from a page of this site (the ``Origin`` is
checked). Messages from the client: ``{"type": "move", "move": "c3:e5:g3", "ply": 12,
"id": 7}``, and ``offer``, ``accept``, ``decline``, ``claim`` (with an optional written
``move``), ``resign``, ``pong``. From the server: ``state`` (the whole game), ``ack`` (the
action with that ``id`` is stored), ``error`` (with the Code's article where there is
one), ``ping`` (the answer measures the connection's lag), ``reload``.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from collections import deque
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import DataError

from shashki.server.accounts import auth
from shashki.server.accounts.visitor import load_session_row
from shashki.server.core.db import out_of_range
from shashki.server.core.errors import NotFound, ServerError
from shashki.server.core.texts import LANGUAGES, Texts
from shashki.server.core.web import Services, run_db
from shashki.server.play.live import PLAYER_ACTIONS, Actor, Hub, hub_of

router = APIRouter()

MAX_MESSAGE = 4096


class WsConnection:
    """One viewer's socket, with its measured round trips."""

    def __init__(self, ws: WebSocket, flipped: bool) -> None:
        self.ws = ws
        self.flipped = flipped
        self.rtts: deque[float] = deque(maxlen=5)
        self.pings: dict[int, float] = {}
        self._send_lock = asyncio.Lock()

    async def send_json(self, data: dict[str, Any]) -> None:
        async with self._send_lock:
            await self.ws.send_json(data)

    def lag(self) -> float:
        """The median of the last round trips (0 before any was measured)."""
        return statistics.median(self.rtts) if self.rtts else 0.0

    def pong(self, n: Any) -> None:
        if isinstance(n, int) and n in self.pings:
            self.rtts.append(time.monotonic() - self.pings.pop(n))


async def _pinger(conn: WsConnection, interval: float) -> None:
    n = 0
    while True:
        n += 1
        conn.pings = {k: v for k, v in conn.pings.items() if k > n - 5}
        conn.pings[n] = time.monotonic()
        await conn.send_json({"type": "ping", "n": n})
        await asyncio.sleep(interval)


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: int) -> None:
    svc: Services = ws.app.state.services
    hub: Hub = hub_of(ws)
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host", ""):
        await ws.close(code=1008)
        return
    token = ws.cookies.get(auth.SESSION_COOKIE)
    row = await run_db(load_session_row, svc, token) if token else None
    actor: Actor | None = None
    if row is not None and auth.tokens_match(row.csrf_token, ws.query_params.get("csrf")):
        actor = Actor(row.user.id, row.user.role_enum)
    lang = ws.cookies.get(auth.LANG_COOKIE) or (row.user.language if row else None)
    t = Texts(lang if lang in LANGUAGES else svc.settings.language)
    try:
        lg = await hub.get(game_id)
    except (NotFound, OverflowError, DataError) as e:  # no such game; too large an id
        if isinstance(e, DataError) and not out_of_range(e):
            raise
        await ws.close(code=4404)
        return
    you = lg.color_of(actor.user_id if actor else None)
    flipped = ws.query_params.get("flipped") == "1" or (you is not None and you.value == 1)
    await ws.accept()
    conn = WsConnection(ws, flipped)
    pinger = asyncio.get_running_loop().create_task(
        _pinger(conn, svc.settings.ping_interval))
    try:
        await hub.join(lg, conn)
        while True:
            raw = await ws.receive_text()
            arrived = hub.now()
            msg = _parse(raw)
            if msg is None:
                await conn.send_json({"type": "error", "code": "message",
                                      "message": t.error("message")})
                continue
            kind = msg.get("type")
            if kind == "pong":
                conn.pong(msg.get("n"))
                continue
            if kind == "state":
                await hub.join(lg, conn)
                continue
            await _action(hub, conn, t, lg.id, actor, msg, arrived)
            if lg.id not in hub.games:  # dropped after a failed write: follow the rebuild
                lg = await hub.get(game_id)
                await hub.join(lg, conn)
    except WebSocketDisconnect:
        pass
    finally:
        pinger.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pinger
        hub.leave(lg, conn)


def _parse(raw: str) -> dict[str, Any] | None:
    import json

    if len(raw) > MAX_MESSAGE:
        return None
    try:
        msg = json.loads(raw)
    except ValueError:
        return None
    return msg if isinstance(msg, dict) else None


async def _action(hub: Hub, conn: WsConnection, t: Texts, game_id: int, actor: Actor | None,
                  msg: dict[str, Any], arrived: float) -> None:
    kind = msg.get("type")
    ident = msg.get("id")
    move = msg.get("move")
    ply = msg.get("ply")
    try:
        if kind not in PLAYER_ACTIONS:
            raise ServerError(code="message")
        if actor is None:
            raise ServerError(code="not_a_player")
        if move is not None and not isinstance(move, str):
            raise ServerError(code="message")
        if ply is not None and not isinstance(ply, int):
            raise ServerError(code="message")
        lg = await hub.act(game_id, actor, kind, text=move, ply=ply, lag=conn.lag(),
                           arrived=arrived)
        await conn.send_json({"type": "ack", "id": ident, "ply": lg.game.ply})
    except ServerError as e:
        await conn.send_json({
            "type": "error", "id": ident, "code": e.code, "article": e.article,
            "detail": e.detail,
            "message": t.error(e.code, detail=e.detail, article=t.article(e.article),
                               **e.params)})
