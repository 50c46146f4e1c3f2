"""A position in words, for the board's accessible name (a screen reader reads it; the FEN
is no description): whose move it is, then each side's men and kings by square, in the
variant's notation (algebraic on 8x8 and 10x8, numbers on 10x10, Code 1.2.2 / FMJD 2).

>>> from shashki import Board
>>> position_words(Board("russian", "W:Wc3,Kh2:Bf6"), "en")
'White to move. White: man c3; king h2. Black: man f6.'
>>> position_words(Board("russian", "B:Wc3:Bf6,g7"), "ru")
'Ход чёрных. Белые: простая c3. Чёрные: простые f6, g7.'
"""

from __future__ import annotations

from shashki.board import Board
from shashki.color import BLACK, WHITE
from shashki.notation import default_style, square_text
from shashki.server.core.i18n import Translator


def result_text(result: str, variant: str) -> str:
    """A stored result (``1-0``, ``1/2-1/2``…) as the platform writes it for ``variant``,
    everywhere (the lists, the game page, its script): the variant's own PDN GameType
    tokens, so International is ``2-0``, ``1-1``, ``0-2`` and Russian keeps ``1-0``,
    ``1/2-1/2``, ``0-1`` as its records are written.

    >>> result_text("1-0", "international"), result_text("1/2-1/2", "russian")
    ('2-0', '1/2-1/2')
    >>> result_text("*", "international"), result_text("1-0", "no such variant")
    ('*', '1-0')
    """
    from shashki.pdn.gametype import result_token
    from shashki.rules import variant_by_name

    try:
        return result_token(result, variant_by_name(variant))
    except KeyError:
        return result


def move_ref(ply: int, white_first: bool = True) -> str:
    """The move that ``ply`` made, as a move list numbers it: counted in moves from 1,
    ``3.`` for White's third move and ``3…`` for Black's (a game from a position with
    Black to move starts ``1…``).

    >>> [move_ref(p) for p in (1, 2, 3)], [move_ref(p, False) for p in (1, 2, 3)]
    (['1.', '1…', '2.'], ['1…', '2.', '2…'])
    """
    n = ply if white_first else ply + 1
    return f"{(n + 1) // 2}{'.' if n % 2 else '…'}"


def position_words(board: Board, lang: str) -> str:
    """``board`` described in ``lang`` (``en`` or ``ru``), with the labels ``words`` that
    the game page's script uses for the same description."""
    t = Translator(lang)
    style = default_style(board)
    out = [t.label("words", "turn." + ("white" if board.turn is WHITE else "black"))]
    for color, name in ((WHITE, "white"), (BLACK, "black")):
        parts = []
        for king, word in ((False, "man"), (True, "king")):
            names = sorted((square_text(board, s, style) for s in board.pieces(color, king)),
                           key=lambda n: (int(n),) if n.isdigit() else (n[0], int(n[1:])))
            if names:
                label = t.label("words", word if len(names) == 1 else word + "s")
                parts.append(f"{label} " + ", ".join(names))
        out.append(f"{t.color(name)}: " + ("; ".join(parts) or t.label("words", "none")) + ".")
    return " ".join(out)


def square_labels(board: Board, lang: str) -> list[str]:
    """Each square's name and what stands on it ("c3, white man"), square 1 first: the
    accessible names of a board's squares.

    >>> square_labels(Board("russian", "W:Wc3:BKf6"), "en")[21:23]
    ['c3, white man', 'e3, empty']
    """
    t = Translator(lang)
    style = default_style(board)
    out = []
    for s in range(1, board.variant.geometry.squares + 1):
        piece = board.piece_at(s)
        what = "empty" if piece is None else "piece." + (
            ("w" if piece.color is WHITE else "b") + ("k" if piece.king else "m"))
        out.append(f"{square_text(board, s, style)}, {t.label('words', what)}")
    return out
