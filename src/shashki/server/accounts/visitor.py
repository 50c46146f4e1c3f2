"""Who is asking: the visitor of a request (account, session, language, CSRF token), the
account services kept on the app, and the CSRF check of every state-changing request."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.datastructures import FormData

from shashki.server.accounts import auth
from shashki.server.accounts.auth import Passwords
from shashki.server.accounts.models import Role, Session, User
from shashki.server.core.errors import CsrfError, Forbidden, NotAuthenticated
from shashki.server.core.i18n import LANGUAGES, Translator
from shashki.server.core.ratelimit import Backoff, RateLimit
from shashki.server.core.settings import Settings
from shashki.server.core.web import Services, run_db, same_origin, services


class Throttles:
    """Growing delays on failed logins and sign-ups; only failures count, except the
    sign-ups an address makes in an hour (docs/security.md, "Limits")."""

    def __init__(self, settings: Settings, now: Callable[[], float] = time.monotonic) -> None:
        free, cap = settings.login_attempts, settings.login_delay_cap
        self.pair = Backoff(free=free, base=1.0, cap=cap, now=now)
        """One address on one account: the guessing attacker."""
        self.source = Backoff(free=4 * free, base=1.0, cap=cap / 3, now=now)
        """One address on any account: the one trying many names."""
        self.account = Backoff(free=20 * free, base=1.0, cap=30.0, now=now)
        """Every address on one account: short delays only, so its owner gets in."""
        self.signup_failures = Backoff(free=2 * free, base=1.0, cap=300.0, now=now)
        self.signups = RateLimit(settings.signups_per_hour, 3600.0, now=now)

    def login_wait(self, account: str, source: str) -> float:
        return max(self.pair.wait(f"{account} {source}"), self.source.wait(source),
                   self.account.wait(account))

    def login_failed(self, account: str, source: str) -> None:
        self.pair.fail(f"{account} {source}")
        self.source.fail(source)
        self.account.fail(account)

    def login_ok(self, account: str, source: str) -> None:
        self.pair.reset(f"{account} {source}")
        self.account.reset(account)


@dataclass
class Accounts:
    """The accounts' long-lived parts, kept on ``app.state.accounts``."""

    passwords: Passwords
    throttles: Throttles


def accounts(request: Request) -> Accounts:
    acc: Accounts = request.app.state.accounts
    return acc


@dataclass
class Visitor:
    """Who is asking: their account (if logged in), session, language and CSRF token."""

    user: User | None
    session: Session | None
    token: str | None
    """The session cookie's token."""
    csrf: str
    """The token forms and requests must send back."""
    lang: str

    @property
    def t(self) -> Translator:
        return Translator(self.lang)

    def require_user(self) -> User:
        if self.user is None:
            raise NotAuthenticated()
        return self.user

    def require_role(self, role: Role) -> User:
        user = self.require_user()
        if not user.role_enum.at_least(role):
            raise Forbidden(code="role", role=role.value)
        return user


def _language(request: Request, user: User | None, default: str) -> str:
    cookie = request.cookies.get(auth.LANG_COOKIE)
    if cookie in LANGUAGES:
        return cookie
    if user is not None and user.language in LANGUAGES:
        return user.language
    header = request.headers.get("accept-language", "").lower()
    for part in header.split(","):
        code = part.split(";")[0].strip()[:2]
        if code in LANGUAGES:
            return code
    return default


def load_session_row(svc: Services, token: str | None) -> Session | None:
    with svc.db.session() as db:
        row = auth.load_session(db, svc.settings, token)
        if row is not None:
            _ = row.user.username  # loaded before the session closes
        return row


async def visitor(request: Request) -> Visitor:
    """The visitor of an HTTP request (a FastAPI dependency)."""
    svc = services(request)
    token = request.cookies.get(auth.SESSION_COOKIE)
    row = await run_db(load_session_row, svc, token) if token else None
    user = row.user if row is not None else None
    if row is not None:
        csrf = row.csrf_token
    else:
        csrf = request.cookies.get(auth.CSRF_COOKIE) or str(
            getattr(request.state, "anon_csrf", ""))
    return Visitor(user, row, token if row else None, csrf,
                   _language(request, user, svc.settings.language))


Who = Annotated[Visitor, Depends(visitor)]


def check_csrf(request: Request, who: Visitor, form: FormData | None = None) -> None:
    """Refuse a state-changing request that does not carry the visitor's CSRF token."""
    given = request.headers.get(auth.CSRF_HEADER)
    if given is None and form is not None:
        value = form.get(auth.CSRF_FIELD)
        given = value if isinstance(value, str) else None
    if who.session is not None:
        expected: str | None = who.session.csrf_token
    else:
        expected = request.cookies.get(auth.CSRF_COOKIE)
    if not auth.tokens_match(expected, given):
        raise CsrfError()
    origin = request.headers.get("origin")
    if origin and origin != "null" and not same_origin(origin, request):
        raise CsrfError("cross-origin request")
