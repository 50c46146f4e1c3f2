"""Events on the platform over HTTP: creation by organisers, registration, pairing, live
games whose results flow back, over-the-board results, standings, exports, and who may do
what (roles, CSRF, validation)."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from shashki.competition import Tournament
from shashki.server.accounts.models import Role, User
from shashki.server.core.web import Services
from shashki.server.events.models import EventGame, EventPlayer, EventRow

from .helpers import Visitor


def services(client: TestClient) -> Services:
    svc: Services = client.app.state.services  # type: ignore[attr-defined]
    return svc


def set_role(client: TestClient, name: str, role: Role) -> None:
    with services(client).db.session() as db:
        user = db.query(User).filter_by(username=name).one()
        user.role = role.value


def people(client: TestClient, *names: str) -> list[Visitor]:
    out = []
    for name in names:
        v = Visitor(client)
        v.signup(name)
        out.append(v)
    return out


def create_event(org: Visitor, **fields: str) -> int:
    data = {"name": "Spring Cup", "system": "berger", "mode": "live", "variant": "russian",
            "time_control": "45m", "scoring": "2-1-0", "tb1": "sonneborn-berger",
            "tb2": "wins", "rounds": "", "arbiter": ""}
    data.update(fields)
    r = org.form("/events", data, page="/events")
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def register(org: Visitor, event_id: int, *names: str) -> None:
    for name in names:
        r = org.form(f"/events/{event_id}/players", {"username": name},
                     page=f"/events/{event_id}")
        assert r.status_code == 303, r.text


def tournament(client: TestClient, event_id: int) -> Tournament:
    with services(client).db.session() as db:
        return Tournament.from_json(db.get(EventRow, event_id).data)  # type: ignore[union-attr]


def games_of(client: TestClient, event_id: int) -> list[EventGame]:
    with services(client).db.session() as db:
        return list(db.query(EventGame).filter_by(event_id=event_id)
                    .order_by(EventGame.round, EventGame.board, EventGame.game_no))


def test_a_live_round_robin_gets_its_results_from_the_games(client: TestClient,
                                                            org: Visitor) -> None:
    players = people(client, "anna", "boris", "vera", "gleb")
    event_id = create_event(org)
    register(org, event_id, "anna", "boris", "vera", "gleb")
    page = org.get(f"/events/{event_id}").text
    assert "Spring Cup" in page and "anna" in page and "Pair and publish round 1" in page
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    t = tournament(client, event_id)
    assert t.current_round == 1 and len(t.rounds[0].pairings) == 2
    assert t.draws and t.draws[0]["what"] == "numbers"  # drawn by lot (Code ch. IV)
    rows = games_of(client, event_id)
    assert len(rows) == 2
    version = org.get(f"/events/{event_id}/state").json()["version"]
    with services(client).db.session() as db:
        numbers = {p.number: p.user.username for p in db.query(EventPlayer)
                   .filter_by(event_id=event_id)}
    assert sorted(numbers.values()) == ["anna", "boris", "gleb", "vera"]
    assert {p.name for p in t.players} == set(numbers.values())
    assert all(numbers[p.number] == p.name for p in t.players)
    by_name = {v.name: v for v in players}
    page = by_name["anna"].get(f"/events/{event_id}").text
    assert 'id="your-games"' in page and "Your game:" in page
    assert 'id="your-games"' not in org.get(f"/events/{event_id}").text
    # Each game's Black resigns: the results come back into the tournament on their own.
    for eg in rows:
        data = by_name["anna"].get(f"/api/games/{eg.game_id}").json()
        black = by_name[data["black"]["name"]]
        r = black.api("POST", f"/api/games/{eg.game_id}/actions", {"type": "resign"})
        assert r.status_code == 200, r.text
    after = org.get(f"/events/{event_id}/state").json()  # the results came in
    assert after["round"] == 1 and after["version"] > version
    page = org.get(f"/events/{event_id}").text
    t = tournament(client, event_id)
    assert t.complete(1) and all(p.results == ["1-0"] for p in t.rounds[0].pairings)
    assert 'id="event-data"' in page and "/static/event.js" in page
    assert "Pair and publish round 2" in page
    assert re.search(r'<td class="pts">2</td>', page)
    # The exports: PDN with the event's name and round, TRF, CSV, JSON.
    pdn = org.get(f"/events/{event_id}/pdn").text
    assert pdn.count('[Event "Spring Cup"]') == 2 and '[Round "1"]' in pdn
    assert "resignation (Code 1.8.1)" in pdn
    assert org.get(f"/events/{event_id}/trf").text.startswith("012 Spring Cup")
    assert org.get(f"/events/{event_id}/standings.csv").text.startswith("place,number")
    doc = org.get(f"/events/{event_id}/standings.json").json()
    assert doc["standings"][0]["points"] == 2.0
    assert "Spring Cup" in org.get(f"/events/{event_id}/print").text
    pdf = org.get(f"/events/{event_id}/standings.pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_an_over_the_board_round_robin_to_its_final_table(client: TestClient,
                                                          org: Visitor) -> None:
    people(client, "anna", "boris", "vera")
    event_id = create_event(org, mode="otb", tb1="direct", tb2="")
    register(org, event_id, "anna", "boris", "vera")
    for rnd in (1, 2, 3):
        r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
        assert r.status_code == 303, r.text
        t = tournament(client, event_id)
        assert not games_of(client, event_id)  # over the board: no platform games
        for p in t.rounds[rnd - 1].pairings:
            r = org.form(f"/events/{event_id}/results",
                         {"round": str(rnd), "board": str(p.board), "game": "1",
                          "result": "1/2-1/2" if rnd == 2 else "1-0"},
                         page=f"/events/{event_id}/arbiter")
            assert r.status_code == 303, r.text
    t = tournament(client, event_id)
    assert t.complete() and t.current_round == 3
    page = org.get(f"/events/{event_id}").text
    assert "finished" in page and "Standings — final" in page
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 409  # every round is paired


def test_a_swiss_micromatch_event_starts_the_return_game(client: TestClient,
                                                         org: Visitor) -> None:
    players = people(client, "anna", "boris", "vera", "gleb")
    event_id = create_event(org, system="dutch", rounds="3", micromatch="on",
                            ballot="fmjd-russian", tb1="buchholz", tb2="")
    register(org, event_id, "anna", "boris", "vera", "gleb")
    org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    t = tournament(client, event_id)
    assert all(p.opening for p in t.rounds[0].pairings)  # balloted (Code 3.7.4)
    first = games_of(client, event_id)
    assert [g.game_no for g in first] == [1, 1]
    by_name = {v.name: v for v in players}
    data = by_name["anna"].get(f"/api/games/{first[0].game_id}").json()
    assert data["fen"] != "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    white = by_name[data["white"]["name"]]
    assert white.api("POST", f"/api/games/{first[0].game_id}/actions",
                     {"type": "resign"}).status_code == 200
    org.get(f"/events/{event_id}")
    rows = games_of(client, event_id)
    assert [(g.board, g.game_no) for g in rows] == [(1, 1), (1, 2), (2, 1)]
    second = by_name["anna"].get(f"/api/games/{rows[1].game_id}").json()
    assert second["white"]["name"] == data["black"]["name"]  # colours reversed
    assert tournament(client, event_id).rounds[0].pairings[0].results == ["0-1", None]


# --- who may do what ---------------------------------------------------------------------------


def test_only_organisers_create_events(client: TestClient, alice: Visitor,
                                       guest: Visitor) -> None:
    data = {"name": "Mine", "system": "berger", "mode": "live", "scoring": "2-1-0"}
    r = alice.form("/events", data, page="/events")
    assert r.status_code == 403 and "organiser" in r.text
    r = guest.form("/events", data, page="/login")  # a page with the visitor's token
    assert r.status_code == 401
    set_role(client, "alice", Role.ARBITER)
    assert alice.form("/events", data, page="/events").status_code == 403
    assert "Organisers create events" in alice.get("/events").text


def test_players_cannot_enter_results_or_arbitrate(client: TestClient, org: Visitor,
                                                   alice: Visitor, bob: Visitor,
                                                   carol: Visitor) -> None:
    event_id = create_event(org, mode="otb")
    register(org, event_id, "alice", "bob")
    org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    result = {"round": "1", "board": "1", "game": "1", "result": "1-0"}
    for who in (alice, bob, carol):
        r = who.form(f"/events/{event_id}/results", result, page=f"/events/{event_id}")
        assert r.status_code == 403
        assert who.get(f"/events/{event_id}/arbiter").status_code == 403
        assert who.get(f"/events/{event_id}/arbiter/state").status_code == 403
        r = who.form(f"/events/{event_id}/arbiter/sanctions",
                     {"player": "1", "kind": "warning", "reason": "talking"},
                     page=f"/events/{event_id}")
        assert r.status_code == 403
        r = who.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
        assert r.status_code == 403
        r = who.form(f"/events/{event_id}/players", {"username": "carol"},
                     page=f"/events/{event_id}")
        assert r.status_code == 403
        r = who.form(f"/events/{event_id}/withdrawals", {"player": "1"},
                     page=f"/events/{event_id}")
        assert r.status_code == 403
    assert tournament(client, event_id).rounds[0].pairings[0].results == [None]
    # An arbiter of another event is no arbiter here.
    set_role(client, "carol", Role.ARBITER)
    assert carol.get(f"/events/{event_id}/arbiter").status_code == 403
    # Another organiser does not manage this event.
    set_role(client, "carol", Role.ORGANISER)
    assert carol.form(f"/events/{event_id}/results", result,
                      page=f"/events/{event_id}").status_code == 403
    assert org.form(f"/events/{event_id}/results", result,
                    page=f"/events/{event_id}").status_code == 303


def test_the_named_arbiter_runs_the_event(client: TestClient, org: Visitor, alice: Visitor,
                                          bob: Visitor, carol: Visitor) -> None:
    set_role(client, "carol", Role.ARBITER)
    event_id = create_event(org, mode="otb", arbiter="carol")
    register(org, event_id, "alice", "bob")
    assert carol.form(f"/events/{event_id}/rounds", {},
                      page=f"/events/{event_id}").status_code == 303
    assert carol.get(f"/events/{event_id}/arbiter").status_code == 200
    r = carol.form(f"/events/{event_id}/results",
                   {"round": "1", "board": "1", "game": "1", "result": "+/-"},
                   page=f"/events/{event_id}/arbiter")
    assert r.status_code == 303
    assert tournament(client, event_id).rounds[0].pairings[0].results == ["+/-"]
    # but registering players is the organiser's
    assert carol.form(f"/events/{event_id}/players", {"username": "carol"},
                      page=f"/events/{event_id}").status_code == 403


def test_forms_need_the_csrf_token(client: TestClient, org: Visitor) -> None:
    people(client, "anna", "boris")
    event_id = create_event(org, mode="otb")
    for url, data in [("/events", {"name": "Forged", "system": "berger"}),
                      (f"/events/{event_id}/players", {"username": "anna"}),
                      (f"/events/{event_id}/rounds", {}),
                      (f"/events/{event_id}/results", {"round": "1", "board": "1",
                                                       "result": "1-0"}),
                      (f"/events/{event_id}/arbiter/sanctions",
                       {"player": "1", "kind": "remark", "reason": "noise"})]:
        r = org.post(url, data={**data, "csrf_token": "forged"}, follow_redirects=False)
        assert r.status_code == 403 and "expired" in r.text, url
        r = org.post(url, data=data, follow_redirects=False)
        assert r.status_code == 403, url
    assert not tournament(client, event_id).players


@pytest.mark.parametrize(("fields", "message"), [
    ({"name": "x"}, "3 to 120 characters"),
    ({"system": "knockout"}, "Unknown pairing system"),
    ({"mode": "mail"}, "where the games are played"),
    ({"scoring": "3-1-0"}, "Unknown scoring"),
    ({"system": "dutch", "rounds": "0"}, "1 to 30 rounds"),
    ({"system": "dutch", "rounds": "many"}, "Invalid value"),
    ({"tb1": "coin-toss"}, "Unknown tie-break coin-toss"),
    ({"time_control": "forever"}, "Bad time control"),
    ({"variant": "chess"}, "Unknown variant"),
    ({"micromatch": "on", "variant": "international"}, "ballot table"),
    ({"arbiter": "nobody"}, "no player called nobody"),
    ({"arbiter": "olga2"}, "does not have the arbiter"),
    ({"name": "<script>alert(1)</script>"}, None),
])
def test_event_creation_is_validated(client: TestClient, org: Visitor,
                                     fields: dict[str, str], message: str | None) -> None:
    people(client, "olga2")
    data = {"name": "Spring Cup", "system": "berger", "mode": "live", "variant": "russian",
            "time_control": "45m", "scoring": "2-1-0", "rounds": "", "arbiter": ""}
    data.update(fields)
    r = org.form("/events", data, page="/events")
    if message is None:  # accepted, and shown escaped
        assert r.status_code == 303
        page = org.get(r.headers["location"]).text
        assert "<script>alert" not in page and "&lt;script&gt;" in page
        return
    assert r.status_code == 422, r.text
    assert message in r.text


def test_registration_and_results_are_validated(client: TestClient, org: Visitor) -> None:
    people(client, "anna", "boris")
    event_id = create_event(org, mode="otb")
    register(org, event_id, "anna")
    r = org.form(f"/events/{event_id}/players", {"username": "anna"},
                 page=f"/events/{event_id}")
    assert r.status_code == 409 and "already registered" in r.text
    r = org.form(f"/events/{event_id}/players", {"username": "ghost"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422 and "no player called ghost" in r.text
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 409 and "two players" in r.text
    register(org, event_id, "boris")
    org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    for data, status, text in [
        ({"round": "1", "board": "1", "result": "3-0"}, 422, "Unknown result"),
        ({"round": "2", "board": "1", "result": "1-0"}, 422, "no round 2"),
        ({"round": "1", "board": "9", "result": "1-0"}, 422, "no board 9"),
        ({"round": "x", "board": "1", "result": "1-0"}, 422, "Invalid value"),
    ]:
        r = org.form(f"/events/{event_id}/results", data, page=f"/events/{event_id}")
        assert r.status_code == status and text in r.text, (data, r.text[-400:])
    r = org.form(f"/events/{event_id}/players", {"username": "carl"},
                 page=f"/events/{event_id}")
    assert r.status_code in (409, 422)
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 409 and "without a result" in r.text
    assert org.get("/events/999").status_code == 404


def test_a_player_joins_and_the_organiser_removes(client: TestClient, org: Visitor,
                                                  alice: Visitor) -> None:
    event_id = create_event(org)
    r = alice.form(f"/events/{event_id}/join", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    assert [p.name for p in tournament(client, event_id).players] == ["alice"]
    assert "Take part" not in alice.get(f"/events/{event_id}").text
    r = org.form(f"/events/{event_id}/players/1/remove", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    assert tournament(client, event_id).players == []
    doc = json.loads(org.get(f"/events/{event_id}/tournament.json").text)
    assert doc["format"] == "shashki-tournament"


def test_a_round_robin_player_who_leaves_loses_the_rest_by_forfeit(client: TestClient,
                                                                   org: Visitor) -> None:
    people(client, "anna", "boris", "vera", "gleb")
    event_id = create_event(org)
    register(org, event_id, "anna", "boris", "vera", "gleb")
    org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    rows = games_of(client, event_id)
    leaver = tournament(client, event_id).rounds[0].pairings[0].white
    page = org.get(f"/events/{event_id}").text
    assert 'id="withdraw-form"' in page and "/remove" not in page
    r = org.form(f"/events/{event_id}/withdrawals", {"player": str(leaver)},
                 page=f"/events/{event_id}")
    assert r.status_code == 303
    # Round 1 stands: its games are played (here: decided by the arbiter for White).
    for eg in rows:
        r = org.form(f"/events/{event_id}/arbiter/games/{eg.game_id}/decide",
                     {"decision": "white", "reason": "adjudicated"},
                     page=f"/events/{event_id}/arbiter")
        assert r.status_code == 303, r.text
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    t = tournament(client, event_id)
    forfeited = [p for p in t.rounds[1].pairings if leaver in (p.white, p.black)]
    assert len(forfeited) == 1
    p = forfeited[0]
    assert p.results == ["-/+" if p.white == leaver else "+/-"]
    # Only the other board is played on the platform.
    assert len(games_of(client, event_id)) == len(rows) + 1
    assert "withdrawn" in org.get(f"/events/{event_id}").text
    r = org.form(f"/events/{event_id}/withdrawals", {"player": str(leaver)},
                 page=f"/events/{event_id}")
    assert r.status_code == 409 and "already left" in r.text


def test_a_write_on_an_older_read_is_refused(client: TestClient, org: Visitor) -> None:
    """Optimistic locking: two writers of one event cannot overwrite each other."""
    from sqlalchemy.orm.exc import StaleDataError

    from shashki.server.events import service as ev_service

    people(client, "anna", "boris")
    event_id = create_event(org, mode="otb")
    db = services(client).db
    with db.sessions() as first, db.sessions() as second:
        a = ev_service.get_event(first, event_id)
        b = ev_service.get_event(second, event_id)
        ev_service.register(second, b, "boris")
        second.commit()
        t = ev_service.tournament(a)
        t.city = "Tikhvin"
        ev_service.save(a, t)
        with pytest.raises(StaleDataError):
            first.commit()
    assert [p.name for p in tournament(client, event_id).players] == ["boris"]


def test_a_swiss_round_without_the_absent(client: TestClient, org: Visitor) -> None:
    people(client, "anna", "boris", "vera", "gleb")
    event_id = create_event(org, system="dutch", rounds="3", mode="otb", tb1="buchholz", tb2="")
    register(org, event_id, "anna", "boris", "vera", "gleb")
    page = org.get(f"/events/{event_id}").text
    assert 'name="absent"' in page
    r = org.form(f"/events/{event_id}/rounds", {"absent": "3"}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    rnd = tournament(client, event_id).rounds[0]
    assert 3 not in {n for p in rnd.pairings for n in (p.white, p.black)}
    assert [(b.player, b.kind) for b in rnd.byes if b.player == 3] == [(3, "Z")]
    rr = create_event(org, name="Round robin", mode="otb")
    register(org, rr, "anna", "boris")
    r = org.form(f"/events/{rr}/rounds", {"absent": "1"}, page=f"/events/{rr}")
    assert r.status_code == 422 and "forfeits" in r.text
    r = org.form(f"/events/{rr}/rounds", {"absent": "x"}, page=f"/events/{rr}")
    assert r.status_code == 422
