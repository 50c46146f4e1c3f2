"""Who may do what: players, opponents, spectators, arbiters; private data; inputs."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .helpers import Visitor, receive, start_game


def services(client: TestClient):  # type: ignore[no-untyped-def]
    return client.app.state.services  # type: ignore[attr-defined]


def test_a_player_cannot_move_for_the_opponent(client: TestClient, alice: Visitor,
                                               bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    # Black's move on White's turn, by the API and by the socket.
    r = bob.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    with bob.ws(game_id) as ws:
        receive(ws, "state")
        ws.send_json({"type": "move", "move": "c3-d4", "id": 1})
        assert receive(ws, "error")["code"] == "not_your_turn"
        # Nor resign, offer or claim in White's name: actions are always the sender's.
        ws.send_json({"type": "resign", "id": 2, "color": "white"})
        state = receive(ws, "state")
        assert state["result"] == "1-0"  # Black resigned: only himself


def test_others_cannot_act_in_a_game(client: TestClient, alice: Visitor, bob: Visitor,
                                     carol: Visitor, guest: Visitor) -> None:
    game_id = start_game(alice, bob)
    r = carol.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 403 and r.json()["error"] == "not_a_player"
    r = guest.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    assert r.status_code in (401, 403)
    with carol.ws(game_id) as ws, guest.ws(game_id) as wg:
        receive(ws, "state")
        receive(wg, "state")
        for sock in (ws, wg):
            sock.send_json({"type": "move", "move": "c3-d4", "id": 1})
            assert receive(sock, "error")["code"] == "not_a_player"
    assert alice.get(f"/api/games/{game_id}").json()["ply"] == 0


def test_a_socket_without_the_csrf_token_only_watches(client: TestClient, alice: Visitor,
                                                      bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    with alice.ws(game_id, csrf=False) as ws:
        receive(ws, "state")
        ws.send_json({"type": "move", "move": "c3-d4", "id": 1})
        assert receive(ws, "error")["code"] == "not_a_player"


def test_cross_site_sockets_are_refused(client: TestClient, alice: Visitor,
                                        bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    with pytest.raises(WebSocketDisconnect) as e, \
            alice.ws(game_id, headers={"origin": "http://evil.example"}) as ws:
        ws.receive_json()
    assert e.value.code == 1008


def test_private_data_stays_private(client: TestClient, alice: Visitor, bob: Visitor,
                                    guest: Visitor) -> None:
    assert alice.api("GET", "/api/users/alice").json()["email"] == "alice@example.org"
    for who in (bob, guest):
        data = who.get("/api/users/alice").json()
        assert data["username"] == "alice" and "email" not in data
    assert "alice@example.org" not in bob.get("/users/alice").text
    assert guest.get("/api/me").status_code == 401


def test_invitations_are_seen_only_by_their_players(client: TestClient, alice: Visitor,
                                                    bob: Visitor, carol: Visitor,
                                                    guest: Visitor) -> None:
    r = alice.api("POST", "/api/challenges", {"opponent": "bob", "time_control": "5m"})
    ch = r.json()["id"]
    assert bob.api("GET", f"/api/challenges/{ch}").status_code == 200
    for other in (carol, guest):
        assert other.get(f"/api/challenges/{ch}").status_code == 404
        assert other.get(f"/challenges/{ch}").status_code == 404
    assert f"/challenges/{ch}" not in carol.get("/").text
    assert f"/challenges/{ch}" in bob.get("/").text
    assert carol.api("POST", f"/api/challenges/{ch}/accept").status_code == 404
    assert carol.api("POST", f"/api/challenges/{ch}/cancel").status_code == 404
    r = bob.api("POST", f"/api/challenges/{ch}/cancel")
    assert r.json()["status"] == "declined"


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"variant": "checkers"}, "variant", "variant"),
    ({"time_control": "forever"}, "time_control", "time_control"),
    ({"time_control": "4h"}, "time_control", "time_control"),          # Code 3.9.5: 6 hours
    ({"fen": "W:W33:B1"}, "fen", "fen"),
    ({"fen": "W:W" + ",".join(["21"] * 150)}, "fen", "fen"),         # over 400 characters
    ({"fen": "W:W21:B"}, "fen", "fen_over"),                            # Black has no pieces
    ({"color": "green"}, "color", "color"),
    ({"opponent": "nobody"}, "opponent", "no_such_user"),
    ({"opponent": "alice"}, "opponent", "self_challenge"),
])
def test_challenge_inputs_are_validated(client: TestClient, alice: Visitor,
                                        body: dict[str, str], field: str, code: str) -> None:
    r = alice.api("POST", "/api/challenges", body)
    assert r.status_code == 422, r.text
    assert (r.json()["field"], r.json()["error"]) == (field, code)


def test_bad_form_input_is_shown_in_the_lobby(client: TestClient, alice: Visitor) -> None:
    r = alice.form("/challenges", {"variant": "russian", "fen": "W:Wz9:B1"})
    assert r.status_code == 422 and "Bad position" in r.text and 'value="W:Wz9:B1"' in r.text


def test_oversized_fields_are_refused(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    r = alice.api("POST", "/api/challenges", {"fen": "x" * 5000})
    assert r.status_code == 422
    game_id = start_game(alice, bob)
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "a" * 500})
    assert r.status_code == 422


def test_moves_are_rate_limited(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    codes = [alice.api("POST", f"/api/games/{game_id}/actions",
                       {"type": "move", "move": "h3-h4"}).status_code for _ in range(10)]
    assert codes[:8] == [409] * 8 and codes[8:] == [429, 429]


def test_unknown_things_are_not_found(client: TestClient, guest: Visitor) -> None:
    assert guest.get("/games/999").status_code == 404
    assert guest.get("/api/games/999").json()["error"] == "not_found"
    assert guest.get("/users/nobody").status_code == 404
    assert guest.get("/no/such/page").status_code == 404
    with pytest.raises(WebSocketDisconnect), guest.ws(999) as ws:
        ws.receive_json()
    # Ids too large for the database's integers name nothing either (not a server error).
    huge = 10**20
    for path in (f"/games/{huge}", f"/challenges/{huge}", f"/events/{huge}"):
        assert guest.get(path).status_code == 404, path
    with pytest.raises(WebSocketDisconnect), guest.ws(huge) as ws:
        ws.receive_json()
