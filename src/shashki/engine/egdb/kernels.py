"""Compiled parts of the endgame databases: position indexing, retrograde analysis, lookup.

**Normal form.** A position is stored with the side to move as "own" moving up the board
(as White does); a position with Black to move is turned by 180 degrees first (square
``s`` becomes ``S - 1 - s``; the board and the rules are symmetric under that turn, and
it maps the main road onto itself). So one table serves both colours.

**Slices.** The positions of one material — ``(om, ok, pm, pk)``: men and kings of the
side to move, men and kings of the other side — form a slice with a dense index:

    index = ((i_om * C(S - r, pm) + i_pm) * C(S - om - pm, ok) + i_ok)
            * C(S - om - pm - ok, pk) + i_pk

with ``S`` squares and ``r`` squares a row. Men are ranked (combinatorial number system,
colex order) among the squares a man of that side can stand on (not its promotion row):
``C(S - r, k)`` sets each. Own kings are ranked among the squares the men leave free and
the other side's kings among the squares left after that, so the king part has no holes;
the only holes are index values where an own man and an enemy man share a square.

**Values.** One byte per position: 0 = draw (or a hole), otherwise ``d + 1`` where ``d``
is the number of plies to the end of the game with best play (the winner hurrying, the
loser delaying; Code 1.8.1: a side that cannot move has lost). ``d`` is even for a lost
position (the side to move is the one left without a move) and odd for a won one; ``d``
above ``DMAX`` is stored as ``DMAX`` of the same parity (the result stays exact).

**Retrograde analysis** of a pair of slices (a material and its colour reverse, since a
quiet move leads from one into the other): every position's moves are generated once by
the rules kernels; captures and promotions lead into smaller slices, already solved, and
fix a value or a bound at once; quiet moves inside the pair are counted. Then results
spread backwards level by level (``d`` = 0, 1, 2, ...) by un-moves: a lost position makes
each predecessor won in ``d + 1``, a won one takes one move off each predecessor's count,
and a predecessor whose moves all lose is lost in one ply more than its longest defence.
A predecessor counts only where its quiet move was legal, i.e. it had no capture (Code
1.5.3). What no level reaches is a draw.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from shashki.rules.bits import ONE, U64, ZERO, lsb_index, popcount
from shashki.rules.kernels import G_BOARD, G_S1, G_S2, _has_capture, _step, generate, make

MAGIC = 0x31424447455348
"""First header word of a database array ("HSEGDB1")."""
DMAX = 254
"""Longest distance kept exactly (plies); the byte holds ``d + 1``."""

# gp[] layout (geometry and database parameters)
GP_SQUARES, GP_ROW2, GP_MAXP = 0, 1, 2
# pr[] layout (the pair being solved)
PR_OM, PR_OK, PR_PM, PR_PK, PR_NA, PR_NB, PR_OFFA, PR_OFFB = range(8)
# state flags
WIN, LOSS, DRAWX, DONE = 1, 2, 4, 8
# counters ctr[]
CT_PENDING, CT_MAXD = 0, 1


@njit(cache=True)
def _squares(bb: Any, nsq: int, row2: int, flip: bool) -> Any:
    """Square mask (bit ``s`` for 0-based square ``s``) of a padded bitboard, turned if ``flip``."""
    m = ZERO
    x = bb
    while x != ZERO:
        b = np.int64(lsb_index(x))
        x &= x - ONE
        s = b - b // (row2 + 1)
        if flip:
            s = nsq - 1 - s
        m |= ONE << U64(s)
    return m


@njit(cache=True)
def _bits(m: Any, row2: int) -> Any:
    """Padded bitboard of a square mask (bit = s + s // (2 r))."""
    bb = ZERO
    x = m
    while x != ZERO:
        s = np.int64(lsb_index(x))
        x &= x - ONE
        bb |= ONE << U64(s + s // row2)
    return bb


@njit(cache=True)
def _rank_set(m: Any, base: int, binom: Any) -> Any:
    """Colex rank of the set of squares ``m`` (each counted from ``base``)."""
    r = np.int64(0)
    j = 1
    x = m
    while x != ZERO:
        s = np.int64(lsb_index(x))
        x &= x - ONE
        r += binom[s - base, j]
        j += 1
    return r


@njit(cache=True)
def _rank_among(m: Any, occ: Any, binom: Any) -> Any:
    """Colex rank of the squares ``m`` among the squares not in ``occ``."""
    r = np.int64(0)
    j = 1
    x = m
    while x != ZERO:
        s = np.int64(lsb_index(x))
        x &= x - ONE
        t = s - np.int64(popcount(occ & ((ONE << U64(s)) - ONE)))
        r += binom[t, j]
        j += 1
    return r


@njit(cache=True)
def _unrank_set(r: Any, k: Any, base: Any, top: Any, binom: Any) -> Any:
    """The ``k`` squares (from ``base``, below ``base + top``) of colex rank ``r``."""
    m = ZERO
    c = top - 1
    for j in range(k, 0, -1):
        while binom[c, j] > r:
            c -= 1
        r -= binom[c, j]
        m |= ONE << U64(c + base)
        c -= 1
    return m


@njit(cache=True)
def _unrank_among(r: Any, k: Any, occ: Any, nsq: Any, binom: Any) -> Any:
    """The ``k`` squares outside ``occ`` whose colex rank among those squares is ``r``."""
    if k == 0:
        return ZERO
    free = nsq - np.int64(popcount(occ))
    t = _unrank_set(r, k, 0, free, binom)
    m = ZERO
    i = 0
    for s in range(nsq):
        sb = ONE << U64(s)
        if occ & sb:
            continue
        if t & (ONE << U64(i)):
            m |= sb
        i += 1
    return m


@njit(cache=True)
def slice_dims(om: Any, ok: Any, pm: Any, pk: Any, nsq: Any, row: Any, binom: Any) -> Any:
    """The four factors of a slice's index (own men, enemy men, own kings, enemy kings)."""
    return (binom[nsq - row, om], binom[nsq - row, pm], binom[nsq - om - pm, ok],
            binom[nsq - om - pm - ok, pk])


@njit(cache=True)
def position_index(a: Any, b: Any, kings: Any, flip: bool, gp: Any, binom: Any) -> Any:
    """``(om, ok, pm, pk, index)`` of the position with ``a`` to move (moving up after
    the turn ``flip``) and ``b`` the other side."""
    nsq = gp[GP_SQUARES]
    row2 = gp[GP_ROW2]
    row = row2 // 2
    omm = _squares(a & ~kings, nsq, row2, flip)
    okm = _squares(a & kings, nsq, row2, flip)
    pmm = _squares(b & ~kings, nsq, row2, flip)
    pkm = _squares(b & kings, nsq, row2, flip)
    om = np.int64(popcount(omm))
    ok = np.int64(popcount(okm))
    pm = np.int64(popcount(pmm))
    pk = np.int64(popcount(pkm))
    men = omm | pmm
    i1 = _rank_set(omm, row, binom)
    i2 = _rank_set(pmm, 0, binom)
    i3 = _rank_among(okm, men, binom)
    i4 = _rank_among(pkm, men | okm, binom)
    _, d2, d3, d4 = slice_dims(om, ok, pm, pk, nsq, row, binom)
    return om, ok, pm, pk, ((i1 * d2 + i2) * d3 + i3) * d4 + i4


@njit(cache=True)
def position_at(idx: Any, om: Any, ok: Any, pm: Any, pk: Any, gp: Any, binom: Any) -> Any:
    """``(own, opp, kings, valid)`` of index ``idx`` of a slice; invalid for a hole."""
    nsq = gp[GP_SQUARES]
    row2 = gp[GP_ROW2]
    row = row2 // 2
    _, d2, d3, d4 = slice_dims(om, ok, pm, pk, nsq, row, binom)
    i4 = idx % d4
    idx //= d4
    i3 = idx % d3
    idx //= d3
    i2 = idx % d2
    i1 = idx // d2
    omm = _unrank_set(i1, om, row, nsq - row, binom)
    pmm = _unrank_set(i2, pm, 0, nsq - row, binom)
    if omm & pmm:
        return ZERO, ZERO, ZERO, False
    men = omm | pmm
    okm = _unrank_among(i3, ok, men, nsq, binom)
    pkm = _unrank_among(i4, pk, men | okm, nsq, binom)
    own = _bits(omm | okm, row2)
    opp = _bits(pmm | pkm, row2)
    return own, opp, _bits(okm | pkm, row2), True


@njit(cache=True)
def material_code(om: Any, ok: Any, pm: Any, pk: Any, maxp: Any) -> Any:
    """Number of a material in the offsets table (``(maxp + 1) ** 4`` entries)."""
    m = maxp + 1
    return ((om * m + ok) * m + pm) * m + pk


@njit(cache=True)
def lookup(a: Any, b: Any, kings: Any, flip: bool, gp: Any, binom: Any, offs: Any,
           data: Any) -> Any:
    """Stored byte of the position with ``a`` to move (see the module), or -1 if absent.

    A side to move without pieces has lost (Code 1.8.1): byte 1 (``d`` = 0).
    """
    if a == ZERO:
        return np.int64(1)
    if b == ZERO or np.int64(popcount(a | b)) > gp[GP_MAXP]:
        return np.int64(-1)
    om, ok, pm, pk, idx = position_index(a, b, kings, flip, gp, binom)
    off = offs[material_code(om, ok, pm, pk, gp[GP_MAXP])]
    if off < 0:
        return np.int64(-1)
    return np.int64(data[off + idx])


@njit(cache=True)
def _store_depth(d: Any) -> Any:
    """Byte of a distance ``d`` (plies), capped at DMAX with its parity kept."""
    if d > DMAX:
        d = DMAX - 1 if d % 2 else DMAX
    return np.uint8(d + 1)


@njit(cache=True)
def init_range(lo: int, hi: int, pr: Any, gp: Any, geo: Any, rules: Any, binom: Any,
               offs: Any, data: Any, st: Any, dep: Any, cnt: Any, ml: Any, ctr: Any,
               mv: Any, path: Any, cx: Any, cn: Any, fu: Any, fi: Any) -> None:
    """First pass over the pair's positions ``lo..hi-1`` (pair-local numbers: slice A,
    then slice B): generate the moves (Code 1.4, 1.5 by the rules kernels), look up the
    captures and promotions in the solved slices, count the quiet moves inside the pair.
    """
    na = pr[PR_NA]
    for x in range(lo, hi):
        if x < na:
            om, ok, pm, pk = pr[PR_OM], pr[PR_OK], pr[PR_PM], pr[PR_PK]
            idx = x
        else:
            om, ok, pm, pk = pr[PR_PM], pr[PR_PK], pr[PR_OM], pr[PR_OK]
            idx = x - na
        own, opp, kings, valid = position_at(idx, om, ok, pm, pk, gp, binom)
        if not valid:
            st[x] = DONE
            continue
        n = generate(own, opp, kings, 0, geo, rules, mv, path, cx, cn, fu, fi)
        inside = 0
        win = 1 << 30
        worst = 0
        drawx = False
        for i in range(n):
            flags = mv[i, 3]
            cap = mv[i, 2]
            promo = (flags & ONE) != ZERO and (flags & U64(2)) == ZERO
            if cap == ZERO and not promo:
                inside += 1
                continue
            nown, nopp, nk = make(own, opp, kings, mv[i, 0], mv[i, 1], cap, flags)
            v = lookup(nopp, nown, nk, True, gp, binom, offs, data)
            if v < 0:
                raise ValueError("egdb: a capture or promotion leads into an unsolved slice")
            if v == 0:
                drawx = True
            elif v % 2 == 1:
                if v < win:
                    win = v
            elif v > worst:
                worst = v
        s = 0
        if drawx:
            s |= DRAWX
        cnt[x] = inside
        ml[x] = worst
        if win < (1 << 30):
            s |= WIN
            dep[x] = win
            ctr[CT_PENDING] += 1
        elif inside == 0:
            if drawx:
                s |= DONE
            else:
                s |= LOSS
                dep[x] = worst
                ctr[CT_PENDING] += 1
        st[x] = s


@njit(cache=True)
def seed_queue(st: Any, dep: Any, head: Any, nxt: Any) -> None:
    """Put every position decided by the first pass on the list of its distance."""
    for x in range(st.shape[0]):
        s = st[x]
        if (s & (WIN | LOSS)) and not (s & DONE):
            d = dep[x]
            nxt[x] = head[d]
            head[d] = x


@njit(cache=True)
def _visit(p: Any, win: bool, d: Any, st: Any, dep: Any, cnt: Any, ml: Any, ctr: Any,
           head: Any, nxt: Any) -> None:
    """Tell predecessor ``p`` that one of its moves leads to a position won (``win``) or
    lost for the opponent at distance ``d``; a position it decides goes on the list of
    its distance (once: a position decided here is never improved later)."""
    s = st[p]
    if s & DONE:
        return
    if win:  # a move into a won position for the opponent: one fewer hope
        if s & (WIN | LOSS):
            return
        cnt[p] -= 1
        if d + 1 > ml[p]:
            ml[p] = d + 1
        if cnt[p] == 0 and not (s & DRAWX):
            st[p] = s | LOSS
            e = ml[p]
            dep[p] = e
            nxt[p] = head[e]
            head[e] = p
            ctr[CT_PENDING] += 1
    else:  # a move into a lost position for the opponent: won
        if s & LOSS:
            return
        if s & WIN:
            if d + 1 >= dep[p]:
                return
        else:
            ctr[CT_PENDING] += 1
        st[p] = s | WIN
        dep[p] = d + 1
        nxt[p] = head[d + 1]
        head[d + 1] = p


@njit(cache=True)
def _settle(x: Any, d: Any, pr: Any, gp: Any, geo: Any, binom: Any, st: Any, dep: Any,
            cnt: Any, ml: Any, ctr: Any, head: Any, nxt: Any) -> Any:
    """Settle position ``x`` at distance ``d`` and tell its predecessors (un-moves: quiet
    moves of the side that just moved; a predecessor only counts where it had no
    capture, Code 1.5.3). Returns 1 if it was settled now, 0 if it was not due."""
    s = st[x]
    if (s & DONE) or not (s & (WIN | LOSS)) or dep[x] != d:
        return 0
    st[x] = s | DONE
    ctr[CT_PENDING] -= 1
    if d > ctr[CT_MAXD]:
        ctr[CT_MAXD] = d
    win = (s & WIN) != 0
    na = pr[PR_NA]
    nb = pr[PR_NB]
    if x < na:
        om, ok, pm, pk = pr[PR_OM], pr[PR_OK], pr[PR_PM], pr[PR_PK]
        idx = x
        base = na if nb > 0 else 0
    else:
        om, ok, pm, pk = pr[PR_PM], pr[PR_PK], pr[PR_OM], pr[PR_OK]
        idx = x - na
        base = 0
    board = geo[G_BOARD]
    s1 = geo[G_S1]
    s2 = geo[G_S2]
    own, opp, kings, _ = position_at(idx, om, ok, pm, pk, gp, binom)
    empty = board & ~(own | opp)
    # the other side moved last, downwards in this orientation; undo its quiet moves
    movers = opp
    while movers != ZERO:
        bb = movers & (~movers + ONE)
        movers ^= bb
        isking = (bb & kings) != ZERO
        for di in range(4):
            if not isking and di >= 2:
                break
            y = _step(bb, di, s1, s2) & empty
            while y != ZERO:
                nopp = (opp ^ bb) | y
                nk = kings
                if isking:
                    nk = (kings ^ bb) | y
                pe = board & ~(nopp | own)
                if not _has_capture(nopp & ~nk, nopp & nk, own, pe, s1, s2):
                    _, _, _, _, pidx = position_index(nopp, own, nk, True, gp, binom)
                    _visit(base + pidx, win, d, st, dep, cnt, ml, ctr, head, nxt)
                if not isking:
                    break
                y = _step(y, di, s1, s2) & empty
    return 1


@njit(cache=True)
def level_pass(d: Any, pr: Any, gp: Any, geo: Any, binom: Any, st: Any, dep: Any,
               cnt: Any, ml: Any, ctr: Any, head0: Any, nxt0: Any, head: Any,
               nxt: Any) -> Any:
    """Settle every position of the pair decided at distance ``d``: those the first pass
    put on list ``d`` (``head0``/``nxt0``) and those the levels before put there
    (``head``/``nxt``). Returns how many were settled."""
    settled = 0
    x = head0[d]
    while x >= 0:
        settled += _settle(x, d, pr, gp, geo, binom, st, dep, cnt, ml, ctr, head, nxt)
        x = nxt0[x]
    x = head[d]
    while x >= 0:
        settled += _settle(x, d, pr, gp, geo, binom, st, dep, cnt, ml, ctr, head, nxt)
        x = nxt[x]
    return settled


@njit(cache=True)
def finish(pr: Any, st: Any, dep: Any, data: Any, stats: Any) -> None:
    """Write the pair's bytes into ``data`` and count wins, draws, losses per slice
    (``stats[slice, 0..3]``: wins, draws, losses, longest distance)."""
    na = pr[PR_NA]
    nb = pr[PR_NB]
    for x in range(na + nb):
        if x < na:
            k = 0
            o = pr[PR_OFFA] + x
        else:
            k = 1
            o = pr[PR_OFFB] + x - na
        s = st[x]
        if s & (WIN | LOSS):
            d = dep[x]
            data[o] = _store_depth(d)
            if s & WIN:
                stats[k, 0] += 1
            else:
                stats[k, 2] += 1
            if d > stats[k, 3]:
                stats[k, 3] = d
        else:
            data[o] = 0
            if s != DONE:  # a hole is DONE alone
                stats[k, 1] += 1


@njit(cache=True)
def probe_bytes(own: Any, opp: Any, kings: Any, side: Any, eg: Any) -> Any:
    """Stored byte of the position (``own`` to move, ``side`` 0 for White) in the database
    array ``eg`` (layout: :mod:`shashki.engine.egdb.tables`), or -1 when it has none.

    >>> import tempfile
    >>> from shashki import Board
    >>> import numpy as np
    >>> from shashki.engine.egdb import Database, Result
    >>> db = Database.build("russian", 2, tempfile.mkdtemp())
    >>> white, black, kings, turn = Board("russian", "W:WKc3:Be5").position
    >>> byte = probe_bytes(np.uint64(white), np.uint64(black), np.uint64(kings), turn, db.eg)
    >>> Result.from_byte(int(byte))
    Result(outcome='win', plies=1)
    """
    if eg.shape[0] < 64:
        return np.int64(-1)
    h = eg[:64].view(np.int64)
    if h[0] != MAGIC:
        return np.int64(-1)
    o1 = 64 + 8 * h[4]
    offs = eg[64:o1].view(np.int64)
    binom = eg[o1:o1 + 8 * h[5] * h[6]].view(np.int64).reshape((h[5], h[6]))
    return lookup(own, opp, kings, side != 0, h[1:4], binom, offs, eg[h[7]:])
