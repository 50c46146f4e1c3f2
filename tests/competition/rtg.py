"""Random tournaments from gacrux's generator (RTG), replayed round by round with shashki.

gacrux (the FIDE TEC reference engine) generates a Swiss event: it pairs each round by the
Dutch system in memory, with random results, absences (zero- and half-point byes) and
forfeits. shashki reads the TRF, and for every round r keeps rounds 1..r-1, marks the
players absent in round r, pairs round r with :func:`shashki.competition.dutch.pair_dutch`
and compares with gacrux's round r: same pairs, same colours, same bye.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

from shashki.competition.dutch import pair_dutch
from shashki.competition.model import Round, Tournament
from shashki.competition.trf import parse_trf


def generate(fileno: int, players: int, rounds: int) -> str:
    """The TRF of gacrux's random tournament number ``fileno`` (its seed is derived from it).

    With ``SHASHKI_RTG_CACHE`` set to a directory, generated files are kept there and reused
    (gacrux generating an event is the slow part of a comparison run)."""
    cache = os.environ.get("SHASHKI_RTG_CACHE")
    if cache:
        path = os.path.join(cache, f"T{fileno}-{players}-{rounds}.trf")
        if os.path.exists(path):
            with open(path, encoding="latin-1") as f:
                return f.read()
        text = _generate(fileno, players, rounds)
        os.makedirs(cache, exist_ok=True)
        with open(path, "w", encoding="latin-1") as f:
            f.write(text)
        return text
    return _generate(fileno, players, rounds)


def _generate(fileno: int, players: int, rounds: int) -> str:
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "T%d.trf")
        subprocess.run([sys.executable, "-m", "gacrux.tournamentgenerator", "-n", str(rounds),
                        "-p", str(players), "-o", out, "-g", str(fileno), "1"],
                       check=True, capture_output=True, timeout=600)
        with open(os.path.join(d, f"T{fileno:04d}.trf"), encoding="latin-1") as f:
            return f.read()


def _pairs(r: Round) -> set[tuple[int, int]]:
    return {(p.white, p.black) for p in r.pairings} | {
        (b.player, 0) for b in r.byes if b.kind == "PAB"}


@dataclass
class Comparison:
    rounds: int = 0
    identical: int = 0
    differences: list[str] = field(default_factory=list)


def compare(trf: str, label: str = "", engine: str | None = None) -> Comparison:
    """Replay every round of a generated tournament with shashki and compare."""
    full = parse_trf(trf)
    out = Comparison()
    for rnd in range(1, full.current_round + 1):
        t = Tournament.from_dict(full.to_dict() | {"rounds": [
            {"number": r.number, "pairings": [vars(p) for p in r.pairings],
             "byes": [vars(b) for b in r.byes]} for r in full.rounds[:rnd - 1]]})
        want = full.rounds[rnd - 1]
        absent = [b.player for b in want.byes if b.kind in ("Z", "F")]
        half = [b.player for b in want.byes if b.kind == "H"]
        try:
            got = pair_dutch(t, absent=absent, half_byes=half, engine=engine)
        except Exception as e:
            out.rounds += 1
            out.differences.append(f"{label} round {rnd}: shashki failed: {e!r}")
            continue
        out.rounds += 1
        if _pairs(got) == _pairs(want):
            out.identical += 1
        else:
            only_got = sorted(_pairs(got) - _pairs(want))
            only_want = sorted(_pairs(want) - _pairs(got))
            out.differences.append(f"{label} round {rnd}: shashki {only_got} gacrux {only_want}")
    return out


def plan(count: int, seed: int = 2026, players: tuple[int, int] = (10, 200),
         rounds: tuple[int, int] = (5, 11)) -> list[tuple[int, int, int]]:
    """``count`` seeded (fileno, players, rounds); rounds at most players // 2 (a Swiss of
    fewer players than 2 × rounds soon has no legal pairing)."""
    import random

    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.randint(*players)
        r = rng.randint(rounds[0], max(rounds[0], min(rounds[1], n // 2)))
        out.append((seed * 10 + i, n, r))
    return out


def run(cases: list[tuple[int, int, int]], progress: bool = True, engine: str | None = None
        ) -> tuple[int, int, list[str]]:
    """Compare every case; (identical rounds, rounds, differences)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    same = total = 0
    diffs: list[str] = []
    with Progress("gacrux vs shashki", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  disable=not progress, transient=True) as bar:
        task = bar.add_task("", total=len(cases))
        for fileno, n, r in cases:
            c = compare(generate(fileno, n, r), f"T{fileno} ({n} players, {r} rounds)", engine)
            same += c.identical
            total += c.rounds
            diffs += c.differences
            bar.advance(task)
    return same, total, diffs


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--engine", choices=["gacrux", "shashki"], default=None,
                    help="engine shashki pairs with (default: dutch.DEFAULT_ENGINE)")
    ap.add_argument("--players", type=int, nargs=2, default=(10, 200))
    a = ap.parse_args()
    same, total, diffs = run(plan(a.count, a.seed, players=tuple(a.players)), engine=a.engine)
    for d in diffs:
        print(d)
    print(f"identical pairings: {same} of {total} rounds in {a.count} tournaments")
