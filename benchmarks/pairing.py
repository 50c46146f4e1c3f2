"""Pairing and standings benchmark: a large Swiss paired round by round.

    python benchmarks/pairing.py                 # 1,000 players, 11 rounds (the issue's size)
    python benchmarks/pairing.py --players 200 --rounds 9
    python benchmarks/pairing.py --engine gacrux # every round with the reference engine
    python benchmarks/pairing.py --gacrux-rounds 1,2,11   # gacrux alongside on these rounds
    python benchmarks/pairing.py --gacrux-rounds none     # shashki only
    python benchmarks/pairing.py --json out.json

Each round is paired by the Dutch system (``pair_dutch``, shashki's own engine by default),
given seeded random results (Elo expectation with draws), and added; then the standings are
computed with every tie-break. On the ``--gacrux-rounds`` (default 1 and 2: gacrux takes
tens of seconds a round at this size) the same position is also paired by gacrux, the FIDE
TEC's reference engine: its time, the ratio, and whether both pairings are identical. Timings
are printed per round (no timing asserts); the pairings are checked (no one paired twice, no
rematch) by ``Tournament.add_round``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from shashki.competition.model import Round, Tournament
from shashki.competition.standings import standings
from shashki.competition.tiebreaks import TIEBREAKS


def play(t: Tournament, rnd_index: int, rng: random.Random) -> None:
    """Random results: White's expectation by Elo, a third of the games drawn."""
    rnd = t.rounds[rnd_index - 1]
    for p in rnd.pairings:
        rw, rb = t.player(p.white).rating, t.player(p.black).rating
        expect = 1 / (1 + 10 ** ((rb - rw) / 400))
        x = rng.random()
        p.results = ["1/2-1/2" if x < 0.33 else "1-0" if rng.random() < expect else "0-1"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", choices=["default", "gacrux", "shashki"], default="default")
    ap.add_argument("--gacrux-rounds", default="1,2",
                    help="rounds also paired by gacrux for the ratio (comma list, or none)")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args()

    from shashki.competition import dutch

    engine = None if args.engine == "default" else args.engine

    def pair(t: Tournament) -> Round:
        return dutch.pair_dutch(t, engine=engine)

    def pairs(r: Round) -> set[tuple[int, int]]:
        return {(p.white, p.black) for p in r.pairings} | {
            (b.player, 0) for b in r.byes if b.kind == "PAB"}

    check = set() if args.gacrux_rounds == "none" else {
        int(x) for x in args.gacrux_rounds.split(",") if x}
    peer: dict[int, tuple[float, bool]] = {}
    rng = random.Random(args.seed)
    t = Tournament(name="bench", system="dutch", rounds_planned=args.rounds)
    for i in range(args.players):
        t.add_player(f"Player {i + 1:04d}", rating=2600 - int(1400 * i / args.players))
    times: list[float] = []
    con = Console(stderr=True)
    with Progress("pairing", "[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=con, transient=True) as bar:
        task = bar.add_task("", total=args.rounds)
        for r in range(1, args.rounds + 1):
            t0 = time.perf_counter()
            rnd = pair(t)
            times.append(time.perf_counter() - t0)
            if r in check and args.engine != "gacrux":
                bar.update(task, description=f"gacrux, round {r}")
                t0 = time.perf_counter()
                ref = dutch.pair_dutch(t, engine="gacrux")
                peer[r] = (time.perf_counter() - t0, pairs(ref) == pairs(rnd))
                bar.update(task, description="")
            t.add_round(rnd)
            play(t, r, rng)
            bar.advance(task)
    t0 = time.perf_counter()
    rows = standings(t, list(TIEBREAKS))
    st_time = time.perf_counter() - t0

    table = Table(title=f"Dutch pairing, {args.players} players, {args.rounds} rounds "
                        f"({args.engine} engine)")
    table.add_column("round", justify="right")
    table.add_column("seconds", justify="right")
    table.add_column("gacrux s", justify="right")
    table.add_column("gacrux ÷ this", justify="right")
    table.add_column("same pairs", justify="center")
    for i, s in enumerate(times, 1):
        g = peer.get(i)
        table.add_row(str(i), f"{s:.3f}", *(("", "", "") if g is None else (
            f"{g[0]:.1f}", f"{g[0] / s:.0f}x", "yes" if g[1] else "NO")))
    table.add_row("max", f"{max(times):.3f}", "", "", "")
    table.add_row("standings, all tie-breaks", f"{st_time:.3f}", "", "", "")
    Console().print(table)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"players": args.players, "rounds": args.rounds, "engine": args.engine,
                       "round_seconds": times, "standings_seconds": st_time,
                       "gacrux": {str(k): {"seconds": v[0], "identical": v[1]}
                                  for k, v in peer.items()},
                       "leader": rows[0].player.name, "python": sys.version.split()[0],
                       "machine": platform.machine()}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
