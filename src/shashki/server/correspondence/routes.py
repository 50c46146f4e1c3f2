"""Correspondence play pages (issue 8): the list with leave and the simulated calendar, the
game page with its dated record, conditional moves and the judge's forms, the PDN, and
the inbound mail endpoint an MTA posts replies to."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from shashki.color import Color
from shashki.competition.tiebreaks import SHORT
from shashki.correspondence import Role as CorrRole
from shashki.server.accounts.models import Role, User
from shashki.server.accounts.visitor import Visitor, Who, check_csrf
from shashki.server.core.errors import (
    Forbidden,
    GameRuleError,
    InvalidInput,
    NotFound,
    ServerError,
)
from shashki.server.core.web import Services, form_str, redirect, render, run_db, services
from shashki.server.correspondence import service as corr
from shashki.server.correspondence.service import CONTROLS, CorrConfig
from shashki.svg import board_svg

router = APIRouter()
log = logging.getLogger("shashki.server.correspondence.service")
_TOKEN = re.compile(r"\[corr [^\]]+\]")


def config(request: Request) -> CorrConfig:
    """The app's correspondence settings (from the environment, unless a test set them).

    Configured from the environment, a background task runs the daily check every
    ``SHASHKI_CORR_TICK`` seconds (default an hour), so reminders, oversteps and reports
    go out though nobody looks at the pages."""
    state = request.app.state
    configured = getattr(state, "correspondence", None) is not None
    cfg = corr.app_config(state)
    if not configured and cfg.tick > 0 and getattr(state, "corr_ticker", None) is None:
        state.corr_ticker = asyncio.get_running_loop().create_task(
            _ticker(services(request), cfg))
    return cfg


async def _ticker(svc: Services, cfg: CorrConfig) -> None:
    while True:
        await asyncio.sleep(cfg.tick)
        try:
            await _daily(svc, cfg)
        except Exception:  # pragma: no cover - logged, retried at the next tick
            log.exception("correspondence: the daily check failed")






async def _daily(svc: Services, cfg: CorrConfig) -> None:
    """The daily check (P5, P6) and the captains' periodic reports, once a calendar day:
    everything they decide is counted in whole days (Code 5.1.2)."""
    today = cfg.today()
    if cfg.last_check == today:
        return
    cfg.last_check = today
    def run() -> list[tuple[int, list[Any]]]:
        with svc.db.session() as db:
            return corr.check(db, cfg)

    for game_id, msgs in await run_db(run):
        await run_db(corr.deliver, svc.db.session, cfg, msgs, game_id)

    def due() -> list[Any]:
        with svc.db.session() as db:
            return corr.event_digests_due(db, cfg)

    await run_db(corr.deliver, svc.db.session, cfg, await run_db(due), None)


@router.get("/corr")
async def corr_list(request: Request, who: Who) -> Response:
    return await _list(request, who)


async def _list(request: Request, who: Visitor, status: int = 200, error: str | None = None,
                form: dict[str, str] | None = None) -> Response:
    svc, cfg = services(request), config(request)
    await _daily(svc, cfg)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            out: dict[str, Any] = {"games": [], "leave": None, "pending": [],
                                   "is_judge": False, "invitations": []}
            if who.user is not None:
                user = db.get(User, who.user.id)
                assert user is not None
                out["games"] = [_row(db, cfg, g, user) for g in corr.games_of(db, user)]
                out["invitations"] = corr.invitations(db, user)
                out["leave"] = corr.leave_summary(db, cfg, user)
                judged = corr.judged_games(db, user)
                if judged or user.role_enum.at_least(Role.ADMINISTRATOR):
                    out["is_judge"] = True
                    out["pending"] = _pending(db, cfg, judged)
            return out

    data = await run_db(load)
    return render(request, who, "corr_list.html", status=status, error=error,
                  form=form or {}, controls=CONTROLS, cfg=cfg, today=cfg.today(), **data)


def _row(db: Any, cfg: CorrConfig, row: Any, user: User) -> dict[str, Any]:
    loaded = corr.load(db, cfg, row.id)
    g = loaded.game
    you = Color.WHITE if row.white_id == user.id else Color.BLACK
    return {"row": row, "your_move": not g.is_over and g.to_move is you,
            "used": g.used(you), "allowed": g.allowed(you), "plies": g.game.ply}


def _pending(db: Any, cfg: CorrConfig, judged: list[Any]) -> list[dict[str, Any]]:
    """The judge's games waiting for him: an overstep without a decision (Code 5.1.7)."""
    out = []
    for row in judged:
        g = corr.load(db, cfg, row.id).game
        for o in g.oversteps:
            if o.decision is None:
                out.append({"row": row, "overstep": o, "name": g.player(o.color).name})
    return out


@router.post("/corr")
async def corr_create(request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def create() -> int:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            row = corr.create_game(db, cfg, me, form_str(form, "opponent", 64),
                                   form_str(form, "color", 8) or "white",
                                   form_str(form, "control", 64) or "30d/10",
                                   form_str(form, "variant", 40) or "russian",
                                   by_mail=form_str(form, "by_mail", 4) == "1",
                                   judge_name=form_str(form, "judge", 64),
                                   rated=form_str(form, "rated", 4) == "1")
            return row.id

    try:
        game_id = await run_db(create)
    except InvalidInput as e:
        fields = ("opponent", "color", "control", "variant", "judge")
        return await _list(request, who, 422, who.t.error(e.code, detail=e.detail, **e.params),
                           {k: form_str(form, k, 200) for k in fields})
    return redirect(f"/corr/{game_id}")


@router.post("/corr/leave")
async def corr_leave(request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def take() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            corr.request_leave(db, cfg, me, corr._date(form_str(form, "first", 12), "first"),
                               corr._date(form_str(form, "last", 12), "last"))

    try:
        await run_db(take)
    except InvalidInput as e:
        return await _list(request, who, 422, who.t.error(e.code, detail=e.detail, **e.params))
    return redirect("/corr")


@router.post("/corr/leave/grant")
async def corr_grant(request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    judge = who.require_role(Role.ARBITER)

    def grant() -> None:
        from shashki.server.accounts import auth

        with svc.db.session() as db:
            player = auth.find_user(db, form_str(form, "player", 64))
            if player is None:
                raise InvalidInput("player", code="no_such_user", name=form_str(form, "player", 64))
            me = db.get(User, judge.id)
            assert me is not None
            try:
                year, days = int(form_str(form, "year", 6)), int(form_str(form, "days", 6))
            except ValueError:
                raise InvalidInput("days", code="invalid") from None
            corr.grant_leave(db, cfg, me, player, year, days, form_str(form, "reason", 500))

    try:
        await run_db(grant)
    except ServerError as e:
        return await _list(request, who, e.status, who.t.error(e.code, detail=e.detail,
                                                               **e.params))
    return redirect("/corr")


@router.post("/corr/calendar")
async def corr_calendar(request: Request, who: Who) -> Response:
    """Advance the simulated calendar (only when the platform runs on one)."""
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    who.require_user()
    if cfg.simulated is None:
        raise NotFound()
    try:
        days = int(form_str(form, "days", 4) or "1")
    except ValueError:
        raise InvalidInput("days", code="invalid") from None
    if not 0 < days <= 366:
        raise InvalidInput("days", code="invalid")
    cfg.simulated.advance(days=days)
    await _daily(svc, cfg)
    return redirect(_next(form_str(form, "next", 200)))


def _next(target: str) -> str:
    return target if target.startswith("/corr") and "//" not in target else "/corr"


@router.get("/corr/events")
async def corr_events(request: Request, who: Who) -> Response:
    return await _events(request, who)


async def _events(request: Request, who: Visitor, status: int = 200, error: str | None = None
                  ) -> Response:
    svc, cfg = services(request), config(request)

    def load() -> list[Any]:
        with svc.db.session() as db:
            return corr.events_list(db)

    is_judge = who.user is not None and who.user.role_enum.at_least(Role.ARBITER)
    return render(request, who, "corr_events.html", status=status, error=error,
                  events=await run_db(load), controls=CONTROLS, cfg=cfg, today=cfg.today(),
                  is_judge=is_judge)


@router.post("/corr/events")
async def corr_event_create(request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    judge = who.require_role(Role.ARBITER)

    def create() -> int:
        with svc.db.session() as db:
            me = db.get(User, judge.id)
            assert me is not None
            try:
                rounds = int(form_str(form, "rounds", 4) or "0")
                every = int(form_str(form, "digest_days", 4) or "7")
            except ValueError:
                raise InvalidInput("rounds", code="invalid") from None
            return corr.create_event(db, cfg, me, form_str(form, "name", 120),
                                     form_str(form, "system", 16) or "berger",
                                     form_str(form, "control", 64) or "30d/10",
                                     form_str(form, "variant", 40) or "russian", rounds,
                                     form_str(form, "captain", 64), every).id

    try:
        event_id = await run_db(create)
    except InvalidInput as e:
        return await _events(request, who, 422, who.t.error(e.code, detail=e.detail,
                                                            **e.params))
    return redirect(f"/corr/events/{event_id}")


@router.get("/corr/events/{event_id}")
async def corr_event(event_id: int, request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    await _daily(svc, cfg)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            row = corr.get_event(db, event_id)
            ev, ids = corr.event_model(db, cfg, row)
            role = corr.event_person(who.user, row).role.value if who.user else ""
            return {"row": row, "ev": ev, "ids": ids, "role": role,
                    "standings": ev.standings() if ev.tournament.rounds else [],
                    "table": ev.results_table() if ev.boards else "",
                    "report": ev.report() if row.status == "finished"
                    and role in ("judge", "captain") else ""}

    data = await run_db(load)
    return render(request, who, "corr_event.html", cfg=cfg, today=cfg.today(),
                  tb_short=SHORT, **data)


@router.post("/corr/events/{event_id}/{action}")
async def corr_event_action(event_id: int, action: str, request: Request, who: Who
                            ) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    game = form_str(form, "game", 12)

    def run() -> list[Any]:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            row = corr.get_event(db, event_id)
            role = corr.event_person(me, row).role.value
            if action == "join":
                corr.join_event(db, row, me)
            elif action in ("start", "next-round"):
                corr.start_event(db, cfg, row, me)
            elif action == "register":
                return corr.register_game(db, cfg, row, me,
                                          int(game) if game.isdigit() else 0)
            elif action == "digest":
                if role == "player":
                    raise Forbidden(code="role", role=Role.ARBITER.value)
                return corr.digests(db, cfg, row, force=True)
            else:
                raise NotFound("action")
            return []

    msgs = await run_db(run)
    await run_db(corr.deliver, svc.db.session, cfg, msgs, None)
    return redirect(f"/corr/events/{event_id}")


@router.get("/corr/{game_id}")
async def corr_game(game_id: int, request: Request, who: Who) -> Response:
    return await _corr_game(request, who, game_id)


async def _corr_game(request: Request, who: Visitor, game_id: int, status: int = 200,
                     error: str | None = None, form: dict[str, str] | None = None,
                     action: str = "") -> Response:
    """The game's page; after a refused action, again with the error beside its form and
    what was typed kept (``action`` names the form)."""
    svc, cfg = services(request), config(request)
    await _daily(svc, cfg)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            loaded = corr.load(db, cfg, game_id)
            mail = [{"direction": r.direction, "address": r.address, "status": r.status,
                     "detail": r.detail, "subject": _TOKEN.sub("[corr …]", r.subject)}
                    for r in corr.mail_log(db, game_id)]
            me = db.get(User, who.user.id) if who.user is not None else None
            part = corr.official(db, me, loaded.row) if me is not None else None
            return {"row": loaded.row, "g": loaded.game, "mail": mail, "part": part}

    data = await run_db(load)
    g = data["g"]
    row = data["row"]
    you: Color | None = None
    if who.user is not None:
        if who.user.id == row.white_id:
            you = Color.WHITE
        elif who.user.id == row.black_id:
            you = Color.BLACK
    part = data["part"]
    judge = part is not None and part.role is CorrRole.JUDGE
    captain = judge or (part is not None and part.role is CorrRole.CAPTAIN)
    last = g.game.board.peek() if g.game.board.move_stack else None
    svg = board_svg(g.game.board, size=None, flipped=you is Color.BLACK, lastmove=last)
    invited = who.user is not None and row.invited_id == who.user.id
    return render(request, who, "corr_game.html", status=status, g=g, row=row, you=you,
                  judge=judge, invited=invited, error=error, form=form or {},
                  failed=action,
                  captain=captain,
                  svg=svg, mail=data["mail"], today=cfg.today(), cfg=cfg,
                  by_mail=(row.white_by_mail if you is Color.WHITE else row.black_by_mail)
                  if you is not None else False)


@router.post("/corr/{game_id}/invitation/{answer}")
async def corr_answer(game_id: int, answer: str, request: Request, who: Who) -> Response:
    """The invited player accepts (the game starts) or declines; the sender withdraws."""
    if answer not in ("accept", "decline"):
        raise NotFound()
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def run() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            corr.answer_invitation(db, cfg, game_id, me, answer == "accept")

    await run_db(run)
    return redirect(f"/corr/{game_id}" if answer == "accept" else "/corr")


@router.post("/corr/{game_id}/{action}")
async def corr_action(game_id: int, action: str, request: Request, who: Who) -> Response:
    svc, cfg = services(request), config(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    fields = {k: form_str(form, k, 500) for k in ("move", "moves", "on", "postmark", "received",
                                               "decision", "reason", "result")}

    def run() -> list[Any]:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            return corr.act(db, cfg, game_id, me, action, fields)

    try:
        msgs = await run_db(run)
    except (InvalidInput, GameRuleError) as e:  # the form again, the error beside it
        return await _corr_game(request, who, game_id, e.status,
                                who.t.error(e.code, detail=e.detail,
                                            article=who.t.article(e.article), **e.params),
                                fields, action)
    await run_db(corr.deliver, svc.db.session, cfg, msgs, game_id)
    return redirect(f"/corr/{game_id}")


@router.get("/corr/{game_id}/pdn")
async def corr_pdn(game_id: int, request: Request) -> Response:
    svc, cfg = services(request), config(request)

    def load() -> str:
        with svc.db.session() as db:
            return corr.load(db, cfg, game_id).game.to_pdn({"Site": "shashki"})

    text = await run_db(load)
    return PlainTextResponse(text, media_type="application/x-pdn; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="shashki-corr-{game_id}.pdn"'})


@router.post("/api/corr/mail/inbound")
async def corr_inbound(request: Request) -> Response:
    """A reply by e-mail, posted raw (RFC 5322) by the mail server with the inbound key in
    ``X-Shashki-Mail-Key`` (e.g. a Postfix pipe through curl)."""
    svc, cfg = services(request), config(request)
    given = request.headers.get("x-shashki-mail-key", "").encode("latin-1")
    if not cfg.inbound_key or not secrets.compare_digest(given, cfg.inbound_key.encode()):
        raise Forbidden("inbound mail key")
    raw = await request.body()
    if len(raw) > 1_000_000:
        raise InvalidInput("message", "too large")

    def run() -> corr.Inbound:
        with svc.db.session() as db:
            return corr.receive(db, cfg, raw)

    result = await run_db(run)
    await run_db(corr.deliver, svc.db.session, cfg, result.answer, result.game_id)
    return JSONResponse({"accepted": result.accepted, "game": result.game_id,
                         "detail": result.detail, "detail_ru": result.detail_ru},
                        status_code=200 if result.accepted else 422)
