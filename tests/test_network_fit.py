"""tools/network_fit.py: the inputs it gives a network and the fit it measures with."""

from __future__ import annotations

import numpy as np
from tools import network_fit

from shashki import Board


def test_the_inputs_name_every_piece_on_its_square() -> None:
    boards = [Board("russian"), Board("russian", "B:WKa1,c3:BKh8,f6")]
    pos = np.array([b.position for b in boards], dtype=np.uint64)
    x = network_fit.piece_inputs("russian", pos)
    assert x.shape == (2, 4 * 32 + 1)
    # the start: 12 men a side, no kings, White to move
    assert x[0, :32].sum() == 12 and x[0, 32:64].sum() == 12 and x[0, 64:128].sum() == 0
    assert x[0, -1] == 1
    # a man and a king a side, Black to move; each piece counted once, in its own block
    assert [x[1, i * 32:(i + 1) * 32].sum() for i in range(4)] == [1, 1, 1, 1]
    assert x[1, -1] == 0
    # squares in the order of their numbers: c3 is 22, a1 29, h8 4, f6 11
    assert [np.flatnonzero(x[1, i * 32:(i + 1) * 32])[0] + 1 for i in range(4)] == [22, 11, 29, 4]
    assert x[0, 21] == 1 and x[0, 10] == 0


def test_the_fit_learns_a_planted_rule_and_the_offset_is_kept() -> None:
    """Labels that depend on one input only: the network must get close to their entropy;
    with the rule given as the offset, it has nothing left to learn."""
    rng = np.random.default_rng(3)
    x = (rng.random((20000, 9)) < 0.5).astype(np.float32)
    logit = np.where(x[:, 0] > 0, 2.0, -2.0)
    y = 1 / (1 + np.exp(-logit))
    rows = np.arange(len(y))
    train, test = rows[rows % 10 != 9], rows[rows % 10 == 9]
    floor = network_fit.cross_entropy(y[test], y[test])
    blind = network_fit.cross_entropy(np.full(len(test), y.mean()), y[test])
    learned = network_fit.fit_network(x, y, np.zeros(len(y), np.float32), train, test,
                                      hidden=8, epochs=40, seed=0, log=lambda _m: None)
    assert learned < floor + 0.1 * (blind - floor)
    given = network_fit.fit_network(x, y, logit.astype(np.float32), train, test,
                                    hidden=8, epochs=2, seed=0, log=lambda _m: None)
    assert given < floor + 0.01
