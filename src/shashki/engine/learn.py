"""A learned evaluation: pattern weights fitted by logistic regression to game results.

The model (:class:`Model`) is the global terms of ``weights.json`` (material, kings,
runaway men, side to move) plus a weight for every configuration of the men in each
4x4 window of the board (:func:`shashki.engine.evaluate.pattern_windows`), one for the
opening and one for the ending, as Scan's evaluation is built (docs/engine.md). The
recipe, every step seeded:

1. **Games** (:func:`shashki.engine.tune.self_play`): the engine plays itself at a fixed
   node budget a move from the IDF's 150 basic positions (8x8) or random short openings
   (10x10), each followed by a few seeded random moves. A recipe lists one or more such
   *runs* (seed, games, nodes, random plies, engine version, the model it plays with).
2. **Positions**: every quiet position with men (the search only evaluates quiet
   positions), labelled by the game's result for White (1, 1/2, 0); every 10th game is
   held out. With *scoring* (:class:`Scoring`, ``--score``) every k-th of them is
   searched afresh by an engine at a fixed node count instead (the baseline; in a
   later round the current search with the model of the round before), and labelled
   by the win probability of that score (:func:`score_labels`), optionally blended with
   the result: the evaluation learns what a deeper search sees (search scores beat
   short games' results as labels in both variants, docs/engine.md). The *data hash*
   is the SHA-256 of the positions and labels (and scores).
3. **Fit** (:func:`fit`): ``p = 1 / (1 + exp(-k * eval))`` and the mean cross-entropy of
   ``p`` against the result plus an L2 penalty on the pattern weights, minimised over
   the global terms (the man stays 100, the unit of every score; the row, centre, edge,
   guard and blocked terms are dropped, the patterns cover them), the pattern weights and
   ``k`` by full-batch Adam (numba kernels, one thread, so the same data give the same
   weights). ``--keep`` keeps the hand-set global terms and fits only the patterns, and
   the terms named by ``--free`` (the balance terms, which the hand-set weights lack).
4. **Check**: a match against the baseline engine (``shashki match shashki
   shashki@baseline-2026-12``); docs/engine.md records it.

The models ship as ``shashki/engine/learned/<variant>.npz`` (the integer pattern weights,
the global weights and the metadata: recipe, data hash, weights hash, losses). Round 1
(the 80-square and giveaway models) is ``python -m shashki.engine.learn --variant
russian-80 --run seed=1,games=4000,nodes=2000 --run seed=2,games=4000,nodes=2000 --score
nodes=30000,every=3 --keep --l2 1e-9``; round 2 (International and Russian) plays four
and three times the games and scores them with round 1's model (``--score
nodes=50000,every=8,model=…/rounds/international-1.npz,params=…``, ``--l2 1e-10``);
round 3 (Russian) plays new games with round 2's model (``--run
seed=11,games=8000,nodes=2000,model=…/rounds/russian-2.npz``) and scores them with it;
``--also …/rounds/<variant>-3.npz`` adds the round before's positions, rebuilt from that
model's own recipe and labelled by its own scores (:func:`data_of_model`; with the
positions of the rounds it was fitted with in turn).
Every recipe is in docs/engine.md, "Learned evaluation"; a model's own is in its
``meta["recipe"]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from shashki.engine.evaluate import (
    NO_KINGS,
    PAT_SCALE,
    PAT_SIZE,
    feature_names,
    pattern_arrays,
    pattern_indices,
    vector_weights,
    weight_vector,
    weights_for,
    window_step,
)
from shashki.engine.model import LearnError, Model, load_model
from shashki.errors import ShashkiError
from shashki.rules import variant_by_name
from shashki.rules.bits import U64

FIXED_ZERO = ("row_open", "row_end", "centre", "edge", "guard", "blocked")
"""Global terms a learned model drops: the patterns see the same men square by square."""

RECIPE_DEFAULTS = {"tt_move": 0, "draw_rules": 0}
"""Search parameters ``current`` gained after recipes were first recorded: the engine
of a recipe (its games and its scores) searches without them unless the recipe's
``params`` name them, so that a recipe of before plays and scores as it did then (the
table's move, docs/engine.md, came on 2026-12-03, after rounds 1 to 5; the ruleset's
draw counts on 2026-12-05, after the networks)."""


def param_items(text: str, what: str) -> list[tuple[str, int]]:
    """Search parameters ``name:value`` joined by ``+`` as ``(name, value)`` pairs, the
    names checked (``what`` names the recipe part in errors).

    >>> param_items("tt_pv:0+lmr_style:0", "scoring")
    [('tt_pv', 0), ('lmr_style', 0)]
    """
    from shashki.engine.engine import SEARCH_PARAMS

    out = []
    for part in filter(None, text.split("+")):
        name, _, value = part.partition(":")
        if name not in SEARCH_PARAMS:
            raise LearnError(f"{what} params {text!r}: unknown search parameter {name!r} "
                             f"(one of {', '.join(SEARCH_PARAMS)})")
        try:
            out.append((name, int(value)))
        except ValueError:
            raise LearnError(f"{what} params {text!r}: {name} {value!r} is not a whole "
                             "number") from None
    return out


def recipe_params(text: str, what: str) -> list[tuple[str, int]]:
    """The search parameters a recipe's engine is set to: :data:`RECIPE_DEFAULTS`, then
    those ``text`` names.

    >>> recipe_params("tt_pv:1", "run")
    [('tt_move', 0), ('draw_rules', 0), ('tt_pv', 1)]
    >>> recipe_params("tt_move:1", "run")
    [('tt_move', 0), ('draw_rules', 0), ('tt_move', 1)]
    """
    return [*RECIPE_DEFAULTS.items(), *param_items(text, what)]


@dataclass(frozen=True)
class Run:
    """One batch of self-play games: ``games`` games at ``nodes`` nodes a move."""

    seed: int
    games: int
    nodes: int
    random_plies: int = 6
    engine: str = "baseline-2026-12"
    max_plies: int = 250
    model: str = ""
    """A model file (``.npz``) the playing engine evaluates with (``engine`` then is
    ``current``): names the model a round's games were played by, which ``current``
    alone does not once a later round replaces the shipped model. The model alone: the
    shipped engine's lone-king table (:mod:`shashki.engine.lone_king`, 2026-12-06) is not
    in it, so the rounds before the table play as they did."""
    params: str = ""
    """Search parameters of the playing engine, ``name:value`` joined by ``+``, over
    :data:`RECIPE_DEFAULTS` (e.g. ``tt_move:1``: the search of 2026-12-03 on)."""

    @classmethod
    def parse(cls, text: str) -> Run:
        """``seed=1,games=8000,nodes=2000[,plies=6][,engine=baseline-2026-12][,model=FILE]
        [,params=NAME:VALUE+...]``.

        >>> r = Run.parse("seed=2,games=10,nodes=500")
        >>> r.seed, r.games, r.nodes, r.random_plies, r.engine, r.model
        (2, 10, 500, 6, 'baseline-2026-12', '')
        """
        kw: dict[str, Any] = {}
        for part in text.split(","):
            k, eq, v = part.partition("=")
            k = k.strip().replace("-", "_")
            if not eq:
                raise LearnError(f"run {text!r}: {part!r} is not name=value")
            k = {"plies": "random_plies"}.get(k, k)
            if k in ("engine", "model", "params"):
                kw[k] = v.strip()
            elif k in ("seed", "games", "nodes", "random_plies", "max_plies"):
                try:
                    kw[k] = int(v)
                except ValueError:
                    raise LearnError(f"run {text!r}: {k} {v!r} is not a number") from None
            else:
                raise LearnError(f"run {text!r}: unknown field {k!r}")
        if kw.get("model"):
            kw.setdefault("engine", "current")
        try:
            run = cls(**kw)
        except TypeError as e:
            raise LearnError(f"run {text!r}: {e}") from None
        param_items(run.params, "run")
        return run

    def file_name(self, variant: str) -> str:
        """The cache file of the games (a recipe's engine, model and parameters in it).

        >>> Run.parse("seed=2,games=10,nodes=500,params=tt_move:1").file_name("russian")
        'russian-s2-g10-n500-p6-baseline-2026-12-tt_move1.jsonl'
        """
        engine = _engine_tag(self.engine, self.model, self.params)
        return (f"{variant}-s{self.seed}-g{self.games}-n{self.nodes}-p{self.random_plies}"
                f"-{engine}.jsonl")



@dataclass(frozen=True)
class Scoring:
    """Search scores as labels: every ``every``-th position searched afresh at ``nodes``
    nodes by the engine ``engine``; a position's label is ``lam`` times the game's result
    plus ``1 - lam`` times the win probability of its score (:func:`score_labels`)."""

    nodes: int
    every: int = 1
    lam: float = 0.0
    engine: str = "baseline-2026-12"
    model: str = ""
    """A model file (``.npz``) the scoring engine evaluates with (the engine then is
    ``current``'s search with that model: a later round learns from the scores of an
    earlier round's model); empty: the engine's own evaluation."""
    params: str = ""
    """Search parameters set on the scoring engine, ``name:value`` joined by ``+``
    (names of :data:`shashki.engine.engine.SEARCH_PARAMS`): pins the search a recipe
    was scored with when ``current``'s defaults change later."""

    def param_items(self) -> list[tuple[str, int]]:
        """:attr:`params` as ``(name, value)`` pairs, the names checked.

        >>> Scoring(nodes=1, params="tt_pv:0+lmr_style:0").param_items()
        [('tt_pv', 0), ('lmr_style', 0)]
        """
        return param_items(self.params, "scoring")

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """``nodes=30000[,every=3][,lam=0.25][,engine=baseline-2026-12][,model=FILE]
        [,params=NAME:VALUE+...]``.

        >>> Scoring.parse("nodes=30000,every=3,lam=0.25")
        Scoring(nodes=30000, every=3, lam=0.25, engine='baseline-2026-12', model='', params='')
        """
        kw: dict[str, Any] = {}
        for part in text.split(","):
            k, eq, v = part.partition("=")
            k = k.strip()
            if not eq:
                raise LearnError(f"scoring {text!r}: {part!r} is not name=value")
            if k not in ("nodes", "every", "lam", "engine", "model", "params"):
                raise LearnError(f"scoring {text!r}: unknown field {k!r}")
            try:
                if k in ("nodes", "every"):
                    kw[k] = int(v)
                elif k == "lam":
                    kw[k] = float(v)
                else:
                    kw[k] = v.strip()
            except ValueError:
                raise LearnError(f"scoring {text!r}: {k} {v!r} is not a number") from None
        if kw.get("model"):
            kw.setdefault("engine", "current")
        sc = cls(**kw)
        sc.param_items()
        if sc.nodes < 1 or sc.every < 1 or not 0.0 <= sc.lam <= 1.0:
            raise LearnError(f"scoring {text!r}: nodes and every must be 1 or more, lam "
                             "from 0 to 1")
        return sc

    def file_name(self, variant: str, data_hash: str) -> str:
        """The score cache of a data set (every position's slot, whatever ``every``)."""
        engine = _engine_tag(self.engine, self.model, self.params)
        return f"{variant}-{data_hash[:16]}-n{self.nodes}-{engine}-scores.npy"


def _engine_tag(engine: str, model: str, params: str = "") -> str:
    """A cache file's name for an engine: its version, the hash of its model file if it
    names one and the search parameters it sets (games and scores of different models
    or searches never share a file)."""
    tag = engine + ("-" + load_model(Path(model)).weights_hash()[:12] if model else "")
    return tag + ("-" + params.replace(":", "").replace("+", "-") if params else "")


def _evaluation(model: str) -> tuple[dict[str, Any] | None, Any, Any]:
    """The weights, patterns and network of a model file, or ``(None, None, None)`` (the
    engine's own)."""
    if not model:
        return None, None, None
    m = load_model(Path(model))
    return m.weights, m.patterns, m.network


SCORE_BLOCK = 20_000
"""Positions searched between two saves of the score cache."""

SCORE_CLIP = 1000
"""Search scores beyond ten men (wins found by the search) count as ten men."""

_scorer: Any = None


def _score_init(variant: str, version: str, model: str = "",
                params: Sequence[tuple[str, int]] = ()) -> None:
    global _scorer
    from shashki.engine import Engine

    weights, patterns, network = _evaluation(model)
    _scorer = Engine(variant, hash_mb=2, version=version, weights=weights, patterns=patterns,
                     network=network)
    for name, value in params:
        _scorer.set_param(name, value)


def _score_chunk(args: tuple[str, Any, int]) -> Any:
    from shashki import Board
    from shashki.fen import Position, write_fen

    variant, rows, nodes = args
    v = variant_by_name(variant)
    out = np.zeros(len(rows), dtype=np.int32)
    for i, p in enumerate(rows):
        board = Board(v, write_fen(Position(*(int(q) for q in p)), v))
        _scorer.new_game()
        a = _scorer.analyse(board, nodes=nodes)
        value = max(-SCORE_CLIP, min(SCORE_CLIP, a.score.value))
        out[i] = value if board.turn.value == 0 else -value
    return out


def search_scores(variant: str, pos: Any, nodes: int, version: str = "baseline-2026-12",
                  workers: int = 1, log: Callable[[str], None] | None = None,
                  model: str = "", params: Sequence[tuple[str, int]] = ()) -> Any:
    """White's search score of every position of ``pos`` (``(n, 4)``: white, black,
    kings, turn), each searched from an empty table at ``nodes`` nodes by engine
    ``version`` (evaluating with the ``model`` file if one is named, with the search
    ``params`` set): the same scores whatever the number of ``workers`` (processes)."""
    from concurrent.futures import ProcessPoolExecutor

    chunk = 1000
    parts = [(variant, pos[i:i + chunk], nodes) for i in range(0, len(pos), chunk)]
    out: list[Any] = []
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, initializer=_score_init,
                             initargs=(variant, version, model, tuple(params))) as ex:
        for done, part in enumerate(ex.map(_score_chunk, parts), 1):
            out.append(part)
            if log is not None and (done % 20 == 0 or done == len(parts)):
                log(f"scores: {min(done * chunk, len(pos))}/{len(pos)} positions "
                    f"({time.perf_counter() - t0:.0f} s)")
    return np.concatenate(out) if out else np.zeros(0, dtype=np.int32)


def score_labels(scores: Any, results: Any, lam: float) -> tuple[Any, float]:
    """Labels from search scores: ``lam * result + (1 - lam) * sigmoid(k * score)``, with
    ``k`` the scale that best predicts the results from the scores (cross-entropy), so a
    score is read as the win probability it had in these games. Returns the labels and
    ``k``."""
    s = np.asarray(scores, dtype=np.float64)
    y = np.asarray(results, dtype=np.float64)

    def ce(k: float) -> float:
        p = 1.0 / (1.0 + np.exp(-k * s))
        return float(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))

    k = _best_scale(ce, 60)
    return lam * y + (1.0 - lam) / (1.0 + np.exp(-k * s)), k


def _best_scale(loss: Callable[[float], float], steps: int) -> float:
    """The scale ``k`` in [1e-4, 0.1] that minimises ``loss``: ternary search on log k."""
    lo, hi = np.log(1e-4), np.log(0.1)
    for _ in range(steps):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if loss(float(np.exp(a))) < loss(float(np.exp(b))):
            hi = b
        else:
            lo = a
    return float(np.exp((lo + hi) / 2))


MISSING = np.iinfo(np.int32).min
"""A position of the score cache not searched yet."""


def rescore(variant: str, data: Data, scoring: Scoring, cache_dir: Path | None = None,
            workers: int = 1, log: Callable[[str], None] | None = None) -> Data:
    """``data`` cut to every ``scoring.every``-th position, labelled by search scores
    (:class:`Scoring`). The scores are kept in ``cache_dir``, one file per data set,
    node count and engine, a slot per position: a denser sample searches only the
    positions not searched before. The data hash then covers the scores too."""
    rows = np.arange(0, len(data.y), scoring.every)
    path = (cache_dir / scoring.file_name(variant, data.hash)
            if cache_dir is not None else None)
    if path is not None and path.exists():
        cached = np.load(path, allow_pickle=False)
        if cached.shape != data.y.shape:
            raise LearnError(f"{path}: {cached.size} scores for {data.y.size} positions")
    else:
        cached = np.full(len(data.y), MISSING, dtype=np.int32)
    todo = rows[cached[rows] == MISSING]
    # kept block by block: an interrupted run goes on where it stopped
    for start in range(0, len(todo), SCORE_BLOCK):
        block = todo[start:start + SCORE_BLOCK]
        if log is not None:
            log(f"scores: block {start // SCORE_BLOCK + 1} of "
                f"{-(-len(todo) // SCORE_BLOCK)} ({len(todo)} positions to search)")
        cached[block] = search_scores(variant, data.pos[block], scoring.nodes,
                                      scoring.engine, workers, log, scoring.model,
                                      recipe_params(scoring.params, "scoring"))
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, cached, allow_pickle=False)
    scores = cached[rows]
    y, k = score_labels(scores, data.y[rows], scoring.lam)
    if log is not None:
        log(f"{len(rows)} positions scored at {scoring.nodes} nodes ({len(todo)} searched "
            f"now); scores read with k {k:.5f}")
    h = hashlib.sha256(data.hash.encode())
    h.update(np.ascontiguousarray(scores).tobytes())
    h.update(np.ascontiguousarray(y).tobytes())
    return Data(data.pos[rows], data.x[rows], data.pat[rows], data.phase[rows], y,
                data.game[rows], h.hexdigest())


# --- the data -------------------------------------------------------------------------


@dataclass
class Data:
    """Quiet positions with men, encoded for :func:`fit` (White's point of view)."""

    pos: Any
    """uint64 ``(n, 4)``: white, black, kings, turn."""
    x: Any
    """float64 ``(n, features)``: the global features (``evaluate.features``)."""
    pat: Any
    """int32 ``(n, windows, 2)``: White's and Black's configuration per window."""
    phase: Any
    """float64 ``(n,)``: men on the board / all men at the start."""
    y: Any
    """White's result."""
    game: Any
    """The game each position comes from."""
    hash: str


def encode(variant: str, games: Sequence[Any], step: int = 2) -> Data:
    """The training data of ``games`` (:class:`shashki.engine.tune.GameRecord`), with
    the pattern windows of ``step`` (:func:`shashki.engine.evaluate.pattern_windows`)."""
    from shashki.engine.tune import feature_matrix, samples

    v = variant_by_name(variant)
    pos, y, gi = samples(variant, games)
    x, keep = feature_matrix(variant, pos, weights_for(variant))
    pos, x, y, gi = pos[keep], x[keep], y[keep], gi[keep]
    _pw, psh, t3 = pattern_arrays(v, step=step)
    pat = np.zeros((len(pos), psh.shape[0], 2), dtype=np.int32)
    phase = np.zeros(len(pos))
    _encode_patterns(pos, psh, t3, pat, phase, 2 * v.men_per_side)
    h = hashlib.sha256(np.ascontiguousarray(pos).tobytes())
    h.update(np.ascontiguousarray(y).tobytes())
    return Data(pos, x, pat, phase, y, gi, h.hexdigest())


@njit(cache=True)
def _encode_patterns(pos: Any, psh: Any, t3: Any, pat: Any, phase: Any, total: Any) -> None:
    for n in range(pos.shape[0]):
        kings = pos[n, 2]
        wm = pos[n, 0] & ~kings
        bm = pos[n, 1] & ~kings
        pattern_indices(wm, bm, psh, t3, pat[n])
        men = 0
        x = wm | bm
        while x:
            x &= x - U64(1)
            men += 1
        phase[n] = min(men, total) / total


# --- the fit ------------------------------------------------------------------------------


@njit(cache=True)
def _gradient(x: Any, pat: Any, phase: Any, y: Any, rows: Any, wg: Any, pw: Any, rot: Any,
              k: Any, l2: Any, gg: Any, gp: Any) -> Any:
    """Loss of ``rows`` (mean cross-entropy + l2 * |pw|²); gradients into gg, gp; and
    the derivative of the loss in ``k``, as a pair."""
    gg[:] = 0.0
    gp[:] = 0.0
    loss = 0.0
    dk = 0.0
    n = rows.shape[0]
    nw = pat.shape[1]
    for r in range(n):
        i = rows[r]
        z = 0.0
        for j in range(x.shape[1]):
            z += x[i, j] * wg[j]
        ph = phase[i]
        for w in range(nw):
            a = pat[i, w, 0]
            b = pat[i, w, 1]
            z += (pw[w, a, 0] - pw[rot[w], b, 0]) * ph + (pw[w, a, 1] - pw[rot[w], b, 1]) * (1 - ph)
        t = k * z
        if t > 30.0:
            t = 30.0
        elif t < -30.0:
            t = -30.0
        p = 1.0 / (1.0 + np.exp(-t))
        yi = y[i]
        loss -= yi * np.log(p + 1e-12) + (1.0 - yi) * np.log(1.0 - p + 1e-12)
        d = (p - yi) / n
        dk += d * z
        dz = d * k
        for j in range(x.shape[1]):
            gg[j] += dz * x[i, j]
        for w in range(nw):
            a = pat[i, w, 0]
            b = pat[i, w, 1]
            gp[w, a, 0] += dz * ph
            gp[w, a, 1] += dz * (1 - ph)
            gp[rot[w], b, 0] -= dz * ph
            gp[rot[w], b, 1] -= dz * (1 - ph)
    reg = 0.0
    for w in range(pw.shape[0]):
        for a in range(pw.shape[1]):
            for c in range(2):
                v = pw[w, a, c]
                reg += v * v
                gp[w, a, c] += 2.0 * l2 * v
    return loss / n + l2 * reg, dk


@dataclass
class FitResult:
    model: Model
    k: float
    train_loss: tuple[float, float]
    """Before (the hand-set weights, their own best k) and after."""
    held_out_loss: tuple[float, float]
    positions: int


def _loss_of(data: Data, rows: Any, wg: Any, pw: Any, rot: Any, k: float) -> float:
    gg = np.zeros_like(wg)
    gp = np.zeros_like(pw)
    loss, _dk = _gradient(data.x, data.pat, data.phase, data.y, rows, wg, pw, rot, k, 0.0,
                          gg, gp)
    return float(loss)


def _best_k(data: Data, rows: Any, wg: Any, pw: Any, rot: Any) -> float:
    return _best_scale(lambda k: _loss_of(data, rows, wg, pw, rot, k), 40)


def fit(variant: str, data: Data, epochs: int = 300, lr: float = 2.0, l2: float = 1e-8,
        held_out: int = 10, log: Callable[[str], None] | None = None,
        keep: bool = False, free: Sequence[str] = ()) -> FitResult:
    """Fit a model of ``variant`` to ``data`` (module docstring, step 3); every
    ``held_out``-th game is left out of the fit and measured. With ``keep`` the global
    terms stay the hand-set ones and only the patterns (and ``k``) are fitted: the
    patterns learn what the hand-set evaluation misses; the terms named in ``free``
    (e.g. ``balance_open``, ``balance_end``, which the hand-set weights leave at 0) are
    fitted all the same."""
    v = variant_by_name(variant)
    ranks = v.geometry.ranks
    names = feature_names(ranks)
    base = weights_for(variant)
    w0 = weight_vector(base, ranks)
    free_terms = set(free)
    fitted = np.ones(len(names), dtype=bool)
    wg = w0.copy()
    unknown = set(free_terms) - {n.partition(".")[0] for n in names}
    if unknown:
        raise LearnError(f"no global term named {', '.join(sorted(unknown))}")
    for i, name in enumerate(names):
        key, _, idx = name.partition(".")
        if keep:
            fitted[i] = key in free_terms
        elif key in FIXED_ZERO:
            fitted[i] = False
            wg[i] = 0.0
        elif key == "man" or (key == "runaway" and int(idx) == 0):
            fitted[i] = False
    _pw, psh, _t3 = pattern_arrays(v, step=window_step(v, data.pat.shape[1]))
    rot = psh[:, 4].copy()
    pw = np.zeros((len(rot), PAT_SIZE, 2))
    test = (data.game % held_out) == held_out - 1
    train_rows = np.flatnonzero(~test)
    test_rows = np.flatnonzero(test)
    k0 = _best_k(data, train_rows, w0, pw, rot)
    before = (_loss_of(data, train_rows, w0, pw, rot, k0),
              _loss_of(data, test_rows, w0, pw, rot, k0) if len(test_rows) else float("nan"))
    k = k0
    gg = np.zeros_like(wg)
    gp = np.zeros_like(pw)
    # Adam on (wg, pw, log k)
    mg, vg = np.zeros_like(wg), np.zeros_like(wg)
    mp, vp = np.zeros_like(pw), np.zeros_like(pw)
    mk = vk = 0.0
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, epochs + 1):
        rate = lr * (0.05 + 0.95 * 0.5 * (1 + np.cos(np.pi * (t - 1) / epochs)))
        loss, dk = _gradient(data.x, data.pat, data.phase, data.y, train_rows, wg, pw, rot, k,
                             l2, gg, gp)
        gg[~fitted] = 0.0
        mg = b1 * mg + (1 - b1) * gg
        vg = b2 * vg + (1 - b2) * gg * gg
        wg -= rate * (mg / (1 - b1 ** t)) / (np.sqrt(vg / (1 - b2 ** t)) + eps)
        mp *= b1
        mp += (1 - b1) * gp
        vp *= b2
        vp += (1 - b2) * gp * gp
        pw -= rate * (mp / (1 - b1 ** t)) / (np.sqrt(vp / (1 - b2 ** t)) + eps)
        gk = dk * k  # d loss / d log k
        mk = b1 * mk + (1 - b1) * gk
        vk = b2 * vk + (1 - b2) * gk * gk
        k = float(k * np.exp(-0.01 * rate / lr * (mk / (1 - b1 ** t))
                             / (np.sqrt(vk / (1 - b2 ** t)) + eps)))
        if log is not None and (t % 25 == 0 or t == 1):
            log(f"epoch {t}: loss {loss:.5f}, k {k:.5f}")
    weights = vector_weights(wg, base, ranks)
    patterns = np.clip(np.round(pw * PAT_SCALE), -32767, 32767).astype(np.int32)
    wr = weight_vector(weights, ranks)
    pr = patterns / PAT_SCALE
    after = (_loss_of(data, train_rows, wr, pr, rot, k),
             _loss_of(data, test_rows, wr, pr, rot, k) if len(test_rows) else float("nan"))
    model = Model(v.name, weights, patterns, {})
    return FitResult(model, k, (before[0], after[0]), (before[1], after[1]), len(data.y))


# --- the recipe -----------------------------------------------------------------------------


def games_of(variant: str, run: Run, cache_dir: Path | None,
             log: Callable[[str], None] | None = None) -> list[Any]:
    """The games of ``run``: read from ``cache_dir`` if played before, else played (and
    kept there)."""
    from shashki.engine.tune import load_games, save_games, self_play

    name = run.file_name(variant)
    path = cache_dir / name if cache_dir is not None else None
    if path is not None and path.exists():
        return load_games(path)
    t0 = time.perf_counter()

    def progress(i: int, _g: Any) -> None:
        if log is not None and (i + 1) % 500 == 0:
            log(f"{name}: game {i + 1}/{run.games} ({time.perf_counter() - t0:.0f} s)")

    weights, patterns, network = _evaluation(run.model)
    games = self_play(variant, run.games, run.nodes, run.seed, run.random_plies,
                      run.max_plies, weights=weights, progress=progress,
                      version=run.engine, patterns=patterns, network=network,
                      params=recipe_params(run.params, "run"))
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_games(path, games)
    return games


def training_data(variant: str, runs: Sequence[Run], scoring: Scoring | None = None,
                  cache_dir: Path | None = None, workers: int = 1, step: int = 2,
                  log: Callable[[str], None] | None = None) -> tuple[Data, int]:
    """``(data, games)``: the positions of ``runs``' games (played, or read from
    ``cache_dir``), labelled by their results or, with ``scoring``, by search scores
    (:func:`rescore`, in ``workers`` processes)."""
    games: list[Any] = []
    for run in runs:
        games.extend(games_of(variant, run, cache_dir, log))
    data = encode(variant, games, step)
    if log is not None:
        log(f"{len(data.y)} positions from {len(games)} games, data {data.hash[:16]}")
    if scoring is not None:
        data = rescore(variant, data, scoring, cache_dir, workers, log)
    return data, len(games)


def data_of_model(variant: str, path: Path, cache_dir: Path | None = None,
                  workers: int = 1, log: Callable[[str], None] | None = None
                  ) -> tuple[Data, int]:
    """The training data of the model file ``path``, rebuilt from its recipe: its own
    runs and scoring, and the data of the earlier models it was fitted with in turn
    (``also``), joined as :func:`learn` joined them. A round can so learn from its
    predecessors' positions as well as its own (``--also``); a network model's data are
    those its network was fitted to. The rebuilt data must hash
    as the model says, or the recipe no longer reproduces them."""
    model = load_model(path)
    meta = model.meta
    recipe = meta.get("recipe") or {}
    # a network's data are its own, not those of the patterns it was fitted beside
    recipe = recipe.get("network") or recipe
    if model.variant != variant:
        raise LearnError(f"{path}: a {model.variant} model, not {variant}")
    if not recipe.get("runs"):
        raise LearnError(f"{path}: the model has no recipe to rebuild its data from")
    runs = [Run(**r) for r in recipe["runs"]]
    scoring = Scoring(**recipe["scoring"]) if recipe.get("scoring") else None
    data, games = training_data(variant, runs, scoring, cache_dir, workers,
                                int(recipe.get("step", 2)), log)
    parts = [data]
    for entry in recipe.get("also") or ():
        d, g = data_of_model(variant, _earlier_model(path, entry), cache_dir, workers, log)
        parts.append(d)
        games += g
    data = join_data(parts)
    if data.hash != meta.get("data_hash"):
        raise LearnError(f"{path}: its recipe gives data {data.hash[:16]}, the model says "
                         f"{str(meta.get('data_hash'))[:16]}")
    return data, games


def _earlier_model(path: Path, entry: dict[str, Any]) -> Path:
    """The file of an earlier model a recipe names (``also``): the path as recorded, or a
    file of that name beside ``path`` (the rounds move to ``learned/rounds/``); it must
    hold the weights the recipe recorded."""
    named = Path(entry["model"])
    for candidate in (named, path.parent / named.name):
        if candidate.exists() and candidate.resolve() != path.resolve():
            found = load_model(candidate).weights_hash()
            if found == entry["weights_hash"]:
                return candidate
    raise LearnError(f"{path}: its recipe's earlier model {named} (weights "
                     f"{entry['weights_hash'][:16]}) is not there")


def join_data(parts: Sequence[Data]) -> Data:
    """One data set of ``parts``, their games numbered on (the held-out games stay every
    10th of each part's order); the hash covers the parts' hashes in order."""
    if len(parts) == 1:
        return parts[0]  # a recipe without --also keeps its data hash
    games = []
    offset = 0
    h = hashlib.sha256()
    for d in parts:
        games.append(d.game + offset)
        offset += int(d.game.max()) + 1 if len(d.game) else 0
        h.update(d.hash.encode())

    def cat(field: str) -> Any:
        return np.concatenate([getattr(d, field) for d in parts])

    return Data(cat("pos"), cat("x"), cat("pat"), cat("phase"), cat("y"),
                np.concatenate(games), h.hexdigest())


@dataclass(frozen=True)
class NetworkSpec:
    """A network to fit instead of patterns (:mod:`shashki.engine.network`): ``h1`` and
    ``h2`` units, beside the base model's evaluation (``residual``) or on its own
    (``alone``), ``epochs`` passes of Adam, the weights seeded by ``seed``."""

    h1: int
    h2: int
    mode: str = "alone"
    epochs: int = 16
    seed: int = 0

    @classmethod
    def parse(cls, text: str) -> NetworkSpec:
        """``H1xH2[,mode=alone|residual][,epochs=N][,seed=S]``.

        >>> NetworkSpec.parse("64x32,epochs=20")
        NetworkSpec(h1=64, h2=32, mode='alone', epochs=20, seed=0)
        """
        size, *rest = text.split(",")
        a, x, b = size.lower().partition("x")
        if not (x and a.strip().isdigit() and b.strip().isdigit()):
            raise LearnError(f"network {text!r}: the size is H1xH2, e.g. 64x32")
        kw: dict[str, Any] = {"h1": int(a), "h2": int(b)}
        for part in rest:
            k, eq, v = part.partition("=")
            k = k.strip()
            if not eq or k not in ("mode", "epochs", "seed"):
                raise LearnError(f"network {text!r}: {part!r} is not mode=, epochs= or seed=")
            if k == "mode":
                if v not in ("alone", "residual"):
                    raise LearnError(f"network {text!r}: mode is alone or residual")
                kw[k] = v
            elif not v.strip().isdigit():
                raise LearnError(f"network {text!r}: {k} needs a whole number")
            else:
                kw[k] = int(v)
        from shashki.engine.network import MIN_H1

        if not (MIN_H1 <= kw["h1"] <= 1024 and 1 <= kw["h2"] <= kw["h1"]):
            raise LearnError(f"network {text!r}: needs {MIN_H1} <= H1 <= 1024 and H2 <= H1")
        return cls(**kw)


def static_scores(variant: str, model: Model, pos: Any) -> Any:
    """``model``'s static score (its patterns and global terms, not its network) of each
    position (``(n, 4)``: White, Black, kings, turn) for the side to move."""
    from shashki.engine.evaluate import eval_arrays, evaluate

    v = variant_by_name(variant)
    geo, _rules = v.kernel_arrays()
    arrays = eval_arrays(v, model.weights, patterns=model.patterns)
    out = np.zeros(len(pos))
    for i, (w, b, k, t) in enumerate(pos):
        own, opp = (w, b) if t == 0 else (b, w)
        out[i] = int(evaluate(np.uint64(own), np.uint64(opp), np.uint64(k), int(t), geo,
                              *arrays, NO_KINGS, np.uint64(0)))
    return out


def fit_network(variant: str, data: Data, base: Model, spec: NetworkSpec,
                log: Callable[[str], None] | None = None) -> FitResult:
    """``base`` with a network fitted to ``data`` (every 10th game held out): the
    labels turned to the side to move's, the base's static score scaled by its best
    ``k`` as the offset of a ``residual`` network (zero for ``alone``), and that ``k``
    turning the network's log-odds into hundredths of a man. The losses reported are
    the base's (before) and the model's with the network (after)."""
    from shashki.engine import network as N

    v = variant_by_name(variant)
    black = data.pos[:, 3] != 0
    y = np.where(black, 1 - np.asarray(data.y, dtype=np.float64), data.y)
    test = (data.game % 10) == 9
    train, held = np.flatnonzero(~test), np.flatnonzero(test)
    z = static_scores(variant, base, data.pos)
    k = _best_scale(lambda kk: N.cross_entropy(N.sigmoid(kk * z[train]), y[train]), 40)
    before = (N.cross_entropy(N.sigmoid(k * z[train]), y[train]),
              N.cross_entropy(N.sigmoid(k * z[held]), y[held]))
    if log is not None:
        log(f"the labels' entropy {N.cross_entropy(y[held], y[held]):.5f} held out; the base "
            f"model (k {k:.5f}) {before[1]:.5f}")
    offset = (k * z if spec.mode == "residual" else np.zeros(len(y))).astype(np.float32)
    x = N.inputs(v, data.pos)
    params, held_loss = N.fit(x, y, offset, train, held, spec.h1, spec.h2, spec.epochs,
                              spec.seed, log)
    out = N.forward(params, x[train])[2] + offset[train]
    after = (N.cross_entropy(N.sigmoid(out), y[train]), held_loss)  # (train, held out)
    mode = N.ALONE if spec.mode == "alone" else N.RESIDUAL
    model = Model(base.variant, base.weights, base.patterns, {},
                  N.pack(v, params, k, mode))
    return FitResult(model, k, (before[0], after[0]), (before[1], after[1]), len(y))


def learn(variant: str, runs: Sequence[Run], cache_dir: Path | None = None,
          epochs: int = 300, lr: float = 2.0, l2: float = 1e-8,
          log: Callable[[str], None] | None = None, keep: bool = False,
          scoring: Scoring | None = None, workers: int = 1, step: int = 2,
          free: Sequence[str] = (), also: Sequence[Path] = (),
          network: NetworkSpec | None = None, base: Path | None = None) -> FitResult:
    """Play (or read) the games of ``runs`` and fit a model to them (``keep``: see
    :func:`fit`), labelled by their results or, with ``scoring``, by search scores
    (:func:`training_data`); with ``also``, the data of those earlier models too
    (:func:`data_of_model`), each labelled as its own recipe says. With ``network``,
    the model ``base`` with a network fitted instead (:func:`fit_network`)."""
    if (network is None) != (base is None):
        raise LearnError("a network is fitted beside a base model: give both or neither")
    # a missing or damaged file is named before any game is played
    earlier_models = [load_model(path) for path in also]
    base_model = load_model(base) if base is not None else None
    data, games = training_data(variant, runs, scoring, cache_dir, workers, step, log)
    parts = [data]
    earlier = []
    for path, m in zip(also, earlier_models, strict=True):
        d, g = data_of_model(variant, path, cache_dir, workers, log)
        parts.append(d)
        games += g
        earlier.append({"model": str(path), "weights_hash": m.weights_hash(),
                        "data_hash": d.hash})
    data = join_data(parts)
    if log is not None and also:
        log(f"{len(data.y)} positions in all, data {data.hash[:16]}")
    source: dict[str, Any] = {  # the data, whatever is fitted to it
        "runs": [r.__dict__ for r in runs], "held_out": "every 10th game",
        "scoring": None if scoring is None else scoring.__dict__}
    if earlier:
        source["also"] = earlier
    recipe: dict[str, Any]
    if network is not None and base_model is not None:
        res = fit_network(variant, data, base_model, network, log)
        recipe = dict(base_model.meta.get("recipe", {}))  # the patterns' own recipe
        recipe["network"] = {**network.__dict__, "base": str(base),
                             "base_weights_hash": base_model.weights_hash(), **source}
    else:
        res = fit(variant, data, epochs, lr, l2, log=log, keep=keep, free=free)
        recipe = {**source, "epochs": epochs, "lr": lr, "l2": l2, "keep": keep,
                  "free": list(free), "step": step}
    res.model.meta.update({
        "recipe": recipe, "data_hash": data.hash, "games": games,
        "positions": res.positions, "k": res.k, "train_loss": list(res.train_loss),
        "held_out_loss": list(res.held_out_loss)})
    return res


def _option(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse`` as an argparse type whose LearnError's words are argparse's message
    (argparse drops a ValueError's words for "invalid parse value")."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except LearnError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return convert


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m shashki.engine.learn",
        description="Learn pattern weights (or a network) from self-play games.")
    ap.add_argument("--variant", default="russian")
    ap.add_argument("--run", action="append", required=True, type=_option(Run.parse),
                    metavar="seed=S,games=N,nodes=K[,plies=P][,engine=E]",
                    help="a batch of self-play games (repeatable)")
    ap.add_argument("--cache", type=Path, help="directory for the games (read if there)")
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--lr", type=float, default=2.0)
    ap.add_argument("--l2", type=float, default=1e-8)
    ap.add_argument("--keep", action="store_true",
                    help="keep the hand-set global terms, fit only the patterns")
    ap.add_argument("--free", action="append", default=[], metavar="TERM",
                    help="a global term fitted despite --keep (repeatable; e.g. "
                         "balance_open, balance_end)")
    ap.add_argument("--score", type=_option(Scoring.parse), metavar="nodes=N[,every=K][,lam=L]",
                    help="label positions by search scores, not only by results")
    ap.add_argument("--workers", type=int, default=1, help="processes for the scores")
    ap.add_argument("--step", type=int, choices=(1, 2), default=2,
                    help="pattern windows every STEP rows and files (1: three times as many)")
    ap.add_argument("--also", action="append", default=[], type=Path, metavar="MODEL",
                    help="fit to the data of an earlier model too, rebuilt from its recipe "
                         "and the cache (repeatable)")
    ap.add_argument("--network", type=_option(NetworkSpec.parse),
                    metavar="H1xH2[,mode=alone|residual][,epochs=N][,seed=S]",
                    help="fit a network beside --base instead of patterns")
    ap.add_argument("--base", type=Path, metavar="MODEL",
                    help="the model a network is fitted beside (its patterns and terms kept)")
    ap.add_argument("--out", type=Path, help="write the model (.npz) here")
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    try:
        res = learn(args.variant, args.run, args.cache, args.epochs, args.lr, args.l2, log,
                    keep=args.keep, scoring=args.score, workers=args.workers, free=args.free,
                    step=args.step, also=args.also, network=args.network, base=args.base)
    except ShashkiError as e:
        print(f"shashki: {e}", file=sys.stderr)
        return 2
    meta = {k: res.model.meta[k] for k in ("data_hash", "games", "positions", "k",
                                          "train_loss", "held_out_loss")}
    meta["weights_hash"] = res.model.weights_hash()
    print(json.dumps(meta))
    if args.out is not None:
        from shashki.engine.model import save_model

        save_model(res.model, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
