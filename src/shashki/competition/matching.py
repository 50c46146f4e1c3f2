"""Minimum-cost assignment for the Dutch engine's exact completion test.

The Hungarian method (Kuhn–Munkres) with potentials and shortest augmenting paths, O(n³),
compiled by numba and cached on disk like the rules kernels. The Dutch engine
(:mod:`shashki.competition.dutch_engine`) asks it whether the rest of S1 can still be paired
into the rest of S2 with the bracket's best colour criteria (C.04.3 C12, C13), one question per
tentative pair, so it must answer in a millisecond or two for brackets of a hundred players.
The engine imports this module only when its plain walk does not settle a bracket: loading
numba costs a second or two once per process.

>>> import numpy as np
>>> min_cost_assignment(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]], dtype=np.int64))
5
"""

from __future__ import annotations

import numpy as np
from numba import njit

_INF = np.int64(2 ** 62)


@njit(cache=True)
def _assign(cost: np.ndarray) -> np.int64:  # pragma: no cover - compiled
    n = cost.shape[0]
    u = np.zeros(n + 1, np.int64)
    v = np.zeros(n + 1, np.int64)
    row_of = np.zeros(n + 1, np.int64)  # column j (1-based) → its row, 0 when free
    way = np.zeros(n + 1, np.int64)
    minv = np.empty(n + 1, np.int64)
    used = np.empty(n + 1, np.bool_)
    for i in range(1, n + 1):
        row_of[0] = i
        j0 = 0
        minv[:] = _INF
        used[:] = False
        while True:
            used[j0] = True
            i0 = row_of[j0]
            delta = _INF
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1, j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[row_of[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if row_of[j0] == 0:
                break
        while j0:  # augment along the path found
            j1 = way[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    total = np.int64(0)
    for j in range(1, n + 1):
        total += cost[row_of[j] - 1, j - 1]
    return total


def min_cost_assignment(cost: np.ndarray) -> int:
    """The least total of ``cost[i, σ(i)]`` over the permutations σ of a square int64
    matrix (entries up to about 10¹⁵; a huge entry stands for a forbidden cell)."""
    if cost.ndim != 2 or cost.shape[0] != cost.shape[1]:
        raise ValueError(f"cost matrix must be square, not {cost.shape}")
    if cost.shape[0] == 0:
        return 0
    return int(_assign(np.ascontiguousarray(cost, dtype=np.int64)))
