"""Live games over WebSocket: ``/ws/games/{id}``.

Anyone may watch. A player acts only with the session cookie *and* the session's CSRF
token in the ``csrf`` query parameter, from a page of this site (the ``Origin`` is
checked). Messages from the client: ``{"type": "move", "move": "c3:e5:g3", "ply": 12,
"id": 7}``, and ``offer``, ``accept``, ``decline``, ``claim`` (with an optional written
``move``), ``resign``, ``abort``, ``takeback``, ``takeback_accept``, ``takeback_decline``,
``pong``. From the server: ``state`` (the whole game), ``ack`` (the
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

import anyio
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import DataError
from starlette.responses import PlainTextResponse

from shashki.server.accounts import auth
from shashki.server.accounts.visitor import load_session_row
from shashki.server.core.db import out_of_range
from shashki.server.core.errors import NotFound, ServerError
from shashki.server.core.i18n import LANGUAGES, Translator
from shashki.server.core.ratelimit import Backoff
from shashki.server.core.web import Services, run_db
from shashki.server.play.live import PLAYER_ACTIONS, Actor, Frame, Hub, hub_of

router = APIRouter()

MAX_MESSAGE = 4096


SEND_TIMEOUT = 10.0
"""A viewer whose socket takes longer than this to take one message is dropped."""

TOO_MANY = 4429
"""The close code for a socket over its message budget (the client may reconnect)."""
TOO_SLOW = 4408
"""The close code for a viewer who does not read what he is sent."""


class Budget:
    """A token bucket: ``burst`` messages at once, ``rate`` a second after that."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class WsConnection:
    """One viewer's socket, with its measured round trips. The hub's states are offered
    to it and sent by its own task (:meth:`run`): only the latest waits to be sent, so a
    slow viewer never holds up a move, and never gets a queue of old positions."""

    def __init__(self, ws: WebSocket, flipped: bool) -> None:
        self.ws = ws
        self.flipped = flipped
        self.rtts: deque[float] = deque(maxlen=5)
        self.pings: dict[int, float] = {}
        self._send_lock = asyncio.Lock()
        self._latest: Frame | None = None
        self._wake = asyncio.Event()

    def offer(self, frame: Frame) -> None:
        self._latest = frame
        self._wake.set()

    async def run(self) -> None:
        """Send what is offered; drop the viewer who does not take it in time."""
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                await self.flush()
        except TimeoutError:
            with contextlib.suppress(Exception):
                await self.ws.close(code=TOO_SLOW)

    async def flush(self) -> None:
        """Send the state offered and not yet sent, if any (before an acknowledgement)."""
        async with self._send_lock:
            frame, self._latest = self._latest, None
            if frame is not None:
                with anyio.fail_after(SEND_TIMEOUT):
                    await self.ws.send_text(frame.text)

    async def send_json(self, data: dict[str, Any]) -> None:
        async with self._send_lock:
            with anyio.fail_after(SEND_TIMEOUT):
                await self.ws.send_json(data)

    def lag(self) -> float:
        """The median of the last round trips (0 before any was measured)."""
        return statistics.median(self.rtts) if self.rtts else 0.0

    def pong(self, n: Any) -> None:
        if isinstance(n, int) and n in self.pings:
            self.rtts.append(time.monotonic() - self.pings.pop(n))


def floods(ws: WebSocket) -> Backoff:
    """The senders whose sockets were closed for flooding (kept on the app): the first three
    closes are free, each further one makes the sender wait before a new socket is
    accepted (1 s, doubled, up to ``ws_cooldown_cap``)."""
    state = ws.app.state
    if not hasattr(state, "ws_floods"):
        state.ws_floods = Backoff(free=3, base=1.0, cap=state.services.settings.ws_cooldown_cap,
                                  forget=600.0)
    found: Backoff = state.ws_floods
    return found


def sender_key(ws: WebSocket) -> str:
    """Who opens a socket, known without the database: the session cookie when there is
    one, else the address (so an attacker who drops his cookie waits by his address, and
    the logged-in players behind that address do not)."""
    token = ws.cookies.get(auth.SESSION_COOKIE)
    if token:
        return "session " + token
    return "address " + (ws.client.host if ws.client else "?")


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
    key = sender_key(ws)
    wait = floods(ws).wait(key)
    if wait > 0:  # refused before any work: a flooder's reconnections cost the server nothing
        await ws.send_denial_response(PlainTextResponse(
            "too many messages: wait before reconnecting", status_code=429,
            headers={"Retry-After": str(max(1, round(wait)))}))
        return
    token = ws.cookies.get(auth.SESSION_COOKIE)
    row = await run_db(load_session_row, svc, token) if token else None
    actor: Actor | None = None
    if row is not None and auth.tokens_match(row.csrf_token, ws.query_params.get("csrf")):
        actor = Actor(row.user.id, row.user.role_enum)
    lang = ws.cookies.get(auth.LANG_COOKIE) or (row.user.language if row else None)
    t = Translator(lang if lang in LANGUAGES else svc.settings.language)
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
    loop = asyncio.get_running_loop()
    pinger = loop.create_task(_pinger(conn, svc.settings.ping_interval))
    sender = loop.create_task(conn.run())
    budget = Budget(svc.settings.ws_burst, svc.settings.ws_rate)
    try:
        await hub.join(lg, conn, player=you is not None)
        while True:
            raw = await ws.receive_text()
            arrived = hub.now()
            if not budget.take():  # a flood costs its sender his socket, not the others
                floods(ws).fail(key)
                await ws.close(code=TOO_MANY, reason="too many messages")
                break
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
                await hub.join(lg, conn, player=you is not None)
                continue
            await _action(hub, conn, t, lg.id, actor, msg, arrived)
            if lg.id not in hub.games:  # dropped after a failed write: follow the rebuild
                lg = await hub.get(game_id)
                await hub.join(lg, conn, player=you is not None)
    except (WebSocketDisconnect, TimeoutError, RuntimeError):
        pass  # gone, too slow to take a ping, or closed by its sender task
    finally:
        for task in (pinger, sender):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
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


async def _action(hub: Hub, conn: WsConnection, t: Translator, game_id: int, actor: Actor | None,
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
        await conn.flush()  # the new state first, then its acknowledgement
        await conn.send_json({"type": "ack", "id": ident, "ply": lg.game.ply})
    except ServerError as e:
        await conn.send_json({
            "type": "error", "id": ident, "code": e.code, "article": e.article,
            "detail": e.detail,
            # the rules library's reason in the page's language ("a capture is compulsory")
            "message": t.error(e.code, detail=t.detail(e.detail),
                               article=t.article(e.article), **e.params)})
