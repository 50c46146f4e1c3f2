"""The HTML pages: lobby, sign-up, login, challenges, the game page, profiles, PDN."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from shashki.rules import VARIANTS
from shashki.server.accounts import auth
from shashki.server.accounts.models import User
from shashki.server.core.errors import InvalidInput, NotFound, RateLimited
from shashki.server.core.texts import LANGUAGES, details
from shashki.server.core.web import (
    Services,
    Visitor,
    Who,
    check_csrf,
    client_address,
    run_db,
    safe_next,
    services,
)
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.record import game_pdn

router = APIRouter()

TIME_CONTROLS = ["3m+2s", "5m+3s", "10m", "15m+10s", "45m", "70m/35 + 15m"]


def render(request: Request, who: Visitor, name: str, status: int = 200,
           **context: Any) -> Response:
    svc = services(request)
    ctx = {"who": who, "t": who.t, "csrf": who.csrf, "lang": who.lang, "path": _here(request),
           "variants": list(VARIANTS), **context}
    return svc.templates.TemplateResponse(request, name, ctx, status_code=status)


def _here(request: Request) -> str:
    q = request.url.query
    return request.url.path + (f"?{q}" if q else "")


def _str(form: FormData, name: str, limit: int = 2000) -> str:
    value = form.get(name)
    return value[:limit] if isinstance(value, str) else ""


def _redirect(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def _session_cookie(response: Response, svc: Services, token: str) -> None:
    response.set_cookie(auth.SESSION_COOKIE, token, httponly=True, samesite="lax",
                        secure=svc.settings.cookie_secure, path="/",
                        max_age=int(svc.settings.session_days * 86400))


# --- lobby ---------------------------------------------------------------------------------


@router.get("/")
async def lobby(request: Request, who: Who) -> Response:
    return await _lobby(request, who)


async def _lobby(request: Request, who: Visitor, status: int = 200, error: str | None = None,
                 form: dict[str, str] | None = None) -> Response:
    svc = services(request)

    def load() -> dict[str, Any]:
        with svc.db.session() as db:
            lists: dict[str, Any] = dict(store.lobby(db, who.user))
            lists["live"] = store.live_games(db)
            lists["yours"] = store.games_of(db, who.user) if who.user else []
            return lists

    return render(request, who, "lobby.html", status=status, time_controls=TIME_CONTROLS,
                  error=error, form=form or {}, **await run_db(load))


# --- accounts ------------------------------------------------------------------------------


@router.get("/signup")
async def signup_form(request: Request, who: Who) -> Response:
    return render(request, who, "signup.html", form={}, error=None,
                  next=safe_next(request.query_params.get("next")))


@router.post("/signup")
async def signup(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    nxt = safe_next(_str(form, "next"))
    wait = svc.login_limit.hit("signup:" + client_address(request))
    if wait > 0:
        raise RateLimited(wait)
    name, password, email = _str(form, "username", 64), _str(form, "password"), _str(
        form, "email", 300)

    def create() -> str:
        with svc.db.session() as db:
            user = auth.create_user(db, svc.passwords, name, password, email or None,
                                    language=who.lang)
            token, _ = auth.start_session(db, svc.settings, user,
                                          request.headers.get("user-agent", ""),
                                          client_address(request))
            return token

    try:
        token = await run_db(create)
    except InvalidInput as e:
        return render(request, who, "signup.html", status=422, next=nxt,
                      form={"username": name, "email": email},
                      error=who.t.error(e.code), field=e.field)
    response = _redirect(nxt)
    _session_cookie(response, svc, token)
    return response


@router.get("/login")
async def login_form(request: Request, who: Who) -> Response:
    return render(request, who, "login.html", form={}, error=None,
                  next=safe_next(request.query_params.get("next")))


@router.post("/login")
async def login(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    nxt = safe_next(_str(form, "next"))
    name, password = _str(form, "username", 64), _str(form, "password")
    keys = ["user:" + auth.username_key(name), "addr:" + client_address(request)]
    wait = max(svc.login_limit.retry_after(k) for k in keys)
    if wait > 0:
        raise RateLimited(wait)

    def check() -> str | None:
        with svc.db.session() as db:
            user = auth.authenticate(db, svc.passwords, name, password)
            if user is None:
                return None
            if who.token:
                auth.end_session(db, who.token)
            token, _ = auth.start_session(db, svc.settings, user,
                                          request.headers.get("user-agent", ""),
                                          client_address(request))
            return token

    token = await run_db(check)
    if token is None:
        for k in keys:
            svc.login_limit.hit(k)
        return render(request, who, "login.html", status=401, next=nxt,
                      form={"username": name}, error=who.t.error("bad_login"))
    svc.login_limit.reset(keys[0])
    response = _redirect(nxt)
    _session_cookie(response, svc, token)
    return response


@router.post("/logout")
async def logout(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)

    def end() -> None:
        with svc.db.session() as db:
            auth.end_session(db, who.token)

    await run_db(end)
    response = _redirect("/")
    response.delete_cookie(auth.SESSION_COOKIE, path="/")
    return response


@router.get("/lang/{code}")
async def language(code: str, request: Request, who: Who) -> Response:
    """Switch the pages' language (a preference cookie, and the account's setting)."""
    if code not in LANGUAGES:
        raise NotFound()
    svc = services(request)
    if who.user is not None:
        user_id = who.user.id

        def save() -> None:
            with svc.db.session() as db:
                user = db.get(User, user_id)
                if user is not None:
                    user.language = code

        await run_db(save)
    response = _redirect(safe_next(request.query_params.get("next")))
    response.set_cookie(auth.LANG_COOKIE, code, samesite="lax", path="/",
                        max_age=365 * 86400, secure=svc.settings.cookie_secure)
    return response


@router.get("/users/{name}")
async def profile(name: str, request: Request, who: Who) -> Response:
    svc = services(request)

    def load() -> tuple[User, list[m.Game]]:
        with svc.db.session() as db:
            user = auth.find_user(db, name)
            if user is None:
                raise NotFound("user")
            return user, store.games_of(db, user)

    user, games = await run_db(load)
    return render(request, who, "profile.html", user=user, games=games)


# --- challenges -----------------------------------------------------------------------------


@router.post("/challenges")
async def create_challenge(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def create() -> int:
        with svc.db.session() as db:
            creator = db.get(User, user.id)
            assert creator is not None
            ch = store.create_challenge(
                db, creator, _str(form, "variant", 40) or "russian",
                _str(form, "time_control", 80), _str(form, "color", 10) or "random",
                _str(form, "opponent", 64) or None, _str(form, "fen", 500) or None)
            return ch.id

    try:
        ch_id = await run_db(create)
    except InvalidInput as e:
        fields = ("variant", "time_control", "color", "opponent", "fen")
        return await _lobby(request, who, 422, who.t.error(e.code, detail=e.detail, **e.params),
                            {k: _str(form, k, 500) for k in fields})
    return _redirect(f"/challenges/{ch_id}")


@router.get("/challenges/{challenge_id}")
async def challenge_page(challenge_id: int, request: Request,
                         who: Who) -> Response:
    svc = services(request)

    def load() -> m.Challenge:
        with svc.db.session() as db:
            return store.get_challenge(db, challenge_id, who.user)

    ch = await run_db(load)
    if ch.game_id is not None and who.user is not None and who.user.id in (
            ch.creator_id, ch.target_id):
        return _redirect(f"/games/{ch.game_id}")
    return render(request, who, "challenge.html", ch=ch)


@router.post("/challenges/{challenge_id}/accept")
async def accept(challenge_id: int, request: Request,
                 who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    game_id = await accept_challenge(request, who, challenge_id)
    return _redirect(f"/games/{game_id}")


async def accept_challenge(request: Request, who: Visitor, challenge_id: int) -> int:
    svc = services(request)
    user = who.require_user()

    def start() -> int:
        with svc.db.session() as db:
            ch = store.get_challenge(db, challenge_id, user)
            acceptor = db.get(User, user.id)
            assert acceptor is not None
            game = store.accept_challenge(db, ch, acceptor, svc.hub.now())
            return game.id

    game_id = await run_db(start)
    await svc.hub.get(game_id)
    return game_id


@router.post("/challenges/{challenge_id}/cancel")
async def cancel(challenge_id: int, request: Request,
                 who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()

    def close() -> None:
        with svc.db.session() as db:
            ch = store.get_challenge(db, challenge_id, user)
            actor = db.get(User, user.id)
            assert actor is not None
            store.close_challenge(db, ch, actor)

    await run_db(close)
    return _redirect("/")


# --- games -----------------------------------------------------------------------------------


@router.get("/games/{game_id}")
async def game_page(game_id: int, request: Request, who: Who) -> Response:
    svc = services(request)
    lg = await svc.hub.get(game_id)
    you = lg.color_of(who.user.id if who.user else None)
    flipped = you is not None and you.value == 1
    async with lg.lock:
        state = lg.state(flipped)
    keys = ["game.your_move", "game.to_move", "game.offered", "game.select_hint",
            "game.ambiguous", "game.connecting", "game.reconnecting", "game.resign_confirm",
            "game.result", "game.ply", "color.white", "color.black"]
    texts = {k: who.t(k) for k in keys}
    texts.update({f"kind.{k}": who.t(f"kind.{k}") for k in _KINDS})
    texts.update({f"action.{k}": who.t(f"action.{k}") for k in _ACTIONS})
    texts.update({f"error.{k}": who.t(f"error.{k}") for k in _ERRORS})
    page_data = {"id": game_id, "you": None if you is None else you.name.lower(),
                 "csrf": who.csrf if you is not None else "", "lang": who.lang,
                 "texts": texts, "details": details() if who.lang == "ru" else {}}
    return render(request, who, "game.html", lg=lg, state=state, you=you,
                  page_data=page_data)


_KINDS = ["resignation", "no pieces", "no moves", "time forfeit", "forfeit",
          "arbiter's decision", "agreement", "draw by rule", "verified claim", "both lost",
          "annulled"]
_ACTIONS = ["offer", "decline", "accept", "claim", "claim rejected", "resign", "flag", "end",
            "decide", "irregularity"]
_ERRORS = ["not_your_turn", "stale", "rate_limited", "illegal_move", "game_over", "rule",
           "csrf", "forbidden", "not_a_player", "message", "login_required"]


@router.get("/games/{game_id}/pdn")
async def pdn(game_id: int, request: Request) -> Response:
    svc = services(request)
    lg = await svc.hub.get(game_id)
    async with lg.lock:
        text = game_pdn(lg)
    return PlainTextResponse(text, media_type="application/x-pdn; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="shashki-{game_id}.pdn"'})

