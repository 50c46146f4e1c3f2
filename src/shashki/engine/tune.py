"""Texel tuning of the evaluation weights from self-play games.

The procedure, every step seeded and so reproducible:

1. **Games** (:func:`self_play`): the engine plays itself at a fixed node budget a move.
   Each game starts from an opening: the IDF's 150 basic positions on 8x8
   (``shashki.openings``, the same in Russian and Brazilian), a few seeded
   random plies from the initial position on 10x10 and in giveaway; then
   ``random_plies`` (seeded) random moves for variety. A game ends by the rules (no
   moves, the variant's draw rules of ``shashki.draws``) or as a draw after
   ``max_plies``.
2. **Positions** (:func:`samples`): every position of a game from the end of its
   random plies on where the side to move has no capture (captures are compulsory, the
   evaluation only ever sees quiet positions) and men are left, labelled by the game's
   result for White (1, 1/2, 0). Games are split into a training and a held-out set.
3. **Features** (:func:`feature_matrix`): the coefficients of every evaluation weight in
   every position (``evaluate.features``, from White's point of view), so that the
   evaluation is ``X @ w``.
4. **Fit** (:func:`fit`): first the scale ``k`` of the win probability
   ``p = 1 / (1 + exp(-k * eval))`` with the current weights, then the weights by
   minimising the mean squared error ``mean((p - result)²)`` (the Texel loss) with damped
   Gauss-Newton steps and a small ridge pull towards the current weights, in ``rounds``
   of (weights, ``k``). The man's value stays 100 (the unit of every score) and the row
   tables stay anchored at their first row (:data:`FIXED`). The kings-only rules, the
   percentages and the guard squares are not tuned.

Run ``python -m shashki.engine.tune --variant russian --games 2000 --out tuned.json``
(``--help`` for the options); it prints the losses before and after on both sets and
writes the tuned weights. Whether they play better is for a match to say
(``benchmarks/strength.py --a-weights tuned.json``); docs/engine.md records the runs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from shashki.board import Board
from shashki.engine.evaluate import (
    eval_arrays,
    feature_names,
    features,
    vector_weights,
    weight_vector,
    weights_for,
)
from shashki.rules import variant_by_name
from shashki.rules.bits import U64

FIXED = ("man", "row_open.1", "row_end.1")
"""Weights that are never tuned: the man is the unit of every score, and the row tables
are counted from the first row: every man stands on some row, so free row tables would
take over the man's value (and the scale of every score) from the material term."""


@dataclass
class GameRecord:
    """One self-play game: its positions ``(white, black, kings, turn)`` and result."""

    positions: list[tuple[int, int, int, int]]
    white_score: float
    first: int
    """Index of the first position after the opening and the random plies."""
    quiet: list[bool]
    """Whether the side to move has a move and no capture, position by position."""


def openings(variant: str, seed: int) -> list[str]:
    """Start positions (FEN): the IDF's 150 on 8x8, random short openings otherwise."""
    out: list[str] = []
    if variant in ("russian", "brazilian"):
        from shashki import openings as ballots

        for e in ballots.load("idf-150"):
            out.append(ballots.replay(e, variant).fen())
        return out
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(out) < 150:
        b = Board(variant)
        for _ in range(rng.choice((2, 3, 4))):
            b.push(rng.choice(b.legal_moves))
        if b.legal_moves and b.fen() not in seen:
            seen.add(b.fen())
            out.append(b.fen())
    return out


def self_play(variant: str, games: int, nodes: int, seed: int = 1, random_plies: int = 4,
              max_plies: int = 250, weights: dict[str, Any] | None = None,
              progress: Callable[[int, GameRecord], None] | None = None,
              version: str | None = None, patterns: Any = None,
              params: Sequence[tuple[str, int]] = (), network: Any = None) -> list[GameRecord]:
    """``games`` games of the engine (``version``, :data:`shashki.engine.engine.VERSIONS`;
    ``weights``, ``patterns`` and ``network`` its evaluation, else its own; ``params`` search
    parameters set on it by name) against itself at ``nodes`` nodes a move."""
    from shashki.color import WHITE
    from shashki.draws import check_board
    from shashki.engine import Engine, Limit

    starts = openings(variant, seed)
    engine = Engine(variant, hash_mb=16, weights=weights, seed=seed, version=version,
                    patterns=patterns, network=network)
    for name, value in params:
        engine.set_param(name, value)
    limit = Limit(nodes=nodes)
    out: list[GameRecord] = []
    for i in range(games):
        rng = random.Random(seed * 1_000_003 + i)
        board = Board(variant, starts[i % len(starts)])
        engine.new_game()
        positions: list[tuple[int, int, int, int]] = [board.position]
        quiet = [_quiet(board)]
        for _ in range(rng.randint(0, random_plies)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(rng.choice(moves))
            positions.append(board.position)
            quiet.append(_quiet(board))
        first = len(positions) - 1
        white_score = 0.5
        while len(positions) <= max_plies:
            outcome = board.outcome()
            if outcome is not None:
                white_score = 1.0 if outcome.winner is WHITE else 0.0
                break
            if check_board(board) is not None:
                break
            board.push(engine.play(board, limit))
            positions.append(board.position)
            quiet.append(_quiet(board))
        rec = GameRecord(positions, white_score, first, quiet)
        out.append(rec)
        if progress is not None:
            progress(i, rec)
    return out


def samples(variant: str, games: Sequence[GameRecord]) -> tuple[Any, Any, Any]:
    """``(positions, results, game index)`` of the quiet positions of ``games``.

    ``positions`` is an ``(n, 4)`` uint64 array of white, black, kings, turn.
    """
    pos: list[tuple[int, int, int, int]] = []
    res: list[float] = []
    idx: list[int] = []
    for gi, g in enumerate(games):
        for p, q in zip(g.positions[g.first:], g.quiet[g.first:], strict=True):
            if not q:
                continue
            pos.append(p)
            res.append(g.white_score)
            idx.append(gi)
    return (np.array(pos, dtype=np.uint64).reshape(-1, 4), np.array(res, dtype=np.float64),
            np.array(idx, dtype=np.int64))


def _quiet(board: Board) -> bool:
    return bool(board.legal_moves) and not board.has_capture()


def feature_matrix(variant: str, positions: Any,
                   weights: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """``(X, keep)``: White's feature rows of ``positions`` and which rows have men."""
    v = variant_by_name(variant)
    geo, _rules = v.kernel_arrays()
    ew, et, em, cone, _pw, _psh, _t3, _net = eval_arrays(v, weights)
    nf = len(feature_names(v.geometry.ranks))
    x = np.zeros((len(positions), nf))
    keep = np.zeros(len(positions), dtype=bool)
    row = np.zeros(nf)
    for i in range(len(positions)):
        w, b, k, t = (int(c) for c in positions[i])
        own, opp = (w, b) if t == 0 else (b, w)
        if features(U64(own), U64(opp), U64(k), t, geo, ew, et, em, cone, row):
            keep[i] = True
            x[i] = row if t == 0 else -row
    return x, keep


def _probs(x: Any, w: Any, k: float) -> Any:
    return 1.0 / (1.0 + np.exp(-k * (x @ w)))


def loss(x: Any, y: Any, w: Any, k: float) -> float:
    """The Texel loss: mean squared error of the predicted score."""
    return float(np.mean((_probs(x, w, k) - y) ** 2))


def fit_k(x: Any, y: Any, w: Any) -> float:
    """The scale ``k`` that minimises the loss of the current weights (golden section)."""
    lo, hi = np.log(1e-4), np.log(0.1)
    g = (np.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = loss(x, y, w, float(np.exp(a))), loss(x, y, w, float(np.exp(b)))
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = loss(x, y, w, float(np.exp(a)))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = loss(x, y, w, float(np.exp(b)))
    return float(np.exp((lo + hi) / 2))


def fit(x: Any, y: Any, w0: Any, free: Any, k: float, ridge: float = 1e-9,
        iterations: int = 50, log: Callable[[str], None] | None = None,
        anchor: Any = None) -> Any:
    """Weights from ``w0`` minimising the loss plus ``ridge * |w - anchor|²`` (``anchor``
    defaults to ``w0``) over the ``free`` ones.

    Levenberg-Marquardt: Gauss-Newton steps on the residuals ``p - y``, the damping
    raised when a step does not lower the objective.
    """
    w = w0.astype(np.float64).copy()
    if anchor is not None:
        w0 = anchor
    idx = np.flatnonzero(free)
    xf = x[:, idx]
    n = len(y)

    def objective(v: Any) -> float:
        return loss(x, y, v, k) + ridge * float(np.sum((v - w0) ** 2))

    cur = objective(w)
    lam = 1e-3
    for it in range(iterations):
        p = _probs(x, w, k)
        r = p - y
        jac = (p * (1 - p) * k)[:, None] * xf
        grad = jac.T @ r / n + ridge * (w[idx] - w0[idx])
        hess = jac.T @ jac / n + ridge * np.eye(len(idx))
        improved = False
        while lam < 1e6:
            step = np.linalg.solve(hess + lam * np.diag(np.diag(hess) + 1e-12), -grad)
            trial = w.copy()
            trial[idx] += step
            val = objective(trial)
            if val < cur:
                w, cur, lam = trial, val, max(lam / 3, 1e-7)
                improved = True
                break
            lam *= 4
        if log is not None:
            log(f"iteration {it + 1}: objective {cur:.6f}")
        if not improved or float(np.max(np.abs(step))) < 0.01:
            break
    return w


def free_mask(variant: str, weights: dict[str, Any], fixed: Sequence[str] = ()) -> Any:
    """Which features are tuned: not :data:`FIXED` nor ``fixed`` (weight names such as
    ``king`` or ``row_open``, or single entries such as ``runaway.2``), no unused row, no
    empty term."""
    ranks = variant_by_name(variant).geometry.ranks
    names = feature_names(ranks)
    run = list(weights["runaway"])
    mask = np.ones(len(names), dtype=bool)
    for i, name in enumerate(names):
        key, _, idx = name.partition(".")
        if key in FIXED or name in FIXED or key in fixed or name in fixed:
            mask[i] = False
        elif key in ("row_open", "row_end") and int(idx) in (0, ranks - 1):
            mask[i] = False  # the back rank and the promotion row are never scored
        elif key == "runaway":
            mask[i] = 0 < int(idx) < len(run)
        elif key == "guard":
            mask[i] = bool(weights["guard_squares"])
    return mask


def save_games(path: Path, games: Sequence[GameRecord]) -> None:
    """Games as JSON lines (positions as four integers each)."""
    with path.open("w", encoding="utf-8") as f:
        for g in games:
            f.write(json.dumps({"result": g.white_score, "first": g.first,
                                "positions": [list(p) for p in g.positions],
                                "quiet": [int(q) for q in g.quiet]}) + "\n")


def load_games(path: Path) -> list[GameRecord]:
    out = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            out.append(GameRecord([(a, b, c, t) for a, b, c, t in d["positions"]],
                                  float(d["result"]), int(d["first"]),
                                  [bool(q) for q in d["quiet"]]))
    return out


@dataclass
class TuneResult:
    weights: dict[str, Any]
    k: float
    """The scale fitted to the weights before tuning."""
    k_tuned: float
    """The scale fitted to the tuned weights (the loss after is measured with it)."""
    train: tuple[float, float]
    """Training loss before and after."""
    held_out: tuple[float, float]
    positions: int
    games: int


def tune(variant: str, games: Sequence[GameRecord], held_out: float = 0.1,
         ridge: float = 1e-9, iterations: int = 50, rounds: int = 3,
         base: dict[str, Any] | None = None, fixed: Sequence[str] = (),
         log: Callable[[str], None] | None = None) -> TuneResult:
    """Fit the weights of ``variant`` to ``games`` (every ``1/held_out``-th game held out)."""
    weights = base if base is not None else weights_for(variant)
    ranks = variant_by_name(variant).geometry.ranks
    pos, y, gi = samples(variant, games)
    x, keep = feature_matrix(variant, pos, weights)
    x, y, gi = x[keep], y[keep], gi[keep]
    every = max(2, round(1 / held_out)) if held_out > 0 else 0
    test = (gi % every == every - 1) if every else np.zeros(len(y), dtype=bool)
    w0 = weight_vector(weights, ranks)
    xt, yt = x[~test], y[~test]
    k0 = k = fit_k(xt, yt, w0)
    if log is not None:
        log(f"{len(y)} positions from {len(games)} games; k = {k:.5f}")
    w = w0
    free = free_mask(variant, weights, fixed)
    for r in range(rounds):
        w = fit(xt, yt, w, free, k, ridge, iterations, log, anchor=w0)
        k = fit_k(xt, yt, w)
        if log is not None:
            log(f"round {r + 1}: k = {k:.5f}, loss {loss(xt, yt, w, k):.6f}")
    tuned = vector_weights(w, weights, ranks)
    wr = weight_vector(tuned, ranks)
    train = (loss(xt, yt, w0, k0), loss(xt, yt, wr, k))
    hold = (loss(x[test], y[test], w0, k0), loss(x[test], y[test], wr, k)) if test.any() \
        else (float("nan"), float("nan"))
    return TuneResult(tuned, k0, k, train, hold, len(y), len(games))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m shashki.engine.tune",
                                 description="Texel tuning of the evaluation weights "
                                             "from self-play games.")
    ap.add_argument("--variant", default="russian")
    ap.add_argument("--games", type=int, default=2000, help="self-play games to play")
    ap.add_argument("--nodes", type=int, default=5000, help="nodes a move in self-play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", type=int, default=4,
                    help="up to this many random moves after each opening")
    ap.add_argument("--max-plies", type=int, default=250)
    ap.add_argument("--games-file", type=Path,
                    help="JSON-lines file of the games: read if it exists, else written")
    ap.add_argument("--ridge", type=float, default=1e-9)
    ap.add_argument("--iterations", type=int, default=50,
                    help="Gauss-Newton steps a round at most")
    ap.add_argument("--rounds", type=int, default=3,
                    help="rounds of (fit the weights, refit the scale k)")
    ap.add_argument("--fix", action="append", default=[], metavar="NAME",
                    help="keep this weight (e.g. row_open, or runaway.2) as it is; repeatable")
    ap.add_argument("--out", type=Path, help="write the tuned weights (JSON) here")
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    t0 = time.perf_counter()
    if args.games_file is not None and args.games_file.exists():
        games = load_games(args.games_file)
        log(f"{len(games)} games read from {args.games_file}")
    else:
        def progress(i: int, g: GameRecord) -> None:
            if (i + 1) % 50 == 0:
                log(f"game {i + 1}/{args.games} ({time.perf_counter() - t0:.0f} s)")

        games = self_play(args.variant, args.games, args.nodes, args.seed, args.random_plies,
                          args.max_plies, progress=progress)
        if args.games_file is not None:
            save_games(args.games_file, games)
    scores = [g.white_score for g in games]
    log(f"games: White +{scores.count(1.0)} ={scores.count(0.5)} -{scores.count(0.0)}, "
        f"{time.perf_counter() - t0:.0f} s")
    res = tune(args.variant, games, ridge=args.ridge, iterations=args.iterations,
               rounds=args.rounds, fixed=args.fix, log=log)
    print(json.dumps({"variant": args.variant, "games": res.games,
                      "positions": res.positions, "k": res.k, "k_tuned": res.k_tuned,
                      "train_loss": res.train, "held_out_loss": res.held_out},
                     indent=None))
    print(json.dumps(res.weights, indent=1))
    if args.out is not None:
        args.out.write_text(json.dumps({args.variant: res.weights}, indent=2) + "\n",
                            encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
