"""Events' JSON API (``/api/events``): an organiser creates a Swiss, registers players with
the ratings he enters, records byes asked for before a round (H, Z, F), pairs, enters
results (a double forfeit too) and reads the standings; who may do what; refused inputs
name their field; the event page's bye form and rating field; and the 41-player, 9-round
Dutch Swiss of ``shared/data/swiss-dutch`` played through the API, each round's pairing
equal to bbpPairings'."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.journeys import swiss
from tests.journeys.organiser_api import play_swiss_api

from .helpers import Visitor
from .test_events import people, tournament


def token_of(v: Visitor) -> str:
    r = v.api("POST", "/api/tokens", {"name": "organiser's program"})
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


class Bearer:
    """A program with an API token: no cookie, no CSRF token."""

    def __init__(self, client: TestClient, token: str) -> None:
        self.client = client
        self.headers = {"Authorization": f"Bearer {token}"}

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        self.client.cookies = httpx.Cookies()
        r: httpx.Response = self.client.post(path, json=body, headers=self.headers)
        return r

    def get(self, path: str) -> httpx.Response:
        self.client.cookies = httpx.Cookies()
        r: httpx.Response = self.client.get(path, headers=self.headers)
        return r


def new_swiss(api: Bearer, **fields: Any) -> int:
    body = {"name": "Autumn Swiss", "system": "dutch", "rounds": 3, "scoring": "2-1-0",
            "mode": "otb", "first_color": "black", **fields}
    r = api.post("/api/events", body)
    assert r.status_code == 201, r.text
    ev = r.json()
    assert ev["system"] == "dutch" and ev["mode"] == "otb" and ev["rounds_planned"] == 3
    assert ev["first_color"] == "black" and ev["players"] == [] and ev["rounds"] == []
    event_id: int = ev["id"]
    return event_id


def test_an_organiser_runs_a_swiss_through_the_api(client: TestClient, org: Visitor) -> None:
    api = Bearer(client, token_of(org))
    event_id = new_swiss(api)
    base = f"/api/events/{event_id}"
    ratings = {"anna": 1500, "boris": 2400, "vera": 1800, "gleb": 2100, "dina": 1600,
               "egor": 2000, "zoya": 1700}
    for name, rating in ratings.items():
        r = api.post(f"{base}/players", {"username": name, "rating": rating, "create": True})
        assert r.status_code == 201, r.text
        got = r.json()
        assert got["username"] == name and got["rating"] == rating and got["password"]
    people(client, "ivan")  # an account of his own: no password in the answer
    r = api.post(f"{base}/players", {"username": "ivan"})
    assert r.status_code == 201 and "password" not in r.json()
    assert r.json()["rating"] == 0  # no platform rating yet, none entered
    ev = api.get(base).json()
    assert [(p["number"], p["name"], p["rating"]) for p in ev["players"]] == [
        (i, n, r) for i, (n, r) in enumerate([*ratings.items(), ("ivan", 0)], 1)]

    # round 1: byes of each kind asked for before it
    for player, kind in ((1, "H"), (5, "Z"), (8, "F")):
        r = api.post(f"{base}/byes", {"player": player, "round": 1, "kind": kind})
        assert r.status_code == 201, r.text
    assert r.json()["byes_requested"] == [{"player": 1, "kind": "H"}, {"player": 5, "kind": "Z"},
                                          {"player": 8, "kind": "F"}]
    assert api.get(base).json()["byes_requested"] == [
        {"round": 1, "player": 1, "kind": "H"}, {"round": 1, "player": 5, "kind": "Z"},
        {"round": 1, "player": 8, "kind": "F"}]
    r = api.post(f"{base}/rounds", {})
    assert r.status_code == 201, r.text
    rnd = r.json()
    assert rnd["round"] == 1 and len(rnd["pairings"]) == 2
    assert rnd["bye"] == 7  # five to pair: the lowest-rated (zoya) has the pairing bye
    assert sorted((b["player"], b["kind"], b["points"]) for b in rnd["byes"]) == [
        (1, "H", 1.0), (5, "Z", 0.0), (7, "PAB", 2.0), (8, "F", 2.0)]
    paired = {n for b in rnd["pairings"] for n in (b["white"], b["black"])}
    assert paired == {2, 3, 4, 6}
    # the top seed (boris, 2400) has the first colour, black, on board 1
    board1 = rnd["pairings"][0]
    assert board1["board"] == 1 and board1["black"] == 2
    shown = api.get(f"{base}/rounds/1/pairings").json()
    assert shown == rnd
    assert shown["text"].splitlines() == ["3", *(f"{b['white']} {b['black']}"
                                                  for b in rnd["pairings"]), "7 0"]
    # results: a win and a double forfeit (Code 3.13.3)
    r = api.post(f"{base}/results", {"round": 1, "board": 1, "result": "2-0"})
    assert r.status_code == 200, r.text
    r = api.post(f"{base}/results", {"round": 1, "board": 2, "result": "0-0"})
    assert r.status_code == 200, r.text
    assert [b["results"] for b in r.json()["pairings"]] == [["1-0"], ["-/-"]]
    assert r.json()["complete"]
    t = tournament(client, event_id)
    assert t.rounds[0].pairings[1].results == ["-/-"]

    # round 2: seven to pair, another pairing-allocated bye
    r = api.post(f"{base}/byes", {"player": 3, "kind": "H"})  # the next round by default
    assert r.status_code == 201 and r.json()["round"] == 2
    rnd = api.post(f"{base}/rounds", {}).json()
    assert rnd["round"] == 2 and rnd["bye"] not in (None, 7, 3)
    assert rnd["text"].splitlines()[-1] == f"{rnd['bye']} 0"
    for b in rnd["pairings"]:
        r = api.post(f"{base}/results", {"round": 2, "board": b["board"], "result": "1-1"})
        assert r.status_code == 200, r.text

    standings = api.get(f"{base}/standings").json()
    assert standings["rounds"] == 2 and not standings["final"]
    points = {row["number"]: row["points"] for row in standings["standings"]}
    white1 = board1["white"]
    assert points[8] >= 2.0 and points[white1] >= 2.0  # the full-point bye, the win
    assert points[5] <= 1.0  # absent in round 1: no points for it
    ev = api.get(base).json()
    assert [r["round"] for r in ev["rounds"]] == [1, 2] and ev["status"] == "running"


def test_who_may_do_what(client: TestClient, org: Visitor) -> None:
    api = Bearer(client, token_of(org))
    event_id = new_swiss(api)
    base = f"/api/events/{event_id}"
    for name in ("anna", "boris", "vera"):
        assert api.post(f"{base}/players", {"username": name, "create": True}).status_code == 201
    pavel = people(client, "pavel")[0]
    mine = Bearer(client, token_of(pavel))
    # a player's token cannot pair, register, ask for byes or enter results
    r = mine.post(f"{base}/rounds", {})
    assert r.status_code == 403 and r.json()["error"] == "role"
    assert mine.post(f"{base}/players", {"username": "pavel"}).status_code == 403
    assert mine.post(f"{base}/byes", {"player": 1, "kind": "H"}).status_code == 403
    r = mine.post("/api/events", {"name": "My own", "system": "dutch", "rounds": 3})
    assert r.status_code == 403 and r.json()["error"] == "role"
    # anonymous requests are refused
    client.cookies = httpx.Cookies()
    r = client.post(f"{base}/rounds", json={})
    assert r.status_code == 401 and r.json()["error"] == "login_required"
    assert client.post("/api/events", json={"name": "Anon", "rounds": 3}).status_code == 401
    # a wrong token is refused, never ignored
    r = client.post(f"{base}/rounds", json={}, headers={"Authorization": "Bearer shk_nope"})
    assert r.status_code == 401
    # a logged-in organiser without the CSRF token is refused; with it, he pairs
    r = org.request("POST", f"{base}/rounds", json={})
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    r = org.api("POST", f"{base}/rounds", {})
    assert r.status_code == 201, r.text
    # anyone reads the event, the pairings and the standings
    assert client.get(base).status_code == 200
    assert client.get(f"{base}/rounds/1/pairings").status_code == 200
    assert client.get(f"{base}/standings").status_code == 200
    assert client.get(f"{base}/rounds/2/pairings").status_code == 404
    assert client.get("/api/events/999999").status_code == 404
    # the results are the arbiters': a player's token cannot enter one
    r = mine.post(f"{base}/results", {"round": 1, "board": 1, "result": "2-0"})
    assert r.status_code == 403


def test_refused_inputs_name_their_field(client: TestClient, org: Visitor) -> None:
    api = Bearer(client, token_of(org))

    def refused(path: str, body: dict[str, Any], field: str, status: int = 422) -> None:
        r = api.post(path, body)
        assert r.status_code == status, r.text
        assert r.json()["field"] == field and r.json()["error"] and r.json()["message"], r.text

    refused("/api/events", {"name": "Cu", "system": "dutch", "rounds": 3}, "name")
    refused("/api/events", {"name": "Autumn", "system": "monrad", "rounds": 3}, "system")
    refused("/api/events", {"name": "Autumn", "system": "dutch", "rounds": 0}, "rounds")
    refused("/api/events", {"name": "Autumn", "rounds": 3, "first_color": "red"}, "first_color")
    refused("/api/events", {"name": "Autumn", "rounds": 3, "mode": "mail"}, "mode")
    refused("/api/events", {"name": "Autumn", "rounds": 3, "scoring": "3-1-0"}, "scoring")
    event_id = new_swiss(api)
    base = f"/api/events/{event_id}"
    refused(f"{base}/players", {"username": "anna", "rating": 3001, "create": True}, "rating")
    refused(f"{base}/players", {"username": "anna", "rating": -1, "create": True}, "rating")
    refused(f"{base}/players", {"username": "ghost"}, "username")
    for name in ("anna", "boris", "vera"):
        assert api.post(f"{base}/players", {"username": name, "create": True}).status_code == 201
    refused(f"{base}/byes", {"player": 1, "round": 1, "kind": "X"}, "kind")
    refused(f"{base}/byes", {"player": 9, "round": 1, "kind": "H"}, "player")
    refused(f"{base}/byes", {"player": 1, "round": 4, "kind": "H"}, "round")
    refused(f"{base}/byes", {"player": 0, "kind": "H"}, "player")
    refused(f"{base}/rounds", {"absent": [0]}, "absent")
    assert api.post(f"{base}/rounds", {}).status_code == 201
    refused(f"{base}/byes", {"player": 1, "round": 1, "kind": "H"}, "round")  # paired already
    refused(f"{base}/results", {"round": 1, "board": 1, "result": "3-0"}, "result")
    refused(f"{base}/results", {"round": 0, "board": 1, "result": "2-0"}, "round")
    refused(f"{base}/results", {"round": 1, "board": 1}, "result")
    r = api.post(f"{base}/rounds", {})  # round 1 has no results yet
    assert r.status_code == 409 and r.json()["error"] == "event_round_open"
    # in the visitor's language
    english = api.post(f"{base}/byes", {"player": 1, "kind": "X"}).json()["message"]
    r = client.post(f"{base}/byes", json={"player": 1, "kind": "X"},
                    headers={**api.headers, "Accept-Language": "ru"})
    assert r.status_code == 422 and r.json()["field"] == "kind"
    assert english.startswith("A bye is H") and r.json()["message"] != english


def test_the_event_page_asks_for_byes_and_takes_ratings(client: TestClient,
                                                        org: Visitor) -> None:
    assert 'name="first_color"' in org.get("/events").text
    r = org.form("/events", {"name": "Club Swiss", "system": "dutch", "mode": "otb",
                             "variant": "russian", "time_control": "45m", "scoring": "2-1-0",
                             "rounds": "3", "first_color": "black"}, page="/events")
    assert r.status_code == 303, r.text
    event_id = int(r.headers["location"].rsplit("/", 1)[1])
    assert tournament(client, event_id).first_color == "black"
    for name, rating in (("anna", "1500"), ("boris", "2300"), ("vera", "")):
        r = org.form(f"/events/{event_id}/players", {"username": name, "rating": rating,
                                                     "create": "1"}, page=f"/events/{event_id}")
        assert r.status_code == 200 and 'id="created-account"' in r.text, r.text
    t = tournament(client, event_id)
    assert [(p.name, p.rating) for p in t.players] == [("anna", 1500), ("boris", 2300),
                                                       ("vera", 0)]
    r = org.form(f"/events/{event_id}/players", {"username": "gleb", "rating": "9000",
                                                 "create": "1"}, page=f"/events/{event_id}")
    assert r.status_code == 422 and 'id="register-error"' in r.text
    page = org.get(f"/events/{event_id}").text
    assert 'id="bye-form"' in page
    r = org.form(f"/events/{event_id}/byes", {"player": "3", "round": "1", "kind": "F"},
                 page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    assert tournament(client, event_id).requested_for(1) == ([], [], [3])
    page = org.get(f"/events/{event_id}").text
    assert "vera: a full point (F)" in page
    r = org.form(f"/events/{event_id}/byes", {"player": "3", "round": "1", "kind": "Q"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422 and 'id="bye-error"' in r.text
    r = org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    rnd = tournament(client, event_id).rounds[0]
    assert [(b.player, b.kind) for b in rnd.byes] == [(3, "F")]
    # in Russian
    org.get("/lang/ru")
    page = org.get(f"/events/{event_id}").text
    assert "Byes asked for round" not in page and 'id="bye-form"' in page


@pytest.mark.skipif(not swiss.SWISS.is_dir(), reason=f"no Swiss data at {swiss.SWISS}")
def test_the_swiss_of_the_data_played_through_the_api(client: TestClient,
                                                      org: Visitor) -> None:
    """e5013 (41 players, 9 rounds: byes of every kind, forfeits, players who stop
    playing), played as a program would through the API with an organiser's token: every
    round's pairs (colours and the bye included) are bbpPairings'."""
    api = Bearer(client, token_of(org))
    made: list[int] = []

    def post(path: str, body: dict[str, Any]) -> httpx.Response:
        r = api.post(path, body)
        if path == "/api/events" and r.status_code == 201:
            made.append(r.json()["id"])
        return r

    played = play_swiss_api(post, api.get)
    assert len(played) == swiss.rounds() == 9
    differ = [(rnd, sorted(ours ^ theirs)) for rnd, ours, theirs in played if ours != theirs]
    assert differ == [], differ
    standings = api.get(f"/api/events/{made[0]}/standings").json()
    assert standings["final"] and len(standings["standings"]) == len(swiss.players())


def test_the_openapi_document_has_the_events(client: TestClient) -> None:
    doc = client.get("/api/openapi.json").json()
    ops = {(method, path): item[method] for path, item in doc["paths"].items()
           for method in item}
    want = {("post", "/api/events"), ("get", "/api/events/{event_id}"),
            ("post", "/api/events/{event_id}/players"), ("post", "/api/events/{event_id}/byes"),
            ("post", "/api/events/{event_id}/rounds"),
            ("get", "/api/events/{event_id}/rounds/{rnd}/pairings"),
            ("post", "/api/events/{event_id}/results"),
            ("get", "/api/events/{event_id}/standings")}
    assert want <= set(ops)
    assert all(ops[k]["tags"] == ["events"] and "422" in ops[k]["responses"] for k in want)
