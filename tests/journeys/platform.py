"""``shashki serve`` of an install under test, and visitors driving it over HTTP from
outside (this test process never imports the server: it is a browser or a bot)."""

from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from tests.journeys.installs import Install
from tests.server.services import free_port

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


@contextmanager
def serve(install: Install, database: str, log: Path, *args: str,
          env: dict[str, str] | None = None) -> Iterator[str]:
    """``shashki serve`` of ``install`` on a free loopback port until the block ends;
    yields its address once ``/healthz`` or the front page answers."""
    port = free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen([str(install.shashki), "serve", "--port", str(port),
                                 "--database", database, "--no-open", *args],
                                stdout=out, stderr=subprocess.STDOUT,
                                env=env or install.env(PYTHONUNBUFFERED="1"))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # a cold numba cache compiles the move generator
        while True:
            try:
                if httpx.get(base + "/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"shashki serve did not start:\n{log.read_text()}")
            time.sleep(0.2)
        yield base
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


class Person:
    """A browser with its cookies, then a bot with its API token."""

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.http = httpx.Client(base_url=base, timeout=60, follow_redirects=False)
        self.csrf = ""
        self.token = ""

    def page(self, url: str) -> httpx.Response:
        r = self.http.get(url)
        m = CSRF.search(r.text)
        if m:
            self.csrf = m.group(1)
        return r

    def form(self, url: str, data: dict[str, str], page: str = "/") -> httpx.Response:
        self.page(page)
        return self.http.post(url, data={**data, "csrf_token": self.csrf})

    def signup(self, password: str = "correct horse battery") -> None:
        r = self.form("/signup", {"username": self.name, "password": password, "email": ""},
                      page="/signup")
        assert r.status_code == 303, r.text[-2000:]
        self.page("/")
        r = self.http.post("/api/tokens", json={"name": "journey"},
                           headers={"X-CSRF-Token": self.csrf})
        assert r.status_code in (200, 201), r.text
        self.token = r.json()["token"]

    def api(self, method: str, url: str, body: Any = None, ok: bool = True) -> Any:
        r = self.http.request(method, "/api" + url, json=body,
                              headers={"Authorization": f"Bearer {self.token}"})
        if ok:
            assert r.status_code < 400, f"{method} {url}: {r.status_code} {r.text[-2000:]}"
        return r.json() if r.headers.get("content-type", "").startswith(
            "application/json") else r.text
