"""A flooder that never reads (docs/security.md, "Limits"), against a real server: once its
socket is closed for flooding, the server drops the connection after a short closing
handshake instead of parsing all it sends for uvicorn's ten seconds."""

from __future__ import annotations

import base64
import os
import socket
import time
from pathlib import Path

import pytest

from shashki.server.core.wsprotocol import Sockets

from .serving import free_port, server
from .wsclient import User

# a socket flood is cut off above the store: CI runs it on SQLite only
pytestmark = pytest.mark.store_independent

MESSAGE = b'{"type":"state"}'
FRAME = bytes([0x81, 0x80 | len(MESSAGE)]) + b"\0\0\0\0" + MESSAGE  # masked with key 0


def test_a_flooder_that_never_reads_is_cut_off(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(tmp_path / "flood.db", port, tmp_path / "server.log"):
        white, black = User(base, "whitey"), User(base, "blacky")
        r = white.http.post("/api/challenges", headers={"X-CSRF-Token": white.csrf}, json={
            "opponent": "blacky", "color": "white", "time_control": "10m+5s"})
        r = black.http.post(f"/api/challenges/{r.json()['id']}/accept",
                            headers={"X-CSRF-Token": black.csrf})
        game_id = r.json()["game_id"]
        sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /ws/games/{game_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      f"Upgrade: websocket\r\nConnection: Upgrade\r\nOrigin: {base}\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                     .encode())
        assert sock.recv(4096).startswith(b"HTTP/1.1 101")
        started = time.monotonic()
        cut = None
        sock.settimeout(1.0)
        while time.monotonic() - started < 20:  # sends, never reads
            try:
                sock.sendall(FRAME * 100)
            except OSError:
                cut = time.monotonic() - started
                break
        sock.close()
    # uvicorn's own protocol would read on for 10 s after its close; shashki's for 1 s
    assert cut is not None and cut < Sockets.close_timeout_s + 5
