"""How much of a round's labels a small network takes, against the pattern model.

Research, not part of the engine: it answers whether a network evaluation (issue 17: "a
small network") would see more than the 4x4 pattern windows before one is built into the
search. It takes a round's training data as ``python -m shashki.engine.learn`` does
(``--run``, ``--score``; the games and scores come from ``--cache``, or are played and
searched again), scores every position by a model (``--base``), and fits on the same
training games, measured on the same held-out games (every 10th), two networks of the
pieces alone (for each of the board's squares a White man, Black man, White king, Black
king; the side to move), ``H`` and ``H`` units with clipped ReLUs, by Adam on
minibatches:

- *residual*: the model's score plus the network (what the network adds to the model);
- *alone*: the network without the model.

It prints the held-out cross-entropy of each against the labels' own entropy (the floor)
and the model's. numpy only; one fit of 16 epochs with ``--hidden 128`` on Russian round
5's 161,068 positions takes about a minute of both cores (the games and scores read from the cache).

    M=src/shashki/engine/learned/rounds/russian-4.npz
    python tools/network_fit.py --variant russian --base $M \\
        --run seed=31,games=8000,nodes=2000,model=$M,params=tt_move:1 \\
        --run seed=32,games=8000,nodes=2000,model=$M,params=tt_move:1 \\
        --score nodes=50000,every=6,model=$M,params=qs_threat:1+lmr_style:1+tt_pv:1+tt_move:1 \\
        --cache /tmp/learn/cache
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np


def model_scores(variant: str, model_path: Path, pos: Any) -> Any:
    """The model's static score of each position, for White, in hundredths of a man."""
    from shashki.engine.evaluate import eval_arrays, evaluate
    from shashki.engine.model import load_model
    from shashki.rules import variant_by_name

    v = variant_by_name(variant)
    geo, _rules = v.kernel_arrays()
    model = load_model(model_path)
    arrays = eval_arrays(v, model.weights, patterns=model.patterns)
    out = np.zeros(len(pos))
    for i, (w, b, k, t) in enumerate(pos):
        own, opp = (w, b) if t == 0 else (b, w)
        s = int(evaluate(np.uint64(own), np.uint64(opp), np.uint64(k), int(t), geo, *arrays,
                         np.uint64(0)))
        out[i] = s if t == 0 else -s
    return out


def piece_inputs(variant: str, pos: Any) -> Any:
    """float32 ``(n, 4 * squares + 1)``: the pieces on every playable square (White
    men, Black men, White kings, Black kings; squares in the order of their numbers) and
    White to move."""
    from shashki.rules import variant_by_name

    geo = variant_by_name(variant).geometry
    bits = [geo.bit(sq) for sq in range(1, geo.squares + 1)]
    n = len(bits)
    x = np.zeros((len(pos), 4 * n + 1), dtype=np.float32)
    for j, bit in enumerate(bits):
        m = np.uint64(1) << np.uint64(bit)
        white, black, king = (pos[:, 0] & m) != 0, (pos[:, 1] & m) != 0, (pos[:, 2] & m) != 0
        x[:, j] = white & ~king
        x[:, n + j] = black & ~king
        x[:, 2 * n + j] = white & king
        x[:, 3 * n + j] = black & king
    x[:, -1] = pos[:, 3] == 0
    return x


def cross_entropy(p: Any, y: Any) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(x: Any) -> Any:
    return 1 / (1 + np.exp(-x))


def fit_network(x: Any, y: Any, offset: Any, train: Any, test: Any, hidden: int,
                epochs: int, seed: int, log: Any) -> float:
    """Fit ``offset + net(x)`` (log-odds) to ``y`` on ``train``; the held-out loss."""
    rng = np.random.default_rng(seed)
    n_in = x.shape[1]
    params = [(rng.standard_normal((n_in, hidden)) * np.sqrt(2 / n_in)).astype(np.float32),
              np.zeros(hidden, np.float32),
              (rng.standard_normal((hidden, hidden)) * np.sqrt(2 / hidden)).astype(np.float32),
              np.zeros(hidden, np.float32), np.zeros((hidden, 1), np.float32),
              np.zeros(1, np.float32)]
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]

    def forward(rows: Any) -> tuple[Any, Any, Any, Any]:
        w1, b1, w2, b2, w3, b3 = params
        h1 = np.clip(x[rows] @ w1 + b1, 0, 1)
        h2 = np.clip(h1 @ w2 + b2, 0, 1)
        return x[rows], h1, h2, (h2 @ w3 + b3)[:, 0] + offset[rows]

    step = 0
    loss = float("nan")
    for epoch in range(epochs):
        rate = 1e-3 * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        order = rng.permutation(train)
        for s in range(0, len(order), 1024):
            rows = order[s:s + 1024]
            xi, h1, h2, out = forward(rows)
            g = ((sigmoid(out) - y[rows]) / len(rows)).astype(np.float32)[:, None]
            d2 = (g @ params[4].T) * ((h2 > 0) & (h2 < 1))
            d1 = (d2 @ params[2].T) * ((h1 > 0) & (h1 < 1))
            grads = [xi.T @ d1, d1.sum(0), h1.T @ d2, d2.sum(0), h2.T @ g, g.sum(0)]
            step += 1
            for p, gp, a, b in zip(params, grads, m1, m2, strict=True):
                a *= 0.9
                a += 0.1 * gp
                b *= 0.999
                b += 0.001 * gp * gp
                p -= rate * (a / (1 - 0.9 ** step)) / (np.sqrt(b / (1 - 0.999 ** step)) + 1e-8)
        loss = cross_entropy(sigmoid(forward(test)[3]), y[test])
        log(f"  epoch {epoch + 1}: held-out {loss:.5f}")
    return loss


def main(argv: list[str] | None = None) -> int:
    from shashki.engine.learn import Run, Scoring, training_data

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--run", type=Run.parse, action="append", required=True,
                    help="games, as learn's --run")
    ap.add_argument("--score", type=Scoring.parse, required=True,
                    help="the labels, as learn's --score")
    ap.add_argument("--base", type=Path, required=True, help="the model the network is put beside")
    ap.add_argument("--cache", type=Path, help="learn's cache of games and scores")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, flush=True)

    data, _games = training_data(args.variant, args.run, args.score, args.cache, 2, 2, log)
    y = np.asarray(data.y, dtype=np.float64)
    test = (data.game % 10) == 9
    train, held = np.flatnonzero(~test), np.flatnonzero(test)
    z = model_scores(args.variant, args.base, data.pos)
    ks = np.linspace(0.001, 0.015, 281)
    k = float(ks[np.argmin([cross_entropy(sigmoid(kk * z[train]), y[train]) for kk in ks])])
    log(f"{len(y)} positions ({len(held)} held out), data {data.hash[:16]}")
    log(f"held-out loss: the labels' entropy {cross_entropy(y[held], y[held]):.5f}, "
        f"the model (k {k:.5f}) {cross_entropy(sigmoid(k * z[held]), y[held]):.5f}")
    x = piece_inputs(args.variant, data.pos)
    results = {}
    for name, offset in (("residual", (k * z).astype(np.float32)),
                         ("alone", np.zeros(len(y), np.float32))):
        log(f"{name}, {args.hidden} and {args.hidden} units:")
        results[name] = fit_network(x, y, offset, train, held, args.hidden, args.epochs,
                                    args.seed, log)
    log("held-out loss: " + ", ".join(f"{n} {v:.5f}" for n, v in results.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
