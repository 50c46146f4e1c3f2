"""A real server for the tests that need one: ``python -m shashki.server serve`` as a
subprocess on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(db: Path, port: int, log: Path,
           extra: tuple[str, ...] = ()) -> Iterator[subprocess.Popen[bytes]]:
    """Run the server until the block ends (then kill it); wait until it answers."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "shashki.server", "serve", "--port", str(port),
             "--database", f"sqlite:///{db}", "--log-level", "warning", *extra],
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
