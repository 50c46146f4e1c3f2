"""Pattern evaluation: the windows, the compiled look-up against a plain reading of the
board square by square, colour symmetry, and the compiled kernel against its own code
run by the interpreter."""

from __future__ import annotations

import numpy as np
import pytest
from tests.engine.conftest import random_positions

from shashki import Board
from shashki.color import BLACK, WHITE
from shashki.engine.evaluate import (
    NO_KINGS,
    PAT_SCALE,
    PAT_SIZE,
    eval_arrays,
    evaluate,
    evaluate_board,
    pattern_windows,
    rotated_window,
    weights_for,
    window_step,
)
from shashki.rules import variant_by_name
from shashki.rules.bits import U64

VARIANTS = ["russian", "brazilian", "international", "russian-80", "russian-giveaway"]


def _random_patterns(variant: str, seed: int, step: int = 2) -> np.ndarray:
    v = variant_by_name(variant)
    rng = np.random.default_rng(seed)
    return rng.integers(-3000, 3000, size=(len(pattern_windows(v, step)), PAT_SIZE, 2),
                        dtype=np.int32)


def _with_balance(variant: str) -> dict:
    """The hand-set weights with the (learned-only) balance terms set."""
    return dict(weights_for(variant), balance_open=-70, balance_end=-30)


def _reference(board: Board, pw: np.ndarray) -> int:
    """The pattern term for the side to move, read square by square (no bitboards)."""
    v = board.variant
    n = v.geometry.squares
    windows = pattern_windows(v, window_step(v, len(pw)))
    men = {c: set(board.pieces(c, False)) for c in (WHITE, BLACK)}
    total = 2 * v.men_per_side
    nmen = min(len(men[WHITE]) + len(men[BLACK]), total)
    if nmen == 0:
        return 0
    sums = [0, 0]
    for i, squares in enumerate(windows):
        for color, sign in ((WHITE, 1), (BLACK, -1)):
            idx = 0
            for k, sq in enumerate(squares):
                s = sq if color is WHITE else n + 1 - sq  # Black reads the turned board
                trit = 1 if s in men[color] else 2 if s in men[color.other] else 0
                idx += trit * 3 ** k
            for ph in (0, 1):
                sums[ph] += sign * int(pw[i, idx, ph])
    t = sums[0] * nmen + sums[1] * (total - nmen)
    white = abs(t) // (total * PAT_SCALE) * (1 if t >= 0 else -1)
    return white if board.turn is WHITE else -white


def _eval(board: Board, arrays: tuple, fn=evaluate, kt=NO_KINGS) -> int:
    geo, _rules = board.variant.kernel_arrays()
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    return int(fn(U64(own), U64(opp), U64(k), t, geo, *arrays, kt, U64(0)))


@pytest.mark.parametrize("step", [1, 2])
def test_windows_cover_the_board_and_turn_into_each_other(step: int) -> None:
    for name in VARIANTS:
        v = variant_by_name(name)
        windows = pattern_windows(v, step)
        assert all(len(w) == 8 for w in windows)
        assert set().union(*windows) == set(range(1, v.geometry.squares + 1))
        rot = [rotated_window(v, windows, i) for i in range(len(windows))]
        assert sorted(rot) == list(range(len(windows)))
        assert all(rot[r] == i for i, r in enumerate(rot))
        assert len(set(windows)) == len(windows)
    # Scan's layout on 10x10: 16 windows; 8x8: 9; 10x8: 12; every placement: 49, 25, 35
    counts = [len(pattern_windows(variant_by_name(n), step)) for n in
              ("international", "russian", "russian-80")]
    assert counts == ([16, 9, 12] if step == 2 else [49, 25, 35])


@pytest.mark.parametrize("step", [1, 2])
@pytest.mark.parametrize("name", VARIANTS)
def test_compiled_lookup_matches_square_by_square(name: str, step: int) -> None:
    v = variant_by_name(name)
    pw = _random_patterns(name, 3, step)
    with_p = eval_arrays(v, patterns=pw)
    without = eval_arrays(v)
    checked = 0
    for board in random_positions(name, games=4, seed=5)[::2]:
        diff = _eval(board, with_p) - _eval(board, without)
        assert diff == _reference(board, pw), board.fen()
        checked += 1
    assert checked > 40


def _turned(board: Board) -> Board:
    """The position turned 180 degrees with the colours swapped (and the turn)."""
    v = board.variant
    n = v.geometry.squares
    parts = []
    for color in (WHITE, BLACK):
        other = color.other
        sq = [f"K{n + 1 - s}" for s in board.pieces(other, True)]
        sq += [str(n + 1 - s) for s in board.pieces(other, False)]
        parts.append(color.letter + ",".join(sq))
    return Board(v.name, f"{board.turn.other.letter}:{parts[0]}:{parts[1]}")


@pytest.mark.parametrize("step", [1, 2])
@pytest.mark.parametrize("name", VARIANTS)
def test_evaluation_is_colour_symmetric(name: str, step: int) -> None:
    """Turning the board and swapping the colours leaves the score of the side to move
    (these boards have no mirror symmetry: a mirror maps dark squares to light ones)."""
    v = variant_by_name(name)
    arrays = eval_arrays(v, _with_balance(name), patterns=_random_patterns(name, 4, step))
    for board in random_positions(name, games=3, seed=9)[::3]:
        t = _turned(board)
        assert _eval(board, arrays) == _eval(t, arrays), board.fen()
    g = v.geometry
    assert g.square_at(g.files - 1, 0) is None  # the mirror of a1 is a light square


@pytest.mark.parametrize("step", [1, 2])
@pytest.mark.parametrize("name", VARIANTS)
def test_compiled_and_interpreted_evaluations_agree(name: str, step: int) -> None:
    v = variant_by_name(name)
    arrays = eval_arrays(v, _with_balance(name), patterns=_random_patterns(name, 5, step))
    for board in random_positions(name, games=2, seed=13)[::4]:
        assert _eval(board, arrays) == _eval(board, arrays, evaluate.py_func), board.fen()


def test_evaluate_board_takes_patterns() -> None:
    board = Board("russian", "W:W21,22,23:B9,10,11")
    pw = _random_patterns("russian", 6)
    assert evaluate_board(board, patterns=pw) - evaluate_board(board) == _reference(board, pw)


def test_wrong_pattern_shape() -> None:
    from shashki.engine.evaluate import EvalError

    with pytest.raises(EvalError, match="shape"):
        eval_arrays(variant_by_name("russian"), patterns=np.zeros((16, PAT_SIZE, 2)))
