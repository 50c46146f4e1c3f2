"""The game archive: PDN import with the reader's error report (pages and API), search by
player, event, variant, opening (tag, first moves, ballot), result and date, the viewer,
PDN downloads. Imports are jobs; here they run at once in the app's process (huey's
immediate mode); tests/server/test_jobs.py runs them in real workers."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from shashki.pdn import read_games

from .helpers import PAGE_DATA, Visitor

DATA = Path(__file__).parents[1] / "pdn" / "data"

GAMES = """[Event "Москва 1990"]
[White "Ёлкин П."]
[Black "Иванов С."]
[Date "1990.05.01"]
[Result "1-0"]
[Opening "Городская партия"]
[GameType "25"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 1-0

[Event "Москва 1990"]
[White "Иванов С."]
[Black "Petrov A."]
[Date "1990.05.02"]
[Result "1/2-1/2"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 1/2-1/2

[Event "Broken one"]
[White "Nobody"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4-c5 *

[Event "Amsterdam"]
[White "Sijbrands"]
[Black "Baljakin"]
[Date "2001.03.04"]
[Result "0-2"]
[GameType "20"]

1. 32-28 19-23 2. 28x19 14x23 0-2
"""


def upload(v: Visitor, text: str | bytes, name: str = "games.pdn") -> dict[str, object]:
    r = v.request("POST", "/api/archive/imports", files={"file": (name, text)},
                  headers={"X-CSRF-Token": v.csrf})
    assert r.status_code == 202, r.text
    data: dict[str, object] = r.json()
    assert data["status"] == "done" and data["job"]["status"] == "done"  # type: ignore[index]
    return data


def test_import_page_shows_the_error_report_and_imports_the_rest(alice: Visitor) -> None:
    alice.get("/archive")
    r = alice.post("/archive/import", data={"csrf_token": alice.csrf, "variant": ""},
                   files={"file": ("errors.pdn", (DATA / "errors.pdn").read_bytes())},
                   follow_redirects=False)
    assert r.status_code == 303, r.text
    page = alice.get(r.headers["location"])
    assert page.status_code == 200
    expected = [g for g in read_games((DATA / "errors.pdn").read_text()) if g.errors]
    good = 10 - len(expected)
    assert f'id="count-imported">{good}<' in page.text
    assert f'id="count-broken">{len(expected)}<' in page.text
    first = expected[0].errors[0]
    row = f"<td>{first.index}</td><td>{first.line}</td><td>{first.column}</td>"
    assert row in page.text
    assert "illegal move" in page.text
    # the same file again: every good game is a duplicate
    r = alice.post("/archive/import", data={"csrf_token": alice.csrf},
                   files={"file": ("errors.pdn", (DATA / "errors.pdn").read_bytes())},
                   follow_redirects=False)
    page = alice.get(r.headers["location"])
    assert 'id="count-imported">0<' in page.text
    assert f'id="count-duplicates">{good}<' in page.text


def test_import_needs_login_and_csrf(guest: Visitor, alice: Visitor) -> None:
    guest.get("/login")  # a form with the anonymous CSRF token
    r = guest.post("/archive/import", data={"csrf_token": guest.csrf, "text": GAMES},
                   follow_redirects=False)
    assert r.status_code == 401
    r = alice.post("/archive/import", data={"csrf_token": "forged", "text": GAMES},
                   follow_redirects=False)
    assert r.status_code == 403
    r = alice.request("POST", "/api/archive/imports", files={"file": ("a.pdn", GAMES)})
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    r = alice.post("/archive/import", data={"csrf_token": alice.csrf, "text": "  "},
                   follow_redirects=False)
    assert r.status_code == 422


def test_api_import_and_search(alice: Visitor, guest: Visitor) -> None:
    alice.get("/")
    rep = upload(alice, GAMES)
    assert (rep["games_read"], rep["games_imported"], rep["broken_count"]) == (4, 3, 1)
    broken = rep["broken"][0]  # type: ignore[index]
    assert (broken["index"], broken["line"], broken["column"], broken["text"]) == (
        2, 24, 19, "d4-c5")

    def search(**params: str) -> list[str]:
        r = guest.get("/api/archive/games", params=params)
        assert r.status_code == 200, r.text
        return [f"{g['white']}-{g['black']}" for g in r.json()["games"]]

    assert search(player="иванов") == ["Иванов С.-Petrov A.", "Ёлкин П.-Иванов С."]
    assert search(player="елкин") == ["Ёлкин П.-Иванов С."]   # ё and е are one letter
    assert search(white="ИВАНОВ") == ["Иванов С.-Petrov A."]
    assert search(event="москва", result="1-0") == ["Ёлкин П.-Иванов С."]
    assert search(variant="international") == ["Sijbrands-Baljakin"]
    assert search(opening="городская") == ["Ёлкин П.-Иванов С."]
    assert search(moves="c3-d4 f6-e5") == ["Иванов С.-Petrov A."]
    assert search(moves="c3-d4") == ["Иванов С.-Petrov A.", "Ёлкин П.-Иванов С."]
    assert search(date_from="1990.05.02", date_to="1990.12") == ["Иванов С.-Petrov A."]
    assert search(date_from="2000") == ["Sijbrands-Baljakin"]
    # a ballot entry: FMJD 64 "1-I"... is a move sequence; no game here starts with it
    assert search(ballot="fmjd-russian:1-I") == []
    # errors name the field
    for params, field in (({"moves": "c3-c4"}, "moves"), ({"result": "3-0"}, "result"),
                          ({"date_from": "May"}, "date_from"), ({"variant": "chess"}, "variant"),
                          ({"ballot": "fmjd-russian:999"}, "ballot")):
        r = guest.get("/api/archive/games", params=params)
        assert r.status_code == 422, params
        assert r.json()["field"] == field


def test_ballot_search_finds_a_game_of_the_entry(alice: Visitor, guest: Visitor) -> None:
    from shashki import openings as ballots

    e = next(e for e in ballots.load("fmjd-russian") if not e.relocation and len(e.moves) >= 2)
    board = ballots.replay(e)
    start = __import__("shashki").Board("russian")
    texts = []
    for mv in board.move_stack:
        texts.append(start.move_text(mv))
        start.push(mv)
    movetext = " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(texts))
    upload(alice, f'[Event "Ballot {e.code}"]\n[GameType "25"]\n\n{movetext} *\n')
    r = guest.get("/api/archive/games", params={"ballot": f"fmjd-russian:{e.code}"})
    assert [g["event"] for g in r.json()["games"]] == [f"Ballot {e.code}"]
    r = guest.get("/api/archive/games", params={"ballot": e.code, "variant": "russian"})
    assert r.json()["total"] == 1


def test_search_page_viewer_and_downloads(alice: Visitor, guest: Visitor) -> None:
    upload(alice, GAMES)
    page = guest.get("/archive", params={"player": "Иванов"})
    assert page.status_code == 200
    assert "Ёлкин П." in page.text and "Sijbrands" not in page.text
    link = re.search(r'id="archive-download" href="([^"]+)"', page.text)
    assert link
    pdn = guest.get(link.group(1).replace("&amp;", "&"))
    assert pdn.status_code == 200 and "attachment" in pdn.headers["content-disposition"]
    games = read_games(pdn.text)
    assert len(games) == 2 and all(g.is_valid() for g in games)
    assert {g.headers["White"] for g in games} == {"Ёлкин П.", "Иванов С."}
    bad = guest.get("/archive", params={"moves": "c3-c4"})
    assert bad.status_code == 422 and 'id="archive-error"' in bad.text
    # the viewer: the move list in the Code's notation, a board for every ply
    game_id = int(re.search(r'href="/archive/games/(\d+)">Ёлкин', page.text).group(1))  # type: ignore[union-attr]
    view = guest.get(f"/archive/games/{game_id}")
    assert view.status_code == 200
    m = PAGE_DATA.search(view.text)
    assert m
    import json

    data = json.loads(m.group(1))
    assert data["moves"] == ["c3-d4", "f6-g5", "b2-c3", "g7-f6", "a1-b2"]
    assert len(data["fens"]) == 6
    for ply in (0, 3, 5):
        svg = guest.get(f"/archive/games/{game_id}/board/{ply}.svg")
        assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg")
    assert guest.get(f"/archive/games/{game_id}/board/6.svg").status_code == 404
    arrow = guest.get(f"/archive/games/{game_id}/board/0.svg", params={"arrow": "c3-d4"})
    assert arrow.status_code == 200 and "arrow" in arrow.text
    one = guest.get(f"/archive/games/{game_id}/pdn")
    (g,) = read_games(one.text)
    assert g.headers["Opening"] == "Городская партия" and g.ply_count() == 5
    full = guest.get(f"/api/archive/games/{game_id}").json()
    assert full["headers"]["White"] == "Ёлкин П." and full["plies"] == 5
    assert guest.get("/api/archive/games/99999").status_code == 404


def test_cp1251_files_are_read(alice: Visitor, client: TestClient) -> None:
    rep = upload(alice, (DATA / "russian_db_cp1251.pdn").read_bytes(), "db.pdn")
    assert rep["games_imported"] == 2 and rep["broken_count"] == 1
    r = client.get(f"/api/archive/imports/{rep['id']}")
    assert r.json()["broken"][0]["line"] == 21


def test_archive_game_analysis(client: TestClient, alice: Visitor, guest: Visitor) -> None:
    analyser = client.app.state.engine.analyser  # type: ignore[attr-defined]
    analyser.seconds, analyser.depth = 0.05, 6
    upload(alice, GAMES)
    ids = [g["id"] for g in guest.get("/api/archive/games",
                                      params={"event": "москва"}).json()["games"]]
    assert guest.get(f"/api/archive/games/{ids[0]}/analysis").json()["status"] == "none"
    r = alice.api("POST", f"/api/archive/games/{ids[0]}/analysis")
    assert r.status_code == 202
    a = guest.get(f"/api/archive/games/{ids[0]}/analysis").json()
    assert a["status"] == "done", a
    assert len(a["moves"]) == a["total"] - 1 == 4
    job = guest.get(f"/api/jobs/{a['job']}").json()
    assert (job["kind"], job["status"], job["done"], job["total"]) == (
        "engine.analysis", "done", 5, 5)
    assert job["link"] == f"/archive/games/{ids[0]}/analysis"
    page = guest.get(f"/archive/games/{ids[0]}/analysis")
    assert page.status_code == 200 and 'class="eval"' in page.text
    assert alice.api("POST", f"/api/archive/games/{ids[1]}/analysis").status_code == 202


def test_uploads_over_the_limit_are_refused(tmp_path: Path) -> None:
    from shashki.server.app import create_app

    from .conftest import fast_settings

    big = GAMES * 3
    with TestClient(create_app(fast_settings(tmp_path, max_upload=1000))) as client:
        alice = Visitor(client)
        alice.signup("alice")
        r = alice.request("POST", "/api/archive/imports", files={"file": ("big.pdn", big)},
                          headers={"X-CSRF-Token": alice.csrf})
        assert r.status_code == 413 and r.json()["field"] == "file"
        assert r.json()["error"] == "archive_too_large"
        alice.get("/archive")
        r = alice.post("/archive/import", data={"csrf_token": alice.csrf},
                       files={"file": ("big.pdn", big)}, follow_redirects=False)
        assert r.status_code == 413 and "too large" in r.text
        assert alice.get("/api/archive/games").json()["total"] == 0
        assert alice.get("/api/jobs").json() == []
        small = GAMES[GAMES.index('[Event "Amsterdam"]'):]
        assert upload(alice, small)["games_read"] == 1  # under the limit: read
