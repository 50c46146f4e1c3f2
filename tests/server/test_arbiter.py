"""The arbiter's console over HTTP: threefold claims in an event's games are held for the
arbiter (Code 1.9.2), shown with their evidence and ruled on from the record; clocks are
changed, games decided with their article, sanctions recorded (Code «Санкции»); and all of
it survives the game being rebuilt from the database."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from shashki.server.accounts.models import Role
from shashki.server.events.models import Sanction
from shashki.server.play import models as m

from .helpers import Visitor
from .test_events import create_event, games_of, register, services, set_role, tournament

KINGS = "W:WKc1,Ke1:BKd8,Kf8"
SHUFFLE = ["c1-d2", "f8-g7", "d2-c1", "g7-f8"]


def event_game(client: TestClient, org: Visitor, *players: Visitor,
               **fields: str) -> tuple[int, int, Visitor, Visitor]:
    """A live two-player event from a thematic position; its one game, White, Black."""
    data = {"fen": KINGS, "time_control": "5m", "mode": "live"}
    data.update(fields)
    event_id = create_event(org, **data)
    register(org, event_id, *(p.name for p in players))
    assert org.form(f"/events/{event_id}/rounds", {},
                    page=f"/events/{event_id}").status_code == 303
    game_id = games_of(client, event_id)[0].game_id
    state = players[0].get(f"/api/games/{game_id}").json()
    by_name = {p.name: p for p in players}
    return event_id, game_id, by_name[state["white"]["name"]], by_name[state["black"]["name"]]


def organiser(client: TestClient) -> Visitor:
    v = Visitor(client)
    v.signup("olga")
    set_role(client, "olga", Role.ORGANISER)
    return v


def shuffle(game_id: int, white: Visitor, black: Visitor, moves: list[str]) -> None:
    for ply, move in enumerate(moves):
        player = white if ply % 2 == 0 else black
        r = player.api("POST", f"/api/games/{game_id}/actions",
                       {"type": "move", "move": move, "ply": ply})
        assert r.status_code == 200, r.text


def rebuild(client: TestClient, game_id: int) -> dict[str, object]:
    """Forget the game in memory and load it again from the database."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.games.pop(game_id, None)

    async def load() -> dict[str, object]:
        lg = await hub.get(game_id)
        return lg.state()

    return client.portal.call(load)  # type: ignore[union-attr]


def test_an_arbiter_upholds_a_threefold_claim(client: TestClient, alice: Visitor,
                                              bob: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    shuffle(game_id, white, black, SHUFFLE * 2)
    r = white.api("POST", f"/api/games/{game_id}/actions", {"type": "claim"})
    assert r.status_code == 200
    state = r.json()["state"]
    # Held for the arbiter: the game goes on being checked, nobody may move.
    assert state["status"] == "live" and state["claim"]["by"] == "white"
    r = white.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "c1-b2"})
    assert r.status_code in (400, 409), r.text
    assert "arbiter must rule" in r.json()["message"]
    # The players cannot rule on it themselves.
    for p in (white, black):
        assert p.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
                      page=f"/events/{event_id}").status_code == 403
        r = p.api("POST", f"/api/games/{game_id}/actions", {"type": "rule"})
        assert r.status_code == 403
    # The console shows the claim with its evidence: the position at plies 0, 4 and 8.
    page = org.get(f"/events/{event_id}/arbiter").text
    assert "Claims to rule on (1)" in page
    assert "3 times, at plies 0, 4, 8" in page
    assert page.count('<figure class="diagram">') == 3
    assert "The record confirms it" in page and "Code 1.9.1.7" in page
    data = org.get(f"/events/{event_id}/arbiter/state").json()
    assert data["games"][0]["claim"]["plies"] == [0, 4, 8]
    # It survives a rebuild from the database.
    assert rebuild(client, game_id)["claim"] == {"by": "white", "article": "Code 1.9.2",
                                                 "written": None}
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
                 page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    state = white.get(f"/api/games/{game_id}").json()
    assert state["termination"]["kind"] == "verified claim"
    assert state["termination"]["article"] == "Code 1.9.1.7"
    assert state["result"] == "1/2-1/2"
    org.get(f"/events/{event_id}")
    assert tournament(client, event_id).rounds[0].pairings[0].results == ["1/2-1/2"]
    assert rebuild(client, game_id)["result"] == "1/2-1/2"
    with services(client).db.session() as db:
        actions = [e.action for e in db.query(m.Event).filter_by(game_id=game_id)
                   .order_by(m.Event.seq)]
    assert actions == ["held claim", "rule"]


def test_a_false_claim_with_a_written_move_is_rejected(client: TestClient, alice: Visitor,
                                                       bob: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob,
                                                 time_control="70m/35 + 15m")
    shuffle(game_id, white, black, SHUFFLE[:2])
    # The console counts the moves made and due at the time control (Code 3.9.1).
    page = org.get(f"/events/{event_id}/arbiter").text
    assert "moves made: 1, to the control: 34" in page
    r = white.api("POST", f"/api/games/{game_id}/actions", {"type": "claim", "move": "d2-e3"})
    assert r.json()["state"]["claim"]["written"] == "d2-e3"
    page = org.get(f"/events/{event_id}/arbiter").text
    assert "does not show a threefold repetition" in page and "Written, not played: d2-e3" in page
    org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
             page=f"/events/{event_id}/arbiter")
    state = white.get(f"/api/games/{game_id}").json()
    assert state["status"] == "live" and state["claim"] is None
    assert [mv["text"] for mv in state["moves"]] == ["c1-d2", "f8-g7", "d2-e3"]
    assert [e["action"] for e in state["events"]] == ["claim", "claim rejected"]
    assert rebuild(client, game_id)["ply"] == 3
    # Nothing to rule on now.
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
                 page=f"/events/{event_id}/arbiter")
    assert r.status_code == 409 and "no claim is pending" in r.text


def test_casual_games_still_rule_claims_at_once(client: TestClient, alice: Visitor,
                                                bob: Visitor) -> None:
    from .helpers import start_game

    game_id = start_game(alice, bob, fen=KINGS)
    shuffle(game_id, alice, bob, SHUFFLE * 2)
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "claim"})
    assert r.json()["state"]["termination"]["article"] == "Code 1.9.1.7"


def test_time_adjustments_and_decisions(client: TestClient, alice: Visitor,
                                        bob: Visitor) -> None:
    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob)
    before = white.get(f"/api/games/{game_id}").json()["clock"]["black"]
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/adjust",
                 {"color": "black", "seconds": "120", "basis": "Code 3.7.3",
                  "reason": "late arrival"}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    state = white.get(f"/api/games/{game_id}").json()
    assert 119 < state["clock"]["black"] - before <= 120.5
    assert state["events"][-1]["action"] == "adjust"
    assert state["events"][-1]["article"] == "Code 3.7.3"
    assert abs(rebuild(client, game_id)["clock"]["black"]  # type: ignore[index]
               - state["clock"]["black"]) < 2
    for bad in ({"color": "red", "seconds": "5", "basis": "Code 3.7.3"},
                {"color": "white", "seconds": "lots", "basis": "Code 3.7.3"},
                {"color": "white", "seconds": "0", "basis": "Code 3.7.3"},
                {"color": "white", "seconds": "5", "basis": "whim"}):
        r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/adjust", bad,
                     page=f"/events/{event_id}/arbiter")
        assert r.status_code == 422, bad
    for p in (white, black):
        r = p.form(f"/events/{event_id}/arbiter/games/{game_id}/adjust",
                   {"color": "white" if p is white else "black", "seconds": "600",
                    "basis": "Code 3.7.3"}, page=f"/events/{event_id}")
        assert r.status_code == 403
        r = p.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                   {"decision": "white"}, page=f"/events/{event_id}")
        assert r.status_code == 403
    # Black never came: a forfeit for lateness (Code 3.13.1) is "+/-" in the event.
    r = org.form(f"/events/{event_id}/arbiter/games/{game_id}/decide",
                 {"decision": "forfeit-white", "reason": "Black absent"},
                 page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    state = white.get(f"/api/games/{game_id}").json()
    assert state["termination"]["kind"] == "arbiter's decision"
    assert state["termination"]["article"] == "Code 3.13.1"
    org.get(f"/events/{event_id}")
    assert tournament(client, event_id).rounds[0].pairings[0].results == ["+/-"]


def test_a_game_of_another_event_is_not_reachable(client: TestClient, alice: Visitor,
                                                  bob: Visitor, carol: Visitor) -> None:
    org = organiser(client)
    _, game_id, _, _ = event_game(client, org, alice, bob)
    other = create_event(org, name="Other Cup")
    r = org.form(f"/events/{other}/arbiter/games/{game_id}/rule", {},
                 page=f"/events/{other}/arbiter")
    assert r.status_code == 404


def test_sanctions_are_recorded_and_a_loss_ends_the_game(client: TestClient,
                                                         alice: Visitor, bob: Visitor,
                                                         carol: Visitor) -> None:
    org = organiser(client)
    set_role(client, "carol", Role.ARBITER)
    event_id, game_id, white, black = event_game(client, org, alice, bob, arbiter="carol",
                                                 system="dutch", rounds="2")
    numbers = {p.name: p.number for p in tournament(client, event_id).players}
    url = f"/events/{event_id}/arbiter/sanctions"
    r = carol.form(url, {"player": str(numbers[white.name]), "kind": "warning",
                         "reason": "talked during the game"}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    page = carol.get(f"/events/{event_id}/arbiter").text
    assert "warning</strong> — " + white.name + ": talked during the game" in page
    assert re.search(r"carol, <time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC</time>", page)
    for bad in ({"player": "1", "kind": "fine", "reason": "late"},
                {"player": "1", "kind": "remark", "reason": ""},
                {"player": "99", "kind": "remark", "reason": "noise"}):
        r = carol.form(url, bad, page=f"/events/{event_id}/arbiter")
        assert r.status_code in (404, 422), bad
    r = carol.form(url, {"player": str(numbers[black.name]), "kind": "loss",
                         "reason": "used a phone"}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    state = white.get(f"/api/games/{game_id}").json()
    assert state["result"] == "1-0"
    assert state["termination"]["article"] == "Code «Санкции»"
    assert "loss: used a phone" in state["termination"]["detail"]
    carol.get(f"/events/{event_id}")
    t = tournament(client, event_id)
    assert t.rounds[0].pairings[0].results == ["1-0"]
    r = carol.form(url, {"player": str(numbers[black.name]), "kind": "exclusion",
                         "reason": "second offence"}, page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    t = tournament(client, event_id)
    assert t.player(numbers[black.name]).withdrawn == 2
    with services(client).db.session() as db:
        kinds = [(s.kind, s.article, s.game_id) for s in db.query(Sanction).order_by(Sanction.id)]
    assert kinds == [("warning", "Code «Санкции»", None),
                     ("loss", "Code «Санкции»", game_id),
                     ("exclusion", "Code «Санкции»", None)]
    assert "withdrawn" in carol.get(f"/events/{event_id}").text


def test_a_claim_upheld_is_a_draw_even_if_the_flag_fell_meanwhile(
        client: TestClient, alice: Visitor, bob: Visitor) -> None:
    """Item 13: while the arbiter checks, the claimant's clock runs and his flag may fall;
    the server does not end the game meanwhile, and an upheld claim is a draw."""
    import time

    org = organiser(client)
    event_id, game_id, white, black = event_game(client, org, alice, bob, time_control="3s")
    shuffle(game_id, white, black, SHUFFLE * 2)
    state = white.api("POST", f"/api/games/{game_id}/actions",
                      {"type": "claim"}).json()["state"]
    assert state["clock"]["running"] == "white"
    time.sleep(state["clock"]["white"] + 0.4)
    state = white.get(f"/api/games/{game_id}").json()
    assert state["status"] == "live" and state["claim"] is not None
    assert state["clock"]["white"] == 0
    org.form(f"/events/{event_id}/arbiter/games/{game_id}/rule", {},
             page=f"/events/{event_id}/arbiter")
    state = white.get(f"/api/games/{game_id}").json()
    assert state["result"] == "1/2-1/2" and state["termination"]["article"] == "Code 1.9.1.7"
