"""GameType, numbering, results and the lexer's pitfalls."""

from __future__ import annotations

import pytest

from shashki import Board
from shashki.pdn.gametype import (
    gametype_for_output,
    native_style,
    normalize_result,
    parse_gametype,
    renumber,
    renumber_fen,
    result_meaning,
    variant_for,
)
from shashki.pdn.lexer import KIND_NAMES, tokenize
from shashki.pdn.writer import compact_fen
from shashki.rules import BRAZILIAN, INTERNATIONAL, RUSSIAN, RUSSIAN_80, RUSSIAN_GIVEAWAY


def test_short_and_full_gametypes() -> None:
    assert parse_gametype("25") == parse_gametype("25,W,8,8,A0,0").__class__(
        25, "W", 8, 8, "A", 0, 0, True)
    assert parse_gametype(" 20 , w, 10, 10, n2 ").full() == "20,W,10,10,N2,0"
    assert parse_gametype("21").full() == "21,B,8,8,N1,0"
    for bad in ("", "x", "25,W,8", "99"):
        with pytest.raises(ValueError):
            parse_gametype(bad)


def test_variants_of_gametypes() -> None:
    assert variant_for(parse_gametype("25")) is RUSSIAN
    assert variant_for(parse_gametype("26")) is BRAZILIAN
    assert variant_for(parse_gametype("20")) is INTERNATIONAL
    assert variant_for(parse_gametype("41,W,10,8,A0,0")) is RUSSIAN_80
    assert variant_for(parse_gametype("25"), "поддавки") is RUSSIAN_GIVEAWAY
    assert variant_for(parse_gametype("20"), "giveaway") is INTERNATIONAL
    with pytest.raises(ValueError, match="Frisian"):
        variant_for(parse_gametype("40"))
    with pytest.raises(ValueError, match="10x10"):
        variant_for(parse_gametype("20,W,8,8,N2,0"))


def test_notation_of_the_output() -> None:
    assert native_style(RUSSIAN) == "algebraic" and native_style(INTERNATIONAL) == "numeric"
    assert native_style(RUSSIAN, "25,W,8,8,N2,0") == "numeric"
    assert native_style(RUSSIAN_GIVEAWAY) == "algebraic"
    assert native_style(RUSSIAN_80) == "algebraic"
    assert gametype_for_output(RUSSIAN_80, "41", "numeric") == "41,W,10,8,N2,0"
    assert gametype_for_output(RUSSIAN, "25", "algebraic") == "25"
    assert gametype_for_output(RUSSIAN, "25", "numeric") == "25,W,8,8,N2,0"
    assert gametype_for_output(INTERNATIONAL, "20", "algebraic") == "20,W,10,10,A0,0"
    assert gametype_for_output(RUSSIAN, None, "numeric") is None
    assert gametype_for_output(RUSSIAN, "garbage", "numeric") == "garbage"


@pytest.mark.parametrize("corner, square_one", [(0, "a1"), (1, "g1"), (2, "b8"), (3, "h8")])
def test_numbering_corners(corner: int, square_one: str) -> None:
    g = RUSSIAN.geometry
    table = renumber(g, corner)
    assert g.square_name(table[1]) == square_one
    assert sorted(table[1:]) == list(range(1, 33))


def test_renumbered_fen() -> None:
    g = INTERNATIONAL.geometry
    fen = renumber_fen("W:W1-5,K46:B:H3:F7", g, 0)
    assert fen == "W:W46,47,48,49,50,K1:B:H3:F7"
    assert Board("international", fen).fen() == "W:WK1,46,47,48,49,50:B"


def test_results() -> None:
    assert result_meaning("2-0") == "1-0" and result_meaning("½-½") == "1/2-1/2"
    assert result_meaning("1-0 (time)") is None
    assert normalize_result("0-2", RUSSIAN) == "0-1"
    assert normalize_result("0-1", INTERNATIONAL) == "0-2"
    assert normalize_result("0-0", INTERNATIONAL) == "0-0"
    assert normalize_result(" weird ", RUSSIAN) == "weird"


def test_compact_fen() -> None:
    assert compact_fen("B:W1,2,3,5,K6,K7,K8:B") == "B:W1-3,5,K6-8:B"
    assert compact_fen("W:Wa1,c1:Bb8") == "W:Wa1,c1:Bb8"
    assert compact_fen("B::") == "B::"


def kinds(text: str) -> list[tuple[str, str]]:
    return [(KIND_NAMES[k], v) for k, v, _, _ in tokenize([(1, text, 0)])]


def test_lexer_pitfalls() -> None:
    # doc/issues.rst: results and moves, "*" as result and as forced move, "(?)"
    assert kinds("1-1 1-18 1-10 2-0 0-2 0-0 1/2-1/2") == [
        ("result", "1-1"), ("move", "1-18"), ("move", "1-10"), ("result", "2-0"),
        ("result", "0-2"), ("result", "0-0"), ("result", "1/2-1/2")]
    assert kinds("1-6* 32-28 *") == [("move", "1-6"), ("forced", "*"), ("move", "32-28"),
                                     ("result", "*")]
    assert kinds("31-27(?) (32-28)") == [("move", "31-27"), ("strength", "(?)"), ("(", "("),
                                         ("move", "32-28"), (")", ")")]
    assert kinds("47x24x36 c3d4 01-07 e3xg5x") == [
        ("move", "47x24x36"), ("move", "c3d4"), ("move", "01-07"), ("garbage", "e3xg5x")]
    assert kinds("23... 20-25 23. ... 41. - - $12 !? {c} %rest") == [
        ("number", "23..."), ("move", "20-25"), ("number", "23."), ("ellipsis", "..."),
        ("number", "41."), ("dash", "-"), ("dash", "-"), ("nag", "12"), ("strength", "!?"),
        ("comment", "c")]
    assert kinds('/FEN "B::"/ {open') == [("setup", 'FEN "B::"'), ("comment", "open")]


def test_comments_across_segments() -> None:
    toks = tokenize([(1, "1. c3-d4 {a", 0), (2, "b} f6-e5 {c", 0), (3, "d", 0)])
    assert [(KIND_NAMES[k], v, line, col) for k, v, line, col in toks] == [
        ("number", "1.", 1, 1), ("move", "c3-d4", 1, 4), ("comment", "a\nb", 1, 10),
        ("move", "f6-e5", 2, 4), ("comment", "c\nd", 2, 10)]
