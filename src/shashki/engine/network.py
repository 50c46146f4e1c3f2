"""A small network evaluation: the pieces in, a score out (issue 17's "small network").

The network sees the board from the side to move: four planes of the playable squares
(own men, the opponent's men, own kings, the opponent's kings), Black's view turned 180
degrees, so one set of weights serves both colours and the evaluation is colour-symmetric
by construction. Two hidden layers of clipped ReLUs (``H1`` and ``H2`` units, the
activations kept in [0, 1]) give one output, a log-odds of the side to move's result;
divided by the logistic scale ``k`` of the fit it is a score in hundredths of a man.

A network is either *beside* a pattern model (``residual``: the model's score plus the
network's) or the whole evaluation of positions with men (``alone``); kings-only
positions keep the hand-set rules in both (the training data holds only positions with
men).

A model file stores the network as one float32 array of rows of ``H1`` (:func:`pack`);
the engine reads it in the kernel's form (:func:`expand`) from scratch at every leaf
(:func:`network_score`): the first layer is a table look-up a board row for the men (the
sum of the rows of every configuration of men on it) and a row a king, the second an
``H1 x H2`` product. 64 and 32 units cost about as much as the pattern evaluation
(docs/engine.md, "A network evaluation").

>>> import numpy as np
>>> from shashki.rules import variant_by_name
>>> v = variant_by_name("russian")
>>> net = pack(v, init_params(4 * 32, 32, 8, np.random.default_rng(1)), 0.005, RESIDUAL)
>>> net.shape, int(net[R_HEAD, C_H2]), int(net[R_HEAD, C_MODE])
((524, 32), 8, 0)
>>> expand(v, net).shape  # and a table of 81 rows for each board row
(1175, 32)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

from shashki.rules.bits import U64, kernel, lsb_index

if TYPE_CHECKING:
    from shashki.rules.variant import Variant

RESIDUAL, ALONE = 0, 1
"""How the network's score counts: added to the pattern model's, or on its own."""

# a packed network: float32 rows of H1 (see pack)
R_HEAD = 0
R_W1 = 1
PLANES = 4
BITS = 64
R_B1 = R_W1 + 2 * PLANES * BITS
R_W2 = R_B1 + 1
C_H2, C_MODE, C_SCALE, C_B3, C_ROWS, C_WIDTH, C_TAB = range(7)
"""Header row columns: ``H2``, the mode, ``1/k``, the output bias; in the kernel's form
(:func:`expand`) also the board's rows, the squares a row and where the tables start."""
MIN_H1 = 32
"""The kernel's form keeps a row's base-3 digits in one row of ``H1`` (32 bit patterns)."""
FAST_H1, FAST_H2 = 64, 32
"""The shipped shape: the kernel loops over it with constant counts, which LLVM unrolls
and vectorizes whole, without the remainder's tests (a leaf 127 ns against 148 with the
same loops over the array's own shape; docs/engine.md, "A network evaluation")."""

EMPTY = np.zeros((0, 4), dtype=np.float32)
"""No network."""


def inputs(variant: Variant, pos: Any) -> Any:
    """float32 ``(n, 4 * squares)``: each position (``(n, 4)`` uint64: White, Black,
    kings, side to move) from the side to move's view: own men, the opponent's men, own
    kings, the opponent's kings on the squares in the order of their numbers, Black's
    squares numbered from the other end (the board turned 180 degrees)."""
    g = variant.geometry
    n = g.squares
    pos = np.asarray(pos, dtype=np.uint64)
    black = pos[:, 3] != 0
    own = np.where(black, pos[:, 1], pos[:, 0])
    opp = np.where(black, pos[:, 0], pos[:, 1])
    kings = pos[:, 2]
    x = np.zeros((len(pos), PLANES * n), dtype=np.float32)
    rows = np.arange(len(pos))
    for sq in range(1, n + 1):
        m = np.uint64(1) << np.uint64(g.bit(sq))
        col = np.where(black, n - sq, sq - 1)  # Black's square sq is White's n + 1 - sq
        k = (kings & m) != 0
        mine, theirs = (own & m) != 0, (opp & m) != 0
        planes = (mine & ~k, theirs & ~k, mine & k, theirs & k)
        for plane, on in enumerate(planes):
            x[rows[on], plane * n + col[on]] = 1.0
    return x


def init_params(n_in: int, h1: int, h2: int, rng: Any) -> list[Any]:
    """He-initialised weights ``[w1, b1, w2, b2, w3, b3]`` (the output layer zero, so
    an untrained network adds nothing)."""
    return [(rng.standard_normal((n_in, h1)) * np.sqrt(2 / n_in)).astype(np.float32),
            np.zeros(h1, np.float32),
            (rng.standard_normal((h1, h2)) * np.sqrt(2 / h1)).astype(np.float32),
            np.zeros(h2, np.float32), np.zeros((h2, 1), np.float32), np.zeros(1, np.float32)]


def forward(params: list[Any], x: Any) -> tuple[Any, Any, Any]:
    """``(h1, h2, out)``: the activations and the log-odds of ``x``'s rows."""
    w1, b1, w2, b2, w3, b3 = params
    h1 = np.clip(x @ w1 + b1, 0, 1)
    h2 = np.clip(h1 @ w2 + b2, 0, 1)
    return h1, h2, (h2 @ w3 + b3)[:, 0]


def cross_entropy(p: Any, y: Any) -> float:
    """Mean cross-entropy of probabilities ``p`` against labels ``y``."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def sigmoid(x: Any) -> Any:
    return 1 / (1 + np.exp(-x))


def fit(x: Any, y: Any, offset: Any, train: Any, test: Any, h1: int, h2: int, epochs: int,
        seed: int, log: Callable[[str], None] | None = None,
        batch: int = 1024, rate: float = 1e-3) -> tuple[list[Any], float]:
    """Fit ``offset + net(x)`` (log-odds) to the labels ``y`` on the rows ``train`` by
    Adam on minibatches (seeded), the rate on a cosine from ``rate`` to 0; returns the
    weights and the held-out loss on ``test``."""
    rng = np.random.default_rng(seed)
    params = init_params(x.shape[1], h1, h2, rng)
    m1 = [np.zeros_like(p) for p in params]
    m2 = [np.zeros_like(p) for p in params]
    step = 0
    loss = float("nan")
    for epoch in range(epochs):
        lr = rate * 0.5 * (1 + np.cos(np.pi * epoch / epochs))
        order = rng.permutation(train)
        for s in range(0, len(order), batch):
            rows = order[s:s + batch]
            xi = x[rows]
            a1, a2, out = forward(params, xi)
            g = ((sigmoid(out + offset[rows]) - y[rows]) / len(rows)).astype(np.float32)[:, None]
            d2 = (g @ params[4].T) * ((a2 > 0) & (a2 < 1))
            d1 = (d2 @ params[2].T) * ((a1 > 0) & (a1 < 1))
            grads = [xi.T @ d1, d1.sum(0), a1.T @ d2, d2.sum(0), a2.T @ g, g.sum(0)]
            step += 1
            for p, gp, a, b in zip(params, grads, m1, m2, strict=True):
                a *= 0.9
                a += 0.1 * gp
                b *= 0.999
                b += 0.001 * gp * gp
                p -= lr * (a / (1 - 0.9 ** step)) / (np.sqrt(b / (1 - 0.999 ** step)) + 1e-8)
        if len(test):
            loss = cross_entropy(sigmoid(forward(params, x[test])[2] + offset[test]), y[test])
        if log is not None:
            log(f"  epoch {epoch + 1}: held-out {loss:.5f}")
    return params, loss


def pack(variant: Variant, params: list[Any], k: float, mode: int) -> Any:
    """The network as the engine reads it: one float32 array of rows of ``H1``, so that
    the kernel indexes it directly (views cost more than the arithmetic): a header row
    (``H2``, the mode, ``1/k``, the output bias), the first layer's rows for White to
    move and for Black to move (``2 x 4 x 64``, by plane and bit, so that the kernel need
    not turn the board), ``b1``, the second layer (``H2`` rows of ``H1``), then a row of
    ``b2`` and one of ``w3`` (``H2`` <= ``H1``)."""
    w1, b1, w2, b2, w3, b3 = (np.asarray(p, dtype=np.float32) for p in params)
    g = variant.geometry
    n = g.squares
    h1, h2 = w1.shape[1], w2.shape[1]
    if w1.shape[0] != PLANES * n or h2 > h1 or h1 < MIN_H1:
        raise ValueError(f"a {variant.name} network needs {PLANES * n} inputs and "
                         f"H2 <= H1, {MIN_H1} <= H1, not {w1.shape[0]}, {h1}, {h2}")
    net = np.zeros((R_W2 + h2 + 2, h1), dtype=np.float32)
    net[R_HEAD, [C_H2, C_MODE, C_SCALE, C_B3]] = h2, mode, 1.0 / k, float(b3.ravel()[0])
    for sq in range(1, n + 1):
        for plane in range(PLANES):
            net[R_W1 + plane * BITS + g.bit(sq)] = w1[plane * n + sq - 1]
            net[R_W1 + (PLANES + plane) * BITS + g.bit(sq)] = w1[plane * n + n - sq]
    net[R_B1] = b1
    net[R_W2:R_W2 + h2] = w2.T
    net[R_W2 + h2, :h2] = b2
    net[R_W2 + h2 + 1, :h2] = w3.ravel()
    return net


def unpack(variant: Variant, net: Any) -> tuple[list[Any], float, int]:
    """``(params, k, mode)`` of a packed network (:func:`pack`'s inverse)."""
    g = variant.geometry
    n = g.squares
    h1, h2 = net.shape[1], int(net[R_HEAD, C_H2])
    w1 = np.zeros((PLANES * n, h1), dtype=np.float32)
    for sq in range(1, n + 1):
        for plane in range(PLANES):
            w1[plane * n + sq - 1] = net[R_W1 + plane * BITS + g.bit(sq)]
    params = [w1, net[R_B1].copy(), net[R_W2:R_W2 + h2].T.copy(),
              net[R_W2 + h2, :h2].copy(), net[R_W2 + h2 + 1, :h2].reshape(h2, 1).copy(),
              net[R_HEAD, C_B3:C_B3 + 1].copy()]
    return params, 1.0 / float(net[R_HEAD, C_SCALE]), int(net[R_HEAD, C_MODE])


def check(variant: Variant, net: Any) -> None:
    """Raise ValueError unless ``net`` is a packed network (or the empty one)."""
    if net.shape[0] == 0:
        return
    h1 = net.shape[1]
    h2 = int(net[R_HEAD, C_H2]) if net.ndim == 2 else -1
    if (net.ndim != 2 or h1 < MIN_H1 or not 1 <= h2 <= h1 or net.shape[0] != R_W2 + h2 + 2
            or int(net[R_HEAD, C_MODE]) not in (RESIDUAL, ALONE)):
        raise ValueError(f"not a packed network for {variant.name} (shape {net.shape})")


def expand(variant: Variant, net: Any) -> Any:
    """The kernel's form of a packed network: the packed rows, then a row of each board
    row's first bit, a row of the base-3 value of every 5-bit pattern and one of the
    same pattern's mirror image (its squares in the other order), and for each board row
    a table of the first layer's sum for every configuration of men on the row
    (3^squares: empty, own, the other's) as White sees it. A position's first layer is
    then one look-up a board row (and a row a king) instead of a row a man; the same sums
    up to float32 rounding. Black's view is the board turned 180 degrees, so Black's
    row ``r`` is White's row ``ranks - 1 - r`` mirrored: one table serves both sides,
    half the memory of one a side, which the search reads at every leaf (docs/engine.md,
    "Where the time goes")."""
    check(variant, net)
    if net.shape[0] == 0:
        return net
    g = variant.geometry
    h1, h2 = net.shape[1], int(net[R_HEAD, C_H2])
    rows = [[g.bit(sq) for f in range(g.files) if (sq := g.square_at(f, r)) is not None]
            for r in range(g.ranks)]
    width = len(rows[0])
    if any(len(r) != width or r != list(range(r[0], r[0] + width)) for r in rows):
        raise ValueError(f"{variant.name}: a board row's squares are not neighbouring bits")
    size = 3 ** width
    r_lo = R_W2 + h2 + 2
    tab = r_lo + 3
    out = np.zeros((tab + g.ranks * size, h1), dtype=np.float32)
    out[:r_lo] = net
    out[R_HEAD, [C_ROWS, C_WIDTH, C_TAB]] = g.ranks, width, tab
    out[r_lo, :g.ranks] = [r[0] for r in rows]
    out[r_lo + 1, :32] = [sum(3 ** k for k in range(5) if b >> k & 1) for b in range(32)]
    out[r_lo + 2, :2 ** width] = [sum(3 ** (width - 1 - k) for k in range(width) if b >> k & 1)
                                  for b in range(2 ** width)]
    for r, bits in enumerate(rows):
        for c in range(size):
            acc = np.zeros(h1, dtype=np.float64)
            for k, bit in enumerate(bits):
                digit = c // 3 ** k % 3
                if digit:  # 1: own man (plane 0), 2: the other's (plane 1)
                    acc += net[R_W1 + (digit - 1) * BITS + bit]
            out[tab + r * size + c] = acc
    return out


@njit(cache=True, fastmath=True, inline="always")
def _add(buf: Any, net: Any, row: Any, h1: Any) -> None:
    """``buf[0] += net[row]`` (``h1`` wide)."""
    for j in range(h1):
        buf[0, j] += net[row, j]


@njit(cache=True, fastmath=True, inline="always")
def _add_row(buf: Any, net: Any, row: Any, h1: Any) -> None:
    """``buf[0] += net[row]``, with a constant width for the shipped shape."""
    if h1 == FAST_H1:
        _add(buf, net, row, FAST_H1)
    else:
        _add(buf, net, row, h1)


@njit(cache=True, fastmath=True, inline="always")
def _dense(buf: Any, net: Any, h1: Any, h2: Any) -> Any:
    """The output: ``b3 + w3 . clip(W2 buf[0] + b2)``."""
    out = net[R_HEAD, C_B3]
    for i in range(h2):
        s = net[R_W2 + h2, i]
        for j in range(h1):
            s += net[R_W2 + i, j] * buf[0, j]
        out += net[R_W2 + h2 + 1, i] * min(max(s, np.float32(0.0)), np.float32(1.0))
    return out


@kernel(fastmath=True)
def _first(buf: Any, net: Any, own: Any, opp: Any, kings: Any, side: Any) -> None:
    """``buf[0]``: the first layer's sums (before the clip) of a position from the view
    of ``side``, the side to move (``own``): a table look-up a board row for the men,
    a row a king (:func:`expand`)."""
    h1 = net.shape[1]
    h2 = np.int64(net[R_HEAD, C_H2])
    ranks = np.int64(net[R_HEAD, C_ROWS])
    width = np.int64(net[R_HEAD, C_WIDTH])
    size = np.int64(3 ** width)
    mask = (U64(1) << U64(width)) - U64(1)
    r_lo = R_W2 + h2 + 2
    tab = np.int64(net[R_HEAD, C_TAB])
    for j in range(h1):
        buf[0, j] = net[R_B1, j]
    men_o = own & ~kings
    men_p = opp & ~kings
    # Black reads White's table: its row r is White's row ranks - 1 - r, mirrored
    digits = r_lo + 1 + np.int64(side)
    for r in range(ranks):
        lo = U64(net[r_lo, r])
        a = np.int64((men_o >> lo) & mask)
        b = np.int64((men_p >> lo) & mask)
        if a | b:
            rr = r if side == 0 else ranks - 1 - r
            row = tab + rr * size + np.int64(net[digits, a]) + 2 * np.int64(net[digits, b])
            _add_row(buf, net, row, h1)
    base = R_W1 + np.int64(side) * PLANES * BITS
    for plane in range(2, PLANES):
        x = own & kings if plane == 2 else opp & kings
        while x:
            b1 = x & (~x + U64(1))
            x ^= b1
            _add_row(buf, net, base + plane * BITS + lsb_index(b1), h1)


@kernel(fastmath=True)
def _output(buf: Any, net: Any) -> Any:
    """The score (hundredths of a man, towards zero) from the first layer's sums in
    ``buf[0]`` (clipped in place)."""
    h1 = net.shape[1]
    h2 = np.int64(net[R_HEAD, C_H2])
    for j in range(h1):
        buf[0, j] = min(max(buf[0, j], np.float32(0.0)), np.float32(1.0))
    if h1 == FAST_H1 and h2 == FAST_H2:
        out = _dense(buf, net, FAST_H1, FAST_H2)
    else:
        out = _dense(buf, net, h1, h2)
    return np.int64(np.float64(out) * np.float64(net[R_HEAD, C_SCALE]))


@kernel()
def network_score_in(own: Any, opp: Any, kings: Any, side: Any, net: Any, buf: Any) -> Any:
    """:func:`network_score` working in ``buf`` (float32, at least ``(1, H1)``; the
    search's own, :func:`shashki.engine.evaluate.evaluate_in`)."""
    _first(buf, net, own, opp, kings, side)
    return _output(buf, net)


@njit(cache=True)
def network_score(own: Any, opp: Any, kings: Any, side: Any, net: Any) -> Any:
    """The network's score (hundredths of a man, rounded towards zero) of a position
    for the side to move ``own`` (``side`` its colour); ``net`` in the kernel's form
    (:func:`expand`)."""
    return network_score_in(own, opp, kings, side, net,
                            np.empty((1, net.shape[1]), dtype=np.float32))
