"""The web application: :func:`create_app` builds it from :class:`Settings`.

At start it brings the database up to date (``alembic upgrade head``), rebuilds every live
game from its stored moves (:class:`~shashki.server.play.live.Hub`), settles the clocks,
opens the job queue and starts the job worker beside itself (``Settings.workers``
processes of ``shashki worker``; none with ``--no-worker``).
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import DataError
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from shashki.server.accounts import admin_routes, auth, notices
from shashki.server.accounts import api as account_api
from shashki.server.accounts import routes as account_routes
from shashki.server.accounts.auth import Passwords
from shashki.server.accounts.visitor import Accounts, Throttles, visitor
from shashki.server.analysis import routes as analysis_routes
from shashki.server.analysis.service import start_analysis
from shashki.server.archive import api as archive_api
from shashki.server.archive import routes as archive_routes
from shashki.server.composition import routes as composition_routes
from shashki.server.core import apidocs
from shashki.server.core.db import Database, out_of_range
from shashki.server.core.errors import InvalidInput, NotFound, RateLimited, ServerError
from shashki.server.core.i18n import Translator
from shashki.server.core.notify import Notifier
from shashki.server.core.settings import Settings
from shashki.server.core.web import Services, run_db
from shashki.server.core.words import move_ref, result_text
from shashki.server.correspondence import routes as corr_routes
from shashki.server.correspondence.service import CorrConfig, app_config
from shashki.server.engine import api as engine_api
from shashki.server.engine import routes as engine_routes
from shashki.server.engine.service import start_engine
from shashki.server.events import api as event_api
from shashki.server.events import arbiter as arbiter_routes
from shashki.server.events import routes as event_routes
from shashki.server.events import service as events
from shashki.server.jobs import api as jobs_api
from shashki.server.jobs import routes as jobs_routes
from shashki.server.jobs.queue import Queue
from shashki.server.jobs.runner import run_inline
from shashki.server.jobs.service import Jobs
from shashki.server.jobs.worker import EmbeddedWorker
from shashki.server.kinds import KINDS
from shashki.server.lobby import api as lobby_api
from shashki.server.lobby import routes as lobby_routes
from shashki.server.lobby import service as lobby
from shashki.server.operations import install as install_operations
from shashki.server.play import api as api_routes
from shashki.server.play import routes as page_routes
from shashki.server.play import stream as stream_routes
from shashki.server.play import ws as ws_routes
from shashki.server.play.live import Hub
from shashki.server.puzzles import routes as puzzle_routes
from shashki.server.ratings import api as rating_api
from shashki.server.ratings import routes as rating_routes
from shashki.server.ratings import service as ratings

HERE = Path(__file__).parent
log = logging.getLogger("shashki.server")

CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return ""
    s = max(0, int(seconds + 0.999))
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


FEATURES = ("core", "accounts", "play", "lobby", "ratings", "events", "archive",
            "correspondence", "engine", "composition", "jobs", "analysis", "puzzles")
"""The platform's packages; each may hold ``templates/`` and ``static/`` of its own."""


def templates() -> Jinja2Templates:
    """One template namespace over every feature's ``templates/`` (names are unique)."""
    dirs = [HERE / f / "templates" for f in FEATURES if (HERE / f / "templates").is_dir()]
    tpl = Jinja2Templates(directory=dirs)
    tpl.env.add_extension("jinja2.ext.i18n")  # {% trans %}; the texts come with each render
    tpl.env.filters["clock"] = _clock
    tpl.env.filters["time_class"] = lambda control: ratings.time_class(control) or "none"
    tpl.env.filters["result"] = result_text
    tpl.env.filters["move_ref"] = move_ref
    tpl.env.filters["signed"] = signed
    return tpl


def signed(n: int) -> str:
    """A rating change as shown: ``+12``, ``−12`` (a minus sign), ``0``."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def corr_config(app: FastAPI) -> CorrConfig:
    return app_config(app.state)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The platform as an ASGI app; nothing touches the database until it starts."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.url, create=True)
        await run_db(db.upgrade)
        passwords = await run_db(Passwords, settings)
        app.state.notifier.attach(db)
        hub = Hub(db, settings)
        hub.arbitrated = events.arbitrated(db)
        hub.officials = events.officials_lookup(db)
        hub.ended.append(ratings.on_game_end)
        hub.rating_labels = ratings.game_labels(db)
        hub.rating_changes = ratings.game_changes(db)
        hub.admit = lobby.admit
        bus = None
        if settings.redis_url:
            from shashki.server.core.bus import RedisBus

            bus = RedisBus(settings.redis_url, hub.catch_up)
            bus.on_news = app.state.notifier.deliver
            await bus.start()
            hub.bus = bus
            app.state.notifier.relay = bus.publish_news
        app.state.services = Services(settings=settings, db=db, templates=templates())
        app.state.accounts = Accounts(passwords=passwords, throttles=Throttles(settings))
        app.state.hub = hub
        await hub.start()
        queue = await run_db(Queue, db.url, settings.redis_url, settings.jobs_inline)
        if settings.jobs_inline:
            queue.bind(run_inline(db))
        app.state.jobs = jobs = Jobs(db, queue, settings.jobs_per_user)
        app.state.engine = await start_engine(db, hub, jobs)
        app.state.analysis = start_analysis()
        worker = None
        if settings.workers > 0 and not settings.jobs_inline:
            worker = EmbeddedWorker(db.url, settings.redis_url, settings.workers)
            worker.start()
            log.info("job queue: %s; %d job worker(s) started (%s)", queue.storage,
                     settings.workers, ", ".join(sorted(KINDS)))
        mail = None
        if os.environ.get("SHASHKI_SMTP_LISTEN"):
            from shashki.server.correspondence.mailin import listen

            mail = listen(os.environ["SHASHKI_SMTP_LISTEN"], db, lambda: corr_config(app))
        try:
            yield
        finally:
            if mail is not None:
                mail.stop()
            if worker is not None:
                await run_db(worker.stop)
            queue.close()
            await app.state.engine.stop()
            app.state.analysis.stop()
            await hub.stop()
            if bus is not None:
                await bus.stop()
            app.state.notifier.detach(db)
            db.dispose()

    app = FastAPI(title="shashki", lifespan=lifespan, docs_url=None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.settings = settings
    app.state.corr_ended = [ratings.rate_corr_game]
    app.state.notifier = Notifier()
    static: list[str | tuple[str, str]] = [
        (f"shashki.server.{f}", "static") for f in FEATURES if (HERE / f / "static").is_dir()]
    app.mount("/static", StaticFiles(packages=static), name="static")
    app.include_router(account_routes.router)
    app.include_router(notices.router)
    app.include_router(lobby_routes.router)
    app.include_router(page_routes.router)
    app.include_router(rating_routes.router)
    app.include_router(lobby_api.router)
    app.include_router(rating_api.router)
    app.include_router(corr_routes.router)
    app.include_router(api_routes.router)
    app.include_router(stream_routes.router)
    app.include_router(account_api.router)
    app.include_router(archive_api.router)
    app.include_router(engine_api.router)
    app.include_router(archive_routes.router)
    app.include_router(engine_routes.router)
    app.include_router(ws_routes.router)
    app.include_router(event_routes.router)
    app.include_router(event_api.router)
    app.include_router(arbiter_routes.router)
    app.include_router(admin_routes.router)
    app.include_router(composition_routes.router)
    app.include_router(jobs_api.router)
    app.include_router(jobs_routes.router)
    app.include_router(apidocs.router)
    app.include_router(analysis_routes.router)
    app.include_router(puzzle_routes.router)
    app.include_router(puzzle_routes.api)
    install_operations(app)  # /healthz, /readyz, /metrics; every request measured

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        """Browsers ask for ``/favicon.ico`` before they read the page's icon link."""
        svg = (HERE / "core" / "static" / "favicon.svg").read_bytes()
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})

    @app.middleware("http")
    async def cookies_and_headers(request: Request,
                                  call_next: Callable[[Request], Awaitable[Response]]
                                  ) -> Response:
        new_csrf = None
        if auth.CSRF_COOKIE not in request.cookies:
            new_csrf = secrets.token_urlsafe(32)
            request.state.anon_csrf = new_csrf
        response = await call_next(request)
        if new_csrf is not None:
            response.set_cookie(auth.CSRF_COOKIE, new_csrf, httponly=True, samesite="lax",
                                secure=settings.secure, path="/")
        h = response.headers
        h.setdefault("X-Content-Type-Options", "nosniff")
        h.setdefault("X-Frame-Options", "DENY")
        h.setdefault("Referrer-Policy", "same-origin")
        h.setdefault("Content-Security-Policy", CSP)
        if settings.secure:
            h.setdefault("Strict-Transport-Security", "max-age=31536000")
        return response

    if settings.behind_proxy:  # the client's address and scheme as the proxy saw them
        trusted = [a.strip() for a in settings.behind_proxy.split(",") if a.strip()]
        app.add_middleware(ProxyHeadersMiddleware,
                           trusted_hosts="*" if "*" in trusted else trusted)

    @app.exception_handler(ServerError)
    async def server_error(request: Request, exc: ServerError) -> Response:
        who = await visitor(request)
        t = Translator(who.lang)
        message = t.error(exc.code, detail=exc.detail, article=t.article(exc.article),
                          **exc.params)
        headers = {}
        if isinstance(exc, RateLimited):
            headers["Retry-After"] = str(exc.params["seconds"])
        if request.url.path.startswith("/api/"):
            body: dict[str, object] = {"error": exc.code, "message": message,
                                       "detail": exc.detail}
            if exc.article:
                body["article"] = exc.article
            if isinstance(exc, InvalidInput):
                body["field"] = exc.field
            return JSONResponse(body, status_code=exc.status, headers=headers)
        svc: Services = request.app.state.services
        page = svc.templates.TemplateResponse(
            request, "error.html", {"who": who, **t.context(), "message": message, "exc": exc},
            status_code=exc.status, headers=headers)
        return page

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        loc = errors[0].get("loc", ()) if errors else ()
        field = str(loc[-1]) if loc else "body"
        detail = str(errors[0].get("msg", "")) if errors else ""
        return await server_error(request, InvalidInput(field, detail))

    @app.exception_handler(OverflowError)
    @app.exception_handler(DataError)
    async def id_out_of_range(request: Request, exc: Exception) -> Response:
        # An id in the path too large for the database's integers names nothing (SQLite
        # cannot bind it; PostgreSQL answers SQLSTATE 22003, numeric value out of range).
        if isinstance(exc, DataError) and not out_of_range(exc):
            raise exc
        return await server_error(request, NotFound())

    @app.exception_handler(404)
    async def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith(("/api/", "/static/")):
            return JSONResponse({"error": "not_found", "message": "not found"}, 404)
        return await server_error(request, NotFound())

    return app
