"""A player of the tests against a real server: signs up over HTTP, plays over the
game's WebSocket."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PAGE_DATA = re.compile(r'<script type="application/json" id="page-data">(.*?)</script>', re.S)


class User:
    def __init__(self, base: str, name: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=10, follow_redirects=True)
        self.name = name
        r = self.http.get("/signup")
        self.csrf = CSRF.search(r.text).group(1)  # type: ignore[union-attr]
        r = self.http.post("/signup", data={"username": name, "password": "long enough",
                                            "csrf_token": self.csrf})
        assert r.status_code == 200 and name in r.text
        self.csrf = CSRF.search(r.text).group(1)  # type: ignore[union-attr]

    def rebase(self, base: str) -> None:
        cookies = self.http.cookies
        self.http = httpx.Client(base_url=base, timeout=10, cookies=cookies,
                                 follow_redirects=True)

    def socket(self, base: str, game_id: int) -> ClientConnection:
        page = self.http.get(f"/games/{game_id}").text
        data = json.loads(PAGE_DATA.search(page).group(1))  # type: ignore[union-attr]
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        return connect(f"ws://{base.split('//')[1]}/ws/games/{game_id}?csrf={data['csrf']}",
                       additional_headers={"Cookie": cookie}, origin=base)  # type: ignore[arg-type]


def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if msg["type"] == "ping":
            ws.send(json.dumps({"type": "pong", "n": msg["n"]}))
        elif msg["type"] == "error":
            raise AssertionError(msg)
        elif msg["type"] == kind:
            return msg


def state_at(ws: ClientConnection, ply: int) -> dict[str, Any]:
    while (state := next_of(ws, "state"))["ply"] != ply:
        pass
    return state
