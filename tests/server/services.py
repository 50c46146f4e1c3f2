"""Database and message services the server tests start for themselves.

``SHASHKI_TEST_DATABASE=postgresql`` runs the server tests on PostgreSQL: one throw-away
cluster per test process (Debian's ``initdb``/``pg_ctl``, on a free loopback port), one new
database per test. A full ``postgresql+psycopg://...`` URL instead uses that server.
Redis tests start ``redis-server`` on a free port (or use ``SHASHKI_TEST_REDIS``).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest

BACKEND = os.environ.get("SHASHKI_TEST_DATABASE", "sqlite")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not start: {log.read_text(errors='replace')[-2000:]}")


def _pg_bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        pytest.skip(f"PostgreSQL's {name} is not installed (Debian: postgresql)")
    return found


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A new PostgreSQL cluster on loopback for the block; yields its base URL."""
    run_as: list[str] = []
    root = tempfile.mkdtemp(prefix="shashki-pg-")
    if os.geteuid() == 0:  # the server refuses to run as root
        pw = pwd.getpwnam("postgres")
        os.chown(root, pw.pw_uid, pw.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, log = Path(root) / "data", Path(root) / "log"
    port = free_port()
    subprocess.run([*run_as, _pg_bin("initdb"), "-D", str(data), "-U", "postgres",
                    "--auth=trust", "-E", "UTF8", "--no-sync"], check=True,
                   capture_output=True)
    opts = (f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c max_connections=200")
    proc = subprocess.Popen([*run_as, _pg_bin("pg_ctl"), "-D", str(data), "-l", str(log),
                             "-o", opts, "-w", "start"])
    proc.wait(60)
    try:
        subprocess.run([*run_as, _pg_bin("pg_isready"), "-h", "127.0.0.1", "-p", str(port),
                        "-t", "30"], check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run([*run_as, _pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def new_database(base: str) -> str:
    """Create an empty database on the server at ``base``; return its URL."""
    from sqlalchemy import create_engine

    name = f"t_{uuid.uuid4().hex[:16]}"
    engine = create_engine(f"{base}/postgres", isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.exec_driver_sql(f"CREATE DATABASE {name}")
    engine.dispose()
    return f"{base}/{name}"


@contextmanager
def redis_server() -> Iterator[str]:
    """``redis-server`` on a free loopback port for the block; yields its URL."""
    given = os.environ.get("SHASHKI_TEST_REDIS")
    if given:
        yield given
        return
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: redis-server)")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="shashki-redis-") as root:
        log = Path(root) / "log"
        with log.open("wb") as out:
            proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1",
                                     "--save", "", "--appendonly", "no", "--dir", root],
                                    stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_port(port, proc, "redis-server", log)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            proc.wait(10)


_cluster: tuple[contextlib.AbstractContextManager[str], str] | None = None


def database_url(tmp_path: Path, name: str = "test.db") -> str:
    """A fresh, empty database for one test: SQLite in ``tmp_path``, or a new PostgreSQL
    database when ``SHASHKI_TEST_DATABASE`` asks for it (the cluster starts on first use
    and stops when the test process exits)."""
    global _cluster
    if BACKEND == "sqlite":
        return f"sqlite:///{tmp_path / name}"
    if BACKEND.startswith("postgresql+"):
        return new_database(BACKEND.rstrip("/"))
    if BACKEND != "postgresql":
        raise RuntimeError(f"SHASHKI_TEST_DATABASE={BACKEND!r}: sqlite, postgresql or a URL")
    if _cluster is None:
        cm = postgres_cluster()
        _cluster = (cm, cm.__enter__())
        atexit.register(stop_cluster)
    return new_database(_cluster[1])


def stop_cluster() -> None:
    """Stop and delete the test process's PostgreSQL cluster, if it started one.

    ``pytest_sessionfinish`` calls it (tests/server/conftest.py): a pytest-xdist worker
    runs that hook while the controller waits, whereas at exit the controller may kill
    it half way through. That left each worker's cluster, 600–800 MB of databases, in
    ``/tmp`` after every ``.ci/run``. ``atexit`` stays for a session that never reaches
    its finish (an interrupted run)."""
    global _cluster
    if _cluster is not None:
        cm = _cluster[0]
        _cluster = None
        cm.__exit__(None, None, None)


KEY = "inbound-test-key"
"""The inbound mail key of the correspondence tests."""


class Inbox:
    """An SMTP sink for the mail tests (an aiosmtpd handler): keeps every message."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = BytesParser(policy=policy.default).parsebytes(envelope.content)
        assert isinstance(msg, EmailMessage)
        self.messages.append(msg)
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [msg for msg in self.messages if msg["To"] == address]
