"""The administrators' pages: ``/admin/users`` lists and searches the accounts and changes
their roles; every change is recorded with who made it and when (the list below the
accounts). The same in JSON under ``/api/admin``.

Only administrators reach these pages (403 otherwise); every change is a POST with the
CSRF token (a form field, or ``X-CSRF-Token`` for the API with a session cookie)."""

from __future__ import annotations

import datetime as dt
import time
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from shashki.server.accounts import admin
from shashki.server.accounts.models import Role, RoleChange, User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.api import ERRORS
from shashki.server.core.errors import Conflict, InvalidInput, NotFound
from shashki.server.core.web import render, run_db, services

router = APIRouter()

NAME = r"^[^/]{1,40}$"
Name = Annotated[str, Path(pattern=NAME, description="an account's name")]
RoleFilter = Annotated[str, Query(max_length=16, pattern=r"^[a-z]*$")]
Search = Annotated[str, Query(max_length=admin.MAX_QUERY)]
PageNo = Annotated[int, Query(ge=1, le=100000)]


def when(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def change_json(c: RoleChange) -> dict[str, Any]:
    return {"id": c.id, "user": c.user.username, "old_role": c.old_role,
            "new_role": c.new_role, "by": None if c.actor is None else c.actor.username,
            "via": c.via, "reason": c.reason, "at": c.at}


def _require_admin(who: Visitor) -> User:
    return who.require_role(Role.ADMINISTRATOR)


def _load(request: Request, q: str, role: str, page: int) -> dict[str, Any]:
    svc = services(request)
    with svc.db.session() as db:
        found = admin.list_users(db, q, role, page)
        return {"found": found, "counts": admin.role_counts(db),
                "changes": admin.changes(db, 30)}


async def _change(request: Request, who: Visitor, name: str, role: str, reason: str,
                  via: str) -> RoleChange | None:
    svc = services(request)
    user = who.require_user()
    now = time.time()

    def change() -> RoleChange | None:
        with svc.db.session() as db:
            actor = db.get(User, user.id)  # the role as it is now, not as it was cached
            assert actor is not None
            row = admin.set_role(db, actor, name, role, now, via, reason)
            if row is not None:
                _ = (row.user.username, row.actor.username if row.actor else None)
            return row

    return await run_db(change)


# --- the pages ------------------------------------------------------------------------------


@router.get("/admin")
async def admin_home(who: Who) -> Response:
    _require_admin(who)
    return RedirectResponse("/admin/users", status_code=303)


@router.get("/admin/users")
async def users_page(request: Request, who: Who, q: Search = "", role: RoleFilter = "",
                     page: PageNo = 1) -> Response:
    _require_admin(who)
    data = await run_db(_load, request, q, role, page)
    done = request.query_params.get("changed", "")
    return render(request, who, "admin_users.html", q=q, role_filter=role,
                  roles=[r.value for r in Role], when=when, error=None,
                  changed=done[:40],
                  back=_back(q, role, page), **data)


def _back(q: str, role: str, page: int, **extra: str) -> str:
    params = {k: v for k, v in (("q", q), ("role", role), ("page", str(page)), *extra.items())
              if v and v != "1"}
    return "/admin/users" + ("?" + urlencode(params) if params else "")


def _field(value: object, limit: int) -> str:
    return value[:limit] if isinstance(value, str) else ""


@router.post("/admin/users/{name}/role")
async def change_role(name: Name, request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    _require_admin(who)
    role, reason = _field(form.get("role"), 20), _field(form.get("reason"), 400)
    q, role_filter = _field(form.get("q"), admin.MAX_QUERY), _field(form.get("filter"), 16)
    if role_filter not in {r.value for r in Role}:
        role_filter = ""
    page_text = _field(form.get("page"), 6)
    page = int(page_text) if page_text.isdigit() and int(page_text) > 0 else 1
    try:
        await _change(request, who, name, role, reason, "web")
    except (Conflict, InvalidInput, NotFound) as e:
        data = await run_db(_load, request, q, role_filter, page)
        return render(request, who, "admin_users.html", status=e.status, q=q,
                      role_filter=role_filter, roles=[r.value for r in Role], when=when,
                      error=who.t.error(e.code, detail=e.detail, **e.params), changed="",
                      back=_back(q, role_filter, page), **data)
    target = _back(q, role_filter, page, changed=name)
    return RedirectResponse(target, status_code=303)


# --- the JSON API --------------------------------------------------------------------------


class RoleIn(BaseModel):
    role: str = Field(max_length=20, description="player, arbiter, organiser or administrator")
    reason: str = Field("", max_length=300)


@router.get("/api/admin/users", responses=ERRORS, tags=["admin"])
async def api_users(request: Request, who: ApiWho, q: Search = "", role: RoleFilter = "",
                    page: PageNo = 1) -> dict[str, Any]:
    """Accounts (50 a page), searched by part of the name and filtered by role."""
    _require_admin(who)

    def load() -> dict[str, Any]:
        with services(request).db.session() as db:
            found = admin.list_users(db, q, role, page)
            return {"page": found.page, "pages": found.pages, "total": found.total,
                    "users": [{"username": u.username, "role": u.role,
                               "created_at": u.created_at} for u in found.users]}

    return await run_db(load)


@router.post("/api/admin/users/{name}/role", responses=ERRORS, tags=["admin"])
async def api_change_role(name: Name, body: RoleIn, request: Request,
                          who: ApiWho) -> dict[str, Any]:
    """Give an account a role; answers the change recorded (``changed`` false: the account
    had that role already)."""
    check_api_csrf(request, who)
    _require_admin(who)
    row = await _change(request, who, name, body.role, body.reason, "api")
    return {"changed": row is not None, "change": None if row is None else change_json(row)}


@router.get("/api/admin/role-changes", responses=ERRORS, tags=["admin"])
async def api_changes(request: Request, who: ApiWho,
                      limit: Annotated[int, Query(ge=1, le=500)] = 100
                      ) -> list[dict[str, Any]]:
    """The audit record of role changes, newest first."""
    _require_admin(who)

    def load() -> list[dict[str, Any]]:
        with services(request).db.session() as db:
            return [change_json(c) for c in admin.changes(db, limit)]

    return await run_db(load)

