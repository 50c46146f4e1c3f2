"""Pages of the engine: play against it (``/engine``), and the post-game analysis of platform
and archive games."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from shashki.server.accounts.models import Role
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.archive import service as archive
from shashki.server.archive.routes import archive_replay, replay_svg, svg_response, viewer_data
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import form_str, render, run_db
from shashki.server.engine.analysis import Record
from shashki.server.engine.service import (
    archive_record,
    create_engine_game,
    engine_services,
    game_record,
    levels,
)
from shashki.server.play.live import hub_of
from shashki.server.play.routes import TIME_CONTROLS

router = APIRouter(include_in_schema=False)


@router.get("/engine")
async def engine_page(request: Request, who: Who) -> Response:
    return render(request, who, "engine.html", levels=levels(), form={}, error=None,
                  time_controls=TIME_CONTROLS)


@router.post("/engine")
async def engine_game(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    who.require_user()
    fields = {k: form_str(form, k, 500)
              for k in ("level", "variant", "time_control", "color", "fen")}
    try:
        game_id = await create_engine_game(
            request, who, fields["level"] or "amateur", fields["variant"] or "russian",
            fields["time_control"], fields["color"] or "white", fields["fen"] or None)
    except InvalidInput as e:
        return render(request, who, "engine.html", status=422, levels=levels(), form=fields,
                      time_controls=TIME_CONTROLS,
                      error=who.t.error(e.code, detail=e.detail, **e.params))
    return RedirectResponse(f"/games/{game_id}", status_code=303)


async def _platform_replay(request: Request, game_id: int) -> tuple[dict[str, Any],
                                                                   archive.Replayed]:
    rec = await game_record(request, game_id)
    lg = await hub_of(request).get(game_id)
    async with lg.lock:
        t = lg.game.termination
        game = {"id": game_id, "white": lg.white_name, "black": lg.black_name,
                "variant": lg.variant, "result": lg.game.result,
                "termination": None if t is None else {"kind": t.kind.value,
                                                       "article": t.article}}
    rep = await run_db(archive.replay_moves, rec.variant, rec.initial_fen, rec.moves)
    return game, rep


def score_text(score: int | None, mate: int | None) -> str:
    """A score for White as shown: ``+0.35``, ``-1.20``, ``#3`` (White wins in 3),
    ``#-2``."""
    if mate is not None:
        return f"#{mate}"
    if score is None:
        return ""
    return f"{score / 100:+.2f}"


def with_texts(state: dict[str, Any] | None) -> dict[str, Any] | None:
    if state is not None:
        for mv in state.get("moves", []):
            mv["score_text"] = score_text(mv.get("score"), mv.get("mate"))
    return state


@router.get("/games/{game_id}/board/{ply}.svg")
async def game_board(game_id: int, ply: int, request: Request, flipped: bool = False,
                     arrow: str | None = None) -> Response:
    _, rep = await _platform_replay(request, game_id)
    return svg_response(replay_svg(rep, ply, flipped, arrow))


@router.get("/games/{game_id}/analysis")
async def game_analysis(game_id: int, request: Request, who: Who) -> Response:
    game, rep = await _platform_replay(request, game_id)
    rec = await game_record(request, game_id)
    return await _analysis_page(request, who, game, rep, rec, f"/games/{game_id}",
                                f"/api/games/{game_id}/analysis")


@router.post("/games/{game_id}/analysis")
async def request_game_analysis(game_id: int, request: Request, who: Who) -> Response:
    return await _request_analysis(request, who, await game_record(request, game_id),
                                   f"/games/{game_id}")


@router.get("/archive/games/{game_id}/analysis")
async def archive_analysis(game_id: int, request: Request, who: Who) -> Response:
    game, rep = await archive_replay(request, game_id)
    rec = await archive_record(request, game_id)
    return await _analysis_page(request, who, game, rep, rec, f"/archive/games/{game_id}",
                                f"/api/archive/games/{game_id}/analysis")


@router.post("/archive/games/{game_id}/analysis")
async def request_archive_analysis(game_id: int, request: Request, who: Who) -> Response:
    return await _request_analysis(request, who, await archive_record(request, game_id),
                                   f"/archive/games/{game_id}")


async def _analysis_page(request: Request, who: Visitor, game: dict[str, Any],
                         rep: archive.Replayed, rec: Record, page: str, api: str) -> Response:
    """The analysis page of a game at ``page`` (platform or archive), its data at ``api``."""
    state = with_texts(await engine_services(request).analyser.state(rec))
    data = viewer_data(who, rep, f"{page}/board/", api)
    user = who.user
    can_cancel = bool(state and user is not None and state.get("job") and (
        state.get("owner_id") == user.id or user.role_enum.at_least(Role.ADMINISTRATOR)))
    return render(request, who, "analysis.html", game=game, rep=rep, page_data=data,
                  analysis=state, action=f"{page}/analysis", back=page,
                  can_cancel=can_cancel)


async def _request_analysis(request: Request, who: Visitor, rec: Record,
                            page: str) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    await engine_services(request).analyser.request(rec, user.id)
    return RedirectResponse(f"{page}/analysis", status_code=303)
