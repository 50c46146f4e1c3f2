"""``shashki serve``: run the web platform; ``shashki worker``: run its jobs (imports,
analyses) elsewhere; ``shashki users``: its accounts.

The top-level ``shashki`` command adds it with :func:`register`; :func:`main` runs it on
its own (``python -m shashki.server serve``).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
import webbrowser
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from shashki.i18n import _
from shashki.server.core.settings import Settings, default_database_url

T = TypeVar("T")


def register(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to an ``argparse`` subparsers object; return its parser."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the web platform (http://127.0.0.1:8000 by default)",
        description="Run the web platform: accounts, challenges, live games with clocks.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument("--database", default=None, metavar="URL",
                   help=f"SQLAlchemy database URL (default: {default_database_url()})")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="share live games with other instances through this Redis "
                        "(redis://host:6379/0)")
    p.add_argument("--base-url", default="", metavar="URL",
                   help="the platform's public address, e.g. https://shashki.example.org "
                        "(links in mail; https turns --secure-cookies on)")
    p.add_argument("--secure-cookies", action=argparse.BooleanOptionalAction, default=None,
                   help="send cookies only over HTTPS (default: when --base-url is https)")
    p.add_argument("--behind-proxy", nargs="?", const="127.0.0.1,::1", default="",
                   metavar="ADDRESSES",
                   help="believe X-Forwarded-For/-Proto from these proxies (default "
                        "127.0.0.1,::1; '*' for any)")
    p.add_argument("--language", choices=["ru", "en"], default="ru",
                   help="language of the pages for new visitors (ru)")
    p.add_argument("--open", action=argparse.BooleanOptionalAction, default=False,
                   help="open the platform in a web browser once it is up")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="job worker processes to start beside the server: PDN imports and "
                        "analyses run in them (1)")
    p.add_argument("--no-worker", action="store_true",
                   help="start no job worker: jobs wait for `shashki worker` processes "
                        "(on this machine, or on others with PostgreSQL or --redis)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.add_argument("--log-format", default="text", choices=["text", "json"],
                   help=_("text lines (the default) or one JSON object a line: time, level, "
                          "logger, message, and the request's fields in access logs"))
    p.add_argument("--metrics-token", default=None, metavar="TOKEN",
                   help=_("serve /metrics to whoever sends 'Authorization: Bearer TOKEN' "
                          "(default: $SHASHKI_METRICS_TOKEN; without one, only to this "
                          "machine's own loopback clients)"))
    p.set_defaults(func=run)
    register_users(subparsers)
    register_worker(subparsers)
    register_backup(subparsers)
    return p


def register_backup(subparsers: Any) -> None:
    """Add ``backup`` and ``restore``: the platform's database to a file and back."""
    default = default_database_url()
    b: argparse.ArgumentParser = subparsers.add_parser(
        "backup", help=_("back up the platform's database into a file (safe while the "
                         "server runs)"),
        description=_("Back up the platform's database: SQLite by its online backup API "
                      "(a consistent copy while the server writes), PostgreSQL by pg_dump "
                      "-Fc. The file is written in full before it replaces FILE."))
    b.add_argument("-o", "--output", required=True, metavar="FILE",
                   help=_("the backup file to write"))
    b.add_argument("--database", default=None, metavar="URL",
                   help=_("SQLAlchemy database URL (default: {url})").format(url=default))
    b.set_defaults(func=run_backup)
    r: argparse.ArgumentParser = subparsers.add_parser(
        "restore", help=_("replace the platform's database with a backup"),
        description=_("Replace the platform's database with a backup made by shashki "
                      "backup (an older version's is brought up to date when the server "
                      "starts). Stop the server and its workers first: a database another "
                      "process has open is refused without --force. PostgreSQL: the "
                      "database must exist (createdb)."))
    r.add_argument("file", metavar="FILE", help=_("the backup file"))
    r.add_argument("--database", default=None, metavar="URL",
                   help=_("SQLAlchemy database URL (default: {url})").format(url=default))
    r.add_argument("--force", action="store_true",
                   help=_("restore even into a database that another process has open, or "
                          "over a file that is not a database"))
    r.set_defaults(func=run_restore)


def _backup_error(command: str, message: str) -> int:
    sys.stderr.write(f"shashki {command}: " + _("error") + f": {message}\n")
    return 2


def run_backup(args: argparse.Namespace) -> int:
    """``shashki backup -o FILE``: one line saying what was written; status 2 on errors."""
    from pathlib import Path

    from shashki.errors import ShashkiError

    if missing := _need_server():
        return _backup_error("backup", missing)
    from shashki.server.core.backup import backup

    url = args.database or default_database_url()
    try:
        made = backup(url, Path(args.output).expanduser())
    except ShashkiError as e:
        return _backup_error("backup", str(e))
    print(_("{file}: backup of {database} ({kind}, schema {revision}, {size:.1f} MB)").format(
        file=args.output, database=_safe(url), kind=made.kind, revision=made.revision,
        size=made.size / 1e6))
    return 0


def run_restore(args: argparse.Namespace) -> int:
    """``shashki restore FILE``: one line saying what was restored; status 2 on errors."""
    from pathlib import Path

    from shashki.errors import ShashkiError

    if missing := _need_server():
        return _backup_error("restore", missing)
    from shashki.server.core.backup import restore

    url = args.database or default_database_url()
    try:
        made = restore(Path(args.file).expanduser(), url, force=args.force)
    except ShashkiError as e:
        return _backup_error("restore", str(e))
    print(_("{database}: restored from {file} (schema {revision}); the server brings it up "
            "to date when it starts").format(database=_safe(url), file=args.file,
                                             revision=made.revision))
    return 0


def _safe(url: str) -> str:
    """A database URL without its password, for messages."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def register_worker(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``worker``: run the platform's jobs (here, or on another machine)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "worker", help="run the platform's jobs (PDN imports, analyses), here or on "
                       "another machine",
        description="Take jobs from the platform's queue and run them, each in a process "
                    "of its own at the lowest priority (nice 19, at most 900 s of CPU; the "
                    "worker itself, which only watches them, keeps its priority). "
                    "The queue is a SQLite file beside a SQLite database (workers on the "
                    "same machine), the PostgreSQL database itself, or --redis.")
    p.add_argument("--database", default=None, metavar="URL",
                   help="the platform's SQLAlchemy database URL (default: $SHASHKI_DATABASE, "
                        f"else {default_database_url()})")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="the queue on this Redis (as given to `shashki serve --redis`)")
    p.add_argument("--workers", type=int, default=1, metavar="N",
                   help="jobs run at the same time (1)")
    p.add_argument("--nice", type=int, default=None, metavar="N",
                   help="the jobs' niceness, 0 to 19 (default: $SHASHKI_WORKER_NICE, else "
                        "19, the lowest: the web process comes first; 0 suits a host of "
                        "the worker's own)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.add_argument("--log-format", default=None, choices=["text", "json"],
                   help=_("text lines or one JSON object a line (default: "
                          "$SHASHKI_LOG_FORMAT, else text)"))
    p.set_defaults(func=run_worker)
    return p


def _worker_error(message: str) -> int:
    sys.stderr.write(f"shashki worker: error: {message}\n")
    return 2


def run_worker(args: argparse.Namespace) -> int:
    """Run jobs until SIGTERM or SIGINT; an error at start is one line, status 2."""
    from shashki.server.jobs import ENV_NICE, NICE

    if not 1 <= args.workers <= 64:
        return _worker_error(f"--workers must be 1 to 64, not {args.workers}")
    nice = args.nice
    if nice is None:
        given = os.environ.get(ENV_NICE, "")
        if given and not given.lstrip("-").isdigit():
            return _worker_error(f"{ENV_NICE} must be a number, not {given!r}")
        nice = int(given) if given else NICE
    if not 0 <= nice <= 19:
        return _worker_error(f"the niceness must be 0 to 19, not {nice}")
    from shashki.errors import ShashkiError
    from shashki.server.core.db import Database
    from shashki.server.core.logs import ENV_FORMAT, setup
    from shashki.server.jobs.worker import ENV_DATABASE, ENV_PARENT, ENV_REDIS, KINDS, Worker

    log_format = args.log_format or os.environ.get(ENV_FORMAT) or "text"
    if log_format not in ("text", "json"):
        return _worker_error(f"{ENV_FORMAT} must be text or json, not {log_format!r}")
    setup(log_format, args.log_level)
    url = args.database or os.environ.get(ENV_DATABASE) or default_database_url()
    redis_url = args.redis or os.environ.get(ENV_REDIS) or ""
    try:
        Database(url).dispose()
    except ShashkiError as e:
        return _worker_error(str(e))
    except Exception as e:  # a database kind that SQLAlchemy does not know
        return _worker_error(f"bad database URL: {e}")
    worker = Worker(url, redis_url, args.workers, KINDS, nice=nice)
    try:
        queue = worker.setup()
    except ShashkiError as e:
        return _worker_error(str(e))
    except Exception as e:  # an unreachable database or Redis, a missing driver...
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        return _worker_error(f"cannot start: {first}")
    parent = os.environ.get(ENV_PARENT, "")
    worker.run(queue, int(parent) if parent.isdigit() else None)
    return 0


def register_users(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``users``: the accounts of a platform's database, from its machine's shell.
    ``shashki users role NAME administrator`` makes the first administrator of a fresh
    install (sign up on the site first)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "users", help="list the platform's accounts or change a role (e.g. the first "
                      "administrator)",
        description="The platform's accounts: list them, or give one a role. Each change "
                    "is recorded in the administrators' audit list as made on the command "
                    "line.")
    sub = p.add_subparsers(dest="users_command", required=True, metavar="role|list")
    role = sub.add_parser("role", help="give an account a role",
                          description="Give the account NAME the role ROLE (player, arbiter, "
                                      "organiser, administrator). The last administrator "
                                      "keeps his role.")
    role.add_argument("name", metavar="NAME")
    role.add_argument("role", metavar="ROLE",
                      help="player, arbiter, organiser or administrator")
    role.add_argument("--reason", default="", help="why (kept in the audit record)")
    lst = sub.add_parser("list", help="list the accounts (name and role)")
    lst.add_argument("--role", default="", help="only the accounts with this role")
    lst.add_argument("--search", default="", help="part of the name")
    for q in (role, lst):
        q.add_argument("--database", default=None, metavar="URL",
                       help=f"SQLAlchemy database URL (default: {default_database_url()})")
        q.add_argument("--create", action="store_true",
                       help="make the SQLite database if there is none (else: an error)")
    role.set_defaults(func=run_role)
    lst.set_defaults(func=run_list)
    return p


def _users_error(message: str) -> int:
    sys.stderr.write(f"shashki users: error: {message}\n")
    return 2


def _with_database(args: argparse.Namespace, work: Callable[[Any], T]) -> T | int:
    """Run ``work(session)`` in one transaction on the ``--database`` (brought up to date
    first); an error becomes one line on stderr and status 2."""
    from shashki.errors import ShashkiError
    from shashki.server.core.db import Database
    from shashki.server.core.errors import ServerError
    from shashki.server.core.i18n import Translator

    try:
        db = Database(args.database or default_database_url(), create=args.create)
    except ShashkiError as e:
        return _users_error(str(e))
    except Exception as e:  # a database kind that SQLAlchemy does not know
        return _users_error(f"bad database URL: {e}")
    try:
        db.upgrade()
        with db.session() as s:
            return work(s)
    except ServerError as e:
        return _users_error(Translator("en").error(e.code, detail=e.detail, **e.params))
    except ShashkiError as e:
        return _users_error(str(e))
    except Exception as e:  # an unreachable database server, a missing driver...
        first = (str(e).strip().splitlines() or [type(e).__name__])[0]
        return _users_error(f"cannot use the database: {first}")
    finally:
        db.dispose()


def _need_server() -> str:
    """Why ``shashki users`` cannot run here (the server extra is missing), or empty."""
    from shashki.errors import MissingDependency
    from shashki.extras import need

    try:
        for module in ("sqlalchemy", "alembic", "fastapi"):
            need(module, "server", "shashki users")
    except MissingDependency as e:
        return str(e)
    return ""


def run_role(args: argparse.Namespace) -> int:
    """``shashki users role NAME ROLE``: one line saying what changed; status 2 on errors."""
    import time

    if missing := _need_server():
        return _users_error(missing)

    from shashki.server.accounts import admin, auth

    def change(s: Any) -> str:
        row = admin.set_role(s, None, args.name, args.role, time.time(), "cli", args.reason)
        user = auth.find_user(s, args.name)
        assert user is not None
        if row is None:
            return f"{user.username} is already {user.role}"
        return f"{user.username}: {row.old_role} -> {row.new_role}"

    out = _with_database(args, change)
    if isinstance(out, int):
        return out
    print(out)
    return 0


def run_list(args: argparse.Namespace) -> int:
    """``shashki users list``: a line per account, ``name<TAB>role``."""
    if missing := _need_server():
        return _users_error(missing)
    from shashki.server.accounts import admin

    def lines(s: Any) -> list[str]:
        page, out = 1, []
        while True:
            found = admin.list_users(s, args.search, args.role, page)
            out += [f"{u.username}\t{u.role}" for u in found.users]
            if page >= found.pages:
                return out
            page += 1

    out = _with_database(args, lines)
    if isinstance(out, int):
        return out
    for line in out:
        print(line)
    return 0


def settings_from(args: argparse.Namespace) -> Settings:
    return Settings(database_url=args.database or default_database_url(), host=args.host,
                    port=args.port, language=args.language, redis_url=args.redis or "",
                    base_url=args.base_url.rstrip("/"), cookie_secure=args.secure_cookies,
                    behind_proxy=args.behind_proxy,
                    workers=0 if args.no_worker else args.workers,
                    metrics_token=(args.metrics_token if args.metrics_token is not None
                                   else os.environ.get("SHASHKI_METRICS_TOKEN", "")))


def _check_database(url: str) -> str:
    """Why the platform cannot use the database at ``url`` (empty: it can); an SQLite
    database is made here if there is none (only ``serve`` makes one)."""
    from sqlalchemy import text

    from shashki.errors import ShashkiError
    from shashki.server.core.db import Database

    try:
        db = Database(url, create=True)
    except ShashkiError as e:
        return str(e)
    except Exception as e:  # a database kind SQLAlchemy does not know, a missing driver
        return f"bad database URL {url!r}: {_first_line(e)}"
    try:
        with db.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as e:  # an unreachable server, a wrong password, a read-only file
        return f"cannot use the database {url!r}: {_first_line(e)}"
    finally:
        db.dispose()
    return ""


def _check_port(host: str, port: int) -> str:
    """Why nothing can listen on ``host:port`` (empty: it can), before anything starts."""
    import socket

    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((host, port))
    except OSError as e:
        return f"cannot listen on {host}:{port}: {e.strerror or e}"
    return ""


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from shashki.extras import need

    for module in ("fastapi", "uvicorn", "sqlalchemy"):
        need(module, "server", "shashki serve")
    import uvicorn

    from shashki.server.app import create_app

    if not 0 < args.port < 65536:
        sys.stderr.write(f"shashki serve: bad port {args.port}\n")
        return 2
    if not 0 <= args.workers <= 64:
        sys.stderr.write(f"shashki serve: --workers must be 0 to 64, not {args.workers}\n")
        return 2
    settings = settings_from(args)
    if settings.redis_url:
        need("redis", "redis", "shashki serve --redis")
    problem = _check_database(settings.url) or _check_port(args.host, args.port)
    if problem:
        sys.stderr.write(f"shashki serve: error: {problem}\n")
        return 2
    os.environ.setdefault("SHASHKI_ENGINE_WARM", "1")  # start the engine's worker at once
    from shashki.server.core.logs import ENV_FORMAT, setup

    log_config = setup(args.log_format, args.log_level)
    os.environ[ENV_FORMAT] = args.log_format  # the job worker started beside logs alike
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    if args.open:
        threading.Timer(1.5, webbrowser.open, args=(url,)).start()
    if args.log_format == "json":  # every line of stderr a JSON object
        logging.getLogger("shashki.server").info("serving on %s (database %s)", url,
                                                 _safe(settings.url))
    else:
        sys.stderr.write(f"shashki: serving on {url} (database {settings.url})\n")
    import gc

    # Live games keep many small objects; the default thresholds make the collector walk
    # them all every few hundred moves, a pause every player's move would wait for. The
    # young generation is collected every 10,000 allocations: in the hostile load run
    # (benchmarks/load.py --diagnose) its longest pauses were 84 ms at 50,000 and 41 ms
    # here, more of them shorter; the older ones as rarely as before (2.5 M allocations).
    gc.set_threshold(10_000, 250, 1000)
    app = create_app(settings)
    gc.collect()
    gc.freeze()  # what is loaded by now (modules, compiled kernels) is never garbage
    # No per-message deflate: each viewer's socket would compress the same state again (a
    # tenth of the server's time with 1,000 viewers); states are a few kilobytes.
    from shashki.server.core.wsprotocol import Sockets

    extra: dict[str, Any] = {"log_config": log_config} if log_config is not None else {}
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws=Sockets,
                ws_max_size=65536, ws_per_message_deflate=False, proxy_headers=False, **extra)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shashki")
    register(parser.add_subparsers(dest="command", required=True))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from shashki.errors import ShashkiError

    args = build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
    except ShashkiError as e:  # a missing extra, a bad setting: one line, status 2
        sys.stderr.write(f"shashki: error: {e}\n")
        return 2
    return result
