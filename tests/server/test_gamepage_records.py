"""The game page writes what the lists write: a result in its variant's convention (PDN
GameType 20: International ``2-0``, ``1-1``, ``0-2``; Russian ``1-0``, ``1/2-1/2``,
``0-1``), and counts in moves (from 1), not plies."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from .helpers import Visitor, start_game


def _resign_after(white: Visitor, black: Visitor, variant: str, moves: list[str],
                  loser: Visitor) -> int:
    game_id = start_game(white, black, variant=variant)
    for i, move in enumerate(moves):
        who = white if i % 2 == 0 else black
        r = who.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": move})
        assert r.status_code == 200, r.text
    r = loser.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    assert r.status_code == 200, r.text
    return game_id


def _result_line(html: str) -> str:
    m = re.search(r'<div id="result"[^>]*>(.*?)</div>', html, re.S)
    assert m, html
    return " ".join(m.group(1).split())


def test_international_results_are_written_two_zero(client: TestClient, alice: Visitor,
                                                    bob: Visitor) -> None:
    game_id = _resign_after(alice, bob, "international", ["32-28", "18-23", "37-32"], bob)
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["result"] == "1-0" and state["result_text"] == "2-0"
    line = _result_line(alice.get(f"/games/{game_id}").text)
    assert "Result: 2-0</strong>" in line
    assert "after move 2." in line  # ply 3 is White's second move
    assert "ply" not in line


def test_russian_results_keep_the_codes_tokens(client: TestClient, alice: Visitor,
                                               bob: Visitor) -> None:
    game_id = _resign_after(alice, bob, "russian", ["c3-d4", "f6-g5"], alice)
    state = bob.get(f"/api/games/{game_id}").json()
    assert state["result_text"] == "0-1"
    line = _result_line(bob.get(f"/games/{game_id}").text)
    assert "Result: 0-1</strong>" in line and "after move 1…" in line
    # the events are numbered the same way: the resignation came after Black's first move
    assert "<li>1… game over" in bob.get(f"/games/{game_id}").text


def test_a_game_from_a_position_with_black_to_move_starts_one_ellipsis(
        client: TestClient, alice: Visitor, bob: Visitor) -> None:
    game_id = start_game(alice, bob, fen="B:Wc3,e3:Bf6,h6")
    r = bob.api("POST", f"/api/games/{game_id}/actions", {"type": "move", "move": "f6-g5"})
    assert r.status_code == 200, r.text
    r = alice.api("POST", f"/api/games/{game_id}/actions", {"type": "resign"})
    assert r.status_code == 200, r.text
    state = alice.get(f"/api/games/{game_id}").json()
    assert state["first"] == "black"
    assert "after move 1…" in _result_line(alice.get(f"/games/{game_id}").text)


def test_a_correspondence_game_writes_its_result_the_same_way(
        client: TestClient, alice: Visitor, bob: Visitor, corr: tuple[object, object]) -> None:
    from .test_correspondence import act

    r = alice.form("/corr", {"opponent": "bob", "color": "white", "control": "10d/5",
                             "variant": "international", "judge": ""}, page="/corr")
    assert r.status_code == 303, r.text
    game = int(r.headers["location"].rsplit("/", 1)[1])
    assert bob.form(f"/corr/{game}/invitation/accept", {},
                    page=f"/corr/{game}").status_code == 303
    act(alice, game, "move", move="32-28")
    act(bob, game, "resign")
    page = alice.get(f"/corr/{game}").text
    assert re.search(r'id="corr-result">[^<]*<strong>2-0</strong>', page)
    assert "2-0" in alice.get("/corr").text
