"""Network evaluation: the inputs, the fit, the packed array, the compiled kernel against
numpy's forward pass and against its own code run by the interpreter, colour symmetry,
and model files that carry a network."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from tests.engine.conftest import random_positions
from tests.engine.test_patterns import _eval, _random_patterns, _turned

from shashki import Board
from shashki.engine import network as N
from shashki.engine.evaluate import EvalError, eval_arrays, evaluate, evaluate_board
from shashki.engine.model import LearnError, Model, load_model, save_model
from shashki.rules import variant_by_name

VARIANTS = ["russian", "brazilian", "international", "russian-80", "russian-giveaway"]


def _random_net(variant: str, seed: int, mode: int, h1: int = 32, h2: int = 8) -> np.ndarray:
    """A packed network with random weights large enough to move every unit."""
    v = variant_by_name(variant)
    rng = np.random.default_rng(seed)
    params = N.init_params(4 * v.geometry.squares, h1, h2, rng)
    params[1] = rng.normal(0.3, 0.3, h1).astype(np.float32)
    params[3] = rng.normal(0.2, 0.3, h2).astype(np.float32)
    params[4] = rng.normal(0, 1, (h2, 1)).astype(np.float32)
    params[5] = np.array([0.1], np.float32)
    return N.pack(v, params, 0.005, mode)


def test_the_inputs_are_the_side_to_move_s_pieces_black_s_turned() -> None:
    boards = [Board("russian"), Board("russian", "W:WKa1,c3:BKh8,f6"),
              Board("russian", "B:WKa1,c3:BKh8,f6")]
    pos = np.array([b.position for b in boards], dtype=np.uint64)
    x = N.inputs(variant_by_name("russian"), pos)
    assert x.shape == (3, 4 * 32)
    # the start: 12 men a side, no kings
    assert x[0, :32].sum() == 12 and x[0, 32:64].sum() == 12 and x[0, 64:].sum() == 0
    assert x[0, 20] == 1 and x[0, 32 + 11] == 1 and x[0, 12] == 0  # 21 own, 12 the other's
    # White to move: own man c3 (22), the other's man f6 (11), own king a1 (29), h8 (4)
    planes = [np.flatnonzero(x[1, i * 32:(i + 1) * 32]) + 1 for i in range(4)]
    assert [p.tolist() for p in planes] == [[22], [11], [29], [4]]
    # Black to move: its man f6 (11) is its square 33 - 11 = 22, and so on
    planes = [np.flatnonzero(x[2, i * 32:(i + 1) * 32]) + 1 for i in range(4)]
    assert [p.tolist() for p in planes] == [[22], [11], [29], [4]]


def test_the_fit_learns_a_planted_rule_and_the_offset_is_kept() -> None:
    """Labels that depend on one input only: the network must get close to their entropy;
    with the rule given as the offset, it has nothing left to learn."""
    rng = np.random.default_rng(3)
    x = (rng.random((20000, 9)) < 0.5).astype(np.float32)
    logit = np.where(x[:, 0] > 0, 2.0, -2.0)
    y = 1 / (1 + np.exp(-logit))
    rows = np.arange(len(y))
    train, test = rows[rows % 10 != 9], rows[rows % 10 == 9]
    floor = N.cross_entropy(y[test], y[test])
    blind = N.cross_entropy(np.full(len(test), y.mean()), y[test])
    _p, learned = N.fit(x, y, np.zeros(len(y), np.float32), train, test, 8, 8, 40, 0)
    assert learned < floor + 0.1 * (blind - floor)
    _p, given = N.fit(x, y, logit.astype(np.float32), train, test, 8, 8, 2, 0)
    assert given < floor + 0.01


def test_the_fit_is_the_same_from_the_same_seed() -> None:
    rng = np.random.default_rng(4)
    x = (rng.random((3000, 6)) < 0.5).astype(np.float32)
    y = (x[:, 1] * 0.6 + 0.2).astype(np.float64)
    rows = np.arange(len(y))
    a, _ = N.fit(x, y, np.zeros(len(y), np.float32), rows, rows[:0], 4, 4, 3, 7)
    b, _ = N.fit(x, y, np.zeros(len(y), np.float32), rows, rows[:0], 4, 4, 3, 7)
    assert all(np.array_equal(p, q) for p, q in zip(a, b, strict=True))


@pytest.mark.parametrize("name", ["russian", "international"])
def test_pack_and_unpack(name: str) -> None:
    v = variant_by_name(name)
    params = N.init_params(4 * v.geometry.squares, 32, 4, np.random.default_rng(2))
    params[4] = np.arange(4, dtype=np.float32).reshape(4, 1)
    back, k, mode = N.unpack(v, N.pack(v, params, 0.004, N.ALONE))
    assert mode == N.ALONE and k == pytest.approx(0.004)
    for p, q in zip(params, back, strict=True):
        assert np.array_equal(p.reshape(q.shape), q)


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("shape", [(32, 8), (N.FAST_H1, N.FAST_H2)])
def test_the_kernel_agrees_with_numpy(name: str, shape: tuple[int, int]) -> None:
    """The compiled network reads the packed rows by bit; numpy's forward pass reads
    :func:`inputs` by square number: the same score for every position, in the shipped
    shape (constant loops) and another."""
    v = variant_by_name(name)
    packed = _random_net(name, 5, N.ALONE, *shape)
    params, k, _mode = N.unpack(v, packed)
    net = N.expand(v, packed)
    boards = random_positions(name, games=2, seed=21)[::2]
    pos = np.array([b.position for b in boards], dtype=np.uint64)
    want = N.forward(params, N.inputs(v, pos))[2] / k
    for board, w in zip(boards, want, strict=True):
        wh, bl, kg, t = board.position
        own, opp = (wh, bl) if t == 0 else (bl, wh)
        got = N.network_score(np.uint64(own), np.uint64(opp), np.uint64(kg), t, net)
        assert abs(got - w) <= 1, board.fen()
    assert np.ptp(want) > 20  # the random network does tell positions apart


@pytest.mark.parametrize("mode", [N.RESIDUAL, N.ALONE])
@pytest.mark.parametrize("name", VARIANTS)
def test_evaluation_with_a_network_is_colour_symmetric(name: str, mode: int) -> None:
    v = variant_by_name(name)
    arrays = eval_arrays(v, patterns=_random_patterns(name, 4), network=_random_net(name, 6, mode))
    for board in random_positions(name, games=3, seed=9)[::3]:
        assert _eval(board, arrays) == _eval(_turned(board), arrays), board.fen()


@pytest.mark.parametrize("mode", [N.RESIDUAL, N.ALONE])
@pytest.mark.parametrize("name", ["russian", "international"])
def test_compiled_and_interpreted_evaluations_agree_with_a_network(name: str, mode: int) -> None:
    v = variant_by_name(name)
    arrays = eval_arrays(v, patterns=_random_patterns(name, 5), network=_random_net(name, 7, mode))
    for board in random_positions(name, games=2, seed=13)[::4]:
        assert _eval(board, arrays) == _eval(board, arrays, evaluate.py_func), board.fen()


def test_how_the_network_counts() -> None:
    """Beside the patterns it adds its score; alone it is the score of a position with
    men; kings-only positions keep the hand-set rules either way."""
    name = "russian"
    v = variant_by_name(name)
    pw = _random_patterns(name, 8)
    board = Board(name, "W:W21,22,23,K5:B9,10,11")
    alone = _random_net(name, 9, N.ALONE)
    residual = _random_net(name, 9, N.RESIDUAL)
    wh, bl, kg, t = board.position
    net_score = int(N.network_score(np.uint64(wh), np.uint64(bl), np.uint64(kg), t,
                                    N.expand(v, alone)))
    assert net_score != 0
    plain = evaluate_board(board, patterns=pw)
    assert evaluate_board(board, patterns=pw, network=residual) == plain + net_score
    assert evaluate_board(board, patterns=pw, network=alone) == net_score
    kings = Board(name, "W:WK21,K22:BK9")
    assert (evaluate_board(kings, patterns=pw, network=alone)
            == evaluate_board(kings, patterns=pw) == evaluate_board(kings, patterns=pw,
                                                                    network=residual))
    assert v.name == name


def test_a_bad_network_is_refused() -> None:
    v = variant_by_name("russian")
    net = _random_net("russian", 1, N.ALONE)
    with pytest.raises(EvalError, match="not a packed network"):
        eval_arrays(v, network=net[:-1])
    with pytest.raises(ValueError, match="needs 128 inputs"):
        N.pack(v, N.init_params(4 * 50, 32, 4, np.random.default_rng(0)), 0.005, N.ALONE)


def test_a_model_file_keeps_its_network(tmp_path: Path) -> None:
    net = _random_net("russian", 3, N.ALONE)
    pw = _random_patterns("russian", 3)
    from shashki.engine.evaluate import weights_for

    model = Model("russian", weights_for("russian"), pw, {"recipe": "test"}, net)
    without = Model("russian", weights_for("russian"), pw, {"recipe": "test"})
    assert model.weights_hash() != without.weights_hash()
    path = tmp_path / "m.npz"
    save_model(model, path)
    back = load_model(path)
    assert np.array_equal(back.network, net) and back.weights_hash() == model.weights_hash()
    # a network changed after the hash was taken is caught
    z = dict(np.load(path))
    z["network"] = z["network"] * 2
    bad = tmp_path / "bad.npz"
    np.savez(bad, **z)
    with pytest.raises(LearnError, match="do not match their hash"):
        load_model(bad)


@pytest.mark.parametrize(("name", "fen"), [
    ("russian", "B:W18,21,22,24,26-32:B1-11,13"),
    ("brazilian", "B:W18,21,22,24,26-32:B1-11,13"),
    ("international", "B:W27,29,31-39,42-50:B1-18,20,23"),
])
def test_the_shipped_model_plays_with_its_network(name: str, fen: str) -> None:
    """Russian, Brazilian and International ship a network alone (docs/engine.md, "A
    network evaluation"): the engine loads it, and the static score of a position with men
    is the network's."""
    from shashki.engine import Engine
    from shashki.engine.model import model_for

    m = model_for(name)
    assert m is not None and m.network is not None and m.variant == name
    assert int(m.network[N.R_HEAD, N.C_MODE]) == N.ALONE
    assert m.meta["recipe"]["network"]["base_weights_hash"]
    e = Engine(name, hash_mb=1)
    assert e.net.shape[0] > 0
    v = variant_by_name(name)
    board = Board(name, fen)
    wh, bl, kg, t = board.position
    want = int(N.network_score(np.uint64(bl), np.uint64(wh), np.uint64(kg), t,
                               N.expand(v, m.network)))
    assert evaluate_board(board, m.weights, m.patterns, m.network) == want
