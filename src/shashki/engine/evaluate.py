"""Static evaluation: one compiled function for every variant, weights from a data file.

The score is in hundredths of a man (100 = one man) from the side to move's point of
view. Each side's pieces are scored by the same terms and the two sums are subtracted:

- material: men, the first king and each further king;
- advancement: a value per row counted from the own back rank, blended between an
  opening table (every man on the board) and an endgame table (no men left);
- centre and edge: men on the central squares, men on the side files;
- runaway men: a man a few rows from promotion with no enemy piece in its forward cone
  (the squares it can still pass), worth less while the opponent has a king;
- kings: a bonus for a king on the main road (большак) and for every square the kings
  can move to (mobility);
- back-rank guard: men still on the squares that stop enemy promotions;
- blocked men: men that cannot step forward;
- kings-only endings: against a lone king the stronger side wins with
  ``lone_king_kings`` kings unless the lone king holds the main road, other kings-only
  positions are shrunk towards the draw; three kings against a king off the main road
  lose part of that bonus by the plies to the win a table fitted to the endgame
  databases estimates (:mod:`shashki.engine.lone_king`; the engine's, not
  :func:`evaluate_board`'s).

A learned model adds pattern weights (:func:`pattern_windows`) and may carry a small
network (:mod:`shashki.engine.network`), which then adds to these terms or, *alone*,
replaces all of them in positions with men.

Giveaway uses the same terms with its own weights (material counts against its owner);
the search reverses the meaning of "cannot move". Weights live in ``weights.json`` so
that they can be tuned without touching code.

>>> from shashki import Board
>>> evaluate_board(Board("russian")) == weights_for("russian")["turn"]  # symmetric position
True
>>> evaluate_board(Board("russian", "W:W21-32:B1-11")) > 90
True
>>> evaluate_board(Board("russian-giveaway", "W:W21-32:B1-11")) < -90
True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit

# numba's disk cache keys ``evaluate_in`` on this file alone: a change to the network's
# kernels needs a change here too (last: one first-layer table for both sides, 2026-12-07)
from shashki.engine.network import ALONE, C_MODE, R_HEAD, network_score_in
from shashki.engine.network import EMPTY as NO_NETWORK
from shashki.engine.network import expand as expand_network
from shashki.rules.bits import U64, ZERO, kernel, lsb_index, popcount
from shashki.rules.kernels import _step

if TYPE_CHECKING:
    from shashki.board import Board
    from shashki.rules.variant import Variant

# ew[] (int64 weights)
(W_MAN, W_KING, W_KING_EXTRA, W_CENTRE, W_EDGE, W_KING_ROAD, W_KMOB, W_GUARD, W_BLOCKED,
 W_RUN_VS_KING, W_TURN, W_LK_KINGS, W_LK_ROAD_DRAW, W_LK_BONUS, W_KO_DIV, W_NOISE,
 W_SEED, W_BAL_OPEN, W_BAL_END, W_RUN) = range(20)
N_RUN = 8
EW_SIZE = W_RUN + N_RUN

# em[] (uint64 masks)
EM_CENTRE, EM_EDGE, EM_ROAD, EM_GUARD, EM_RUNZONE, EM_BOARD, EM_ROWS = 0, 2, 4, 5, 7, 9, 10
# EM_CENTRE+s, EM_EDGE+s ... are per side (s = 0 White, 1 Black); EM_ROWS + s * ranks + r
# is the row r counted from side s's back rank; EM_ROWS + 2 * ranks + k (k < 4) are the
# squares whose file (from White's left) has bit k set, and the entry after them holds
# files - 1.

BAL_SCALE = 32
"""The balance weights are in 1/32 of a hundredth of a man per file (as the patterns)."""

OPTIONAL_TERMS = ("balance_open", "balance_end")
"""Terms added after the hand-set weights and the first models: absent means 0 (so the
older files, and the hashes of their recipes, stay as they were)."""

NO_KINGS = np.zeros((0, 3, 64, 64), dtype=np.int64)
"""No lone-king table (:mod:`shashki.engine.lone_king`): the hand-set bonus alone."""

MAX_SCORE = 20000
"""Evaluations stay strictly inside +-MAX_SCORE (mate scores lie beyond)."""


class EvalError(ValueError):
    """Bad evaluation weights."""


@cache
def _raw_weights() -> dict[str, Any]:
    text = resources.files("shashki.engine").joinpath("weights.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def weight_table() -> dict[str, Any]:
    """Every variant's weights as stored in ``weights.json`` (a copy)."""
    return json.loads(json.dumps(_raw_weights()))  # type: ignore[no-any-return]


def weights_for(name: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """The weights of variant ``name``, its ``base`` variant's filled in."""
    table = data if data is not None else _raw_weights()
    if name not in table:
        raise EvalError(f"no evaluation weights for variant {name!r}")
    own = dict(table[name])
    base = own.pop("base", None)
    if base is None:
        return own
    merged = weights_for(base, table)
    merged.update(own)
    return merged


def _flip(square: int, squares: int) -> int:
    return squares + 1 - square


def eval_arrays(variant: Variant, weights: dict[str, Any] | None = None,
                noise: int = 0, seed: int = 0,
                patterns: Any = None,
                network: Any = None) -> tuple[Any, Any, Any, Any, Any, Any, Any, Any]:
    """``(ew, et, em, cone, pw, psh, t3, net)`` for :func:`evaluate` from a variant,
    its weights (default: ``weights.json``'s), its pattern weights (an ``(windows, 6561,
    2)`` array, see :func:`pattern_windows`; default: none) and its network (packed,
    :func:`shashki.engine.network.pack`; default: none).

    ``noise`` adds a pseudo-random amount in [-noise, noise] to every evaluation (the
    same for the same position and ``seed``), for weaker playing levels.
    """
    w = weights if weights is not None else weights_for(variant.name)
    g = variant.geometry
    n = g.squares
    ranks = g.ranks
    try:
        ew = np.zeros(EW_SIZE, dtype=np.int64)
        ew[W_MAN] = w["man"]
        ew[W_KING] = w["king"]
        ew[W_KING_EXTRA] = w["king_extra"]
        ew[W_CENTRE] = w["centre"]
        ew[W_EDGE] = w["edge"]
        ew[W_KING_ROAD] = w["king_main_road"]
        ew[W_KMOB] = w["king_mobility"]
        ew[W_GUARD] = w["guard"]
        ew[W_BLOCKED] = w["blocked"]
        ew[W_RUN_VS_KING] = w["runaway_vs_king_percent"]
        ew[W_TURN] = w["turn"]
        ew[W_LK_KINGS] = w["lone_king_kings"]
        ew[W_LK_ROAD_DRAW] = int(bool(w["lone_king_main_road_draw"]))
        ew[W_LK_BONUS] = w["lone_king_bonus"]
        ew[W_KO_DIV] = max(1, int(w["kings_only_divisor"]))
        ew[W_NOISE] = max(0, noise)
        ew[W_SEED] = seed & 0x7FFF_FFFF
        # terms added after a model file was made count nothing in it
        ew[W_BAL_OPEN] = w.get("balance_open", 0)
        ew[W_BAL_END] = w.get("balance_end", 0)
        run = list(w["runaway"])[:N_RUN]
        for i, v in enumerate(run):
            ew[W_RUN + i] = v
        row_open = list(w["row_open"])
        row_end = list(w["row_end"])
        guard = [int(s) for s in w["guard_squares"]]
    except KeyError as e:
        raise EvalError(f"weights for {variant.name} lack {e.args[0]!r}") from None
    if len(row_open) != ranks or len(row_end) != ranks:
        raise EvalError(f"row tables for {variant.name} need {ranks} entries")
    total_men = 2 * variant.men_per_side
    et = np.zeros((total_men + 1, ranks), dtype=np.int64)
    for m in range(total_men + 1):
        for r in range(ranks):
            et[m, r] = (row_open[r] * m + row_end[r] * (total_men - m)) // total_men

    em = np.zeros(EM_ROWS + 2 * ranks + 5, dtype=np.uint64)
    centre_w, edge_w, runzone = 0, 0, [0, 0]
    maxd = len([v for v in run if v]) and max(i for i, v in enumerate(run) if v)
    for sq in range(1, n + 1):
        f, r = g.file_rank(sq)
        bit = 1 << g.bit(sq)
        if 2 <= f <= g.files - 3 and ranks // 2 - 2 <= r <= ranks // 2 + 1:
            centre_w |= bit
        if f in (0, g.files - 1):
            edge_w |= bit
        if 1 <= ranks - 1 - r <= maxd:
            runzone[0] |= bit
        if 1 <= r <= maxd:
            runzone[1] |= bit
        for k in range(4):  # the file's bits, for the balance
            if f >> k & 1:
                em[EM_ROWS + 2 * ranks + k] |= np.uint64(bit)
    em[EM_CENTRE] = centre_w
    em[EM_CENTRE + 1] = centre_w  # the centre is symmetric
    em[EM_EDGE] = edge_w
    em[EM_EDGE + 1] = edge_w
    em[EM_ROAD] = g.mask(g.main_road)
    em[EM_GUARD] = g.mask(guard)
    em[EM_GUARD + 1] = g.mask(_flip(s, n) for s in guard)
    em[EM_RUNZONE] = runzone[0]
    em[EM_RUNZONE + 1] = runzone[1]
    em[EM_BOARD] = g.board_mask
    for r in range(ranks):
        em[EM_ROWS + r] = g.row_mask(ranks - 1 - r)  # White: row r from the bottom
        em[EM_ROWS + ranks + r] = g.row_mask(r)  # Black: row r from the top
    em[EM_ROWS + 2 * ranks + 4] = g.files - 1

    cone = np.zeros((2, 64), dtype=np.uint64)
    for sq in range(1, n + 1):
        f0, r0 = g.file_rank(sq)
        for side, dr in ((0, 1), (1, -1)):
            mask = 0
            k = 1
            while 0 <= r0 + k * dr < ranks:
                for f in range(f0 - k, f0 + k + 1):
                    s2 = g.square_at(f, r0 + k * dr)
                    if s2 is not None:
                        mask |= 1 << g.bit(s2)
                k += 1
            cone[side, g.bit(sq)] = mask
    pw, psh, t3 = pattern_arrays(variant, patterns)
    try:
        net = (NO_NETWORK if network is None
               else expand_network(variant, np.asarray(network, dtype=np.float32)))
    except ValueError as e:
        raise EvalError(str(e)) from None
    return ew, et, em, cone, pw, psh, t3, net


# --- patterns ------------------------------------------------------------------------
# Scan's kind of evaluation (docs/engine.md): the board is covered by overlapping windows
# of 4 rows by 4 files (8 playable squares each); every configuration of the men in a
# window (each square empty, a White man or a Black man: 3^8 = 6561) has its own weight,
# one for the opening and one for the ending, blended by the number of men. Kings count
# as empty squares here (they have their own global terms). Each side is scored from its
# own side of the board: Black's view of a window is the window turned 180 degrees with
# the colours swapped, read with the same weights, so the evaluation is colour-symmetric
# by construction.

PAT_SQUARES = 8
PAT_SIZE = 3 ** PAT_SQUARES
PAT_SCALE = 32
"""Pattern weights are stored in 1/32 of a hundredth of a man."""


def pattern_windows(variant: Variant, step: int = 2) -> list[tuple[int, ...]]:
    """The squares (ascending) of every pattern window: 4 rows by 4 files, starting
    every ``step``-th row and file from White's lower-left corner (2: windows overlap
    by half; 1: every placement, three times as many).

    >>> from shashki.rules import variant_by_name
    >>> w = pattern_windows(variant_by_name("international"))
    >>> len(w), w[0]
    (16, (31, 32, 36, 37, 41, 42, 46, 47))
    >>> len(pattern_windows(variant_by_name("international"), step=1))
    49
    """
    g = variant.geometry
    out = []
    for r0 in range(0, g.ranks - 3, step):
        for f0 in range(0, g.files - 3, step):
            squares = [g.square_at(f, r) for r in range(r0, r0 + 4) for f in range(f0, f0 + 4)]
            out.append(tuple(sorted(s for s in squares if s is not None)))
    return out


def rotated_window(variant: Variant, windows: list[tuple[int, ...]], i: int) -> int:
    """The index of the window that is window ``i`` turned 180 degrees."""
    n = variant.geometry.squares
    turned = tuple(sorted(n + 1 - s for s in windows[i]))
    return windows.index(turned)


def window_step(variant: Variant, windows: int) -> int:
    """The window step of pattern weights or data with ``windows`` windows: 1 when that
    is every placement's count, else 2."""
    return 1 if windows == len(pattern_windows(variant, 1)) else 2


def pattern_arrays(variant: Variant, patterns: Any = None,
                   step: int | None = None) -> tuple[Any, Any, Any]:
    """``(pw, psh, t3)``: pattern weights (int32, ``(windows, 6561, 2)``, none when
    ``patterns`` is None), per window the bit of each of its rows' first square and the
    window turned 180 degrees, and the base-3 tables of a window's eight bits (plain and
    reversed). The windows are those of ``step`` (default: the one the weights were made
    for, :func:`window_step`)."""
    g = variant.geometry
    if step is None:
        step = 2 if patterns is None else window_step(variant, len(patterns))
    windows = pattern_windows(variant, step)
    if patterns is None:
        pw = np.zeros((0, PAT_SIZE, 2), dtype=np.int32)
    else:
        pw = np.ascontiguousarray(patterns, dtype=np.int32)
        if pw.shape != (len(windows), PAT_SIZE, 2):
            raise EvalError(f"pattern weights for {variant.name} need the shape "
                            f"{(len(windows), PAT_SIZE, 2)}, not {pw.shape}")
    psh = np.zeros((len(windows), 5), dtype=np.int64)
    for i, sq in enumerate(windows):
        if len(sq) != PAT_SQUARES:
            raise EvalError(f"pattern window {i} of {variant.name} has {len(sq)} squares")
        for j in range(4):
            a, b = sq[2 * j], sq[2 * j + 1]
            if g.bit(b) != g.bit(a) + 1:
                raise EvalError(f"pattern window {i} of {variant.name}: squares {a}, {b} "
                                "are not neighbours in the bit layout")
            psh[i, j] = g.bit(a)
        psh[i, 4] = rotated_window(variant, windows, i)
    t3 = np.zeros((2, 256), dtype=np.int64)
    for b in range(256):
        rev = int(f"{b:08b}"[::-1], 2)
        t3[0, b] = sum(3 ** k for k in range(8) if b >> k & 1)
        t3[1, b] = sum(3 ** k for k in range(8) if rev >> k & 1)
    return pw, psh, t3


@njit(inline="always", cache=True)
def _window_bits(x: Any, psh: Any, i: Any) -> Any:
    """The eight bits of window ``i`` of bitboard ``x``, ascending squares."""
    r = (x >> U64(psh[i, 0])) & U64(3)
    r |= ((x >> U64(psh[i, 1])) & U64(3)) << U64(2)
    r |= ((x >> U64(psh[i, 2])) & U64(3)) << U64(4)
    r |= ((x >> U64(psh[i, 3])) & U64(3)) << U64(6)
    return np.int64(r)


@njit(inline="always", cache=True)
def _patterns(wm: Any, bm: Any, nmen: Any, total: Any, pw: Any, psh: Any, t3: Any) -> Any:
    """The pattern term for White (men ``wm``) against Black (men ``bm``)."""
    so = np.int64(0)
    se = np.int64(0)
    for i in range(pw.shape[0]):
        a = _window_bits(wm, psh, i)
        b = _window_bits(bm, psh, i)
        iw = t3[0, a] + 2 * t3[0, b]
        ib = t3[1, b] + 2 * t3[1, a]
        r = psh[i, 4]
        so += np.int64(pw[i, iw, 0]) - np.int64(pw[r, ib, 0])
        se += np.int64(pw[i, iw, 1]) - np.int64(pw[r, ib, 1])
    t = so * nmen + se * (total - nmen)
    d = total * PAT_SCALE
    return t // d if t >= 0 else -((-t) // d)  # towards zero, the same for both colours


@kernel()
def pattern_indices(wm: Any, bm: Any, psh: Any, t3: Any, out: Any) -> None:
    """For learning: per window ``i``, White's configuration ``out[i, 0]`` and Black's
    ``out[i, 1]`` (read with the weights of window ``psh[i, 4]``)."""
    for i in range(psh.shape[0]):
        a = _window_bits(wm, psh, i)
        b = _window_bits(bm, psh, i)
        out[i, 0] = t3[0, a] + 2 * t3[0, b]
        out[i, 1] = t3[1, b] + 2 * t3[1, a]


@njit(inline="always", cache=True)
def _mix(x: Any) -> Any:
    """A 64-bit mixer (splitmix64's finaliser)."""
    x = (x ^ (x >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> U64(27))) * U64(0x94D049BB133111EB)
    return x ^ (x >> U64(31))


@njit(inline="always", cache=True)
def _imbalance(men: Any, em: Any, ranks: Any) -> Any:
    """How lopsided a side's men stand: ``|sum of (2·file − files + 1)|`` over its men
    (0 when the wings balance; Scan's left/right balance). The same from either side of
    the board, so colour- and mirror-symmetric."""
    fb = EM_ROWS + 2 * ranks
    # sum of 2·file by the file's bits: four popcounts instead of one a file
    skew = -np.int64(em[fb + 4]) * np.int64(popcount(men))
    for k in range(4):
        skew += np.int64(2 << k) * np.int64(popcount(men & em[fb + k]))
    return skew if skew >= 0 else -skew


@njit(inline="always", cache=True)
def _side(men: Any, kg: Any, opp_kings: Any, opp_all: Any, s: Any, ranks: Any, nmen: Any,
          ew: Any, et: Any, em: Any, cone: Any) -> Any:
    """The terms of one side: men ``men``, kings ``kg``; ``s`` is its colour."""
    nk = np.int64(popcount(kg))
    score = np.int64(popcount(men)) * ew[W_MAN]
    if nk:
        score += ew[W_KING] + (nk - 1) * ew[W_KING_EXTRA]
    base = EM_ROWS + s * ranks
    for r in range(1, ranks - 1):
        c = popcount(men & em[base + r])
        if c:
            score += np.int64(c) * et[nmen, r]
    score += np.int64(popcount(men & em[EM_CENTRE + s])) * ew[W_CENTRE]
    score += np.int64(popcount(men & em[EM_EDGE + s])) * ew[W_EDGE]
    score += np.int64(popcount(men & em[EM_GUARD + s])) * ew[W_GUARD]
    if nk:
        score += np.int64(popcount(kg & em[EM_ROAD])) * ew[W_KING_ROAD]
    run = men & em[EM_RUNZONE + s]
    while run:
        b = run & (~run + U64(1))
        run ^= b
        i = lsb_index(b)
        if cone[s, i] & opp_all:
            continue
        r = 0
        while r < ranks and (b & em[base + r]) == ZERO:
            r += 1
        d = ranks - 1 - r
        if d < N_RUN:
            bonus = ew[W_RUN + d]
            if opp_kings:
                bonus = bonus * ew[W_RUN_VS_KING] // 100
            score += bonus
    return score


@njit(cache=True)
def evaluate(own: Any, opp: Any, kings: Any, side: Any, geo: Any, ew: Any, et: Any, em: Any,
             cone: Any, pw: Any, psh: Any, t3: Any, net: Any, kt: Any, key: Any) -> Any:
    """Score of the position for the side to move (``own``), in hundredths of a man.

    ``key`` feeds the optional noise of weak levels; the terms are described in the
    module docstring, the patterns (``pw``, ``psh``, ``t3``: :func:`pattern_arrays`) at
    :func:`pattern_windows`, the network (``net``, empty for none) in
    :mod:`shashki.engine.network`, the lone-king table (``kt``, empty for none) in
    :mod:`shashki.engine.lone_king`.
    """
    return evaluate_in(own, opp, kings, side, geo, ew, et, em, cone, pw, psh, t3, net,
                       np.empty((1, net.shape[1]), dtype=np.float32), kt, key)


@kernel()
def evaluate_in(own: Any, opp: Any, kings: Any, side: Any, geo: Any, ew: Any, et: Any,
                em: Any, cone: Any, pw: Any, psh: Any, t3: Any, net: Any, nbuf: Any,
                kt: Any, key: Any) -> Any:
    """:func:`evaluate` with the network working in ``nbuf`` (float32, ``(1, H1)``): the
    search passes a buffer of its own, since an allocation a leaf would cost as much as
    the network's first layer. The network counts in positions with men only: added to
    the other terms (a *residual* network), or alone their score (an *alone* one)."""
    s1 = geo[3]
    s2 = geo[4]
    board = em[EM_BOARD]
    empty = board & ~(own | opp)
    ranks = et.shape[1]
    men_o = own & ~kings
    men_p = opp & ~kings
    kg_o = own & kings
    kg_p = opp & kings
    nmen = np.int64(popcount(men_o | men_p))
    if nmen >= et.shape[0]:
        nmen = et.shape[0] - 1
    so = np.int64(side)
    sp = 1 - so
    ns = np.int64(0)
    if net.shape[0] and nmen:
        ns = network_score_in(own, opp, kings, side, net, nbuf)
        if net[R_HEAD, C_MODE] == ALONE:
            return _finish(ns, ew, key)
    score = _side(men_o, kg_o, kg_p, opp, so, ranks, nmen, ew, et, em, cone)
    score -= _side(men_p, kg_p, kg_o, own, sp, ranks, nmen, ew, et, em, cone)
    # blocked men and king mobility need the board geometry
    if ew[W_BLOCKED]:
        if so == 0:
            mov_o = men_o & (_step(empty, 3, s1, s2) | _step(empty, 2, s1, s2))
            mov_p = men_p & (_step(empty, 1, s1, s2) | _step(empty, 0, s1, s2))
        else:
            mov_o = men_o & (_step(empty, 1, s1, s2) | _step(empty, 0, s1, s2))
            mov_p = men_p & (_step(empty, 3, s1, s2) | _step(empty, 2, s1, s2))
        blocked = np.int64(popcount(men_o & ~mov_o)) - np.int64(popcount(men_p & ~mov_p))
        score += blocked * ew[W_BLOCKED]
    if ew[W_KMOB] and (kg_o | kg_p):
        mob = np.int64(0)
        for d in range(4):
            x = _step(kg_o, d, s1, s2) & empty
            while x:
                mob += np.int64(popcount(x))
                x = _step(x, d, s1, s2) & empty
            x = _step(kg_p, d, s1, s2) & empty
            while x:
                mob -= np.int64(popcount(x))
                x = _step(x, d, s1, s2) & empty
        score += mob * ew[W_KMOB]
    if pw.shape[0] and nmen:
        if so == 0:
            pat = _patterns(men_o, men_p, nmen, et.shape[0] - 1, pw, psh, t3)
        else:
            pat = -_patterns(men_p, men_o, nmen, et.shape[0] - 1, pw, psh, t3)
        score += pat
    if (ew[W_BAL_OPEN] or ew[W_BAL_END]) and nmen:
        total = et.shape[0] - 1
        t = ((_imbalance(men_o, em, ranks) - _imbalance(men_p, em, ranks))
             * (ew[W_BAL_OPEN] * nmen + ew[W_BAL_END] * (total - nmen)))
        d = total * BAL_SCALE
        score += t // d if t >= 0 else -((-t) // d)  # towards zero, as the patterns
    score += ns
    score += ew[W_TURN]
    if nmen == 0:
        no = np.int64(popcount(own))
        np_ = np.int64(popcount(opp))
        lk = ew[W_LK_KINGS]
        if lk and np_ == 1 and no >= lk and not (ew[W_LK_ROAD_DRAW] and (opp & em[EM_ROAD])):
            score += ew[W_LK_BONUS]
            if no == 3 and kt.shape[0]:
                score -= min(lone_king_penalty(own, opp, 1, kt), ew[W_LK_BONUS])
        elif lk and no == 1 and np_ >= lk and not (ew[W_LK_ROAD_DRAW] and (own & em[EM_ROAD])):
            score -= ew[W_LK_BONUS]
            if np_ == 3 and kt.shape[0]:
                score += min(lone_king_penalty(opp, own, 0, kt), ew[W_LK_BONUS])
        else:
            score //= ew[W_KO_DIV]
    return _finish(score, ew, key)


@njit(inline="always", cache=True)
def lone_king_penalty(strong: Any, lone: Any, s: Any, kt: Any) -> Any:
    """Code 1.9.1.3: what three kings (``strong``) against a lone king off the main road
    lose of the lone-king bonus while the win is still far, in hundredths of a man: the
    plies to the win that the table ``kt`` estimates (:mod:`shashki.engine.lone_king`,
    fitted to the endgame tables), ``s`` = 1 with the kings to move. Never below 0; the
    evaluation takes at most the bonus, so that a far win still scores above the same
    material without it (a man kept back from promotion, a lone king on the road)."""
    lb = lsb_index(lone)
    b0 = strong & (~strong + U64(1))
    rest = strong ^ b0
    b1 = rest & (~rest + U64(1))
    k0 = lsb_index(b0)
    k1 = lsb_index(b1)
    k2 = lsb_index(rest ^ b1)
    d = (kt[s, 2, 0, 0] + kt[s, 0, lb, k0] + kt[s, 0, lb, k1] + kt[s, 0, lb, k2]
         + kt[s, 1, k0, k1] + kt[s, 1, k0, k2] + kt[s, 1, k1, k2])
    return d if d > 0 else np.int64(0)


@njit(inline="always", cache=True)
def _finish(score: Any, ew: Any, key: Any) -> Any:
    """``score`` with the noise of weak levels, kept inside +-MAX_SCORE."""
    if ew[W_NOISE]:
        span = U64(2 * ew[W_NOISE] + 1)
        h = _mix(key ^ U64(ew[W_SEED]))
        score += np.int64(h % span) - ew[W_NOISE]
    if score > MAX_SCORE - 1:
        score = np.int64(MAX_SCORE - 1)
    elif score < 1 - MAX_SCORE:
        score = np.int64(1 - MAX_SCORE)
    return score


# --- features for tuning -----------------------------------------------------------
# The evaluation is linear in most of its weights: ``features`` writes, for one position
# and the side to move, the coefficient of each tunable weight, so that the evaluation
# is ``sum(coef * weight)`` up to integer rounding of the row tables (at most one unit a
# row and side). The kings-only rules and the percentages stay fixed; positions without
# men (where those rules apply) are flagged by a False return.
F_MAN, F_KING, F_KING_EXTRA, F_CENTRE, F_EDGE, F_KING_ROAD, F_KMOB, F_GUARD, F_BLOCKED, \
    F_TURN, F_BAL_OPEN, F_BAL_END, F_RUN = range(13)
# then runaway[0..N_RUN), then row_open[0..ranks), then row_end[0..ranks)


def feature_names(ranks: int) -> list[str]:
    """The weight each feature column multiplies (``row_open.3`` is ``row_open[3]``)."""
    names = ["man", "king", "king_extra", "centre", "edge", "king_main_road",
             "king_mobility", "guard", "blocked", "turn", "balance_open", "balance_end"]
    names += [f"runaway.{d}" for d in range(N_RUN)]
    names += [f"row_open.{r}" for r in range(ranks)]
    names += [f"row_end.{r}" for r in range(ranks)]
    return names


@njit(inline="always", cache=True)
def _side_features(men: Any, kg: Any, opp_kings: Any, opp_all: Any, s: Any, ranks: Any,
                   nmen: Any, total: Any, sign: Any, ew: Any, em: Any, cone: Any,
                   out: Any) -> None:
    nk = np.int64(popcount(kg))
    out[F_MAN] += sign * popcount(men)
    if nk:
        out[F_KING] += sign
        out[F_KING_EXTRA] += sign * (nk - 1)
    base = EM_ROWS + s * ranks
    ro = F_RUN + N_RUN
    for r in range(1, ranks - 1):
        c = popcount(men & em[base + r])
        if c:
            out[ro + r] += sign * c * nmen / total
            out[ro + ranks + r] += sign * c * (total - nmen) / total
    out[F_CENTRE] += sign * popcount(men & em[EM_CENTRE + s])
    out[F_EDGE] += sign * popcount(men & em[EM_EDGE + s])
    out[F_GUARD] += sign * popcount(men & em[EM_GUARD + s])
    if nk:
        out[F_KING_ROAD] += sign * popcount(kg & em[EM_ROAD])
    run = men & em[EM_RUNZONE + s]
    while run:
        b = run & (~run + U64(1))
        run ^= b
        i = lsb_index(b)
        if cone[s, i] & opp_all:
            continue
        r = 0
        while r < ranks and (b & em[base + r]) == ZERO:
            r += 1
        d = ranks - 1 - r
        if d < N_RUN:
            f = 1.0
            if opp_kings:
                f = ew[W_RUN_VS_KING] / 100.0
            out[F_RUN + d] += sign * f


@njit(cache=True)
def features(own: Any, opp: Any, kings: Any, side: Any, geo: Any, ew: Any, et: Any, em: Any,
             cone: Any, out: Any) -> Any:
    """Write the feature vector of a position (side to move ``own``) into ``out``.

    ``out`` (float64, ``len(feature_names(ranks))``) is cleared first. Returns False for
    positions without men, whose kings-only scoring is not linear in the weights.
    """
    s1 = geo[3]
    s2 = geo[4]
    out[:] = 0.0
    board = em[EM_BOARD]
    empty = board & ~(own | opp)
    ranks = et.shape[1]
    total = et.shape[0] - 1
    men_o = own & ~kings
    men_p = opp & ~kings
    kg_o = own & kings
    kg_p = opp & kings
    nmen = np.int64(popcount(men_o | men_p))
    if nmen > total:
        nmen = total
    if nmen == 0:
        return False
    so = np.int64(side)
    sp = 1 - so
    _side_features(men_o, kg_o, kg_p, opp, so, ranks, nmen, total, 1.0, ew, em, cone, out)
    _side_features(men_p, kg_p, kg_o, own, sp, ranks, nmen, total, -1.0, ew, em, cone, out)
    if so == 0:
        mov_o = men_o & (_step(empty, 3, s1, s2) | _step(empty, 2, s1, s2))
        mov_p = men_p & (_step(empty, 1, s1, s2) | _step(empty, 0, s1, s2))
    else:
        mov_o = men_o & (_step(empty, 1, s1, s2) | _step(empty, 0, s1, s2))
        mov_p = men_p & (_step(empty, 3, s1, s2) | _step(empty, 2, s1, s2))
    out[F_BLOCKED] += popcount(men_o & ~mov_o)
    out[F_BLOCKED] -= popcount(men_p & ~mov_p)
    if kg_o | kg_p:
        for d in range(4):
            x = _step(kg_o, d, s1, s2) & empty
            while x:
                out[F_KMOB] += popcount(x)
                x = _step(x, d, s1, s2) & empty
            x = _step(kg_p, d, s1, s2) & empty
            while x:
                out[F_KMOB] -= popcount(x)
                x = _step(x, d, s1, s2) & empty
    bal = np.float64(_imbalance(men_o, em, ranks) - _imbalance(men_p, em, ranks)) / BAL_SCALE
    out[F_BAL_OPEN] = bal * nmen / total
    out[F_BAL_END] = bal * (total - nmen) / total
    out[F_TURN] = 1.0
    return True


def weight_vector(weights: dict[str, Any], ranks: int) -> Any:
    """The weights as a vector in the order of :func:`feature_names`."""
    vec = np.zeros(len(feature_names(ranks)))
    for i, name in enumerate(feature_names(ranks)):
        key, _, idx = name.partition(".")
        if idx:
            seq = list(weights[key])
            vec[i] = seq[int(idx)] if int(idx) < len(seq) else 0
        else:
            vec[i] = weights[key] if key not in OPTIONAL_TERMS else weights.get(key, 0)
    return vec


def vector_weights(vec: Any, weights: dict[str, Any], ranks: int) -> dict[str, Any]:
    """``weights`` with the values of ``vec`` (rounded to integers) put back."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in weights.items()}
    for i, name in enumerate(feature_names(ranks)):
        key, _, idx = name.partition(".")
        value = round(float(vec[i]))
        if idx:
            seq = out[key]
            if int(idx) < len(seq):
                seq[int(idx)] = value
        elif key in out or value or key not in OPTIONAL_TERMS:
            out[key] = value
    return out


def evaluate_board(board: Board, weights: dict[str, Any] | None = None,
                   patterns: Any = None, network: Any = None) -> int:
    """The static evaluation of ``board`` for the side to move (hundredths of a man),
    by ``weights``, ``patterns`` and ``network`` (default: the hand-set weights, no
    patterns, no network; the engine's learned models are
    :func:`shashki.engine.model.model_for`).

    Meaningful for quiet positions; the search calls it only where the side to move has
    no capture.
    """
    v = board.variant
    geo, _rules = v.kernel_arrays()
    arrays = (_cached_arrays(v) if weights is None and patterns is None and network is None
              else eval_arrays(v, weights, patterns=patterns, network=network))
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    return int(evaluate(U64(own), U64(opp), U64(k), t, geo, *arrays, NO_KINGS, U64(0)))


@cache
def _cached_arrays(variant: Variant) -> tuple[Any, Any, Any, Any, Any, Any, Any, Any]:
    return eval_arrays(variant)
