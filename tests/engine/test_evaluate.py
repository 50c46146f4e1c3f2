"""The evaluation's feature vector: the evaluation is the weights times the features."""

from __future__ import annotations

import numpy as np
from tests.engine.conftest import random_positions

from shashki import Board
from shashki.engine.evaluate import (
    NO_KINGS,
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
    ew, et, em, cone, pw, psh, t3, net = eval_arrays(v)
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    row = np.zeros(len(feature_names(v.geometry.ranks)))
    ok = features(U64(own), U64(opp), U64(k), t, geo, ew, et, em, cone, row)
    score = int(evaluate(U64(own), U64(opp), U64(k), t, geo, ew, et, em, cone, pw, psh, t3, net,
                         NO_KINGS, U64(0)))
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


def _with_balance(variant: str) -> dict:
    return dict(weights_for(variant), balance_open=-90, balance_end=-40)


def test_features_reproduce_the_balance_terms(variant: str) -> None:
    """Code-independent check of Scan's left/right balance: per side |sum of 2f - F + 1|
    over its men, read from the board square by square, blended by the men on the board."""
    board_v = Board(variant).variant
    g = board_v.geometry
    w = _with_balance(variant)
    vec = weight_vector(w, g.ranks)
    arrays = eval_arrays(board_v, w)
    plain = eval_arrays(board_v)
    geo, _rules = board_v.kernel_arrays()
    checked = 0
    for board in random_positions(variant, games=6, seed=12)[::3]:
        pos = board.position
        own, opp = (pos[0], pos[1]) if pos[3] == 0 else (pos[1], pos[0])
        args = (U64(own), U64(opp), U64(pos[2]), pos[3], geo)
        row = np.zeros(len(feature_names(g.ranks)))
        if not features(*args, *arrays[:4], row):
            continue
        score = int(evaluate(*args, *arrays, NO_KINGS, U64(0)))
        base = int(evaluate(*args, *plain, NO_KINGS, U64(0)))
        skew = {}
        for color in (board.turn, board.turn.other):
            s = sum(2 * g.file_rank(sq)[0] - g.files + 1 for sq in board.pieces(color, False))
            skew[color] = abs(s)
        nmen = sum(len(board.pieces(c, False)) for c in (board.turn, board.turn.other))
        total = 2 * board_v.men_per_side
        t = (skew[board.turn] - skew[board.turn.other]) * (-90 * nmen - 40 * (total - nmen))
        assert score - base == int(t / (total * 32)), board.fen()  # towards zero
        assert abs(score - float(row @ vec)) <= 2 * g.ranks + 1, board.fen()
        checked += 1
    assert checked > 50


def test_men_on_one_wing_cost_with_negative_balance_weights() -> None:
    from shashki.engine.evaluate import evaluate_board

    w = _with_balance("international")
    # White's six men on its left wing (skew -38), Black's spread (skew 0)
    for turn, sign in (("W", -1), ("B", 1)):
        b = Board("international", f"{turn}:W36,41,46,37,42,47:B1,5,6,10,3,8")
        assert sign * (evaluate_board(b, w) - evaluate_board(b)) > 0
