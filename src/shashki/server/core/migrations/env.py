"""Alembic environment: run with the connection that :meth:`Database.upgrade` passes in,
or with ``sqlalchemy.url`` from the configuration."""

from __future__ import annotations

from alembic import context
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, create_engine

from shashki.server.tables import DATA_STEPS, Base

target_metadata = Base.metadata


def include_name(name: str | None, type_: str, _parent: object) -> bool:
    """Not the job queue's tables (huey makes its own ``jobqueue_*`` in PostgreSQL)."""
    return not (type_ == "table" and (name or "").startswith("jobqueue_"))


def run_migrations_offline() -> None:
    config = context.config
    context.configure(url=config.get_main_option("sqlalchemy.url"),
                      target_metadata=target_metadata, literal_binds=True,
                      include_name=include_name,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def migrate(conn: Connection) -> None:
    """Run the migrations on ``conn``; then, when the schema has reached head, the data
    step (:data:`shashki.server.tables.DATA_STEPS`) of every revision this run applied,
    in the same transaction: the data are never left at head without their step."""
    context.configure(connection=conn, target_metadata=target_metadata,
                      render_as_batch=True, include_name=include_name)
    with context.begin_transaction():
        before = context.get_context().get_current_revision()
        context.run_migrations()
        after = context.get_context().get_current_revision()
        script = ScriptDirectory.from_config(context.config)
        if after is None or after == before or after != script.get_current_head():
            return
        applied = {r.revision for r in script.iterate_revisions(after, before or "base")}
        for revision, step in DATA_STEPS.items():
            if revision in applied:
                step(conn)


def run_migrations_online() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        migrate(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = create_engine(url)
    with engine.begin() as conn:
        migrate(conn)


def running_under_alembic() -> bool:
    """False when the file is merely imported (e.g. by pytest's doctest collection)."""
    try:
        context.config  # noqa: B018 - raises outside an Alembic run
    except AttributeError:
        return False
    return True


if running_under_alembic():
    if context.is_offline_mode():
        run_migrations_offline()
    else:
        run_migrations_online()
