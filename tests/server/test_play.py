"""Playing: challenges, moves over the WebSocket, offers, claims, resignation, the result
page, PDN."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from shashki.server.play import models as m

from .helpers import Visitor, play, receive, start_game, until

OPENING = ["a3-b4", "b6-a5", "c3-d4"]
"""After these, Black must capture twice: a5:c3:e5 (written a5:e5)."""


def services(client: TestClient):  # type: ignore[no-untyped-def]
    return client.app.state.services  # type: ignore[attr-defined]


def test_open_challenge_from_the_lobby(client: TestClient, alice: Visitor, bob: Visitor,
                                       guest: Visitor) -> None:
    r = alice.form("/challenges", {"variant": "brazilian", "time_control": "10m",
                                   "color": "black"})
    ch = int(r.headers["location"].rsplit("/", 1)[1])
    assert f"/challenges/{ch}" in guest.get("/").text
    assert alice.get(f"/challenges/{ch}").text.count("Waiting for an opponent") == 1
    r = bob.api("POST", f"/api/challenges/{ch}/accept")
    game_id = r.json()["game_id"]
    state = guest.get(f"/api/games/{game_id}").json()
    assert state["white"]["name"] == "bob" and state["black"]["name"] == "alice"
    assert state["variant"] == "brazilian" and state["clock"]["control"] == "10m"
    assert bob.api("POST", f"/api/challenges/{ch}/accept").status_code == 409
    assert alice.api("GET", f"/api/challenges/{ch}").json()["game_id"] == game_id


def test_moves_over_websocket_reach_players_and_spectators(
        client: TestClient, alice: Visitor, bob: Visitor, guest: Visitor) -> None:
    game_id = start_game(alice, bob)
    with alice.ws(game_id) as wa, bob.ws(game_id) as wb, guest.ws(game_id) as wg:
        for ws in (wa, wb, wg):
            assert receive(ws, "state")["ply"] == 0
        state = play(wa, "a3-b4", 0)
        assert state["moves"][0]["text"] == "a3-b4" and state["turn"] == "black"
        assert receive(wg, "state")["ply"] == 1
        assert receive(wb, "state")["ply"] == 1
        play(wb, "b6-a5", 1, ident=2)
        play(wa, "c3-d4", 2, ident=3)
        seen = receive(wb, "state")
        assert seen["ply"] == 3
        # The capture is compulsory (Code 1.5.3) and goes on over d4 (Code 1.5.6).
        assert seen["legal"] == [{"text": "a5:e5", "path": [13, 22, 15], "captures": [17, 18]}]
        state = play(wb, "a5:c3:e5", 3, ident=4)
        assert state["moves"][-1]["text"] == "a5:e5"
        for ws in (wg, wa):
            s = until(ws, lambda s: s["ply"] == 4)
            assert s["moves"][-1]["text"] == "a5:e5" and "svg" in s
    with services(client).db.session() as db:
        rows = db.query(m.Move).filter_by(game_id=game_id).order_by(m.Move.ply).all()
        assert [r.text for r in rows] == [*OPENING, "a5:e5"]
        assert all(r.white_clock is not None and r.at > 0 for r in rows)


def test_illegal_out_of_turn_and_stale_moves(client: TestClient, alice: Visitor,
                                             bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    with alice.ws(game_id) as wa, bob.ws(game_id) as wb:
        receive(wa, "state")
        receive(wb, "state")
        wa.send_json({"type": "move", "move": "a3-a4", "ply": 0, "id": 1})
        err = receive(wa, "error")
        assert err["code"] == "illegal_move" and err["id"] == 1
        wb.send_json({"type": "move", "move": "b6-a5", "ply": 0, "id": 1})
        assert receive(wb, "error")["code"] == "not_your_turn"
        play(wa, "a3-b4", 0)
        wa.send_json({"type": "move", "move": "b4-c5", "ply": 0, "id": 2})
        assert receive(wa, "error")["code"] == "stale"
        wa.send_json({"type": "dance"})
        assert receive(wa, "error")["code"] == "message"
        wa.send_text("not json")
        assert receive(wa, "error")["code"] == "message"
    assert len(alice.get(f"/api/games/{game_id}").json()["moves"]) == 1


def test_draw_offer_declined_then_accepted(client: TestClient, alice: Visitor,
                                           bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    with alice.ws(game_id) as wa, bob.ws(game_id) as wb:
        receive(wa, "state")
        receive(wb, "state")
        play(wa, "c3-d4", 0)
        wa.send_json({"type": "offer", "id": 5})
        state = receive(wa, "state")
        assert state["offer"] == {"by": "white", "article": "Code 1.9.3"}
        receive(wa, "ack")
        assert until(wb, lambda s: s["offer"])["offer"]["by"] == "white"
        wb.send_json({"type": "decline", "id": 6})
        state = receive(wb, "state")
        assert state["offer"] is None
        assert state["events"][-1]["action"] == "decline"
        receive(wb, "ack")
        # Code 1.9.6: White may offer again only after Black has offered.
        wa.send_json({"type": "offer", "id": 7})
        err = receive(wa, "error")
        assert err["code"] == "rule" and err["article"] == "Code 1.9.6"
        assert "Code 1.9.6" in err["message"]
        play(wb, "f6-g5", 1)
        wb.send_json({"type": "offer", "id": 8})
        receive(wb, "ack")
        wa.send_json({"type": "accept", "id": 9})
        state = until(wa, lambda s: s["status"] == "finished")
        assert state["status"] == "finished" and state["result"] == "1/2-1/2"
        assert state["termination"]["article"] == "Code 1.9.1.1"
    page = alice.get(f"/games/{game_id}").text
    assert "draw by agreement" in page and "Code 1.9.1.1" in page
    with services(client).db.session() as db:
        game = db.get(m.Game, game_id)
        assert game is not None and game.status == "finished"
        assert (game.termination_kind, game.termination_article) == ("agreement",
                                                                    "Code 1.9.1.1")
        actions = [e.action for e in db.query(m.Event).filter_by(game_id=game_id)
                   .order_by(m.Event.seq)]
        assert actions == ["offer", "decline", "offer", "accept"]


KINGS = "W:WKc1,Ke1:BKd8,Kf8"
SHUFFLE = ["c1-d2", "f8-g7", "d2-c1", "g7-f8"]


def test_threefold_claims_false_then_true(client: TestClient, alice: Visitor,
                                          bob: Visitor) -> None:
    game_id = start_game(alice, bob, fen=KINGS)
    with alice.ws(game_id) as wa:
        receive(wa, "state")
        wa.send_json({"type": "claim", "id": 1})
        state = receive(wa, "state")
        assert state["status"] == "live"
        assert state["events"][-1]["action"] == "claim rejected"
        assert state["events"][-1]["article"] == "Code 1.9.2"
        receive(wa, "ack")
    for ply, move in enumerate(SHUFFLE * 2):
        player = alice if ply % 2 == 0 else bob
        r = player.api("POST", f"/api/games/{game_id}/actions",
                       {"type": "move", "move": move, "ply": ply})
        assert r.status_code == 200, r.text
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "claim"})
    state = r.json()["state"]
    assert state["result"] == "1/2-1/2"
    assert state["termination"]["kind"] == "verified claim"
    assert state["termination"]["article"] == "Code 1.9.1.7"


def test_claim_with_a_written_move(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob, fen=KINGS)
    moves = SHUFFLE * 2
    for ply, move in enumerate(moves[:-1]):
        player = alice if ply % 2 == 0 else bob
        assert player.api("POST", f"/api/games/{game_id}/actions",
                          {"type": "move", "move": move}).status_code == 200
    # Black writes g7-f8, which would repeat the position a third time (Code 1.9.2).
    r = bob.api("POST", f"/api/games/{game_id}/actions", {"type": "claim", "move": "g7-f8"})
    state = r.json()["state"]
    assert state["termination"]["article"] == "Code 1.9.1.7"
    assert [mv["text"] for mv in state["moves"]] == moves


def test_resignation_and_the_result_page(client: TestClient, alice: Visitor, bob: Visitor,
                                         guest: Visitor) -> None:
    game_id = start_game(alice, bob)
    for player in (alice, bob):  # White is Color 0: a player of either colour has controls
        page = player.get(f"/games/{game_id}").text
        assert 'data-action="resign"' in page and "You are watching" not in page
    page = guest.get(f"/games/{game_id}").text
    assert 'data-action="resign"' not in page and "You are watching" in page
    alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    r = bob.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    assert r.status_code == 200
    state = r.json()["state"]
    assert state["result"] == "1-0" and state["termination"]["kind"] == "resignation"
    page = guest.get(f"/games/{game_id}").text
    assert "Result: 1-0" in page and "resignation (Code 1.8.1)" in page
    guest.get("/lang/ru")
    page = guest.get(f"/games/{game_id}").text
    assert "Результат: 1-0" in page and "сдача (Кодекс 1.8.1)" in page
    assert "Чёрные сдались" in page
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "f6-g5"})
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    assert r.json()["article"] == "Code 1.8.1"
    lobby = alice.get("/").text
    assert f"/games/{game_id}" in lobby and "1-0" in lobby


def test_pdn_download(client: TestClient, alice: Visitor, bob: Visitor, guest: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="3m+2s")
    for ply, move in enumerate([*OPENING, "a5:c3:e5"]):
        player = alice if ply % 2 == 0 else bob
        player.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
    alice.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    r = guest.get(f"/games/{game_id}/pdn")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == f'attachment; filename="shashki-{game_id}.pdn"'
    text = r.text
    for tag in ('[White "alice"]', '[Black "bob"]', '[Result "0-1"]', '[GameType "25"]',
                '[TimeControl "180+2"]', '[Termination "resignation (Code 1.8.1)"]'):
        assert tag in text, text
    assert "1. a3-b4" in text and "a5:e5" in text and "[%clk 0:03:0" in text
    assert text.rstrip().endswith("0-1")


def test_flag_fall_ends_the_game_by_the_server_clock(client: TestClient, alice: Visitor,
                                                      bob: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="3s")
    # The clock starts with White's first move (docs/rules.md L1); after both first moves
    # White's flag falls by the server's clock.
    for who, move in ((alice, "c3-d4"), (bob, "f6-g5")):
        r = who.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
        assert r.status_code == 200, r.text
    with bob.ws(game_id) as wb:
        # Live, then finished when White's flag falls; a viewer is sent the latest state,
        # so on a slow machine the live one may have been overtaken before it was sent.
        state = until(wb, lambda s: s["status"] == "finished")
    assert state["status"] == "finished" and state["result"] == "0-1"
    assert state["termination"]["kind"] == "time forfeit"
    assert state["termination"]["article"] == "Code 1.8.1"
    assert state["clock"]["white"] == 0
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "b2-c3"})
    assert r.status_code == 409


def test_a_late_move_loses_on_time(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="3s")
    for who, move in ((alice, "c3-d4"), (bob, "f6-g5")):
        r = who.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
        assert r.status_code == 200, r.text
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game = client.portal.call(hub.get, game_id)  # type: ignore[union-attr]
    if game.timer is not None:  # the move must find the flag itself, not the timer
        game.timer.cancel()
    time.sleep(3.1)
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "b2-c3"})
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["termination"]["kind"] == "time forfeit" and len(state["moves"]) == 2


def test_variants_and_start_positions(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob, variant="international", time_control="")
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["clock"] is None and len(state["legal"]) == 9
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "32-28"})
    assert r.json()["state"]["moves"][0]["text"] == "32-28"
    game_id = start_game(alice, bob, variant="russian-giveaway", fen="W:Wc3:Bd4,f6")
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3:g7"})
    state = r.json()["state"]
    # Giveaway (Code 5.1.4): Black has no pieces left and wins.
    assert state["result"] == "0-1" and state["termination"]["article"] == "Code 5.1.4"
