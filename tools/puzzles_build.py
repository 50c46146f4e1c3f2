"""Build the starter puzzle set (``src/shashki/engine/learned/starter-puzzles.json``).

For each variant: every position of the public game records in ``--pdn`` (default
``/work/shared/data/real-pdn``), then of the engine's own games where the records are too
few, is screened at :data:`SCREEN_DEPTH`; a position after a move that lost at least
:data:`MISTAKE` hundredths of a man (the analysis' mark ``?``, as the platform's miner
takes) is judged by :func:`shashki.engine.puzzles.judge` at its depth (8), and kept only
when the same judge, deeper (:data:`PLANS`' ``verify``, a fresh transposition table),
names the same move. Every limit is a depth or a node count, every random choice seeded:
the result does not depend on the machine's load. Run it at low priority::

    nice -n 10 python tools/puzzles_build.py --variant international
    nice -n 10 python tools/puzzles_build.py --variant russian
    nice -n 10 python tools/puzzles_build.py --variant brazilian
    python tools/puzzles_build.py --assemble

Each variant's puzzles go to ``--work`` (``build/puzzles/<variant>.json``); ``--assemble``
writes the set with its recipe and the SHA-256 of its entries.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

import shashki
from shashki.board import Board
from shashki.engine import Engine, Limit
from shashki.engine.match import openings
from shashki.engine.puzzles import (
    DEPTH,
    FILE,
    LINE_PLIES,
    MARGIN,
    MATERIAL,
    Found,
    entries_hash,
    judge,
)
from shashki.errors import ShashkiError
from shashki.pdn import iter_games

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "shashki" / "engine" / "learned" / FILE
WORK = ROOT / "build" / "puzzles"
PDN = Path("/work/shared/data/real-pdn")

SCREEN_DEPTH = 6
"""Every position of a game is searched to this depth to find the mistakes."""
MISTAKE = 90
"""A move that loses this much against the screen's best is a mistake (the mark ``?``)."""
PER_GAME = 3
"""At most this many puzzles from one game."""
MAX_PLIES = 160
"""A self-play game stops after this many plies."""
HASH_MB = 16


@dataclass(frozen=True)
class Plan:
    """What one variant's build does: the puzzles wanted (self-play stops there), the
    verifying depth, self-play's level and node cap a move, and how many games at most."""

    target: int
    verify: int
    level: str = "amateur"
    nodes: int = 50_000
    games: int = 3000


PLANS = {
    "russian": Plan(target=330, verify=18),
    "international": Plan(target=330, verify=14),
    "brazilian": Plan(target=120, verify=18),
}


@dataclass
class Record:
    """A game to mine: where it came from, its start and its moves (text)."""

    source: dict[str, Any]
    fen: str | None
    moves: list[str]


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def archive_records(variant: str, root: Path) -> tuple[list[Record], list[dict[str, Any]]]:
    """The games of ``variant`` in the record files under ``root`` (``unsupported/``
    skipped), file by file in name order, and the files used with their hashes."""
    records: list[Record] = []
    files: list[dict[str, Any]] = []
    for path in sorted(p for p in root.glob("*/*.pdn") if p.parent.name != "unsupported"):
        rel = path.relative_to(root).as_posix()
        digest = sha256_file(path)
        used = 0
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                games = list(iter_games(path))
            except ShashkiError:
                continue
            for index, game in enumerate(games, 1):
                try:
                    board = game.board()
                    if board.variant.name != variant:
                        continue
                    fen = board.fen()
                    moves = []
                    for m in game.mainline_moves():
                        moves.append(board.move_text(m))
                        board.push(m)
                except ShashkiError:
                    continue
                if moves:
                    used += 1
                    records.append(Record({"file": rel, "sha256": digest, "game": index},
                                          fen, moves))
        if used:
            files.append({"file": rel, "sha256": digest, "games": used})
    return records, files


def selfplay_record(variant: str, plan: Plan, index: int) -> Record:
    """Self-play game ``index``: a seeded random or ballot opening, then two engines at
    ``plan.level`` (their noise seeded by the game's number) within ``plan.nodes``."""
    opening = openings(variant, 1, seed=index)[0]
    board = Board(variant, opening.fen)
    players = [Engine(variant, hash_mb=8, level=plan.level, seed=2 * index + side)
               for side in (0, 1)]
    moves: list[str] = []
    while len(moves) < MAX_PLIES and board.legal_moves:
        move = players[len(moves) % 2].play(board, Limit(nodes=plan.nodes))
        moves.append(board.move_text(move))
        board.push(move)
    return Record({"selfplay": f"{plan.level}, {plan.nodes} nodes", "game": index,
                   "opening": opening.name()}, opening.fen, moves)


def _value(score: Any) -> int:
    return max(-10000, min(10000, int(score.value)))


def candidates(screen: Engine, rec: Record, variant: str) -> Iterator[tuple[int, Board]]:
    """(ply, position) after each mistake of the game, by the screen's search."""
    board = Board(variant, rec.fen)
    before = _value(screen.analyse(board, depth=SCREEN_DEPTH).score) if board.legal_moves else 0
    for ply, text in enumerate(rec.moves, 1):
        board.push_text(text)
        if not board.legal_moves:
            return
        after = _value(screen.analyse(board, depth=SCREEN_DEPTH).score)
        if before + after >= MISTAKE and len(board.legal_moves) > 1:
            yield ply, board.copy(stack=False)
        before = after


def difficulty(engine: Engine, board: Board, solution: str, depth: int) -> int:
    """The shallowest depth from which the engine's best move (one search, iterating to
    ``depth``) stays the solution; ``depth + 1`` when it is not the move even there (a
    win the two-line search of :func:`judge` finds and a single search misses)."""
    best: list[str] = []
    engine.new_game()
    engine.analyse(board, depth=depth,
                   callback=lambda a: best.append(board.move_text(a.pv[0]) if a.pv else ""))
    d = len(best)
    while d > 0 and best[d - 1] == solution:
        d -= 1
    return d + 1


def forced_plies(engine: Engine, board: Board, found: Found) -> int:
    """How many plies from the solution on the solver's moves stay the only winning ones
    (judged at :data:`DEPTH`): 1 when only the first move is forced."""
    b = board.copy(stack=False)
    line = [found.solution, *found.line]
    forced = 1
    for i, text in enumerate(line):
        if i and i % 2 == 0:  # the solver's move again
            if len(b.legal_moves) > 1:
                again = judge(engine, b)
                if again is None or again.solution != text:
                    break
            forced = i + 1
        b.push_text(text)
        if not b.legal_moves:
            break
    return forced


def mine(variant: str, plan: Plan, root: Path, console: Console) -> dict[str, Any]:
    """One variant's puzzles, with the sources used and the counts of each stage."""
    records, files = archive_records(variant, root)
    screen = Engine(variant, hash_mb=HASH_MB, seed=1)
    shallow = Engine(variant, hash_mb=HASH_MB, seed=2)
    deep = Engine(variant, hash_mb=HASH_MB * 2, seed=3)
    found: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats = {"archive_games": len(records), "selfplay_games": 0, "positions_judged": 0,
             "found_at_8": 0, "confirmed": 0}
    t0 = time.time()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[found]} puzzles"), TimeElapsedColumn())
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(f"{variant} records", total=len(records), found=0)

        def run(rec: Record) -> None:
            kept = 0
            for ply, board in candidates(screen, rec, variant):
                fen = board.fen()
                if fen in seen or kept >= PER_GAME:
                    continue
                stats["positions_judged"] += 1
                first = judge(shallow, board)
                if first is None:
                    continue
                stats["found_at_8"] += 1
                deep.new_game()
                sure = judge(deep, board, plan.verify)
                if sure is None or sure.solution != first.solution or (
                        sure.kind != first.kind and sure.kind != "win"):
                    continue
                stats["confirmed"] += 1
                seen.add(fen)
                kept += 1
                found.append({
                    "variant": variant, "fen": fen, "solution": sure.solution,
                    "line": sure.line, "forced": forced_plies(shallow, board, sure),
                    "kind": sure.kind, "gain": sure.gain,
                    "difficulty": difficulty(deep, board, sure.solution, plan.verify),
                    "source": {**rec.source, "ply": ply}})

        for i, rec in enumerate(records, 1):
            run(rec)
            bar.update(task, advance=1, found=len(found))
            if i % 25 == 0 and not console.is_terminal:
                console.log(f"{variant}: {i}/{len(records)} records, {len(found)} puzzles, "
                            f"{time.time() - t0:.0f} s")
        from_records = len(found)
        if len(found) < plan.target:
            task2 = bar.add_task(f"{variant} self-play", total=plan.target, found=len(found),
                                 completed=len(found))
            index = 0
            while len(found) < plan.target and index < plan.games:
                index += 1
                run(selfplay_record(variant, plan, index))
                stats["selfplay_games"] = index
                bar.update(task2, completed=min(len(found), plan.target), found=len(found))
                if index % 10 == 0 and not console.is_terminal:
                    console.log(f"{variant}: {index} games, {len(found)} puzzles, "
                                f"{time.time() - t0:.0f} s")
    stats["from_records"] = from_records
    stats["seconds"] = round(time.time() - t0)
    return {"variant": variant, "plan": asdict(plan), "files": files, "stats": stats,
            "puzzles": found}


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def assemble(work: Path, out: Path) -> dict[str, int]:
    """Write the set from the variants' work files: the recipe, the entries' hash."""
    parts = [json.loads(p.read_text("utf-8")) for p in sorted(work.glob("*.json"))]
    entries: list[dict[str, Any]] = []
    variants: dict[str, Any] = {}
    for part in parts:
        variants[part["variant"]] = {"plan": part["plan"], "stats": part["stats"],
                                     "count": len(part["puzzles"]), "sources": part["files"]}
        for p in part["puzzles"]:
            entries.append({"id": len(entries) + 1, **p})
    recipe = {
        "tool": "tools/puzzles_build.py",
        "shashki": shashki.__version__, "commit": parts[0]["commit"] if parts else commit(),
        "criterion": {"material": MATERIAL, "margin": MARGIN, "depth": DEPTH,
                      "mistake": MISTAKE, "screen_depth": SCREEN_DEPTH,
                      "per_game": PER_GAME, "line_plies": LINE_PLIES,
                      "selfplay_max_plies": MAX_PLIES},
        "variants": variants,
    }
    data = {"recipe": recipe, "sha256": entries_hash(entries), "puzzles": entries}
    body = ",\n".join(json.dumps(e, ensure_ascii=False, sort_keys=True) for e in entries)
    head = json.dumps({"recipe": recipe, "sha256": data["sha256"]}, ensure_ascii=False,
                      indent=1, sort_keys=True)
    out.write_text(head[:-2] + ',\n "puzzles": [\n' + body + "\n]}\n", encoding="utf-8")
    json.loads(out.read_text("utf-8"))  # the hand-joined text is JSON
    return {k: v["count"] for k, v in variants.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=sorted(PLANS))
    parser.add_argument("--assemble", action="store_true", help="write the set")
    parser.add_argument("--pdn", type=Path, default=PDN)
    parser.add_argument("--work", type=Path, default=WORK)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    console = Console(stderr=True)
    if args.variant:
        args.work.mkdir(parents=True, exist_ok=True)
        part = mine(args.variant, PLANS[args.variant], args.pdn, console)
        part["commit"] = commit()
        (args.work / f"{args.variant}.json").write_text(json.dumps(part, indent=1),
                                                        encoding="utf-8")
        console.print(f"{args.variant}: {len(part['puzzles'])} puzzles, {part['stats']}")
    if args.assemble:
        counts = assemble(args.work, args.out)
        console.print(f"{args.out}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
