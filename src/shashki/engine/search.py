"""The compiled search: principal-variation alpha-beta over an explicit stack.

numba cannot cache recursive functions, so the tree is walked by a loop over a stack of
frames, one per ply: a node is *entered* (draw, table and pruning checks), its moves are
*generated* and ordered, tried *next* one by one (each pushes a child frame), and a
finished child *returns* its score to its parent (re-searches, cut-offs, bests). The
whole state of the walk lives in arrays, so :func:`run` can stop after a number of
nodes and be called again to resume exactly where it left off: the Python driver
(:mod:`shashki.engine.engine`) checks the clock and the stop request between such
slices, and the ``stop`` flag ``ctl[C_STOP]`` is also read at every node (the kernel
releases the GIL, so another thread may set it while it runs).

Features: iterative deepening and aspiration windows (in the driver); principal-variation
search with fail-soft alpha-beta; a transposition table of 4-entry buckets in a numpy
array, keyed by Zobrist keys updated move by move; move ordering by table move, capture
size, killer moves and a history table; late-move reductions of quiet moves from a
table; a shallow-search pruning probe at non-PV nodes; a one-reply extension; a
quiescence search that plays out every capture sequence (captures are compulsory, so a
side that must capture does not "stand pat") and may try promotions and offers; draws by
repetition (over the game history and the search path) and by the variant's king-move
limit; mate-distance scores (a side that cannot move loses, in giveaway wins, at
``MATE - ply``) and mate-distance pruning; endgame databases probed at every node
they cover, below the root (:func:`shashki.engine.probe.probe`, :mod:`shashki.engine.egdb`).

Every switch and margin is an entry of the ``prm`` array (:func:`default_params` holds
the measured defaults), so that versions of the search can be compared in matches
(benchmarks/strength.py) without recompiling. Scores are in hundredths of a man from
the side to move's point of view.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numba import njit

# numba's disk cache keys ``run`` on this file alone: a change to the layout of
# evaluate's arrays or of the kernels it calls needs a change here too (last: one
# first-layer table of the network for both sides, 2026-12-07)
from shashki.engine.evaluate import MAX_SCORE, evaluate_in
from shashki.engine.probe import UNKNOWN, search_probe
from shashki.engine.rulecount import R_FMJD64, R_NONE, material_plies
from shashki.rules.bits import ONE, U64, ZERO, kernel, lsb_index, popcount
from shashki.rules.kernels import (
    G_BOARD,
    G_PROMO_BLACK,
    G_PROMO_WHITE,
    G_S1,
    G_S2,
    R_DEDUP_MIN,
    R_MAJORITY,
    R_PROMOTE_MID_CAPTURE,
    _has_capture,
    _step,
    make,
    search_captures,
)

MAX_PLY = 128
"""Deepest ply of the search stack (main search, extensions and captures together)."""
MAX_MOVES = 512
"""Moves kept per ply."""
MATE = 30000
"""Score of a won game at the root; a win found at ply p scores MATE - p."""
MATE_BOUND = MATE - 2 * MAX_PLY - 2
"""Scores beyond +-MATE_BOUND are wins and losses."""
INF = 32000
assert MAX_SCORE < MATE_BOUND

# frame fields, fr[ply, F_*]
(F_ALPHA, F_BETA, F_DEPTH, F_BEST, F_BESTI, F_I, F_N, F_OALPHA, F_CUR, F_STAGE, F_CNT,
 F_REV, F_CDEPTH, F_TTI, F_CAPT, F_SIDE, F_PRUNE, F_TTMV, F_AUX, F_MAT) = range(20)
NF = 20

# control and statistics, ctl[C_*]
(C_NODES, C_SLICE_END, C_STOP, C_STATUS, C_PLY, C_MODE, C_RET, C_SELDEPTH, C_KOFF, C_GEN,
 C_TTHITS, C_ROOT_BEST, C_LEAVES, C_LEAFPLY, C_ROOT_Q, C_ROOT_C) = range(16)
NC = 16

# parameters, prm[P_*]
(P_LMR, P_LMR_DEPTH, P_LMR_MOVES, P_TT, P_TT_EXACT, P_EXT_SINGLE, P_GOAL, P_DRAW_PLIES,
 P_EG_PIECES, P_HISTORY, P_KILLERS, P_PRUNE, P_PRUNE_DEPTH, P_PRUNE_MARGIN, P_PRUNE_PCT,
 P_QS_QUIET, P_QS_PROMO, P_QS_EXCH, P_HIST_MALUS, P_QS_THREAT, P_LMR_STYLE, P_TT_PV,
 P_TT_MOVE, P_LMR_PV, P_LMR_TWO, P_DRAW_RULES, P_RULESET, P_RULES_PLIES) = range(28)
NP = 28

# status and mode
S_PAUSED, S_DONE, S_ABORTED = 1, 2, 3
M_ENTER, M_NEXT, M_RETURN, M_GEN = 0, 1, 2, 3
# how the current child is searched
ST_FULL, ST_REDUCED, ST_NULLW, ST_PROBE = 0, 1, 2, 3
# bounds
B_UPPER, B_LOWER, B_EXACT = 1, 2, 3
NO_MOVE = 0x3FF

O_TT = np.int64(1) << np.int64(40)
O_CAPTURE = np.int64(1) << np.int64(32)
O_KILLER = np.int64(1) << np.int64(30)
O_PROMO = np.int64(1) << np.int64(29)
HIST_MAX = 1 << 24

SH8 = U64(8)
SH16 = U64(16)
MASK8 = U64(0xFF)


def default_params(version: str = "current") -> Any:
    """The search parameters of full strength (of engine ``version``; the baseline's
    are those of 2026-12-01 and never change).

    Measured with benchmarks/strength.py (docs/engine.md): the pruning probe and
    late-move reductions are on, quiescence offers (``P_QS_EXCH``) off, quiescence
    promotions on, the history malus (quiet moves tried before a cut-off lose what the
    cut-off move gains) on. Since 2026-12-02 (the current engine only): a quiet position
    at the horizon whose opponent has a capture in hand is searched one ply more
    (``P_QS_THREAT``, Scan's threat check), late quiet moves are reduced Scan's way (one
    ply from the 2nd move, two from the 5th off the principal variation; from the 4th
    on it: ``P_LMR_STYLE``; the moves searched first, 4 and 3, are ``P_LMR_TWO`` and
    ``P_LMR_PV``), and the table cuts off at principal-variation nodes too
    (``P_TT_PV``); together +23 ± 15 Elo International, +13 ± 14 Russian (800 games at
    20,000 nodes). Giveaway turns the three off (``Engine`` does, by the variant's goal):
    they lost there, −75 ± 35. Since 2026-12-03 the table's move is found by its squares
    and the root searches the previous iteration's best move first (``P_TT_MOVE``; every
    variant): +54 ± 17 Elo Russian and +75 ± 22 International at 20,000 nodes, +53 ± 22
    Russian at 0.05 s a move, +83 ± 49 giveaway (docs/engine.md, "The table's move").
    """
    prm = np.zeros(NP, dtype=np.int64)
    prm[P_LMR] = 1
    prm[P_LMR_DEPTH] = 3
    prm[P_LMR_MOVES] = 3
    prm[P_TT] = 1
    prm[P_EXT_SINGLE] = 1
    prm[P_HISTORY] = 1
    prm[P_KILLERS] = 1
    prm[P_PRUNE] = 1
    prm[P_PRUNE_DEPTH] = 3
    prm[P_PRUNE_MARGIN] = 5
    prm[P_PRUNE_PCT] = 40
    prm[P_QS_QUIET] = 2
    prm[P_QS_PROMO] = 1
    prm[P_QS_EXCH] = 0
    prm[P_HIST_MALUS] = 1
    prm[P_LMR_PV] = 3
    prm[P_LMR_TWO] = 4
    if version != "baseline-2026-12":
        prm[P_QS_THREAT] = 1
        prm[P_LMR_STYLE] = 1
        prm[P_TT_PV] = 1
        prm[P_TT_MOVE] = 1
        prm[P_DRAW_RULES] = 1
    return prm


def lmr_divisor(version: str = "current") -> float:
    """The divisor of the reduction table of engine ``version``: 2.0, reducing late moves
    more than the baseline's 2.5 (International +29 ± 24 Elo over 400 games, Russian
    +14 ± 26 over 200, at 20,000 nodes a move: docs/engine.md, "Measured choices")."""
    return 2.5 if version == "baseline-2026-12" else 2.0


def lmr_table(base: float = 0.5, divisor: float = 2.5) -> Any:
    """Reduction in plies for (depth, moves already searched): base + ln d * ln n / div."""
    t = np.zeros((64, 64), dtype=np.int64)
    for d in range(1, 64):
        for n in range(1, 64):
            t[d, n] = max(0, int(base + math.log(d) * math.log(n) / divisor))
    return t


def zobrist_table(seed: int = 0x5EA7C4) -> Any:
    """Keys per [white man, white king, black man, black king][bit], side key at [4, 0]."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, np.iinfo(np.uint64).max, size=(5, 64), dtype=np.uint64,
                        endpoint=True)


@njit(cache=True)
def position_key(white: Any, black: Any, kings: Any, side: Any, zob: Any) -> Any:
    """The Zobrist key of a position (the search updates it move by move)."""
    key = zob[4, 0] if side else ZERO
    for c in range(2):
        pieces = white if c == 0 else black
        while pieces:
            b = pieces & (~pieces + ONE)
            pieces ^= b
            k = 1 if kings & b else 0
            key ^= zob[2 * c + k, lsb_index(b)]
    return key


# --- transposition table -------------------------------------------------------------


@njit(inline="always", cache=True)
def _tt_find(tt: Any, key: Any) -> Any:
    base = np.int64(key & U64(tt.shape[0] - 4))
    for j in range(4):
        if tt[base + j, 0] == key and tt[base + j, 1] != ZERO:
            return base + j
    return -1


@njit(inline="always", cache=True)
def _tt_store(tt: Any, key: Any, depth: Any, bound: Any, score: Any, mi: Any, mv: Any,
              gen: Any) -> None:
    """Store in the bucket of ``key``: its own entry, else the shallowest or oldest one."""
    base = np.int64(key & U64(tt.shape[0] - 4))
    target = base
    worst = np.int64(1 << 40)
    for j in range(4):
        e = base + j
        d = tt[e, 1]
        if tt[e, 0] == key and d != ZERO:
            target = e
            if mi == NO_MOVE:
                mi = np.int64((d >> U64(26)) & U64(0x3FF))
                mv = np.int64((d >> U64(36)) & U64(0xFFF))
            break
        if d == ZERO:
            prio = np.int64(-1000)
        else:
            prio = np.int64((d >> SH16) & MASK8)
            if np.int64((d >> U64(48)) & MASK8) != gen:
                prio -= 256
        if prio < worst:
            worst = prio
            target = e
    if depth < 0:
        depth = 0
    data = (U64(score + 32768) & U64(0xFFFF)) | (U64(depth) << SH16) | (U64(bound) << U64(24))
    data |= (U64(mi) << U64(26)) | (U64(mv & 0xFFF) << U64(36)) | (U64(gen & 0xFF) << U64(48))
    tt[target, 0] = key
    tt[target, 1] = data


@njit(cache=True)
def tt_hashfull(tt: Any, gen: Any) -> Any:
    """Per mille of the first 1000 buckets' entries written in the current search."""
    n = min(tt.shape[0], 4000)
    used = 0
    for e in range(n):
        d = tt[e, 1]
        if d != ZERO and np.int64((d >> U64(48)) & MASK8) == gen:
            used += 1
    return used * 1000 // n


@njit(inline="always", cache=True)
def _to_tt(score: Any, ply: Any) -> Any:
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


@njit(inline="always", cache=True)
def _from_tt(score: Any, ply: Any) -> Any:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


# --- moves ------------------------------------------------------------------------------


@njit(inline="always", cache=True)
def _pack(frm: Any, to: Any, flags: Any) -> Any:
    return U64(frm) | (U64(to) << SH8) | ((U64(flags) & U64(3)) << SH16)


@njit(inline="always", cache=True)
def _add(mq: Any, mc: Any, p: int, n: int, frm: Any, to: Any, cap: Any, flags: Any) -> int:
    if n < MAX_MOVES:
        mq[p, n] = _pack(frm, to, flags)
        mc[p, n] = cap
        return n + 1
    return n


@kernel()
def gen_quiet(own: Any, opp: Any, kings: Any, side: Any, geo: Any, mq: Any, mc: Any,
              p: int) -> int:
    """The quiet moves (no capture exists) into row ``p``: men forwards, kings any distance."""
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    empty = geo[G_BOARD] & ~(own | opp)
    promo = geo[G_PROMO_WHITE] if side == 0 else geo[G_PROMO_BLACK]
    men = own & ~kings
    n = 0
    d0 = 0 if side == 0 else 2
    for d in range(d0, d0 + 2):
        t = _step(men, d, s1, s2) & empty
        back = 3 - d
        while t:
            b = t & (~t + ONE)
            t ^= b
            frm = lsb_index(_step(b, back, s1, s2))
            n = _add(mq, mc, p, n, frm, lsb_index(b), ZERO, ONE if b & promo else ZERO)
    kg = own & kings
    while kg:
        k = kg & (~kg + ONE)
        kg ^= k
        fk = lsb_index(k)
        for d in range(4):
            t = _step(k, d, s1, s2) & empty
            while t:
                n = _add(mq, mc, p, n, fk, lsb_index(t), ZERO, U64(3))
                t = _step(t, d, s1, s2) & empty
    return n


@kernel()
def gen_captures(own: Any, opp: Any, kings: Any, side: Any, geo: Any, rules: Any, mq: Any,
                 mc: Any, p: int, gmv: Any, path: Any, cx: Any, cnt: Any, fu: Any,
                 fi: Any) -> int:
    """The legal captures (some exists) into row ``p``, through the rules kernels."""
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    empty = geo[G_BOARD] & ~(own | opp)
    cx[0] = opp
    cx[2] = s1
    cx[3] = s2
    cx[4] = geo[G_PROMO_WHITE] if side == 0 else geo[G_PROMO_BLACK]
    cnt[0] = 0
    cnt[1] = 0
    cnt[2] = rules[R_MAJORITY]
    cnt[3] = rules[R_PROMOTE_MID_CAPTURE]
    cnt[4] = rules[R_DEDUP_MIN]
    men = own & ~kings
    kg = own & kings
    search_captures(men, kg, opp, empty, s1, s2, cx, cnt, gmv, path, fu, fi)
    n = cnt[0] if cnt[0] < MAX_MOVES else MAX_MOVES
    for i in range(n):
        mq[p, i] = _pack(gmv[i, 0], gmv[i, 1], gmv[i, 3])
        mc[p, i] = gmv[i, 2]
    return n


@njit(inline="always", cache=True)
def _has_move(own: Any, opp: Any, kings: Any, side: Any, geo: Any) -> bool:
    """Whether a side without captures has a quiet move."""
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    empty = geo[G_BOARD] & ~(own | opp)
    men = own & ~kings
    d0 = 0 if side == 0 else 2
    if (_step(men, d0, s1, s2) | _step(men, d0 + 1, s1, s2)) & empty:
        return True
    kg = own & kings
    if kg:
        for d in range(4):
            if _step(kg, d, s1, s2) & empty:
                return True
    return False


@njit(inline="always", cache=True)
def _make_key(own: Any, opp: Any, kings: Any, key: Any, q: Any, cap: Any, side: Any,
              zob: Any) -> Any:
    """Play packed move ``q`` capturing ``cap``; returns (own, opp, kings, key) after it."""
    frm = q & MASK8
    to = (q >> SH8) & MASK8
    flags = (q >> SH16) & U64(3)
    fb = ONE << frm
    was = 1 if kings & fb else 0
    now = 1 if flags & ONE else 0
    s = np.int64(side)
    key ^= zob[2 * s + was, frm] ^ zob[2 * s + now, to] ^ zob[4, 0]
    c = cap
    o = 2 * (1 - s)
    while c:
        b = c & (~c + ONE)
        c ^= b
        key ^= zob[o + (1 if kings & b else 0), lsb_index(b)]
    nown, nopp, nk = make(own, opp, kings, frm, to, cap, flags)
    return nown, nopp, nk, key


# --- the search ---------------------------------------------------------------------


@njit(inline="always", cache=True)
def _gives_capture(own: Any, opp: Any, kings: Any, q: Any, geo: Any) -> Any:
    """Whether quiet move ``q`` leaves the opponent a capture (an offer or exchange)."""
    fb = ONE << (q & MASK8)
    tb = ONE << ((q >> SH8) & MASK8)
    nown = (own & ~fb) | tb
    empty = geo[G_BOARD] & ~(nown | opp)
    return _has_capture(opp & ~kings, opp & kings, nown, empty, geo[G_S1], geo[G_S2])


@kernel(nogil=True)
def run(ps: Any, fr: Any, mq: Any, mc: Any, ms: Any, keys: Any, pvm: Any, pvc: Any,
        pvl: Any, tt: Any, hist: Any, killers: Any, ctl: Any, prm: Any, lmr: Any,
        geo: Any, rules: Any, zob: Any, ew: Any, et: Any, em: Any, cone: Any, pw: Any,
        psh: Any, t3: Any, net: Any, nbuf: Any, kt: Any, eg: Any, gmv: Any, path: Any,
        cx: Any, cnt: Any, fu: Any, fi: Any) -> Any:
    """Walk the tree until it is finished, stopped, or ``ctl[C_SLICE_END]`` nodes.

    Before the first call of a search the driver fills ply 0 (``ps[0]``: own, opp,
    kings, key; ``fr[0]``: alpha, beta, depth, side, reversible plies, pruning allowed)
    and sets ``ctl[C_PLY] = 0``, ``ctl[C_MODE] = M_ENTER``. Returns the status:
    S_PAUSED (call again to go on), S_DONE (``ctl[C_RET]`` is the score,
    ``pvm[0, :pvl[0]]`` the principal variation) or S_ABORTED (``ctl[C_STOP]`` was set).

    Below depth 0 (quiescence) every capture is searched; a quiet position is scored
    statically ("stand pat") and, for ``prm[P_QS_QUIET]`` plies, its promotions and,
    while no king is on the board, its offers (moves after which the opponent must
    capture) are tried as well. At non-PV nodes of depth ``prm[P_PRUNE_DEPTH]`` or more
    a shallow search (``prm[P_PRUNE_PCT]`` % of the depth) of the same position against
    ``beta + depth * prm[P_PRUNE_MARGIN]`` may cut the node off at once.
    """
    p = ctl[C_PLY]
    mode = ctl[C_MODE]
    ret = ctl[C_RET]
    koff = ctl[C_KOFF]
    gen = ctl[C_GEN]
    goal = prm[P_GOAL]
    use_tt = prm[P_TT]
    tt_exact = prm[P_TT_EXACT]
    draw_plies = prm[P_DRAW_PLIES]
    rs_code = np.int64(R_NONE)
    if prm[P_DRAW_RULES]:
        draw_plies = prm[P_RULES_PLIES]
        rs_code = prm[P_RULESET]
    eg_pieces = prm[P_EG_PIECES]
    qs_quiet = prm[P_QS_QUIET]
    board = geo[G_BOARD]
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    nodes = ctl[C_NODES]
    slice_end = ctl[C_SLICE_END]
    status = 0
    while True:
        if mode == M_ENTER:
            if nodes >= slice_end:
                status = S_PAUSED
                break
            if ctl[C_STOP]:
                status = S_ABORTED
                break
            nodes += 1
            if p > ctl[C_SELDEPTH]:
                ctl[C_SELDEPTH] = p
            pvl[p] = 0
            own = ps[p, 0]
            opp = ps[p, 1]
            kings = ps[p, 2]
            key = ps[p, 3]
            side = fr[p, F_SIDE]
            alpha = fr[p, F_ALPHA]
            beta = fr[p, F_BETA]
            depth = fr[p, F_DEPTH]
            if p > 0:
                rev = fr[p, F_REV]
                mat = fr[p, F_MAT]
                lim = np.int64(0)
                if rs_code != R_NONE and mat >= 10 and kings != ZERO:
                    lim = material_plies(own, opp, kings, rs_code)
                    if lim > 0 and mat >= lim:
                        ret = 0
                        mode = M_RETURN
                        continue
                if (draw_plies > 0 and rev >= draw_plies
                        and not (rs_code == R_FMJD64 and lim > 0)):
                    ret = 0
                    mode = M_RETURN
                    continue
                rep = False
                j = p - 2
                while j >= p - rev and koff + j >= 0:
                    if keys[koff + j] == key:
                        rep = True
                        break
                    j -= 2
                if rep:
                    ret = 0
                    mode = M_RETURN
                    continue
                # mate-distance pruning
                lo = -MATE + p
                hi = MATE - p
                if alpha < lo:
                    alpha = lo
                if beta > hi:
                    beta = hi
                if alpha >= beta:
                    ret = alpha
                    mode = M_RETURN
                    continue
                if eg_pieces > 0 and np.int64(popcount(own | opp)) <= eg_pieces:
                    v = search_probe(own, opp, kings, side, eg)
                    if v != UNKNOWN:
                        if v > MATE_BOUND:
                            v -= p
                        elif v < -MATE_BOUND:
                            v += p
                        ret = v
                        mode = M_RETURN
                        continue
            empty = board & ~(own | opp)
            capt = _has_capture(own & ~kings, own & kings, opp, empty, s1, s2)
            if p >= MAX_PLY - 1:
                ret = evaluate_in(own, opp, kings, side, geo, ew, et, em, cone, pw, psh, t3,
                                  net, nbuf, kt, key)
                mode = M_RETURN
                continue
            if (depth == 0 and not capt and prm[P_QS_THREAT] and p < MAX_PLY - 8
                    and _has_capture(opp & ~kings, opp & kings, own, empty, s1, s2)):
                # a threatened side at the horizon: one more ply, no pruning below
                depth = np.int64(1)
                fr[p, F_DEPTH] = depth
                fr[p, F_PRUNE] = 0
            if depth <= 0 and not capt:
                # quiescence, quiet position: stand pat, then promotions and offers
                ctl[C_LEAVES] += 1
                ctl[C_LEAFPLY] += p
                if not _has_move(own, opp, kings, side, geo):
                    ret = MATE - p if goal else -MATE + p
                    mode = M_RETURN
                    continue
                sc = evaluate_in(own, opp, kings, side, geo, ew, et, em, cone, pw, psh, t3,
                                 net, nbuf, kt, key)
                if sc >= beta or depth <= -qs_quiet:
                    ret = sc
                    mode = M_RETURN
                    continue
                n = gen_quiet(own, opp, kings, side, geo, mq, mc, p)
                exch = prm[P_QS_EXCH] and kings == ZERO
                k = 0
                for i in range(n):
                    q = mq[p, i]
                    promo = ((q >> SH16) & U64(3)) == U64(1)
                    if (promo and prm[P_QS_PROMO]) or (exch and _gives_capture(
                            own, opp, kings, q, geo)):
                        mq[p, k] = q
                        mc[p, k] = ZERO
                        ms[p, k] = O_PROMO if promo else hist[side, np.int64(q & MASK8),
                                                               np.int64((q >> SH8) & MASK8)]
                        k += 1
                if k == 0:
                    ret = sc
                    mode = M_RETURN
                    continue
                if sc > alpha:
                    alpha = sc
                fr[p, F_ALPHA] = alpha
                fr[p, F_BETA] = beta
                fr[p, F_N] = k
                fr[p, F_I] = 0
                fr[p, F_BEST] = sc
                fr[p, F_BESTI] = -1
                fr[p, F_OALPHA] = alpha
                fr[p, F_CNT] = 0
                fr[p, F_CAPT] = 0
                fr[p, F_CDEPTH] = depth - 1
                mode = M_NEXT
                continue
            tti = np.int64(-1)
            ttmv = np.int64(-1)
            if use_tt and depth > 0:
                e = _tt_find(tt, key)
                if e >= 0:
                    d = tt[e, 1]
                    ctl[C_TTHITS] += 1
                    tmi = np.int64((d >> U64(26)) & U64(0x3FF))
                    if tmi != NO_MOVE:
                        tti = tmi
                        ttmv = np.int64((d >> U64(36)) & U64(0xFFF))
                    edepth = np.int64((d >> SH16) & MASK8)
                    if p > 0 and (beta - alpha == 1 or prm[P_TT_PV]) and (
                            edepth == depth if tt_exact else edepth >= depth):
                        bound = np.int64((d >> U64(24)) & U64(3))
                        sc = _from_tt(np.int64(d & U64(0xFFFF)) - 32768, p)
                        if (bound == B_EXACT or (bound == B_LOWER and sc >= beta)
                                or (bound == B_UPPER and sc <= alpha)):
                            ret = sc
                            mode = M_RETURN
                            continue
            fr[p, F_ALPHA] = alpha
            fr[p, F_BETA] = beta
            fr[p, F_TTI] = tti
            fr[p, F_TTMV] = ttmv
            fr[p, F_CAPT] = 1 if capt else 0
            mode = M_GEN
            if (prm[P_PRUNE] and fr[p, F_PRUNE] and p > 0 and beta - alpha == 1
                    and depth >= prm[P_PRUNE_DEPTH] and -MATE_BOUND < beta < MAX_SCORE):
                margin = depth * prm[P_PRUNE_MARGIN]
                nb = beta + margin
                if nb < MAX_SCORE:
                    # a shallow search of the same position, same side, raised beta
                    c1 = p + 1
                    fr[p, F_STAGE] = ST_PROBE
                    fr[p, F_AUX] = margin
                    ps[c1, 0] = own
                    ps[c1, 1] = opp
                    ps[c1, 2] = kings
                    ps[c1, 3] = key
                    if koff + c1 < keys.shape[0]:
                        keys[koff + c1] = ZERO
                    fr[c1, F_SIDE] = side
                    fr[c1, F_ALPHA] = nb - 1
                    fr[c1, F_BETA] = nb
                    fr[c1, F_DEPTH] = max(depth * prm[P_PRUNE_PCT] // 100, 1)
                    fr[c1, F_PRUNE] = 0
                    fr[c1, F_REV] = fr[p, F_REV]
                    fr[c1, F_MAT] = fr[p, F_MAT]
                    p = c1
                    mode = M_ENTER
            continue

        if mode == M_GEN:
            own = ps[p, 0]
            opp = ps[p, 1]
            kings = ps[p, 2]
            side = fr[p, F_SIDE]
            depth = fr[p, F_DEPTH]
            capt = fr[p, F_CAPT] != 0
            tti = fr[p, F_TTI]
            ttmv = fr[p, F_TTMV]
            if capt:
                n = gen_captures(own, opp, kings, side, geo, rules, mq, mc, p, gmv, path, cx,
                                 cnt, fu, fi)
            else:
                n = gen_quiet(own, opp, kings, side, geo, mq, mc, p)
            if n == 0:
                ret = MATE - p if goal else -MATE + p
                mode = M_RETURN
                continue
            # ordering
            k0 = killers[p, 0]
            k1 = killers[p, 1]
            for i in range(n):
                q = mq[p, i]
                if capt:
                    c = mc[p, i]
                    sc = O_CAPTURE + np.int64(popcount(c)) * 1024 + np.int64(
                        popcount(c & kings)) * 64
                    if (q >> SH16) & U64(1) and not (q >> SH16) & U64(2):
                        sc += 32
                else:
                    frm = np.int64(q & MASK8)
                    to = np.int64((q >> SH8) & MASK8)
                    sc = hist[side, frm, to]
                    if q == k0:
                        sc = O_KILLER + 1
                    elif q == k1:
                        sc = O_KILLER
                    elif ((q >> SH16) & U64(3)) == U64(1):
                        sc = O_PROMO
                ms[p, i] = sc
            if ttmv >= 0:
                tmove = (ttmv & 0x3F) | ((ttmv >> 6) << 8)
                if 0 <= tti < n and np.int64(mq[p, tti] & U64(0xFFFF)) == tmove:
                    ms[p, tti] = O_TT
                elif prm[P_TT_MOVE]:
                    # the stored index is the move's place in the searched order, not in
                    # the generated one: find the move by its squares
                    for i in range(n):
                        if np.int64(mq[p, i] & U64(0xFFFF)) == tmove:
                            ms[p, i] = O_TT
                            break
            if p == 0 and prm[P_TT_MOVE] and ctl[C_ROOT_Q] != 0:
                # the best move of the iteration before goes first, table or not: a move
                # that replaces it in an unfinished iteration has beaten it there
                for i in range(n):
                    if (mq[0, i] == U64(ctl[C_ROOT_Q])
                            and mc[0, i] == U64(ctl[C_ROOT_C])):
                        ms[0, i] = O_TT + 1
                        break
            fr[p, F_N] = n
            fr[p, F_I] = 0
            fr[p, F_BEST] = -INF
            fr[p, F_BESTI] = -1
            fr[p, F_OALPHA] = fr[p, F_ALPHA]
            fr[p, F_CNT] = 0
            nd = depth - 1
            if n == 1 and prm[P_EXT_SINGLE] and depth > 0:
                nd = depth
            fr[p, F_CDEPTH] = nd
            mode = M_NEXT
            continue

        if mode == M_NEXT:
            i = fr[p, F_I]
            n = fr[p, F_N]
            if i >= n:
                # finished: store and return
                best = fr[p, F_BEST]
                depth = fr[p, F_DEPTH]
                if use_tt and depth > 0:
                    if best >= fr[p, F_BETA]:
                        bound = np.int64(B_LOWER)
                    elif best > fr[p, F_OALPHA]:
                        bound = np.int64(B_EXACT)
                    else:
                        bound = np.int64(B_UPPER)
                    bi = fr[p, F_BESTI]
                    mi = np.int64(NO_MOVE)
                    mv = np.int64(0)
                    if bound != B_UPPER and bi >= 0:
                        mi = bi
                        qq = mq[p, bi]
                        mv = np.int64(qq & U64(0x3F)) | (np.int64((qq >> SH8) & U64(0x3F)) << 6)
                    _tt_store(tt, ps[p, 3], depth, bound, _to_tt(best, p), mi, mv, gen)
                ret = best
                mode = M_RETURN
                continue
            # pick the best-ordered remaining move
            bi = i
            bs = ms[p, i]
            for j in range(i + 1, n):
                if ms[p, j] > bs:
                    bs = ms[p, j]
                    bi = j
            if bi != i:
                tq = mq[p, i]
                mq[p, i] = mq[p, bi]
                mq[p, bi] = tq
                tc = mc[p, i]
                mc[p, i] = mc[p, bi]
                mc[p, bi] = tc
                ts = ms[p, i]
                ms[p, i] = ms[p, bi]
                ms[p, bi] = ts
            fr[p, F_I] = i + 1
            fr[p, F_CUR] = i
            q = mq[p, i]
            side = fr[p, F_SIDE]
            nown, nopp, nk, nkey = _make_key(ps[p, 0], ps[p, 1], ps[p, 2], ps[p, 3], q,
                                             mc[p, i], side, zob)
            c1 = p + 1
            ps[c1, 0] = nopp
            ps[c1, 1] = nown
            ps[c1, 2] = nk
            ps[c1, 3] = nkey
            if koff + c1 < keys.shape[0]:
                keys[koff + c1] = nkey
            fr[c1, F_SIDE] = 1 - side
            fr[c1, F_PRUNE] = fr[p, F_PRUNE]
            # reversible: a king's quiet move
            if ((q >> SH16) & U64(2)) and mc[p, i] == ZERO:
                fr[c1, F_REV] = fr[p, F_REV] + 1
            else:
                fr[c1, F_REV] = 0
            # the balance of forces: changed by a capture or a promotion
            if mc[p, i] != ZERO or ((q >> SH16) & U64(3)) == U64(1):
                fr[c1, F_MAT] = 0
            else:
                fr[c1, F_MAT] = fr[p, F_MAT] + 1
            alpha = fr[p, F_ALPHA]
            beta = fr[p, F_BETA]
            nd = fr[p, F_CDEPTH]
            cntm = fr[p, F_CNT]
            if cntm == 0:
                fr[p, F_STAGE] = ST_FULL
                fr[c1, F_ALPHA] = -beta
                fr[c1, F_BETA] = -alpha
                fr[c1, F_DEPTH] = nd
            else:
                r = np.int64(0)
                if prm[P_LMR] and prm[P_LMR_STYLE] == 1:  # lmr=0 turns either style off
                    if (not fr[p, F_CAPT] and fr[p, F_DEPTH] >= 2 and ms[p, i] < O_PROMO
                            and cntm >= (prm[P_LMR_PV] if beta - alpha > 1 else 1)):
                        r = np.int64(2 if (beta - alpha == 1 and cntm >= prm[P_LMR_TWO])
                                     else 1)
                        if r > nd - 1:
                            r = nd - 1 if nd > 1 else np.int64(0)
                elif (prm[P_LMR] and not fr[p, F_CAPT] and fr[p, F_DEPTH] >= prm[P_LMR_DEPTH]
                        and cntm >= prm[P_LMR_MOVES] and ms[p, i] < O_PROMO):
                    r = lmr[min(fr[p, F_DEPTH], 63), min(cntm, 63)]
                    if beta - alpha > 1 and r > 0:
                        r -= 1
                    if r > nd - 1:
                        r = nd - 1 if nd > 1 else np.int64(0)
                fr[c1, F_ALPHA] = -alpha - 1
                fr[c1, F_BETA] = -alpha
                if r > 0:
                    fr[p, F_STAGE] = ST_REDUCED
                    fr[c1, F_DEPTH] = nd - r
                else:
                    fr[p, F_STAGE] = ST_NULLW
                    fr[c1, F_DEPTH] = nd
            p = c1
            mode = M_ENTER
            continue

        # M_RETURN: ``ret`` is the score of the node at ply p
        if p == 0:
            status = S_DONE
            break
        p -= 1
        stage = fr[p, F_STAGE]
        if stage == ST_PROBE:
            # the shallow search was of this very position: no sign change
            margin = fr[p, F_AUX]
            if ret >= fr[p, F_BETA] + margin:
                ret -= margin
                mode = M_RETURN
            else:
                mode = M_GEN
            continue
        score = -ret
        alpha = fr[p, F_ALPHA]
        beta = fr[p, F_BETA]
        c1 = p + 1
        if stage == ST_REDUCED and score > alpha:
            fr[p, F_STAGE] = ST_NULLW
            fr[c1, F_ALPHA] = -alpha - 1
            fr[c1, F_BETA] = -alpha
            fr[c1, F_DEPTH] = fr[p, F_CDEPTH]
            p = c1
            mode = M_ENTER
            continue
        if stage == ST_NULLW and alpha < score < beta and beta - alpha > 1:
            fr[p, F_STAGE] = ST_FULL
            fr[c1, F_ALPHA] = -beta
            fr[c1, F_BETA] = -alpha
            fr[c1, F_DEPTH] = fr[p, F_CDEPTH]
            p = c1
            mode = M_ENTER
            continue
        cur = fr[p, F_CUR]
        fr[p, F_CNT] += 1
        if score > fr[p, F_BEST]:
            fr[p, F_BEST] = score
            fr[p, F_BESTI] = cur
            if score > alpha:
                fr[p, F_ALPHA] = score
                pvm[p, 0] = mq[p, cur]
                pvc[p, 0] = mc[p, cur]
                m = pvl[c1]
                for j in range(m):
                    pvm[p, j + 1] = pvm[c1, j]
                    pvc[p, j + 1] = pvc[c1, j]
                pvl[p] = m + 1
                if p == 0:
                    ctl[C_ROOT_BEST] = score
                if score >= beta:
                    q = mq[p, cur]
                    if not fr[p, F_CAPT] and fr[p, F_DEPTH] > 0:
                        side = fr[p, F_SIDE]
                        dd = fr[p, F_DEPTH]
                        if prm[P_KILLERS] and killers[p, 0] != q:
                            killers[p, 1] = killers[p, 0]
                            killers[p, 0] = q
                        if prm[P_HISTORY]:
                            frm = np.int64(q & MASK8)
                            to = np.int64((q >> SH8) & MASK8)
                            h = hist[side, frm, to] + dd * dd
                            hist[side, frm, to] = h if h < HIST_MAX else HIST_MAX
                            if prm[P_HIST_MALUS]:
                                # the quiet moves tried before the cut-off move failed
                                for j in range(cur):
                                    qj = mq[p, j]
                                    fj = np.int64(qj & MASK8)
                                    tj = np.int64((qj >> SH8) & MASK8)
                                    h = hist[side, fj, tj] - dd * dd
                                    hist[side, fj, tj] = h if h > -HIST_MAX else -HIST_MAX
                    fr[p, F_I] = fr[p, F_N]  # cut-off
        mode = M_NEXT

    ctl[C_NODES] = nodes
    ctl[C_PLY] = p
    ctl[C_MODE] = mode
    ctl[C_RET] = ret
    ctl[C_STATUS] = status
    return status
