"""The operator's kit: backups and restores (SQLite while it is written, PostgreSQL),
the health and readiness probes, the Prometheus metrics and the JSON logs
(docs/operations.md)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, insert, select

from shashki.server import cli
from shashki.server.accounts.models import User
from shashki.server.app import create_app
from shashki.server.core import backup
from shashki.server.core.db import Database

from .conftest import fast_settings
from .helpers import Visitor, receive, start_game
from .services import BACKEND, database_url, free_port, new_database, postgres_cluster
from .serving import server

PASSWORD = "correct horse"


def _login(client: TestClient, name: str) -> Visitor:
    v = Visitor(client, name)
    r = v.form("/login", {"username": name, "password": PASSWORD}, page="/login")
    assert r.status_code == 303, r.text
    v.get("/")
    return v


def _played(client: TestClient) -> int:
    """Alice and Bob sign up and start a game; Alice plays c3-d4. The game's id."""
    alice, bob = Visitor(client), Visitor(client)
    alice.signup("alice", PASSWORD)
    bob.signup("bob", PASSWORD)
    game = start_game(alice, bob)
    r = alice.api("POST", f"/api/games/{game}/moves", {"move": "c3-d4", "ply": 0})
    assert r.status_code == 200, r.text
    return game


def _read_back(client: TestClient, game: int) -> None:
    """The restored platform has the game, its move and Alice's account."""
    moves = client.get(f"/api/games/{game}/moves")
    assert moves.status_code == 200, moves.text
    assert [m["text"] for m in moves.json()] == ["c3-d4"]
    alice = _login(client, "alice")
    assert alice.get(f"/games/{game}").status_code == 200


# --- backup and restore ------------------------------------------------------------------


def test_backup_of_a_live_sqlite_database_while_it_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = f"sqlite:///{tmp_path / 'live.db'}"
    out = tmp_path / "backups" / "shashki.db"
    out.parent.mkdir()
    written = 0
    stop = threading.Event()

    def write() -> None:  # accounts one after another, each its own transaction
        nonlocal written
        db = Database(live)
        try:
            while not stop.is_set():
                with db.session() as s:
                    s.execute(insert(User).values(
                        username=f"w{written}", username_key=f"w{written}",
                        password_hash="x", role="player", created_at=time.time()))
                written += 1
        finally:
            db.dispose()

    with TestClient(create_app(fast_settings(tmp_path, database_url=live))) as client:
        game = _played(client)
        writer = threading.Thread(target=write)
        writer.start()
        try:
            while written < 50:
                time.sleep(0.01)
            assert cli.main(["backup", "--database", live, "-o", str(out)]) == 0
            copied_at = written
            while written < copied_at + 50:  # the server's database goes on being written
                time.sleep(0.01)
        finally:
            stop.set()
            writer.join()
    said = capsys.readouterr().out
    assert str(out) in said and "sqlite" in said

    # one self-contained file (no -wal beside it), whole, and a snapshot of one moment
    assert not out.with_name(out.name + "-wal").exists()
    assert [p.name for p in out.parent.iterdir()] == ["shashki.db"]
    with sqlite3.connect(out) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        names = [r[0] for r in conn.execute(
            "SELECT username FROM users WHERE username LIKE 'w%' ORDER BY id")]
    assert names == [f"w{i}" for i in range(len(names))]  # a prefix: nothing half-seen
    assert 50 <= len(names) <= copied_at < written

    # restored into a new file, the platform reads it back
    restored = f"sqlite:///{tmp_path / 'restored' / 'shashki.db'}"
    assert cli.main(["restore", str(out), "--database", restored]) == 0
    assert "restored" in capsys.readouterr().out
    with TestClient(create_app(fast_settings(tmp_path, database_url=restored))) as client:
        _read_back(client, game)
        assert _login(client, "bob").name == "bob"


def test_a_restore_refuses_a_database_in_use(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'shashki.db'}"
    copy = tmp_path / "copy.db"
    with TestClient(create_app(fast_settings(tmp_path, database_url=url))) as client:
        game = _played(client)
        assert cli.main(["backup", "--database", url, "-o", str(copy)]) == 0
        capsys.readouterr()
        assert cli.main(["restore", str(copy), "--database", url]) == 2
        err = capsys.readouterr().err
        assert err.startswith("shashki restore: error: ") and "--force" in err
        assert err.count("\n") == 1
    # the server stopped: the restore goes ahead
    assert cli.main(["restore", str(copy), "--database", url]) == 0
    with TestClient(create_app(fast_settings(tmp_path, database_url=url))) as client:
        _read_back(client, game)


@pytest.mark.parametrize(("argv", "says"), [
    (["backup", "-o", "{tmp}/b.db", "--database", "sqlite:///{tmp}/none.db"],
     "no database at"),
    (["backup", "-o", "{tmp}/b.db", "--database", "nonsense"], "bad database URL"),
    (["backup", "-o", "{tmp}/b.db", "--database", "mysql://u@h/db"], "SQLite or PostgreSQL"),
    (["backup", "-o", "{tmp}/nowhere/b.db", "--database", "sqlite:///{tmp}/x.db"],
     "no directory"),
    (["restore", "{tmp}/notes.txt", "--database", "sqlite:///{tmp}/x.db"],
     "is not a backup made by shashki backup"),
    (["restore", "{tmp}/missing.db", "--database", "sqlite:///{tmp}/x.db"], "cannot read"),
    (["restore", "{tmp}/other.db", "--database", "sqlite:///{tmp}/x.db"],
     "is not a shashki database"),
    (["restore", "{tmp}/x.db", "--database", "postgresql://u@127.0.0.1:1/db"],
     "is a SQLite backup; the database is PostgreSQL"),
    (["restore", "{tmp}/future.db", "--database", "sqlite:///{tmp}/y.db"],
     "comes from a newer shashki"),
    (["backup", "-o", "{tmp}/x.db", "--database", "sqlite:///{tmp}/x.db"],
     "is the database itself"),
    (["restore", "{tmp}/x.db", "--database", "sqlite:///{tmp}/x.db"],
     "is the database itself"),
])
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, argv: list[str], says: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("not a backup\n")
    with sqlite3.connect(tmp_path / "other.db") as conn:
        conn.execute("CREATE TABLE t (x)")
    x = Database(f"sqlite:///{tmp_path / 'x.db'}", create=True)
    x.upgrade()
    x.dispose()
    shutil.copy(tmp_path / "x.db", tmp_path / "future.db")
    with sqlite3.connect(tmp_path / "future.db") as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'z9999'")
    assert cli.main([a.format(tmp=tmp_path) for a in argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_a_missing_postgresql_tool_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(backup.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(backup.shutil, "which", lambda name: None)
    argv = ["backup", "--database", "postgresql://u@127.0.0.1:1/db", "-o",
            str(tmp_path / "b.dump")]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert "pg_dump is not installed" in err and err.count("\n") == 1


@contextmanager
def two_postgres_databases(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two empty PostgreSQL databases: on the test run's cluster in the PostgreSQL pass,
    else on a cluster of this test's own (skipped where PostgreSQL is not installed)."""
    if BACKEND != "sqlite":
        yield database_url(tmp_path, "a"), database_url(tmp_path, "b")
        return
    with postgres_cluster() as base:
        yield new_database(base), new_database(base)


def test_postgresql_backup_and_restore(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    dump = tmp_path / "shashki.dump"
    with two_postgres_databases(tmp_path) as (source, target):
        with TestClient(create_app(fast_settings(tmp_path, database_url=source))) as client:
            game = _played(client)
            assert cli.main(["backup", "--database", source, "-o", str(dump)]) == 0
            assert "postgresql" in capsys.readouterr().out
            # the source is in use: restoring into it is refused
            assert cli.main(["restore", str(dump), "--database", source]) == 2
            assert "--force" in capsys.readouterr().err
        assert dump.read_bytes().startswith(b"PGDMP")
        info = backup.inspect_backup(dump)
        assert info.kind == "postgresql" and info.revision is not None

        # into an empty database, then once more over the restored one (--clean)
        for _ in range(2):
            assert cli.main(["restore", str(dump), "--database", target]) == 0
            capsys.readouterr()
        # a table the backup does not have (a newer revision's) goes
        engine = create_engine(Database(target).url)
        with engine.begin() as conn:
            conn.exec_driver_sql("CREATE TABLE stray (x int)")
        engine.dispose()
        assert cli.main(["restore", str(dump), "--database", target]) == 0
        with TestClient(create_app(fast_settings(tmp_path, database_url=target))) as client:
            _read_back(client, game)
        names = []
        for url in (source, target):
            db = Database(url)
            with db.engine.connect() as conn:
                assert conn.exec_driver_sql("SELECT to_regclass('stray')").scalar() is None
                names.append(conn.execute(select(User.username).order_by(User.id)).all())
            db.dispose()
        assert names[0] == names[1] and ("alice",) in names[1]


# --- health, readiness, metrics ----------------------------------------------------------


def test_healthz_and_readyz(tmp_path: Path) -> None:
    home = tmp_path / "data"
    home.mkdir()
    url = f"sqlite:///{home / 'shashki.db'}" if BACKEND == "sqlite" else database_url(tmp_path)
    with TestClient(create_app(fast_settings(tmp_path, database_url=url))) as client:
        r = client.get("/healthz")
        assert r.status_code == 200 and r.json() == {"status": "ok"}
        r = client.get("/readyz")
        assert r.status_code == 200, r.text
        assert r.json() == {"status": "ok", "checks": {"database": "ok", "queue": "ok"}}

        if BACKEND == "sqlite":  # the database is gone: its directory moved away
            home.rename(tmp_path / "moved")
        else:  # the database dropped under the server
            engine = create_engine(url.rsplit("/", 1)[0] + "/postgres",
                                   isolation_level="AUTOCOMMIT")
            with engine.connect() as conn:
                conn.exec_driver_sql(f"DROP DATABASE {url.rsplit('/', 1)[1]} WITH (FORCE)")
            engine.dispose()
        r = client.get("/readyz")
        assert r.status_code == 503, r.text
        body = r.json()
        assert body["status"] == "unavailable" and body["failed"] == ["database"]
        assert body["checks"]["queue"] == "ok" and body["checks"]["database"] != "ok"
        r = client.get("/healthz")  # alive all the same: the probe touches no database
        assert r.status_code == 200 and r.json() == {"status": "ok"}
        if BACKEND == "sqlite":
            (tmp_path / "moved").rename(home)


Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def _metrics(client: TestClient, token: str = "s3cret") -> Samples:
    r = client.get("/metrics", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    out = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            out[s.name, tuple(sorted(s.labels.items()))] = s.value
    return out


def test_metrics_count_moves_games_sockets_requests_and_jobs(tmp_path: Path) -> None:
    settings = fast_settings(tmp_path, metrics_token="s3cret")
    with TestClient(create_app(settings)) as client:
        before = _metrics(client)
        alice, bob = Visitor(client), Visitor(client)
        alice.signup("alice", PASSWORD)
        bob.signup("bob", PASSWORD)
        game = start_game(alice, bob)
        with alice.ws(game) as ws:
            receive(ws, "state")
            opened = _metrics(client)
            assert opened["shashki_websockets_open", (("route", "/ws/games/{game_id}"),)] == 1
            r = alice.api("POST", f"/api/games/{game}/moves", {"move": "c3-d4", "ply": 0})
            assert r.status_code == 200
        r = bob.api("POST", f"/api/games/{game}/resign")
        assert r.status_code == 200
        after = _metrics(client)

    def grew(name: str, *labels: tuple[str, str]) -> float:
        key = (name, tuple(sorted(labels)))
        return after.get(key, 0.0) - before.get(key, 0.0)

    assert grew("shashki_moves_played_total") == 1
    assert grew("shashki_games_started_total", ("variant", "russian")) == 1
    assert grew("shashki_games_finished_total", ("result", "1-0")) == 1
    assert after["shashki_websockets_open", (("route", "/ws/games/{game_id}"),)] == 0
    move_route = ("route", "/api/games/{game_id}/moves")
    assert grew("shashki_http_request_duration_seconds_count", ("method", "POST"), move_route,
                ("status", "200")) == 1
    assert not any(name.startswith("shashki_http") and f"/games/{game}" in dict(labels).get(
        "route", "") for name, labels in after)  # templates, never the raw paths
    assert after["shashki_jobs", (("kind", "archive.import"), ("status", "queued"))] == 0
    assert after["shashki_jobs_finished_total", (("kind", "engine.analysis"),
                                                 ("status", "done"))] == 0


def test_metrics_count_jobs_from_the_database(alice: Visitor) -> None:
    pdn = b'[White "A"]\n[Black "B"]\n[Result "1-0"]\n[GameType "25"]\n\n1. c3-d4 f6-g5 1-0\n'
    r = alice.request("POST", "/api/archive/imports", files={"file": ("g.pdn", pdn)},
                      headers={"X-CSRF-Token": alice.csrf})
    assert r.status_code == 202, r.text
    local = TestClient(alice.client.app, client=("127.0.0.1", 50000))
    families = {f.name: f for f in text_string_to_metric_families(local.get("/metrics").text)}
    done = {tuple(sorted(s.labels.items())): s.value
            for s in families["shashki_jobs_finished"].samples
            if s.name == "shashki_jobs_finished_total"}
    assert done[("kind", "archive.import"), ("status", "done")] == 1
    assert done[("kind", "archive.import"), ("status", "failed")] == 0
    now = {tuple(sorted(s.labels.items())): s.value for s in families["shashki_jobs"].samples}
    assert now[("kind", "archive.import"), ("status", "running")] == 0


def test_metrics_are_not_for_everyone(tmp_path: Path) -> None:
    """Without a token: loopback clients only, and not through a proxy; with one: the
    bearer of the token only."""
    with TestClient(create_app(fast_settings(tmp_path))) as client:
        app = client.app
        assert client.get("/metrics").status_code == 403  # the test client is no loopback
        local = TestClient(app, client=("127.0.0.1", 50000))
        assert local.get("/metrics").status_code == 200
        assert local.get("/metrics", headers={"X-Forwarded-For": "203.0.113.9"}
                         ).status_code == 403
        local6 = TestClient(app, client=("::1", 50000))
        assert local6.get("/metrics").status_code == 200
    with TestClient(create_app(fast_settings(tmp_path, metrics_token="s3cret"))) as client:
        local = TestClient(client.app, client=("127.0.0.1", 50000))
        assert local.get("/metrics").status_code == 403
        assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}
                          ).status_code == 403
        assert client.get("/metrics", headers={"Authorization": "Bearer s3cret"}
                          ).status_code == 200


# --- logs --------------------------------------------------------------------------------


def test_json_logs_are_one_object_a_line(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.log"
    with server(tmp_path / "shashki.db", port, log,
                ("--log-format", "json", "--log-level", "info", "--no-worker")) as proc:
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").json() == {"status": "ok"}
        proc.terminate()
        proc.wait(30)
    # Every line is one JSON object, but multiprocessing's resource tracker: a process of
    # its own that writes to the stderr it inherited, outside any logging (on a loaded
    # machine it may report the engine pool's semaphores of a search cut short).
    lines, tracker = [], False
    for ln in log.read_text().splitlines():
        if "multiprocessing/resource_tracker.py" in ln:
            tracker = True  # its warning, then the warning's source line
        elif tracker and ln.startswith(" "):
            continue
        elif ln.strip():
            tracker = False
            lines.append(ln)
    records = [json.loads(ln) for ln in lines]
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    access = [r for r in records if r["logger"] == "uvicorn.access"
              and r.get("path") == "/healthz"]
    assert access and access[0]["method"] == "GET" and access[0]["status"] == 200
    assert any("serving on" in r["message"] for r in records)


def test_backup_and_restore_are_in_the_help(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from shashki.cli import main

    monkeypatch.setenv("SHASHKI_LANG", "ru")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "backup" in out and "restore" in out
    assert "резервн" in out  # the Russian of their help
