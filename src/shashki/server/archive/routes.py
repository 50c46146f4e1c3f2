"""Pages of the game archive: search, import with its error report, the game viewer, PDN
downloads."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response

from shashki.board import Board
from shashki.errors import ShashkiError
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.archive import explorer
from shashki.server.archive import service as archive
from shashki.server.archive.api import (
    archive_query,
    pdn_download,
    receive_import,
    start_import,
)
from shashki.server.core.errors import InvalidInput, NotFound
from shashki.server.core.web import render, run_db, services
from shashki.server.core.words import position_words
from shashki.server.jobs.models import Job
from shashki.server.jobs.service import job_json, may_manage
from shashki.svg import board_svg

router = APIRouter(include_in_schema=False)


PAGE = 50


_QUERY_FIELDS = ("player", "white", "black", "event", "variant", "opening", "moves", "ballot",
                 "result", "date_from", "date_to")


def _query(request: Request) -> archive.Query:
    p = request.query_params
    values = {k: p.get(k, "")[:300] for k in _QUERY_FIELDS}
    q: archive.Query = archive_query(**values)
    return q


@router.get("/archive")
async def archive_page(request: Request, who: Who) -> Response:
    svc = services(request)
    q = _query(request)
    try:
        page = max(1, int(request.query_params.get("page", "1")))
    except ValueError:
        page = 1

    def load() -> tuple[list[dict[str, Any]], int]:
        with svc.db.session() as db:
            rows, total = archive.search(db, q, PAGE, (page - 1) * PAGE)
            return [archive.game_json(r) for r in rows], total

    error = None
    field = None
    try:
        games, total = await run_db(load)
    except InvalidInput as e:
        games, total = [], 0
        error, field = who.t.error(e.code, detail=e.detail, **e.params), e.field
    params = q.params()
    return render(request, who, "archive.html", status=422 if error else 200, games=games,
                  total=total, page=page, pages=max(1, -(-total // PAGE)), q=params,
                  query_string=_qs(params), error=error, field=field,
                  results=archive.RESULTS)


def _qs(params: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return urlencode(params)


@router.get("/archive/pdn")
async def archive_pdn(request: Request) -> Response:
    return await pdn_download(request, _query(request))


@router.post("/archive/import")
async def archive_import(request: Request, who: Who) -> Response:
    """The import form: the upload is received as it streams (refused past the size
    limit), then read by a job; its page follows the job."""
    user = who.require_user()
    upload = await receive_import(request, user)
    try:
        check_csrf(request, who, upload.form)
    except Exception:
        upload.close()
        raise
    variant = upload.fields.get("variant", "")[:40] or None
    import_id = await start_import(request, user, upload, variant)
    return RedirectResponse(f"/archive/imports/{import_id}", status_code=303)


@router.get("/archive/imports/{import_id}")
async def import_page(import_id: int, request: Request, who: Who) -> Response:
    """An import's report; while its job runs, a live progress bar and (for its owner
    and administrators) a Cancel button."""
    svc = services(request)

    def load() -> tuple[archive.ImportReport, dict[str, Any] | None, bool]:
        with svc.db.session() as db:
            report = archive.load_import(db, import_id)
            job = db.get(Job, report.job_id) if report.job_id is not None else None
            if job is None:
                return report, None, False
            return report, job_json(job), may_manage(job, who.user)

    report, job, can_cancel = await run_db(load)
    return render(request, who, "archive_import.html", report=report, job=job,
                  can_cancel=can_cancel)


def viewer_data(who: Visitor, rep: archive.Replayed, board_url: str,
                 analysis_url: str | None, flipped: bool = False) -> dict[str, Any]:
    keys = ["viewer.start", "viewer.ply", "analysis.running", "analysis.best",
            "analysis.failed", "analysis.done", "analysis.cancelled", "color.white",
            "color.black"]
    return {"board": board_url, "plies": len(rep.texts), "moves": rep.texts,
            "fens": rep.fens, "analysis": analysis_url, "flipped": flipped,
            "lang": who.lang, "texts": {k: who.t.label("js", k) for k in keys}}


def replay_svg(rep: archive.Replayed, ply: int, flipped: bool, arrow: str | None) -> str:
    if not 0 <= ply <= len(rep.moves):
        raise NotFound("position")
    board = Board(rep.variant, rep.fens[ply])
    arrows = []
    if arrow:
        try:
            arrows.append(board.parse_move(arrow[:200]))
        except ShashkiError:
            raise InvalidInput("arrow", code="illegal_move", detail=arrow[:40]) from None
    last = rep.moves[ply - 1] if ply > 0 else None
    return board_svg(board, size=None, flipped=flipped, lastmove=last, arrows=arrows)


def svg_response(svg: str) -> Response:
    return Response(svg, media_type="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=3600"})


async def archive_replay(request: Request, game_id: int) -> tuple[dict[str, Any],
                                                                  archive.Replayed]:
    svc = services(request)

    def load() -> tuple[dict[str, Any], archive.Replayed]:
        with svc.db.session() as db:
            row = archive.get_game(db, game_id)
            return archive.game_json(row, full=True), archive.replay_row(row)

    return await run_db(load)


@router.get("/archive/games/{game_id}")
async def archive_game(game_id: int, request: Request, who: Who) -> Response:
    game, rep = await archive_replay(request, game_id)
    data = viewer_data(who, rep, f"/archive/games/{game_id}/board/", None)
    return render(request, who, "archive_game.html", game=game, rep=rep, page_data=data)


@router.get("/archive/games/{game_id}/board/{ply}.svg")
async def archive_board(game_id: int, ply: int, request: Request, flipped: bool = False,
                        arrow: str | None = None) -> Response:
    _, rep = await archive_replay(request, game_id)
    return svg_response(replay_svg(rep, ply, flipped, arrow))


@router.get("/archive/games/{game_id}/pdn")
async def archive_game_pdn(game_id: int, request: Request) -> Response:
    svc = services(request)

    def load() -> str:
        with svc.db.session() as db:
            return archive.game_pdn(archive.get_game(db, game_id))

    return PlainTextResponse(await run_db(load), media_type="application/x-pdn; charset=utf-8",
                             headers={"Content-Disposition":
                                      f'attachment; filename="archive-{game_id}.pdn"'})


@router.get("/archive/explorer")
async def explorer_page(request: Request, who: Who) -> Response:
    """The opening explorer: the position, the moves played from it in the archive with
    their counts and results (each a link to the position after it), the games that
    reached it. Plain links and a form: it works without a script."""
    svc = services(request)
    p = request.query_params
    variant, fen = p.get("variant", "russian")[:40], p.get("fen", "")[:500]

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return explorer.explore(db, variant, fen or None)

    try:
        data = await run_db(load)
    except InvalidInput as e:
        return render(request, who, "archive_explorer.html", status=422, data=None,
                      error=who.t.error(e.code, detail=e.detail, **e.params), fen=fen,
                      variant=variant, svg="", words="")
    board = Board(data["variant"], data["fen"])
    for m in data["moves"]:
        if m["legal"]:
            after = board.copy(stack=False)
            after.push_text(m["move"])
            m["fen_after"] = after.fen()
        m["score"] = round(100 * (m["white"] + m["draws"] / 2) / m["games"]) if m["games"] \
            else 0
    return render(request, who, "archive_explorer.html", data=data, error=None,
                  fen=data["fen"], variant=data["variant"],
                  svg=board_svg(board, size=None), words=position_words(board, who.lang))
