"""Play against the engine: its accounts, its replies played by the live hub from the
process pool with its clock running, and post-game analysis (a job: run here at once, in
huey's immediate mode; tests/server/test_jobs.py runs analyses in a real worker)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from shashki.board import Board
from shashki.engine import Limit
from shashki.server.accounts.models import User
from shashki.server.engine.analysis import Analyser, annotate, mark, summary
from shashki.server.engine.models import EngineAccount
from shashki.server.engine.pool import EnginePool, worker_analyse, worker_move
from shashki.server.play import models as m
from shashki.server.play.live import Actor

from .helpers import Visitor, receive, until


def new_game(v: Visitor, level: str = "beginner", color: str = "black",
             time_control: str = "5m+3s", fen: str = "") -> int:
    r = v.form("/engine", {"level": level, "variant": "russian", "color": color,
                           "time_control": time_control, "fen": fen}, page="/engine")
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def wait_state(v: Visitor, game_id: int, check: Any, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state: dict[str, Any] = v.get(f"/api/games/{game_id}").json()
        if check(state):
            return state
        time.sleep(0.05)
    raise AssertionError(f"timed out; last state ply {state['ply']}")


def test_worker_functions_in_process() -> None:
    text = worker_move("russian", None, ["c3-d4"], "club", Limit(depth=4))
    assert text in {"f6-e5", "f6-g5", "b6-a5", "b6-c5", "d6-c5", "d6-e5", "h6-g5"}
    # at full strength the opening book's moves, any within BOOK_MARGIN of the best
    from shashki.engine.book import book_for
    from shashki.server.engine.pool import BOOK_MARGIN

    book = book_for("russian")
    assert book is not None
    known = book.moves(Board("russian"))
    good = {m for m, s in known if s >= known[0][1] - BOOK_MARGIN}
    seen = {worker_move("russian", None, [], "master", Limit(depth=1)) for _ in range(30)}
    assert seen <= good and len(seen) > 1
    # the game's ruleset reaches the engine (its draw counts: shashki.engine.rulecount)
    from shashki.engine import search as S
    from shashki.server.engine.pool import _ENGINES

    worker_move("brazilian", None, [], "club", Limit(depth=2), "cbd")
    assert _ENGINES.by_variant["brazilian"].params[S.P_RULES_PLIES] == 40  # CBD 16
    worker_analyse("brazilian", None, [], 0.1, 2)  # another game, its own (default) rules
    assert _ENGINES.by_variant["brazilian"].params[S.P_RULES_PLIES] == 30  # Code 1.9.1.6
    p = worker_analyse("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8", [], 0.5, 8)
    assert p["best"] == "c3-d4" and p["mate"] is not None and p["mate"] > 0
    over = worker_analyse("russian", "B:Wa1:B", [], 0.1, 2)
    assert over["over"] is True


def test_marks_and_annotation() -> None:
    assert [mark(x) for x in (None, 0, 50, 100, 250)] == ["", "", "?!", "?", "??"]
    positions = [{"score": 10, "mate": None, "best": "c3-d4", "pv": ["c3-d4"], "depth": 5},
                 {"score": -300, "mate": None, "best": "f6-g5", "pv": ["f6-g5"], "depth": 5},
                 {"score": -290, "mate": None, "best": None, "pv": [], "depth": 5}]
    rows = annotate(positions, ["a1-b2", "f6-g5"], white_first=True)
    assert rows[0]["loss"] == 310 and rows[0]["mark"] == "??" and rows[0]["best"] == "c3-d4"
    assert rows[1]["loss"] == 10 and rows[1]["mark"] == "" and rows[1]["color"] == "black"
    sm = summary(rows)
    assert sm["white"] == {"moves": 1, "average_loss": 310, "?!": 0, "?": 0, "??": 1}
    assert sm["black"]["average_loss"] == 10


def test_engine_accounts_exist_and_cannot_log_in(client: TestClient, guest: Visitor) -> None:
    svc = client.app.state.services  # type: ignore[attr-defined]
    with svc.db.session() as db:
        accounts = {a.level: db.get(User, a.user_id).username
                    for a in db.query(EngineAccount)}
    assert accounts["club"] == "engine-club" and len(accounts) == 7
    guest.get("/login")
    r = guest.post("/login", data={"username": "engine-club", "password": "!",
                                   "csrf_token": guest.csrf}, follow_redirects=False)
    assert r.status_code == 401
    levels = guest.get("/api/engine/levels").json()
    assert [lv["name"] for lv in levels][:3] == ["beginner", "novice", "amateur"]


def test_the_engine_answers_with_its_clock_running(client: TestClient, alice: Visitor) -> None:
    game_id = new_game(alice, "novice", "black")
    # the engine has White: it moves at once
    state = wait_state(alice, game_id, lambda s: s["ply"] >= 1)
    assert state["white"]["name"] == "engine-novice" and state["turn"] == "black"
    with alice.ws(game_id) as ws:
        first = receive(ws, "state")
        assert first["ply"] == 1
        legal = first["legal"][0]["text"]
        ws.send_json({"type": "move", "move": legal, "ply": 1, "id": 1})
        after = until(ws, lambda s: s["ply"] >= 3, limit=40)
    assert after["turn"] == "black" and after["clock"]["running"] == "black"
    # the engine's thinking time came off its own clock (5 min + 3 s a move)
    assert after["moves"][2]["white_clock"] < 300 + 2 * 3
    svc = client.app.state.services  # type: ignore[attr-defined]
    with svc.db.session() as db:
        rows = db.query(m.Move).filter(m.Move.game_id == game_id).order_by(m.Move.ply).all()
        assert [r.text for r in rows] == [mv["text"] for mv in after["moves"]]
    assert client.app.state.engine.player.moves_played >= 2  # type: ignore[attr-defined]


def test_engine_game_validation(alice: Visitor, guest: Visitor) -> None:
    r = alice.form("/engine", {"level": "grandmaster", "color": "white"}, page="/engine")
    assert r.status_code == 422 and "Unknown engine level" in r.text
    r = alice.api("POST", "/api/engine/games", {"level": "club", "fen": "W:W99:B1"})
    assert r.status_code == 422 and r.json()["field"] == "fen"
    guest.get("/login")  # the anonymous CSRF token: then the login is what is missing
    r = guest.api("POST", "/api/engine/games", {"level": "club"})
    assert r.status_code == 401


def test_a_player_cannot_move_for_the_engine(alice: Visitor, client: TestClient) -> None:
    r = alice.api("POST", "/api/engine/games", {"level": "beginner", "color": "white",
                                                "time_control": ""})
    assert r.status_code == 201, r.text
    game_id = r.json()["game_id"]
    r = alice.api("POST", f"/api/games/{game_id}/moves", {"move": "c3-d4", "ply": 0})
    assert r.status_code == 200, r.text
    state = wait_state(alice, game_id, lambda s: s["ply"] >= 2)
    assert state["moves"][1]["white_clock"] is None  # no clock: a move time, no clock
    r = alice.api("POST", f"/api/games/{game_id}/moves", {"move": state["legal"][0]["text"],
                                                          "ply": 1})
    assert r.status_code == 409 and r.json()["error"] == "stale"


def test_post_game_analysis(client: TestClient, alice: Visitor, bob: Visitor) -> None:
    analyser: Analyser = client.app.state.engine.analyser  # type: ignore[attr-defined]
    analyser.seconds, analyser.depth = 0.05, 4
    r = alice.api("POST", "/api/engine/games", {"level": "beginner", "color": "white",
                                                "time_control": ""})
    game_id = r.json()["game_id"]
    # refused while the game goes on
    r = alice.api("POST", f"/api/games/{game_id}/analysis")
    assert r.status_code == 409 and r.json()["error"] == "analysis_live"
    assert alice.get(f"/games/{game_id}/analysis").status_code == 409
    alice.api("POST", f"/api/games/{game_id}/moves", {"move": "c3-d4", "ply": 0})
    wait_state(alice, game_id, lambda s: s["ply"] >= 2)
    r = alice.api("POST", f"/api/games/{game_id}/resign")
    assert r.status_code == 200 and r.json()["state"]["result"] == "0-1"
    page = alice.get(f"/games/{game_id}")
    assert f'href="/games/{game_id}/analysis"' in page.text
    page = alice.get(f"/games/{game_id}/analysis")
    assert page.status_code == 200 and 'id="analysis-request"' in page.text
    r = alice.post(f"/games/{game_id}/analysis", data={"csrf_token": "forged"},
                   follow_redirects=False)
    assert r.status_code == 403
    r = alice.post(f"/games/{game_id}/analysis", data={"csrf_token": alice.csrf},
                   follow_redirects=False)
    assert r.status_code == 303
    deadline = time.monotonic() + 60
    while True:
        a = bob.get(f"/api/games/{game_id}/analysis").json()
        if a["status"] == "done" or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert a["status"] == "done", a
    assert [mv["ply"] for mv in a["moves"]] == [1, 2]
    assert a["moves"][0]["move"] == "c3-d4" and a["moves"][0]["best"]
    assert all(isinstance(mv["score"], int) for mv in a["moves"])
    assert a["summary"]["white"]["moves"] == a["summary"]["black"]["moves"] == 1
    assert isinstance(a["summary"]["white"]["average_loss"], int)
    page = bob.get(f"/games/{game_id}/analysis")
    assert 'id="analysis-request"' not in page.text and "c3-d4" in page.text
    assert 'id="analysis-summary"' in page.text
    svg = bob.get(f"/games/{game_id}/board/1.svg", params={"arrow": a["moves"][1]["best"]})
    assert svg.status_code == 200


def test_engine_against_engine_is_not_rate_limited(client: TestClient,
                                                     guest: Visitor) -> None:
    """Two engine accounts play each other faster than the players' move rate allows
    (8 actions in 2 s): the engine's moves are not held to it."""
    from shashki.server.play import store

    assert Actor(1, bot=True).bot and not Actor(1).bot
    from shashki.server.core.ratelimit import RateLimit

    svc = client.app.state.services  # type: ignore[attr-defined]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.move_limit = RateLimit(1, 600)  # one action in ten minutes: players are held
    player = client.app.state.engine.player  # type: ignore[attr-defined]
    with svc.db.session() as db:
        white = db.get(User, player.user_of("beginner"))
        black = db.get(User, player.user_of("novice"))
        ch = store.create_challenge(db, white, "russian", "", "white", black.username)
        game_id = store.accept_challenge(db, ch, black).id
    client.portal.call(hub.get, game_id)  # type: ignore[union-attr]
    state = wait_state(guest, game_id, lambda s: s["ply"] >= 24 or s["status"] == "finished",
                       timeout=60)
    assert state["ply"] >= 20, state["termination"]


def test_invitations_to_the_engine_are_accepted(alice: Visitor) -> None:
    r = alice.api("POST", "/api/challenges", {"opponent": "engine-novice", "color": "black",
                                              "time_control": "3m+2s"})
    assert r.status_code == 201, r.text
    ch = r.json()["id"]
    deadline = time.monotonic() + 30
    while (game_id := alice.get(f"/api/challenges/{ch}").json()["game_id"]) is None:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    state = wait_state(alice, game_id, lambda s: s["ply"] >= 1)
    assert state["white"]["name"] == "engine-novice"


def test_the_engine_answers_draw_offers(alice: Visitor) -> None:
    # equal: declined, then it moves
    r = alice.api("POST", "/api/engine/games", {"level": "amateur", "color": "white",
                                                "time_control": ""})
    game_id = r.json()["game_id"]
    # offered on her own clock (Code 1.9.5), the engine answers once she has moved
    assert alice.api("POST", f"/api/games/{game_id}/draw/offer", {"ply": 0}).status_code == 200
    alice.api("POST", f"/api/games/{game_id}/moves", {"move": "c3-d4", "ply": 0})
    state = wait_state(alice, game_id, lambda s: s["ply"] >= 2)
    assert [(e["action"], e["color"]) for e in state["events"]][:2] == [
        ("offer", "white"), ("decline", "black")]
    # lost: accepted
    r = alice.api("POST", "/api/engine/games", {"level": "amateur", "color": "white",
                                                "time_control": "",
                                                "fen": "W:WKa1,Kc1,Ke1,Kg1:Bh8"})
    game_id = r.json()["game_id"]
    alice.api("POST", f"/api/games/{game_id}/draw/offer", {"ply": 0})
    alice.api("POST", f"/api/games/{game_id}/moves", {"move": "a1-b2", "ply": 0})
    state = wait_state(alice, game_id, lambda s: s["status"] == "finished")
    assert state["result"] == "1/2-1/2" and state["termination"]["kind"] == "agreement"


def test_the_engine_accepts_takebacks(alice: Visitor) -> None:
    """A casual game against the engine (docs/rules.md L4): her takeback, proposed after
    the engine's reply, is accepted at once and undoes both moves."""
    r = alice.api("POST", "/api/engine/games", {"level": "beginner", "color": "white",
                                                "time_control": ""})
    game_id = r.json()["game_id"]
    alice.api("POST", f"/api/games/{game_id}/moves", {"move": "c3-d4", "ply": 0})
    state = wait_state(alice, game_id, lambda s: s["ply"] == 2)
    alice.api("POST", f"/api/games/{game_id}/moves", {"move": state["legal"][0]["text"],
                                                      "ply": 2})
    state = wait_state(alice, game_id, lambda s: s["ply"] == 4)
    r = alice.api("POST", f"/api/games/{game_id}/takeback/propose", {"ply": 4})
    assert r.status_code == 200, r.text
    state = wait_state(alice, game_id, lambda s: any(
        e["action"] == "taken back" for e in s["events"]))
    assert state["ply"] == 2 and state["turn"] == "white"
    assert [(e["action"], e["color"]) for e in state["events"]][-2:] == [
        ("takeback", "white"), ("taken back", "black")]


def test_the_engine_offers_a_draw_in_a_dead_drawn_ending(alice: Visitor) -> None:
    # two kings against one: a draw (docs/engine.md, theory from the databases); the
    # engine moves first and offers with its move (Code 1.9.3)
    r = alice.api("POST", "/api/engine/games", {"level": "amateur", "color": "black",
                                                "time_control": "",
                                                "fen": "W:WKc1,Ke1:BKh4"})
    game_id = r.json()["game_id"]
    state = wait_state(alice, game_id, lambda s: any(e["action"] == "offer"
                                                     for e in s["events"]))
    assert state["ply"] >= 1 and [(e["action"], e["color"]) for e in state["events"]] == [
        ("offer", "white")]


def test_the_engine_moves_after_a_restart(tmp_path: Any) -> None:
    """A game stored with the engine to move (the server stopped while it thought) is
    answered when the server starts again."""
    from shashki.server.app import create_app
    from shashki.server.play import store

    from .conftest import fast_settings

    cfg = fast_settings(tmp_path)
    with TestClient(create_app(cfg)) as c:
        human = Visitor(c)
        human.signup("human")
        svc = c.app.state.services  # type: ignore[attr-defined]
        bot_id = c.app.state.engine.player.user_of("beginner")  # type: ignore[attr-defined]
        # the game is written, but the hub never hears of it before the server stops
        with svc.db.session() as db:
            h = db.scalar(__import__("sqlalchemy").select(User).where(
                User.username == "human"))
            bot = db.get(User, bot_id)
            ch = store.create_challenge(db, h, "russian", "5m", "black", bot.username)
            game_id = store.accept_challenge(db, ch, bot).id
            ch.status = m.ChallengeStatus.ACCEPTED.value
        c.app.state.engine.player.poller.cancel()  # type: ignore[attr-defined]
    with TestClient(create_app(cfg)) as c:
        state = wait_state(Visitor(c), game_id, lambda s: s["ply"] >= 1)
        assert state["turn"] == "black" and state["clock"]["running"] == "black"


def test_a_dead_worker_is_replaced() -> None:
    import asyncio
    import os

    async def run() -> tuple[str, int]:
        pool = EnginePool(1)
        pool.start()
        try:
            assert pool.executor is not None
            with __import__("contextlib").suppress(Exception):
                await asyncio.wrap_future(pool.executor.submit(os._exit, 1))
            text = await pool.move("russian", None, [], "beginner", Limit(depth=2))
            return text, pool.restarts
        finally:
            pool.stop()

    text, restarts = asyncio.run(run())
    assert restarts == 1 and len(text) == 5


def test_the_pool_ends_its_workers_when_it_stops(tmp_path: Path) -> None:
    # ``shashki serve`` stops the engine's worker processes and waits for them, so no
    # worker outlives the server and no semaphore is left to the resource tracker.
    import subprocess
    import sys
    import textwrap

    script = tmp_path / "pool.py"
    script.write_text(textwrap.dedent("""
        import asyncio
        from shashki.engine import Limit
        from shashki.server.engine.pool import EnginePool

        async def main():
            pool = EnginePool(2)
            pool.start()
            await pool.move("russian", None, [], "beginner", Limit(time=0.1))
            procs = list(pool.executor._processes.values())
            pool.stop()
            print("alive", sum(p.is_alive() for p in procs), len(procs))

        if __name__ == "__main__":
            asyncio.run(main())
    """))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert "alive 0 " in run.stdout and "leaked semaphore" not in run.stderr


def test_the_platform_engine_probes_the_default_tables(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``shashki serve``'s engine players use what ``shashki egdb build`` made in the
    default directory, as ``shashki hub`` does; without a database they search as before."""
    import threading

    from shashki.engine.egdb import _FOUND, Database
    from shashki.server.engine import pool

    nest = tmp_path / "egdb"
    ru4 = Database.build("russian", 4, nest / "russian")  # 5 s of CPU
    board = Board("russian", "W:WK4,K7,K11:BK21")
    seen: dict[str, object] = {}

    def look(name: str) -> None:  # a fresh thread: a fresh engine of the pool
        seen[name] = pool._engine("russian").analyse(board, depth=4).score.wins_in

    for name, where in (("with", nest), ("without", tmp_path / "none")):
        monkeypatch.setenv("SHASHKI_EGDB", str(where))
        _FOUND.clear()
        t = threading.Thread(target=look, args=(name,))
        t.start()
        t.join()
    _FOUND.clear()
    assert seen == {"with": ru4.probe(board).moves, "without": None}  # type: ignore[union-attr]
