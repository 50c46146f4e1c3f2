"""Long work as jobs on a real job queue, run by real worker processes.

Each test here starts ``shashki worker`` (or ``shashki serve`` with its embedded worker) as
a process of its own: an import with its progress and report, cancelling (between games,
and by force in the middle of one enormous game), the per-user limit, the cap on games per
file, an upload over the size limit refused while it streams, an analysis as a job, and a
worker "on another host" (a process with nothing but the database URL and the queue: its
own working and home directories, none of the server's environment).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from shashki.pdn import read_games
from shashki.server.app import create_app
from shashki.server.jobs.models import Job

from .conftest import fast_settings
from .helpers import Visitor
from .services import BACKEND, redis_server
from .serving import free_port, server, url_for

DATA = Path(__file__).parents[1] / "pdn" / "data"
ONE_MOVE = b"1. c3-d4 *\n"
"""The finding's file is this line 10^6 times (11,000,000 bytes, 10.5 MiB)."""


def tagged_games(n: int, broken_every: int = 0) -> tuple[str, list[int]]:
    """``n`` distinct games (their Round tags differ); every ``broken_every``-th has an
    illegal second move. Returns the text and the lines of the broken moves."""
    out, broken, line = [], [], 1
    for i in range(n):
        bad = broken_every and i % broken_every == broken_every - 1
        moves = "1. c3-d4 f6-f5 *" if bad else "1. c3-d4 f6-g5 *"
        out.append(f'[Event "jobs"]\n[Round "{i}"]\n\n{moves}\n\n')
        if bad:
            broken.append(line + 3)
        line += 5
    return "".join(out), broken


# --- a worker process -------------------------------------------------------------------------


@contextmanager
def worker(tmp: Path, database: str, redis: str = "", name: str = "worker"
           ) -> Iterator[subprocess.Popen[bytes]]:
    """``shashki worker`` as another machine would run it: its own working and home
    directories, no SHASHKI_* variables, only the database URL (and Redis)."""
    home = tmp / f"{name}-home"
    home.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SHASHKI_")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), PYTHONUNBUFFERED="1")
    # nice 0: three test processes and a browser leave a nice-19 worker a few per cent
    # of a core, and its jobs took a minute (the default is the embedded worker's test)
    cmd = [sys.executable, "-m", "shashki.server", "worker", "--database", database,
           "--log-level", "info", "--nice", "0", *(["--redis", redis] if redis else [])]
    log = tmp / f"{name}.log"
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, cwd=home, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


@contextmanager
def platform(tmp_path: Path, **kw: Any) -> Iterator[tuple[TestClient, str]]:
    """The web side in this process, with no worker of its own and the real queue."""
    settings = fast_settings(tmp_path, workers=0, jobs_inline=False, **kw)
    with TestClient(create_app(settings), base_url="http://testserver") as client:
        yield client, settings.url


def upload(v: Visitor, data: bytes | str, name: str = "games.pdn") -> dict[str, Any]:
    r = v.request("POST", "/api/archive/imports", files={"file": (name, data)},
                  headers={"X-CSRF-Token": v.csrf})
    assert r.status_code == 202, r.text
    out: dict[str, Any] = r.json()
    return out


def follow(get: Callable[[str], Any], job_id: int, until: Callable[[dict[str, Any]], bool],
           timeout: float = 180) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Poll a job until ``until(job)``; the job then, and every state seen."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + timeout
    while True:
        job: dict[str, Any] = get(f"/api/jobs/{job_id}").json()
        seen.append(job)
        if until(job):
            return job, seen
        assert time.monotonic() < deadline, f"job {job_id} stuck: {job}"
        time.sleep(0.1)


def ended(job: dict[str, Any]) -> bool:
    return job["status"] in ("done", "failed", "cancelled")


def stored_games(client: TestClient, import_id: int) -> int:
    from sqlalchemy import func, select

    from shashki.server.archive.models import ArchiveGame

    db = client.app.state.services.db  # type: ignore[attr-defined]
    with db.session() as s:
        return int(s.scalar(select(func.count()).select_from(ArchiveGame).where(
            ArchiveGame.import_id == import_id)) or 0)


# --- an import as a job ----------------------------------------------------------------------


def test_an_import_is_a_job_with_progress_and_its_report(tmp_path: Path) -> None:
    text, broken_lines = tagged_games(3000, broken_every=500)
    with platform(tmp_path) as (client, url), worker(tmp_path, url):
        alice = Visitor(client)
        alice.signup("alice")
        answer = upload(alice, text)
        assert answer["status"] in ("queued", "running") and answer["job"]["kind"] == (
            "archive.import")
        lines = text.count("\n")
        assert answer["lines_total"] == answer["job"]["total"] == lines
        page = alice.get(f"/archive/imports/{answer['id']}")
        assert 'id="job-progress"' in page.text and 'id="job-cancel"' in page.text
        job, seen = follow(alice.get, answer["job"]["id"], ended)
        assert job["status"] == "done", job
        progress = [j["done"] for j in seen if j["status"] == "running"]
        assert any(0 < d < lines for d in progress), progress  # seen moving
        assert progress == sorted(progress)
        assert job["done"] == job["total"] == lines
        report = client.get(f"/api/archive/imports/{answer['id']}").json()
        assert (report["games_read"], report["games_imported"], report["broken_count"]) == (
            3000, 2994, 6)
        assert [b["line"] for b in report["broken"]] == broken_lines
        assert all(b["text"] == "f6-f5" for b in report["broken"])
        assert job["result"]["games_imported"] == 2994 and not report["capped"]
        assert stored_games(client, answer["id"]) == 2994
        page = alice.get(f"/archive/imports/{answer['id']}")
        assert 'id="job-progress"' not in page.text and 'id="count-imported">2994<' in page.text
        assert 'id="broken-games"' in page.text


def test_the_embedded_worker_of_shashki_serve(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """One command (README command 1): ``shashki serve`` starts its worker; an import of a
    file with broken games ends with the reader's report (as the PDN reader sees it)."""
    monkeypatch.delenv("SHASHKI_WORKER_NICE", raising=False)  # the default priority
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    raw = (DATA / "errors.pdn").read_bytes()
    expected = read_games(raw.decode("utf-8"))
    with server(tmp_path / "serve.db", port, tmp_path / "serve.log") as proc:
        user = signup_http(base, "anna")
        r = user.post("/api/archive/imports", files={"file": ("errors.pdn", raw)})
        assert r.status_code == 202, r.text
        job, _ = follow(user.get, r.json()["job"]["id"], ended)
        assert job["status"] == "done", job
        report = user.get(f"/api/archive/imports/{r.json()['id']}").json()
        assert report["games_read"] == len(expected)
        assert report["broken_count"] == sum(1 for g in expected if g.errors)
        assert [b["line"] for b in report["broken"]] == [
            g.errors[0].line for g in expected if g.errors]
        assert job["result"]["games_imported"] == sum(1 for g in expected if not g.errors)
        # the worker is a process of its own; it keeps the server's priority (its
        # heartbeats must not starve), its jobs' fork server runs at the lowest
        children = subprocess.run(["pgrep", "-P", str(proc.pid), "-f", "shashki.server worker"],
                                  capture_output=True, text=True).stdout.split()
        assert len(children) == 1
        assert (os.getpriority(os.PRIO_PROCESS, int(children[0]))
                == os.getpriority(os.PRIO_PROCESS, proc.pid))
        forks = subprocess.run(["pgrep", "-P", children[0], "-f", "forkserver"],
                               capture_output=True, text=True).stdout.split()
        assert len(forks) == 1
        assert os.getpriority(os.PRIO_PROCESS, int(forks[0])) == 19
    deadline = time.monotonic() + 20  # stopped with the server
    while Path(f"/proc/{children[0]}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{children[0]}").exists()


@pytest.mark.store_independent
def test_a_killed_server_leaves_no_process_behind(tmp_path: Path) -> None:
    """``shashki serve`` killed (SIGKILL: no shutdown of its own): its job worker and its
    engine pool's process notice and end (they used to live on, 100 MB each)."""
    port = free_port()
    with server(tmp_path / "k.db", port, tmp_path / "k.log") as proc:
        deadline = time.monotonic() + 60
        while True:  # the job worker and the engine's process (warmed at start)
            kids = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                  text=True).stdout.split()
            cmds = [Path(f"/proc/{k}/cmdline").read_bytes() for k in kids
                    if Path(f"/proc/{k}").exists()]
            if ((any(b"worker" in c for c in cmds) and any(b"spawn_main" in c for c in cmds))
                    or time.monotonic() > deadline):
                break
            time.sleep(0.2)
        assert len(kids) >= 2, cmds
        proc.kill()
        proc.wait(10)
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{k}").exists() for k in kids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [k for k in kids if Path(f"/proc/{k}").exists()] == []


def signup_http(base: str, name: str) -> httpx.Client:
    """A logged-in browser of a real server (its CSRF token on every request)."""
    c = httpx.Client(base_url=base, timeout=60)
    r = c.get("/signup")
    token = re.search(r'name="csrf_token" value="([^"]+)"', r.text)
    assert token
    r = c.post("/signup", data={"username": name, "password": "correct horse", "email": "",
                                "csrf_token": token.group(1)})
    assert r.status_code in (200, 303), r.text
    r = c.get("/")
    token = re.search(r'name="csrf_token" value="([^"]+)"', r.text)
    assert token
    c.headers["X-CSRF-Token"] = token.group(1)
    return c


# --- cancel ----------------------------------------------------------------------------------


def test_cancel_stops_the_finding_s_import_keeping_what_it_stored(tmp_path: Path) -> None:
    """The finding: 10^6 one-move games (10.5 MB) kept the server busy for 15 minutes and
    could not be stopped. Now the owner cancels it; it stops after the game it is reading,
    the games stored stay and the report says where it stopped."""
    data = ONE_MOVE * 1_000_000
    with platform(tmp_path, max_games_per_file=1_000_000) as (client, url), \
            worker(tmp_path, url):
        alice, bob = Visitor(client), Visitor(client)
        alice.signup("alice")
        bob.signup("bob")
        answer = upload(alice, data, "million.pdn")
        job_id = answer["job"]["id"]
        follow(alice.get, job_id, lambda j: j["result"].get("games_read", 0) > 0)
        r = bob.api("POST", f"/api/jobs/{job_id}/cancel")
        assert r.status_code == 403 and r.json()["error"] == "job_not_yours"
        r = alice.api("POST", f"/api/jobs/{job_id}/cancel")
        assert r.status_code == 200 and r.json()["cancel_requested"]
        asked = time.monotonic()
        job, _ = follow(alice.get, job_id, ended)
        took = time.monotonic() - asked
        assert job["status"] == "cancelled", job
        report = client.get(f"/api/archive/imports/{answer['id']}").json()
        n = report["games_read"]
        assert 0 < n < 1_000_000 and report["cancelled_at"] == n
        assert job["message"] == f"cancelled at game {n}"
        assert report["games_imported"] == 1 and report["duplicates"] == n - 1
        assert stored_games(client, answer["id"]) == 1
        page = alice.get(f"/archive/imports/{answer['id']}")
        assert 'id="import-cancelled"' in page.text and f"after game {n}" in page.text
        assert alice.api("POST", f"/api/jobs/{job_id}/cancel").status_code == 409
        print(f"cancel took {took:.2f} s, at game {n}")


def test_cancel_kills_a_job_stuck_in_one_enormous_game(tmp_path: Path) -> None:
    """One game of 200,000 broken variations takes the reader many seconds; a cancel
    does not wait for it: the job's process is killed after its grace second, and what
    the job committed before (the two games ahead of it) stays, consistent."""
    first, _ = tagged_games(2)
    enormous = '[Event "huge"]\n\n1. c3-d4 ' + "(2. d4-c5 (3. x) ) " * 200_000 + "*\n"
    with platform(tmp_path) as (client, url), worker(tmp_path, url):
        alice = Visitor(client)
        alice.signup("alice")
        answer = upload(alice, first + enormous, "huge.pdn")
        job_id = answer["job"]["id"]
        follow(alice.get, job_id, lambda j: j["result"].get("games_read", 0) >= 1)
        time.sleep(2.0)  # inside the enormous game by now (it takes the reader ~10 s)
        assert alice.api("POST", f"/api/jobs/{job_id}/cancel").status_code == 200
        job, _ = follow(alice.get, job_id, ended, timeout=60)
        assert job["status"] == "cancelled" and "by force" in job["message"], job
        report = client.get(f"/api/archive/imports/{answer['id']}").json()
        assert report["games_imported"] == stored_games(client, answer["id"])
        assert report["games_read"] <= 2


def test_a_stopped_worker_fails_its_job_as_interrupted(tmp_path: Path) -> None:
    data = ONE_MOVE * 200_000
    with platform(tmp_path) as (client, url):
        alice = Visitor(client)
        alice.signup("alice")
        with worker(tmp_path, url) as proc:
            answer = upload(alice, data)
            follow(alice.get, answer["job"]["id"],
                   lambda j: j["result"].get("games_read", 0) > 0)
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
        job = alice.get(f"/api/jobs/{answer['job']['id']}").json()
        assert job["status"] == "failed" and job["message"] == "interrupted: the worker stopped"
        report = client.get(f"/api/archive/imports/{answer['id']}").json()
        assert report["games_imported"] == stored_games(client, answer["id"])


def test_a_killed_worker_s_job_fails_when_its_heartbeat_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from shashki.server.jobs import service

    monkeypatch.setattr(service, "STALE", 8.0)
    with platform(tmp_path) as (client, url):
        alice = Visitor(client)
        alice.signup("alice")
        with worker(tmp_path, url) as proc:
            answer = upload(alice, ONE_MOVE * 200_000)
            follow(alice.get, answer["job"]["id"], lambda j: j["status"] != "queued")
            proc.kill()  # its job's process notices, and ends too
            proc.wait(10)
        job, _ = follow(alice.get, answer["job"]["id"], ended, timeout=30)
        assert job["status"] == "failed" and "stopped answering" in job["message"]


# --- limits ----------------------------------------------------------------------------------


def test_the_per_user_limit_on_jobs(tmp_path: Path) -> None:
    """Two jobs queued or running at a time (no worker here: they stay queued); the third
    is refused before its upload is read, an analysis too; a cancelled one frees a place;
    another player is not affected."""
    games, _ = tagged_games(3)
    with platform(tmp_path, jobs_per_user=2) as (client, _url):
        alice, bob = Visitor(client), Visitor(client)
        alice.signup("alice")
        bob.signup("bob")
        first, second = upload(alice, games), upload(alice, games)
        assert first["status"] == second["status"] == "queued"
        r = alice.request("POST", "/api/archive/imports", files={"file": ("g.pdn", games)},
                          headers={"X-CSRF-Token": alice.csrf})
        assert r.status_code == 429 and r.json()["error"] == "jobs_limit"
        assert "2 jobs" in r.json()["message"]
        alice.get("/archive")
        r = alice.post("/archive/import", data={"csrf_token": alice.csrf, "text": games},
                       follow_redirects=False)
        assert r.status_code == 429
        assert upload(bob, games)["status"] == "queued"
        r = alice.api("POST", f"/api/jobs/{first['job']['id']}/cancel")
        assert r.json()["status"] == "cancelled"
        assert r.json()["message"] == "cancelled before it started"
        assert upload(alice, games)["status"] == "queued"
        assert len(alice.get("/api/jobs").json()) == 3


def test_the_limit_holds_for_requests_at_the_same_moment(tmp_path: Path) -> None:
    from shashki.server.accounts import auth
    from shashki.server.accounts.auth import Passwords
    from shashki.server.core.db import Database
    from shashki.server.core.errors import ServerError
    from shashki.server.jobs.queue import Queue
    from shashki.server.jobs.service import Jobs

    cfg = fast_settings(tmp_path)
    db = Database(cfg.url, create=True)
    db.upgrade()
    with db.session() as s:
        user_id = auth.create_user(s, Passwords(cfg), "racer", "correct horse").id
    jobs = Jobs(db, Queue(db.url), per_user=3)
    start = threading.Barrier(8)
    made: list[int] = []
    refused: list[str] = []

    def one() -> None:
        start.wait()
        try:
            made.append(jobs.create("archive.import", user_id, {}))
        except ServerError as e:
            refused.append(e.code)

    threads = [threading.Thread(target=one) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 3 and refused == ["jobs_limit"] * 5
    db.dispose()


def test_the_cap_on_games_per_file(tmp_path: Path) -> None:
    text, _ = tagged_games(250)
    with platform(tmp_path, max_games_per_file=100) as (client, url), worker(tmp_path, url):
        alice = Visitor(client)
        alice.signup("alice")
        answer = upload(alice, text)
        job, _ = follow(alice.get, answer["job"]["id"], ended)
        assert job["status"] == "done", job
        report = client.get(f"/api/archive/imports/{answer['id']}").json()
        assert (report["games_read"], report["games_imported"]) == (100, 100)
        assert report["capped"] and report["cap"] == 100
        assert report["next_line"] == 5 * 100 + 1  # game 101 starts there
        assert "was not read" in job["message"]
        page = alice.get(f"/archive/imports/{answer['id']}")
        assert 'id="import-capped"' in page.text and "from line 501" in page.text
        assert stored_games(client, answer["id"]) == 100


# --- an upload over the size limit ------------------------------------------------------------


BOUNDARY = "shashkiboundary"


def _multipart_head(name: str = "big.pdn") -> bytes:
    return (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; "
            f"filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").encode()


def test_an_upload_over_the_limit_is_refused_while_it_streams(tmp_path: Path) -> None:
    """300 MB sent to the app (ASGI, a megabyte a message, no Content-Length): refused
    with 413 once the limit is passed, having read little more than the limit; with a
    Content-Length over the limit, refused before reading any of the body."""
    from shashki.server.accounts import auth
    from shashki.server.accounts import tokens as api_tokens
    from shashki.server.accounts.auth import Passwords
    from shashki.server.core.db import Database

    cfg = fast_settings(tmp_path)
    db = Database(cfg.url, create=True)
    db.upgrade()
    with db.session() as s:
        user = auth.create_user(s, Passwords(cfg), "sender", "correct horse")
        token, _ = api_tokens.create(s, user.id, "big")
    db.dispose()
    limit = cfg.max_upload
    app = create_app(cfg)

    async def post(declared: int | None) -> tuple[int, int, dict[str, Any]]:
        consumed = 0
        head = _multipart_head()
        piece = b"1. c3-d4 *\n" * 95325  # ~1 MB

        async def receive() -> dict[str, Any]:
            nonlocal consumed
            if consumed == 0:
                consumed += len(head)
                return {"type": "http.request", "body": head, "more_body": True}
            if consumed > 300 * 2**20:
                return {"type": "http.request", "body": b"", "more_body": False}
            consumed += len(piece)
            return {"type": "http.request", "body": piece, "more_body": True}

        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        headers = [(b"host", b"testserver"), (b"authorization", f"Bearer {token}".encode()),
                   (b"content-type", f"multipart/form-data; boundary={BOUNDARY}".encode())]
        if declared is not None:
            headers.append((b"content-length", str(declared).encode()))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": "/api/archive/imports",
                 "raw_path": b"/api/archive/imports", "query_string": b"",
                 "root_path": "", "headers": headers, "client": ("127.0.0.1", 5000),
                 "server": ("testserver", 80)}
        async with app.router.lifespan_context(app):
            await app(scope, receive, send)  # type: ignore[arg-type]
        start = next(m for m in sent if m["type"] == "http.response.start")
        body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return start["status"], consumed, json.loads(body)

    status, consumed, body = asyncio.run(post(None))
    assert status == 413 and body["error"] == "archive_too_large" and body["field"] == "file"
    assert limit < consumed <= limit + 64 * 1024 + 2**20 + len(_multipart_head())
    status, consumed, body = asyncio.run(post(300 * 2**20))
    assert status == 413 and consumed == 0
    print(f"limit {limit} bytes: refused after {consumed} bytes were read")


@pytest.mark.store_independent
def test_a_real_server_refuses_a_chunked_upload_at_the_limit(tmp_path: Path) -> None:
    """Over a socket to ``shashki serve``: a chunked upload (the size unknown up front) is
    answered 413 while the client is still sending, after about the limit (20 MB; plus
    what the two kernels' buffers hold), not after all of its 300 MB."""
    port = free_port()
    with server(tmp_path / "big.db", port, tmp_path / "big.log", ("--no-worker",)):
        user = signup_http(f"http://127.0.0.1:{port}", "big")
        cookies = "; ".join(f"{k}={v}" for k, v in user.cookies.items())
        total = 300 * 2**20
        head = _multipart_head()
        request = (f"POST /api/archive/imports HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   f"Cookie: {cookies}\r\nX-CSRF-Token: {user.headers['X-CSRF-Token']}\r\n"
                   f"Content-Type: multipart/form-data; boundary={BOUNDARY}\r\n"
                   f"Transfer-Encoding: chunked\r\n\r\n{total + len(head):x}\r\n").encode()
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(request + head)
        sock.setblocking(False)
        piece = memoryview(ONE_MOVE * 95325)
        sent = 0
        answer = b""
        try:
            while sent < total:
                readable, writable, _ = select.select([sock], [sock], [], 30)
                if readable:
                    break
                if writable:
                    sent += sock.send(piece[sent % len(piece):])
        except (BrokenPipeError, ConnectionResetError):
            pass
        sock.setblocking(True)
        sock.settimeout(10)
        try:
            while b"\r\n\r\n" not in answer:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        sock.close()
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert sent < 2 * 20 * 2**20, sent
        print(f"refused after {sent / 2**20:.1f} MB sent of 300 MB")


# --- an analysis as a job --------------------------------------------------------------------


GAME = """[Event "analysis"]
[White "A"]
[Black "B"]
[Result "*"]
[GameType "25"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 4. c3-b4 b6-a5 *
"""


def test_an_analysis_is_a_job_and_can_be_cancelled(tmp_path: Path) -> None:
    with platform(tmp_path) as (client, url), worker(tmp_path, url):
        analyser = client.app.state.engine.analyser  # type: ignore[attr-defined]
        analyser.seconds, analyser.depth = 0.05, 4
        alice = Visitor(client)
        alice.signup("alice")
        two = GAME + "\n" + GAME.replace('"analysis"', '"second"')
        follow(alice.get, upload(alice, two)["job"]["id"], ended)
        ids = {g["event"]: g["id"] for g in client.get("/api/archive/games").json()["games"]}
        game_id = ids["analysis"]
        r = alice.api("POST", f"/api/archive/games/{game_id}/analysis")
        assert r.status_code == 202 and r.json()["status"] == "running"
        job_id = r.json()["job"]
        job, _ = follow(alice.get, job_id, ended)
        assert (job["kind"], job["status"], job["unit"]) == ("engine.analysis", "done",
                                                             "positions")
        assert job["done"] == job["total"] == 9
        a = client.get(f"/api/archive/games/{game_id}/analysis").json()
        assert a["status"] == "done" and len(a["moves"]) == 8 and a["job"] == job_id
        assert all(m["best"] for m in a["moves"])

        # a slow one, cancelled by its owner between two positions
        analyser.seconds, analyser.depth = 2.0, 30
        game_id = ids["second"]
        r = alice.api("POST", f"/api/archive/games/{game_id}/analysis")
        job_id = r.json()["job"]
        follow(alice.get, job_id, lambda j: j["done"] >= 1)
        page = alice.get(f"/archive/games/{game_id}/analysis")
        assert 'id="analysis-cancel"' in page.text
        alice.form(f"/jobs/{job_id}/cancel", {}, page=f"/archive/games/{game_id}/analysis")
        job, _ = follow(alice.get, job_id, ended, timeout=60)
        assert job["status"] == "cancelled" and job["done"] < job["total"], job
        a = client.get(f"/api/archive/games/{game_id}/analysis").json()
        assert a["status"] == "cancelled"
        page = alice.get(f"/archive/games/{game_id}/analysis")
        assert 'id="analysis-request"' in page.text  # may be asked for again


# --- a worker on another host ----------------------------------------------------------------


QUEUES = ["redis"] + (["database"] if BACKEND != "sqlite" else [])
"""The PostgreSQL database's own queue only where the tests run on PostgreSQL
(``SHASHKI_TEST_DATABASE=postgresql``, the second run of ``.ci/run``): a SQLite database
and its queue file are on one machine."""


@pytest.mark.parametrize("queue", QUEUES)
def test_a_worker_on_another_host(tmp_path: Path, queue: str) -> None:
    """The server starts no worker; a worker process with only the database URL and the
    queue (Redis, or the PostgreSQL database itself) does the import: the file reaches it
    through the database, not a shared directory."""
    text, _ = tagged_games(300, broken_every=100)
    port = free_port()
    db = tmp_path / "shared.db"
    with redis_server() as redis_url:
        redis = redis_url if queue == "redis" else ""
        extra = ("--no-worker", *(("--redis", redis) if redis else ()))
        with server(db, port, tmp_path / "web.log", extra):
            user = signup_http(f"http://127.0.0.1:{port}", "remote")
            r = user.post("/api/archive/imports", files={"file": ("g.pdn", text)})
            assert r.status_code == 202 and r.json()["status"] == "queued"
            job_id = r.json()["job"]["id"]
            time.sleep(1.0)
            assert user.get(f"/api/jobs/{job_id}").json()["status"] == "queued"  # no worker
            with worker(tmp_path, url_for(db), redis, name="elsewhere") as proc:
                job, _ = follow(user.get, job_id, ended)
                assert job["status"] == "done", job
                assert job["result"]["games_imported"] == 297
                from sqlalchemy import create_engine, select

                engine = create_engine(url_for(db))
                with engine.connect() as conn:
                    who = conn.execute(select(Job.worker).where(Job.id == job_id)).scalar()
                engine.dispose()
                assert who is not None and who.endswith(f":{proc.pid}")


@pytest.mark.store_independent
def test_worker_errors_are_one_line(tmp_path: Path) -> None:
    for args, words in ((["--database", "nope://x"], "bad database URL"),
                        (["--workers", "0"], "--workers must be 1 to 64"),
                        (["--nice", "20"], "the niceness must be 0 to 19, not 20"),
                        ([], "SHASHKI_WORKER_NICE must be a number, not 'low'")):
        env = {**os.environ, "SHASHKI_WORKER_NICE": "0" if args else "low"}
        r = subprocess.run([sys.executable, "-m", "shashki.server", "worker", *args],
                           capture_output=True, text=True, cwd=tmp_path, timeout=60, env=env)
        assert r.returncode == 2, r.stderr
        assert r.stderr.count("\n") == 1 and words in r.stderr, r.stderr
        assert r.stderr.startswith("shashki worker: error: ")


def test_a_job_beats_while_its_process_is_being_made(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A start that waits for the fork server (the lowest priority on a busy machine) is
    not taken for a dead worker: the heartbeat goes on until the process is there."""
    from shashki.server.core.db import Database
    from shashki.server.jobs import worker as w

    monkeypatch.setattr(w, "BEAT", 0.05)
    db = Database(f"sqlite:///{tmp_path / 'beat.db'}", create=True)
    db.upgrade()
    with db.session() as s:
        s.add(Job(id=1, kind="archive.import", status="running", created_at=0.0,
                  started_at=0.0, heartbeat_at=0.0))
    started = threading.Event()
    beats = threading.Thread(target=w._beat_until, args=(db, 1, started))
    beats.start()
    time.sleep(0.5)
    started.set()
    beats.join(5)
    assert not beats.is_alive()
    with db.session() as s:
        first = s.get(Job, 1)
        assert first is not None and first.heartbeat_at is not None
        assert first.heartbeat_at > time.time() - 5
