"""Move generation, make-move and perft over padded bitboards, compiled by numba.

One implementation serves every variant and every board size: the geometry comes in as
the array ``geo`` and the capture and promotion policies as the array ``rules`` (see
:mod:`shashki.rules.variant`). With ``NUMBA_DISABLE_JIT=1`` the same code runs as Python.

Position: ``own``/``opp`` are the pieces of the side to move and of the other side,
``kings`` the kings of both, ``side`` 0 for White and 1 for Black. White moves up the
board (towards bit 0), Black down.

A generated move is a row of the uint64 array ``mv``:
``[from_bit, to_bit, captured_mask, flags, path..., captures...]``; ``flags`` bit 0 = king
after the move, bit 1 = king before it, bits 8..15 = path length. The path lists the
landing squares (bit indices) in order and ends with ``to_bit``; from column ``CAPS`` the
piece captured on the way to each landing square follows (Code 1.5.13: the order of
removal).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from shashki.rules.bits import ONE, U64, ZERO, kernel, lsb_index, popcount

MAX_MOVES = 1024
MAX_PATH = 28
ROW = 4 + 2 * MAX_PATH
CAPS = 4 + MAX_PATH
"""Column where a row's captured squares (bit indices, in capture order) begin."""

# geo[] layout
G_BOARD, G_PROMO_WHITE, G_PROMO_BLACK, G_S1, G_S2 = 0, 1, 2, 3, 4
# rules[] layout
R_MAJORITY, R_PROMOTE_MID_CAPTURE, R_DEDUP_MIN = 0, 1, 2

SH8 = U64(8)


@njit(inline="always", cache=True)
def _step(x: Any, d: int, s1: Any, s2: Any) -> Any:
    """One diagonal step of every bit of ``x``: 0 up-left, 1 up-right, 2 down-left, 3 down-right."""
    if d == 0:
        return x >> s2
    if d == 1:
        return x >> s1
    if d == 2:
        return x << s1
    return x << s2


@kernel()
def _emit(cx: Any, cnt: Any, mv: Any, stack: Any, depth: int, cap: Any, king_after: Any) -> None:
    """Add a finished capture, applying the majority rule and merging duplicate routes.

    Majority (FMJD 4.13, Brazilian rule 1): with ``cnt[2]`` set only captures of the
    largest number of pieces stay, a king counting as one piece; equal maxima remain a
    free choice (FMJD 4.14). Without it every capture stays (Code 1.5.14).
    Routes with the same start, end and captured set are one move (perft.md "dedup");
    on diagonal boards they need at least four captured pieces.
    """
    ncap = np.int64(popcount(cap))
    n = cnt[0]
    if cnt[2]:
        if ncap < cnt[1]:
            return
        if ncap > cnt[1]:
            cnt[1] = ncap
            n = 0
    frm = cx[5]
    to = stack[depth - 1]
    if ncap >= cnt[4]:
        for i in range(n):
            if mv[i, 2] == cap and mv[i, 1] == to and mv[i, 0] == frm:
                cnt[0] = n
                return
    if n >= mv.shape[0]:
        raise OverflowError("move list overflow")
    mv[n, 0] = frm
    mv[n, 1] = to
    mv[n, 2] = cap
    mv[n, 3] = king_after | (cx[6] << ONE) | (U64(depth) << SH8)
    for k in range(depth):
        mv[n, 4 + k] = stack[k]
        mv[n, CAPS + k] = stack[MAX_PATH + k]
    cnt[0] = n + 1


@kernel()
def _king_can_capture(pos: Any, cap: Any, din: int, cx: Any) -> Any:
    opp = cx[0]
    empty = cx[1]
    s1 = cx[2]
    s2 = cx[3]
    for d in range(4):
        if d == 3 - din:
            continue
        x = _step(pos, d, s1, s2)
        while x & empty:
            x = _step(x, d, s1, s2)
        if (x & opp) != ZERO and (x & cap) == ZERO and (_step(x, d, s1, s2) & empty) != ZERO:
            return True
    return False


# Frame fields of the capture search (one frame per captured piece).
F_POS, F_CAP, F_LAND, F_NCAP, F_X = 0, 1, 2, 3, 4
F_DIN, F_FIRST, F_KING, F_DIR, F_CONT, F_FOUND, F_EMIT, F_KAFTER, F_LDIR, F_LFIRST = range(10)


@kernel()
def _captures_from(start: Any, king: int, cx: Any, cnt: Any, mv: Any, path: Any,
                   fu: Any, fi: Any) -> None:
    """Every capture of the piece on ``start`` (a depth-first search with its own stack).

    Men (Code 1.5.1, 1.5.3, 1.5.5): an adjacent enemy piece, forwards or backwards, with
    an empty square behind; the man must go on while it can.
    Kings (Code 1.5.2, 1.5.6): an enemy piece at any distance along a free diagonal,
    landing on any free square beyond; where it can capture further from some of those
    squares it must land on one of them. Continuing straight on is explored from the
    first landing square only, since every square of the run reaches the same piece.
    Code 1.5.9, 1.5.12: captured pieces stay until the move ends, so they block and are
    never jumped twice (the Turkish strike), while empty squares may be crossed again.
    Promotion on the last row (``cx[4]``): with ``cnt[3]`` (Russian, Code 1.5.15) the man
    becomes a king at once and goes on capturing as a king; without it (Brazilian rule 2,
    FMJD 3.5, 4.15) it goes on as a man and is crowned only if the move ends there.
    """
    opp = cx[0]
    empty = cx[1]
    s1 = cx[2]
    s2 = cx[3]
    promo = cx[4]
    k = 0
    fu[0, F_POS] = start
    fu[0, F_CAP] = ZERO
    fu[0, F_LAND] = ZERO
    fi[0, F_DIN] = -1
    fi[0, F_FIRST] = 1
    fi[0, F_KING] = king
    fi[0, F_DIR] = 0
    fi[0, F_FOUND] = 0
    fi[0, F_EMIT] = 0
    while k >= 0:
        land = fu[k, F_LAND]
        if land != ZERO:
            if land & empty:
                d = fi[k, F_LDIR]
                path[k] = lsb_index(land)
                path[MAX_PATH + k] = fu[k, F_X]
                isfirst = fi[k, F_LFIRST]
                fi[k, F_LFIRST] = 0
                fu[k, F_LAND] = _step(land, d, s1, s2)
                if fi[k, F_CONT]:
                    k1 = k + 1
                    fu[k1, F_POS] = land
                    fu[k1, F_CAP] = fu[k, F_NCAP]
                    fu[k1, F_LAND] = ZERO
                    fi[k1, F_DIN] = d
                    fi[k1, F_FIRST] = isfirst
                    fi[k1, F_KING] = 1
                    fi[k1, F_DIR] = 0
                    fi[k1, F_FOUND] = 0
                    fi[k1, F_EMIT] = 0
                    k = k1
                else:
                    _emit(cx, cnt, mv, path, k + 1, fu[k, F_NCAP], ONE)
                continue
            fu[k, F_LAND] = ZERO
        d = fi[k, F_DIR]
        if d == 4:
            if fi[k, F_EMIT] and not fi[k, F_FOUND]:
                _emit(cx, cnt, mv, path, k, fu[k, F_CAP], U64(fi[k, F_KAFTER]))
            k -= 1
            continue
        fi[k, F_DIR] = d + 1
        pos = fu[k, F_POS]
        cap = fu[k, F_CAP]
        isking = fi[k, F_KING]
        x = _step(pos, d, s1, s2)
        if isking:
            din = fi[k, F_DIN]
            if din >= 0 and (d == 3 - din or (d == din and not fi[k, F_FIRST])):
                continue
            while x & empty:
                x = _step(x, d, s1, s2)
        if (x & opp) == ZERO or (x & cap) != ZERO:
            continue
        y = _step(x, d, s1, s2)
        if (y & empty) == ZERO:
            continue
        fi[k, F_FOUND] = 1
        ncap = cap | x
        if isking:
            cont = 0
            sq = y
            while sq & empty:
                if _king_can_capture(sq, ncap, d, cx):
                    cont = 1
                    break
                sq = _step(sq, d, s1, s2)
            fu[k, F_NCAP] = ncap
            fu[k, F_X] = lsb_index(x)
            fu[k, F_LAND] = y
            fi[k, F_LDIR] = d
            fi[k, F_LFIRST] = 1
            fi[k, F_CONT] = cont
            continue
        path[k] = lsb_index(y)
        path[MAX_PATH + k] = lsb_index(x)
        k1 = k + 1
        fu[k1, F_POS] = y
        fu[k1, F_CAP] = ncap
        fu[k1, F_LAND] = ZERO
        fi[k1, F_DIR] = 0
        fi[k1, F_FOUND] = 0
        fi[k1, F_EMIT] = 1
        fi[k1, F_DIN] = -1
        fi[k1, F_FIRST] = 1
        fi[k1, F_KING] = 0
        fi[k1, F_KAFTER] = 0
        if y & promo:
            fi[k1, F_KAFTER] = 1
            if cnt[3]:
                fi[k1, F_KING] = 1
                fi[k1, F_DIN] = d
        k = k1


@njit(cache=True)
def _quiet(mv: Any, n: int, frm: Any, to: Any, flags: Any) -> Any:
    if n >= mv.shape[0]:
        raise OverflowError("move list overflow")
    mv[n, 0] = frm
    mv[n, 1] = to
    mv[n, 2] = ZERO
    mv[n, 3] = flags | (ONE << SH8)
    mv[n, 4] = to
    return n + 1


@kernel()
def _single_jumps(b: Any, opp: Any, empty: Any, s1: Any, s2: Any, promo: Any, cnt: Any,
                  mv: Any) -> bool:
    """The captures of the man on ``b`` when each of its jumps is the whole move: no
    further jump from the landing square (Code 1.5.5) and, where a man crowned on the
    way goes on as a king (``cnt[3]``, Code 1.5.15), no landing on the last row. Emits
    them as :func:`_captures_from` would, in the same order, and returns True; returns
    False, with the move count as it found it, when some jump goes on (the general search
    then runs)."""
    e1 = empty | b
    frm = U64(lsb_index(b))
    n0, best0 = cnt[0], cnt[1]  # to take back what was emitted when a jump goes on
    for d in range(4):
        x = _step(b, d, s1, s2) & opp
        if x == ZERO:
            continue
        y = _step(x, d, s1, s2) & empty
        if y == ZERO:
            continue
        goes_on = cnt[3] and (y & promo)
        for d2 in range(4):
            x2 = _step(y, d2, s1, s2) & opp & ~x
            if x2 != ZERO and (_step(x2, d2, s1, s2) & e1) != ZERO:
                goes_on = True
        if goes_on:
            cnt[0] = n0
            cnt[1] = best0
            return False
        n = cnt[0]
        if cnt[2]:  # the majority rule, as _emit applies it
            if cnt[1] > 1:
                continue
            if cnt[1] < 1:  # nothing emitted yet, so nothing overwritten
                cnt[1] = 1
                n = 0
        if n >= mv.shape[0]:
            raise OverflowError("move list overflow")
        to = U64(lsb_index(y))
        mv[n, 0] = frm
        mv[n, 1] = to
        mv[n, 2] = x
        mv[n, 3] = (ONE if y & promo else ZERO) | (ONE << SH8)
        mv[n, 4] = to
        mv[n, CAPS] = U64(lsb_index(x))
        cnt[0] = n + 1
    return True


@njit(inline="always", cache=True)
def search_captures(men: Any, kg: Any, opp: Any, empty: Any, s1: Any, s2: Any, cx: Any,
                    cnt: Any, mv: Any, path: Any, fu: Any, fi: Any) -> None:
    """Every capture of the men and kings that have a first jump (``cx``/``cnt`` set up by
    the caller, as :func:`generate` does). A man whose jumps all end at once is done by
    :func:`_single_jumps`, without the general search's stack."""
    for king in range(2):
        if king:
            p = _king_jumpers(kg, opp, empty, s1, s2)
        else:
            p = _jumpers(men, opp, empty, s1, s2)
        cx[6] = U64(king)
        while p:
            b = p & (~p + ONE)
            p ^= b
            if not king and _single_jumps(b, opp, empty, s1, s2, cx[4], cnt, mv):
                continue
            cx[1] = empty | b
            cx[5] = lsb_index(b)
            _captures_from(b, king, cx, cnt, mv, path, fu, fi)


@njit(cache=True)
def generate(
    own: Any, opp: Any, kings: Any, side: Any, geo: Any, rules: Any,
    mv: Any, path: Any, cx: Any, cnt: Any, fu: Any, fi: Any,
) -> Any:
    """Fill ``mv`` with the legal moves; return their number.

    Code 1.5.3: capturing is compulsory, so quiet moves are generated only when no
    capture exists. Code 1.4.3: a man moves one square diagonally forward; Code 1.4.5: a
    king moves any distance along a free diagonal. Code 1.4.4/1.5.16: a man reaching the
    last row by a quiet move becomes a king (and captures only from its next move).
    """
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    empty = geo[G_BOARD] & ~(own | opp)
    promo = geo[G_PROMO_WHITE] if side == 0 else geo[G_PROMO_BLACK]
    cx[0] = opp
    cx[2] = s1
    cx[3] = s2
    cx[4] = promo
    cnt[0] = 0
    cnt[1] = 0
    cnt[2] = rules[R_MAJORITY]
    cnt[3] = rules[R_PROMOTE_MID_CAPTURE]
    cnt[4] = rules[R_DEDUP_MIN]
    men = own & ~kings
    kg = own & kings
    if _has_capture(men, kg, opp, empty, s1, s2):
        search_captures(men, kg, opp, empty, s1, s2, cx, cnt, mv, path, fu, fi)
        return cnt[0]
    n = 0
    d0 = 0 if side == 0 else 2
    p = men
    while p:
        b = p & (~p + ONE)
        p ^= b
        fb = lsb_index(b)
        for d in range(d0, d0 + 2):
            t = _step(b, d, s1, s2) & empty
            if t:
                n = _quiet(mv, n, fb, lsb_index(t), ONE if (t & promo) else ZERO)
    p = kg
    kflags = ONE | (ONE << ONE)
    while p:
        b = p & (~p + ONE)
        p ^= b
        fb = lsb_index(b)
        for d in range(4):
            t = _step(b, d, s1, s2) & empty
            while t:
                n = _quiet(mv, n, fb, lsb_index(t), kflags)
                t = _step(t, d, s1, s2) & empty
    return n


@njit(inline="always", cache=True)
def _jumpers(men: Any, opp: Any, empty: Any, s1: Any, s2: Any) -> Any:
    """The men that have a first jump in some direction (Code 1.5.1)."""
    out = ZERO
    for d in range(4):
        r = 3 - d
        out |= men & _step(opp & _step(empty, r, s1, s2), r, s1, s2)
    return out


@njit(inline="always", cache=True)
def _king_jumpers(kg: Any, opp: Any, empty: Any, s1: Any, s2: Any) -> Any:
    """The kings that have a first capture in some direction (Code 1.5.2): walk back from
    every enemy piece with a free square behind it over free squares to a king."""
    out = ZERO
    if kg == ZERO:  # the walk costs dozens of steps, mostly in positions without kings
        return out
    for d in range(4):
        r = 3 - d
        x = _step(opp & _step(empty, r, s1, s2), r, s1, s2)
        while x:
            out |= x & kg
            x = _step(x & empty, r, s1, s2)
    return out


@njit(cache=True)
def _has_capture(men: Any, kg: Any, opp: Any, empty: Any, s1: Any, s2: Any) -> Any:
    """Whether any first jump exists (Code 1.5.1-1.5.3), all pieces at once."""
    for d in range(4):
        if _step(_step(men, d, s1, s2) & opp, d, s1, s2) & empty:
            return True
        if kg:
            x = _step(kg, d, s1, s2)
            hit = ZERO
            while x:
                hit |= x & opp
                x = _step(x & empty, d, s1, s2)
            if _step(hit, d, s1, s2) & empty:
                return True
    return False


@njit(inline="always", cache=True)
def _quiet_count(own: Any, opp: Any, kings: Any, side: int, board: Any, s1: Any, s2: Any) -> Any:
    """Number of quiet moves by population counts, or -1 when a capture exists."""
    empty = board & ~(own | opp)
    men = own & ~kings
    kg = own & kings
    if _has_capture(men, kg, opp, empty, s1, s2):
        return -1
    d0 = 0 if side == 0 else 2
    n = popcount(_step(men, d0, s1, s2) & empty) + popcount(_step(men, d0 + 1, s1, s2) & empty)
    if kg:
        for d in range(4):
            x = _step(kg, d, s1, s2) & empty
            while x:
                n += popcount(x)
                x = _step(x, d, s1, s2) & empty
    return np.int64(n)


@njit(cache=True)
def count_moves(
    own: Any, opp: Any, kings: Any, side: Any, geo: Any, rules: Any,
    mv: Any, path: Any, cx: Any, cnt: Any, fu: Any, fi: Any,
) -> Any:
    """Number of legal moves; quiet positions are counted with population counts."""
    n = _quiet_count(own, opp, kings, side, geo[G_BOARD], geo[G_S1], geo[G_S2])
    if n >= 0:
        return n
    return generate(own, opp, kings, side, geo, rules, mv, path, cx, cnt, fu, fi)


@njit(inline="always", cache=True)
def make(own: Any, opp: Any, kings: Any, frm: Any, to: Any, cap: Any, flags: Any) -> Any:
    """Make a generated move: returns (own, opp, kings) after it, from the mover's side.

    Code 1.5.7/1.5.12: the captured pieces leave the board together once the move ends.
    """
    fb = ONE << frm
    tb = ONE << to
    nown = (own & ~fb) | tb
    nopp = opp & ~cap
    nk = kings & ~cap & ~fb
    if flags & ONE:
        nk |= tb
    return nown, nopp, nk


@njit(cache=True)
def perft(
    own: Any, opp: Any, kings: Any, side: int, depth: int, bulk: bool, geo: Any, rules: Any,
    mvs: Any, path: Any, cx: Any, cnt: Any, fu: Any, fi: Any,
) -> Any:
    """Leaf count of the legal-move tree ``depth`` plies deep (``mvs`` has depth+1 lists).

    With ``bulk`` the last ply is counted instead of played; the count is the same.
    The tree is walked with an explicit stack: numba cannot cache recursive functions.
    """
    if depth == 0:
        return 1
    if bulk and depth == 1:
        return count_moves(own, opp, kings, side, geo, rules, mvs[0], path, cx, cnt, fu, fi)
    board = geo[G_BOARD]
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    pos = np.zeros((depth + 1, 3), dtype=np.uint64)
    ply = np.zeros((depth + 1, 3), dtype=np.int64)  # side, next move index, move count
    pos[depth, 0] = own
    pos[depth, 1] = opp
    pos[depth, 2] = kings
    ply[depth, 0] = side
    ply[depth, 2] = generate(own, opp, kings, side, geo, rules, mvs[depth], path, cx, cnt, fu, fi)
    total = 0
    d = depth
    while d <= depth:
        i = ply[d, 1]
        if i >= ply[d, 2]:
            d += 1
            continue
        ply[d, 1] = i + 1
        if d == 1:
            total += 1
            continue
        nown, nopp, nk = make(
            pos[d, 0], pos[d, 1], pos[d, 2], mvs[d, i, 0], mvs[d, i, 1], mvs[d, i, 2], mvs[d, i, 3]
        )
        c = d - 1
        s = 1 - ply[d, 0]
        if bulk and c == 1:
            q = _quiet_count(nopp, nown, nk, s, board, s1, s2)
            if q < 0:
                q = generate(nopp, nown, nk, s, geo, rules, mvs[0], path, cx, cnt, fu, fi)
            total += q
            continue
        pos[c, 0] = nopp
        pos[c, 1] = nown
        pos[c, 2] = nk
        ply[c, 0] = s
        ply[c, 1] = 0
        ply[c, 2] = generate(nopp, nown, nk, s, geo, rules, mvs[c], path, cx, cnt, fu, fi)
        d = c
    return total


def buffers(depth: int) -> tuple[Any, Any, Any, Any, Any, Any]:
    """Scratch arrays ``(mvs, path, cx, cnt, fu, fi)`` for :func:`generate` and :func:`perft`.

    ``mvs`` holds a move list for each of depth+1 plies; the others serve one generation.
    """
    return (
        np.zeros((depth + 1, MAX_MOVES, ROW), dtype=np.uint64),
        np.zeros(2 * MAX_PATH, dtype=np.uint64),
        np.zeros(8, dtype=np.uint64),
        np.zeros(8, dtype=np.int64),
        np.zeros((MAX_PATH, 5), dtype=np.uint64),
        np.zeros((MAX_PATH, 10), dtype=np.int64),
    )


@njit(cache=True)
def _path_has(mv: Any, i: int, sq: Any, k0: Any, k1: Any) -> int:
    """Index in [k0, k1) of the move's path where ``sq`` stands, or -1."""
    for k in range(k0, k1):
        if mv[i, 4 + k] == sq:
            return k
    return -1


@njit(cache=True)
def find_move(mv: Any, n: int, squares: Any, lo: int, hi: int) -> int:
    """The generated move that the squares ``squares[lo:hi]`` (bit indices) name.

    A move matches when its start and end are the first and last square and the squares
    between appear in its path in order; failing that, when the squares are a prefix of
    its path. Returns the move's index, -1 when none matches, -2 when several do.
    """
    first = squares[lo]
    last = squares[hi - 1]
    m = hi - lo
    exact = -1
    for i in range(n):  # a complete path names its move (as notation.parse_move)
        if mv[i, 0] != first or np.int64((mv[i, 3] >> SH8) & U64(0xFF)) != m - 1:
            continue
        same = True
        for j in range(1, m):
            if mv[i, 4 + j - 1] != squares[lo + j]:
                same = False
                break
        if same:
            if exact >= 0:
                exact = -1
                break
            exact = i
    if exact >= 0:
        return exact
    found = -1
    for i in range(n):
        if mv[i, 0] != first or mv[i, 1] != last:
            continue
        plen = np.int64((mv[i, 3] >> SH8) & U64(0xFF))
        k = 0
        ok = True
        for j in range(lo + 1, hi - 1):
            k = _path_has(mv, i, squares[j], k, plen - 1)
            if k < 0:
                ok = False
                break
            k += 1
        if ok:
            if found >= 0:
                return -2
            found = i
    if found >= 0:
        return found
    for i in range(n):
        plen = np.int64((mv[i, 3] >> SH8) & U64(0xFF))
        if mv[i, 0] != first or plen < m:
            continue
        ok = True
        for j in range(1, m):
            if mv[i, 4 + j - 1] != squares[lo + j]:
                ok = False
                break
        if ok:
            if found >= 0:
                return -2
            found = i
    return found


@njit(cache=True)
def replay(
    state: Any, geo: Any, rules: Any, squares: Any, offsets: Any, out: Any,
    mv: Any, path: Any, cx: Any, cnt: Any, fu: Any, fi: Any,
) -> Any:
    """Play a game given as square lists; stop at the first move that names no legal move.

    ``state`` is ``[white, black, kings, side]`` and is updated in place. Ply ``p`` is
    ``squares[offsets[p]:offsets[p + 1]]``; its move's row goes to ``out[p]``. Returns
    ``(plies played, code)``, code 0 when all were played, -1 for no matching legal move,
    -2 for an ambiguous one.
    """
    white = state[0]
    black = state[1]
    kings = state[2]
    side = np.int64(state[3])
    nplies = offsets.shape[0] - 1
    code = 0
    p = 0
    while p < nplies:
        own = white if side == 0 else black
        opp = black if side == 0 else white
        n = generate(own, opp, kings, side, geo, rules, mv, path, cx, cnt, fu, fi)
        i = find_move(mv, n, squares, offsets[p], offsets[p + 1])
        if i < 0:
            code = i
            break
        for c in range(ROW):
            out[p, c] = mv[i, c]
        own, opp, kings = make(own, opp, kings, mv[i, 0], mv[i, 1], mv[i, 2], mv[i, 3])
        if side == 0:
            white = own
            black = opp
        else:
            black = own
            white = opp
        side = 1 - side
        p += 1
    state[0] = white
    state[1] = black
    state[2] = kings
    state[3] = U64(side)
    return p, code
