"""The database schema: the migrations build exactly the models' tables."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from shashki.server.core.db import Database, alembic_config
from shashki.server.tables import Base

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
