"""Pages and JSON of puzzles: ``/puzzles`` (the next one for you, a variant to choose, the
mining job to start), ``/puzzles/{id}`` (the position; answer by the move box or the
board), its JSON twins under ``/api/puzzles``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from shashki.board import Board
from shashki.server.accounts.models import User
from shashki.server.accounts.tokens import ApiWho, check_api_csrf
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.api import ERRORS, Id
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import form_str, redirect, render, run_db, services
from shashki.server.core.words import position_words, square_labels
from shashki.server.jobs.api import jobs_of
from shashki.server.puzzles import service
from shashki.server.puzzles.mine import KIND
from shashki.svg import board_svg

router = APIRouter()
api = APIRouter(prefix="/api", responses=ERRORS, tags=["puzzles"])


@router.get("/puzzles", include_in_schema=False)
async def puzzles_page(request: Request, who: Who) -> Response:
    svc = services(request)
    variant = request.query_params.get("variant", "")[:40]

    def load() -> int | None:
        with svc.db.session() as db:
            me = db.get(User, who.user.id) if who.user else None
            p = service.next_puzzle(db, me, variant or None)
            return None if p is None else p.id

    try:
        found = await run_db(load)
    except InvalidInput:
        found, variant = None, ""
    mining = request.query_params.get("mining")
    if found is not None and not mining:  # a job just started: say so, then go on
        return redirect(f"/puzzles/{found}" + (f"?variant={variant}" if variant else ""))
    return render(request, who, "puzzles.html", variant=variant, mining=mining,
                  found=found)


@router.post("/puzzles/mine", include_in_schema=False)
async def mine_page(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    job = await run_db(lambda: jobs_of(request).create(KIND, user.id, {}, unit="games"))
    return redirect(f"/puzzles?mining={job}")


async def _page(request: Request, who: Visitor, puzzle_id: int, status: int = 200,
                **extra: Any) -> Response:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            p = service.get_puzzle(db, puzzle_id)
            me = db.get(User, who.user.id) if who.user else None
            mine = service.solver_rating(db, me)
            return {"p": service.puzzle_json(p), "rating": round(mine.rating) if mine else None}

    data = await run_db(load)
    p = data["p"]
    board = Board(p["variant"], p["fen"])
    page = {"legal": [{"text": board.move_text(m), "path": list(m.path)}
                      for m in board.legal_moves], "labels": square_labels(board, who.lang)}
    return render(request, who, "puzzle.html", status=status, p=p, rating=data["rating"],
                  svg=board_svg(board, size=None, flipped=p["turn"] == "black"),
                  words=position_words(board, who.lang), page_data=page,
                  variant=request.query_params.get("variant", "")[:40], **extra)


@router.get("/puzzles/{puzzle_id}", include_in_schema=False)
async def puzzle_page(puzzle_id: int, request: Request, who: Who) -> Response:
    return await _page(request, who, puzzle_id)


@router.post("/puzzles/{puzzle_id}", include_in_schema=False)
async def answer_page(puzzle_id: int, request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    text = form_str(form, "move", 120)

    def run() -> dict[str, Any]:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            return service.attempt(db, me, puzzle_id, text)

    try:
        result = await run_db(run)
    except InvalidInput as e:  # the form again, the reason beside it
        return await _page(request, who, puzzle_id, 422, typed=text,
                           error=who.t.error(e.code, detail=who.t.detail(e.detail)))
    return await _page(request, who, puzzle_id, result=result)


class PuzzleOut(BaseModel):
    id: int
    variant: str
    fen: str
    kind: str
    rating: int
    attempts: int
    solved: int
    turn: str


class AttemptIn(BaseModel):
    move: str


class AttemptOut(BaseModel):
    solved: bool
    move: str
    solution: str
    line: str
    rated: bool
    rating: int
    change: int
    puzzle_rating: int
    source: dict[str, str | int]
    """Where the puzzle came from (shown with the answer, never before: the game's next
    move gives it away): ``source`` (``archive``, ``game`` or ``starter``) with the
    analysed game's ``id`` and ``ply``, or a starter puzzle's record ``file``, its
    ``sha256``, the ``game``'s number in it and the ``ply`` (``selfplay`` for the
    engine's own games)."""


@api.get("/puzzles/next", response_model=PuzzleOut | None)
async def next_api(request: Request, who: ApiWho,
                   variant: Annotated[str, Query(max_length=40)] = "") -> Any:
    """The next puzzle for the caller: not tried yet, the nearest to his puzzle rating."""
    svc = services(request)

    def load() -> dict[str, Any] | None:
        with svc.db.session() as db:
            me = db.get(User, who.user.id) if who.user else None
            p = service.next_puzzle(db, me, variant or None)
            return None if p is None else service.puzzle_json(p)

    return await run_db(load)


@api.get("/puzzles/{puzzle_id}", response_model=PuzzleOut)
async def puzzle_api(puzzle_id: Id, request: Request) -> dict[str, Any]:
    """One puzzle: its position, what it wins, its rating (neither the solution nor where
    the puzzle came from is shown: the answer does)."""
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            return service.puzzle_json(service.get_puzzle(db, puzzle_id))

    return await run_db(load)


@api.post("/puzzles/{puzzle_id}/attempts", response_model=AttemptOut)
async def attempt_api(puzzle_id: Id, body: AttemptIn, request: Request,
                      who: ApiWho) -> dict[str, Any]:
    """Answer a puzzle with a move in the Code's notation; the first answer is rated."""
    check_api_csrf(request, who)
    user = who.require_user()
    svc = services(request)

    def run() -> dict[str, Any]:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            return service.attempt(db, me, puzzle_id, body.move)

    return await run_db(run)
