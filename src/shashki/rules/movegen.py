"""The Python face of the kernels: moves as :class:`~shashki.move.Move` objects, perft.

Importing this module imports numba and loads the compiled kernels (from numba's cache
after the first run), so :mod:`shashki.board` imports it only when a board first needs
moves.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from shashki.move import Move
from shashki.rules import kernels as K
from shashki.rules.bits import compile_for
from shashki.rules.variant import Variant

U64 = np.uint64
_LOCAL = threading.local()


def scratch() -> tuple[Any, Any, Any, Any, Any, Any]:
    """This thread's scratch arrays for one kernel generation: ``(moves, path, cx, cnt, fu,
    fi)``, ``moves`` one ply's list (see :func:`kernels.buffers`).

    One set per thread, not per module: two threads sharing them read each other's moves
    between the kernel's return and the reading of its list (the server's worker threads;
    the two engines of a DXP game over loopback, which once wrote a record it could not
    replay)."""
    s: tuple[Any, Any, Any, Any, Any, Any] | None = getattr(_LOCAL, "arrays", None)
    if s is None:
        mv, path, cx, cnt, fu, fi = K.buffers(0)
        s = _LOCAL.arrays = (mv[0], path, cx, cnt, fu, fi)
    return s


def legal_moves(variant: Variant, white: int, black: int, kings: int, turn: int,
                routes: bool = False) -> list[Move]:
    """Every legal move of the side to move (Code 1.4-1.5; FMJD 3-4 for majority rules).

    With ``routes`` every capture route is listed: two routes with the same start, end and
    captured set, one move otherwise (perft.md §1), come as two entries.
    """
    geo, rules = variant.kernel_arrays()
    if routes:
        rules = every_route(rules)
    own, opp = (white, black) if turn == 0 else (black, white)
    arrays = scratch()
    mv0 = arrays[0]
    n = K.generate(U64(own), U64(opp), U64(kings), turn, geo, rules, *arrays)
    b2s = variant.geometry.bit_to_square
    out = []
    for i, (frm, to, cap, flags) in enumerate(mv0[:n, :4].tolist()):
        promo = bool(flags & 1) and not (flags & 2)
        if not cap:
            out.append(Move((b2s[frm], b2s[to]), (), promo))
            continue
        out.append(_capture(b2s, mv0[i], frm, flags, promo))
    return out


def every_route(rules: np.ndarray) -> np.ndarray:
    """The kernels' rules array that merges no duplicate routes (perft.md §1 "no-dedup")."""
    out = rules.copy()
    out[K.R_DEDUP_MIN] = K.MAX_PATH + 1  # no capture takes that many pieces
    return out


def _capture(b2s: tuple[int, ...], row: np.ndarray, frm: int, flags: int, promo: bool) -> Move:
    plen = (flags >> 8) & 0xFF
    path = (b2s[frm], *(b2s[x] for x in row[4 : 4 + plen].tolist()))
    caps = tuple(b2s[x] for x in row[K.CAPS : K.CAPS + plen].tolist())
    return Move(path, caps, promo)


def perft(variant: Variant, white: int, black: int, kings: int, turn: int, depth: int,
          bulk: bool = True) -> int:
    """Leaf count of the legal-move tree ``depth`` plies deep."""
    geo, rules = variant.kernel_arrays()
    own, opp = (white, black) if turn == 0 else (black, white)
    bufs = K.buffers(max(depth, 1))
    return int(K.perft(U64(own), U64(opp), U64(kings), turn, depth, bulk, geo, rules, *bufs))


def compile_moves(variant: Variant) -> None:
    """Compile (or load) the kernel behind :func:`legal_moves` for ``variant``, uncalled
    (:func:`shashki.rules.bits.compile_for`); every variant shares its one signature."""
    geo, rules = variant.kernel_arrays()
    compile_for(K.generate, U64(0), U64(0), U64(0), 0, geo, rules, *scratch())


def compile_perft(variant: Variant, bulk: bool = True) -> None:
    """Compile (or load) :func:`perft`'s kernel, uncalled, so that a caller timing a perft
    (``shashki perft``, its rate) times the count alone."""
    geo, rules = variant.kernel_arrays()
    compile_for(K.perft, U64(0), U64(0), U64(0), 0, 1, bulk, geo, rules, *K.buffers(1))



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
        b2s = self.variant.geometry.bit_to_square
        frm, to, cap, flags = (int(x) for x in self.rows[ply, :4])
        promo = bool(flags & 1) and not (flags & 2)
        if not cap:
            return Move((b2s[frm], b2s[to]), (), promo)
        return _capture(b2s, self.rows[ply], frm, flags, promo)


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
                            np.array(offsets, dtype=np.int64), rows, *scratch())
    final = (int(state[0]), int(state[1]), int(state[2]), int(state[3]))
    return Replay(variant, rows, int(played), int(code), final)
