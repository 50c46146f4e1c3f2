"""The ratings' JSON: a player's ratings."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from shashki.server.accounts import auth
from shashki.server.core.api import ERRORS, tag_routes
from shashki.server.core.errors import NotFound
from shashki.server.core.web import run_db, services
from shashki.server.ratings import service as ratings

router = APIRouter(prefix="/api", responses=ERRORS)


@router.get("/users/{name}/ratings")
async def user_ratings(name: str, request: Request) -> dict[str, Any]:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            user = auth.find_user(db, name)
            if user is None:
                raise NotFound("user")
            return {"user": user.username,
                    "ratings": [ratings.as_dict(r) for r in ratings.profile(db, user)]}

    return await run_db(load)


tag_routes(router)
