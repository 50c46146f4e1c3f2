"""Endgame databases: build time, probe speed, and what the tables do for the search.

``build``: solves a variant up to N pieces in a fresh temporary directory (or ``--dir``)
and prints the positions, counts, solving time (CPU seconds too: the machine may be
shared) and size on disk.

``check``: random covered positions of a built database against their moves (the
test module's consistency check, for the big databases).

``play``: games from random 6-8-man endgames, both colours each, the engine with the
tables against itself without them at a fixed node budget.

``search``: with a database of N pieces (``--dir``, default the user's), for the
deepest wins of a few kings-only slices and of random covered positions, compares a
fixed-depth search without and with the tables: nodes, time, and whether the score is
the exact distance the database gives. Also probes per second and the speed of a
middlegame search with the tables loaded (the hook costs one population count per
node there).

    python benchmarks/egdb.py build --variant russian --pieces 4
    python benchmarks/egdb.py search --variant russian --pieces 5 --depth 6
    python benchmarks/egdb.py check --variant brazilian --positions 4000
    python benchmarks/egdb.py play --variant russian --starts 20 --nodes 5000

Timings are wall-clock on a possibly shared machine; nothing is asserted about them.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from shashki.engine.probe import probe


def cmd_build(args: argparse.Namespace) -> None:
    from shashki.engine.egdb import Database

    d = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="egdb-"))
    t0, c0 = time.perf_counter(), time.process_time()
    db = Database.build(args.variant, args.pieces, d)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    r = db.report
    assert r is not None
    print(json.dumps({
        "variant": args.variant, "pieces": args.pieces, "positions": r.positions,
        "wins": r.wins, "draws": r.draws, "losses": r.losses, "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1), "positions_per_cpu_s": round(r.positions / max(cpu, 1e-9)),
        "bytes": r.stored, "bits_per_position": round(8 * r.stored / r.positions, 3),
        "longest_plies": max(s.longest for s in r.slices), "dir": str(d),
    }))


@njit(cache=True)
def _probe_all(pos: Any, eg: Any) -> Any:
    s = 0
    for i in range(pos.shape[0]):
        s += probe(pos[i, 0], pos[i, 1], pos[i, 2], pos[i, 3], eg)
    return s


def _random_boards(variant: str, pieces: int, n: int, rng: random.Random) -> list[Any]:
    from shashki import Board

    g = Board(variant).variant.geometry
    out: list[Any] = []
    while len(out) < n:
        k = rng.randint(2, pieces)
        sq = rng.sample(range(1, g.squares + 1), k)
        nw = rng.randint(1, k - 1)
        toks: dict[str, list[str]] = {"W": [], "B": []}
        for i, s in enumerate(sq):
            col = "W" if i < nw else "B"
            _, rank = g.file_rank(s)
            promo = (col == "W" and rank == g.ranks - 1) or (col == "B" and rank == 0)
            toks[col].append(("K" if promo or rng.random() < 0.5 else "") + str(s))
        out.append(Board(variant, f"{rng.choice('WB')}:W{','.join(toks['W'])}:"
                                  f"B{','.join(toks['B'])}"))
    return out


def cmd_search(args: argparse.Namespace) -> None:
    from shashki import Board
    from shashki.engine import Engine
    from shashki.engine.egdb import Database
    from shashki.engine.egdb import kernels as K
    from shashki.engine.egdb.tables import Layout, Material

    db = Database.open(args.variant, args.dir, pieces=args.pieces)
    rng = random.Random(7)
    boards = _random_boards(args.variant, args.pieces, 200_000, rng)
    pos = np.array([[b.position.white if b.turn == 0 else b.position.black,
                     b.position.black if b.turn == 0 else b.position.white,
                     b.position.kings, b.turn] for b in boards], dtype=np.uint64)
    _probe_all(pos[:10], db.eg)
    t0 = time.process_time()  # CPU time: the probe rate of one core, shared or not
    _probe_all(pos, db.eg)
    pps = len(pos) / (time.process_time() - t0)

    # the deepest win of some slices, and random covered positions
    lay = Layout(db.variant, db.pieces)
    gp = lay.gp(db.eg)
    tests: list[tuple[str, Any]] = []
    for mat in (Material(0, 3, 0, 1), Material(0, 2, 1, 0), Material(1, 1, 0, 2),
                Material(0, 2, 0, 2)):
        if mat.pieces > db.pieces:
            continue
        vals = lay.slice_of(db.eg, mat)
        wins = np.where(vals % 2 == 0, vals, 0)  # byte d + 1 even: d odd, a win
        i = int(np.argmax(wins))
        own, opp, kg, _ = K.position_at(i, mat.om, mat.ok, mat.pm, mat.pk, gp, lay.binom)
        g = db.variant.geometry
        w = ",".join(("K" if (1 << g.bit(s)) & kg else "") + str(s)
                     for s in g.squares_of(int(own)))
        b = ",".join(("K" if (1 << g.bit(s)) & kg else "") + str(s)
                     for s in g.squares_of(int(opp)))
        tests.append((f"deepest {mat.describe()}", Board(args.variant, f"W:W{w}:B{b}")))
    for b in _random_boards(args.variant, args.pieces, args.random, rng):
        if b.legal_moves:
            tests.append(("random", b))
    rows = []
    for label, b in tests:
        r = db.probe(b)
        assert r is not None
        out: dict[str, Any] = {"what": label, "fen": b.fen(), "db": r.outcome, "plies": r.plies}
        for use in (False, True):
            e = Engine(args.variant, hash_mb=16)
            if use:
                e.set_egdb(db)
            a = e.analyse(b, depth=args.depth)
            tag = "with" if use else "without"
            exact = (a.score.value == 0 if r.plies is None else
                     a.score.wins_in == (r.moves if r.outcome == "win" else -(r.moves or 0)))
            out[tag] = {"nodes": a.nodes, "ms": round(1000 * a.time, 1), "score": str(a.score),
                        "exact": exact}
        rows.append(out)
    start = Board(args.variant)
    speed: dict[str, int] = {}
    for use in (False, True):
        e = Engine(args.variant, hash_mb=64)
        if use:
            e.set_egdb(db)
        a = e.analyse(start, time=args.seconds)
        speed["with" if use else "without"] = round(a.nps)
    for row in rows[:6]:
        print(json.dumps(row, ensure_ascii=False))
    solved = {k: sum(r[k]["exact"] for r in rows) for k in ("without", "with")}
    nodes = {k: sum(r[k]["nodes"] for r in rows) for k in ("without", "with")}
    print(json.dumps({"positions": len(rows), "depth": args.depth, "exact": solved,
                      "nodes": nodes, "probes_per_cpu_s": round(pps),
                      "initial_position_nps": speed}))


def cmd_check(args: argparse.Namespace) -> None:
    """Random covered positions against the values after each of their legal moves (as
    Board generates them): won = some move to a lost position, the fastest; lost = every
    move to a won one, the longest; drawn = no move to a lost position, some to a draw."""
    from shashki.engine.egdb import Database, Result

    db = Database.open(args.variant, args.dir, pieces=args.pieces)
    rng = random.Random(args.seed)
    bad = 0
    for b in _random_boards(args.variant, db.pieces, args.positions, rng):
        r = db.probe(b)
        after = []
        for mv in b.legal_moves:
            child = b.copy(stack=False)
            child.push(mv)
            after.append(db.probe(child))
        lost = [c.plies for c in after if c is not None and c.outcome == "loss"]
        if not after:
            want: Result | None = Result("loss", 0)
        elif lost:
            want = Result("win", min(p or 0 for p in lost) + 1)
        elif any(c is not None and c.outcome == "draw" for c in after):
            want = Result("draw", None)
        else:
            want = Result("loss", max((c.plies or 0) for c in after if c is not None) + 1)
        if r != want:
            bad += 1
            print(json.dumps({"fen": b.fen(), "stored": str(r), "from_moves": str(want)}))
    print(json.dumps({"variant": args.variant, "pieces": db.pieces,
                      "positions": args.positions, "disagreements": bad}))


def _endgame_starts(variant: str, n: int, rng: random.Random) -> list[Any]:
    """Random quiet positions with three or four men a side, White to move."""
    from shashki import Board

    g = Board(variant).variant.geometry
    out: list[Any] = []
    while len(out) < n:
        k = rng.choice((3, 4))
        sq = rng.sample(range(1, g.squares + 1), 2 * k)
        ws, bs = sq[:k], sq[k:]
        if any(g.file_rank(s)[1] == g.ranks - 1 for s in ws) or \
                any(g.file_rank(s)[1] == 0 for s in bs):
            continue
        b = Board(variant, f"W:W{','.join(map(str, ws))}:B{','.join(map(str, bs))}")
        if not b.legal_moves or b.has_capture():
            continue
        out.append(b)
    return out


def cmd_play(args: argparse.Namespace) -> None:
    """Games from random 6-8-man endgames, each played with both colours: the engine with
    the tables against the same engine without, at a fixed node budget per move. A game
    ends by the rules (no move; the variant's draw rules) or as a draw after --max-plies."""
    from shashki.draws import check_board
    from shashki.engine import Engine, Limit
    from shashki.engine.egdb import Database

    db = Database.open(args.variant, args.dir, pieces=args.pieces)
    rng = random.Random(args.seed)
    a, b = Engine(args.variant, hash_mb=16), Engine(args.variant, hash_mb=16)
    a.set_egdb(db)
    tally = {"win": 0, "draw": 0, "loss": 0}
    pairs: dict[str, int] = {}
    t0 = time.perf_counter()
    for start in _endgame_starts(args.variant, args.starts, rng):
        pair = ""
        for a_white in (True, False):
            board = start.copy(stack=False)
            a.new_game()
            b.new_game()
            result = "draw"
            for _ in range(args.max_plies):
                if not board.legal_moves:  # the side to move has lost (Code 1.8.1)
                    a_to_move = (board.turn == 0) == a_white
                    result = "loss" if a_to_move else "win"
                    break
                if check_board(board) is not None:
                    break
                eng = a if (board.turn == 0) == a_white else b
                board.push(eng.play(board, Limit(nodes=args.nodes)))
            tally[result] += 1
            pair += result[0]
        pairs[pair] = pairs.get(pair, 0) + 1
        if args.verbose:
            print(start.fen(), pair)
    games = sum(tally.values())
    score = (tally["win"] + 0.5 * tally["draw"]) / games
    print(json.dumps({"variant": args.variant, "pieces": db.pieces, "games": games,
                      "nodes_per_move": args.nodes, "with_tables": tally,
                      "pairs": pairs,
                      "score": round(score, 3), "seconds": round(time.perf_counter() - t0)}))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--variant", default="russian")
    b.add_argument("--pieces", type=int, default=4)
    b.add_argument("--dir")
    b.set_defaults(func=cmd_build)
    s = sub.add_parser("search")
    s.add_argument("--variant", default="russian")
    s.add_argument("--pieces", type=int, default=4)
    s.add_argument("--dir")
    s.add_argument("--depth", type=int, default=6)
    s.add_argument("--random", type=int, default=100)
    s.add_argument("--seconds", type=float, default=2.0)
    s.set_defaults(func=cmd_search)
    c = sub.add_parser("check")
    c.add_argument("--variant", default="russian")
    c.add_argument("--pieces", type=int)
    c.add_argument("--dir")
    c.add_argument("--positions", type=int, default=4000)
    c.add_argument("--seed", type=int, default=1)
    c.set_defaults(func=cmd_check)
    g = sub.add_parser("play")
    g.add_argument("--variant", default="russian")
    g.add_argument("--pieces", type=int)
    g.add_argument("--dir")
    g.add_argument("--starts", type=int, default=20)
    g.add_argument("--nodes", type=int, default=5000)
    g.add_argument("--max-plies", type=int, default=150)
    g.add_argument("--seed", type=int, default=3)
    g.add_argument("--verbose", action="store_true")
    g.set_defaults(func=cmd_play)
    args = p.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
