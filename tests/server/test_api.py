"""The REST API: its OpenAPI document covers what the pages do; game lists and one
endpoint an action; errors in one JSON shape naming the refused field; and schemathesis
against the document (generated requests, with an API token, never a server error and
always a documented answer)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from shashki.server.app import create_app

from .conftest import fast_settings
from .helpers import Visitor, start_game

EXPECTED = {
    ("get", "/api/me"), ("get", "/api/users/{name}"), ("get", "/api/users/{name}/games"),
    ("get", "/api/challenges"), ("post", "/api/challenges"),
    ("get", "/api/challenges/{challenge_id}"),
    ("post", "/api/challenges/{challenge_id}/accept"),
    ("post", "/api/challenges/{challenge_id}/cancel"),
    ("get", "/api/games"), ("get", "/api/games/{game_id}"),
    ("get", "/api/games/{game_id}/moves"), ("post", "/api/games/{game_id}/moves"),
    ("post", "/api/games/{game_id}/draw/offer"), ("post", "/api/games/{game_id}/draw/accept"),
    ("post", "/api/games/{game_id}/draw/decline"), ("post", "/api/games/{game_id}/claim"),
    ("post", "/api/games/{game_id}/resign"), ("post", "/api/games/{game_id}/actions"),
    ("get", "/api/games/{game_id}/pdn"), ("get", "/api/games/{game_id}/stream"),
    ("get", "/api/stream"), ("get", "/api/games/{game_id}/analysis"),
    ("post", "/api/games/{game_id}/analysis"), ("get", "/api/engine/levels"),
    ("post", "/api/engine/games"), ("get", "/api/archive/games"),
    ("get", "/api/archive/games/{game_id}"), ("get", "/api/archive/games/{game_id}/pdn"),
    ("get", "/api/archive/pdn"), ("post", "/api/archive/imports"),
    ("get", "/api/archive/imports/{import_id}"), ("get", "/api/tokens"),
    ("post", "/api/tokens"), ("delete", "/api/tokens/{token_id}"), ("get", "/api/variants"),
}


def test_the_openapi_document(client: TestClient) -> None:
    doc = client.get("/api/openapi.json").json()
    ops = {(method, path) for path, item in doc["paths"].items() for method in item}
    assert ops >= EXPECTED
    assert not any(path.startswith(("/archive", "/engine", "/settings")) for _, path in ops)
    err = doc["components"]["schemas"]["ErrorOut"]
    assert {"error", "message", "field"} <= set(err["properties"])
    moves = doc["paths"]["/api/games/{game_id}/moves"]["post"]
    assert "422" in moves["responses"] and "409" in moves["responses"]
    assert client.get("/api/docs").status_code == 200


def test_actions_one_endpoint_each(alice: Visitor, bob: Visitor, carol: Visitor) -> None:
    game_id = start_game(alice, bob)
    api = f"/api/games/{game_id}"
    assert alice.api("POST", f"{api}/moves", {"move": "c3-d4", "ply": 0}).status_code == 200
    r = bob.api("POST", f"{api}/draw/offer", {"ply": 1})
    assert r.status_code == 200 and r.json()["state"]["offer"]["by"] == "black"
    r = alice.api("POST", f"{api}/draw/decline")
    assert r.status_code == 200 and r.json()["state"]["offer"] is None
    r = carol.api("POST", f"{api}/resign")
    assert r.status_code == 403 and r.json()["error"] == "not_a_player"
    r = bob.api("POST", f"{api}/moves", {"move": "f6-f5"})
    assert r.status_code == 409 and r.json()["error"] == "illegal_move"
    r = bob.api("POST", f"{api}/moves", {"move": ""})
    assert r.status_code == 422 and r.json()["field"] == "move"
    r = bob.api("POST", f"{api}/moves", {"move": "f6-g5", "ply": -1})
    assert r.status_code == 422 and r.json()["field"] == "ply"
    r = bob.api("POST", f"{api}/claim", {"move": "f6-g5"})
    assert r.status_code == 200
    state = r.json()["state"]
    assert state["ply"] == 2  # the written move is played; no repetition: play goes on
    r = alice.api("POST", f"{api}/draw/offer")
    assert r.status_code == 200
    r = bob.api("POST", f"{api}/draw/accept")
    assert r.status_code == 200 and r.json()["state"]["result"] == "1/2-1/2"
    moves = alice.get(f"{api}/moves").json()
    assert [m["text"] for m in moves] == ["c3-d4", "f6-g5"]
    assert moves[0]["white_clock"] is not None
    listed = alice.get("/api/games", params={"status": "finished"}).json()
    assert [g["id"] for g in listed] == [game_id]
    assert listed[0]["termination_kind"] == "agreement"
    assert alice.get("/api/games", params={"status": "live"}).json() == []
    mine = bob.get("/api/users/alice/games").json()
    assert mine[0]["white"] == "alice" and mine[0]["result"] == "1/2-1/2"
    r = bob.get("/api/games", params={"player": "nobody"})
    assert r.status_code == 422 and r.json()["field"] == "player"
    r = bob.get("/api/games", params={"limit": 0})
    assert r.status_code == 422 and r.json()["field"] == "limit"
    assert bob.get("/api/users/nobody/games").status_code == 404
    assert bob.get("/api/variants").json()[0] == "russian"


def test_errors_name_the_field_in_the_visitors_language(alice: Visitor) -> None:
    r = alice.request("POST", "/api/challenges", json={"variant": "chess"},
                      headers={"X-CSRF-Token": alice.csrf, "Accept-Language": "ru"})
    body = r.json()
    assert r.status_code == 422 and body["field"] == "variant" and body["error"] == "variant"
    assert set(body) >= {"error", "message", "detail", "field"}
    alice.get("/lang/ru")
    r = alice.api("POST", "/api/challenges", {"variant": "chess"})
    assert r.json()["message"] == "Неизвестный вид шашек."


schemathesis = pytest.importorskip("schemathesis")


def test_schemathesis(tmp_path: Path) -> None:
    """Generated requests against every API operation but the endless streams, with an
    API token: no server error, answers as documented. About 10 s."""
    from hypothesis import HealthCheck, settings
    from schemathesis.checks import positive_data_acceptance

    from shashki.server.accounts import auth
    from shashki.server.accounts import tokens as api_tokens
    from shashki.server.accounts.auth import Passwords
    from shashki.server.core.db import Database

    cfg = fast_settings(tmp_path)
    db = Database(cfg.url, create=True)
    db.upgrade()
    with db.session() as s:
        user = auth.create_user(s, Passwords(cfg), "botmaker", "correct horse")
        token, _ = api_tokens.create(s, user.id, "schemathesis")
    db.dispose()
    app = create_app(cfg)
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    # not the endless streams, nor the mail gateway of correspondence play (its own key)
    schema = schema.include(path_regex="^/api/").exclude(path_regex="stream|^/api/corr/")
    failures: list[str] = []
    started = time.monotonic()
    ops = 0
    for result in schema.get_all_operations():
        op = result.ok()
        ops += 1

        @settings(max_examples=5, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        def run(case: Any) -> None:
            # refusing schema-valid input (a FEN the rules reject) is not a failure here
            case.call_and_validate(headers={"Authorization": f"Bearer {token}"},
                                   excluded_checks=[positive_data_acceptance])

        strategy = op.as_strategy()
        from hypothesis import given

        try:
            given(strategy)(run)()
        except (Exception, BaseExceptionGroup) as e:  # every operation's failure
            failures.append(f"{op.method.upper()} {op.path}: {str(e)[:600]}")
    assert ops >= 30
    assert failures == [], "\n\n".join(failures)
    assert time.monotonic() - started < 120
