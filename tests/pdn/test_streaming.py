"""Streaming: memory stays flat however long the file is."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from shashki.pdn import encoding, iter_games, reader

DATA = Path(__file__).parent / "data"
SAMPLE = "\n".join((DATA / n).read_text() for n in ("fmjd_international.pdn", "errors.pdn",
                                                    "lidraughts_russian.pdn"))
PLAIN = (DATA / "fmjd_international.pdn").read_text() + "\n"


def peak(path: Path) -> tuple[int, int]:
    """Games read and the peak of traced memory while reading them."""
    tracemalloc.start()
    try:
        n = sum(1 for g in iter_games(path) if g.ply_count() >= 0)
        return n, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_file(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encoding, "CHUNK", 1 << 15)
    monkeypatch.setattr(reader, "_LOOKAHEAD", 1 << 15)
    small, big = tmp_path / "small.pdn", tmp_path / "big.pdn"
    small.write_text(SAMPLE * 5)
    big.write_text(SAMPLE * 5 + PLAIN * 500)
    list(iter_games(small))  # warm the caches
    n_small, p_small = peak(small)
    n_big, p_big = peak(big)
    assert n_big == n_small + 1500
    assert big.stat().st_size > 900_000
    # the chunks and the collector's timing set the peak, not the size of the file
    assert p_big < p_small + 500_000, (p_small, p_big)


RSS = """
import resource, sys
from shashki.pdn import iter_games
n = plies = 0
for g in iter_games(sys.argv[1]):
    n += 1
    plies += g.ply_count()
print(n, plies, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
def test_a_file_of_hundreds_of_megabytes(tmp_path: Path) -> None:
    block = (SAMPLE + "\n") * 100
    small, big = tmp_path / "small.pdn", tmp_path / "big.pdn"
    small.write_text(block * 20)
    with big.open("w") as f:
        while f.tell() < 200_000_000:
            f.write(block)

    def run(path: Path) -> list[int]:
        out = subprocess.run([sys.executable, "-c", RSS, str(path)], check=True,
                             capture_output=True, text=True).stdout
        return [int(x) for x in out.split()]

    n_small, _, rss_small = run(small)
    n_big, _, rss_big = run(big)
    assert n_big > 20 * n_small
    assert rss_big < rss_small + 40_000, (rss_small, rss_big)  # kilobytes
