"""The first moves (docs/rules.md L1): a casual or rated game's clock starts with White's
first move, and a game in which a player has not made his first move within the limit is
aborted (no result, no rating change); an event's game follows the Code: White's clock
runs from the start of the round (Code 3.7.3) and a player who has not moved when his
first control's time is out loses by lateness (Code 3.13.1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from shashki.server.accounts.models import Role
from shashki.server.app import create_app

from .conftest import fast_settings
from .helpers import Visitor, start_game, until
from .test_events import create_event, games_of, people, register, set_role, tournament


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    settings = fast_settings(tmp_path, abort_after=1.0)
    with TestClient(create_app(settings), base_url="http://testserver") as c:
        yield c


def test_the_clock_waits_for_the_first_move(client: TestClient, alice: Visitor,
                                            bob: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="5m+3s")
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["clock"]["running"] is None and state["clock"]["white"] == 300
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 200
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["clock"]["running"] == "black"
    assert state["clock"]["white"] == 303  # no time spent, the increment added


def test_no_first_move_aborts_the_game(quick: TestClient) -> None:
    alice, bob = Visitor(quick), Visitor(quick)
    alice.signup("alice")
    bob.signup("bob")
    game_id = start_game(alice, bob, time_control="3m+2s")
    with bob.ws(game_id) as wb:
        state = until(wb, lambda s: s["status"] == "finished")
    assert state["result"] == "*" and state["termination"]["kind"] == "aborted"
    assert state["termination"]["article"] == "Platform L1"
    # Black's first move is awaited as well.
    game_id = start_game(alice, bob, time_control="3m+2s")
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c3-d4"})
    assert r.status_code == 200
    with alice.ws(game_id) as wa:
        state = until(wa, lambda s: s["status"] == "finished")
    assert state["result"] == "*" and state["termination"]["ply"] == 1
    assert "aborted" in alice.get(f"/games/{game_id}").text


def test_abort_only_before_both_have_moved(client: TestClient, alice: Visitor,
                                           bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    for who, move in ((alice, "c3-d4"), (bob, "f6-g5")):
        assert who.api("POST", f"/api/games/{game_id}/actions",
                       {"type": "move", "move": move}).status_code == 200
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "abort"})
    assert r.status_code == 409 and r.json()["error"] == "no_abort"


def test_an_event_game_follows_the_code_on_lateness(client: TestClient) -> None:
    organiser = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    people(client, "anna", "boris")
    event_id = create_event(organiser, time_control="2s", tb1="", tb2="")
    register(organiser, event_id, "anna", "boris")
    r = organiser.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    [row] = games_of(client, event_id)
    state = organiser.get(f"/api/games/{row.game_id}").json()
    assert state["clock"]["running"] == "white"  # from the start of the round (Code 3.7.3)
    with organiser.ws(row.game_id) as ws:
        state = until(ws, lambda s: s["status"] == "finished")
    assert state["result"] == "0-1" and state["termination"]["kind"] == "forfeit"
    assert state["termination"]["article"] == "Code 3.13.1"
    organiser.get(f"/events/{event_id}")  # the event reads its games' results
    t = tournament(client, event_id)
    assert str(t.rounds[0].pairings[0].results[0]) == "-/+"  # a forfeit, not a game
