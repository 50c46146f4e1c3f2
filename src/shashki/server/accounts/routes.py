"""The accounts' pages: sign-up, login, logout, the language switch, and API tokens
(``/settings/tokens``)."""

from __future__ import annotations

import datetime as dt

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from shashki.server.accounts import auth
from shashki.server.accounts import tokens as api_tokens
from shashki.server.accounts.models import User
from shashki.server.accounts.visitor import Visitor, Who, accounts, check_csrf
from shashki.server.core.errors import InvalidInput, NotFound, RateLimited
from shashki.server.core.i18n import LANGUAGES
from shashki.server.core.web import (
    Services,
    client_address,
    form_str,
    redirect,
    render,
    run_db,
    safe_next,
    services,
)

router = APIRouter()


def _session_cookie(response: Response, svc: Services, token: str) -> None:
    response.set_cookie(auth.SESSION_COOKIE, token, httponly=True, samesite="lax",
                        secure=svc.settings.secure, path="/",
                        max_age=int(svc.settings.session_days * 86400))


@router.get("/signup")
async def signup_form(request: Request, who: Who) -> Response:
    return render(request, who, "signup.html", form={}, error=None,
                  next=safe_next(request.query_params.get("next")))


@router.post("/signup")
async def signup(request: Request, who: Who) -> Response:
    svc = services(request)
    form = await request.form()
    check_csrf(request, who, form)
    nxt = safe_next(form_str(form, "next"))
    throttles, source = accounts(request).throttles, client_address(request)
    wait = max(throttles.signup_failures.wait(source), throttles.signups.retry_after(source))
    if wait > 0:
        raise RateLimited(wait)
    name, password, email = form_str(form, "username", 64), form_str(form, "password"), form_str(
        form, "email", 300)

    def create() -> str:
        with svc.db.session() as db:
            user = auth.create_user(db, accounts(request).passwords, name, password, email or None,
                                    language=who.lang)
            token, _ = auth.start_session(db, svc.settings, user,
                                          request.headers.get("user-agent", ""),
                                          client_address(request))
            return token

    try:
        token = await run_db(create)
    except InvalidInput as e:
        throttles.signup_failures.fail(source)
        return render(request, who, "signup.html", status=422, next=nxt,
                      form={"username": name, "email": email},
                      error=who.t.error(e.code), field=e.field)
    throttles.signups.hit(source)
    response = redirect(nxt)
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
    nxt = safe_next(form_str(form, "next"))
    name, password = form_str(form, "username", 64), form_str(form, "password")
    throttles = accounts(request).throttles
    account, source = auth.username_key(name), client_address(request)
    wait = throttles.login_wait(account, source)
    if wait > 0:  # refused before the password is hashed: waiting costs the attacker
        raise RateLimited(wait)

    def check() -> str | None:
        with svc.db.session() as db:
            user = auth.authenticate(db, accounts(request).passwords, name, password)
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
        throttles.login_failed(account, source)
        return render(request, who, "login.html", status=401, next=nxt,
                      form={"username": name}, error=who.t.error("bad_login"))
    throttles.login_ok(account, source)
    response = redirect(nxt)
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
    response = redirect("/")
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
    response = redirect(safe_next(request.query_params.get("next")))
    response.set_cookie(auth.LANG_COOKIE, code, samesite="lax", path="/",
                        max_age=365 * 86400, secure=svc.settings.secure)
    return response


def _date(t: float | None) -> str:
    if t is None:
        return ""
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


@router.get("/settings/tokens", include_in_schema=False)
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


@router.post("/settings/tokens", include_in_schema=False)
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


@router.post("/settings/tokens/{token_id}/revoke", include_in_schema=False)
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


# --- the account's settings -------------------------------------------------------------------


@router.get("/settings", include_in_schema=False)
async def settings_page(request: Request, who: Who) -> Response:
    return await _settings(request, who)


async def _settings(request: Request, who: Visitor, done: str | None = None,
                    error: str | None = None, status: int = 200) -> Response:
    user = who.require_user()
    svc = services(request)

    def load() -> User:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            return me

    return render(request, who, "settings.html", me=await run_db(load), done=done,
                  error=error, status=status)


@router.post("/settings/account", include_in_schema=False)
async def change_account(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    svc = services(request)
    language = form_str(form, "language", 4)

    def save() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            auth.change_settings(db, me, form_str(form, "email", 300), language,
                                 turn_mail=form_str(form, "turn_mail", 4) == "1")

    try:
        await run_db(save)
    except InvalidInput as e:
        return await _settings(request, who, error=who.t.error(e.code, **e.params), status=422)
    response = redirect("/settings?done=account")
    if language in LANGUAGES:
        response.set_cookie(auth.LANG_COOKIE, language, samesite="lax", path="/",
                            max_age=365 * 86400, secure=svc.settings.secure)
    return response


@router.post("/settings/password", include_in_schema=False)
async def change_password(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    svc = services(request)

    def save() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            auth.change_password(db, accounts(request).passwords, me,
                                 form_str(form, "current_password"),
                                 form_str(form, "new_password"), keep_session=who.token)

    try:
        await run_db(save)
    except InvalidInput as e:
        return await _settings(request, who, error=who.t.error(e.code, **e.params), status=422)
    return redirect("/settings?done=password")


@router.post("/settings/delete", include_in_schema=False)
async def delete_account(request: Request, who: Who) -> Response:
    form = await request.form()
    check_csrf(request, who, form)
    user = who.require_user()
    svc = services(request)
    if form_str(form, "confirm", 10) != "on":
        return await _settings(request, who, error=who.t.gettext("Tick the box to confirm."),
                               status=422)

    def erase() -> None:
        with svc.db.session() as db:
            me = db.get(User, user.id)
            assert me is not None
            auth.delete_account(db, accounts(request).passwords, me,
                                form_str(form, "password"))

    try:
        await run_db(erase)
    except InvalidInput as e:
        return await _settings(request, who, error=who.t.error(e.code, **e.params), status=422)
    response = redirect("/")
    response.delete_cookie(auth.SESSION_COOKIE, path="/")
    return response
