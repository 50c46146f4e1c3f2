"""Pages: play against the engine (``/engine``) and the API tokens of the account
(``/settings/tokens``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from shashki.engine import LEVELS
from shashki.server.accounts import tokens as api_tokens
from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.errors import InvalidInput
from shashki.server.core.web import form_str, render, run_db, services
from shashki.server.engine.pool import EngineServices
from shashki.server.play import store
from shashki.server.play.live import hub_of
from shashki.server.play.routes import TIME_CONTROLS

router = APIRouter(include_in_schema=False)


def engine_services(request: Request) -> EngineServices:
    eng: EngineServices = request.app.state.engine
    return eng


def levels() -> list[dict[str, Any]]:
    return [{"name": lv.name, "title": lv.title, "depth": lv.depth, "nodes": lv.nodes,
             "time": lv.time} for lv in LEVELS.values()]


async def create_engine_game(request: Request, who: Visitor, level: str, variant: str,
                             time_control: str | None, color: str, fen: str | None) -> int:
    """A game of the visitor against the engine at ``level``; the engine moves at once
    when it has White."""
    user = who.require_user()
    svc = services(request)
    eng = engine_services(request)
    level = level.strip().lower()
    if level not in LEVELS:
        raise InvalidInput("level", code="engine_level")
    bot_id = eng.player.user_of(level)

    def create() -> int:
        with svc.db.session() as db:
            creator = db.get(User, user.id)
            bot = db.get(User, bot_id)
            assert creator is not None and bot is not None
            ch = store.create_challenge(db, creator, variant, time_control, color,
                                        bot.username, fen)
            game = store.accept_challenge(db, ch, bot, hub_of(request).now())
            return game.id

    game_id = await run_db(create)
    await hub_of(request).get(game_id)
    return game_id


def _date(t: float | None) -> str:
    if t is None:
        return ""
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")




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


# --- API tokens ----------------------------------------------------------------------------


@router.get("/settings/tokens")
async def tokens_page(request: Request, who: Who) -> Response:
    return await _tokens(request, who)


async def _tokens(request: Request, who: Visitor, new: str | None = None,
                  error: str | None = None, status: int = 200) -> Response:
    user = who.require_user()
    svc = services(request)

    def load() -> list[dict[str, object]]:
        with svc.db.session() as db:
            return [{**api_tokens.token_json(r), "created": _date(r.created_at),
                     "used": _date(r.last_used)} for r in api_tokens.of_user(db, user.id)]

    return render(request, who, "engine_tokens.html", tokens=await run_db(load), new=new,
                  error=error, status=status)


@router.post("/settings/tokens")
async def create_token(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    svc = services(request)

    def create() -> str:
        with svc.db.session() as db:
            token, _ = api_tokens.create(db, user.id, form_str(form, "name", 100))
            return token

    try:
        token = await run_db(create)
    except InvalidInput as e:
        return await _tokens(request, who, error=who.t.error(e.code, **e.params), status=422)
    return await _tokens(request, who, new=token)


@router.post("/settings/tokens/{token_id}/revoke")
async def revoke_token(token_id: int, request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    svc = services(request)

    def revoke() -> None:
        with svc.db.session() as db:
            api_tokens.revoke(db, user.id, token_id)

    await run_db(revoke)
    return RedirectResponse("/settings/tokens", status_code=303)
