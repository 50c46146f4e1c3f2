"""Two instances of the platform on one database, sharing live games through Redis: a
player on each instance, a spectator on the second; every move is seen live everywhere,
stored once, and an action made on a stale copy is refused rather than duplicated."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from shashki.server.core.db import Database
from shashki.server.play.store import load_game

from .services import redis_server
from .serving import free_port, server, url_for
from .wsclient import User, next_of, state_at

MOVES = ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5"]


@pytest.fixture(scope="module")
def redis_url() -> object:
    with redis_server() as url:
        yield url


def test_two_instances_share_a_live_game(tmp_path: Path, redis_url: str) -> None:
    db = url_for(tmp_path / "shared.db")
    ports = free_port(), free_port()
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    with ExitStack() as stack:
        for port in ports:
            stack.enter_context(server(db, port, tmp_path / f"server{port}.log",
                                       ("--redis", redis_url)))
        white, black, watcher = User(a, "whitey"), User(a, "blacky"), User(a, "watcher")
        r = white.http.post("/api/challenges", headers={"X-CSRF-Token": white.csrf}, json={
            "opponent": "blacky", "color": "white", "time_control": "10m+5s"})
        r = black.http.post(f"/api/challenges/{r.json()['id']}/accept",
                            headers={"X-CSRF-Token": black.csrf})
        game_id = r.json()["game_id"]
        black.rebase(b)
        watcher.rebase(b)
        sockets = {"w": stack.enter_context(white.socket(a, game_id)),
                   "b": stack.enter_context(black.socket(b, game_id))}
        spectator = stack.enter_context(watcher.socket(b, game_id))
        for ws in [*sockets.values(), spectator]:
            next_of(ws, "state")
        for ply, move in enumerate(MOVES):
            mover, other = ("w", "b") if ply % 2 == 0 else ("b", "w")
            sockets[mover].send(json.dumps({"type": "move", "move": move, "ply": ply,
                                            "id": ply}))
            assert next_of(sockets[mover], "ack")["id"] == ply
            seen = state_at(sockets[other], ply + 1)  # on the other instance
            assert seen["moves"][-1]["text"] == move
            assert seen["turn"] == ("black" if mover == "w" else "white")
            assert state_at(spectator, ply + 1)["fen"] == seen["fen"]
        # Both instances answer the same, clocks included.
        states = [httpx.get(f"{base}/api/games/{game_id}", cookies=white.http.cookies).json()
                  for base in (a, b)]
        assert states[0]["moves"] == states[1]["moves"]
        assert [mv["text"] for mv in states[0]["moves"]] == MOVES
    database = Database(db)
    rec = load_game(database, game_id)
    database.dispose()
    assert [mv.text for mv in rec.moves] == MOVES
    assert [mv.seq for mv in rec.moves] == list(range(len(MOVES)))


def test_news_reaches_a_page_served_by_the_other_instance(tmp_path: Path,
                                                          redis_url: str) -> None:
    """White's page listens on instance A; Black accepts the challenge on instance B: the
    game starts in B's transaction, and A's page is told (core/notify over the bus)."""
    from websockets.sync.client import connect

    db = url_for(tmp_path / "news.db")
    ports = free_port(), free_port()
    a, b = (f"http://127.0.0.1:{p}" for p in ports)
    with ExitStack() as stack:
        for port in ports:
            stack.enter_context(server(db, port, tmp_path / f"server{port}.log",
                                       ("--redis", redis_url)))
        white, black = User(a, "whitey"), User(a, "blacky")
        black.rebase(b)
        cookie = "; ".join(f"{k}={v}" for k, v in white.http.cookies.items())
        news = stack.enter_context(connect(
            f"ws://{a.split('//')[1]}/ws/notifications?csrf={white.csrf}",
            additional_headers={"Cookie": cookie}, origin=a))  # type: ignore[arg-type]
        r = white.http.post("/api/challenges", headers={"X-CSRF-Token": white.csrf}, json={
            "opponent": "blacky", "color": "white"})
        r = black.http.post(f"/api/challenges/{r.json()['id']}/accept",
                            headers={"X-CSRF-Token": black.csrf})
        game_id = r.json()["game_id"]
        told = json.loads(news.recv(timeout=10))
        assert told == {"kind": "started", "game": game_id, "url": f"/games/{game_id}"}
