"""``shashki serve``: run the web platform.

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
from collections.abc import Sequence
from typing import Any

from shashki.server.settings import Settings, default_database_url


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
    p.add_argument("--language", choices=["ru", "en"], default="ru",
                   help="language of the pages for new visitors (ru)")
    p.add_argument("--open", action=argparse.BooleanOptionalAction, default=False,
                   help="open the platform in a web browser once it is up")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=run)
    return p


def settings_from(args: argparse.Namespace) -> Settings:
    return Settings(database_url=args.database or default_database_url(), host=args.host,
                    port=args.port, language=args.language, redis_url=args.redis or "")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from shashki.server.app import create_app

    if not 0 < args.port < 65536:
        sys.stderr.write(f"shashki serve: bad port {args.port}\n")
        return 2
    settings = settings_from(args)
    os.environ.setdefault("SHASHKI_ENGINE_WARM", "1")  # start the engine's worker at once
    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    if args.open:
        threading.Timer(1.5, webbrowser.open, args=(url,)).start()
    sys.stderr.write(f"shashki: serving on {url} (database {settings.url})\n")
    uvicorn.run(create_app(settings), host=args.host, port=args.port,
                log_level=args.log_level, ws_max_size=65536, proxy_headers=False)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="shashki")
    register(parser.add_subparsers(dest="command", required=True))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
