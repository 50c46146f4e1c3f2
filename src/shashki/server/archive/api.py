"""The archive's JSON API: search, games, PDN downloads and imports."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session as DBSession

from shashki.server.accounts.models import User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.archive import explorer
from shashki.server.archive import service as archive
from shashki.server.archive.jobs import KIND
from shashki.server.archive.upload import Upload, receive_pdn
from shashki.server.core.api import ERRORS, PDN, ErrorOut, Id, tag_routes
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import run_db, services
from shashki.server.jobs.api import JobOut, jobs_of
from shashki.server.jobs.models import Job
from shashki.server.jobs.service import job_json

router = APIRouter(prefix="/api", responses=ERRORS)


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


class ReaderWarning(BaseModel):
    """A warning of the PDN reader, said once for the file (docs/pdn.md R13)."""

    kind: str = Field(description="the departure from PDN 3.0: variant-assumed, literal-cr, "
                                  "result-mismatch...")
    message: str
    index: int | None = Field(description="the first game that carries it (from 0)")
    line: int | None
    column: int | None
    text: str | None
    games: int = Field(description="how many games carry it")
    count: int = Field(description="how many times it occurs in those games")
    indices: list[int] = Field(description="the first games that carry it")


class ImportReportOut(BaseModel):
    id: int
    filename: str
    status: str = Field(description="the import job's: queued, running, done, failed, "
                                    "cancelled")
    games_read: int
    games_imported: int
    duplicates: int
    broken_count: int
    broken: list[BrokenGame]
    warnings: list[ReaderWarning] = Field(
        default_factory=list, description="the reader's warnings, as `shashki pdn check` "
        "prints them: each once, with the number of games that carry it")
    bytes_total: int = Field(description="the file's size")
    lines_total: int = Field(description="the file's lines")
    lines_read: int = Field(description="progress: lines read (the games before it)")
    capped: bool = Field(description="the cap on games per file stopped the import "
                                     "before the end of the file")
    cap: int = Field(description="games read of one file at most")
    next_line: int | None = Field(description="with capped: the line where the first "
                                              "game not read starts")
    cancelled_at: int | None = Field(description="a cancelled import stopped after this "
                                                 "many games (all of them counted here)")
    job_id: int | None
    message: str


class ImportOut(ImportReportOut):
    job: JobOut | None = Field(description="the import's job: follow it at /api/jobs/{id}")


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


UPLOAD_FORM: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "multipart/form-data": {"schema": {
        "type": "object", "required": ["file"],
        "properties": {"file": {"type": "string", "format": "binary",
                                "description": "a PDN file"},
                       "variant": {"type": "string", "maxLength": 40,
                                   "description": "of games without a GameType tag"}}}}}}}
TOO_LARGE: dict[int | str, dict[str, Any]] = {
    413: {"model": ErrorOut, "description": "larger than the limit (refused while it is "
                                            "sent)"}}


async def start_import(request: Request, user: User, upload: Upload,
                       variant: str | None) -> int:
    """The job reading an upload into the archive; returns the import's id. The per-user
    limit was checked before the upload was read; it is checked again with the job."""
    svc = services(request)
    if upload.data is None or upload.size == 0:
        raise InvalidInput("file", code="archive_empty")
    archive.check_variant(variant)
    created: dict[str, int] = {}

    def setup(s: DBSession, job: Job) -> None:
        imp = archive.new_import(s, user.id, upload.filename, upload.size, job.id,
                                 created["lines"])
        created["import"] = imp.id
        job.link = f"/archive/imports/{imp.id}"
        job.params = json.dumps({"import_id": imp.id, "variant": variant,
                                 "max_games": svc.settings.max_games_per_file,
                                 "filename": imp.filename})

    data = upload.data

    def create() -> int:
        try:
            lines = archive.count_lines(data)
            created["lines"] = lines
            jobs_of(request).create(KIND, user.id, {}, unit="lines", total=lines,
                                    data=data, setup=setup)
        finally:
            upload.close()
        return created["import"]

    return await run_db(create)


async def receive_import(request: Request, user: User) -> Upload:
    """The upload of an import, after the checks that need no body (the job limit)."""
    await run_db(jobs_of(request).check_limit, user.id)
    return await receive_pdn(request, services(request).settings.max_upload)


def import_json(db: DBSession, import_id: int, with_job: bool = False) -> dict[str, Any]:
    report = archive.load_import(db, import_id)
    out = report.to_json()
    if with_job:
        job = db.get(Job, report.job_id) if report.job_id is not None else None
        out["job"] = job_json(job) if job is not None else None
    return out


@router.post("/archive/imports", status_code=202, response_model=ImportOut,
             openapi_extra=UPLOAD_FORM, responses=TOO_LARGE)
async def archive_import(request: Request, who: ApiWho) -> Response:
    """Import a PDN file (multipart ``file``, optional ``variant``): it is read by a job
    (answer 202 with the job; follow it at ``/api/jobs/{id}`` or here at
    ``/api/archive/imports/{id}``); good games are stored, broken ones listed with their
    index, line, column and the reader's message. Larger than the limit: 413, refused
    while it is sent; too many jobs of yours queued or running: 429."""
    check_api_csrf(request, who)
    user = who.require_user()
    upload = await receive_import(request, user)
    variant = upload.fields.get("variant", "")[:40] or None
    import_id = await start_import(request, user, upload, variant)
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return import_json(db, import_id, with_job=True)

    return JSONResponse(await run_db(load), status_code=202)


@router.get("/archive/imports/{import_id}", response_model=ImportOut)
async def archive_import_report(import_id: Id, request: Request) -> dict[str, Any]:
    """An import's counts and its broken games, so far (while its job runs) or final,
    with its job."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return import_json(db, import_id, with_job=True)

    return await run_db(load)


tag_routes(router)


class ExplorerMove(BaseModel):
    move: str
    games: int
    white: int
    draws: int
    black: int
    legal: bool


class ExplorerGame(BaseModel):
    id: int
    white: str
    black: str
    result: str
    date: str
    event: str
    ply: int


class ExplorerOut(BaseModel):
    variant: str
    fen: str
    games: int
    moves: list[ExplorerMove]
    sample: list[ExplorerGame]


@router.get("/archive/explorer", response_model=ExplorerOut)
async def explorer_api(request: Request,
                       variant: Annotated[str, Query(max_length=40)] = "russian",
                       fen: Annotated[str, Query(max_length=500)] = "") -> dict[str, Any]:
    """The opening explorer: the moves played from a position (``fen``, the start when
    empty) in the archive's games, with their counts and results, and the first games
    that reached it."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return explorer.explore(db, variant, fen or None)

    return await run_db(load)
