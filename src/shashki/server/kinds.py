"""Every kind of job of the platform.

Importing this module registers each feature's job handlers
(:func:`shashki.server.jobs.runner.register`), as :mod:`shashki.server.tables` registers
their tables; the worker's job processes import it. A new kind adds one import line here.
"""

from __future__ import annotations

import shashki.server.archive.jobs  # archive.import: a PDN file read into the archive
import shashki.server.engine.analysis  # engine.analysis: a game analysed
import shashki.server.puzzles.mine  # noqa: F401 - puzzles.mine: analysed games mined
from shashki.server.jobs.runner import KINDS

__all__ = ["KINDS"]
