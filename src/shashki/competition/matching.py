"""Minimum-cost assignment for the Dutch engine's exact completion test.

The Hungarian method (Kuhn–Munkres) with potentials and shortest augmenting paths, O(n³).
The Dutch engine (:mod:`shashki.competition.dutch_engine`) asks it whether the rest of S1 can
still be paired into the rest of S2 with the bracket's best colour criteria (C.04.3 C12, C13),
one question per tentative pair, and only when its plain walk does not settle a bracket. The
matrices are then small (a few players in the 1,000-player benchmark), which numpy answers at
once; from :data:`NUMBA_FROM` rows on the same algorithm runs compiled by numba (cached on disk
like the rules kernels; loading numba costs about a second once per process).

>>> import numpy as np
>>> min_cost_assignment(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]], dtype=np.int64))
5
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

_INF = np.int64(2 ** 62)
NUMBA_FROM = 48
"""Matrices of at least this many rows go to the compiled kernel."""


def min_cost_assignment(cost: np.ndarray) -> int:
    """The least total of ``cost[i, σ(i)]`` over the permutations σ of a square int64
    matrix (entries up to about 10¹⁵; a huge entry stands for a forbidden cell)."""
    if cost.ndim != 2 or cost.shape[0] != cost.shape[1]:
        raise ValueError(f"cost matrix must be square, not {cost.shape}")
    n = cost.shape[0]
    if n == 0:
        return 0
    c = np.ascontiguousarray(cost, dtype=np.int64)
    if n >= NUMBA_FROM:
        return int(_compiled()(c))
    return _assign_numpy(c)


def _assign_numpy(cost: np.ndarray) -> int:
    """The method with its inner loop over the columns done by numpy."""
    n = cost.shape[0]
    c = np.zeros((n + 1, n + 1), np.int64)
    c[1:, 1:] = cost
    u = np.zeros(n + 1, np.int64)
    v = np.zeros(n + 1, np.int64)
    row_of = np.zeros(n + 1, np.int64)  # column j (1-based) → its row, 0 when free
    way = np.zeros(n + 1, np.int64)
    for i in range(1, n + 1):
        row_of[0] = i
        j0 = 0
        minv = np.full(n + 1, _INF)
        used = np.zeros(n + 1, np.bool_)
        while True:
            used[j0] = True
            i0 = row_of[j0]
            free = ~used
            cur = c[i0] - u[i0] - v
            better = free & (cur < minv)
            minv[better] = cur[better]
            way[better] = j0
            masked = np.where(free, minv, _INF)
            j1 = int(masked.argmin())
            delta = masked[j1]
            u[row_of[used]] += delta
            v[used] -= delta
            minv[free] -= delta
            j0 = j1
            if row_of[j0] == 0:
                break
        while j0:  # augment along the path found
            j1 = int(way[j0])
            row_of[j0] = row_of[j1]
            j0 = j1
    return int(c[row_of[1:], np.arange(1, n + 1)].sum())


def _assign_loops(cost: np.ndarray) -> np.int64:  # pragma: no cover - compiled by numba
    """The method in plain loops, for numba."""
    n = cost.shape[0]
    u = np.zeros(n + 1, np.int64)
    v = np.zeros(n + 1, np.int64)
    row_of = np.zeros(n + 1, np.int64)
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
        while j0:
            j1 = way[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    total = np.int64(0)
    for j in range(1, n + 1):
        total += cost[row_of[j] - 1, j - 1]
    return total


_kernel: list[Callable[[np.ndarray], Any]] = []


def _compiled() -> Callable[[np.ndarray], Any]:
    """:func:`_assign_loops` compiled by numba, built on first use."""
    if not _kernel:
        from numba import njit

        _kernel.append(njit(cache=True)(_assign_loops))
    return _kernel[0]
