"""Every table of the platform.

Importing this module registers all ORM models on :data:`Base.metadata`, which Alembic's
environment and the schema test compare with the migrations. Each feature keeps its tables
in its own ``models.py``; a new feature adds one import line here.
"""

from __future__ import annotations

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

__all__ = ["Base"]
