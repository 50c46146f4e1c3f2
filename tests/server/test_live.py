"""The live-game hub: replay, lag compensation, clocks after a rebuild, failed writes."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from shashki.color import BLACK, WHITE
from shashki.game import Game
from shashki.server.play import store
from shashki.server.play.live import Action, LiveGame, Timebase, apply

from .helpers import Visitor, start_game


def services(client: TestClient):  # type: ignore[no-untyped-def]
    return client.app.state.services  # type: ignore[attr-defined]


def test_lag_is_given_back_to_the_mover_only() -> None:
    tb = Timebase(0.0)
    g = Game("russian", time_control="5m", now=tb.now)
    tb.frozen = 1000.0
    g.start()
    apply(g, tb, Action(0, "move", 1010.0, 1, WHITE, "c3-d4", lag=0.5))
    assert g.clock is not None
    tb.frozen = 1010.0
    assert g.clock.remaining(WHITE) == pytest.approx(290.5)   # charged 9.5 s, not 10
    assert g.clock.remaining(BLACK) == pytest.approx(300.0)   # Black's clock starts now
    tb.frozen = 1020.0
    assert g.clock.remaining(BLACK) == pytest.approx(290.0)


def test_a_move_in_time_thanks_to_lag_compensation() -> None:
    tb = Timebase(0.0)
    g = Game("russian", time_control="10s", now=tb.now)
    tb.frozen = 0.0
    g.start()
    apply(g, tb, Action(0, "move", 10.2, 1, WHITE, "c3-d4", lag=0.3))
    assert not g.is_over and g.ply == 1


def test_rebuild_gives_the_same_game_and_clocks(client: TestClient, alice: Visitor,
                                                 bob: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="5m+3s")
    for ply, move in enumerate(["c3-d4", "f6-e5", "d4:f6", "g7:e5"]):
        player = alice if ply % 2 == 0 else bob
        time.sleep(0.05)
        player.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
    bob.api("POST", f"/api/games/{game_id}/actions", {"type": "offer"})
    alice.api("POST", f"/api/games/{game_id}/actions", {"type": "decline"})
    svc = services(client)
    svc_hub = client.app.state.hub  # type: ignore[attr-defined]
    live = client.portal.call(svc_hub.get, game_id)  # type: ignore[union-attr]
    rebuilt = LiveGame.rebuild(store.load_game(svc.db, game_id), svc_hub.offset)
    assert rebuilt.mismatches == []
    assert rebuilt.game.readings == live.game.readings  # positions, moves, clocks, times
    assert [e.action for e in rebuilt.game.events] == [e.action for e in live.game.events]
    assert rebuilt.game.board.fen() == live.game.board.fen()
    assert rebuilt.seq == live.seq == 6
    now = svc_hub.now()
    live.tb.frozen = rebuilt.tb.frozen = now
    assert rebuilt.clock_state() == live.clock_state()
    live.tb.frozen = None


def test_hub_rebuilds_a_forgotten_game(client: TestClient, alice: Visitor,
                                       bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    before = alice.get(f"/api/games/{game_id}").json()
    client.app.state.hub.games.clear()  # type: ignore[attr-defined]
    after = alice.get(f"/api/games/{game_id}").json()
    assert after["moves"] == before["moves"] and after["fen"] == before["fen"]
    # Black's clock ran meanwhile, White's stands at its reading after the move.
    assert after["clock"]["white"] == before["clock"]["white"]
    assert after["clock"]["black"] < before["clock"]["black"]


def test_a_move_that_cannot_be_stored_is_not_acknowledged(
        client: TestClient, alice: Visitor, bob: Visitor,
        monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = start_game(alice, bob)

    def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_actions", broken)
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 503
    monkeypatch.undo()
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["ply"] == 0 and state["moves"] == []
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 200 and r.json()["state"]["ply"] == 1
