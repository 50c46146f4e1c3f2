"""The opening explorer on a large archive: one indexed look-up against a full scan.

An archive of ``--games`` games (default 100,000) is built in a fresh SQLite database
(the platform's own schema, ``alembic upgrade head``): the real games of
``../shared/data/real-pdn`` (Russian and International), repeated with their tags
numbered so that each copy is its own game, every position indexed as an import indexes
it (:func:`shashki.server.archive.explorer.positions`). Then :func:`explore` answers for
positions from the most common (the start: every game of the variant passes through it)
to rare ones, each best of ``--repeat``; the peer in the same run is the same query with
SQLite told not to use the index (``NOT INDEXED``), i.e. what it costs without it.

    python benchmarks/explorer.py                  # 100,000 games
    python benchmarks/explorer.py --games 5000     # a quick look

Prints one table; nothing asserts on time.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert, text

from shashki import Board
from shashki.pdn import PdnReader
from shashki.server.archive.explorer import explore, position_key, positions
from shashki.server.archive.models import ArchiveGame, ArchivePosition
from shashki.server.core.db import Database

REPO = Path(__file__).resolve().parents[1]


def shared() -> Path:
    for base in REPO.parents:
        d = base / "shared" / "data" / "real-pdn"
        if d.is_dir():
            return d
    sys.exit("no ../shared/data/real-pdn beside the repository")


def real_games() -> list[tuple[str, str, str | None, list[tuple[int, int, str]]]]:
    """(variant, result, initial FEN, positions) of each good real game."""
    out = []
    for variant in ("russian", "international"):
        for path in sorted((shared() / variant).glob("*.pdn")):
            with path.open("rb") as f:
                for g in PdnReader(f, variant):
                    if g.errors:
                        continue
                    moves = g.mainline_moves()
                    if not moves:
                        continue
                    ps = positions(g.board(), moves)
                    out.append((g.variant.name, g.result, g.starting_fen(),
                                [(p.ply, p.key, p.move) for p in ps]))
    return out


def build(db: Database, games: int, source: list[tuple[str, str, str | None,
                                                       list[tuple[int, int, str]]]]) -> int:
    rows = 0
    now = time.time()
    batch = 2000
    for start in range(0, games, batch):
        n = min(batch, games - start)
        with db.session() as s:
            heads = []
            for i in range(start, start + n):
                variant, result, fen, _ = source[i % len(source)]
                heads.append({"variant": variant, "result": result[:8], "initial_fen": fen,
                              "final_fen": "", "digest": hashlib.sha256(
                                  str(i).encode()).hexdigest(), "created_at": now,
                              "event": f"copy {i // len(source)}"})
            s.execute(insert(ArchiveGame), heads)
            ids = [r[0] for r in s.execute(text(
                "SELECT id FROM archive_games ORDER BY id DESC LIMIT :n"), {"n": n})][::-1]
            values = []
            for gid, i in zip(ids, range(start, start + n), strict=True):
                _, result, _, ps = source[i % len(source)]
                values += [{"game_id": gid, "ply": ply, "key": key, "move": mv,
                            "result": result[:8]} for ply, key, mv in ps]
            s.execute(insert(ArchivePosition), values)
            rows += len(values)
        print(f"  {start + n} games, {rows} positions", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    return rows


SCAN = text("SELECT move, count(*) FROM archive_positions NOT INDEXED "
            "WHERE key = :k GROUP BY move")


def timed(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    source = real_games()
    print(f"{len(source)} real games read from {shared()}", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{tmp}/explorer.db", create=True)
        db.upgrade()
        t0 = time.perf_counter()
        rows = build(db, args.games, source)
        built = time.perf_counter() - t0
        with db.engine.connect() as c:
            c.exec_driver_sql("ANALYZE")
        # positions: the start of each variant, one and two moves in, one deep in a game
        probes: list[tuple[str, str, str]] = []
        for variant in ("russian", "international"):
            b = Board(variant)
            probes.append((f"{variant}: the start", variant, b.fen()))
            sample = next(g for g in source if g[0] == variant and g[2] is None)
            for ply, _, mv in sample[3][:2]:
                b.push_text(mv)
                probes.append((f"{variant}: after ply {ply + 1}", variant, b.fen()))
        deep = next(g for g in source if g[0] == "international" and g[2] is None)
        b = Board("international")
        for _, _, mv in deep[3][:30]:
            b.push_text(mv)
        probes.append(("international: ply 30 of a game", "international", b.fen()))
        print(f"\nArchive: {args.games:,} games, {rows:,} positions indexed "
              f"(built in {built:.1f} s)\n")
        print(f"{'position':<34} {'games':>8} {'moves':>6} {'indexed ms':>11} "
              f"{'full scan ms':>13} {'x':>7}")
        for label, variant, fen in probes:
            with db.session() as s:
                data = explore(s, variant, fen)
                fast = timed(lambda s=s, v=variant, f=fen: explore(s, v, f), args.repeat)
                key = position_key(variant, Board(variant, fen).fen())
                slow = timed(lambda s=s, k=key: s.execute(SCAN, {"k": k}).all(),
                             max(1, args.repeat // 5))
            print(f"{label:<34} {data['games']:>8,} {len(data['moves']):>6} "
                  f"{fast * 1000:>11.2f} {slow * 1000:>13.1f} {slow / fast:>7.0f}")
        db.dispose()


if __name__ == "__main__":
    main()
