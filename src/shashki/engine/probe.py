"""The endgame-database hook of the search.

The search calls :func:`probe` at every node with at most ``prm[P_EG_PIECES]`` pieces on
the board (0, the default, turns the hook off). A database answers with a score for the
side to move — a win or loss as ``WIN_SCORE`` minus the distance when it knows one, or an
exact draw as 0 — or with :data:`UNKNOWN`. The database's own data travel in the ``eg``
array, so that a compiled database needs no change to the search.

This module holds the interface only: with no database loaded every probe is UNKNOWN.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

UNKNOWN = -(1 << 30)
"""What :func:`probe` returns when the database has no answer."""

EMPTY = np.zeros(1, dtype=np.uint8)
"""The ``eg`` array of "no database"."""


@njit(cache=True)
def probe(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
    """Score of the position for the side to move from the database ``eg``, or UNKNOWN."""
    return UNKNOWN
