"""The archive's JSON API: search, games, PDN downloads and imports."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, Query, Request, UploadFile
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel
from starlette.datastructures import UploadFile as StarletteUpload

from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.archive import service as archive
from shashki.server.core.api import ERRORS, PDN, Id, tag_routes
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import run_db, services

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


class ImportReportOut(BaseModel):
    id: int
    filename: str
    games_read: int
    games_imported: int
    duplicates: int
    broken_count: int
    broken: list[BrokenGame]


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


tag_routes(router)
