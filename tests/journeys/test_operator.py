"""An operator's first hour with README command 1's install: serve, check health and
readiness, scrape the metrics, back up the live database, restore it elsewhere and serve
the copy, upgrade a database of the first schema revision by starting the server on it,
with every command run from that install's own ``shashki``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import httpx
import pytest
from tests.journeys.installs import install
from tests.journeys.platform import Person, serve

pytestmark = pytest.mark.journey


def test_serve_health_metrics_backup_restore(tmp_path: Path) -> None:
    server = install("server")
    env = server.env(PYTHONUNBUFFERED="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
                     XDG_DATA_HOME=str(tmp_path / "data"), SHASHKI_LANG="en")
    live, copy = tmp_path / "live.db", tmp_path / "copy.db"
    with serve(server, f"sqlite:///{live}", tmp_path / "serve.log", env=env) as base:
        assert httpx.get(base + "/healthz").json() == {"status": "ok"}
        assert httpx.get(base + "/readyz").status_code == 200
        Person(base, "olga").signup()
        metrics = httpx.get(base + "/metrics")
        assert metrics.status_code == 200
        assert "shashki_http_request_duration_seconds" in metrics.text
        # a backup of the database the server is using
        r = subprocess.run([str(server.shashki), "backup", "--database", f"sqlite:///{live}",
                            "-o", str(tmp_path / "backup.db")], capture_output=True,
                           text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        # a restore over the live database is refused while the server has it open
        r = subprocess.run([str(server.shashki), "restore", str(tmp_path / "backup.db"),
                            "--database", f"sqlite:///{live}"], capture_output=True,
                           text=True, env=env, timeout=300)
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    r = subprocess.run([str(server.shashki), "restore", str(tmp_path / "backup.db"),
                        "--database", f"sqlite:///{copy}"], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    with serve(server, f"sqlite:///{copy}", tmp_path / "copy.log", env=env) as base:
        assert httpx.get(base + "/api/users/olga").status_code == 200
        assert httpx.get(base + "/api/users/nobody").status_code == 404
    r = subprocess.run([str(server.shashki), "restore", "/etc/hostname", "--database",
                        f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_serve_upgrades_a_database_of_the_first_revision(tmp_path: Path) -> None:
    server = install("server")
    env = server.env(PYTHONUNBUFFERED="1", NUMBA_CACHE_DIR=str(tmp_path / "numba"),
                     XDG_DATA_HOME=str(tmp_path / "data"), SHASHKI_LANG="en")
    old = f"sqlite:///{tmp_path / 'old.db'}"
    r = subprocess.run([str(server.python), "-c",
                        "import sys; from alembic import command; "
                        "from shashki.server.core.db import alembic_config; "
                        "command.upgrade(alembic_config(sys.argv[1]), '0001')", old],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    with serve(server, old, tmp_path / "serve.log", env=env) as base:
        assert httpx.get(base + "/readyz").status_code == 200
        Person(base, "petr").signup()
        assert httpx.get(base + "/api/users/petr").status_code == 200
