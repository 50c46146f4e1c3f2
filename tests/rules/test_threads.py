"""Move generation from several threads at once.

The web server answers requests on worker threads and a DXP game over loopback runs two
engines in one process; the kernels' scratch arrays were once shared by every thread, and
a thread read another's moves (a DXP record that could not be replayed, CI 2026-12-02).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from shashki import Board

POSITIONS = [
    ("international", "W:WK16:BK23,K24,K28,K41"),
    ("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"),
    ("international", "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26"),
    ("russian", "W:Wc1,e1,g1,b2,d2,f2,h2:Bb6,d6,f6,h6,a7,c7,e7,g7"),
    ("russian", "W:WKa1:Bb2,d4,f6,Kh8"),
]


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads handed the interpreter every microsecond: a race shows within a second."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(old)


def _hammer(work: Callable[[int], object], expected: list[object], rounds: int) -> list[str]:
    """Run ``work(i)`` for every i in each of two threads ``rounds`` times; the mismatches."""
    wrong: list[str] = []

    def run(offset: int) -> None:
        for r in range(rounds):
            i = (r + offset) % len(expected)
            got = work(i)
            if got != expected[i]:
                wrong.append(f"thread {offset}, case {i}: {got!r} != {expected[i]!r}")

    threads = [threading.Thread(target=run, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return wrong


def _moves(i: int) -> list[str]:
    variant, fen = POSITIONS[i]
    b = Board(variant, fen)
    return [m.numeric(full=True) for m in b.legal_moves]


@pytest.mark.usefixtures("busy_switching")
def test_legal_moves_from_two_threads_are_each_threads_own() -> None:
    expected: list[object] = [_moves(i) for i in range(len(POSITIONS))]
    assert _hammer(_moves, expected, 3000) == []
