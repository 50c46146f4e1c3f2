"""Every table of the platform.

Importing this module registers all ORM models on :data:`Base.metadata`, which Alembic's
environment and the schema test compare with the migrations. A feature that adds tables in
its own module adds one import line here.
"""

from __future__ import annotations

import shashki.server.accounts.admin_models  # role changes (the administrators' audit record)
import shashki.server.archive.models  # archive, engine, API tokens
import shashki.server.correspondence.models  # correspondence play
import shashki.server.events.models  # noqa: F401 - events, their games, sanctions
from shashki.server.play import models
from shashki.server.play.models import Base

__all__ = ["Base", "models"]
