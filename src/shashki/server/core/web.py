"""What every route needs: the app's shared services, blocking database work in a thread,
page rendering, form fields and safe redirects."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar
from urllib.parse import urlsplit

import anyio.to_thread
from fastapi import Request
from fastapi.responses import RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.datastructures import FormData

from shashki.rules import VARIANTS
from shashki.server.core.db import Database
from shashki.server.core.i18n import Translator
from shashki.server.core.settings import Settings

T = TypeVar("T")


@dataclass
class Services:
    """The parts every feature shares, kept on ``app.state.services``; a feature keeps its
    own long-lived parts on ``app.state`` beside them (the live hub, the engine pool)."""

    settings: Settings
    db: Database
    templates: Jinja2Templates


def services(request: Request) -> Services:
    svc: Services = request.app.state.services
    return svc


async def run_db(fn: Callable[..., T], *args: Any) -> T:
    """Run a blocking database function in a worker thread."""
    return await anyio.to_thread.run_sync(fn, *args)


class Viewer(Protocol):
    """Whoever a page is rendered for (:class:`shashki.server.accounts.visitor.Visitor`)."""

    @property
    def t(self) -> Translator: ...

    csrf: str
    lang: str


def render(request: Request, who: Viewer, name: str, status: int = 200,
           **context: Any) -> Response:
    """A page from the features' templates, with what every page shows."""
    ctx = {"who": who, **who.t.context(), "csrf": who.csrf, "lang": who.lang, "path": here(request),
           "variants": list(VARIANTS), **context}
    return services(request).templates.TemplateResponse(request, name, ctx, status_code=status)


def here(request: Request) -> str:
    """The request's path and query: where a page sends the visitor back to."""
    q = request.url.query
    return request.url.path + (f"?{q}" if q else "")


def form_str(form: FormData, name: str, limit: int = 2000) -> str:
    """A form's text field, cut to ``limit`` characters; empty when absent or a file."""
    value = form.get(name)
    return value[:limit] if isinstance(value, str) else ""


def redirect(url: str) -> RedirectResponse:
    """See other: the answer to a form that changed something."""
    return RedirectResponse(url, status_code=303)


def same_origin(origin: str, request: Request) -> bool:
    host = request.headers.get("host", "")
    return urlsplit(origin).netloc == host


def safe_next(target: str | None, default: str = "/") -> str:
    """A local path to go back to (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target


def client_address(request: Request) -> str:
    return request.client.host if request.client else ""
