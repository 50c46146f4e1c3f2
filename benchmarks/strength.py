"""Quick strength checks: engine against engine (or a random mover) over paired openings.

Each opening is played twice with the colours reversed. Russian and Brazilian openings
are the IDF's 150 basic positions (``shashki.openings``); International and
giveaway openings are ``shashki match``'s balanced random openings (seeded). A game
ends by the rules (no moves; draws by the variant's default draw rules, shashki.draws)
or is scored a draw after ``--max-plies``.

A player is a level name (``full``, ``expert`` ... ``beginner``) or ``random``, with
optional search parameters (``--a-param lmr=0``) or evaluation weights
(``--b-weight king=300``) to compare versions of the engine.

    python benchmarks/strength.py --self-check          # full vs beginner, vs random
    python benchmarks/strength.py --suite               # the README's strength runs
    python benchmarks/strength.py --variant russian --games 200 --nodes 20000 \\
        --b-param lmr=0                                 # is LMR worth it?
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

VARIANTS = ("russian", "brazilian", "international", "russian-giveaway")
PARAMS = {"prune": "P_PRUNE", "prune_margin": "P_PRUNE_MARGIN", "prune_pct": "P_PRUNE_PCT",
          "qs_quiet": "P_QS_QUIET", "qs_exch": "P_QS_EXCH", "lmr": "P_LMR",
          "lmr_depth": "P_LMR_DEPTH", "lmr_moves": "P_LMR_MOVES",
          "tt": "P_TT", "ext": "P_EXT_SINGLE", "history": "P_HISTORY", "killers": "P_KILLERS",
          "malus": "P_HIST_MALUS", "qs_promo": "P_QS_PROMO"}
TABLE = ("lmr_base", "lmr_div")


@dataclass(frozen=True)
class Player:
    level: str = "full"
    params: tuple[tuple[str, float], ...] = ()
    weights: tuple[tuple[str, float], ...] = ()
    weights_file: str = ""
    """A JSON file of evaluation weights ({variant: {...}}, as weights.json)."""

    def label(self) -> str:
        extra = [f"{k}={v:g}" for k, v in self.params + self.weights]
        if self.weights_file:
            extra.append(f"weights {self.weights_file}")
        return self.level + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True)
class GameSpec:
    variant: str
    opening: str  # FEN
    white: Player
    black: Player
    a_is_white: bool
    time: float | None
    nodes: int | None
    max_plies: int
    seed: int


@dataclass
class GameResult:
    a_score: float
    plies: int
    reason: str
    opening: str
    a_is_white: bool


_ENGINES: dict[tuple[str, Player], Any] = {}


def _engine(variant: str, p: Player) -> Any:
    from shashki.engine import Engine
    from shashki.engine import search as S
    from shashki.engine.evaluate import weight_table, weights_for

    key = (variant, p)
    if key not in _ENGINES:
        weights = None
        if p.weights_file:
            import json

            with open(p.weights_file, encoding="utf-8") as f:
                weights = weights_for(variant, {**weight_table(), **json.load(f)})
        if p.weights:
            weights = weights or weights_for(variant)
            for k, v in p.weights:
                weights[k] = v
        level = "full" if p.level == "random" else p.level
        e = Engine(variant, hash_mb=16, level=level, weights=weights, seed=1)
        table = {"lmr_base": 0.5, "lmr_div": S.lmr_divisor()}
        for k, v in p.params:
            if k in TABLE:
                table[k] = v
            else:
                e.params[getattr(S, PARAMS[k])] = int(v)
        e.lmr = S.lmr_table(table["lmr_base"], table["lmr_div"])
        _ENGINES[key] = e
    return _ENGINES[key]


def play_game(spec: GameSpec) -> GameResult:
    from shashki import Board
    from shashki.color import WHITE
    from shashki.draws import check_board
    from shashki.engine import Limit

    rng = random.Random(spec.seed)
    board = Board(spec.variant, spec.opening)
    players = {WHITE: spec.white}
    engines = {}
    for color, p in ((WHITE, spec.white), (WHITE.other, spec.black)):
        players[color] = p
        engines[color] = None if p.level == "random" else _engine(spec.variant, p)
        if engines[color] is not None:
            engines[color].new_game()
    limit = Limit(time=spec.time, nodes=spec.nodes)
    reason = "max plies"
    white_score = 0.5
    plies = 0
    while plies < spec.max_plies:
        outcome = board.outcome()
        if outcome is not None:
            white_score = 1.0 if outcome.winner is WHITE else 0.0
            reason = outcome.termination.value
            break
        draw = check_board(board)
        if draw is not None:
            reason = draw.article
            break
        e = engines[board.turn]
        move = rng.choice(board.legal_moves) if e is None else e.play(board, limit)
        board.push(move)
        plies += 1
    a = white_score if spec.a_is_white else 1.0 - white_score
    return GameResult(a, plies, reason, spec.opening, spec.a_is_white)


def openings(variant: str, n: int, seed: int) -> list[str]:
    """``n`` opening FENs for ``variant``: ``shashki match``'s own (the IDF's 150 basic
    positions on 8x8, balanced random openings on 10x10 and in giveaway)."""
    from shashki.engine.match import openings as match_openings

    table = "idf-150" if variant in ("russian", "brazilian") else None
    return [o.fen for o in match_openings(variant, n, seed, table)]


@dataclass
class MatchResult:
    variant: str
    a: Player
    b: Player
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        return sum(g.a_score for g in self.games)

    def wdl(self) -> tuple[int, int, int]:
        w = sum(1 for g in self.games if g.a_score == 1.0)
        d = sum(1 for g in self.games if g.a_score == 0.5)
        return w, d, len(self.games) - w - d

    def elo(self) -> tuple[float, float]:
        """Elo difference of A over B and a 95 % margin (normal approximation)."""
        n = len(self.games)
        if n == 0:
            return 0.0, 0.0
        p = min(max(self.score / n, 0.5 / n), 1 - 0.5 / n)
        elo = -400 * math.log10(1 / p - 1)
        var = sum((g.a_score - p) ** 2 for g in self.games) / n
        se = math.sqrt(var / n) if var > 0 else 0.0
        lo, hi = max(p - 1.96 * se, 1e-3), min(p + 1.96 * se, 1 - 1e-3)
        margin = (-400 * math.log10(1 / hi - 1) + 400 * math.log10(1 / lo - 1)) / 2
        return elo, margin


def run_match(variant: str, a: Player, b: Player, games: int, time_: float | None,
              nodes: int | None, max_plies: int, workers: int, seed: int,
              progress: Any = None) -> MatchResult:
    ops = openings(variant, (games + 1) // 2, seed)
    specs = []
    for i, fen in enumerate(ops):
        for a_white in (True, False):
            if len(specs) < games:
                specs.append(GameSpec(variant, fen, a if a_white else b, b if a_white else a,
                                      a_white, time_, nodes, max_plies, seed * 1000 + 2 * i
                                      + a_white))
    res = MatchResult(variant, a, b)
    t = time.perf_counter()
    task = progress.add_task(f"{variant}: {a.label()} vs {b.label()}", total=len(specs)) \
        if progress is not None else None
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for g in pool.map(play_game, specs):
            res.games.append(g)
            if progress is not None:
                w, d, lo = res.wdl()
                progress.update(task, advance=1, description=(
                    f"{variant}: {a.label()} vs {b.label()} +{w}={d}-{lo}"))
    res.seconds = time.perf_counter() - t
    return res


def _pairs(items: list[str] | None) -> tuple[tuple[str, float], ...]:
    out = []
    for item in items or []:
        k, _, v = item.partition("=")
        out.append((k.strip(), float(v)))
    return tuple(out)


SUITE: tuple[tuple[str, str, str, int, str], ...] = (
    # (variant, engine A, engine B, games, control): the runs recorded in the README,
    # through shashki.engine.match. "time": 0.1 s per move each (--time changes it);
    # "nodes": 20,000 nodes per move, B's odds=0.5 giving it 10,000; "time=S": S seconds
    # a move each, whatever --time says.
    ("international", "shashki", "shashki@baseline-2026-12", 200, "nodes"),
    ("international", "shashki", "shashki@baseline-2026-12", 200, "time=0.1"),
    ("russian", "shashki", "shashki@baseline-2026-12", 200, "nodes"),
    ("russian", "shashki", "shashki@baseline-2026-12", 200, "time=0.05"),
    ("brazilian", "shashki", "shashki@baseline-2026-12", 200, "nodes"),
    ("russian", "shashki", "py-draughts", 40, "time"),
    ("international", "shashki", "py-draughts", 60, "time"),
    ("international", "shashki", "hub:dame hub", 80, "time"),
    ("russian", "shashki", "shashki,odds=0.5", 200, "nodes"),
    ("brazilian", "shashki", "shashki,odds=0.5", 400, "nodes"),
    ("international", "shashki", "shashki,odds=0.5", 100, "nodes"),
    ("russian-giveaway", "shashki", "shashki,odds=0.5", 100, "nodes"),
)
SUITE_MOVE_TIME = 0.1
SUITE_NODES = 20_000


def run_suite(scale: float, move_time: float, seed: int, only: list[str] | None) -> int:
    """Play :data:`SUITE` one match after another (``shashki match`` code) and print a
    Markdown table for the README."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from shashki.engine import match as M

    rows = []
    with Progress(TextColumn("{task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                  console=Console(stderr=True)) as progress:
        for variant, a, b, games, kind in SUITE:
            if only and variant not in only:
                continue
            control = (M.Control(move_time=move_time) if kind == "time"
                       else M.Control(move_time=float(kind[5:])) if kind.startswith("time=")
                       else M.Control(nodes=SUITE_NODES))
            n = max(2, round(games * scale))
            task = progress.add_task(f"{variant}: {a} vs {b}", total=n)

            def seen(res: M.MatchResult, rec: M.GameRecord, task: Any = task,
                     title: str = f"{variant}: {a} vs {b}") -> None:
                progress.update(task, advance=1, description=f"{title} "
                                f"{res.standing.summary()}")

            r = M.run_match(a, b, variant, n, control, seed=seed, on_game=seen)
            rows.append((variant, r))
    print("| variant | A | B | control | games | +/=/- | score | Elo (A-B) | minutes |")
    print("|---|---|---|---|---|---|---|---|---|")
    for variant, r in rows:
        st = r.standing
        e, m = st.elo()
        elo = "+∞" if math.isinf(e) else "+0" if abs(e) < 0.5 else f"{e:+.0f}"
        margin = "" if math.isinf(m) else f" ± {m:.0f}"
        print(f"| {variant} | {r.a} | {r.b} | {r.control} | {st.games} | +{st.wins} "
              f"={st.draws} -{st.losses} | {100 * st.score:.1f} % | {elo}{margin} | "
              f"{r.seconds / 60:.0f} |")
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
    ap.add_argument("--a", default="full", help="player A's level (or random)")
    ap.add_argument("--b", default="beginner", help="player B's level (or random)")
    ap.add_argument("--a-param", action="append", help="search parameter of A, name=value")
    ap.add_argument("--b-param", action="append", help="search parameter of B, name=value")
    ap.add_argument("--a-weight", action="append", help="evaluation weight of A, name=value")
    ap.add_argument("--b-weight", action="append", help="evaluation weight of B, name=value")
    ap.add_argument("--a-weights", default="", help="evaluation weights file of A (JSON)")
    ap.add_argument("--b-weights", default="", help="evaluation weights file of B (JSON)")
    ap.add_argument("--time", type=float, help="seconds per move")
    ap.add_argument("--nodes", type=int, help="nodes per move (default 20000 without --time)")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.suite:
        return run_suite(args.suite_scale, args.time or SUITE_MOVE_TIME, args.seed,
                         args.variant)

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    nodes = args.nodes if args.nodes or args.time else 20_000
    variants = args.variant or list(VARIANTS)
    a = Player(args.a, _pairs(args.a_param), _pairs(args.a_weight), args.a_weights)
    pairs = [(a, Player(args.b, _pairs(args.b_param), _pairs(args.b_weight), args.b_weights))]
    if args.self_check:
        pairs = [(Player("full"), Player("beginner")), (Player("full"), Player("random"))]
    if args.ladder:
        from shashki.engine import LEVELS

        names = [*list(LEVELS)[::-1], "random"]
        pairs = [(Player(x), Player(y)) for x, y in itertools.pairwise(names)]
    results = []
    console = Console(width=max(Console().width, 150))
    with Progress(TextColumn("{task.description}"), BarColumn(),
                  TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(),
                  console=Console(stderr=True)) as progress:
        for v in variants:
            for pa, pb in pairs:
                results.append(run_match(v, pa, pb, args.games, args.time, nodes,
                                         args.max_plies, args.workers, args.seed, progress))
    limit = f"{args.time:g} s/move" if args.time else f"{nodes:,} nodes/move"
    table = Table(title=f"matches, {limit}, {args.games} games each (paired openings)")
    for col in ("variant", "A", "B", "+", "=", "-", "score", "Elo (A-B)", "plies/game",
                "minutes"):
        table.add_column(col, justify="left" if col in ("variant", "A", "B") else "right")
    for r in results:
        w, d, lo = r.wdl()
        elo, margin = r.elo()
        n = len(r.games)
        shown = f"{elo:+.0f} ± {margin:.0f}"
        if d == 0 and 0 in (w, lo):
            shown = f"{'≥' if elo > 0 else '≤'} {elo:+.0f}"  # no margin from a clean sweep
        table.add_row(r.variant, r.a.label(), r.b.label(), str(w), str(d), str(lo),
                      f"{r.score:g}/{n}", shown,
                      f"{sum(g.plies for g in r.games) / max(n, 1):.0f}", f"{r.seconds / 60:.1f}")
    console.print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
