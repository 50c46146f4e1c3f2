"""PDN reading speed: shashki against pydraughts 0.6.7 and py-draughts 1.10.1.

Real files first: every file of ``../shared/data/real-pdn/`` (international and russian
folders, 734 games as the field writes them: literal ``\\r``, comments, clocks, NAGs,
variations, padded squares...) read by shashki (``iter_games`` per file, every move
validated) and, in the same run, each of those games read by py-draughts' own reader
(``Board.from_pdn`` on the game's text, with the board class of the game's variant; the
texts are split beforehand and the split is not timed, py-draughts has no file reader).
Games py-draughts cannot read are counted apart.

Then generated (seeded) files of long random-but-legal games with tags, one Russian
(algebraic, lidraughts' ``x`` captures, which all three readers accept) and one
International (numeric), then reads and validates every game with each reader in the same
run and prints games/s, moves/s and the ratio shashki/peer.

* shashki: ``shashki.pdn.iter_games`` over the file (every move validated).
* pydraughts: ``draughts.PDN.PDNReader`` splits the games; it does not check moves, so
  each game is then replayed with ``Board.push(Move(board, pdn_move=...))``.
* py-draughts: ``Board.from_pdn(game_text)`` per game (it validates as it replays).

Both peers install into the one import name ``draughts`` and overwrite each other's
``draughts/__init__.py`` in one site-packages (tests/rules/peers.py works around that
for their move generators, but pydraughts' PDN module needs its own ``__init__``), so
each is installed into its own directory under /tmp (``pip install --no-deps --target``)
and imported from there in turn. The peers are slow, so they are timed on the first
``--peer-games`` games (pydraughts on a fifth of those) and their rates are per game and
per move of that subset (the table says so).

Times are CPU seconds of this process (``time.process_time``), the best of ``--repeat``
runs, so that other work on the machine does not skew the ratios.

Usage: ``python benchmarks/pdn.py [--games 10000] [--peer-games 300] [--seed 1]
[--real DIR | --no-real] [--no-synthetic]``
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from shashki import Board
from shashki.pdn import iter_games

PEER_DIR = Path("/tmp/shashki-bench-peers")
PEERS = {"pydraughts": "pydraughts==0.6.7", "py-draughts": "py-draughts==1.10.1"}


# --- the files --------------------------------------------------------------------------


def random_game(variant: str, rng: random.Random, lo: int = 60, hi: int = 150
                ) -> tuple[list[str], str]:
    """Move texts of a random legal game of ``lo`` to ``hi`` plies (random play often ends
    sooner: such games are drawn again, up to 50 times) and its result."""
    target = rng.randint(lo, hi)
    best: tuple[list[str], Board] | None = None
    for _ in range(50):
        board = Board(variant)
        style = "numeric" if variant == "international" else "algebraic"
        moves: list[str] = []
        while len(moves) < target:
            legal = board.legal_moves
            if not legal:
                break
            move = rng.choice(legal)
            text = board.move_text(move, style)
            moves.append(text.replace(":", "x"))
            board.push(move)
        if best is None or len(moves) > len(best[0]):
            best = (moves, board)
        if len(moves) >= lo:
            break
    assert best is not None
    moves, board = best
    outcome = board.outcome()
    result = outcome.result() if outcome else "*"
    if variant == "international":
        result = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}.get(result, result)
    return moves, result


def game_text(i: int, variant: str, moves: list[str], result: str) -> str:
    gametype = {"russian": "25", "international": "20"}[variant]
    tags = [("Event", f"Benchmark {variant}"), ("Site", "Moscow RUS"),
            ("Date", f"2024.{1 + i % 12:02d}.{1 + i % 28:02d}"), ("Round", str(1 + i % 11)),
            ("White", f"Player {i % 97}, A."), ("Black", f"Player {i % 89}, B."),
            ("Result", result), ("GameType", gametype),
            ("WhiteRating", str(1800 + i % 500)), ("BlackRating", str(1900 + i % 400)),
            ("TimeControl", "5400+30")]
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    body: list[str] = []
    line = ""
    for p, m in enumerate(moves):
        tok = f"{p // 2 + 1}. {m}" if p % 2 == 0 else m
        if len(line) + len(tok) + 1 > 79:
            body.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    tail = f"{line} {result}" if line else result
    body.append(tail)
    return head + "\n\n" + "\n".join(body) + "\n"


def generate(path: Path, variant: str, games: int, seed: int) -> None:
    rng = random.Random(f"{seed}-{variant}")
    with path.open("w", encoding="utf-8") as f:
        for i in range(games):
            moves, result = random_game(variant, rng)
            f.write(game_text(i, variant, moves, result))
            f.write("\n")


def ensure_file(variant: str, games: int, seed: int) -> Path:
    path = Path(f"/tmp/shashki-bench-{variant}-{games}-{seed}-60.pdn")
    if not path.exists():
        t = time.perf_counter()
        tmp = path.with_suffix(".part")
        generate(tmp, variant, games, seed)
        tmp.rename(path)
        print(f"generated {path} in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    return path


def split_games(path: Path) -> Iterator[str]:
    """The file's games as texts (each ends at its result line), for per-game peers."""
    cur: list[str] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("[") and cur and not cur[-1].startswith("["):
                yield "".join(cur)
                cur = []
            if line.strip() or cur:
                cur.append(line)
    if cur:
        yield "".join(cur)


# --- readers ----------------------------------------------------------------------------


def clock() -> float:
    return time.process_time()


def best(runs: int, fn: Callable[..., tuple[int, int, float]], *args: Any
         ) -> tuple[int, int, float]:
    """The fastest of ``runs`` runs of ``fn(*args)``."""
    results = [fn(*args) for _ in range(runs)]
    return min(results, key=lambda r: r[2])


def time_shashki(path: Path, variant: str) -> tuple[int, int, float]:
    t = clock()
    games = plies = 0
    for game in iter_games(path, variant):
        if game.errors:
            raise SystemExit(f"shashki: broken game {game.index}: {game.errors[0]}")
        games += 1
        plies += game.ply_count()
    return games, plies, clock() - t


def install_peer(name: str) -> Path:
    target = PEER_DIR / name
    if not (target / "draughts").is_dir():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                        "--target", str(target), PEERS[name]], check=True)
    return target


def load_peer(name: str) -> Any:
    """Import the ``draughts`` package of one peer from its own directory."""
    for mod in [m for m in sys.modules if m == "draughts" or m.startswith("draughts.")]:
        del sys.modules[mod]
    target = str(install_peer(name))
    sys.path.insert(0, target)
    try:
        draughts = importlib.import_module("draughts")
        if name == "pydraughts":
            importlib.import_module("draughts.PDN")
        else:
            importlib.import_module("draughts.boards.russian")
            importlib.import_module("draughts.boards.standard")
    finally:
        sys.path.remove(target)
    return draughts


def time_pydraughts(texts: list[str], variant: str) -> tuple[int, int, float]:
    draughts = load_peer("pydraughts")
    reader_cls = sys.modules["draughts.PDN"].PDNReader
    board_cls, move_cls = draughts.Board, draughts.Move
    name = {"russian": "russian", "international": "standard"}[variant]
    t = clock()
    reader = reader_cls(pdn_text="\n".join(texts))
    plies = 0
    for g in reader.games:
        board = board_cls(name)
        for mv in g.moves:
            board.push(move_cls(board, pdn_move=mv))
        plies += len(g.moves)
    return len(reader.games), plies, clock() - t


def time_py_draughts(texts: list[str], variant: str) -> tuple[int, int, float]:
    load_peer("py-draughts")
    module = {"russian": "draughts.boards.russian",
              "international": "draughts.boards.standard"}[variant]
    board_cls = sys.modules[module].Board
    t = clock()
    plies = 0
    for text in texts:
        board = board_cls.from_pdn(text)
        plies += len(board._moves_stack)
    return len(texts), plies, clock() - t


# --- real files -------------------------------------------------------------------------


def real_dir() -> Path | None:
    """``../shared/data/real-pdn`` beside the repository (or beside a folder above it)."""
    for up in Path(__file__).resolve().parents[1].parents:
        if (up / "shared" / "data" / "real-pdn").is_dir():
            return up / "shared" / "data" / "real-pdn"
    return None


def real_files(root: Path) -> list[Path]:
    return sorted(p for folder in ("international", "russian")
                  for p in (root / folder).glob("*.pdn"))


def time_shashki_real(files: list[Path]) -> tuple[int, int, float]:
    t = clock()
    games = plies = 0
    for path in files:
        for game in iter_games(path):
            games += 1
            plies += game.ply_count()
    return games, plies, clock() - t


_FEN_TAG = re.compile(r'\[\s*FEN\s*"[^"]*"\s*\]', re.IGNORECASE)


def py_draughts_items(files: list[Path]) -> list[tuple[Any, str]]:
    """``(board class, game text)`` of every game shashki reads: py-draughts reads no
    trailing dot in a FEN, so the FEN tag is given as shashki read it."""
    load_peer("py-draughts")
    classes = {"russian": sys.modules["draughts.boards.russian"].Board,
               "international": sys.modules["draughts.boards.standard"].Board}
    items = []
    for path in files:
        for game in iter_games(path):
            cls = classes.get(game.variant.name)
            if game.errors or cls is None or game.raw is None:
                continue
            text = game.raw
            if _FEN_TAG.search(text):
                text = f'[FEN "{game.board().fen()}"]\n' + _FEN_TAG.sub("", text)
            items.append((cls, text))
    return items


def time_py_draughts_real(items: list[tuple[Any, str]]) -> tuple[int, int, float]:
    t = clock()
    games = plies = 0
    for cls, text in items:
        try:
            board = cls.from_pdn(text)
        except ValueError:
            continue  # a partial capture path ('15x33x31'): py-draughts wants the full one
        games += 1
        plies += len(board._moves_stack)
    return games, plies, clock() - t


def real_table(root: Path, args: argparse.Namespace, console: Console) -> None:
    files = real_files(root)
    size = sum(p.stat().st_size for p in files) / 1e6
    time_shashki_real(files)  # warm up
    g, p, s = best(args.repeat, time_shashki_real, files)
    table = Table(title=f"Real PDN files: {len(files)} files, {size:.2f} MB "
                        f"({root}); CPU seconds, best of {args.repeat}")
    for col in ("reader", "games", "moves", "seconds", "games/s", "moves/s", "shashki / peer"):
        table.add_column(col, justify="left" if col == "reader" else "right")
    table.add_row("shashki", str(g), str(p), f"{s:.3f}", f"{g / s:,.0f}", f"{p / s:,.0f}", "")
    if not args.no_peers:
        items = py_draughts_items(files)
        pg, pp, ps = best(args.repeat, time_py_draughts_real, items)
        name = f"py-draughts 1.10.1 ({pg} of {len(items)} games read)"
        table.add_row(name, str(pg), str(pp), f"{ps:.3f}", f"{pg / ps:,.0f}",
                      f"{pp / ps:,.0f}", f"{(g / s) / (pg / ps):.1f}x")
    console.print(table)


# --- main -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--peer-games", type=int, default=300,
                    help="games the (slow) peers read; rates are per game of that subset")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default="russian,international")
    ap.add_argument("--repeat", type=int, default=3, help="runs per reader; the best counts")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--real", type=Path, default=None,
                    help="folder of the real files (default: ../shared/data/real-pdn)")
    ap.add_argument("--no-real", action="store_true", help="skip the real files")
    ap.add_argument("--no-synthetic", action="store_true", help="skip the generated files")
    args = ap.parse_args(argv)
    console = Console(width=150)
    if not args.no_real:
        root = args.real or real_dir()
        if root is None:
            console.print("no real PDN files (../shared/data/real-pdn): skipped")
        else:
            real_table(root, args, console)
    if args.no_synthetic:
        return 0
    table = Table(title=f"PDN read + validate ({args.games} games per file, seed {args.seed}; "
                        f"CPU seconds, best of {args.repeat})")
    for col in ("file", "reader", "games", "moves", "seconds", "games/s", "moves/s",
                "shashki / peer"):
        table.add_column(col, justify="right" if col not in ("file", "reader") else "left")
    worst = float("inf")
    for variant in args.variants.split(","):
        path = ensure_file(variant, args.games, args.seed)
        size = path.stat().st_size / 1e6
        time_shashki(path, variant)  # warm up: numba, kernels, caches
        g, p, s = best(args.repeat, time_shashki, path, variant)
        ours = p / s
        rows: list[tuple[str, int, int, float]] = [("shashki", g, p, s)]
        if not args.no_peers:
            texts = [t for _, t in zip(range(args.peer_games), split_games(path), strict=False)]
            runs: list[tuple[str, Callable[[list[str], str], tuple[int, int, float]]]] = [
                ("pydraughts 0.6.7", time_pydraughts), ("py-draughts 1.10.1", time_py_draughts)]
            for name, fn in runs:
                sub = texts if "pydraughts" not in name else texts[: max(1, len(texts) // 5)]
                pg, pp, ps = best(args.repeat if "pydraughts" not in name else 1,
                                  fn, sub, variant)
                rows.append((f"{name} (first {pg} games)", pg, pp, ps))
        for name, g_, p_, s_ in rows:
            ratio = "" if name == "shashki" else f"{ours / (p_ / s_):.1f}x"
            if name != "shashki":
                worst = min(worst, ours / (p_ / s_))
            table.add_row(f"{variant} ({size:.1f} MB)", name, str(g_), str(p_), f"{s_:.3f}",
                          f"{g_ / s_:,.0f}", f"{p_ / s_:,.0f}", ratio)
    console.print(table)
    if worst != float("inf"):
        console.print(f"slowest ratio shashki/peer (moves/s): {worst:.1f}x (target: 20x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
