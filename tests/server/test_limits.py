"""Load a hostile user can cause (docs/security.md, "Limits"): a flooding socket is closed
and costs the others nothing; legal moves on one's own turn are never rate-limited while
spam is; an acknowledgement never waits for the viewers, and a slow viewer gets the latest
state, not a queue of old ones."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

import shashki
from shashki.server.play.live import Frame
from shashki.server.play.ws import TOO_MANY, WsConnection

from .helpers import Visitor, play, receive, start_game

# sockets and fan-out in memory, above the store: CI runs these on SQLite only
pytestmark = pytest.mark.store_independent


def legal_game(plies: int) -> list[str]:
    """A legal Russian game: the last legal move each ply (by shashki's own generator)."""
    board = shashki.Board("russian")
    out = []
    for _ in range(plies):
        move = board.legal_moves[-1]
        out.append(board.move_text(move))
        board.push(move)
    return out


def test_a_flooding_socket_is_closed_and_the_game_goes_on(client: TestClient, alice: Visitor,
                                                           bob: Visitor, carol: Visitor) -> None:
    """The finding: one socket sending 200,000 messages pushed the other players' round
    trip to 1.7 s. Now it is closed (4429) after its budget; the players play on."""
    game_id = start_game(alice, bob)
    answered = 0
    with pytest.raises(WebSocketDisconnect) as e, carol.ws(game_id) as flood:
        receive(flood, "state")
        for _ in range(5000):
            flood.send_text('{"type":"state"}')
        for _ in range(5000):  # never more than it sent: an unlimited server answers all
            answered += flood.receive_json()["type"] == "state"
    # The server read at most its budget (60 at once, 20 a second) before it closed.
    assert e.value.code == TOO_MANY and answered < 200
    with alice.ws(game_id) as wa:
        receive(wa, "state")
        state = play(wa, "c3-d4", 0)
    assert state["ply"] == 1


def flood_until_closed(who: Visitor, game_id: int) -> int:
    with pytest.raises(WebSocketDisconnect) as e, who.ws(game_id) as flood:
        receive(flood, "state")
        for _ in range(200):
            flood.send_text('{"type":"state"}')
        while True:
            flood.receive_json()
    return e.value.code


def test_a_flooder_waits_before_his_next_socket(client: TestClient, alice: Visitor,
                                                 bob: Visitor, carol: Visitor) -> None:
    """A flooder reconnecting at once after each 4429 made the server open a socket, read
    the session and build a state every time (2,030 sockets in one load run). After his
    third close he is refused at the handshake (429, Retry-After) until his wait is over;
    the players from the same address, with their own sessions, are not."""
    game_id = start_game(alice, bob)
    for _ in range(3):
        assert flood_until_closed(carol, game_id) == TOO_MANY
    with pytest.raises(WebSocketDenialResponse) as refused, carol.ws(game_id):
        pass
    assert refused.value.status_code == 429
    assert int(refused.value.headers["retry-after"]) >= 1
    with alice.ws(game_id) as wa:
        receive(wa, "state")
        assert play(wa, "c3-d4", 0)["ply"] == 1


def test_fast_legal_moves_are_never_refused(client: TestClient, alice: Visitor,
                                            bob: Visitor) -> None:
    """The finding: the move limit (8 actions in 2 s) refused a legal move in quick play,
    and the move was lost. Here each player makes 18 legal moves as fast as he can."""
    game_id = start_game(alice, bob, time_control="")
    moves = legal_game(36)
    for ply, move in enumerate(moves):
        who = alice if ply % 2 == 0 else bob
        r = who.api("POST", f"/api/games/{game_id}/actions",
                    {"type": "move", "move": move, "ply": ply})
        assert r.status_code == 200, (ply, move, r.text)
    assert alice.get(f"/api/games/{game_id}").json()["ply"] == len(moves)


def test_spam_is_limited_but_a_legal_move_still_goes_through(client: TestClient,
                                                             alice: Visitor,
                                                             bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    api = f"/api/games/{game_id}/actions"
    codes = [alice.api("POST", api, {"type": "move", "move": "h3-h4"}).status_code
             for _ in range(10)]
    assert codes[:8] == [409] * 8 and codes[8:] == [429, 429]
    r = alice.api("POST", api, {"type": "offer"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    r = alice.api("POST", api, {"type": "move", "move": "c3-d4"})
    assert r.status_code == 200                      # her legal move on her turn
    for _ in range(3):                               # the opponent is not held back
        r = bob.api("POST", api, {"type": "offer"})
    assert bob.api("POST", api, {"type": "move", "move": "f6-g5"}).status_code == 200


class FakeSocket:
    """The part of a Starlette WebSocket a connection sends with."""

    def __init__(self, delay: float = 0.0) -> None:
        self.sent: list[dict[str, Any]] = []
        self.delay = delay

    async def send_text(self, text: str) -> None:
        await asyncio.sleep(self.delay)
        self.sent.append(json.loads(text))

    async def send_json(self, data: dict[str, Any]) -> None:
        self.sent.append(data)

    async def close(self, code: int = 1000) -> None:
        self.sent.append({"type": "closed", "code": code})


def test_a_slow_viewer_gets_the_latest_state() -> None:
    async def run() -> list[dict[str, Any]]:
        ws = FakeSocket(delay=0.05)
        conn = WsConnection(ws, flipped=False)  # type: ignore[arg-type]
        task = asyncio.get_running_loop().create_task(conn.run())
        for ply in range(10):                     # ten moves while one state is sent
            conn.offer(Frame({"type": "state", "ply": ply}))
            await asyncio.sleep(0.004)
        await asyncio.sleep(0.2)
        task.cancel()
        return ws.sent

    sent = asyncio.run(run())
    plies = [m["ply"] for m in sent]
    assert plies[-1] == 9 and len(plies) < 5 and plies == sorted(plies)


def test_a_frame_is_serialised_once_for_all_viewers() -> None:
    frame = Frame({"type": "state", "svg": "<svg/>" * 1000})
    assert frame.text is frame.text


def test_the_acknowledgement_does_not_wait_for_a_thousand_viewers(
        client: TestClient, alice: Visitor, bob: Visitor) -> None:
    """The finding: with 1,000 viewers the move's acknowledgement waited for the
    broadcast. Viewers now only get the state offered: a viewer that never reads does not
    hold the mover up."""
    game_id = start_game(alice, bob)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    lg = client.portal.call(hub.get, game_id)  # type: ignore[union-attr]

    class Stuck:
        flipped = False

        def __init__(self) -> None:
            self.offered: list[Frame] = []

        def offer(self, frame: Frame) -> None:
            self.offered.append(frame)

    viewers = [Stuck() for _ in range(1000)]
    lg.conns.update(viewers)
    r = alice.api("POST", f"/api/games/{game_id}/actions",
                  {"type": "move", "move": "c3-d4", "ply": 0})
    assert r.status_code == 200

    async def offered() -> None:  # the audience is offered a chunk a turn, after the ack
        if lg.fanout is not None:
            await lg.fanout

    client.portal.call(offered)  # type: ignore[union-attr]
    last = {id(v.offered[-1]) for v in viewers}
    assert len(last) == 1                          # one frame, one JSON text, for all
    assert viewers[0].offered[-1].data["ply"] == 1


class Viewer:
    """A viewer that records what it is offered."""

    def __init__(self, flipped: bool = False) -> None:
        self.flipped = flipped
        self.offers: list[dict[str, Any]] = []

    def offer(self, frame: Frame) -> None:
        self.offers.append(frame.data)


def test_a_large_audience_is_offered_a_chunk_at_a_time(tmp_path: Any) -> None:
    """1,000 viewers of one game: offering each a state woke 1,000 sender tasks in one turn
    of the event loop, and every other game's move arriving meanwhile waited for all of
    them. Now the two players are offered it at once and the audience a chunk a turn; the
    other games run between the chunks; a newer state supersedes the older one for those
    not reached yet, a message that is not a state is never dropped."""
    from shashki.game import Game
    from shashki.server.core.db import Database
    from shashki.server.core.settings import Settings
    from shashki.server.play.live import FANOUT_CHUNK, Hub, LiveGame, Timebase

    async def run() -> tuple[list[Viewer], list[Viewer], list[int]]:
        url = f"sqlite:///{tmp_path / 'fan.db'}"
        hub = Hub(Database(url, create=True), Settings(database_url=url))
        lg = LiveGame(id=1, variant="russian", time_control="", white_id=1, black_id=2,
                      white_name="a", black_name="b", game=Game("russian"),
                      tb=Timebase(0.0), created_at=0.0)
        players = [Viewer(), Viewer(flipped=True)]
        audience = [Viewer(flipped=i % 2 == 1) for i in range(1000)]
        lg.conns.update(players + audience)
        lg.players.update(players)
        reached: list[int] = []

        async def other_game() -> None:
            reached.append(sum(1 for v in audience if v.offers))

        hub._send_all(lg, lambda flipped: Frame({"type": "state", "ply": 1}))
        assert [v.offers for v in players] == [[{"type": "state", "ply": 1}]] * 2
        await asyncio.sleep(0)
        await asyncio.sleep(0)        # the pass of ply 1 is under way
        asyncio.get_running_loop().create_task(other_game())
        hub._send_all(lg, lambda flipped: Frame({"type": "state", "ply": 2}))
        hub.tell(lg, {"type": "rematch"})
        assert lg.fanout is not None
        await lg.fanout
        return players, audience, reached

    players, audience, reached = asyncio.run(run())
    assert 0 < reached[0] < len(audience)      # the other game ran between the chunks
    assert reached[0] % FANOUT_CHUNK == 0
    for v in players + audience:
        assert v.offers[-2:] == [{"type": "state", "ply": 2}, {"type": "rematch"}]
        assert {"type": "state", "ply": 1} not in v.offers[v.offers.index(
            {"type": "state", "ply": 2}):]
    assert sum(1 for v in audience if {"type": "state", "ply": 1} in v.offers) < 1000
