"""FEN reading and writing (PDN 3.0 form, notation-pdn.md §2.3; docs/rules.md F1-F4)."""

from __future__ import annotations

import pytest

from shashki import BLACK, WHITE, Board, InvalidFen, Piece, ShashkiError

INITIAL_8 = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def fen(text: str, variant: str = "russian") -> str:
    return Board(variant, text).fen()


# --- reading ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # numeric squares, any order in a block
        ("W:W22,21:B2,1", "W:W21,22:B1,2"),
        # ranges
        ("W:W21-32:B1-12", INITIAL_8),
        ("B:W21-23:B1-3", "B:W21,22,23:B1,2,3"),
        ("W:W21-21:B1", "W:W21:B1"),
        # king ranges, K before the range covers it all
        ("W:WK1-3,31:B5", "W:WK1,K2,K3,31:B5"),
        ("W:W21:B5,K29-30", "W:W21:B5,K29,K30"),
        ("W:Wk30:Bk1", "W:WK30:BK1"),
        # algebraic squares (8x8: a1 = 29, c3 = 22, b8 = 1)
        ("W:Wc3,Ke1:B5,K29-30", "W:W22,K31:B5,K29,K30"),
        ("W:Wa1,g1:Bb8,h8", "W:W29,32:B1,4"),
        ("W:WC3:BH8", "W:W22:B4"),
        # colour blocks in either order
        ("B:B1-12:W21-32", "B" + INITIAL_8[1:]),
        ("W:B1:W21", "W:W21:B1"),
        # an empty block, a missing block
        ("W:W:B1", "W:W:B1"),
        ("W::B1", "W:W:B1"),
        ("B:W21:B", "B:W21:B"),
        ("W:W21", "W:W21:B"),
        # trailing dot, surrounding blanks, lower-case letters
        ("W:W21,22:B1.", "W:W21,22:B1"),
        ("  W:W21:B1  ", "W:W21:B1"),
        ("w:w21:b1", "W:W21:B1"),
        ("W:W 21, 22:B1", "W:W21,22:B1"),
        # leading zeros
        ("W:W021,0022:B01", "W:W21,22:B1"),
        ("W:W09-011:B1", "W:W9,10,11:B1"),
        # lidraughts counters
        ("W:W21-32:B1-12:H0:F1", INITIAL_8),
        ("B:W21:B1:H12:F30", "B:W21:B1"),
        ("W:W21-32:B1-12:H0:F1.", INITIAL_8),
    ],
)
def test_parse(text: str, expected: str) -> None:
    assert fen(text) == expected


def test_parse_places_pieces() -> None:
    """Men and kings of both colours land on the named squares (1 = b8, 29 = a1)."""
    b = Board("russian", "B:Wc3,Ka1:Bb8,K32")
    assert b.turn == BLACK
    assert b.piece_at("c3") == Piece(WHITE, False)
    assert b.piece_at(29) == Piece(WHITE, True)
    assert b.piece_at(1) == Piece(BLACK, False)
    assert b.piece_at("g1") == Piece(BLACK, True)
    assert sum(b.piece_at(sq) is not None for sq in range(1, 33)) == 4


def test_parse_international() -> None:
    """10x10: numeric 1-50 (FMJD 2.6), algebraic a1 = 46, j10 = 5."""
    assert fen("W:W31-50:B1-20", "international") == (
        "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))
    )
    assert fen("W:Wa1,Kj10:B6", "international") == "W:WK5,46:B6"
    b = Board("international", "W:Wa1:BKj10")
    assert b.piece_at(46) == Piece(WHITE, False)
    assert b.piece_at(5) == Piece(BLACK, True)


def test_parse_all_variants_initial() -> None:
    for variant in ("russian", "brazilian", "international", "russian-giveaway"):
        b = Board(variant)
        assert Board(variant, b.variant.initial_fen).fen() == b.fen()


# --- writing ----------------------------------------------------------------------------


def test_write_sorted_numeric_no_ranges() -> None:
    """Writing: side to move, then White's and Black's squares, sorted, K for kings."""
    assert fen("B:B12,K3,1:WK32,h2,5") == "B:W5,28,K32:B1,K3,12"
    assert fen("W:W31-32,K21:B") == "W:WK21,31,32:B"
    assert Board("russian").fen() == INITIAL_8


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("russian", "W:W21-32:B1-12"),
        ("russian", "B:WK1,18,K32:B5,K29"),
        ("russian", "W:W:B1"),
        ("brazilian", "B:W21:BK2,3"),
        ("international", "W:W31-50:B1-20"),
        ("international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"),
        ("russian-giveaway", "W:WK4:BK29"),
    ],
)
def test_round_trip(variant: str, text: str) -> None:
    """read(write(p)) == p and write(read(write(p))) == write(p)."""
    b = Board(variant, text)
    written = b.fen()
    again = Board(variant, written)
    assert again.fen() == written
    assert again == b
    assert again.zobrist_hash() == b.zobrist_hash()


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "column"),
    [
        # square off the board
        ("W:W33:B1", "33", 4),
        ("W:W21,0:B1", "0", 7),
        ("W:W21-40:B1", "40", 4),
        ("W:Wi1:B1", "i1", 4),
        ("W:Wa2:B1", "a2", 4),  # a light square
        # two pieces on one square
        ("W:W21,21:B1", "21", 7),
        ("W:W21:B21", "21", 8),
        ("W:W21-25:BK22", "K22", 11),
        # man on its promotion row (Code 1.4.4)
        ("W:W1:B5", "1", 4),
        ("W:W21:B30", "30", 8),
        # bad side-to-move letter
        ("X:W21:B1", "X", 1),
        ("?:W21:B1", "?", 1),
        # bad colour letter, second block of one colour
        ("W:W21:X5", "X", 7),
        ("W:W21:W22", "W", 7),
        # not a square at all
        ("W:Wfoo:B1", "foo", 4),
        ("W:W21,,22:B1", "empty", 7),
    ],
)
def test_bad_fen_names_token_and_column(text: str, token: str, column: int) -> None:
    with pytest.raises(InvalidFen) as info:
        Board("russian", text)
    err = info.value
    assert isinstance(err, ShashkiError) and isinstance(err, ValueError)
    assert err.fen == text
    assert err.column == column
    assert f"column {column}" in str(err)
    assert token in err.reason  # the message proper, without the quoted FEN


def test_column_counts_leading_blanks() -> None:
    with pytest.raises(InvalidFen) as info:
        Board("russian", "  W:W33:B1")
    assert info.value.column == 6


@pytest.mark.parametrize("variant", ["russian", "international"])
def test_too_many_pieces_rejected(variant: str) -> None:
    """docs/rules.md F2: more pieces than the initial set (12 / 20) is rejected."""
    text = {"russian": "W:W21-32,K13:B1", "international": "W:W30-50:B1"}[variant]
    with pytest.raises(InvalidFen, match="more than"):
        Board(variant, text)


def test_too_many_pieces_names_token_and_column() -> None:
    """Every bad input names its token and column (errors.py); the 13th White piece is
    the token K13 at column 10."""
    with pytest.raises(InvalidFen) as info:
        Board("russian", "W:W21-32,K13:B1")
    assert info.value.column is not None
    assert "at column" in str(info.value)
    assert "K13" in info.value.reason


def test_promotion_row_error_names_algebraic_token() -> None:
    with pytest.raises(InvalidFen) as info:
        Board("russian", "W:Wd8:B5")
    assert info.value.column == 4
    assert "d8" in info.value.reason


@pytest.mark.parametrize("text", ["", "   ", ".", "W:WK:B1", "W:W25-21:B1", "W:W21,:B1"])
def test_other_bad_fens(text: str) -> None:
    with pytest.raises(InvalidFen):
        Board("russian", text)
