"""API tokens: ``Authorization: Bearer shk_...`` for bots and other systems.

A user creates tokens on the profile's token page (or ``POST /api/tokens`` from a logged-in
session); the token is shown once, and the database keeps only its SHA-256. A request with
a valid bearer token acts as the token's user and needs no CSRF token: the browser never
sends it by itself, so no other site can make a browser use it.

>>> looks_like_token("shk_" + "x" * 43), looks_like_token("abc")
(True, False)
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import select
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts.auth import token_hash
from shashki.server.accounts.models import ApiToken, User
from shashki.server.accounts.visitor import Visitor, check_csrf, visitor
from shashki.server.core.errors import InvalidInput, NotAuthenticated, NotFound
from shashki.server.core.web import run_db, services

PREFIX = "shk_"
MAX_TOKENS = 20


def looks_like_token(text: str) -> bool:
    return text.startswith(PREFIX) and 20 <= len(text) <= 100


def create(db: DBSession, user_id: int, name: str) -> tuple[str, ApiToken]:
    """A new token for ``user_id``: (the token, shown once; its row)."""
    name = " ".join(name.split())[:60]
    if not name:
        raise InvalidInput("name", code="token_name")
    count = len(list(db.scalars(select(ApiToken.id).where(ApiToken.user_id == user_id))))
    if count >= MAX_TOKENS:
        raise InvalidInput("name", code="token_limit", limit=MAX_TOKENS)
    token = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(user_id=user_id, name=name, token_hash=token_hash(token),
                   prefix=token[:10], created_at=time.time())
    db.add(row)
    db.flush()
    return token, row


def of_user(db: DBSession, user_id: int) -> list[ApiToken]:
    return list(db.scalars(select(ApiToken).where(ApiToken.user_id == user_id)
                           .order_by(ApiToken.id)))


def revoke(db: DBSession, user_id: int, token_id: int) -> None:
    row = db.get(ApiToken, token_id)
    if row is None or row.user_id != user_id:
        raise NotFound("token")
    db.delete(row)


def user_of(db: DBSession, token: str) -> User | None:
    """The user of a bearer token, or None; notes when it was last used (once a minute)."""
    if not looks_like_token(token):
        return None
    row = db.scalar(select(ApiToken).where(ApiToken.token_hash == token_hash(token)))
    if row is None:
        return None
    now = time.time()
    if row.last_used is None or now - row.last_used > 60:
        row.last_used = now
    user = db.get(User, row.user_id)
    if user is not None:
        _ = user.username
    return user


def token_json(row: ApiToken) -> dict[str, object]:
    return {"id": row.id, "name": row.name, "prefix": row.prefix,
            "created_at": row.created_at, "last_used": row.last_used}


@dataclass
class ApiVisitor(Visitor):
    """A visitor of the API: by session cookie, or by bearer token (``bearer``)."""

    bearer: bool = False


async def api_visitor(request: Request) -> ApiVisitor:
    """The visitor of an API request (a FastAPI dependency): a bearer token if one is
    given (a wrong one is refused, never ignored), else the session cookie."""
    base = await visitor(request)
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if not header:
        return ApiVisitor(base.user, base.session, base.token, base.csrf, base.lang)
    if scheme.lower() != "bearer" or not token.strip():
        raise NotAuthenticated("use 'Authorization: Bearer <token>'", code="bad_token")
    svc = services(request)

    def load() -> User | None:
        with svc.db.session() as db:
            return user_of(db, token.strip())

    user = await run_db(load)
    if user is None:
        raise NotAuthenticated("unknown or revoked API token", code="bad_token")
    return ApiVisitor(user, None, None, "", base.lang, bearer=True)


ApiWho = Annotated[ApiVisitor, Depends(api_visitor)]


def check_api_csrf(request: Request, who: ApiVisitor) -> None:
    """Bearer requests need no CSRF token; cookie requests send ``X-CSRF-Token``."""
    if not who.bearer:
        check_csrf(request, who)
