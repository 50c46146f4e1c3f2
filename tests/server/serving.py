"""A real server for the tests that need one: ``python -m shashki.server serve`` as a
subprocess on a free loopback port."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from .services import BACKEND, database_url, free_port

__all__ = ["free_port", "server", "url_for"]


_urls: dict[Path, str] = {}


def url_for(db: Path | str) -> str:
    """The database URL of a test's database file: the file itself on SQLite; on
    PostgreSQL one database per path, the same each time the path is used again."""
    if isinstance(db, str):
        return db
    if BACKEND == "sqlite":
        return f"sqlite:///{db}"
    if db not in _urls:
        _urls[db] = database_url(db.parent)
    return _urls[db]


@contextmanager
def server(db: Path | str, port: int, log: Path,
           extra: tuple[str, ...] = ()) -> Iterator[subprocess.Popen[bytes]]:
    """Run the server until the block ends (then kill it); wait until it answers.
    ``db`` is a database URL, or a path that :func:`url_for` maps to one."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "shashki.server", "serve", "--port", str(port),
             "--database", url_for(db), "--log-level", "warning", *extra],
            stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"server did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
