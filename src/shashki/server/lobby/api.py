"""The lobby's JSON: a waiting player's news from his pool."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request

from shashki.server.accounts.models import User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.api import ERRORS, Id, tag_routes
from shashki.server.core.web import run_db, services
from shashki.server.lobby import service as lobby
from shashki.server.lobby.models import PoolEntry
from shashki.server.play.live import hub_of

router = APIRouter(prefix="/api", responses=ERRORS)


def entry_json(e: PoolEntry, now: float) -> dict[str, Any]:
    waited = max(0.0, now - e.joined_at)
    return {"id": e.id, "pool": e.pool, "variant": e.variant, "rated": e.rated,
            "rating": round(e.rating), "status": e.status, "game_id": e.game_id,
            "waited": round(waited, 1), "window": lobby.window(waited)}


@router.post("/pools/{entry_id}/poll")
async def poll_pool(entry_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    """The waiting page asks for news (a POST: it keeps the player in the pool)."""
    check_api_csrf(request, who)
    svc = services(request)
    user = who.require_user()
    hub = hub_of(request)
    now = time.time()  # the entries' times are the wall clock's (lobby.service.join)

    def poll() -> tuple[dict[str, Any], list[int]]:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            entry, new = lobby.poll(db, me, entry_id, now)
            return entry_json(entry, now), new

    data, new = await run_db(poll)
    for game_id in new:  # the hub arms the abort timer of each new game
        await hub.get(game_id)
    return data


tag_routes(router)
