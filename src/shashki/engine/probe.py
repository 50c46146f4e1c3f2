"""The endgame-database hook of the search.

The search calls :func:`probe` at every node with at most ``prm[P_EG_PIECES]`` pieces on
the board (0, the default, turns the hook off). A database answers with a score for the
side to move — a win or loss as ``WIN_SCORE`` minus the distance in plies, or an exact
draw as 0 — or with :data:`UNKNOWN`. The database's own data travel in the ``eg`` array
(layout: :mod:`shashki.engine.egdb.tables`), so that a compiled database needs no change
to the search; :meth:`shashki.engine.Engine.set_egdb` fills it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit, types
from numba.extending import overload

from shashki.engine.egdb.kernels import probe_bytes

UNKNOWN = -(1 << 30)
"""What :func:`probe` returns when the database has no answer."""

WIN_SCORE = 30000
"""The search's ``MATE``: a position won in ``d`` plies scores ``WIN_SCORE - d``."""

EMPTY = np.zeros(1, dtype=np.int8)
"""The ``eg`` array of "no database". Its type (int8, a database's is uint8) is what
spares a search without a database the compiling of the database's kernels
(:func:`search_probe`): a fresh installation's first search compiles 6 s less on a busy
2-core machine (docs/engine.md, "First use")."""


@njit(cache=True)
def probe(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
    """Score of the position for the side to move from the database ``eg``, or UNKNOWN.

    The stored distance makes the score a mate score the search adjusts by its ply, so
    it steers to the fastest win (and the longest defence) by the tables.
    """
    v = probe_bytes(own, opp, kings, side, eg)
    if v < 0:
        return UNKNOWN
    if v == 0:
        return 0
    d = v - 1
    if d % 2:
        return WIN_SCORE - d
    return -(WIN_SCORE - d)


def search_probe(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
    """What the search calls: :func:`probe` with a database (``eg`` of bytes), UNKNOWN
    with :data:`EMPTY`. Compiled, the choice is made by ``eg``'s type, so the search for
    :data:`EMPTY` has no database code in it (nor its compiling)."""
    if eg.dtype != np.uint8:
        return UNKNOWN
    return probe(own, opp, kings, side, eg)


@overload(search_probe)
def _search_probe(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
    if isinstance(eg, types.Array) and eg.dtype == types.uint8:
        def with_database(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
            return probe(own, opp, kings, side, eg)

        return with_database

    def without(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
        return UNKNOWN

    return without
