"""One change of an event, shared by its pages (:mod:`.routes`) and its JSON API
(:mod:`.api`): the permission check on the locked row, the results of platform games
brought in before and after, and the platform games it starts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import Request
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DBSession
from sqlalchemy.orm.exc import StaleDataError

from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor
from shashki.server.core.errors import Conflict
from shashki.server.core.web import run_db, services
from shashki.server.events import service as ev_service
from shashki.server.events.models import EventRow
from shashki.server.play.live import hub_of

Action = Callable[[DBSession, EventRow, User, float], Any]
"""``action(db, row, actor, now)``: the change; it returns the ids of the platform games it
made (a list), or anything false."""


async def change(request: Request, who: Visitor, event_id: int, action: Action,
                 need: str = "manage") -> list[int]:
    """Run ``action(db, row, user, now)`` on the locked event after the permission check
    (``need``: ``manage`` the organiser, ``arbiter`` an arbiter of the event, ``conduct``
    either, ``self`` any logged-in account); start the platform games it returns."""
    svc = services(request)
    user = who.require_user()
    now = hub_of(request).now()

    def run() -> list[int]:
        with svc.db.session() as db:
            row = ev_service.get_event(db, event_id, lock=True)
            actor = db.get(User, user.id)
            assert actor is not None
            if need == "manage":
                ev_service.require_manage(actor, row)
            elif need == "arbiter":
                ev_service.require_arbiter(actor, row)
            elif need == "conduct":
                ev_service.require_conduct(actor, row)
            ev_service.sync(db, row, now)
            got: list[int] = action(db, row, actor, now) or []
            return got + ev_service.sync(db, row, now)

    try:
        started = await run_db(run)
    except (StaleDataError, IntegrityError):  # another change of the event won the race
        raise Conflict(code="event_changed") from None
    for game_id in started:
        await hub_of(request).get(game_id)
    return started
