"""Shared helpers of the engine tests: random games and a plain reference search."""

from __future__ import annotations

import random

import pytest

from shashki import Board


def random_positions(variant: str, games: int, seed: int, max_plies: int = 120) -> list[Board]:
    """Positions of random games of ``variant`` (every position of each game)."""
    rng = random.Random(seed)
    out: list[Board] = []
    for _ in range(games):
        b = Board(variant)
        for _ in range(max_plies):
            moves = b.legal_moves
            if not moves:
                break
            out.append(b.copy(stack=False))
            b.push(rng.choice(moves))
    return out


@pytest.fixture(params=["russian", "brazilian", "international", "russian-giveaway"])
def variant(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(autouse=True, scope="session")
def _warm_kernels() -> None:
    """Load (or, on a first run, compile) the search kernels before any timed test."""
    from shashki.engine import Engine

    Engine("russian", hash_mb=1).analyse(Board("russian"), depth=2)
