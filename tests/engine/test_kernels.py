"""The search's own move generation and key updates agree with the rules core."""

from __future__ import annotations

import numpy as np
from tests.engine.conftest import random_positions

from shashki import Board
from shashki.engine import search as S
from shashki.rules import kernels as K

U64 = np.uint64


def _search_moves(board: Board) -> set[tuple[int, int, frozenset[int], bool]]:
    v = board.variant
    geo, rules = v.kernel_arrays()
    w, b, k, t = board.position
    own, opp = (w, b) if t == 0 else (b, w)
    mq = np.zeros((1, S.MAX_MOVES), dtype=np.uint64)
    mc = np.zeros((1, S.MAX_MOVES), dtype=np.uint64)
    mvs, path, cx, cnt, fu, fi = K.buffers(0)
    empty = int(geo[K.G_BOARD]) & ~(own | opp)
    men, kg = own & ~k, own & k
    if K._has_capture(U64(men), U64(kg), U64(opp), U64(empty), geo[K.G_S1], geo[K.G_S2]):
        n = S.gen_captures(U64(own), U64(opp), U64(k), t, geo, rules, mq, mc, 0, mvs[0], path,
                           cx, cnt, fu, fi)
    else:
        n = S.gen_quiet(U64(own), U64(opp), U64(k), t, geo, mq, mc, 0)
    b2s = v.geometry.bit_to_square
    out = set()
    for i in range(n):
        q = int(mq[0, i])
        frm, to, flags = q & 0xFF, (q >> 8) & 0xFF, (q >> 16) & 3
        promo = bool(flags & 1) and not flags & 2
        out.add((b2s[frm], b2s[to], frozenset(v.geometry.squares_of(int(mc[0, i]))), promo))
    assert len(out) == n  # no move twice
    return out


def test_search_generation_matches_rules(variant: str) -> None:
    for board in random_positions(variant, games=12, seed=7):
        expected = {(m.start, m.end, m.captured, m.promotion) for m in board.legal_moves}
        assert _search_moves(board) == expected, board.fen()


def test_incremental_keys_match_full_keys(variant: str) -> None:
    zob = S.zobrist_table()
    for board in random_positions(variant, games=4, seed=11):
        w, b, k, t = board.position
        own, opp = (w, b) if t == 0 else (b, w)
        key = U64(S.position_key(U64(w), U64(b), U64(k), t, zob))
        g = board.variant.geometry
        for m in board.legal_moves:
            flags = int(m.promotion) | (2 * bool(k >> g.bit(m.start) & 1))
            if flags & 2:
                flags |= 1
            q = g.bit(m.start) | (g.bit(m.end) << 8) | (flags << 16)
            nown, nopp, nk, nkey = S._make_key(U64(own), U64(opp), U64(k), key, U64(q),
                                               U64(g.mask(m.captures)), t, zob)
            after = board.copy(stack=False)
            after.push(m)
            aw, ab, ak, at = after.position
            assert (int(nown), int(nopp), int(nk)) == ((aw, ab, ak) if t == 0 else (ab, aw, ak))
            assert nkey == S.position_key(U64(aw), U64(ab), U64(ak), at, zob)
