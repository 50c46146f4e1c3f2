"""The analysis board's page and its JSON: ``/analysis`` (any position: ``variant``,
``fen``, ``moves``; ``retry`` with ``played`` and ``best`` for a game's mistake), the
position after some moves (``/api/analysis/position``) and the engine's live lines
(``/api/analysis/lines``, server-sent events)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from shashki.server.accounts.visitor import Who
from shashki.server.analysis.service import MAX_LINES, board_of, live_lines, position_json
from shashki.server.core.api import ERRORS
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import render, run_db
from shashki.server.core.words import position_words

router = APIRouter()


def _moves(text: str) -> list[str]:
    return [m for m in text.replace(",", " ").split() if m][:400]


TEXT_KEYS = ["analysis.depth", "analysis.lines_none", "analysis.thinking", "analysis.done_at",
             "analysis.retry_found", "analysis.retry_same", "analysis.retry_other",
             "analysis.editor_on", "analysis.editor_off", "analysis.start_node",
             "color.white", "color.black", "game.select_hint", "game.ambiguous"]


@router.get("/analysis", include_in_schema=False)
async def analysis_page(request: Request, who: Who) -> Response:
    p = request.query_params
    variant = p.get("variant", "russian")[:40]
    fen = p.get("fen", "")[:500]
    moves = _moves(p.get("moves", "")[:4000])
    error = None
    try:
        board = await run_db(board_of, variant, fen or None, moves)
    except InvalidInput as e:
        error = who.t.error(e.code, detail=who.t.detail(e.detail), **e.params)
        board = await run_db(board_of, "russian", None, [])
        moves = []
    start = board.copy()
    for _ in moves:
        start.pop()
    retry = None
    if p.get("retry"):
        retry = {"played": p.get("played", "")[:60], "best": p.get("best", "")[:60]}
    data: dict[str, Any] = {
        "variant": board.variant.name, "start": start.fen(), "moves": moves,
        "lang": who.lang, "retry": retry, "lines": 3,
        "texts": {k: who.t.label("js", k) for k in TEXT_KEYS} | who.t.labels("words") | {
            "error.illegal_move": who.t.label("error", "illegal_move")},
        "details": who.t.details()}
    return render(request, who, "analysis_board.html", status=422 if error else 200,
                  error=error, board=board, page_data=data, fen=board.fen(),
                  words=position_words(board, who.lang), retry=retry)


@router.get("/api/analysis/position", responses=ERRORS, tags=["analysis"])
async def position_api(request: Request, who: Who,
                       variant: Annotated[str, Query(max_length=40)] = "russian",
                       fen: Annotated[str, Query(max_length=500)] = "",
                       moves: Annotated[str, Query(max_length=4000)] = "",
                       flipped: bool = False) -> Response:
    """A position of the analysis board: after ``moves`` from ``fen`` (the start when
    empty), with its diagram, legal moves, squares' names and a description in words."""

    def load() -> dict[str, Any]:
        return position_json(board_of(variant, fen or None, _moves(moves)), who.lang, flipped)

    return JSONResponse(await run_db(load))


EVENTS: dict[int | str, dict[str, Any]] = {
    200: {"description": "server-sent events, one a depth, then ``done``",
                "content": {"text/event-stream": {"schema": {
                    "type": "object", "description": "one event: its name and JSON data",
                    "properties": {"event": {"type": "string", "enum": ["message", "done"]},
                                   "data": {"type": "string"}}}}}}}


@router.get("/api/analysis/lines", responses={**ERRORS, **EVENTS}, tags=["analysis"],
            response_class=StreamingResponse)
async def lines_api(request: Request,
                    variant: Annotated[str, Query(max_length=40)] = "russian",
                    fen: Annotated[str, Query(max_length=500)] = "",
                    moves: Annotated[str, Query(max_length=4000)] = "",
                    lines: Annotated[int, Query(ge=1, le=MAX_LINES)] = 3) -> Response:
    """The engine's best ``lines`` of the position, live: server-sent events, one after
    each depth (each line with its moves, score or forced result for White, and depth),
    then ``done`` with the depth reached and the CPU seconds spent."""
    board = await run_db(board_of, variant, fen or None, _moves(moves))
    return StreamingResponse(live_lines(request, board, lines),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
