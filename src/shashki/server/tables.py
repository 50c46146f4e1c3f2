"""Every table of the platform.

Importing this module registers all ORM models on :data:`Base.metadata`, which Alembic's
environment and the schema test compare with the migrations. Each feature keeps its tables
in its own ``models.py``; a new feature adds one import line here. :data:`DATA_STEPS` are
the revisions' data work done by live code after an upgrade.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

import shashki.server.accounts.models  # users, sessions, API tokens, role changes
import shashki.server.archive.models  # the game archive and its imports
import shashki.server.composition.models  # composition contests, entries, marks, solving
import shashki.server.correspondence.models  # correspondence play
import shashki.server.engine.models  # the engine's accounts and analyses
import shashki.server.events.models  # events, their games, sanctions
import shashki.server.jobs.models  # jobs (imports, analyses) and their input files
import shashki.server.lobby.models  # quick-pairing pools
import shashki.server.play.models  # challenges, games, moves, game events
import shashki.server.puzzles.models  # puzzles, their ratings and attempts
import shashki.server.ratings.models  # noqa: F401 - ratings and their changes
from shashki.server.core.db import Base

__all__ = ["DATA_STEPS", "Base"]


def _index_archive(conn: Connection) -> None:
    from shashki.server.archive.explorer import index_unindexed

    index_unindexed(conn)


DATA_STEPS: dict[str, Callable[[Connection], None]] = {"g0001": _index_archive}
"""Work on the data that a revision needs and that only the live code can do (a PDN
replayed): the migration environment runs the step of every revision an upgrade applied,
on the upgrade's connection and in its transaction, once the schema is at head. A
migration itself never imports shashki (``tests/server/test_migrations.py``); a step is
written against the head schema and the models, so it stays right as the code changes."""
