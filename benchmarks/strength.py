"""Strength checks: engine against engine over paired openings, through ``shashki match``.

Every match is :func:`shashki.engine.match.run_match`: each opening played twice with
the colours reversed (Russian and Brazilian: the IDF's 150 basic positions; International
and giveaway: ``shashki match``'s balanced random openings, seeded), the games ended by
the rules and the variant's default draw rules.

A player is an engine spec of ``shashki match`` (``shashki``, ``shashki:expert``,
``shashki@baseline-2026-12``, ``random``, ``hub:dame hub``) or a bare level name
(``full``, ``expert`` ... ``beginner``); ``--a-param lmr=0`` adds a search parameter to
A's spec and ``--b-weights FILE`` gives B a weights file (JSON, as weights.json) or a
learned model (.npz): the spec's ``model=FILE``.

    python benchmarks/strength.py --self-check          # full vs beginner, vs random
    python benchmarks/strength.py --suite               # the README's strength runs
    python benchmarks/strength.py --variant russian --games 200 --nodes 20000 \\
        --b-param lmr=0                                 # is LMR worth it?
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path
from typing import Any

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway", "russian-80")


def player_spec(player: str, params: list[str] | None = None, weights: str = "") -> str:
    """The engine spec of a player: a level name means shashki's engine at that level;
    ``params`` (name=value) and a weights or model file are added as spec parameters.

    >>> player_spec("beginner", ["lmr=0"], "tuned.json")
    'shashki:beginner,lmr=0,model=tuned.json'
    >>> player_spec("random")
    'random'
    """
    from shashki.engine import LEVELS

    spec = f"shashki:{player}" if player in LEVELS else player
    extra = [*(params or []), *([f"model={weights}"] if weights else [])]
    return ",".join([spec, *extra])


ROUNDS = Path(__file__).resolve().parents[1] / "src/shashki/engine/learned/rounds"
RU_PATTERNS = f"shashki,model={ROUNDS / 'russian-4.npz'}"
BR_PATTERNS = f"shashki,model={ROUNDS / 'brazilian-2.npz'}"
"""The pattern models the Russian and Brazilian networks replaced (2026-12-05): the
README's rows measured before keep their engine."""
RU_NET5 = f"shashki,model={ROUNDS / 'russian-5.npz'}"
BR_NET3 = f"shashki,model={ROUNDS / 'brazilian-3.npz'}"
"""The first networks, which the networks fitted to their own games replaced (2026-12-05,
evening)."""
RU_NET6 = "shashki,lone_king=off"
BR_NET4 = "shashki,lone_king=off"
"""Russian's round 6 and Brazilian's round 4 without the lone-king table (2026-12-05):
the README's rows measured before the table (2026-12-06, night) keep their engine."""
INT_PATTERNS = f"shashki,model={ROUNDS / 'international-5.npz'}"
"""International's round-5 pattern model, which its network replaced (2026-12-06): the
README's rows measured with it keep their engine."""
INT_NET6 = f"shashki,model={ROUNDS / 'international-6.npz'}"
"""International's first network (round 6), which round 7's replaced (2026-12-06)."""
INT_NET7 = f"shashki,model={ROUNDS / 'international-7.npz'}"
"""International's round 7, which round 8's replaced (2026-12-06, evening)."""

SUITE: tuple[tuple[str, str, str, int, str, tuple[int, ...]], ...] = (
    # (variant, engine A, engine B, games, control, seeds): the runs recorded in the
    # README, through shashki.engine.match, ``games`` games for each seed of the opening
    # draw and one standing for the row. "time": 0.1 s per move each (--time changes it);
    # "nodes": 20,000 nodes per move, B's odds=0.5 giving it 10,000; "time=S": S seconds
    # a move each, whatever --time says; "time=S sprt=E0,E1": an SPRT (``shashki match
    # --sprt E0,E1``) with ``games`` the most games.
    ("international", "shashki", INT_NET7, 400, "nodes", (21,)),
    ("international", "shashki", "shashki@baseline-2026-12", 200, "time=0.2",
     (1, 2, 3, 4, 5, 6, 7)),
    ("international", "shashki", "shashki@baseline-2026-12", 100, "time=1", (1,)),
    ("international", "shashki", "shashki@baseline-2026-12", 400, "time=1 sprt=360,440", (3,)),
    ("international", INT_NET7, INT_NET6, 400, "nodes", (21,)),
    ("international", INT_NET7, "shashki@baseline-2026-12", 200, "time=0.2", (1, 2)),
    ("international", INT_NET6, "shashki@baseline-2026-12", 200, "nodes", (1, 2, 3)),
    ("international", INT_PATTERNS, "shashki@baseline-2026-12", 200, "nodes", (1, 2, 3)),
    ("international", INT_NET6, "shashki@baseline-2026-12", 200, "time=0.2", (1, 2, 3)),
    ("international", INT_PATTERNS, "shashki@baseline-2026-12", 200, "time=0.2", (1, 2, 3)),
    ("international", INT_PATTERNS, "shashki@baseline-2026-12", 100, "time=1", (1, 2)),
    ("international", INT_PATTERNS + ",egdb=auto", "shashki@baseline-2026-12", 200,
     "time=0.2", (1, 2)),
    ("international", INT_NET6, INT_PATTERNS, 400, "nodes", (21,)),
    ("international", INT_NET6, INT_PATTERNS, 200, "time=0.2", (1,)),
    ("russian", "shashki", "shashki@baseline-2026-12", 200, "nodes", (1,)),
    ("russian", "shashki", "shashki@baseline-2026-12", 200, "time=0.05", (1,)),
    ("russian", "shashki", "shashki@baseline-2026-12", 200, "time=0.2", (1, 2, 3)),
    ("russian", "shashki", RU_NET6, 400, "nodes", (21,)),  # the lone-king table vs without
    ("russian", "shashki,book=on", "shashki", 200, "time=0.2", (5,)),  # the opening book
    ("russian", RU_NET6, "shashki@baseline-2026-12", 200, "nodes", (1, 2)),
    ("russian", RU_NET6, "shashki@baseline-2026-12", 200, "time=0.05", (1, 2)),
    ("russian", RU_NET6, "shashki@baseline-2026-12", 200, "time=0.2", (1, 2)),
    ("russian", RU_PATTERNS + ",egdb=auto", "shashki@baseline-2026-12", 200, "time=0.05",
     (1,)),
    ("russian", RU_PATTERNS + ",egdb=auto", "shashki@baseline-2026-12", 200, "time=0.2",
     (1,)),
    ("russian", RU_PATTERNS + ",egdb=auto", "shashki@baseline-2026-12,egdb=auto", 200,
     "time=0.2", (1,)),
    ("brazilian", "shashki", "shashki@baseline-2026-12", 200, "nodes", (1,)),
    ("brazilian", "shashki", "shashki@baseline-2026-12", 200, "time=0.05", (1, 2)),
    ("brazilian", "shashki", "shashki@baseline-2026-12", 200, "time=0.2", (1, 2, 3, 4)),
    ("brazilian", "shashki", BR_NET4, 400, "nodes", (21,)),
    ("brazilian", BR_NET4, "shashki@baseline-2026-12", 200, "nodes", (1, 2)),
    ("brazilian", BR_NET4, "shashki@baseline-2026-12", 200, "time=0.05", (1, 2)),
    ("brazilian", BR_NET4, "shashki@baseline-2026-12", 200, "time=0.2", (1, 2)),
    ("brazilian", BR_PATTERNS + ",egdb=auto", "shashki@baseline-2026-12", 200, "time=0.05",
     (1,)),
    ("russian-80", "shashki", "shashki@baseline-2026-12", 200, "nodes", (1,)),
    ("russian-giveaway", "shashki", "shashki@baseline-2026-12", 600, "nodes", (1,)),
    ("russian", "shashki", "py-draughts", 40, "time", (3,)),
    ("brazilian", "shashki", "py-draughts", 40, "time", (1, 2)),
    ("russian", RU_NET6, "py-draughts", 40, "time", (1,)),
    ("international", "shashki", "py-draughts", 60, "time", (1,)),
    ("international", INT_NET6, "py-draughts", 60, "time", (1,)),
    ("international", INT_PATTERNS, "py-draughts", 60, "time", (1,)),
    ("international", "shashki", "hub:dame hub", 80, "time", (1, 2, 3, 4)),
    ("international", INT_NET6, "hub:dame hub", 80, "time", (1, 2, 3, 4)),
    ("international", INT_PATTERNS, "hub:dame hub", 80, "time", (1, 2)),
    ("russian", RU_NET6, RU_NET5, 400, "nodes", (21,)),
    ("brazilian", BR_NET4, BR_NET3, 400, "nodes", (21,)),
    ("russian", RU_NET5, RU_PATTERNS, 200, "time=0.05", (1,)),
    ("brazilian", BR_NET3, BR_PATTERNS, 200, "time=0.05", (1,)),
    ("russian", "shashki", "shashki,odds=0.5", 200, "nodes", (1,)),
    ("brazilian", "shashki", "shashki,odds=0.5", 400, "nodes", (1,)),
    ("international", "shashki", "shashki,odds=0.5", 200, "nodes", (1,)),
    ("international", INT_PATTERNS, INT_PATTERNS + ",odds=0.5", 200, "nodes", (1,)),
    ("russian-80", "shashki", "shashki,odds=0.5", 200, "nodes", (1,)),
    ("russian-giveaway", "shashki", "shashki,odds=0.5", 400, "nodes", (1,)),
)
SUITE_MOVE_TIME = 0.1
SUITE_NODES = 20_000
SUITE_TABLES = {"russian": 5, "brazilian": 5, "international": 4}
"""Pieces of the endgame databases the suite's ``egdb=auto`` engines probe, built in the
default directory first if they are not there (``shashki egdb build``: about 2 minutes
of CPU each for the 8x8 ones, 40 MB on disk)."""


def ensure_tables(variant: str) -> None:
    """Build the default directory's endgame database of ``variant`` up to
    :data:`SUITE_TABLES` pieces unless it is there."""
    from shashki.engine.egdb import Database, EgdbError

    try:
        if Database.open(variant).pieces >= SUITE_TABLES[variant]:
            return
    except EgdbError:
        pass
    print(f"building the {variant} endgame database, {SUITE_TABLES[variant]} pieces",
          file=sys.stderr)
    Database.build(variant, SUITE_TABLES[variant])


def run_suite(scale: float, move_time: float, only: list[str] | None,
              concurrency: int = 2) -> int:
    """Play :data:`SUITE` one match after another (``shashki match`` code, ``concurrency``
    games at a time, as the README's runs), each row once for each of its seeds, and
    print a Markdown table for the README: a row's standing is its seeds' together."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from shashki.engine import match as M

    rows = []
    with Progress(TextColumn("{task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                  console=Console(stderr=True)) as progress:
        for variant, a, b, games, kind, seeds in SUITE:
            if only and variant not in only:
                continue
            if "egdb=auto" in a + b:
                ensure_tables(variant)
            kind, _, test = kind.partition(" sprt=")
            sprt = M.Sprt.parse(test) if test else None
            control = (M.Control(move_time=move_time) if kind == "time"
                       else M.Control(move_time=float(kind[5:])) if kind.startswith("time=")
                       else M.Control(nodes=SUITE_NODES))
            n = max(2, round(games * scale))
            title = f"{variant}: {a} vs {b}"
            task = progress.add_task(title, total=n * len(seeds))
            total = M.Standing()
            seconds = 0.0
            for seed in seeds:
                def seen(res: M.MatchResult, rec: M.GameRecord, task: Any = task,
                         done: M.Standing = total, title: str = title) -> None:
                    progress.update(task, advance=1,
                                    description=f"{title} {(done + res.standing).summary()}")

                r = M.run_match(a, b, variant, n, control, seed=seed,
                                concurrency=concurrency, on_game=seen, sprt=sprt)
                if sprt is not None:
                    print(f"{title}, seed {seed}, {sprt}: {r.decision or 'no decision'} after "
                          f"{r.decided_at or r.standing.games} games, LLR {r.llr:.2f}",
                          file=sys.stderr)
                total = total + r.standing
                seconds += r.seconds
            rows.append((variant, r, seeds, total, seconds))
    print("| variant | A | B | control | seeds | games | +/=/- | score | Elo (A-B) | minutes |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for variant, r, seeds, st, seconds in rows:
        print(f"| {variant} | {r.a} | {r.b} | {r.control} | "
              f"{', '.join(map(str, seeds))} | {st.games} | +{st.wins} ={st.draws} "
              f"-{st.losses} | {100 * st.score:.1f} % | {M.elo_text(*st.elo())} | "
              f"{seconds / 60:.0f} |")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", action="store_true",
                    help="the README's strength runs (shashki match), one after another")
    ap.add_argument("--suite-scale", type=float, default=1.0,
                    help="multiply the suite's game counts (0.1 for a quick look)")
    ap.add_argument("--self-check", action="store_true",
                    help="full strength against beginner and against random, every variant")
    ap.add_argument("--ladder", action="store_true",
                    help="each level against the next weaker one")
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--a", default="full", help="player A: a level or an engine spec")
    ap.add_argument("--b", default="beginner", help="player B: a level or an engine spec")
    ap.add_argument("--a-param", action="append", help="search parameter of A, name=value")
    ap.add_argument("--b-param", action="append", help="search parameter of B, name=value")
    ap.add_argument("--a-weights", default="", help="weights (JSON) or model (.npz) of A")
    ap.add_argument("--b-weights", default="", help="weights (JSON) or model (.npz) of B")
    ap.add_argument("--time", type=float, help="seconds per move")
    ap.add_argument("--nodes", type=int, help="nodes per move (default 20000 without --time)")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2, help="games at a time")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the opening draw (--suite plays each row's own seeds)")
    args = ap.parse_args(argv)
    if args.suite:
        return run_suite(args.suite_scale, args.time or SUITE_MOVE_TIME, args.variant,
                         args.workers)

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from shashki.engine import LEVELS
    from shashki.engine import match as M
    from shashki.errors import ShashkiError

    control = M.Control(move_time=args.time) if args.time else M.Control(
        nodes=args.nodes or 20_000)
    variants = args.variant or list(VARIANTS)
    pairs = [(player_spec(args.a, args.a_param, args.a_weights),
              player_spec(args.b, args.b_param, args.b_weights))]
    if args.self_check:
        pairs = [("shashki", "shashki:beginner"), ("shashki", "random")]
    if args.ladder:
        names = [*(f"shashki:{x}" for x in list(LEVELS)[::-1]), "random"]
        pairs = list(itertools.pairwise(names))
    results = []
    console = Console(width=max(Console().width, 150))
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(),
                      TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                      console=Console(stderr=True)) as progress:
            for v in variants:
                for a, b in pairs:
                    task = progress.add_task(f"{v}: {a} vs {b}", total=args.games)

                    def seen(res: M.MatchResult, rec: M.GameRecord, task: Any = task,
                             title: str = f"{v}: {a} vs {b}") -> None:
                        progress.update(task, advance=1,
                                        description=f"{title} {res.standing.summary()}")

                    results.append(M.run_match(a, b, v, args.games, control, seed=args.seed,
                                               concurrency=args.workers,
                                               max_plies=args.max_plies, on_game=seen))
    except ShashkiError as e:
        print(f"strength.py: {e}", file=sys.stderr)
        return 2
    table = Table(title=f"matches, {control}, {args.games} games each (paired openings)")
    for col in ("variant", "A", "B", "+", "=", "-", "score", "Elo (A-B)", "plies/game",
                "minutes"):
        table.add_column(col, justify="left" if col in ("variant", "A", "B") else "right")
    for r in results:
        st = r.standing
        table.add_row(r.variant, r.a, r.b, str(st.wins), str(st.draws), str(st.losses),
                      f"{st.points:g}/{st.games}", M.elo_text(*st.elo()),
                      f"{sum(g.plies for g in r.games) / max(st.games, 1):.0f}",
                      f"{r.seconds / 60:.1f}")
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
