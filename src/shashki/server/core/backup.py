"""Backups of the platform's database (``shashki backup``, ``shashki restore``).

* **SQLite**: SQLite's online backup API (:meth:`sqlite3.Connection.backup`) copies the
  database in one step inside one read transaction, so a backup taken while the server
  writes is a consistent snapshot (in WAL mode the writers go on meanwhile). The backup is
  one self-contained SQLite file (rollback journal, not WAL), checked with
  ``PRAGMA quick_check`` and moved into place only when complete: a failed backup never
  leaves half a file under the name asked for.
* **PostgreSQL**: ``pg_dump -Fc`` (custom format) and ``pg_restore --clean --if-exists
  --single-transaction`` (all or nothing), the newest of Debian's
  ``/usr/lib/postgresql/*/bin`` first, else the one on ``PATH``. The password travels in
  ``PGPASSWORD``, never on a command line.

A restore refuses a database that a process has open (a running server or worker, whose
live games would no longer match the tables) unless ``force`` is given; it refuses a file
that is not a backup of a shashki database, a SQLite backup for a PostgreSQL database and
the other way round, and a backup from a newer shashki (whose migrations this version does
not know). A backup from an older version is restored as it is; the next start of the
server brings it up to date (its migrations run at start).

>>> kind_of(b"SQLite format 3\\x00...")
'sqlite'
>>> kind_of(b"PGDMP\\x01\\x0e")
'postgresql'
>>> kind_of(b"[Event]") is None
True
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import URL, make_url

from shashki.errors import ShashkiError
from shashki.i18n import _, ngettext

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"


class BackupError(ShashkiError):
    """A backup or restore that cannot be done; the message is one line."""


@dataclass(frozen=True)
class Backup:
    """What a backup file holds: its kind (``sqlite`` or ``postgresql``), the schema
    revision of the database it was taken from, and its size in bytes."""

    kind: str
    revision: str | None
    size: int


def kind_of(head: bytes) -> str | None:
    """``sqlite`` or ``postgresql`` from the first bytes of a file; None for anything else."""
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    return None


def _url(url: str) -> URL:
    try:
        return make_url(url)
    except Exception as e:
        raise BackupError(_("bad database URL {url!r}: {error}").format(url=url, error=e)
                          ) from None


def _sqlite_file(parsed: URL) -> Path | None:
    """The file of a SQLite URL, None for another database; an error for an in-memory one."""
    if parsed.get_backend_name() != "sqlite":
        return None
    path = parsed.database or ""
    if not path or path == ":memory:" or path.startswith("file:"):
        raise BackupError(_("an in-memory database has nothing to back up or restore"))
    return Path(path).expanduser()


def _postgres(parsed: URL) -> bool:
    if parsed.get_backend_name() == "postgresql":
        return True
    raise BackupError(_("cannot back up a {kind} database: SQLite or PostgreSQL only")
                      .format(kind=parsed.get_backend_name()))


def _first_line(e: BaseException | str) -> str:
    text = str(e).strip()
    return (text.splitlines() or [type(e).__name__ if isinstance(e, BaseException) else ""])[0]


def _temporary(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.part")


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _publish(part: Path, target: Path) -> None:
    """Move a complete file into place, durably (the file, then its directory)."""
    _fsync(part)
    os.replace(part, target)
    with contextlib.suppress(OSError):  # not every file system lets a directory be synced
        _fsync(target.parent)


def known_revision(revision: str | None) -> bool:
    """Whether this version's migrations know ``revision`` (None: a database that was
    never migrated counts as known)."""
    if revision is None:
        return True
    from alembic.script import ScriptDirectory

    from shashki.server.core.db import alembic_config

    try:
        ScriptDirectory.from_config(alembic_config("sqlite://")).get_revision(revision)
    except Exception:
        return False
    return True


# --- SQLite ------------------------------------------------------------------------------


@contextlib.contextmanager
def _sqlite(path: Path, *, readonly: bool = False, timeout: float = 10.0
            ) -> Iterator[sqlite3.Connection]:
    mode = "ro" if readonly else "rwc"
    conn = sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=timeout,
                           isolation_level=None)
    try:
        yield conn
    finally:
        conn.close()


def _sqlite_revision(conn: sqlite3.Connection, file: Path) -> str | None:
    """The revision of a shashki SQLite database; an error for another file."""
    try:
        tables = {r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError:
        raise BackupError(_("{file} is not a SQLite database").format(file=file)) from None
    if "alembic_version" not in tables:
        raise BackupError(_("{file} is not a shashki database (it has no alembic_version "
                            "table)").format(file=file))
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(row[0]) if row else None


def backup_sqlite(source: Path, out: Path) -> Backup:
    """Copy the SQLite database ``source`` to ``out`` with the online backup API."""
    if not source.is_file():
        raise BackupError(_("no database at {file}").format(file=source))
    if out.resolve() == source.resolve():
        raise BackupError(_("{file} is the database itself: write the backup to another "
                            "file").format(file=out))
    part = _temporary(out)
    try:
        with _sqlite(source) as src, _sqlite(part) as dst:
            _sqlite_revision(src, source)
            src.backup(dst)  # all pages in one step: one read transaction, one snapshot
            dst.execute("PRAGMA journal_mode=DELETE")  # one file, without a -wal beside it
            check = dst.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise BackupError(_("the copy of {file} fails SQLite's check: {problem}")
                                  .format(file=source, problem=check[0] if check else "?"))
            revision = _sqlite_revision(dst, source)
        _publish(part, out)
    except sqlite3.Error as e:
        raise BackupError(_("cannot back up {file}: {error}").format(
            file=source, error=_first_line(e))) from None
    finally:
        part.unlink(missing_ok=True)
    return Backup("sqlite", revision, out.stat().st_size)


def _in_use(target: Path) -> bool:
    """Whether another connection has the SQLite database ``target`` open: leaving WAL
    mode needs the database to itself (and the restore replaces it anyway)."""
    with _sqlite(target, timeout=0) as conn:
        try:
            conn.execute("PRAGMA journal_mode=DELETE").fetchall()
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                return True
            raise
    return False


def restore_sqlite(file: Path, target: Path, *, force: bool = False) -> Backup:
    """Replace the SQLite database ``target`` with the backup ``file`` (made if there is
    none); refused while another process has it open, unless ``force``."""
    if file.resolve() == target.resolve():
        raise BackupError(_("{file} is the database itself: give the backup to restore")
                          .format(file=file))
    info = inspect_backup(file)
    if info.kind != "sqlite":
        raise BackupError(_("{file} is a PostgreSQL backup; the database is SQLite")
                          .format(file=file))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        if target.exists():
            with _sqlite(target) as conn:
                try:
                    conn.execute("SELECT name FROM sqlite_master LIMIT 1").fetchall()
                except sqlite3.DatabaseError:
                    if not force:
                        raise BackupError(_("{file} is not a SQLite database: not replacing "
                                            "it (--force replaces it)").format(file=target)
                                          ) from None
                    target.unlink()
            if target.exists() and _in_use(target) and not force:
                raise BackupError(_("{file} is open in another process (a running server "
                                    "or worker?): stop it first, or give --force").format(
                                        file=target))
        with _sqlite(file, readonly=True) as src, _sqlite(target) as dst:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as e:
        raise BackupError(_("cannot restore into {file}: {error}").format(
            file=target, error=_first_line(e))) from None
    return info


# --- PostgreSQL --------------------------------------------------------------------------


def pg_tool(name: str) -> str:
    """The newest PostgreSQL client program ``name`` (Debian's versioned directories
    first: ``pg_dump`` must be at least as new as the server); an error when none is
    installed."""
    def version(path: str) -> tuple[int, ...]:
        m = re.search(r"/postgresql/(\d+(?:\.\d+)*)/bin/", path)
        return tuple(int(x) for x in m.group(1).split(".")) if m else ()

    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=version, reverse=True)
    exe = found[0] if found else shutil.which(name)
    if exe is None:
        raise BackupError(_("{tool} is not installed (Debian: apt-get install "
                            "postgresql-client)").format(tool=name))
    return exe


def _libpq(parsed: URL) -> tuple[str, dict[str, str]]:
    """A libpq URL without the password, and the environment that carries it."""
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = str(parsed.password)
    url = parsed.set(drivername="postgresql", password=None)
    return url.render_as_string(hide_password=False), env


def _run(command: list[str], env: dict[str, str], what: str) -> str:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except OSError as e:
        raise BackupError(_("{tool}: {error}").format(tool=command[0], error=e)) from None
    if done.returncode != 0:
        lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
        problem = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines else "")
        raise BackupError(_("{what} failed: {problem}").format(
            what=what, problem=problem.strip() or f"exit status {done.returncode}"))
    return done.stdout


def _pg_contents(file: Path) -> tuple[set[str], str | None]:
    """The tables of a ``pg_dump -Fc`` file and its ``alembic_version`` revision."""
    listing = _run([pg_tool("pg_restore"), "--list", str(file)], dict(os.environ),
                   "pg_restore --list")
    tables = set()
    for line in listing.splitlines():
        m = re.match(r"^\d+;\s+\d+\s+\d+\s+TABLE\s+(\S+)\s+(\S+)\s", line)
        if m:
            tables.add(m.group(2))
    if "alembic_version" not in tables:
        raise BackupError(_("{file} is not a backup of a shashki database (it has no "
                            "alembic_version table)").format(file=file))
    data = _run([pg_tool("pg_restore"), "--data-only", "--table=alembic_version",
                 "--file=-", str(file)], dict(os.environ), "pg_restore")
    revision = None
    copying = False
    for line in data.splitlines():
        if line.startswith("COPY ") and "alembic_version" in line:
            copying = True
        elif copying and line != "\\.":
            revision = line.strip()
            break
        elif copying:
            break
    return tables, revision


def backup_postgres(parsed: URL, out: Path) -> Backup:
    """``pg_dump -Fc`` of the database to ``out``, checked with ``pg_restore --list``."""
    url, env = _libpq(parsed)
    part = _temporary(out)
    try:
        _run([pg_tool("pg_dump"), "--format=custom", f"--file={part}", f"--dbname={url}"],
             env, "pg_dump")
        _tables, revision = _pg_contents(part)
        _publish(part, out)
    finally:
        part.unlink(missing_ok=True)
    return Backup("postgresql", revision, out.stat().st_size)


def restore_postgres(file: Path, url: str, *, force: bool = False) -> Backup:
    """``pg_restore --clean --if-exists --single-transaction`` of ``file`` into the
    database at ``url`` (which must exist: ``createdb``); refused while other sessions
    are connected to it, unless ``force``. Tables the backup does not have (a newer
    revision's) are dropped first, so the schema is the backup's."""
    from sqlalchemy import text

    from shashki.server.core.db import Database

    info, tables = _inspect(file)
    if info.kind != "postgresql":
        raise BackupError(_("{file} is a SQLite backup; the database is PostgreSQL")
                          .format(file=file))
    db = Database(url)
    try:
        with db.engine.begin() as conn:
            others = conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()")).scalar_one()
            if others and not force:
                raise BackupError(ngettext(
                    "{n} other session is connected to the database (a running server or "
                    "worker?): stop it first, or give --force",
                    "{n} other sessions are connected to the database (a running server or "
                    "worker?): stop them first, or give --force", others).format(n=others))
            present = conn.execute(text(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
                ).scalars().all()
            for name in sorted(set(present) - tables):
                conn.execute(text(f'DROP TABLE IF EXISTS "{name}" CASCADE'))
    except BackupError:
        raise
    except Exception as e:
        raise BackupError(_("cannot use the database: {error}").format(
            error=_first_line(e))) from None
    finally:
        db.dispose()
    libpq, env = _libpq(make_url(db.url))
    _run([pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", f"--dbname={libpq}", str(file)],
         env, "pg_restore")
    return info


# --- either ------------------------------------------------------------------------------


def inspect_backup(file: Path) -> Backup:
    """What the backup ``file`` holds; an error when it is no backup of a shashki
    database or comes from a newer shashki."""
    return _inspect(file)[0]


def _inspect(file: Path) -> tuple[Backup, set[str]]:
    """:func:`inspect_backup`, and the tables of a PostgreSQL backup."""
    try:
        with file.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        raise BackupError(_("cannot read {file}: {error}").format(
            file=file, error=e.strerror or e)) from None
    kind = kind_of(head)
    if kind is None:
        raise BackupError(_("{file} is not a backup made by shashki backup (neither a SQLite "
                            "database nor a pg_dump file)").format(file=file))
    tables: set[str] = set()
    if kind == "sqlite":
        with _sqlite(file, readonly=True) as conn:
            revision = _sqlite_revision(conn, file)
    else:
        tables, revision = _pg_contents(file)
    if not known_revision(revision):
        raise BackupError(_("{file} comes from a newer shashki (schema revision {revision}): "
                            "install that version to restore it").format(
                                file=file, revision=revision))
    return Backup(kind, revision, file.stat().st_size), tables


def backup(url: str, out: Path) -> Backup:
    """Back up the database at ``url`` into the file ``out`` (replaced when the backup
    is complete)."""
    parsed = _url(url)
    if out.is_dir():
        raise BackupError(_("{file} is a directory: give the backup's file name").format(
            file=out))
    if not out.parent.is_dir():
        raise BackupError(_("no directory {dir} for the backup").format(dir=out.parent))
    source = _sqlite_file(parsed)
    if source is not None:
        return backup_sqlite(source, out)
    _postgres(parsed)
    return backup_postgres(parsed, out)


def restore(file: Path, url: str, *, force: bool = False) -> Backup:
    """Restore the backup ``file`` into the database at ``url``."""
    parsed = _url(url)
    target = _sqlite_file(parsed)
    if target is not None:
        return restore_sqlite(file, target, force=force)
    _postgres(parsed)
    return restore_postgres(file, url, force=force)
