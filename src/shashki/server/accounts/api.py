"""The accounts' JSON API: the visitor (``/api/me``), profiles, and API tokens."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field
from sqlalchemy import func, select

from shashki.server.accounts import auth
from shashki.server.accounts import tokens as api_tokens
from shashki.server.accounts.models import Role, Session, User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.api import ERRORS, Id, tag_routes
from shashki.server.core.errors import Forbidden, NotFound
from shashki.server.core.web import run_db, services

router = APIRouter(prefix="/api", responses=ERRORS)


def user_json(user: User, private: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"username": user.username, "role": user.role,
                           "created_at": user.created_at}
    if private:
        out.update(email=user.email, language=user.language)
    return out


@router.get("/me")
async def me(request: Request, who: ApiWho) -> dict[str, Any]:
    user = who.require_user()
    svc = services(request)

    def sessions() -> int:
        with svc.db.session() as db:
            n = db.scalar(select(func.count()).select_from(Session)
                          .where(Session.user_id == user.id))
            return int(n or 0)

    return {**user_json(user, True), "sessions": await run_db(sessions)}


@router.get("/users/{name}")
async def user(name: str, request: Request, who: ApiWho) -> dict[str, Any]:
    """A profile; the e-mail and settings only to the account itself and administrators."""
    svc = services(request)

    def load() -> User:
        with svc.db.session() as db:
            found = auth.find_user(db, name)
            if found is None:
                raise NotFound("user")
            return found

    found = await run_db(load)
    private = who.user is not None and (
        who.user.id == found.id or who.user.role_enum.at_least(Role.ADMINISTRATOR))
    return user_json(found, private)


class TokenIn(BaseModel):
    name: str = Field(min_length=1, max_length=60)


class TokenOut(BaseModel):
    id: int
    name: str
    prefix: str
    created_at: float
    last_used: float | None


class NewToken(TokenOut):
    token: str = Field(description="The token; shown only this once")


@router.get("/tokens", response_model=list[TokenOut])
async def tokens(request: Request, who: ApiWho) -> list[dict[str, object]]:
    """Your API tokens (never the tokens themselves)."""
    user = who.require_user()
    svc = services(request)

    def load() -> list[dict[str, object]]:
        with svc.db.session() as db:
            return [api_tokens.token_json(r) for r in api_tokens.of_user(db, user.id)]

    return await run_db(load)


@router.post("/tokens", status_code=201, response_model=NewToken)
async def new_token(body: TokenIn, request: Request, who: ApiWho) -> dict[str, object]:
    """Create an API token (with a logged-in session only, not with another token)."""
    check_api_csrf(request, who)
    user = who.require_user()
    if who.bearer:
        raise Forbidden("tokens are created from a logged-in session", code="token_session")
    svc = services(request)

    def create() -> dict[str, object]:
        with svc.db.session() as db:
            token, row = api_tokens.create(db, user.id, body.name)
            return {**api_tokens.token_json(row), "token": token}

    return await run_db(create)


@router.delete("/tokens/{token_id}", status_code=204)
async def delete_token(token_id: Id, request: Request, who: ApiWho) -> Response:
    """Revoke one of your API tokens."""
    check_api_csrf(request, who)
    user = who.require_user()
    svc = services(request)

    def revoke() -> None:
        with svc.db.session() as db:
            api_tokens.revoke(db, user.id, token_id)

    await run_db(revoke)
    return Response(status_code=204)


tag_routes(router)
