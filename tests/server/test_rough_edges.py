"""Rough edges of the platform (issue 16): the invitee's colour, an empty event's rounds,
the favicon, a Swiss event's default tie-breaks, the printable standings' header."""

from __future__ import annotations

from fastapi.testclient import TestClient

from shashki.server.accounts.models import Role

from .helpers import Visitor
from .test_events import create_event, people, register, set_role


def test_the_invitee_sees_his_own_colour(client: TestClient, alice: Visitor, bob: Visitor,
                                         carol: Visitor) -> None:
    r = alice.form("/challenges", {"variant": "russian", "time_control": "5m+3s",
                                   "color": "white", "opponent": "bob"})
    url = r.headers["location"]
    mine, his = alice.get(url).text, bob.get(url).text
    assert "Your colour</dt><dd>White" in mine
    assert "Your colour</dt><dd>Black" in his and "(alice)" not in his
    r = alice.form("/challenges", {"variant": "russian", "time_control": "5m+3s",
                                   "color": "black"})
    assert "alice plays</dt><dd>Black" not in carol.get(r.headers["location"]).text
    assert "Your colour</dt><dd>White" in carol.get(r.headers["location"]).text


def test_an_empty_event_has_no_round_minus_one(client: TestClient) -> None:
    org = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    event_id = create_event(org)
    page = org.get(f"/events/{event_id}").text
    assert "of -1" not in page and "no rounds yet" in page
    people(client, "anna", "boris", "vera")
    register(org, event_id, "anna", "boris", "vera")
    assert "round 0 of 3" in org.get(f"/events/{event_id}").text  # 3 players: 3 rounds


def test_a_favicon(client: TestClient, guest: Visitor) -> None:
    r = guest.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.content.startswith(b"<svg")
    assert 'rel="icon" href="/static/favicon.svg"' in guest.get("/").text
    assert guest.get("/static/favicon.svg").status_code == 200


def test_the_new_event_form_offers_each_systems_tie_breaks(client: TestClient) -> None:
    org = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    page = org.get("/events").text
    assert 'id="tiebreaks"' in page and "/static/tiebreaks.js" in page
    assert "truncated-solkoff" in page.split('data-defaults="')[1].split('"')[0]
    # A refused Swiss form comes back with its own choices, not a round robin's.
    r = org.form("/events", {"name": "x", "system": "dutch", "mode": "live",
                             "variant": "russian", "scoring": "2-1-0", "rounds": "5"},
                 page="/events")
    assert r.status_code == 422


def test_the_standings_header_names_date_venue_arbiter_and_rounds(client: TestClient) -> None:
    from shashki.competition import export

    from .test_events import tournament

    org = people(client, "olga")[0]
    set_role(client, "olga", Role.ORGANISER)
    event_id = create_event(org, mode="otb", venue="Kazan, chess club", date="2026-12-01",
                            tb1="", tb2="")
    people(client, "anna", "boris", "vera", "gleb")
    register(org, event_id, "anna", "boris", "vera", "gleb")
    org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}")
    t = tournament(client, event_id)
    html = export.to_html(t)
    assert "Kazan, chess club" in html and "2026-12-01" in html
    assert "Chief arbiter: olga" in html
    assert "round 1 of 3" in html and "1 round," not in html
