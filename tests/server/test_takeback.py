"""Takebacks in casual games (docs/rules.md L4): a player proposes to take back his last
move (and the reply, when the opponent has replied), the opponent accepts or declines;
never in a rated or an event's game, where a move made stands (Code 1.4.6)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from shashki import Board
from shashki.server.accounts.models import Role
from shashki.server.play import models as m
from shashki.server.play import store
from shashki.server.play.live import LiveGame

from .helpers import Visitor, receive, start_game, until
from .ratings.test_ratings import rated_game
from .test_events import create_event, games_of, people, register, set_role

MOVES = ["c3-d4", "f6-g5", "g3-f4", "g7-f6"]


def act(who: Visitor, game_id: int, kind: str, move: str | None = None) -> dict[str, object]:
    body = {"type": kind} if move is None else {"type": kind, "move": move}
    r = who.api("POST", f"/api/games/{game_id}/actions", body)
    assert r.status_code == 200, r.text
    state: dict[str, object] = r.json()["state"]
    return state


def refused(who: Visitor, game_id: int, kind: str) -> dict[str, str]:
    r = who.api("POST", f"/api/games/{game_id}/actions", {"type": kind})
    assert r.status_code in (403, 409), r.text
    out: dict[str, str] = r.json()
    return out


def played(game_id: int, white: Visitor, black: Visitor, moves: list[str]) -> None:
    for i, move in enumerate(moves):
        act(white if i % 2 == 0 else black, game_id, "move", move)


def fen_after(moves: list[str]) -> str:
    """The position the library reaches by these moves (not the hub's)."""
    board = Board("russian")
    for text in moves:
        board.push_text(text)
    return board.fen()


def test_a_takeback_of_ones_last_move(client: TestClient, alice: Visitor, bob: Visitor,
                                      carol: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="5m+3s")
    played(game_id, alice, bob, MOVES[:3])
    with carol.ws(game_id) as watcher:  # a spectator sees it all
        until(watcher, lambda s: s["ply"] == 3)
        state = act(alice, game_id, "takeback")  # she moved last: her move alone
        assert state["takeback"] == {"by": "white", "plies": 1, "article": "Platform L4"}
        seen = until(watcher, lambda s: s["takeback"] is not None)
        assert seen["takeback"]["by"] == "white"
        before = bob.get(f"/api/games/{game_id}").json()["clock"]
        state = act(bob, game_id, "takeback_accept")
        back = until(watcher, lambda s: s["ply"] == 2)
    for s in (state, back):
        assert s["fen"] == fen_after(MOVES[:2]) and s["turn"] == "white"
        assert [mv["text"] for mv in s["moves"]] == MOVES[:2]  # type: ignore[index]
        assert s["takeback"] is None
    # The clocks are not turned back: Black's stopped where it was, White's runs now.
    clock = back["clock"]
    assert clock["running"] == "white"
    assert clock["black"] <= before["black"] and clock["white"] == pytest.approx(
        before["white"], abs=0.5)
    events = [e["action"] for e in back["events"]]
    assert events[-2:] == ["takeback", "taken back"]
    # The game goes on from there, with another move.
    act(alice, game_id, "move", "a3-b4")
    state = act(bob, game_id, "move", "g7-f6")
    assert state["fen"] == fen_after([*MOVES[:2], "a3-b4", "g7-f6"])


def test_after_the_reply_both_plies_go_back_and_the_record_replays(
        client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob, time_control="5m+3s")
    played(game_id, alice, bob, MOVES)
    state = act(alice, game_id, "takeback")  # Black replied: her move and the reply
    assert state["takeback"]["plies"] == 2  # type: ignore[index]
    state = act(bob, game_id, "takeback_accept")
    assert state["ply"] == 2 and state["turn"] == "white"
    assert state["fen"] == fen_after(MOVES[:2])
    line = [*MOVES[:2], "a3-b4", "e7-f6"]  # another line from there
    act(alice, game_id, "move", line[2])
    state = act(bob, game_id, "move", line[3])
    assert state["fen"] == fen_after(line)
    # Recorded: the taken back moves stay in the history, marked; the game rebuilt from
    # the database is the game in memory, position, moves and clocks.
    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.session() as s:
        rows = list(s.scalars(select(m.Move).where(m.Move.game_id == game_id)
                              .order_by(m.Move.seq)))
        assert [(r.text, r.taken_back) for r in rows] == [
            ("c3-d4", False), ("f6-g5", False), ("g3-f4", True), ("g7-f6", True),
            ("a3-b4", False), ("e7-f6", False)]
        [ev] = s.scalars(select(m.Event).where(m.Event.game_id == game_id,
                                               m.Event.action == "takeback_accept"))
        assert ev.detail == "g3-f4 g7-f6" and ev.article == "Platform L4"
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.games[game_id]
    again = LiveGame.rebuild(store.load_game(db, game_id), hub.offset)
    assert not again.mismatches
    assert again.game.board.fen() == live.game.board.fen() == fen_after(line)
    assert [mi.text for mi in again.moves] == line
    t = hub.now()
    for g in (live, again):
        g.tb.frozen = t
    try:
        a, b = again.clock_state(), live.clock_state()
        assert a is not None and b is not None and a["running"] == b["running"] == "white"
        assert (a["white"], a["black"]) == pytest.approx((b["white"], b["black"]), abs=1e-6)
        assert again.game.clock.moves == live.game.clock.moves == [2, 2]
    finally:
        for g in (live, again):
            g.tb.frozen = None
    pdn = alice.get(f"/games/{game_id}/pdn").text
    assert "g3-f4" not in pdn and "a3-b4" in pdn


def test_proposals_answered_withdrawn_and_refused(client: TestClient, alice: Visitor,
                                                 bob: Visitor, carol: Visitor) -> None:
    game_id = start_game(alice, bob)
    played(game_id, alice, bob, MOVES[:2])
    # Not back before both players' first moves (L1's abort covers those).
    assert refused(alice, game_id, "takeback")["error"] == "takeback_not_now"
    assert refused(bob, game_id, "takeback")["error"] == "takeback_not_now"
    act(alice, game_id, "move", MOVES[2])
    assert refused(bob, game_id, "takeback_accept")["error"] == "no_takeback_offer"
    act(alice, game_id, "takeback")
    assert refused(alice, game_id, "takeback_accept")["error"] == "no_takeback_offer"
    assert refused(carol, game_id, "takeback_accept")["error"] == "not_a_player"
    state = act(bob, game_id, "takeback_decline")
    assert state["takeback"] is None and state["ply"] == 3
    assert refused(alice, game_id, "takeback")["error"] == "takeback_not_now"  # not twice
    # A move withdraws a proposal: Bob proposes, then Alice moves instead of answering.
    act(bob, game_id, "move", MOVES[3])
    act(bob, game_id, "takeback")
    state = act(alice, game_id, "move", "a3-b4")
    assert state["takeback"] is None and state["ply"] == 5
    assert refused(alice, game_id, "takeback_accept")["error"] == "no_takeback_offer"


def test_no_takeback_in_rated_or_event_games(client: TestClient, alice: Visitor,
                                             bob: Visitor) -> None:
    game_id = rated_game(alice, bob)
    played(game_id, alice, bob, MOVES[:3])
    err = refused(alice, game_id, "takeback")
    assert err["error"] == "no_takeback" and "Code 1.4.6" in err["message"]
    assert alice.get(f"/api/games/{game_id}").json()["takebacks"] is False
    assert 'data-action="takeback"' not in alice.get(f"/games/{game_id}").text
    # an event's game: the Code's rules
    organiser = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    anna, boris = people(client, "anna", "boris")
    event_id = create_event(organiser, time_control="10m", tb1="", tb2="")
    register(organiser, event_id, "anna", "boris")
    r = organiser.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    [row] = games_of(client, event_id)
    state = anna.get(f"/api/games/{row.game_id}").json()
    white, black = (anna, boris) if state["white"]["name"] == "anna" else (boris, anna)
    played(row.game_id, white, black, MOVES[:3])
    assert refused(white, row.game_id, "takeback")["error"] == "no_takeback"


def test_over_the_socket(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    played(game_id, alice, bob, MOVES[:3])
    with alice.ws(game_id) as wa, bob.ws(game_id) as wb:
        until(wa, lambda s: s["ply"] == 3)
        until(wb, lambda s: s["ply"] == 3)
        wa.send_json({"type": "takeback", "ply": 3, "id": 1})
        assert receive(wa, "ack")["id"] == 1
        until(wb, lambda s: s["takeback"] is not None)
        wb.send_json({"type": "takeback_accept", "ply": 3, "id": 2})
        assert receive(wb, "ack")["ply"] == 2
        state = until(wa, lambda s: s["ply"] == 2)
    assert state["fen"] == fen_after(MOVES[:2])


def test_over_rest_endpoints(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob)
    played(game_id, alice, bob, MOVES[:3])
    r = alice.api("POST", f"/api/games/{game_id}/takeback/propose", {"ply": 3})
    assert r.status_code == 200 and r.json()["state"]["takeback"]["by"] == "white"
    r = bob.api("POST", f"/api/games/{game_id}/takeback/decline", {"ply": 3})
    assert r.status_code == 200 and r.json()["state"]["takeback"] is None
    r = bob.api("POST", f"/api/games/{game_id}/takeback/accept", {})
    assert r.status_code == 409 and r.json()["error"] == "no_takeback_offer"
    act(bob, game_id, "move", MOVES[3])
    r = bob.api("POST", f"/api/games/{game_id}/takeback/propose")
    assert r.status_code == 200
    r = alice.api("POST", f"/api/games/{game_id}/takeback/accept")
    assert r.status_code == 200 and r.json()["state"]["ply"] == 3
    assert r.json()["state"]["fen"] == fen_after(MOVES[:3])
