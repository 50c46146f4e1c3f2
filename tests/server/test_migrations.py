"""The database schema: the migrations build exactly the models' tables."""

from __future__ import annotations

import ast
import json
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    Table,
    inspect,
    text,
)

from shashki.server.app import create_app
from shashki.server.core.db import MIGRATIONS, Database, alembic_config
from shashki.server.tables import Base

from .conftest import fast_settings
from .helpers import Visitor
from .services import database_url


def test_upgrade_head_matches_the_models(tmp_path: Path) -> None:
    db = Database(database_url(tmp_path, "m.db"), create=True)
    db.upgrade()
    db.upgrade()  # idempotent
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []
    names = set(inspect(db.engine).get_table_names())
    assert {"users", "sessions", "challenges", "games", "moves", "game_events",
            "alembic_version"} <= names
    if db.is_sqlite:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    db.dispose()


def test_downgrade_to_base_and_up_again(tmp_path: Path) -> None:
    url = database_url(tmp_path, "d.db")
    db = Database(url, create=True)
    db.upgrade()
    cfg = alembic_config(url)
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "base")
    assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
    db.upgrade()
    assert "moves" in inspect(db.engine).get_table_names()
    db.dispose()


def test_the_data_directory_is_created(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "shashki.db"
    db = Database(f"sqlite:///{target}", create=True)
    db.upgrade()
    assert target.exists()
    db.dispose()


# --- migrations are frozen ---------------------------------------------------------------

VERSIONS = MIGRATIONS / "versions"


def test_no_migration_imports_shashki() -> None:
    """A migration runs the same way whatever the code becomes: it never imports the live
    code of shashki (not even deferred). Data work that needs it is a data step
    (``shashki.server.tables.DATA_STEPS``), run by the migration environment."""
    found = []
    for path in sorted(VERSIONS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = ["." * node.level + (node.module or "")]
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute)
                  and (getattr(node.func, "id", "") or getattr(node.func, "attr", ""))
                  in ("__import__", "import_module") and node.args
                  and isinstance(node.args[0], ast.Constant)):
                names = [str(node.args[0].value)]
            found += [f"{path.name}:{node.lineno}: {n}" for n in names  # type: ignore[attr-defined]
                      if n.split(".")[0] == "shashki" or n.startswith(".")]
    assert found == [], "migrations importing live code:\n" + "\n".join(found)
    assert len(list(VERSIONS.glob("*.py"))) == len(REVISIONS)


# --- an upgrade from every revision ------------------------------------------------------

REVISIONS = [r.revision for r in reversed(list(
    ScriptDirectory.from_config(alembic_config("sqlite://")).walk_revisions()))]
"""Every revision of the chain, the first (0001) first."""

PASSWORD = "correct horse"
ARCHIVE_PDN = {"White": "Ivanov", "Black": "Petrov", "Result": "1-0", "GameType": "25"}


def _sample(column: Column[Any]) -> object:
    """A value for a required column the seed does not name."""
    t = column.type
    if isinstance(t, Boolean):
        return False
    if isinstance(t, Integer):
        return 0
    if isinstance(t, Float):
        return 0.0
    if isinstance(t, LargeBinary):
        return b""
    return ""


def _insert(conn: Connection, name: str, values: dict[str, object]) -> int | None:
    """A row of the table ``name`` as it is at the database's revision: ``values``, and a
    plain value in every other required column without a default; its id."""
    table = Table(name, MetaData(), autoload_with=conn)
    row = dict(values)
    for c in table.columns:
        if (c.name in row or c.nullable or c.server_default is not None
                or (c.primary_key and isinstance(c.type, Integer))):
            continue
        row[c.name] = _sample(c)
    key = conn.execute(table.insert().values(**row)).inserted_primary_key
    return int(key[0]) if key and key[0] is not None else None


def _seed(db: Database) -> dict[str, int]:
    """Two accounts and a finished game between them; an archive game where the archive
    exists. Returns their ids."""
    from argon2 import PasswordHasher

    from shashki.game import Game

    now = time.time()
    pw = PasswordHasher(time_cost=1, memory_cost=8192).hash(PASSWORD)
    start = Game("russian")
    out: dict[str, int] = {}
    with db.engine.begin() as conn:
        tables = set(inspect(conn).get_table_names())
        for name in ("alice", "bob"):
            uid = _insert(conn, "users", {"username": name, "username_key": name,
                                          "password_hash": pw, "role": "player",
                                          "created_at": now})
            assert uid is not None
            out[name] = uid
        game = _insert(conn, "games", {
            "variant": "russian", "initial_fen": start.initial_fen, "time_control": "",
            "ruleset": start.ruleset.name, "white_id": out["alice"], "black_id": out["bob"],
            "status": "finished", "result": "1-0", "termination_kind": "resignation",
            "created_at": now, "started_at": now, "ended_at": now + 60})
        assert game is not None
        out["game"] = game
        board = start.board.copy()
        board.push(board.parse_move("c3-d4"))
        _insert(conn, "moves", {"game_id": game, "ply": 1, "seq": 0, "text": "c3-d4",
                                "fen_after": board.fen(), "at": now + 10})
        _insert(conn, "game_events", {"game_id": game, "seq": 1, "ply": 1,
                                      "action": "resign", "color": "black", "article": "",
                                      "detail": "", "at": now + 60})
        if "archive_games" in tables:
            archive = _insert(conn, "archive_games", {
                "variant": "russian", "white": "Ivanov", "black": "Petrov",
                "white_key": "ivanov", "black_key": "petrov", "result": "1-0",
                "headers": json.dumps(ARCHIVE_PDN), "movetext": "1. c3-d4 f6-g5 1-0",
                "digest": "d" * 64, "ply_count": 2, "created_at": now})
            assert archive is not None
            out["archive"] = archive
    return out


def _schema(db: Database) -> dict[str, object]:
    """Tables, their columns (name, type, nullable), indexes and unique constraints."""
    insp = inspect(db.engine)
    out: dict[str, object] = {}
    for table in sorted(insp.get_table_names()):
        if table.startswith("jobqueue_"):  # huey's own, made by the queue at start
            continue
        out[table] = (
            [(c["name"], str(c["type"]), c["nullable"]) for c in insp.get_columns(table)],
            sorted((i["name"] or "", tuple(i["column_names"]), bool(i["unique"]))
                   for i in insp.get_indexes(table)),
            sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(table)))
    return out


@pytest.fixture(scope="module")
def fresh_schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    db = Database(database_url(tmp_path_factory.mktemp("fresh"), "fresh.db"), create=True)
    db.upgrade()
    try:
        return _schema(db)
    finally:
        db.dispose()


def test_the_chain_is_one_line() -> None:
    script = ScriptDirectory.from_config(alembic_config("sqlite://"))
    assert REVISIONS[0] == "0001" and REVISIONS[-1] == script.get_current_head()
    assert len(script.get_heads()) == 1


@pytest.mark.parametrize("revision", REVISIONS)
def test_an_upgrade_from_every_revision_keeps_the_data(
        revision: str, tmp_path: Path, fresh_schema: dict[str, object]) -> None:
    """A database left at ``revision`` with accounts and games in it: the server's normal
    start brings it to head, the data are all there (an archive game stored before the
    explorer is in the explorer), and the schema is a fresh database's."""
    url = database_url(tmp_path, "old.db")
    db = Database(url, create=True)
    cfg = alembic_config(url)
    with db.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
    ids = _seed(db)
    db.dispose()

    with TestClient(create_app(fast_settings(tmp_path, database_url=url))) as client:
        game = client.get(f"/api/games/{ids['game']}")
        assert game.status_code == 200, game.text
        body = game.json()
        assert body["result"] == "1-0"
        moves = client.get(f"/api/games/{ids['game']}/moves").json()
        assert [m["text"] for m in moves] == ["c3-d4"]
        assert {body["white"]["name"], body["black"]["name"]} == {"alice", "bob"}
        alice = Visitor(client)
        r = alice.form("/login", {"username": "alice", "password": PASSWORD}, page="/login")
        assert r.status_code == 303, r.text
        if "archive" in ids:
            assert client.get(f"/api/archive/games/{ids['archive']}").status_code == 200
        if REVISIONS.index(revision) < REVISIONS.index("g0001"):  # g0001's data step ran
            seen = client.get("/api/archive/explorer", params={"variant": "russian"}).json()
            assert seen["games"] == ("archive" in ids)
            assert [m["move"] for m in seen["moves"]] == ["c3-d4"] * ("archive" in ids)

    db = Database(url)
    try:
        assert _schema(db) == fresh_schema
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() \
                == REVISIONS[-1]
    finally:
        db.dispose()
