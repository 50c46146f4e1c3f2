"""Test helpers: one app, several visitors with their own cookies."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
PAGE_DATA = re.compile(r'<script type="application/json" id="page-data">(.*?)</script>', re.S)


class Visitor:
    """A browser: its own cookie jar on the shared test client."""

    def __init__(self, client: TestClient, name: str = "") -> None:
        self.client = client
        self.name = name
        self.jar = httpx.Cookies()
        self.csrf = ""

    def request(self, method: str, url: str, **kw: Any) -> httpx.Response:
        self.client.cookies = self.jar
        try:
            r = self.client.request(method, url, **kw)
        finally:
            self.jar = httpx.Cookies(self.client.cookies)
            self.client.cookies = httpx.Cookies()
        m = CSRF_FIELD.search(r.text) if r.headers.get("content-type", "").startswith(
            "text/html") else None
        if m:
            self.csrf = m.group(1)
        return r

    def get(self, url: str, **kw: Any) -> httpx.Response:
        return self.request("GET", url, **kw)

    def post(self, url: str, **kw: Any) -> httpx.Response:
        return self.request("POST", url, **kw)

    def form(self, url: str, data: dict[str, str], page: str | None = None,
             **kw: Any) -> httpx.Response:
        """Load ``page`` (default: ``url``... or the lobby) for its CSRF token, then post."""
        if page is not None or not self.csrf:
            self.get(page or "/")
        return self.post(url, data={**data, "csrf_token": self.csrf},
                         follow_redirects=False, **kw)

    def api(self, method: str, url: str, body: Any = None) -> httpx.Response:
        if not self.csrf:
            self.get("/")
        return self.request(method, url, json=body, headers={"X-CSRF-Token": self.csrf})

    def signup(self, name: str, password: str = "correct horse", email: str = "") -> None:
        self.name = name
        self.get("/signup")
        r = self.post("/signup", data={"username": name, "password": password, "email": email,
                                       "csrf_token": self.csrf}, follow_redirects=False)
        assert r.status_code == 303, r.text
        self.get("/")  # the session's own CSRF token

    @contextmanager
    def ws(self, game_id: int, csrf: bool = True,
           headers: dict[str, str] | None = None) -> Iterator[WebSocketTestSession]:
        self.client.cookies = self.jar
        q = f"?csrf={self.csrf}" if csrf and self.csrf else ""
        try:
            with self.client.websocket_connect(f"/ws/games/{game_id}{q}",
                                               headers=dict(headers or {})) as ws:
                self.client.cookies = httpx.Cookies()
                yield ws
        finally:
            self.client.cookies = httpx.Cookies()

    def page_data(self, game_id: int) -> dict[str, Any]:
        r = self.get(f"/games/{game_id}")
        m = PAGE_DATA.search(r.text)
        assert m, r.text
        data: dict[str, Any] = json.loads(m.group(1))
        return data


def receive(ws: WebSocketTestSession, kind: str, limit: int = 20) -> dict[str, Any]:
    """The next message of ``kind`` (answering pings on the way)."""
    for _ in range(limit):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "ping":
            ws.send_json({"type": "pong", "n": msg["n"]})
            continue
        if msg["type"] == kind:
            return msg
        if kind != "error" and msg["type"] == "error":
            raise AssertionError(f"error while waiting for {kind}: {msg}")
    raise AssertionError(f"no {kind} message")


def start_game(white: Visitor, black: Visitor, time_control: str = "5m+3s",
               variant: str = "russian", fen: str = "") -> int:
    """``white`` challenges ``black`` directly (playing White); ``black`` accepts."""
    r = white.form("/challenges", {"variant": variant, "time_control": time_control,
                                   "color": "white", "opponent": black.name, "fen": fen})
    assert r.status_code == 303, r.text
    ch = int(r.headers["location"].rsplit("/", 1)[1])
    black.get(f"/challenges/{ch}")
    r = black.post(f"/challenges/{ch}/accept", data={"csrf_token": black.csrf},
                   follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def play(ws: WebSocketTestSession, move: str, ply: int, ident: int = 1) -> dict[str, Any]:
    """Send a move; return the state that follows it (after the acknowledgement)."""
    ws.send_json({"type": "move", "move": move, "ply": ply, "id": ident})
    state = receive(ws, "state")
    ack = receive(ws, "ack")
    assert ack["id"] == ident and ack["ply"] == ply + 1
    return state


def until(ws: WebSocketTestSession, check: Any, limit: int = 20) -> dict[str, Any]:
    """The first state for which ``check(state)`` holds."""
    for _ in range(limit):
        state = receive(ws, "state")
        if check(state):
            return state
    raise AssertionError("no such state")
