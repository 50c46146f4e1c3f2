"""The database connection: engine, sessions, and migrations at start.

SQLite (the embedded default) runs in WAL mode with ``synchronous=FULL``: a committed
transaction survives the process being killed and the machine losing power, which is
what "a move is acknowledged only after it is committed" relies on.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from shashki.errors import ShashkiError
from shashki.extras import need

MIGRATIONS = Path(__file__).with_name("migrations")


class Base(DeclarativeBase):
    """The declarative base of every table; each feature keeps its own tables."""


class DatabaseError(ShashkiError):
    """The database cannot be opened or brought up to date."""


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    if not isinstance(dbapi_conn, sqlite3.Connection):  # pragma: no cover - other drivers
        return
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=FULL")
    # No commit copies the log into the database file (which can take a tenth of a
    # second): :meth:`Database.checkpoint` does it beside the commits, and SQLite itself
    # when the last connection closes.
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


class Database:
    """An engine and a session factory for ``url``. An SQLite file that does not exist is
    made only with ``create`` (``shashki serve``): other commands say there is none,
    instead of answering from a new, empty database at a mistyped path."""

    def __init__(self, url: str, *, create: bool = False) -> None:
        self.url = url
        try:
            parsed = make_url(url)
        except Exception as e:
            raise DatabaseError(f"bad database URL {url!r}: {e}") from None
        if parsed.drivername in ("postgresql", "postgres"):  # psycopg 3 is what we ship
            need("psycopg", "postgres", "a PostgreSQL database")
            parsed = parsed.set(drivername="postgresql+psycopg")
            url = parsed.render_as_string(hide_password=False)
            self.url = url
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 10}
            path = parsed.database
            if path and path != ":memory:" and not path.startswith("file:"):
                file = Path(path).expanduser()
                if not create and not file.exists():
                    raise DatabaseError(f"no database at {file}")
                file.parent.mkdir(parents=True, exist_ok=True)
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose transaction commits on leaving the block (rolls back on error)."""
        with self.sessions.begin() as s:
            yield s

    def upgrade(self) -> None:
        """``alembic upgrade head``, run in-process (and the data steps of the revisions
        it applied: the migration environment runs them).

        On SQLite the foreign keys are off while the migrations run: a batch migration
        rebuilds a table (a copy, ``DROP TABLE``, a rename), and with them on, dropping
        ``users`` fails while games refer to it, or its ``ON DELETE CASCADE`` empties the
        tables that refer to it. ``PRAGMA foreign_key_check`` then checks every row."""
        cfg = alembic_config(self.url)
        with self.engine.connect() as conn:
            if self.is_sqlite:  # outside a transaction: inside one the pragma does nothing
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
                conn.commit()
            try:
                with conn.begin():
                    cfg.attributes["connection"] = conn
                    command.upgrade(cfg, "head")
                    if self.is_sqlite:
                        broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                        if broken:
                            raise DatabaseError(
                                f"the upgrade left {len(broken)} row(s) referring to rows "
                                f"that do not exist (first: {tuple(broken[0])})")
            finally:
                if self.is_sqlite:
                    conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                    conn.commit()

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file without blocking writers
        (``PRAGMA wal_checkpoint(PASSIVE)``); nothing to do on other databases."""
        if self.is_sqlite:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def ping(self) -> None:
        """``SELECT 1`` on a connection of the pool; raises when the database cannot be
        reached. A SQLite file deleted or moved away under the running server is gone too
        (its open connections would go on writing into a file nobody will read again)."""
        if self.is_sqlite:
            path = make_url(self.url).database or ""
            if path and path != ":memory:" and not path.startswith("file:") and not (
                    Path(path).expanduser().exists()):
                raise DatabaseError(f"no database at {path}")
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def dispose(self) -> None:
        self.engine.dispose()


def out_of_range(error: BaseException) -> bool:
    """Whether a database error says a number did not fit its column (an id in a URL
    too large for any row): SQLite cannot bind it, PostgreSQL reports SQLSTATE 22003."""
    if isinstance(error, OverflowError):
        return True
    orig = getattr(error, "orig", None)
    return getattr(orig, "sqlstate", None) == "22003"


def alembic_config(url: str) -> Config:
    """An Alembic configuration for the package's migrations (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg
