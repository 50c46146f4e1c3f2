"""The engine's JSON API: its levels, games against it, and the post-game analysis of
platform and archive games."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.core.api import ERRORS, Id, tag_routes
from shashki.server.engine.service import (
    archive_record,
    create_engine_game,
    engine_services,
    game_record,
    levels,
)

router = APIRouter(prefix="/api", responses=ERRORS)


class EngineGameIn(BaseModel):
    level: str = Field("amateur", max_length=20, description="A level of /api/engine/levels")
    variant: str = Field("russian", max_length=40)
    time_control: str | None = Field(None, max_length=80)
    color: str = Field("white", max_length=10, description="Your colour: white, black, random")
    fen: str | None = Field(None, max_length=500)


class GameId(BaseModel):
    game_id: int


class Level(BaseModel):
    name: str
    title: str
    depth: int | None
    nodes: int | None
    time: float | None


class AnalysisOut(BaseModel):
    status: str = Field(description="none, running (its job queued or running), done, "
                                    "failed or cancelled")
    depth: int = 0
    done: int = 0
    total: int = 0
    moves: list[dict[str, Any]] = []
    start: dict[str, Any] | None = None
    summary: dict[str, dict[str, Any]] | None = Field(None, description=(
        "per side: moves, average_loss (hundredths of a man), and the counts of ?!, ?, ??"))
    error: str | None = None
    job: int | None = Field(None, description="the analysis's job (/api/jobs/{id}: "
                                              "progress, cancel)")


@router.get("/engine/levels", response_model=list[Level])
async def engine_levels() -> list[dict[str, Any]]:
    """The engine's levels, weakest first, with their caps on depth, nodes and time."""
    return levels()


@router.post("/engine/games", status_code=201, response_model=GameId)
async def engine_game(body: EngineGameIn, request: Request, who: ApiWho) -> dict[str, Any]:
    """Start a game against the engine; follow it with the stream or the WebSocket."""
    check_api_csrf(request, who)
    game_id = await create_engine_game(request, who, body.level, body.variant,
                                       body.time_control, body.color, body.fen)
    return {"game_id": game_id}


@router.get("/games/{game_id}/analysis", response_model=AnalysisOut)
async def analysis(game_id: Id, request: Request) -> dict[str, Any]:
    """The engine's analysis of a finished game (``status`` ``none`` before it is asked
    for): per move the score for White after it, the best move and line before it, the
    loss against the best and a mark (?!, ?, ??)."""
    rec = await game_record(request, game_id)
    data = await engine_services(request).analyser.state(rec)
    return data or {"status": "none"}


@router.post("/games/{game_id}/analysis", status_code=202, response_model=AnalysisOut)
async def request_analysis(game_id: Id, request: Request, who: ApiWho) -> dict[str, Any]:
    """Ask for the engine's analysis of a finished game: a job (429 when you already have
    as many jobs as allowed queued or running)."""
    check_api_csrf(request, who)
    user = who.require_user()
    rec = await game_record(request, game_id)
    return await engine_services(request).analyser.request(rec, user.id)


@router.get("/archive/games/{game_id}/analysis", response_model=AnalysisOut)
async def archive_analysis(game_id: Id, request: Request) -> dict[str, Any]:
    """The engine's analysis of an archive game."""
    rec = await archive_record(request, game_id)
    data = await engine_services(request).analyser.state(rec)
    return data or {"status": "none"}


@router.post("/archive/games/{game_id}/analysis", status_code=202, response_model=AnalysisOut)
async def request_archive_analysis(game_id: Id, request: Request,
                                   who: ApiWho) -> dict[str, Any]:
    """Ask for the engine's analysis of an archive game."""
    check_api_csrf(request, who)
    user = who.require_user()
    rec = await archive_record(request, game_id)
    return await engine_services(request).analyser.request(rec, user.id)


tag_routes(router)
