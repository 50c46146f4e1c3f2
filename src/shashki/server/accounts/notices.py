"""``/ws/notifications``: the news channel of a logged-in page (:mod:`shashki.server.core
.notify`). The page connects with its session cookie and the session's CSRF token in the
``csrf`` query parameter, from a page of this site (the ``Origin`` is checked); it says
nothing and is sent ``{"kind": "started" | "turn", "game": id, "url": path}``."""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from shashki.server.accounts import auth
from shashki.server.accounts.visitor import load_session_row
from shashki.server.core.notify import Notifier
from shashki.server.core.web import Services, run_db

router = APIRouter()

NOT_LOGGED_IN = 4401


@router.websocket("/ws/notifications")
async def notifications(ws: WebSocket) -> None:
    svc: Services = ws.app.state.services
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host", ""):
        await ws.close(code=1008)
        return
    token = ws.cookies.get(auth.SESSION_COOKIE)
    row = await run_db(load_session_row, svc, token) if token else None
    if row is None or not auth.tokens_match(row.csrf_token, ws.query_params.get("csrf")):
        await ws.close(code=NOT_LOGGED_IN)
        return
    notifier: Notifier = ws.app.state.notifier
    await ws.accept()
    news = notifier.listen(row.user.id)

    async def pump() -> None:
        async for data in news:
            await ws.send_json(data)

    task = asyncio.get_running_loop().create_task(pump())
    try:
        while True:  # the page sends nothing: reading notices when it leaves
            await ws.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        await news.aclose()
