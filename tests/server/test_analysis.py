"""The analysis board: positions after moves (typed errors naming the field, the library's
reason for a refused move), the engine's lines live as server-sent events deepening to a
forced result the engine's own single-line search also finds (#5, shashki.engine's
doctest), the page, and a finished game's evaluation graph with its mistakes marked and
a link to retry each."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from shashki import Board
from shashki.engine import Engine
from shashki.server.engine.analysis import mark

from .helpers import Visitor
from .test_archive import upload

TACTIC = "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8"
"""A man given up for three and a king (shashki.engine's doctest: #5 at depth 8)."""

BLUNDER = """[Event "Blunder"]
[White "A"]
[Black "B"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. g3-h4 d6-e5 1-0
"""
"""2...d6-e5 gives a man away (the engine at depth 6: +2.41 for White with 2026-12-02's
Russian model, +1.86 with round 3's, which sees some play for it: a blunder or a mistake)."""


@pytest.fixture(autouse=True)
def thread_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_ANALYSIS_WORKERS", "0")  # no process for these tests


def events(client: TestClient, **params: str) -> list[tuple[str, dict[str, object]]]:
    out = []
    with client.stream("GET", "/api/analysis/lines", params=params) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        name = "message"
        for line in r.iter_lines():
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: "):
                out.append((name, json.loads(line[6:])))
                name = "message"
    return out


def test_positions_and_their_errors(guest: Visitor) -> None:
    r = guest.get("/api/analysis/position", params={"moves": "c3-d4 f6-e5"})
    assert r.status_code == 200
    data = r.json()
    board = Board("russian")
    for t in ("c3-d4", "f6-e5"):
        board.push_text(t)
    assert data["fen"] == board.fen()
    assert [m["text"] for m in data["legal"]] == ["d4:f6"]  # a capture is compulsory
    assert data["words"].startswith("White to move. White: men a1, a3, b2, c1,")
    assert data["last"] == [11, 15] and data["names"][21] == "c3"
    r = guest.get("/api/analysis/position", params={"moves": "c3-d4 f6-e5 d4-c5"})
    assert r.status_code == 422 and r.json()["field"] == "moves"
    assert "legal moves from d4: d4:f6" in r.json()["message"]
    r = guest.get("/api/analysis/position", params={"fen": "W:Wq9"})
    assert r.status_code == 422 and r.json()["field"] == "fen"
    r = guest.get("/api/analysis/position", params={"variant": "chess"})
    assert r.status_code == 422 and r.json()["field"] == "variant"


def test_the_lines_deepen_to_the_forced_win(client: TestClient) -> None:
    got = events(client, fen=TACTIC, lines="3")
    steps = [d for name, d in got if name == "message"]
    done = [d for name, d in got if name == "done"]
    assert [s["depth"] for s in steps] == list(range(2, 2 * len(steps) + 1, 2))
    assert len(done) == 1 and done[0]["depth"] == steps[-1]["depth"]
    assert float(done[0]["cpu"]) >= 0  # type: ignore[arg-type]
    last = steps[-1]["lines"]
    assert isinstance(last, list) and len(last) == 3
    best = last[0]
    # the same forced result as the engine's single line at depth 8 (its doctest)
    single = Engine("russian", hash_mb=4).analyse(Board("russian", TACTIC), depth=8)
    assert best["mate"] == single.score.wins_in == 5
    assert best["moves"][:3] == single.pv_text(Board("russian", TACTIC))[:3]
    assert best["path"] == [22, 18]  # c3-d4: the arrow's squares
    scores = [x["score"] if x["mate"] is None else 10**6 for x in last]
    assert scores == sorted(scores, reverse=True)


def test_a_finished_position_has_no_lines(client: TestClient) -> None:
    got = events(client, fen="B:Wc3:B")
    assert got == [("done", {"depth": 0, "lines": [], "over": True})]


def test_the_page(guest: Visitor) -> None:
    page = guest.get("/analysis", params={"variant": "russian", "moves": "c3-d4 f6-e5"})
    assert page.status_code == 200
    data = json.loads(unescape(re.search(
        r'<script type="application/json" id="page-data">(.*?)</script>', page.text,
        re.S).group(1)))  # type: ignore[union-attr]
    assert data["moves"] == ["c3-d4", "f6-e5"] and data["start"] == Board("russian").fen()
    assert 'id="board-wrap"' in page.text and "White to move." in page.text
    bad = guest.get("/analysis", params={"fen": "W:Wq9"})
    assert bad.status_code == 422 and 'id="analysis-error"' in bad.text


def test_the_evaluation_graph_marks_the_mistake(client: TestClient, alice: Visitor,
                                                guest: Visitor) -> None:
    analyser = client.app.state.engine.analyser  # type: ignore[attr-defined]
    analyser.seconds, analyser.depth = 0.2, 6
    upload(alice, BLUNDER)
    game = guest.get("/api/archive/games", params={"event": "blunder"}).json()["games"][0]
    assert alice.api("POST", f"/api/archive/games/{game['id']}/analysis").status_code == 202
    rows = guest.get(f"/api/archive/games/{game['id']}/analysis").json()["moves"]
    marked = [r for r in rows if r["mark"]]
    assert [r["move"] for r in marked] == ["d6-e5"]
    # the mark its measured loss earns (the model decides which side of 2.00 a man lands)
    assert marked[0]["loss"] >= 90 and marked[0]["mark"] == mark(marked[0]["loss"])
    page = guest.get(f"/archive/games/{game['id']}/analysis").text
    assert 'id="eval-graph"' in page
    kind = {"??": "blunder", "?": "mistake"}[marked[0]["mark"]]
    assert re.findall(r'<circle class="(\w+)" data-ply="(\d+)"', page) == [(kind, "4")]
    links = re.findall(r'class="retry" href="([^"]+)"', page)
    assert len(links) == 1
    q = parse_qs(urlsplit(unescape(links[0])).query)
    before = Board("russian")
    for t in ("c3-d4", "f6-g5", "g3-h4"):
        before.push_text(t)
    assert q["fen"] == [before.fen()] and q["played"] == ["d6-e5"]
    assert q["best"] == [marked[0]["best"]] and q["best"] != ["d6-e5"]
    retry = guest.get(unescape(links[0]))
    assert retry.status_code == 200 and 'id="retry-note"' in retry.text
