"""The minimum-cost assignment behind the Dutch engine's exact completion test (C.04.3 C12,
C13: can the rest of S1 still be paired into S2 with the bracket's best colours?)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from shashki.competition.matching import min_cost_assignment


def test_against_every_permutation() -> None:
    """C.04.3 C12/C13 completion: the least total equals brute force over all permutations,
    forbidden cells (rematches, C1) included as huge costs."""
    rng = np.random.default_rng(2026)
    for n in range(1, 7):
        for _ in range(60):
            m = rng.integers(0, 20, (n, n)).astype(np.int64)
            m[rng.random((n, n)) < 0.3] = 10 ** 12
            best = min(sum(int(m[i, p[i]]) for i in range(n))
                       for p in itertools.permutations(range(n)))
            assert min_cost_assignment(m) == best


def test_known_values() -> None:
    assert min_cost_assignment(np.zeros((0, 0), dtype=np.int64)) == 0
    assert min_cost_assignment(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]])) == 5
    # A clash-free assignment exists only on the anti-diagonal.
    assert min_cost_assignment(np.array([[1, 1, 0], [1, 0, 1], [0, 1, 1]])) == 0


def test_compiled_kernel_for_large_matrices() -> None:
    """From NUMBA_FROM rows the numba kernel answers; it agrees with the numpy loop, and a
    hidden clash-free permutation (C12 = 0) is found."""
    from shashki.competition import matching

    rng = np.random.default_rng(7)
    n = matching.NUMBA_FROM + 12
    m = rng.integers(1, 4, (n, n)).astype(np.int64) * 1000 + rng.integers(0, 2, (n, n))
    assert min_cost_assignment(m) == matching._assign_numpy(m)
    perm = rng.permutation(n)
    m[np.arange(n), perm] = 0
    assert min_cost_assignment(m) == 0


def test_not_square() -> None:
    with pytest.raises(ValueError, match="square"):
        min_cost_assignment(np.zeros((2, 3), dtype=np.int64))
