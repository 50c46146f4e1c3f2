"""Streams of game events for bots and other sites: one game's events
(``/api/games/{id}/stream``, NDJSON or Server-Sent Events) and the platform's new games
and results (``/api/stream``), followed live while the game is played."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fastapi.testclient import TestClient

from .helpers import Visitor, start_game


def ndjson(lines: Iterator[str]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if line.strip():
            yield json.loads(line)


def next_of(events: Iterator[dict[str, Any]], kind: str, limit: int = 20) -> dict[str, Any]:
    for _ in range(limit):
        e = next(events)
        if e["type"] == kind:
            return e
    raise AssertionError(f"no {kind} event")


def test_a_game_stream_follows_the_game_to_its_end(client: TestClient, alice: Visitor,
                                                   bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    with client.stream("GET", f"/api/games/{game_id}/stream") as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("application/x-ndjson")
        events = ndjson(r.iter_lines())
        first = next(events)
        assert first["type"] == "state" and first["ply"] == 0 and "svg" not in first
        assert first["white"]["name"] == "alice" and first["legal"]
        assert alice.api("POST", f"/api/games/{game_id}/moves",
                         {"move": "c3-d4", "ply": 0}).status_code == 200
        move = next_of(events, "move")
        assert (move["ply"], move["text"], move["id"]) == (1, "c3-d4", game_id)
        state = next_of(events, "state")
        assert state["ply"] == 1 and state["turn"] == "black"
        assert bob.api("POST", f"/api/games/{game_id}/draw/offer").status_code == 200
        offered = next_of(events, "state")
        assert offered["offer"]["by"] == "black"
        assert bob.api("POST", f"/api/games/{game_id}/resign").status_code == 200
        end = next_of(events, "end")
        assert end["result"] == "1-0" and end["termination"]["kind"] == "resignation"
        assert list(events) == []  # the stream ends with the game


def test_server_sent_events(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    alice.api("POST", f"/api/games/{game_id}/resign")
    with client.stream("GET", f"/api/games/{game_id}/stream",
                       headers={"Accept": "text/event-stream"}) as r:
        assert r.headers["content-type"].startswith("text/event-stream")
        text = "".join(r.iter_text())
    frames = [f for f in text.split("\n\n") if f.strip()]
    kinds = [f.split("\n")[0] for f in frames]
    assert kinds == ["event: state", "event: end"]
    data = json.loads(frames[1].split("\n")[1].removeprefix("data: "))
    assert data["result"] == "0-1"
    r = client.get(f"/api/games/{game_id}/stream", params={"format": "sse"})
    assert r.text.startswith("event: state\n")
    assert client.get("/api/games/9999/stream").status_code == 404


def test_the_platform_stream_announces_new_games_and_results(client: TestClient,
                                                             alice: Visitor,
                                                             bob: Visitor) -> None:
    with client.stream("GET", "/api/stream") as r:
        events = ndjson(r.iter_lines())
        hello = next(events)
        assert hello["type"] == "hello"
        game_id = start_game(alice, bob)
        started = next_of(events, "game_started")
        assert started["id"] == game_id and started["white"] == "alice"
        assert started["status"] == "live"
        bob.api("POST", f"/api/games/{game_id}/resign")
        finished = next_of(events, "game_finished")
        assert finished["id"] == game_id and finished["result"] == "1-0"
        assert finished["termination_kind"] == "resignation"


def test_bearer_tokens(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    r = alice.api("POST", "/api/tokens", {"name": "my bot"})
    assert r.status_code == 201, r.text
    token = r.json()["token"]
    assert token.startswith("shk_") and r.json()["prefix"] == token[:10]
    auth = {"Authorization": f"Bearer {token}"}
    me = client.get("/api/me", headers=auth)
    assert me.status_code == 200 and me.json()["username"] == "alice"
    # a bot plays with its token alone: no cookie, no CSRF token
    game_id = start_game(alice, bob)
    r = client.post(f"/api/games/{game_id}/moves", json={"move": "c3-d4"}, headers=auth)
    assert r.status_code == 200, r.text
    assert r.json()["state"]["ply"] == 1
    # ... but only as its user
    r = client.post(f"/api/games/{game_id}/moves", json={"move": "f6-g5"}, headers=auth)
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    # a token cannot make tokens
    r = client.post("/api/tokens", json={"name": "more"}, headers=auth)
    assert r.status_code == 403 and r.json()["error"] == "token_session"
    listed = alice.api("GET", "/api/tokens").json()
    assert [t["name"] for t in listed] == ["my bot"] and "token" not in listed[0]
    assert listed[0]["last_used"] is not None
    # wrong, malformed and revoked tokens are refused, never ignored
    for header in (f"Bearer {token}x", "Bearer shk_nonsense_but_long_enough_to_try",
                   "Basic YWxpY2U6eA==", "Bearer "):
        r = client.get("/api/me", headers={"Authorization": header})
        assert r.status_code == 401 and r.json()["error"] == "bad_token", header
    assert bob.api("DELETE", f"/api/tokens/{listed[0]['id']}").status_code == 404
    assert alice.api("DELETE", f"/api/tokens/{listed[0]['id']}").status_code == 204
    assert client.get("/api/me", headers=auth).status_code == 401
    r = alice.api("POST", "/api/tokens", {"name": "  "})
    assert r.status_code == 422 and r.json()["field"] == "name"


def test_token_page(alice: Visitor) -> None:
    page = alice.get("/users/alice")
    assert 'id="tokens-link"' in page.text
    r = alice.form("/settings/tokens", {"name": "federation site"}, page="/settings/tokens")
    assert r.status_code == 200
    assert 'id="new-token">shk_' in r.text and "federation site" in r.text
    token_id = alice.api("GET", "/api/tokens").json()[0]["id"]
    r = alice.form(f"/settings/tokens/{token_id}/revoke", {}, page="/settings/tokens")
    assert r.status_code == 303
    assert alice.api("GET", "/api/tokens").json() == []
