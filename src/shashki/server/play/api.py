"""The JSON API (``/api``): the visitor, profiles, challenges, games and their actions.

A request is made with the session cookie or with an API token
(``Authorization: Bearer shk_...``, :mod:`shashki.server.accounts.tokens`). With the cookie,
every state-changing request needs the session's CSRF token in ``X-CSRF-Token``. The rest
of the API (archive, engine, analysis, streams, tokens) is in :mod:`.rest`.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import func, select

from shashki.server.accounts import auth
from shashki.server.accounts.models import Role, Session, User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.errors import NotFound
from shashki.server.core.web import run_db, services
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import Actor, hub_of
from shashki.server.play.record import game_pdn
from shashki.server.play.routes import accept_challenge


class ErrorOut(BaseModel):
    """Every refusal of the API: a stable code, a message in the visitor's language, the
    library's detail, the refused input's name (422) and the Code's article if one applies."""

    error: str
    message: str
    detail: str | None = None
    field: str | None = Field(None, description="the refused input (422)")
    article: str | None = Field(None, description="the article of the Code applied")


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text} for status, text in (
        (401, "not logged in, or a bad API token"), (403, "not allowed (or no CSRF token)"),
        (404, "not found"), (409, "not possible now (game rules, stale ply)"),
        (422, "an input that cannot be accepted; `field` names it"),
        (429, "too many requests; see Retry-After"))}
"""The error answers every API route declares (one JSON shape)."""

router = APIRouter(prefix="/api", responses=ERRORS)

PDN: dict[int | str, dict[str, Any]] = {200: {
    "description": "PDN text", "content": {"application/x-pdn": {"schema": {"type": "string"}}}}}
"""The answer of a route that sends PDN."""

Id = Annotated[int, Path(ge=1, le=2**31 - 1, description="a database id")]
"""A row id in a path: positive and within the databases' 32-bit integers."""


class ChallengeIn(BaseModel):
    variant: str = Field("russian", max_length=40)
    time_control: str | None = Field(None, max_length=80)
    color: str = Field("random", max_length=10)
    opponent: str | None = Field(None, max_length=64)
    fen: str | None = Field(None, max_length=500)


class ActionIn(BaseModel):
    type: str = Field(max_length=16)
    move: str | None = Field(None, max_length=200)
    """A move (``c3-d4``, ``c3:e5:g3``, ``22-18``) or a claim's written move."""
    ply: int | None = None
    """The ply the player saw; a different current ply makes the action stale."""
    color: str | None = Field(None, max_length=8)
    """An arbiter's decision: the winner (``white``, ``black``) or ``draw``."""
    article: str = Field("", max_length=40)
    detail: str = Field("", max_length=2000)


def user_json(user: User, private: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"username": user.username, "role": user.role,
                           "created_at": user.created_at}
    if private:
        out.update(email=user.email, language=user.language)
    return out


def challenge_json(ch: m.Challenge) -> dict[str, Any]:
    return {"id": ch.id, "creator": ch.creator.username,
            "opponent": ch.target.username if ch.target else None, "variant": ch.variant,
            "time_control": ch.time_control, "color": ch.color, "fen": ch.fen,
            "status": ch.status, "game_id": ch.game_id}


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


# --- challenges -----------------------------------------------------------------------------


@router.get("/challenges")
async def challenges(request: Request, who: ApiWho) -> dict[str, Any]:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return {k: [challenge_json(c) for c in v]
                    for k, v in store.lobby(db, who.user).items()}

    return await run_db(load)


@router.post("/challenges", status_code=201)
async def create_challenge(body: ChallengeIn, request: Request, who: ApiWho) -> dict[str, Any]:
    check_api_csrf(request, who)
    user_id = who.require_user().id
    svc = services(request)

    def create() -> dict[str, Any]:
        with svc.db.session() as db:
            creator = db.get(User, user_id)
            assert creator is not None
            ch = store.create_challenge(db, creator, body.variant, body.time_control,
                                        body.color, body.opponent, body.fen)
            db.flush()
            db.refresh(ch)
            return challenge_json(ch)

    return await run_db(create)


@router.get("/challenges/{challenge_id}")
async def challenge(challenge_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return challenge_json(store.get_challenge(db, challenge_id, who.user))

    return await run_db(load)


@router.post("/challenges/{challenge_id}/accept")
async def accept(challenge_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    check_api_csrf(request, who)
    return {"game_id": await accept_challenge(request, who, challenge_id)}


@router.post("/challenges/{challenge_id}/cancel")
async def cancel(challenge_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    check_api_csrf(request, who)
    user = who.require_user()
    svc = services(request)

    def close() -> dict[str, Any]:
        with svc.db.session() as db:
            ch = store.get_challenge(db, challenge_id, user)
            actor = db.get(User, user.id)
            assert actor is not None
            store.close_challenge(db, ch, actor)
            return challenge_json(ch)

    return await run_db(close)


# --- games ------------------------------------------------------------------------------------


@router.get("/games/{game_id}")
async def game(game_id: Id, request: Request, svg: bool = False,
               flipped: bool = False) -> dict[str, Any]:
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        state = lg.state(flipped)
    if not svg:
        state.pop("svg")
    return state


@router.post("/games/{game_id}/actions")
async def act(game_id: Id, body: ActionIn, request: Request, who: ApiWho) -> dict[str, Any]:
    """Play a move, offer/accept/decline a draw, claim, resign; or (arbiters) decide.

    Answers once the action is stored: an answered move is never lost.
    """
    check_api_csrf(request, who)
    hub = hub_of(request)
    lg = await hub.act(game_id, Actor.of(who.require_user()), body.type, text=body.move,
                       ply=body.ply, color=body.color, article=body.article, detail=body.detail)
    async with lg.lock:
        state = lg.state(False)
    state.pop("svg")
    return {"ok": True, "state": state}


@router.get("/games/{game_id}/pdn", responses=PDN)
async def pdn(game_id: Id, request: Request) -> Response:
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        text = game_pdn(lg)
    return PlainTextResponse(text, media_type="application/x-pdn; charset=utf-8")


def tag_routes(api: APIRouter) -> None:
    """Group the API's operations in the OpenAPI document by what they are about."""
    from fastapi.routing import APIRoute

    for route in api.routes:
        if not isinstance(route, APIRoute) or route.tags:
            continue
        path = route.path.removeprefix("/api")
        if path.endswith("stream"):
            tag = "streams"
        elif "analysis" in path or path.startswith("/engine"):
            tag = "engine"
        elif path.startswith("/archive"):
            tag = "archive"
        elif path.startswith("/challenges"):
            tag = "challenges"
        elif path.startswith("/tokens"):
            tag = "tokens"
        elif path.startswith(("/me", "/users/{name}")) and not path.endswith("/games"):
            tag = "users"
        else:
            tag = "games"
        route.tags = [tag]


tag_routes(router)
