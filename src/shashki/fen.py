"""FEN in PDN 3.0 form: ``W:W21,22,K30:B1,2,K5``.

Reading accepts numeric squares, ranges (``W31-50``, ``K1-3``), algebraic squares on
boards that have them (``Wc3,Ke1``), the colour blocks in either order, an empty block,
leading zeros, a trailing dot and lidraughts' ``:H``/``:F`` counters (notation-pdn.md
§2.3). Writing gives sorted numeric squares and no ranges.

>>> from shashki.rules import RUSSIAN
>>> parse_fen("B:Wc3,Ke1:B5,K29-30", RUSSIAN).turn
1
>>> write_fen(parse_fen("W:W21-23:B1", RUSSIAN), RUSSIAN)
'W:W21,22,23:B1'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from shashki.errors import InvalidFen
from shashki.rules.variant import Variant


class Position(NamedTuple):
    """Bitboards (padded layout) and side to move (0 White, 1 Black).

    >>> from shashki.rules import RUSSIAN
    >>> pos = parse_fen("W:W21:B1", RUSSIAN)
    >>> pos.turn, bin(pos.white).count("1"), bin(pos.black).count("1"), pos.kings
    (0, 1, 1, 0)
    """

    white: int
    black: int
    kings: int
    turn: int


_RANGE = re.compile(r"^(\d+)-(\d+)$")


def parse_fen(fen: str, variant: Variant) -> Position:
    """Read a FEN for ``variant``; raise :class:`InvalidFen` naming the bad token.

    >>> from shashki.rules import RUSSIAN
    >>> parse_fen("B:W21-23:BK1", RUSSIAN).turn
    1
    >>> parse_fen("W:W21:B1:H0:F1", RUSSIAN) == parse_fen("W:W21:B1", RUSSIAN)
    True
    """
    g = variant.geometry
    text = fen.strip()
    if text.endswith("."):
        text = text[:-1]
    if not text:
        raise InvalidFen(fen, "empty FEN")
    base = len(fen) - len(fen.lstrip()) + 1  # column of text[0]
    parts = _split(text, ":")
    turn_tok = parts[0][1].strip().upper()
    if turn_tok not in ("W", "B"):
        raise InvalidFen(fen, f"side to move must be W or B, not {parts[0][1]!r}", base)
    masks = {"W": 0, "B": 0}
    kings = 0
    seen_blocks: set[str] = set()
    occupied: dict[int, tuple[int, str]] = {}  # square -> (column, token as written)
    counts = {"W": 0, "B": 0}
    for start, block in parts[1:]:
        b = block.strip()
        col = base + start + len(block) - len(block.lstrip())
        if not b:
            continue
        colour = b[0].upper()
        if colour in ("H", "F") and b[1:].isdigit():  # lidraughts counters
            continue
        if colour not in ("W", "B"):
            raise InvalidFen(fen, f"colour block must start with W or B, not {b[0]!r}", col)
        if colour in seen_blocks:
            raise InvalidFen(fen, f"second {colour} block", col)
        seen_blocks.add(colour)
        items = b[1:]
        for tstart, token in _split(items, ","):
            tok = token.strip()
            tcol = col + 1 + tstart + len(token) - len(token.lstrip())
            if not tok:
                if items.strip():
                    raise InvalidFen(fen, "empty square in list", tcol)
                continue
            king = tok[0] in "Kk"
            squares = _squares(fen, tok[1:] if king else tok, variant, tcol)
            for sq in squares:
                if sq in occupied:
                    raise InvalidFen(fen, f"two pieces on square {sq} ({tok!r})", tcol)
                occupied[sq] = (tcol, tok)
                counts[colour] += 1
                if counts[colour] > variant.men_per_side:
                    name = "White" if colour == "W" else "Black"
                    raise InvalidFen(
                        fen, f"{name} has more than {variant.men_per_side} pieces ({tok!r})",
                        tcol)
                bit = 1 << g.bit(sq)
                masks[colour] |= bit
                if king:
                    kings |= bit
    white, black = masks["W"], masks["B"]
    top, bottom = g.row_mask(0), g.row_mask(g.ranks - 1)
    for mask, row, name in ((white, top, "White"), (black, bottom, "Black")):
        bad = mask & ~kings & row
        if bad:
            sq = g.squares_of(bad)[0]
            col, tok = occupied[sq]
            shown = tok if tok.lstrip("Kk").lower() == g.square_name(sq) else str(sq)
            raise InvalidFen(
                fen, f"{name} man on {shown} stands on its promotion row (Code 1.4.4)", col)
    return Position(white, black, kings, 0 if turn_tok == "W" else 1)


def _split(text: str, sep: str) -> list[tuple[int, str]]:
    """Split ``text`` on ``sep``, keeping each piece's start index."""
    out = []
    i = 0
    for piece in text.split(sep):
        out.append((i, piece))
        i += len(piece) + 1
    return out


def _squares(fen: str, body: str, variant: Variant, col: int) -> list[int]:
    g = variant.geometry
    m = _RANGE.match(body)
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        for v in (lo, hi):
            if not 1 <= v <= g.squares:
                raise InvalidFen(fen, f"square {v} is off the board (1-{g.squares})", col)
        if lo > hi:
            raise InvalidFen(fen, f"empty range {body!r}", col)
        return list(range(lo, hi + 1))
    try:
        return [g.parse_square(body)]
    except ValueError as e:
        raise InvalidFen(fen, str(e), col) from None


def write_fen(pos: Position, variant: Variant) -> str:
    """The FEN of a position: side to move, then White's and Black's sorted squares.

    >>> from shashki.rules import RUSSIAN
    >>> write_fen(parse_fen("W:W23,21,K22:B01", RUSSIAN), RUSSIAN)
    'W:W21,K22,23:B1'
    """
    g = variant.geometry
    out = ["W" if pos.turn == 0 else "B"]
    for letter, mask in (("W", pos.white), ("B", pos.black)):
        items = [("K" if pos.kings >> g.bit(sq) & 1 else "") + str(sq) for sq in g.squares_of(mask)]
        out.append(letter + ",".join(items))
    return ":".join(out)
