"""Move notation: the Code's algebraic notation, PDN/FMJD numeric notation, and parsing."""

from __future__ import annotations

import pytest

from shashki import Board, IllegalMove
from shashki.notation import Style, move_text, parse_move, split_squares

AMBIGUOUS = "W:WK47:B8,13,20,23,31,42"  # two king captures from 47 to 25


def texts(b: Board, style: str | None = None) -> list[str]:
    return [b.move_text(m, style) for m in b.legal_moves]


def test_russian_writes_the_codes_algebraic_notation() -> None:
    """Code ch. I notation: quiet moves with '-', captures with ':'."""
    b = Board("russian", "W:Wc3,e3:Bd4,f6")
    assert texts(b) == ["c3:g7", "e3:c5"]
    assert texts(b, "numeric") == ["22x8", "23x14"]
    assert texts(Board("russian"))[:2] == ["a3-b4", "c3-b4"]


def test_international_writes_numeric_with_x() -> None:
    """FMJD 8.2: numeric squares, '-' for a move, 'x' for a capture."""
    assert texts(Board("international"))[:2] == ["31-26", "31-27"]
    b = Board("international", "W:W36,44:B31,22,23,K38,K39")
    assert texts(b) == ["36x29"]


def test_short_form_unless_two_moves_share_start_and_end() -> None:
    """Code ch. II, Diagram 12: the full path only when the short form is ambiguous."""
    b = Board("international", AMBIGUOUS)
    assert sorted(texts(b)) == ["47x29x12x3x25", "47x29x18x9x25"]
    m = b.legal_moves[0]
    assert move_text(b, m, full=False) == "47x25"
    assert move_text(b, m, Style.NUMERIC, capture_sep=":").count(":") == 4


@pytest.mark.parametrize("text", ["c3-d4", "C3-D4", "c3d4", "22-18", "c3xd4", "c3:d4", " c3-d4 "])
def test_parse_accepts_every_spelling(text: str) -> None:
    b = Board("russian")
    assert b.move_text(parse_move(b, text)) == "c3-d4"


@pytest.mark.parametrize("text", ["47x29x18x9x25", "47x29x18", "47:18:25", "47-29-18-9-25"])
def test_parse_full_path_subsequence_and_prefix(text: str) -> None:
    b = Board("international", AMBIGUOUS)
    m = b.parse_move(text)
    assert m.path == (47, 29, 18, 9, 25)
    assert set(m.captured) == {42, 23, 13, 20}


def test_ambiguous_short_form_lists_the_candidates() -> None:
    b = Board("international", AMBIGUOUS)
    with pytest.raises(IllegalMove, match=r"ambiguous move '47x25': 47x29x1.* or 47x29x1"):
        b.parse_move("47x25")


def test_errors_say_what_was_expected() -> None:
    b = Board("russian", "W:Wc3,e3,a1:Bd4,f6")
    with pytest.raises(IllegalMove, match=r"a capture is compulsory \(Code 1\.5\.3\)"):
        b.parse_move("a1-b2")
    with pytest.raises(IllegalMove, match="no piece on h2"):
        b.parse_move("h2-g3")
    with pytest.raises(IllegalMove, match="the opponent's"):
        b.parse_move("d4-e5")
    with pytest.raises(IllegalMove, match=r"legal moves from c3: c3:e5:g7"):
        b.parse_move("c3:a5")
    intl = Board("international", "W:W36,44:B31,22,23,K38,K39")
    with pytest.raises(IllegalMove, match=r"largest number of pieces .*FMJD 4\.13.*here 3"):
        intl.parse_move("44x33")
    braz = Board("brazilian", "W:Wa3,h2:Bb4,d6,f6,Ke3,Kg3")
    with pytest.raises(IllegalMove, match="Brazilian rules, rule 1"):
        braz.parse_move("h2:f4:d2")


@pytest.mark.parametrize("bad", ["", "c3", "z9-a1", "c3+d4", "33-1", "c3-d4-e5"])
def test_bad_text(bad: str) -> None:
    b = Board("russian")
    with pytest.raises(IllegalMove):
        b.parse_move(bad)


def test_split_squares() -> None:
    b = Board("russian")
    assert split_squares(b, "c3:e5:g3") == [22, 15, 24]
    assert split_squares(b, "22x15x24") == [22, 15, 24]
    assert split_squares(b, "C3E5") == [22, 15]
