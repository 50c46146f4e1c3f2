"""The evaluation's feature vector: the evaluation is the weights times the features."""

from __future__ import annotations

import numpy as np
from tests.engine.conftest import random_positions

from shashki import Board
from shashki.engine.evaluate import (
    EvalError,
    eval_arrays,
    evaluate,
    feature_names,
    features,
    vector_weights,
    weight_table,
    weight_vector,
    weights_for,
)
from shashki.rules.bits import U64


def _eval_and_features(board: Board) -> tuple[int, np.ndarray, bool]:
    v = board.variant
    geo, _rules = v.kernel_arrays()
    ew, et, em, cone, pw, psh, t3 = eval_arrays(v)
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    row = np.zeros(len(feature_names(v.geometry.ranks)))
    ok = features(U64(own), U64(opp), U64(k), t, geo, ew, et, em, cone, row)
    score = int(evaluate(U64(own), U64(opp), U64(k), t, geo, ew, et, em, cone, pw, psh, t3,
                         U64(0)))
    return score, row, bool(ok)


def test_features_reproduce_the_evaluation(variant: str) -> None:
    ranks = Board(variant).variant.geometry.ranks
    vec = weight_vector(weights_for(variant), ranks)
    checked = 0
    for board in random_positions(variant, games=6, seed=11)[::3]:
        score, row, ok = _eval_and_features(board)
        if not ok:
            continue
        checked += 1
        # the row tables and the runaway percentage are rounded down per row and side
        assert abs(score - float(row @ vec)) <= 2 * ranks, board.fen()
    assert checked > 50


def test_positions_without_men_are_flagged() -> None:
    _score, _row, ok = _eval_and_features(Board("russian", "W:WKa1,Kc3:BKh8"))
    assert not ok


def test_weight_vector_round_trip(variant: str) -> None:
    w = weights_for(variant)
    ranks = Board(variant).variant.geometry.ranks
    assert vector_weights(weight_vector(w, ranks), w, ranks) == w


def test_weight_table_is_a_copy() -> None:
    table = weight_table()
    table["russian"]["man"] = 1
    assert weights_for("russian")["man"] == 100


def test_unknown_variant_weights() -> None:
    import pytest

    with pytest.raises(EvalError):
        weights_for("nonexistent")
