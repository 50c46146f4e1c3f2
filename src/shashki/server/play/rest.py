"""The REST API beyond :mod:`.api`: game lists and one endpoint an action, streams of game
events, the engine (levels, games against it, post-game analysis), the archive, and API
tokens. Errors are JSON: ``{"error": code, "message": text, "detail": ..., "field": name}``
(``field`` for a refused input).

Streams (``GET /api/games/{id}/stream``, ``GET /api/stream``) are NDJSON (one JSON object
a line, an empty line as keep-alive) or, with ``Accept: text/event-stream`` or
``?format=sse``, Server-Sent Events (``event:`` the type, ``data:`` the object).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile
from fastapi.responses import PlainTextResponse, Response, StreamingResponse
from pydantic import BaseModel, Field
from sqlalchemy import func, or_, select
from starlette.datastructures import UploadFile as StarletteUpload

from shashki.server.accounts import tokens as api_tokens
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.archive import service as archive
from shashki.server.core.errors import Conflict, Forbidden, InvalidInput, NotFound
from shashki.server.core.web import run_db, services
from shashki.server.engine.pool import Record
from shashki.server.engine.routes import create_engine_game, engine_services, levels
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.api import ERRORS, PDN, Id, tag_routes
from shashki.server.play.live import Actor, LiveGame, hub_of

router = APIRouter(prefix="/api", responses=ERRORS)

KEEPALIVE = 15.0
"""Seconds between keep-alive lines of a quiet stream."""


# --- bodies and answers ------------------------------------------------------------------


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


class EngineGameIn(BaseModel):
    level: str = Field("amateur", max_length=20, description="A level of /api/engine/levels")
    variant: str = Field("russian", max_length=40)
    time_control: str | None = Field(None, max_length=80)
    color: str = Field("white", max_length=10, description="Your colour: white, black, random")
    fen: str | None = Field(None, max_length=500)


class TokenIn(BaseModel):
    name: str = Field(min_length=1, max_length=60)


class GameId(BaseModel):
    game_id: int


class Level(BaseModel):
    name: str
    title: str
    depth: int | None
    nodes: int | None
    time: float | None


class TokenOut(BaseModel):
    id: int
    name: str
    prefix: str
    created_at: float
    last_used: float | None


class NewToken(TokenOut):
    token: str = Field(description="The token; shown only this once")


class ArchiveGameOut(BaseModel):
    id: int
    variant: str
    white: str
    black: str
    event: str
    site: str
    date: str
    round: str
    result: str
    opening: str
    first_moves: str
    plies: int
    final_fen: str
    import_id: int | None
    headers: dict[str, str] | None = None
    initial_fen: str | None = None
    movetext: str | None = None


class ArchivePage(BaseModel):
    total: int
    offset: int
    games: list[ArchiveGameOut]


class BrokenGame(BaseModel):
    index: int | None
    line: int | None
    column: int | None
    text: str | None
    message: str
    type: str
    white: str = ""
    black: str = ""
    event: str = ""


class ImportReportOut(BaseModel):
    id: int
    filename: str
    games_read: int
    games_imported: int
    duplicates: int
    broken_count: int
    broken: list[BrokenGame]


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


class AnalysisOut(BaseModel):
    status: str
    depth: int = 0
    done: int = 0
    total: int = 0
    moves: list[dict[str, Any]] = []
    start: dict[str, Any] | None = None
    summary: dict[str, dict[str, Any]] | None = Field(None, description=(
        "per side: moves, average_loss (hundredths of a man), and the counts of ?!, ?, ??"))
    error: str | None = None


# --- games --------------------------------------------------------------------------------


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


# --- streams ------------------------------------------------------------------------------


class StreamConnection:
    """A stream's place among a game's viewers: the hub's states go into a queue."""

    flipped = False

    def __init__(self) -> None:
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=64)

    async def send_json(self, data: dict[str, Any]) -> None:
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(data)


def _wants_sse(request: Request, fmt: str | None) -> bool:
    if fmt is not None:
        return fmt == "sse"
    return "text/event-stream" in request.headers.get("accept", "")


def _frame(sse: bool, data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"event: {data['type']}\ndata: {text}\n\n" if sse else text + "\n"


def _stream(request: Request, sse: bool, events: AsyncIterator[dict[str, Any] | None]
            ) -> StreamingResponse:
    async def body() -> AsyncIterator[str]:
        async for item in events:
            if item is None:
                yield ": keep-alive\n\n" if sse else "\n"
            else:
                yield _frame(sse, item)

    return StreamingResponse(
        body(), media_type="text/event-stream" if sse else "application/x-ndjson",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _public(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if k not in ("svg", "flipped")}
    out["type"] = "state"
    return out


async def game_events(request: Request, game_id: Id, keepalive: float = KEEPALIVE
                      ) -> AsyncIterator[dict[str, Any] | None]:
    """A game's events: ``state`` (the whole game) first and after every change, ``move``
    for each new ply, ``end`` once when it is over (then the stream ends); None is a
    keep-alive."""
    hub = hub_of(request)
    lg: LiveGame = await hub.get(game_id)
    conn = StreamConnection()
    await hub.join(lg, conn)
    seen: int | None = None
    try:
        while True:
            try:
                data = await asyncio.wait_for(conn.queue.get(), timeout=keepalive)
            except TimeoutError:
                yield None
                continue
            if data.get("type") == "reload":
                hub.leave(lg, conn)
                lg = await hub.get(game_id)
                await hub.join(lg, conn)
                continue
            if data.get("type") != "state":
                continue
            state = _public(data)
            if seen is not None:
                for mv in state["moves"][seen:]:
                    yield {"type": "move", "id": game_id, **mv}
            seen = len(state["moves"])
            yield state
            if state["status"] == "finished":
                yield {"type": "end", "id": game_id, "result": state["result"],
                       "termination": state["termination"]}
                return
    finally:
        hub.leave(lg, conn)


@router.get("/games/{game_id}/stream", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {},
                                         "text/event-stream": {}}}})
async def game_stream(game_id: Id, request: Request,
                      format: Literal["ndjson", "sse"] | None = None) -> StreamingResponse:
    """Follow a game live: ``state``, ``move`` and ``end`` events (see the module)."""
    await hub_of(request).get(game_id)  # 404 before the stream starts
    return _stream(request, _wants_sse(request, format), game_events(request, game_id))


class Feed:
    """New games and results of the whole platform, read from the database (so every
    instance sees every game), shared by all ``/api/stream`` listeners."""

    def __init__(self, request: Request, interval: float = 0.5) -> None:
        self.svc = services(request)
        self.interval = interval
        self.listeners: set[asyncio.Queue[dict[str, Any]]] = set()
        self.task: asyncio.Task[None] | None = None
        self.last_id = 0
        self.last_end = 0.0
        self.ended_ids: set[int] = set()

    def _cursor(self) -> tuple[int, float]:
        with self.svc.db.session() as db:
            last_id = db.scalar(select(func.max(m.Game.id))) or 0
            last_end = db.scalar(select(func.max(m.Game.ended_at))) or 0.0
            return int(last_id), float(last_end)

    def _poll(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        with self.svc.db.session() as db:
            for g in db.scalars(select(m.Game).where(m.Game.id > self.last_id)
                                .order_by(m.Game.id)):
                self.last_id = g.id
                out.append({"type": "game_started", **summary(g)})
            ended = db.scalars(select(m.Game).where(m.Game.ended_at >= self.last_end)
                               .order_by(m.Game.ended_at))
            for g in ended:
                if g.id in self.ended_ids or g.ended_at is None:
                    continue
                if g.ended_at > self.last_end:
                    self.last_end = g.ended_at
                    self.ended_ids.clear()
                self.ended_ids.add(g.id)
                out.append({"type": "game_finished", **summary(g)})
        return out

    async def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1000)
        if self.task is None or self.task.done():
            self.last_id, self.last_end = await run_db(self._cursor)
            self.ended_ids = set()
            self.task = asyncio.get_running_loop().create_task(self._run())
        self.listeners.add(q)
        return q

    def unsubscribe(self, q: asyncio.Queue[dict[str, Any]]) -> None:
        self.listeners.discard(q)

    async def _run(self) -> None:
        """Poll while anyone listens; a new listener starts it again."""
        while True:
            await asyncio.sleep(self.interval)
            if not self.listeners:
                break
            for item in await run_db(self._poll):
                for q in list(self.listeners):
                    if not q.full():
                        q.put_nowait(item)
        self.task = None


def feed(request: Request) -> Feed:
    f: Feed | None = getattr(request.app.state, "feed", None)
    if f is None:
        f = request.app.state.feed = Feed(request)
    return f


@router.get("/stream", response_class=StreamingResponse,
            responses={200: {"content": {"application/x-ndjson": {},
                                         "text/event-stream": {}}}})
async def platform_stream(request: Request,
                          format: Literal["ndjson", "sse"] | None = None
                          ) -> StreamingResponse:
    """Every new game (``game_started``) and result (``game_finished``) on the platform."""
    f = feed(request)
    q = await f.subscribe()

    async def events() -> AsyncIterator[dict[str, Any] | None]:
        try:
            yield {"type": "hello", "last_game": f.last_id}
            while True:
                try:
                    yield await asyncio.wait_for(q.get(), timeout=KEEPALIVE)
                except TimeoutError:
                    yield None
        finally:
            f.unsubscribe(q)

    return _stream(request, _wants_sse(request, format), events())


# --- the engine ---------------------------------------------------------------------------


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


async def game_record(request: Request, game_id: Id) -> Record:
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        if not lg.is_over:
            raise Conflict("analysis is for finished games", code="analysis_live")
        return Record("game", game_id, lg.variant, lg.game.initial_fen,
                      tuple(mi.text for mi in lg.moves))


async def archive_record(request: Request, game_id: Id) -> Record:
    svc = services(request)

    def load() -> Record:
        with svc.db.session() as db:
            row = archive.get_game(db, game_id)
            rep = archive.replay_row(row)
            return Record("archive", game_id, rep.variant, row.initial_fen,
                          tuple(rep.texts))

    return await run_db(load)


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
    """Ask for the engine's analysis of a finished game (computed in the engine pool)."""
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


# --- the archive --------------------------------------------------------------------------


def archive_query(
        player: Annotated[str, Query(max_length=100)] = "",
        white: Annotated[str, Query(max_length=100)] = "",
        black: Annotated[str, Query(max_length=100)] = "",
        event: Annotated[str, Query(max_length=100)] = "",
        variant: Annotated[str, Query(max_length=40)] = "",
        opening: Annotated[str, Query(max_length=100, description="the Opening tag")] = "",
        moves: Annotated[str, Query(max_length=300, description="first moves")] = "",
        ballot: Annotated[str, Query(max_length=60, description=(
            "a ballot entry: fmjd-russian:1-I, or a code of the variant's table"))] = "",
        result: Annotated[str, Query(max_length=8)] = "",
        date_from: Annotated[str, Query(max_length=10, description="YYYY.MM.DD")] = "",
        date_to: Annotated[str, Query(max_length=10, description="YYYY.MM.DD")] = "",
) -> archive.Query:
    """The archive search of a request's query parameters."""
    return archive.Query(player, white, black, event, variant, opening, moves, ballot,
                         result, date_from, date_to)


ArchiveQuery = Annotated[archive.Query, Depends(archive_query)]


@router.get("/archive/games", response_model=ArchivePage)
async def archive_search(request: Request, q: ArchiveQuery,
                         limit: Annotated[int, Query(ge=1, le=500)] = 50,
                         offset: Annotated[int, Query(ge=0, le=1_000_000_000)] = 0
                         ) -> dict[str, Any]:
    """Search the archive by player, event, variant, opening (its tag, first moves or a
    ballot entry), result and date."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            rows, total = archive.search(db, q, limit, offset)
            return {"total": total, "offset": offset,
                    "games": [archive.game_json(r) for r in rows]}

    return await run_db(load)


@router.get("/archive/games/{game_id}", response_model=ArchiveGameOut)
async def archive_game(game_id: Id, request: Request) -> dict[str, Any]:
    """One archive game with its tags and movetext."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return archive.game_json(archive.get_game(db, game_id), full=True)

    return await run_db(load)


@router.get("/archive/games/{game_id}/pdn", responses=PDN)
async def archive_game_pdn(game_id: Id, request: Request) -> Response:
    """One archive game as PDN."""
    svc = services(request)

    def load() -> str:
        with svc.db.session() as db:
            return archive.game_pdn(archive.get_game(db, game_id))

    return PlainTextResponse(await run_db(load),
                             media_type="application/x-pdn; charset=utf-8")


@router.get("/archive/pdn", responses=PDN)
async def archive_pdn(request: Request, q: ArchiveQuery) -> Response:
    """The games of a search as one PDN file (at most 5000)."""
    return await pdn_download(request, q)


async def pdn_download(request: Request, q: archive.Query) -> Response:
    svc = services(request)

    def load() -> str:
        with svc.db.session() as db:
            return "".join(archive.export(db, q))

    return PlainTextResponse(await run_db(load), media_type="application/x-pdn; charset=utf-8",
                             headers={"Content-Disposition":
                                      'attachment; filename="shashki-archive.pdn"'})


@router.post("/archive/imports", status_code=201, response_model=ImportReportOut)
async def archive_import(request: Request, who: ApiWho,
                         file: Annotated[UploadFile, File(description="a PDN file")],
                         variant: Annotated[str | None, Form(max_length=40)] = None
                         ) -> dict[str, Any]:
    """Import a PDN file: good games are stored, broken ones listed with their index,
    line, column and the reader's message."""
    check_api_csrf(request, who)
    user = who.require_user()
    data = await read_upload(file)
    report = await run_db(archive.import_pdn, services(request).db, data,
                          file.filename or "", user.id, variant or None)
    return report.to_json()


async def read_upload(file: StarletteUpload) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while chunk := await file.read(1 << 20):
        size += len(chunk)
        if size > archive.MAX_UPLOAD:
            raise InvalidInput("file", f"larger than {archive.MAX_UPLOAD >> 20} MB",
                               code="archive_too_large")
        chunks.append(chunk)
    return b"".join(chunks)


@router.get("/archive/imports/{import_id}", response_model=ImportReportOut)
async def archive_import_report(import_id: Id, request: Request) -> dict[str, Any]:
    """An import's counts and its broken games."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return archive.load_import(db, import_id).to_json()

    return await run_db(load)


# --- tokens -------------------------------------------------------------------------------


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


@router.get("/variants", response_model=list[str])
async def variants() -> list[str]:
    """The variants games are played in."""
    return list(store.variants())



tag_routes(router)
