"""Ties at the end of an event on the platform (Code 3.16.2-3.16.3): a tie of three decided
by a play-off round robin played on the platform with its own time control; a play-off
that cannot be held leaves the place to the criteria; lots drawn where the regulations
say so, reproducibly and recorded."""

from __future__ import annotations

from fastapi.testclient import TestClient

from shashki.competition.standings import standings

from .helpers import Visitor
from .test_arbiter import organiser
from .test_events import create_event, games_of, people, register, tournament

DECIDE = {"type": "decide", "article": "Code 1.8.1", "detail": "resigned on the board"}


def cyclic_event(client: TestClient, org: Visitor, **fields: str) -> int:
    """Three players who each beat one and lose to one: equal on points."""
    people(client, "anna", "boris", "vera")
    event_id = create_event(org, time_control="10m", **fields)
    register(org, event_id, "anna", "boris", "vera")
    beats = {"anna": "boris", "boris": "vera", "vera": "anna"}
    for _ in range(3):
        assert org.form(f"/events/{event_id}/rounds", {}, page=f"/events/{event_id}"
                        ).status_code == 303
        rows = games_of(client, event_id)
        last = max(g.round for g in rows)
        for g in rows:
            if g.round != last:
                continue
            s = org.get(f"/api/games/{g.game_id}").json()
            w, b = s["white"]["name"], s["black"]["name"]
            color = "white" if beats[w] == b else "black"
            r = org.api("POST", f"/api/games/{g.game_id}/actions", {**DECIDE, "color": color})
            assert r.status_code == 200, r.text
        org.get(f"/events/{event_id}")
    return event_id


def test_a_tie_of_three_decided_by_a_play_off_round_robin(client: TestClient) -> None:
    """Code 3.16.2: the places of players equal on points are decided by an additional
    tournament, here a round robin with a shorter time control, played on the platform."""
    org = organiser(client)
    event_id = cyclic_event(client, org, ties="playoff", playoff_places="0")
    t = tournament(client, event_id)
    assert t.finished() and {s.decided for s in standings(t)} == {"play-off pending"}
    page = org.get(f"/events/{event_id}").text
    assert ('id="playoffs"' in page and "anna, boris, vera" in page.replace("boris, anna", ""))\
        or "are equal on points" in page
    r = org.form(f"/events/{event_id}/playoffs", {"players": "1 2 3", "time_control": "3m+2s"},
                 page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    playoff_games = [g for g in games_of(client, event_id) if g.playoff == 1]
    assert len(playoff_games) == 1                 # 3 players: one game a round, one rests
    state = org.get(f"/api/games/{playoff_games[0].game_id}").json()
    assert state["clock"]["control"] == "3m+2s"     # the play-off's own, shorter control
    order = ["vera", "anna", "boris"]              # vera wins the play-off, then anna
    for rnd in range(1, 4):
        rows = [g for g in games_of(client, event_id) if g.playoff == 1 and g.round == rnd]
        for g in rows:
            s = org.get(f"/api/games/{g.game_id}").json()
            w, b = s["white"]["name"], s["black"]["name"]
            color = "white" if order.index(w) < order.index(b) else "black"
            r = org.api("POST", f"/api/games/{g.game_id}/actions", {**DECIDE, "color": color})
            assert r.status_code == 200, r.text
        org.get(f"/events/{event_id}")
        if rnd < 3:
            r = org.form(f"/events/{event_id}/playoffs/1/rounds", {},
                         page=f"/events/{event_id}")
            assert r.status_code == 303, r.text
    t = tournament(client, event_id)
    final = [(s.place, s.player.name, s.decided) for s in standings(t)]
    assert final == [("1", "vera", "play-off"), ("2", "anna", "play-off"),
                     ("3", "boris", "play-off")]
    page = org.get(f"/events/{event_id}").text
    assert page.count('<td class="decided">play-off</td>') == 3


def test_a_play_off_that_cannot_be_held(client: TestClient) -> None:
    """Code 3.16.3: «в случае невозможности проведения дополнительного соревнования» the
    criteria decide; the final table says so."""
    org = organiser(client)
    event_id = cyclic_event(client, org, ties="playoff", playoff_places="1")
    r = org.form(f"/events/{event_id}/playoffs/not-held",
                 {"players": "1 2 3", "note": "the hall closes tonight"},
                 page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    t = tournament(client, event_id)
    assert {s.decided for s in standings(t)} <= {"tiebreak", "shared", "points"}
    assert "the hall closes tonight" in org.get(f"/events/{event_id}").text


def test_lots_where_the_regulations_say_so(client: TestClient) -> None:
    """Players still equal after every criterion are placed by lot: drawn once, from the
    event's seed, and recorded; drawing again changes nothing."""
    org = organiser(client)
    event_id = cyclic_event(client, org, lots="on", tb1="", tb2="")
    t = tournament(client, event_id)
    assert {s.decided for s in standings(t)} == {"lot pending"}
    r = org.form(f"/events/{event_id}/lots", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    t = tournament(client, event_id)
    places = [(s.place, s.player.name) for s in standings(t)]
    assert [p for p, _ in places] == ["1", "2", "3"]
    assert {s.decided for s in standings(t)} == {"lot"}
    lots = [d for d in t.draws if d.get("what") == "lot"]
    assert len(lots) == 1 and lots[0]["seed"] == t.seed
    org.form(f"/events/{event_id}/lots", {}, page=f"/events/{event_id}")
    assert [(s.place, s.player.name) for s in standings(tournament(client, event_id))] == places


def test_only_the_organiser_sets_up_a_play_off(client: TestClient) -> None:
    org = organiser(client)
    event_id = cyclic_event(client, org, ties="playoff")
    [player] = people(client, "gleb")
    r = player.form(f"/events/{event_id}/playoffs", {"players": "1 2 3"},
                    page=f"/events/{event_id}")
    assert r.status_code == 403
    r = org.form(f"/events/{event_id}/playoffs", {"players": "1 2"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422                    # the whole group plays it


def test_the_judges_report_of_a_platform_event(client: TestClient) -> None:
    """Code 4.6.3: the report with the final table, how each place was decided and the
    scoresheets of the games played on the platform, as HTML and as one PDF."""
    org = organiser(client)
    event_id = cyclic_event(client, org, ties="playoff")
    org.form(f"/events/{event_id}/playoffs/not-held", {"players": "1 2 3", "note": "no time"},
             page=f"/events/{event_id}")
    page = org.get(f"/events/{event_id}").text
    assert 'id="report-pdf"' in page
    html = org.get(f"/events/{event_id}/report.html").text
    for name in ("anna", "boris", "vera"):
        assert name in html
    assert html.count('<div class="sign">') == 3  # a scoresheet for each platform game
    assert "no time" in html                        # why the play-off was not held
    pdf = org.get(f"/events/{event_id}/report.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
