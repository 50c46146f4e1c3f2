"""The leaderboards (a page per variant and time class) and a player's ratings as JSON."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from shashki.rules import VARIANTS
from shashki.server.accounts.visitor import Who
from shashki.server.core.errors import NotFound
from shashki.server.core.web import render, run_db, services
from shashki.server.ratings import service as ratings

router = APIRouter()


@router.get("/ratings")
async def leaderboard(request: Request, who: Who, variant: str = "russian",
                      tc: str = "blitz") -> Response:
    if variant not in VARIANTS or tc not in ratings.TIME_CLASSES:
        raise NotFound("leaderboard")
    svc = services(request)

    def load() -> list[Any]:
        with svc.db.session() as db:
            return ratings.leaderboard(db, variant, tc)

    rows = [(u, r, ratings.Shown(r.rating, r.rd, r.games)) for u, r in await run_db(load)]
    return render(request, who, "leaderboard.html", rows=rows, variant=variant, tc=tc,
                  classes=ratings.TIME_CLASSES)
