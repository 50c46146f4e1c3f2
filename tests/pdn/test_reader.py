"""Reading PDN files: dialects, encodings, annotations, errors and recovery."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from shashki.clock import TimeControl
from shashki.color import BLACK, WHITE
from shashki.pdn import (
    ClockTimes,
    Game,
    PdnFenError,
    PdnMoveError,
    PdnReader,
    PdnSyntaxError,
    PdnTagError,
    Quirk,
    iter_games,
    read_game,
    read_games,
)

DATA = Path(__file__).parent / "data"


def games(name: str, **kw: object) -> list[Game]:
    return list(iter_games(DATA / name, **kw))  # type: ignore[arg-type]


# --- the dialects -----------------------------------------------------------------------


def test_lidraughts_russian() -> None:
    g1, g2 = games("lidraughts_russian.pdn")
    assert not g1.errors and not g2.errors
    assert g1.variant.name == g2.variant.name == "russian"
    # lidraughts writes 2-0 / 1-1 for Russian: read as the GameType's own tokens
    assert g1.result == "1-0" and g2.result == "1/2-1/2"
    assert g1.headers["WhiteElo"] == "1874" and g1.rating(WHITE) == 1874
    assert g2.rating(BLACK) is None  # "?"
    assert g1.starting_fen() is None  # FEN "?"
    tc = TimeControl.from_tag(g1.headers.get("TimeControl"))
    assert tc is not None and tc.stages[0].seconds == 180 and tc.stages[0].increment == 2
    assert g1.ply_count() == g2.ply_count() == 40
    nodes = list(g1.mainline())
    assert nodes[0].clock == ClockTimes(white=180.0, black=180.0, running=BLACK)
    assert nodes[1].clock == ClockTimes(white=180.0, black=180.0, running=WHITE)
    assert nodes[7].clock == ClockTimes(white=174.0, black=171.0, running=WHITE)
    assert nodes[7].comment == "" and nodes[8].clock is None
    assert g1.line == 1 and g2.line == 27 and (g1.index, g2.index) == (0, 1)


def test_fmjd_international() -> None:
    g1, g2, study = games("fmjd_international.pdn")
    assert [g.errors for g in (g1, g2, study)] == [[], [], []]
    assert g1.variant.name == "international"
    assert g1.headers["GameType"] == "20,W,10,10,N2,0"
    assert g1.result == "1-1" and g2.result == "0-2"
    assert g1.headers["WhiteTitle"] == "GMI" and g1.rating(WHITE) == 2391
    tc = TimeControl.from_tag(g1.headers.get("TimeControl"))
    assert tc is not None and tc.stages[0].moves == 40 and tc.stages[1].seconds == 3600
    assert g1.ply_count() == g2.ply_count() == 50 == int(g1.headers["PlyCount"])
    # a FEN tag with ranges, kings and a trailing dot; a full capture path
    assert study.board().fen() == "W:W33,34,K46:B3,7,8,9,K12,22,37"
    (node,) = study.mainline()
    assert node.move is not None and node.move.captures == (37, 22, 7, 8, 9)
    assert study.headers["SetUp"] == "1"


def test_russian_database_in_windows_1251() -> None:
    reader = PdnReader(DATA / "russian_db_cp1251.pdn")
    g1, g2, g3 = reader
    assert reader.encoding == "cp1251"
    assert [g.errors for g in (g1, g2, g3)] == [[], [], []]
    assert g1.headers["White"] == "Коршунов Д." and g1.headers["Site"] == "Москва"
    assert g1.comment == "Партия игралась в седьмом туре. Комментарии И. Иванова."
    main = list(g1.mainline())
    assert [n.move_text() for n in main[:3]] == ["a3-b4", "d6-e5", "b4-c5"]
    assert main[-1].comment == "Ничья."
    # the variation, with its own nested variation and comment
    alt = g1.variations[0].variations[1]
    assert alt.move_text() == "f6-g5" and alt.nags == {6}
    assert [n.move_text() for n in alt.mainline()] == ["g3-h4", "g5-f4", "e3:g5", "h6:f4"]
    nested = alt.variations[1]
    assert nested.move_text() == "g3-f4" and nested.end().move_text() == "g5-h4"
    assert alt.end().comment == "тоже возможно"
    assert main[12].nags == {1} and main[26].nags == {1}  # 7. c5-b6! and 14. d4-e5 $1
    # the setup command: the record of two moves was lost
    setup = list(g2.mainline())[4]
    assert setup.setup_fen == "B:W19,21,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,12"
    assert setup.comment.startswith("Ходы 3. g3-f4")
    assert setup.ply() == 4 and g2.ply_count() == 18
    assert g2.end().board().fen() == g2.end_fen()
    # an algebraic FEN with Black to move
    assert g3.board().turn is BLACK and g3.ply_count() == 11
    assert g3.end().comment == "Белые сдались." and g3.result == "0-1"


def test_every_error_is_located_and_the_other_games_are_read() -> None:
    gs = games("errors.pdn")
    assert [g.headers["Event"] for g in gs] == [
        "good 0", "illegal move 1", "ambiguous capture 2", "bad FEN 3",
        "unterminated comment 4", "good 5", "garbage 6", "unsupported GameType 7",
        "unterminated variation 8", "good 9"]
    assert [g.index for g in gs] == list(range(10))
    good = [g.index for g in gs if not g.errors]
    assert good == [0, 5, 9]
    found = {g.index: g.errors[0] for g in gs if g.errors}
    e = found[1]
    assert isinstance(e, PdnMoveError) and (e.line, e.column, e.text) == (10, 19, "d4-c5")
    assert not e.ambiguous and e.ply == 2
    assert "legal moves from d4: d4:f6" in e.message
    e = found[2]
    assert isinstance(e, PdnMoveError) and e.ambiguous and (e.line, e.column) == (16, 4)
    assert "h4:f6:d8:a5:c3:h8 or h4:f6:h8" in e.message
    e = found[3]
    assert isinstance(e, PdnFenError) and (e.line, e.column) == (20, 22)
    assert "two pieces on square 29" in e.message
    e = found[4]
    assert isinstance(e, PdnSyntaxError) and (e.line, e.column, e.text) == (27, 10, "{")
    assert "unterminated comment" in e.message
    e = found[6]
    assert isinstance(e, PdnSyntaxError) and (e.line, e.column, e.text) == (38, 19, "@@")
    e = found[7]
    assert isinstance(e, PdnTagError) and "GameType 21 (English draughts)" in e.message
    e = found[8]
    assert isinstance(e, PdnSyntaxError) and (e.line, e.column) == (48, 10)
    # the games keep what was read before the error, and their text
    assert gs[1].ply_count() == 2 and gs[4].ply_count() == 1
    assert gs[1].raw is not None and gs[1].raw.startswith('[Event "illegal move 1"]')
    assert "d4-c5" in gs[1].raw
    assert gs[9].ply_count() == 1  # a full path that is part of a longer route
    with pytest.raises(PdnMoveError):
        gs[1].check()
    assert gs[0].check() is gs[0]
    assert str(found[1]).startswith("game 1, line 10, column 19: illegal move")


# --- grammar ----------------------------------------------------------------------------


@pytest.mark.parametrize("token, result", [
    ("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("2-0", "1-0"), ("0-2", "0-1"),
    ("1-1", "1/2-1/2"), ("0-0", "0-0"), ("*", "*"), ("½-½", "1/2-1/2"),
    ("0.5-0.5", "1/2-1/2"),
])
def test_every_result_token(token: str, result: str) -> None:
    g = read_game(f"1. c3-d4 f6-e5 {token}")
    assert g is not None and not g.errors and g.result == result and g.ply_count() == 2
    i = read_game(f'[GameType "20"]\n1. 32-28 {token}')
    assert i is not None and not i.errors
    assert i.result == {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}.get(result, result)


def test_results_are_not_moves() -> None:
    # 1-1 ends the game, 1-18 and 1-10 are moves (doc/issues.rst)
    g1, g2 = read_games('[GameType "20"]\n1. 32-28 1-1\n[GameType "20"]\n1. 31-27 16-21 *')
    assert g1.ply_count() == 1 and g1.result == "1-1"
    assert g2.ply_count() == 2
    g = read_game('[GameType "20"][FEN "B:W18,K10:B1"]\n1... 1-6 2. 10-5 *')
    assert g is not None and g.ply_count() == 2, g.errors


def test_move_forms() -> None:
    text = "1. c3d4 f6:e5 2. d4xf6 g7×e5 3. 25-22 12-16 4. G3-F4 e5:g3 5. h2:f4 04-08 *"
    g = read_game(text)
    assert g is not None and not g.errors, g.errors
    assert [n.move_text() for n in g.mainline()] == [
        "c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "g3-f4", "e5:g3", "h2:h6",
        "h8-g7"]
    g = read_game("1.c3-d4 1...f6-e5 2.d4:f6 g7:e5 *")
    assert g is not None and g.ply_count() == 4


def test_strengths_nags_and_forced_moves() -> None:
    g = read_game("1. c3-d4! f6-e5? 2. d4:f6!! g7:e5?? 3. b2-c3!? h8-g7?! "
                  "4. c3-d4(?) e5:c3 $13 5. d2:b4* b6-a5(!?!!!) *")
    assert g is not None and not g.errors, g.errors
    nodes = list(g.mainline())
    assert [sorted(n.nags) for n in nodes] == [[1], [2], [3], [4], [5], [6], [], [13], [7], []]
    assert nodes[6].strength == "(?)" and nodes[9].strength == "(!?!!!)"
    (bad,) = read_game("$1 1. c3-d4 *").errors  # type: ignore[union-attr]
    assert isinstance(bad, PdnSyntaxError) and "before the first move" in bad.message


def test_comments_line_comments_and_clock_commands() -> None:
    text = ("% a line comment\n[GameType \"25\"]\n{before}\n1. c3-d4 {one\n two  } {three}\n"
            "% skipped\nf6-e5 {[%clk 0:04:59.5] [%emt 0:00:03] kept [%eval 0.3]} "
            "2. d4:f6 {[%clock 1:00:00]} ; to the end of the line\n*")
    g = read_game(text)
    assert g is not None and not g.errors, g.errors
    n1, n2, n3 = g.mainline()
    assert g.comment == "before"
    assert n1.comment == "one two three"
    assert n2.clock == ClockTimes(clk=299.5, emt=3.0)
    assert n2.comment == "kept [%eval 0.3]"
    assert n3.clock == ClockTimes(clk=3600.0)


def test_variations_and_starting_comments() -> None:
    g = read_game("1. c3-d4 f6-e5 (1... b6-a5 {a} 2. d4-c5 (2. d4-e5 f6:d4) 2... d6:b4) "
                  "({start} 1... d6-c5 $1) 2. d4:f6 *")
    assert g is not None and not g.errors, g.errors
    first = g.variations[0]
    assert [v.move_text() for v in first.variations] == ["f6-e5", "b6-a5", "d6-c5"]
    b6a5 = first.variations[1]
    assert b6a5.comment == "a" and b6a5.end().move_text() == "d6:b4"
    assert b6a5.variations[1].move_text() == "d4-e5"
    d6c5 = first.variations[2]
    assert d6c5.starting_comment == "start" and d6c5.nags == {1}
    assert g.ply_count() == 3 and d6c5.is_main_variation() is False
    assert not b6a5.is_mainline() and first.variations[0].is_mainline()


def test_illegal_move_in_a_variation_keeps_the_main_line() -> None:
    g = read_game("1. c3-d4 f6-e5 (1... a7-b6 2. e3-f4) 2. d4:f6 g7:e5 (2... e7:g5 *")
    assert g is not None
    kinds = [type(e).__name__ for e in g.errors]
    assert kinds == ["PdnMoveError", "PdnSyntaxError"]
    assert g.errors[0].text == "a7-b6" and g.errors[0].column == 22
    assert g.errors[1].column == 53
    assert g.ply_count() == 4


def test_unknown_moves_and_setups() -> None:
    # "1. ... 7-12": Black's first move when Black is to move
    g = read_game('[GameType "20"][FEN "B:W31-50:B1-20"]\n1. ... 17-21 2. 32-28 *')
    assert g is not None and not g.errors and g.ply_count() == 2
    # otherwise "..." is a move not recorded: the next move cannot be checked...
    g = read_game('[GameType "20"]\n1. ... 17-21 *')
    assert g is not None and isinstance(g.errors[0], PdnMoveError)
    assert "after an unknown move" in g.errors[0].message
    # ...unless a setup follows; unknown moves at the end are fine (time forfeit)
    g = read_game('[GameType "20"]\n1. 32-28 19-23 41. - - /FEN "W:W28,31,33-50:B1-18,20,23"/ '
                  "41. 28x19 14x23 *")
    assert g is not None and not g.errors, g.errors
    kinds = ["move" if n.move else "setup" if n.setup_fen else "unknown" for n in g.mainline()]
    assert kinds == ["move", "move", "unknown", "unknown", "setup", "move", "move"]
    assert g.ply_count() == 6
    # the null move of PDN 3.0: only the side to move changes
    g = read_game('[GameType "20"]\n1. 32-28 /FEN "W::"/ 2. 37-32 *')
    assert g is not None and not g.errors, g.errors
    assert g.end().board().fen().startswith("B:W28,31,32,33,34,35,36,38")


def test_bad_setup_command() -> None:
    g = read_game('1. c3-d4 /FEN "B:W21:B21"/ f6-e5 *')
    assert g is not None and isinstance(g.errors[0], PdnFenError)
    assert g.errors[0].column == 10
    g = read_game("1. c3-d4 /SETUP/ *")
    assert g is not None and isinstance(g.errors[0], PdnSyntaxError)


def test_result_mismatch_and_missing_result() -> None:
    """Item 3: a Result tag that the terminator contradicts is a warning; the tag wins."""
    (g,) = read_games('[Result "1-0"]\n1. c3-d4 0-1', "russian")
    assert g.errors == [] and g.result == "1-0" and g.ply_count() == 1
    (w,) = g.warnings
    assert w.kind is Quirk.RESULT_MISMATCH and (w.line, w.column, w.text) == (2, 10, "0-1")
    assert "Result tag says '1-0'" in w.message
    g1, g2 = read_games('[Event "a"]\n1. c3-d4\n[Event "b"]\n1. c3-d4 f6-e5', "russian")
    assert (g1.ply_count(), g2.ply_count()) == (1, 2)
    assert not g1.errors and g1.result == "*"
    assert [w.kind for w in g1.warnings] == [Quirk.NO_RESULT]
    (g,) = read_games('[Result "1 1/2 - 1/2"][ResultFormat "Delfts"]\n1. c3-d4 *')
    assert g.headers["Result"] == "1 1/2 - 1/2"  # arbitrary result strings are kept


def test_games_on_one_line_and_header_only_games() -> None:
    gs = read_games('1. c3-d4 1-0 [Event "b"] 1. c3-b4 * 1. a3-b4 0-1\n'
                    '[Event "tags only"]\n\n[Event "next"]\n1. e3-f4 *')
    assert [g.ply_count() for g in gs] == [1, 1, 1, 0, 1]
    assert [g.errors for g in gs] == [[], [], [], [], []]
    assert gs[3].headers["Event"] == "tags only"


def test_bad_tags() -> None:
    (g,) = read_games('[Event "unterminated]\n[Site "x"]\n1. c3-d4 *')
    assert isinstance(g.errors[0], PdnTagError) and g.errors[0].line == 1
    assert g.headers["Site"] == "x" and g.ply_count() == 1
    (g,) = read_games('[Event "a \\"quoted\\" name"]\n*')
    assert g.headers["Event"] == 'a "quoted" name'
    (g,) = read_games('[GameType "25,W,10,10,A0,0"]\n*')
    assert "8x8 board" in g.errors[0].message
    (g,) = read_games('[GameType "twenty-five"]\n*')
    assert isinstance(g.errors[0], PdnTagError)


def test_variant_from_caller_and_giveaway_tag() -> None:
    g = read_game("1. 32-28 19-23 *", variant="international")
    assert g is not None and not g.errors and g.variant.name == "international"
    g = read_game('[GameType "25"]\n[Variant "Russian giveaway"]\n1. c3-d4 *')
    assert g is not None and g.variant.name == "russian-giveaway"
    g = read_game('[GameType "26"]\n1. c3-d4 *', variant="international")
    assert g is not None and g.variant.name == "brazilian"


def test_numbering_of_other_gametype_digits_is_translated() -> None:
    # N0: square 1 is a1 (pydraughts' Russian numbers): 10-14 is c3-d4
    g = read_game('[GameType "25,W,8,8,N0,0"]\n[FEN "W:W1-12:B21-32"]\n1. 10-14 23-19 *')
    assert g is not None and not g.errors, g.errors
    assert [n.move_text() for n in g.mainline()] == ["c3-d4", "f6-e5"]
    assert g.headers["GameType"] == "25,W,8,8,N2,0"
    assert g.headers["FEN"] == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


# --- encodings and streams ----------------------------------------------------------------


TEXT = '[White "Иванов"]\n[GameType "25"]\n1. c3-d4 {хорошо} f6-e5 *\n'


@pytest.mark.parametrize("data, encoding", [
    (TEXT.encode("utf-8"), "utf-8"),
    (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), "utf-8-sig"),
    (TEXT.encode("cp1251"), "cp1251"),
    (TEXT.encode("utf-16"), "utf-16"),
    (("[Event \"x\"]\n" * 20000 + TEXT).encode("cp1251"), "cp1251"),
])
def test_encodings_are_detected(data: bytes, encoding: str) -> None:
    reader = PdnReader(io.BytesIO(data))
    g = list(reader)[-1]
    assert reader.encoding == encoding
    assert g.headers["White"] == "Иванов" and g.variations[0].comment == "хорошо"


def test_cp866_is_told_from_windows_1251() -> None:
    """Item 7: the Windows-1251 sample transcoded to CP866 (DOS Cyrillic) reads the same."""
    original = (DATA / "russian_db_cp1251.pdn").read_bytes()
    dos = original.decode("cp1251").encode("cp866")
    assert dos != original
    windows_reader, dos_reader = PdnReader(io.BytesIO(original)), PdnReader(io.BytesIO(dos))
    windows_games, dos_games = list(windows_reader), list(dos_reader)
    assert (windows_reader.encoding, dos_reader.encoding) == ("cp1251", "cp866")
    assert dos_games == windows_games and all(not g.errors for g in dos_games)
    assert dos_games[0].headers["White"] == "Коршунов Д."
    # mixed with UTF-8 (a file appended to in another program): line by line
    mixed = "[White \"Ёжиков\"]\n1. c3-d4 *\n\n".encode() + dos
    reader = PdnReader(io.BytesIO(mixed))
    gs = list(reader)
    assert reader.encoding == "utf-8+cp866"
    assert gs[0].headers["White"] == "Ёжиков" and gs[1:] == windows_games
    assert gs[1].headers["Site"] == "Москва"


def test_mixed_encodings_are_read_line_by_line() -> None:
    data = ('[White "Ёжиков"]\n1. c3-d4 *\n\n' * 3000).encode("utf-8") + TEXT.encode("cp1251")
    reader = PdnReader(io.BytesIO(data))
    gs = list(reader)
    assert reader.encoding == "utf-8+cp1251"
    assert gs[0].headers["White"] == "Ёжиков" and gs[-1].headers["White"] == "Иванов"
    assert all(not g.errors for g in gs)


def test_encoding_override_and_undecodable_bytes() -> None:
    data = TEXT.encode("cp1251")
    g = read_game(io.BytesIO(data), variant=None)
    assert g is not None and g.headers["White"] == "Иванов"
    (g,) = list(iter_games(io.BytesIO(data), encoding="koi8-r"))
    assert g.headers["White"] != "Иванов"  # the caller's choice wins
    (g,) = list(iter_games(io.BytesIO(TEXT.encode("cp1251")), encoding="utf-8"))
    assert g.errors and g.errors[0].line == 1 and "decode" in g.errors[0].message


def test_text_streams_and_read_game_one_by_one(tmp_path: Path) -> None:
    stream = io.StringIO('[Event "a"]\n1. c3-d4 *\n\n[Event "b"]\n1. a3-b4\n[Event "c"]\n*\n')
    names = []
    while (g := read_game(stream)) is not None:
        names.append(g.headers["Event"])
    assert names == ["a", "b", "c"]
    path = tmp_path / "g.pdn"
    path.write_text(TEXT, encoding="cp1251")
    with path.open(encoding="cp1251") as f:
        g = read_game(f)
    assert g is not None and g.headers["White"] == "Иванов"
    assert [g.ply_count() for g in iter_games(str(path))] == [2]
    assert read_game("") is None and read_game("   \n% nothing\n") is None


def test_small_chunks_give_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    from shashki.pdn import encoding, reader

    data = (DATA / "russian_db_cp1251.pdn").read_bytes() + (DATA / "errors.pdn").read_bytes()
    expected = list(iter_games(io.BytesIO(data)))
    monkeypatch.setattr(encoding, "CHUNK", 7)
    monkeypatch.setattr(reader, "_LOOKAHEAD", 5)
    got = list(iter_games(io.BytesIO(data)))
    assert got == expected
    assert [[str(e) for e in g.errors] for g in got] == \
        [[str(e) for e in g.errors] for g in expected]


def test_the_line_machine_and_the_block_reader_agree() -> None:
    for name in ("lidraughts_russian.pdn", "fmjd_international.pdn", "errors.pdn"):
        text = (DATA / name).read_text()
        blocks = read_games(text)
        lines = list(PdnReader(io.StringIO()).read(text.split("\n")))
        assert blocks == lines
        assert [[str(e) for e in g.errors] for g in blocks] == \
            [[str(e) for e in g.errors] for g in lines]
        assert [(g.index, g.line, g.raw) for g in blocks] == \
            [(g.index, g.line, g.raw) for g in lines]


def test_garbage_files_give_games_with_errors() -> None:
    gs = read_games("Партии чемпионата\n\n[Event \"x\"]\n1. c3-d4 *")
    assert isinstance(gs[0].errors[0], PdnSyntaxError) and gs[0].errors[0].line == 1
    assert not gs[1].errors
    gs = list(iter_games(io.BytesIO(bytes(range(256)) * 4)))
    assert gs and all(g.errors for g in gs)


def test_carriage_return_line_ends() -> None:
    gs = read_games('[Event "a"]\r1. c3-d4 *\r\r[Event "b"]\r1. a3-b4 *\r')
    assert [(g.headers["Event"], g.ply_count(), g.line) for g in gs] == [("a", 1, 1),
                                                                         ("b", 1, 4)]
