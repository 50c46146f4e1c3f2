"""Is the position one that can stand in a composition? Illegal and unreachable ones.

RI-64 1.1.2 makes a composition "an array of pieces" played by the rules of the game, and
the rules of composition demand a position that could arise in a game (docs/composition.md,
"Technical requirements"). The checks here are necessary conditions, each proved by the
rules of play: a position failing one can never arise; one passing them all is not
thereby proved reachable (a full retrograde proof is not attempted).

- What the FEN reader already refuses is illegal: men on their own promotion row (Code
  1.4.4), more pieces than a side starts with, pieces on light squares
  (:class:`shashki.InvalidFen`; the checker reports it as ``illegal``).
- The side not to move made the last move: some piece of his must have come from an
  empty square by a legal move, and a quiet last move needs a position before it where
  that side had no capture (captures are compulsory, Code 1.5.3). A last move that was a
  capture needs a piece of the side to move to have been taken: he must have fewer than
  he starts with.

>>> from shashki import Board
>>> [d.message for d in position_defects(Board("russian", "W:W21-32:B1-12"))]
[]
>>> [d.kind for d in position_defects(Board("russian", "W:W21-32:B1"))]  # b8 never moved
['unreachable']
"""

from __future__ import annotations

from dataclasses import dataclass

from shashki.board import Board
from shashki.color import WHITE, Color
from shashki.fen import Position, write_fen
from shashki.rules.geometry import Geometry


@dataclass(frozen=True)
class PositionDefect:
    kind: str
    """``unreachable``: no last move leads to it."""
    message: str
    article: str


def start_count(board: Board) -> int:
    """Pieces each side starts with in the variant."""
    return len(Board(board.variant).pieces(WHITE))


def position_defects(board: Board) -> list[PositionDefect]:
    """What makes the position impossible (an empty list when nothing does)."""
    out = []
    if board.fen() != Board(board.variant).fen() and not _has_last_move(board):
        mover = "Black" if board.turn is WHITE else "White"
        out.append(PositionDefect(
            "unreachable", f"{mover} cannot have made the last move: no piece of his "
                           "could have come to its square by a legal move", "Code 1.5.3"))
    return out


def _has_last_move(board: Board) -> bool:
    """Whether the side not to move has a possible last move (quiet or capture)."""
    mover = Color(1 - board.turn.value)
    g = board.variant.geometry
    # A capture could have been the last move when the side to move has lost a piece.
    if len(board.pieces(board.turn)) < start_count(board) and any(
            _capture_retractable(board, sq, mover, g) for sq in board.pieces(mover)):
        return True
    return any(_quiet_retraction_ok(board, sq, mover, g) for sq in board.pieces(mover))


def _dirs(mover: Color, king: bool) -> list[tuple[int, int]]:
    """Directions a piece of ``mover`` may have come FROM (as (dfile, drank) steps)."""
    if king:
        return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    back = -1 if mover is WHITE else 1  # a white man came from below
    return [(1, back), (-1, back)]


def _empty(board: Board, g: Geometry, f: int, r: int) -> int | None:
    sq = g.square_at(f, r)
    if sq is None or board.piece_at(sq) is not None:
        return None
    return sq


def _quiet_retraction_ok(board: Board, sq: int, mover: Color, g: Geometry) -> bool:
    f, r = g.file_rank(sq)
    king = bool(board.piece_at(sq) and board.piece_at(sq).king)  # type: ignore[union-attr]
    froms: list[tuple[int, bool]] = []  # (square, was a king)
    if king:
        for df, dr in _dirs(mover, True):
            step = 1
            while (s := _empty(board, g, f + df * step, r + dr * step)) is not None:
                froms.append((s, True))
                step += 1
        promo_rank = g.ranks - 1 if mover is WHITE else 0
        if r == promo_rank:  # a man that was crowned by this move
            for df, dr in _dirs(mover, False):
                s = _empty(board, g, f + df, r + dr)
                if s is not None:
                    froms.append((s, False))
    else:
        for df, dr in _dirs(mover, False):
            s = _empty(board, g, f + df, r + dr)
            if s is not None:
                froms.append((s, False))
    for frm, was_king in froms:
        before = _moved_back(board, sq, frm, was_king, mover)
        if before is not None and not before.has_capture():
            return True
    return False


def _moved_back(board: Board, sq: int, frm: int, was_king: bool, mover: Color) -> Board | None:
    g = board.variant.geometry
    w, b, k, _ = board.position
    to_bit, from_bit = 1 << g.bit(sq), 1 << g.bit(frm)
    if mover is WHITE:
        w = (w & ~to_bit) | from_bit
    else:
        b = (b & ~to_bit) | from_bit
    k &= ~to_bit
    if was_king:
        k |= from_bit
    return Board(board.variant, write_fen(Position(w, b, k, mover.value), board.variant))


def _capture_retractable(board: Board, sq: int, mover: Color, g: Geometry) -> bool:
    """A piece of ``mover`` on ``sq`` could have ended a capture: some diagonal has an
    empty square next to it (where the taken piece stood) and an empty square beyond
    (where the capture could have started or passed)."""
    f, r = g.file_rank(sq)
    for df, dr in _dirs(mover, True):
        if _empty(board, g, f + df, r + dr) is not None and \
                _empty(board, g, f + 2 * df, r + 2 * dr) is not None:
            return True
    return False
