"""Move notation: the Code's algebraic notation and the numeric notation of PDN and FMJD.

Russian and Brazilian records are algebraic, ``c3-d4`` for a quiet move and
``c3:e5:g3`` for a capture (Code ch. I, "Шашечная нотация"), and so are 80-square records
(files a-j, ranks 1-8: ``i3-j4``, as PDN GameType 41 says); International records are
numeric, ``32-28`` and ``47x24`` (FMJD; the Code's chapter II writes ``47:24``).
A move is written short, start and end only, unless another legal move shares both;
then every landing square is given, as in the Code's example ``47:24:8:17:6`` against
``47:24:35:44:6``.

>>> from shashki import Board
>>> b = Board("russian")
>>> move_text(b, parse_move(b, "c3d4"))
'c3-d4'
>>> move_text(b, parse_move(b, "22-18"), style=Style.NUMERIC)
'22-18'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from enum import Enum

from shashki import messages as M
from shashki.boardview import BoardView as Board
from shashki.errors import IllegalMove
from shashki.move import Move


class Style(Enum):
    """How squares are written.

    >>> from shashki import Board
    >>> board = Board("russian")
    >>> [board.move_text(board.legal_moves[0], s) for s in Style]
    ['21-17', 'a3-b4']
    """

    NUMERIC = "numeric"
    ALGEBRAIC = "algebraic"


def default_style(board: Board) -> Style:
    """The variant's own notation: algebraic on 8x8 (the Code's notation) and on the 10x8
    board of 80-square draughts (PDN GameType 41, ``A0``), numeric on 10x10 (FMJD).

    >>> from shashki import Board
    >>> default_style(Board("russian")), default_style(Board("international"))
    (<Style.ALGEBRAIC: 'algebraic'>, <Style.NUMERIC: 'numeric'>)
    """
    return Style(board.variant.default_notation)


def square_text(board: Board, square: int, style: Style) -> str:
    """The name of ``square`` in ``style``: ``c3`` or ``22``.

    >>> from shashki import Board
    >>> board = Board("russian")
    >>> square_text(board, 22, Style.ALGEBRAIC), square_text(board, 22, Style.NUMERIC)
    ('c3', '22')
    """
    if style is Style.ALGEBRAIC:
        return board.variant.geometry.square_name(square)
    return str(square)


def move_text(
    board: Board, move: Move, style: Style | None = None, full: bool | None = None,
    capture_sep: str | None = None,
) -> str:
    """Text of a legal move of ``board``.

    ``full`` forces (True) or forbids (False) the full path; by default it is written only
    when another legal move has the same start and end. The capture separator is ``:``
    in algebraic notation (the Code) and ``x`` in numeric notation (FMJD) unless
    ``capture_sep`` says otherwise.

    >>> from shashki import Board
    >>> board = Board("russian", "W:Wc3:Bd4,f6")
    >>> move = board.legal_moves[0]
    >>> move_text(board, move), move_text(board, move, Style.NUMERIC)
    ('c3:g7', '22x8')
    >>> move_text(board, move, full=True)
    'c3:e5:g7'
    """
    st = style or default_style(board)
    if full is None:
        full = move.is_capture and sum(
            1 for m in board.legal_moves if m.start == move.start and m.end == move.end
        ) > 1
    squares = move.path if full and move.is_capture else (move.start, move.end)
    if move.is_capture:
        sep = capture_sep or (":" if st is Style.ALGEBRAIC else "x")
    else:
        sep = "-"
    return sep.join(square_text(board, sq, st) for sq in squares)


_SQUARE = re.compile(r"([a-z])?(\d+)")
_SEPARATORS = re.compile(r"[-x:×]")


def split_squares(board: Board, text: str) -> list[int]:
    """Square numbers named by move text.

    Accepts numeric and algebraic squares, the separators ``-``, ``x``, ``:`` and ``×``,
    any letter case, and algebraic squares with no separator (``c3d4``).

    >>> from shashki import Board
    >>> board = Board("russian")
    >>> split_squares(board, "c3:e5:G7"), split_squares(board, "22x15")
    ([22, 15, 8], [22, 15])
    >>> split_squares(board, "c3d4")
    [22, 18]
    """
    g = board.variant.geometry
    body = text.strip().lower()
    squares = []
    pos = 0
    while pos < len(body):
        ch = body[pos]
        if _SEPARATORS.match(ch):
            pos += 1
            continue
        m = _SQUARE.match(body, pos)
        if not m:
            raise IllegalMove(f"bad move text {text!r}: unexpected {ch!r} at column {pos + 1}")
        token = m.group(0)
        try:
            squares.append(g.parse_square(token))
        except ValueError as e:
            raise IllegalMove(f"bad move text {text!r}: {e}") from None
        pos = m.end()
    if len(squares) < 2:
        raise IllegalMove(f"bad move text {text!r}: a move needs two squares")
    return squares


def _matches(squares: list[int], move: Move) -> bool:
    """Start and end agree and the squares between come in the move's path in order."""
    if move.start != squares[0] or move.end != squares[-1]:
        return False
    it = iter(move.path[1:-1])
    return all(any(sq == p for p in it) for sq in squares[1:-1])


def _is_prefix(squares: list[int], move: Move) -> bool:
    return len(squares) < len(move.path) and tuple(squares) == move.path[: len(squares)]


#: Routes can coincide only in captures of this many pieces or more (perft.md §1).
_DUPLICATE_MIN = 4


def routes(board: Board) -> list[tuple[Move, Move]]:
    """``(route, move)`` for every route of every legal move of ``board``.

    A move is one of ``board.legal_moves``; two routes with the same start, end and
    captured pieces are one move (perft.md §1), which keeps one of them as its path, but
    either route is the move (Code 1.5.13 lets the captures be taken in either order, and
    the full notation follows the route taken).

    >>> from shashki import Board
    >>> b = Board("russian", "W:Wd4,c3,e3:Bc5,c7,e5,e7")  # round the diamond both ways
    >>> sorted(move_text(b, r, full=True) for r, _ in routes(b))
    ['d4:b6:d8:f6:d4', 'd4:f6:d8:b6:d4']
    >>> len({id(m) for _, m in routes(b)})
    1
    """
    legal = board.legal_moves
    if not any(len(m.captures) >= _DUPLICATE_MIN for m in legal):
        return [(m, m) for m in legal]
    from shashki.rules import movegen

    w, b, k, t = board.position
    try:
        every = movegen.legal_moves(board.variant, w, b, k, t, routes=True)
    except OverflowError:  # more routes than the kernels' move list holds: kept ones only
        return [(m, m) for m in legal]
    by_key = {(m.start, m.end, m.captured): m for m in legal}
    return [(r, by_key[(r.start, r.end, r.captured)]) for r in every]


def parse_move(board: Board, text: str) -> Move:
    """The legal move of ``board`` that ``text`` names.

    Accepts the short form (start and end) when only one legal move has them, the full
    path of any of a move's routes (:func:`routes`), any part of a route that names one
    move, and a prefix of a route that names one move. Raises
    :class:`~shashki.IllegalMove` saying what was expected.

    >>> from shashki import Board
    >>> parse_move(Board("russian"), "22-18")
    Move((22, 18))
    """
    squares = split_squares(board, text)
    legal = board.legal_moves
    every = routes(board) if len(squares) > 2 else [(m, m) for m in legal]
    path = tuple(squares)
    exact = _unique(m for r, m in every if r.path == path)
    if len(exact) == 1:  # a complete path names its move even if it fits a longer one too
        return exact[0]
    found = _unique(m for r, m in every if _matches(squares, r))
    if not found:
        found = _unique(m for r, m in every if _is_prefix(squares, r))
    if len(found) == 1:
        return found[0]
    if found:
        st = _style_of(text)
        options = " or ".join(move_text(board, m, st, full=True) for m in found)
        raise IllegalMove(f"ambiguous move {text!r}: {options}")
    raise IllegalMove(explain_illegal(board, squares, text))


def _unique(moves: Iterable[Move]) -> list[Move]:
    """The moves, each once, in order (several routes name one move)."""
    out: list[Move] = []
    for m in moves:
        if not any(m is o for o in out):
            out.append(m)
    return out


def _style_of(text: str) -> Style:
    """The style the user wrote in, so that answers come back in it."""
    return Style.ALGEBRAIC if re.search(r"[a-wyzA-WYZ]", text) else Style.NUMERIC


def explain_illegal(board: Board, squares: list[int], text: str) -> str:
    """Why no legal move matches: the rule that forbids it (Code 1.5.3 and the variant's
    majority rule), and what is legal instead; written from :mod:`shashki.messages`.

    >>> from shashki import Board
    >>> board = Board("russian", "W:Wc3,g3:Bd4")
    >>> explain_illegal(board, split_squares(board, "g3-f4"), "g3-f4")
    "illegal move 'g3-f4': a capture is compulsory (Code 1.5.3); legal moves: c3:e5"
    """
    st = _style_of(text)
    start = squares[0]
    name = square_text(board, start, st)
    piece = board.piece_at(start)
    legal = board.legal_moves
    listing = M.LEGAL_MOVES.format(
        moves=", ".join(move_text(board, m, st) for m in legal) or M.NO_MOVES)
    move = repr(text)
    if piece is None:
        return f"{M.ILLEGAL_NO_PIECE.format(move=move, square=name)}; {listing}"
    if piece.color != board.turn:
        return f"{M.ILLEGAL_OPPONENTS.format(move=move, square=name)}; {listing}"
    captures = [m for m in legal if m.is_capture]
    if captures and board.variant.majority_capture:
        free = replace(board.variant, majority_capture=False)
        from shashki.rules import movegen  # compiled kernels: loaded when first needed

        smaller = [m for m in movegen.legal_moves(free, *board.position)
                   if _matches(squares, m) or _is_prefix(squares, m)]
        if smaller:
            most = len(captures[0].captures)
            why = M.ILLEGAL_MAJORITY.format(move=move, article=board.variant.majority_article,
                                            count=most)
            return f"{why}; {listing}"
    if captures and not any(m.start == start for m in captures):
        return f"{M.ILLEGAL_CAPTURE.format(move=move, article='Code 1.5.3')}; {listing}"
    own = [m for m in legal if m.start == start]
    if own:
        mine = ", ".join(move_text(board, m, st, full=True) for m in own)
        return M.ILLEGAL.format(move=move) + "; " + M.LEGAL_MOVES_FROM.format(
            square=name, moves=mine)
    return f"{M.ILLEGAL_CANNOT_MOVE.format(move=move, square=name)}; {listing}"
