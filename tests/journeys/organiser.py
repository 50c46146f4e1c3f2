"""The organiser's Swiss by the command line, as a program run from outside: every step is
one ``shashki tournament …`` process of the install under test."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

from tests.journeys import swiss

Run = Callable[..., subprocess.CompletedProcess[str]]


def runner(shashki: Path, env: dict[str, str], cwd: Path) -> Run:
    """``run(*args)``: one ``shashki`` process; a failure shows its output."""

    def run(*args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        r = subprocess.run([str(shashki), *args], capture_output=True, text=True, env=env,
                           cwd=cwd, timeout=600)
        if ok and r.returncode != 0:
            raise AssertionError(f"shashki {' '.join(args)} exited {r.returncode}:\n"
                                 f"{r.stdout[-2000:]}\n{r.stderr[-3000:]}")
        return r

    return run


def play_swiss(run: Run, event_file: str, new_args: Sequence[str] = (),
               event: str = swiss.EVENT) -> list[tuple[int, set[tuple[int, int]],
                                                      set[tuple[int, int]]]]:
    """Create the event, register its players from a rating list, then round by round: the
    byes fixed before it, the pairing, the results. Returns (round, shashki's pairs,
    bbpPairings' pairs) for every round."""
    n = swiss.rounds(event)
    run("tournament", "new", event_file, "--name", f"Swiss {event}", "--system", "dutch",
        "--rounds", str(n), "--scoring", "2-1-0", "--first-color", swiss.first_colour(event),
        *new_args)
    csv = Path(event_file).with_suffix(".csv")
    csv.write_text("name,id,rating\n" + "".join(
        f"{p.name},{p.number},{p.rating}\n" for p in swiss.players(event)), encoding="utf-8")
    run("tournament", "import", event_file, str(csv))
    out = []
    for rnd in range(1, n + 1):
        for player, kind in sorted(swiss.fixed_byes(event, rnd).items()):
            run("tournament", "bye", event_file, str(player), "--round", str(rnd),
                "--kind", kind)
        run("tournament", "pair", event_file)
        pairs = swiss.parse_pairs(run("tournament", "export", event_file, "pairings",
                                      "--round", str(rnd)).stdout)
        out.append((rnd, set(pairs), swiss.bbp_pairing(event, rnd)))
        games = [p for p in pairs if p[1] != 0]
        for board, result in enumerate(swiss.results(event, rnd, games), 1):
            run("tournament", "result", event_file, str(rnd), str(board), result)
    return out
