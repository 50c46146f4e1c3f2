"""The Python face of the kernels: moves as :class:`~shashki.move.Move` objects, perft.

Importing this module imports numba and loads the compiled kernels (from numba's cache
after the first run), so :mod:`shashki.board` imports it only when a board first needs
moves.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np

from shashki.move import Move
from shashki.rules import kernels as K
from shashki.rules.geometry import Geometry
from shashki.rules.variant import Variant

U64 = np.uint64
_MV, _PATH, _CX, _CNT, _FU, _FI = K.buffers(0)
_MV0 = _MV[0]


@cache
def _between(g: Geometry) -> dict[tuple[int, int], tuple[int, ...]]:
    """Squares strictly between two squares on one diagonal, for every such pair."""
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for a in range(1, g.squares + 1):
        fa, ra = g.file_rank(a)
        for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            f, r = fa + df, ra + dr
            mid: list[int] = []
            while (sq := g.square_at(f, r)) is not None:
                out[(a, sq)] = tuple(mid)
                mid.append(sq)
                f, r = f + df, r + dr
    return out


def legal_moves(variant: Variant, white: int, black: int, kings: int, turn: int) -> list[Move]:
    """Every legal move of the side to move (Code 1.4-1.5; FMJD 3-4 for majority rules)."""
    geo, rules = variant.kernel_arrays()
    own, opp = (white, black) if turn == 0 else (black, white)
    n = K.generate(U64(own), U64(opp), U64(kings), turn, geo, rules, _MV0, _PATH, _CX, _CNT,
                   _FU, _FI)
    g = variant.geometry
    b2s = g.bit_to_square
    out = []
    head = _MV0[:n, :5].tolist()
    for i, (frm, to, cap, flags, _first) in enumerate(head):
        start = b2s[frm]
        promo = bool(flags & 1) and not (flags & 2)
        if not cap:
            out.append(Move((start, b2s[to]), (), promo))
            continue
        plen = (flags >> 8) & 0xFF
        path = (start, *(b2s[x] for x in _MV0[i, 4 : 4 + plen].tolist()))
        out.append(Move(path, _capture_order(g, path, cap), promo))
    return out


def _capture_order(g: Geometry, path: tuple[int, ...], capmask: int) -> tuple[int, ...]:
    """The captured squares in the order taken (Code 1.5.13), from the path and the mask."""
    between = _between(g)
    caps = []
    for a, b in itertools.pairwise(path):
        for sq in between[(a, b)]:
            if capmask >> g.bit(sq) & 1:
                caps.append(sq)
                break
    return tuple(caps)


def perft(variant: Variant, white: int, black: int, kings: int, turn: int, depth: int,
          bulk: bool = True) -> int:
    """Leaf count of the legal-move tree ``depth`` plies deep."""
    geo, rules = variant.kernel_arrays()
    own, opp = (white, black) if turn == 0 else (black, white)
    bufs = K.buffers(max(depth, 1))
    return int(K.perft(U64(own), U64(opp), U64(kings), turn, depth, bulk, geo, rules, *bufs))



class Replay:
    """A game replayed by the kernels from square lists (see :func:`replay`)."""

    __slots__ = ("code", "final", "played", "rows", "variant")

    def __init__(self, variant: Variant, rows: np.ndarray, played: int, code: int,
                 final: tuple[int, int, int, int]) -> None:
        self.variant = variant
        self.rows = rows
        self.played = played
        """How many plies were legal and played."""
        self.code = code
        """0 all played; -1 ply ``played`` names no legal move; -2 it is ambiguous."""
        self.final = final
        """``(white, black, kings, turn)`` after the played plies."""

    def move(self, ply: int) -> Move:
        """The :class:`Move` played at ``ply`` (0-based)."""
        if not 0 <= ply < self.played:
            raise IndexError(ply)
        g = self.variant.geometry
        b2s = g.bit_to_square
        frm, to, cap, flags = (int(x) for x in self.rows[ply, :4])
        promo = bool(flags & 1) and not (flags & 2)
        if not cap:
            return Move((b2s[frm], b2s[to]), (), promo)
        plen = (flags >> 8) & 0xFF
        path = (b2s[frm], *(b2s[x] for x in self.rows[ply, 4 : 4 + plen].tolist()))
        return Move(path, _capture_order(g, path, cap), promo)


def replay(variant: Variant, white: int, black: int, kings: int, turn: int,
           plies: list[list[int]]) -> Replay:
    """Play ``plies`` (each a list of square numbers, as move text names them) in one kernel
    call, matching each against the legal moves as :func:`shashki.notation.parse_move` does.
    """
    g = variant.geometry
    bits = [g.bit(sq) for ply in plies for sq in ply]
    offsets = [0]
    for ply in plies:
        offsets.append(offsets[-1] + len(ply))
    state = np.array([white, black, kings, turn], dtype=np.uint64)
    rows = np.zeros((len(plies), K.ROW), dtype=np.uint64)
    geo, rules = variant.kernel_arrays()
    played, code = K.replay(state, geo, rules, np.array(bits, dtype=np.uint64),
                            np.array(offsets, dtype=np.int64), rows, _MV0, _PATH, _CX, _CNT,
                            _FU, _FI)
    final = (int(state[0]), int(state[1]), int(state[2]), int(state[3]))
    return Replay(variant, rows, int(played), int(code), final)
