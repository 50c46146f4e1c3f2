"""The players' news channel (``/ws/notifications``, :mod:`shashki.server.core.notify`):
a player is told when an event's round starts his game and when it is his move in
correspondence (and, if he asked for it, by e-mail); live play's moves cost it nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from shashki.correspondence import SimulatedClock
from shashki.server.accounts.models import Role

from .helpers import Visitor, start_game
from .services import Inbox
from .test_correspondence import act as corr_act
from .test_correspondence import new_game as corr_game
from .test_events import create_event, games_of, people, register, set_role


@contextmanager
def news(v: Visitor, csrf: bool = True) -> Iterator[WebSocketTestSession]:
    """``v``'s news channel, as his pages open it."""
    v.client.cookies = v.jar
    q = f"?csrf={v.csrf}" if csrf else ""
    try:
        with v.client.websocket_connect(f"/ws/notifications{q}") as ws:
            v.client.cookies = httpx.Cookies()
            yield ws
    finally:
        v.client.cookies = httpx.Cookies()


def test_an_events_round_tells_its_players(client: TestClient) -> None:
    organiser = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    anna, boris = people(client, "anna", "boris")
    event_id = create_event(organiser, time_control="10m", tb1="", tb2="")
    register(organiser, event_id, "anna", "boris")
    with news(anna) as wa, news(boris) as wb:
        r = organiser.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
        assert r.status_code == 303, r.text
        [row] = games_of(client, event_id)
        for ws in (wa, wb):
            assert ws.receive_json() == {"kind": "started", "game": row.game_id,
                                         "url": f"/games/{row.game_id}"}


def test_only_a_logged_in_page_with_its_token_listens(client: TestClient, alice: Visitor,
                                                      guest: Visitor) -> None:
    for who, csrf in ((guest, True), (alice, False)):
        try:
            with news(who, csrf=csrf) as ws:
                ws.receive_json()
        except WebSocketDisconnect as e:
            assert e.code == 4401
        else:
            raise AssertionError("the channel was opened")


def test_a_correspondence_move_tells_the_opponent_and_mails_him_if_he_asked(
        client: TestClient, alice: Visitor, bob: Visitor,
        corr: tuple[SimulatedClock, Inbox]) -> None:
    clock, box = corr
    with news(alice) as wa:
        game = corr_game(alice, bob)  # Bob accepts Alice's invitation: her game starts
        assert wa.receive_json() == {"kind": "started", "game": game, "url": f"/corr/{game}"}
    with news(bob) as wb:
        corr_act(alice, game, "move", move="c3-d4")
        assert wb.receive_json() == {"kind": "turn", "game": game, "url": f"/corr/{game}"}
    assert box.to("bob@example.org") == []  # he did not ask for mail
    r = bob.form("/settings/account", {"email": "bob@example.org", "language": "en",
                                       "turn_mail": "1"}, page="/settings")
    assert r.status_code == 303, r.text
    assert 'name="turn_mail" value="1" checked' in bob.get("/settings").text
    clock.advance(days=1)
    corr_act(bob, game, "move", move="f6-g5")
    assert box.to("bob@example.org") == []  # his own move: nothing to tell him
    corr_act(alice, game, "move", move="g3-f4")
    [mail] = box.to("bob@example.org")
    assert "g3-f4" in str(mail.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert box.to("alice@example.org") == []  # she did not ask


def test_live_moves_cost_the_channel_nothing(client: TestClient, alice: Visitor,
                                             bob: Visitor) -> None:
    notifier: Any = client.app.state.notifier  # type: ignore[attr-defined]
    with news(alice) as wa, news(bob):
        game_id = start_game(alice, bob)
        assert wa.receive_json()["url"] == f"/games/{game_id}"  # the game started
        told = notifier.told
        for i, move in enumerate(["c3-d4", "f6-g5", "g3-f4", "g7-f6"]):
            who = alice if i % 2 == 0 else bob
            r = who.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
            assert r.status_code == 200, r.text
        assert notifier.told == told  # nothing handed to anyone's pages for a move
