"""Puzzles mined by their job from an analysed game: the blunder 2...d6-e5 leaves White
one winning capture (of the two captures there, the engine finds the other loses the
man back); solving it by the page and the API; Glicko-2 ratings of solver and puzzle
move the right way (the rating module itself is checked against Glickman's worked example
in its doctest). A fresh platform serves the shipped starter set at once, without telling
where a puzzle came from before it is answered."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from shashki import Board
from shashki.engine import Engine
from shashki.engine.puzzles import PuzzleSet, starter
from shashki.server.puzzles import service
from shashki.server.puzzles.rating import start_rating

from .helpers import Visitor
from .test_analysis import BLUNDER
from .test_archive import upload


@pytest.fixture
def no_starter(monkeypatch: pytest.MonkeyPatch) -> None:
    """A platform without the shipped starter set: only the puzzles mined here."""
    monkeypatch.setattr(service, "shipped", lambda: PuzzleSet({}, "", ()))


@pytest.fixture
def puzzle(no_starter: None, client: TestClient, alice: Visitor,
           guest: Visitor) -> dict[str, object]:
    analyser = client.app.state.engine.analyser  # type: ignore[attr-defined]
    analyser.seconds, analyser.depth = 0.2, 6
    upload(alice, BLUNDER)
    game = guest.get("/api/archive/games", params={"event": "blunder"}).json()["games"][0]
    assert alice.api("POST", f"/api/archive/games/{game['id']}/analysis").status_code == 202
    r = alice.form("/puzzles/mine", {}, page="/puzzles")
    assert r.status_code == 303 and "mining=" in r.headers["location"]
    job = int(r.headers["location"].rsplit("=", 1)[1])
    j = guest.get(f"/api/jobs/{job}").json()
    assert j["status"] == "done" and j["result"] == {"games": 1, "puzzles": 1}, j
    p = alice.get("/api/puzzles/next").json()
    assert p is not None
    return p  # type: ignore[no-any-return]


def test_the_mined_puzzle(puzzle: dict[str, object]) -> None:
    board = Board("russian")
    for t in ("c3-d4", "f6-g5", "g3-h4", "d6-e5"):
        board.push_text(t)
    assert puzzle["fen"] == board.fen()
    assert puzzle["kind"] == "material" and puzzle["turn"] == "white"
    for hidden in ("solution", "line", "source", "source_id", "ply"):
        assert hidden not in puzzle  # not shown before it is answered: the game's next
        # move is the answer (issue 58 F3)
    captures = sorted(board.move_text(m) for m in board.legal_moves)
    assert captures == ["d4:f6", "h4:f6"]  # two captures; only one wins the man


def test_solving_and_the_ratings(puzzle: dict[str, object], alice: Visitor,
                                 bob: Visitor) -> None:
    pid = puzzle["id"]
    board = Board("russian", str(puzzle["fen"]))
    lines = Engine("russian", hash_mb=8).lines(board, 2, 8)
    right = lines[0].pv_text(board)[0]
    wrong = lines[1].pv_text(board)[0]
    assert lines[0].score.value - lines[1].score.value >= 150
    r = alice.api("POST", f"/api/puzzles/{pid}/attempts", {"move": wrong})
    a = r.json()
    assert r.status_code == 200 and not a["solved"] and a["solution"] == right
    assert a["source"]["source"] == "archive" and a["source"]["ply"] == 4
    assert a["rated"] and a["change"] < 0 and a["puzzle_rating"] > 1500
    again = alice.api("POST", f"/api/puzzles/{pid}/attempts", {"move": right}).json()
    assert again["solved"] and not again["rated"] and again["change"] == 0
    # Bob by the page: an illegal move first (the form again, the reason inline)
    page = bob.get("/puzzles")
    assert page.status_code == 200 and f'id="puzzle" data-id="{pid}"' in page.text
    r = bob.form(f"/puzzles/{pid}", {"move": "a1-b2"}, page=f"/puzzles/{pid}")
    assert r.status_code == 422 and 'id="puzzle-error"' in r.text
    assert 'value="a1-b2"' in r.text
    r = bob.form(f"/puzzles/{pid}", {"move": right}, page=f"/puzzles/{pid}")
    assert r.status_code == 200 and 'id="puzzle-result"' in r.text and "solved!" in r.text
    assert "Your puzzle rating: 1" in r.text
    after = bob.get(f"/api/puzzles/{pid}").json()
    assert after["attempts"] == 2 and after["solved"] == 1
    assert bob.get("/api/puzzles/next").json() is None  # none left untried for Bob
    assert "puzzles-none" in bob.get("/puzzles").text


def test_a_puzzle_in_russian(puzzle: dict[str, object], bob: Visitor) -> None:
    """The puzzle's page, its refusal of an illegal move and its result in Russian
    (docs/translating.md): the task, the kind, the library's reason, no raw key."""
    from .test_i18n import RAW_KEY, shown

    pid = puzzle["id"]
    bob.get("/lang/ru")
    page = bob.get(f"/puzzles/{pid}").text
    assert "Ход белых: один ход выигрывает." in page and "выигрыш материала" in page
    r = bob.form(f"/puzzles/{pid}", {"move": "a1-b2"}, page=f"/puzzles/{pid}")
    assert r.status_code == 422 and "Недопустимый ход" in r.text, r.text
    board = Board("russian", str(puzzle["fen"]))
    right = Engine("russian", hash_mb=8).lines(board, 1, 8)[0].pv_text(board)[0]
    done = bob.form(f"/puzzles/{pid}", {"move": right}, page=f"/puzzles/{pid}").text
    assert f"{right} — решено!" in done and "Ваш рейтинг в задачах: 1" in done
    for text in (page, r.text, done):
        assert RAW_KEY.findall(shown(text)) == []


def test_a_fresh_platform_has_the_starter_puzzles(client: TestClient, alice: Visitor,
                                                  guest: Visitor) -> None:
    """No game analysed, no job run: a new account gets a puzzle at once, of any variant
    asked for, without its source; the answer reveals the source; the puzzles are seeded
    once, at a first rating by their difficulty."""
    shipped = starter()
    p = alice.get("/api/puzzles/next").json()
    assert p is not None
    for hidden in ("solution", "line", "source", "source_id", "ply"):
        assert hidden not in p and hidden not in guest.get(f"/api/puzzles/{p['id']}").json()
    for variant in ("russian", "international", "brazilian"):
        q = alice.get("/api/puzzles/next", params={"variant": variant}).json()
        assert q is not None and q["variant"] == variant
    entry = next(e for e in shipped.of(p["variant"]) if e.fen == p["fen"])
    assert p["rating"] == round(start_rating(entry.difficulty, entry.forced))
    a = alice.api("POST", f"/api/puzzles/{p['id']}/attempts", {"move": entry.solution}).json()
    assert a["solved"] and a["solution"] == entry.solution
    assert a["source"] == {"source": "starter", **entry.source}
    assert "file" in a["source"] or "selfplay" in a["source"]
    # seeded once: every shipped puzzle is there, each once
    total = sum(shipped.counts().values())
    assert client.get(f"/api/puzzles/{total}").status_code == 200
    assert client.get(f"/api/puzzles/{total + 1}").status_code == 404
    assert alice.get("/puzzles").status_code == 200
    assert client.get(f"/api/puzzles/{total + 1}").status_code == 404
    # the page: the puzzle, with the button to mine more
    page = alice.get("/puzzles", follow_redirects=True)
    assert 'id="puzzle"' in page.text and 'id="puzzle-mine"' in page.text
