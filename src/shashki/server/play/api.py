"""Live play's JSON API (``/api``): challenges, games, their moves and actions, PDN.

A request is made with the session cookie or with an API token
(``Authorization: Bearer shk_...``, :mod:`shashki.server.accounts.tokens`). With the cookie,
every state-changing request needs the session's CSRF token in ``X-CSRF-Token``. Errors are
JSON: ``{"error": code, "message": text, "detail": ..., "field": name}`` (``field`` for a
refused input)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy import or_, select

from shashki.server.accounts import tokens as api_tokens
from shashki.server.accounts.models import User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.api import ERRORS, PDN, Id, tag_routes
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.core.web import run_db, services
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import Actor, hub_of
from shashki.server.play.record import game_pdn
from shashki.server.play.routes import accept_challenge

router = APIRouter(prefix="/api", responses=ERRORS)


class ChallengeIn(BaseModel):
    variant: str = Field("russian", max_length=40)
    time_control: str | None = Field(None, max_length=80)
    color: str = Field("random", max_length=10)
    opponent: str | None = Field(None, max_length=64)
    fen: str | None = Field(None, max_length=500)
    rated: bool = False
    rating_min: int | None = None
    rating_max: int | None = None


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


def challenge_json(ch: m.Challenge) -> dict[str, Any]:
    return {"id": ch.id, "creator": ch.creator.username,
            "opponent": ch.target.username if ch.target else None, "variant": ch.variant,
            "time_control": ch.time_control, "color": ch.color, "fen": ch.fen,
            "status": ch.status, "game_id": ch.game_id, "rated": ch.rated,
            "rating_min": ch.rating_min, "rating_max": ch.rating_max}


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
                                        body.color, body.opponent, body.fen, body.rated,
                                        body.rating_min, body.rating_max)
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
    """Play a move, offer/accept/decline a draw, claim, resign, propose/accept/decline a
    takeback (``takeback``, ``takeback_accept``, ``takeback_decline``); or (arbiters) decide.

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


class MoveIn(BaseModel):
    move: str = Field(min_length=1, max_length=200,
                      description="A move in the variant's notation: c3-d4, c3:e5:g3, 22-18")
    ply: int | None = Field(None, ge=0, description="The ply the player saw (else the current)")


class ClaimIn(BaseModel):
    move: str | None = Field(None, max_length=200,
                             description="The written move that repeats (Code 1.9.2)")
    ply: int | None = Field(None, ge=0)


class PlyIn(BaseModel):
    ply: int | None = Field(None, ge=0)


class GameSummary(BaseModel):
    id: int
    variant: str
    white: str
    black: str
    status: str
    result: str
    time_control: str
    termination_kind: str | None
    termination_article: str | None
    created_at: float
    ended_at: float | None


class MoveOut(BaseModel):
    ply: int
    text: str
    white_clock: float | None
    black_clock: float | None


def summary(g: m.Game) -> dict[str, Any]:
    return {"id": g.id, "variant": g.variant, "white": g.white.username,
            "black": g.black.username, "status": g.status, "result": g.result,
            "time_control": g.time_control, "termination_kind": g.termination_kind,
            "termination_article": g.termination_article, "created_at": g.created_at,
            "ended_at": g.ended_at}


@router.get("/games", response_model=list[GameSummary])
async def games(request: Request,
                status: Literal["live", "finished", "all"] = "all",
                player: Annotated[str | None, Query(max_length=64)] = None,
                limit: Annotated[int, Query(ge=1, le=200)] = 50,
                offset: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0) -> list[dict[str, Any]]:
    """Games of the platform, newest first: live, finished or all; of one player."""
    svc = services(request)

    def load() -> list[dict[str, Any]]:
        with svc.db.session() as db:
            q = select(m.Game)
            if status != "all":
                q = q.where(m.Game.status == status)
            if player:
                from shashki.server.accounts.auth import find_user

                user = find_user(db, player)
                if user is None:
                    raise InvalidInput("player", code="no_such_user", name=player[:40])
                q = q.where(or_(m.Game.white_id == user.id, m.Game.black_id == user.id))
            rows = db.scalars(q.order_by(m.Game.id.desc()).limit(limit).offset(offset))
            return [summary(g) for g in rows]

    return await run_db(load)


@router.get("/users/{name}/games", response_model=list[GameSummary])
async def user_games(name: str, request: Request,
                     limit: Annotated[int, Query(ge=1, le=200)] = 50) -> list[dict[str, Any]]:
    """A player's games, newest first."""
    svc = services(request)

    def load() -> list[dict[str, Any]]:
        from shashki.server.accounts.auth import find_user

        with svc.db.session() as db:
            user = find_user(db, name)
            if user is None:
                raise NotFound("user")
            return [summary(g) for g in store.games_of(db, user, limit)]

    return await run_db(load)


@router.get("/games/{game_id}/moves", response_model=list[MoveOut])
async def moves(game_id: Id, request: Request) -> list[dict[str, Any]]:
    """The moves played, in the variant's notation, with both clocks after each."""
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        return [{"ply": mi.ply, "text": mi.text, "white_clock": mi.white_clock,
                 "black_clock": mi.black_clock} for mi in lg.moves]


async def _act(request: Request, who: api_tokens.ApiVisitor, game_id: Id, kind: str,
               text: str | None = None, ply: int | None = None) -> dict[str, Any]:
    check_api_csrf(request, who)
    lg = await hub_of(request).act(game_id, Actor.of(who.require_user()), kind, text=text, ply=ply)
    async with lg.lock:
        state = lg.state(False)
    state.pop("svg")
    return {"ok": True, "state": state}


@router.post("/games/{game_id}/moves")
async def play(game_id: Id, body: MoveIn, request: Request, who: ApiWho) -> dict[str, Any]:
    """Play a move; answered once it is stored (an answered move is never lost)."""
    return await _act(request, who, game_id, "move", body.move, body.ply)


@router.post("/games/{game_id}/draw/offer")
async def offer(game_id: Id, request: Request, who: ApiWho,
                body: PlyIn | None = None) -> dict[str, Any]:
    """Offer a draw (Code 1.8.2)."""
    return await _act(request, who, game_id, "offer", ply=body.ply if body else None)


@router.post("/games/{game_id}/draw/accept")
async def accept_draw(game_id: Id, request: Request, who: ApiWho,
                      body: PlyIn | None = None) -> dict[str, Any]:
    """Accept the opponent's draw offer."""
    return await _act(request, who, game_id, "accept", ply=body.ply if body else None)


@router.post("/games/{game_id}/draw/decline")
async def decline_draw(game_id: Id, request: Request, who: ApiWho,
                       body: PlyIn | None = None) -> dict[str, Any]:
    """Decline the opponent's draw offer."""
    return await _act(request, who, game_id, "decline", ply=body.ply if body else None)


@router.post("/games/{game_id}/claim")
async def claim(game_id: Id, request: Request, who: ApiWho,
                body: ClaimIn | None = None) -> dict[str, Any]:
    """Claim a threefold repetition, optionally with the written move that repeats."""
    return await _act(request, who, game_id, "claim", body.move if body else None,
                      body.ply if body else None)


@router.post("/games/{game_id}/resign")
async def resign(game_id: Id, request: Request, who: ApiWho,
                 body: PlyIn | None = None) -> dict[str, Any]:
    """Resign the game."""
    return await _act(request, who, game_id, "resign", ply=body.ply if body else None)


@router.post("/games/{game_id}/takeback/propose")
async def propose_takeback(game_id: Id, request: Request, who: ApiWho,
                           body: PlyIn | None = None) -> dict[str, Any]:
    """Propose to take back your last move, or your last move and the reply when the
    opponent has replied (a casual game only: docs/rules.md L4)."""
    return await _act(request, who, game_id, "takeback", ply=body.ply if body else None)


@router.post("/games/{game_id}/takeback/accept")
async def accept_takeback(game_id: Id, request: Request, who: ApiWho,
                          body: PlyIn | None = None) -> dict[str, Any]:
    """Accept the opponent's takeback proposal: the position and the moves go back."""
    return await _act(request, who, game_id, "takeback_accept",
                      ply=body.ply if body else None)


@router.post("/games/{game_id}/takeback/decline")
async def decline_takeback(game_id: Id, request: Request, who: ApiWho,
                           body: PlyIn | None = None) -> dict[str, Any]:
    """Decline the opponent's takeback proposal."""
    return await _act(request, who, game_id, "takeback_decline",
                      ply=body.ply if body else None)


@router.get("/variants", response_model=list[str])
async def variants() -> list[str]:
    """The variants games are played in."""
    return list(store.variants())


tag_routes(router)
