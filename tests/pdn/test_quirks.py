"""What the field writes around the moves: read, with one typed warning per kind and game.

Each test below is one departure from PDN 3.0 seen in real files (the files themselves
are tested in test_real_files.py); moves stay strictly validated.
"""

from __future__ import annotations

import pytest

from shashki.pdn import (
    PdnMoveError,
    PdnReader,
    PdnTagError,
    PdnWarning,
    Quirk,
    read_game,
    read_games,
    write_game,
)

INTL = "1. 32-28 19-23 2. 28x19 14x23"  # International: 32-28 is White's back row on 8x8


def kinds(text: str, variant: str | None = None) -> list[list[Quirk]]:
    return [[w.kind for w in g.warnings] for g in read_games(text, variant)]


# --- item 1: one damaged game is one broken game ------------------------------------------

DAMBO = (
    '[Event "Cup"]\n[Site ""]\\r\n[White "A"]\\r\n[Result "0-2"]\\r\n[GameType "20"]\\r\n'
    "1. 32-28 19-23 2. 28x19 14x23 *\\r\n\n[Empty]\n"
    '[Event "Cup"]\n[Site ""]\\r\n[Result "2-0"]\\r\n[GameType "20"]\\r\n1. 33-28 *\\r\n'
)


def test_literal_cr_text_is_skipped_once_a_game() -> None:
    g1, g2 = read_games(DAMBO)  # not one game a tag line
    assert g1.errors == g2.errors == []
    assert (g1.headers["White"], g1.ply_count(), g1.result) == ("A", 4, "0-2")
    (cr,) = [w for w in g1.warnings if w.kind is Quirk.LITERAL_CR]
    assert (cr.line, cr.column, cr.count, cr.text) == (2, 10, 5, "\\r")
    assert isinstance(cr, PdnWarning) and str(cr).endswith("(5 times)")
    assert [w.kind for w in g2.warnings] == [Quirk.EMPTY_TAG, Quirk.LITERAL_CR,
                                             Quirk.RESULT_MISMATCH]
    assert g2.raw is not None and g2.raw.startswith("[Empty]\n[Event")


def test_literal_cr_in_movetext_lines() -> None:
    text = '[GameType "20"]\n1. 33-28 19-23 2.\\r\n28x19 14x23 1-1\n'
    (g,) = read_games(text)
    assert g.errors == [] and g.ply_count() == 4
    assert [w.kind for w in g.warnings] == [Quirk.LITERAL_CR]


def test_the_games_after_a_damaged_one_keep_their_numbers() -> None:
    text = ('[Event "a"]\n1. c3-d4 f6-e5 *\n\n[Event "b"]\n1. c3-d4 @@ f6-e5 *\n\n'
            '[Event "c"]\n1. c3-d4 *\n')
    gs = read_games(text, "russian")
    assert [(g.index, g.headers["Event"], bool(g.errors)) for g in gs] == [
        (0, "a", False), (1, "b", True), (2, "c", False)]
    assert len(gs[1].errors) == 1  # reported once


def test_tag_lines_missing_or_doubling_their_bracket() -> None:
    (g,) = read_games('Event "Cup"]\n[[Site "Riga"]\n[GameType "25"]\n1. c3-d4 *\n')
    assert g.errors == [] and g.headers["Event"] == "Cup" and g.headers["Site"] == "Riga"
    (w,) = g.warnings
    assert w.kind is Quirk.TAG_BRACKET and w.count == 2 and w.line == 1
    # after movetext a bare tag line starts the next game, as "[Event" would
    g1, g2 = read_games('[GameType "25"]\n1. c3-d4\nEvent "next"]\n1. c3-d4 *\n')
    assert g1.ply_count() == 1 and g2.headers["Event"] == "next"


def test_tag_section_interrupted_by_a_blank_line() -> None:
    (g,) = read_games('[Event "x"]\n[Result " 0-1"]\n\n[PlyCount "2"]\n\n'
                      '1. c3-d4 f6-g5 0-1\n', "russian")
    assert g.errors == [] and g.headers["PlyCount"] == "2" and g.result == "0-1"
    assert [w.kind for w in g.warnings] == [Quirk.RESULT_SPACE, Quirk.TAG_BLANK_LINE]
    # a tag already there after the blank line: the next game (a game of tags only)
    g1, g2 = read_games('[Event "x"]\n\n[Event "y"]\n1. c3-d4 *\n', "russian")
    assert g1.ply_count() == 0 and g2.headers["Event"] == "y"


def test_several_tags_on_one_line_and_a_repeated_name() -> None:
    g1, g2, g3 = read_games('[Event "a"] [Site "b"] [GameType "20"]  1.32-28 *\n'
                            '[Event "c"][Event "d"]\n')
    assert (g1.headers["Site"], g1.ply_count()) == ("b", 1)
    (w,) = g1.warnings
    assert w.kind is Quirk.TAGS_ON_ONE_LINE and w.count == 1  # lines
    assert (g2.headers["Event"], g3.headers["Event"]) == ("c", "d")
    assert g2.raw == '[Event "c"][Event "d"]' and g3.line == 2
    assert len(read_games('[Event "c"]\n[Event "d"]\n')) == 2


# --- item 3: a Result tag that differs from the terminator ------------------------------


@pytest.mark.parametrize("tag, terminator", [("2-0", "*"), ("1-1", "0-2"), ("0-2", "2-0")])
def test_result_tag_wins_over_the_terminator(tag: str, terminator: str) -> None:
    (g,) = read_games(f'[GameType "20"]\n[Result "{tag}"]\n{INTL} {terminator}\n')
    assert g.errors == [] and g.result == tag and g.ply_count() == 4
    (w,) = g.warnings
    assert w.kind is Quirk.RESULT_MISMATCH and w.text == terminator
    assert (w.line, w.column) == (3, len(INTL) + 2)


def test_an_unknown_result_tag_takes_the_terminator() -> None:
    (g,) = read_games('[Result ""]\n[GameType "25"]\n1. c3-d4 1-0\n')
    assert g.result == "1-0" and g.warnings == []


# --- item 4: results no GameType has -----------------------------------------------------


@pytest.mark.parametrize("token", ["-", "4-6", "3-0", "0-5", "2½-½"])
def test_nonstandard_results_end_the_game(token: str) -> None:
    (g,) = read_games(f'[GameType "20"]\n{INTL} {token}\n')
    assert g.errors == [], g.errors
    assert g.ply_count() == 4 and g.result == token and g.end().move is not None
    (w,) = g.warnings
    assert w.kind is Quirk.RESULT_NONSTANDARD and w.text == token


def test_dash_result_with_its_tag_and_more_games_after() -> None:
    g1, g2 = read_games(f'[Result "-"]\n[GameType "20"]\n{INTL} -\n\n'
                        f'[Result "1-1"]\n[GameType "20"]\n{INTL} 1-1\n')
    assert g1.result == "-" and g1.ply_count() == 4 and g1.end_fen() == g2.end_fen()
    (w,) = g1.warnings
    assert w.kind is Quirk.RESULT_NONSTANDARD and w.count == 1


def test_a_move_joining_squares_of_one_diagonal_is_still_a_move() -> None:
    """'28-23' could be a move: when it ends the game it is checked as one (illegal here)."""
    (g,) = read_games(f'[GameType "20"]\n{INTL} 28-23\n')
    assert isinstance(g.errors[0], PdnMoveError) and g.errors[0].text == "28-23"
    # and "- -" in the middle are unknown moves, not results
    (g,) = read_games('[GameType "25"]\n1. - - 2. c3-d4 *\n')
    assert g.errors and "after an unknown move" in g.errors[0].message


@pytest.mark.parametrize("token", ["0-0", "2-0", "1-1", "0-2"])
def test_pdn_results_on_10x10(token: str) -> None:
    (g,) = read_games(f"{INTL} {token}\n")
    assert g.errors == [] and g.result == token and g.ply_count() == 4


# --- item 5: old padded numeric moves and leading zeros ----------------------------------


@pytest.mark.parametrize("text, expected", [
    ("1. 32-28 19-23 2. 28x19 14x 23 *", None),  # 'x 23': padding is for one digit only
    ("1. 32-28 19-23 2. 28 x 19 14x23 *", ["32-28", "19-23", "28x19", "14x23"]),
    ("1. 32-28 19-23 2. 28x19 14x23 3. 37-32  9-14 4. 41-37  3- 9 *",
     ["32-28", "19-23", "28x19", "14x23", "37-32", "9-14", "41-37", "3-9"]),
])
def test_padded_square_numbers(text: str, expected: list[str] | None) -> None:
    (g,) = read_games('[GameType "20"]\n' + text)
    if expected is None:
        assert g.errors
        return
    assert g.errors == [], g.errors
    assert [n.move_text() for n in g.mainline()] == expected
    (w,) = g.warnings
    assert w.kind is Quirk.PADDED_SQUARE and w.line == 2


def test_padded_squares_in_comments_and_variations() -> None:
    text = ('[GameType "25,W,8,8,N2,0"]\n1. 22-18 11-15 2. 18x11 {a}  8x15 3. 23-19 '
            '(3. 21-17  4- 8) 4- 8 *')
    (g,) = read_games(text)
    assert g.errors == [] and g.ply_count() == 6
    (w,) = g.warnings
    assert w.kind is Quirk.PADDED_SQUARE and w.count == 2
    alt = g.variations[0].variations[0].variations[0].variations[0].variations[1]
    assert alt.move_text("numeric") == "21-17" and alt.next().move_text("numeric") == "4-8"


def test_leading_zeros_are_the_reading_grammar() -> None:
    (g,) = read_games('[GameType "20"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 09-14 *')
    assert g.errors == [] and g.warnings == [] and g.ply_count() == 6


# --- item 6: the board of a game without a GameType tag --------------------------------


@pytest.mark.parametrize("text, variant, seen", [
    ("1. 33-28 18-23 *", "international", "numeric squares above 32"),
    (f"{INTL} *", "international", "first move from square 32"),
    ("1. 22-18 11-15 *", "russian", "numeric squares up to 32"),
    ("1. c3-d4 f6-g5 *", "russian", "algebraic squares within a1-h8"),
    ("1. g3-h4 f6-e5 2. i3-j4 *", "russian-80", "algebraic files i and j"),
    ("1. d4-e5 *", "international", "algebraic ranks above 8"),
])
def test_board_inferred_from_the_squares(text: str, variant: str, seen: str) -> None:
    if variant == "international" and "ranks" in seen:
        text = '[FEN "W:Wd4:Bj10"]\n' + text
    (g,) = read_games(text)
    assert g.errors == [], g.errors
    assert g.variant.name == variant
    (w,) = g.warnings
    assert w.kind is Quirk.VARIANT_ASSUMED and seen in w.message
    assert w.message.startswith(f"no GameType tag: read as {g.variant.title}")


def test_board_inferred_from_the_fen_and_the_caller_overrides() -> None:
    (g,) = read_games('[FEN "W:W31,32:B1,2"]\n1. 31-26 1-7 *')  # 10x10? no: squares <= 32
    assert g.variant.name == "russian" and g.errors
    assert "(no GameType tag: read as Russian draughts, from the numeric squares up to 32)" \
        in g.errors[0].message
    (g,) = read_games('[FEN "W:W31,45:B1,2"]\n1. 31-26 1-7 *')
    assert g.variant.name == "international" and g.errors == []
    (g,) = read_games("1. 22-18 11-15 *", "brazilian")
    assert g.variant.name == "brazilian" and g.warnings == []


def test_inference_in_the_block_reader_and_the_line_machine_agree() -> None:
    text = "1. 33-28 18-23 1-1\n\n1. 33-28 {x} 18-23 1-1\n"
    a, b = read_games(text)
    assert a.variant.name == b.variant.name == "international"
    assert [w.message for w in a.warnings] == [w.message for w in b.warnings]
    reader = PdnReader(text, text=True)
    assert list(reader.read(iter(text.splitlines()))) == [a, b]
    assert reader.report == {Quirk.VARIANT_ASSUMED: 2}


@pytest.mark.parametrize("tags, name", [
    ('[GameType "21"]', "GameType 21 (English draughts)"),
    ('[GameType "22"]', "GameType 22 (Italian draughts)"),
    ('[GameType "29"]', "GameType 29 (Czech draughts)"),
    ('[GameType "30"]', "GameType 30 (Turkish draughts)"),
    ('[GameType "40"]', "GameType 40 (Frisian draughts)"),
    ('[GameType "98"]', "GameType 98 (lidraughts' Antidraughts)"),
    ('[GameType "20"][Variant "Antidraughts"]', "Variant 'Antidraughts' (Antidraughts)"),
    ('[Variant "Frisian"]', "Variant 'Frisian' (Frisian draughts)"),
])
def test_games_shashki_does_not_play_are_refused_by_name(tags: str, name: str) -> None:
    (g,) = read_games(f"{tags}\n1. 32-28 19-23 *")
    (e,) = g.errors
    assert isinstance(e, PdnTagError) and e.message.startswith(name)
    assert g.ply_count() == 0  # its moves are not read as another game's


def test_a_numeric_gametype_on_8x8_algebraic_moves() -> None:
    """shashkispark writes GameType 20 on Russian games in algebraic squares a1-h8."""
    (g,) = read_games('[GameType "20"]\n1. c3-d4 f6-g5 2. g3-h4 *')
    assert g.errors == [] and g.variant.name == "russian"
    assert g.headers["GameType"] == "25"  # what was read
    (w,) = g.warnings
    assert w.kind is Quirk.VARIANT_ASSUMED and "GameType '20' names International" in w.message
    (g,) = read_games('[GameType "20"]\n1. b4-a5 c7-d6 2. j4-i5 *')  # 10x10 algebraic
    assert g.variant.name == "international" and g.errors == [] and g.warnings == []


# --- item 8: the writer round-trips what it read ------------------------------------------


@pytest.mark.parametrize("text", [
    '[GameType "20"]\n1. 32-28 19-23',  # no terminator
    '[GameType "20"]\n[Result "-"]\n1. 32-28 19-23 -',
    '[GameType "20"]\n[Result "2-0"]\n1. 32-28 19-23 *',
    '[GameType "20"]\n1. 32-28 19-23 4-6',
    '[GameType "20"]\n1. 32-28 19-23 2. ...',  # an unknown move at the end (windragon.pdn)
    '[Result "1/2-1/2"]\n1. - - 2. - - 1/2-1/2',
])
def test_written_back_identical(text: str) -> None:
    g = read_game(text)
    assert g is not None and g.errors == []
    out = write_game(g)
    again = read_game(out)
    assert again is not None and again.errors == [] and again == g, out
    assert "... -" not in out
