"""The library's messages in Russian (shashki.messages): what the rules library really
writes — why a move is illegal (Code 1.5.3 and the majority rules), how a game ended,
the draw rules' details, where a PDN record is broken — read back and written in
Russian, while ``str(e)`` stays English."""

from __future__ import annotations

import itertools
import re

import pytest

from shashki import BLACK, WHITE, Board, messages
from shashki.errors import IllegalMove
from shashki.game import Game
from shashki.i18n import translation
from shashki.messages import TEMPLATES, article, translate
from shashki.pdn import read_games

KK_CYCLE = ["b4-a3", "g5-h4", "a3-b4", "h4-g5"]
KINGS_ONLY = "W:WKb4,c1,e1,g1,h2:BKg5,b8,d8,f8,a7"


def illegal(board: Board, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as e:
        board.parse_move(text)
    return e.value


def test_a_capture_is_compulsory_in_russian() -> None:
    """Code 1.5.3: the Russian interface says why, and what is legal."""
    e = illegal(Board("russian", "W:Wc3,e1:Bd4"), "e1-f2")
    assert str(e) == ("illegal move 'e1-f2': a capture is compulsory (Code 1.5.3); "
                      "legal moves: c3:e5")
    assert translate(e, "ru") == ("недопустимый ход 'e1-f2': взятие обязательно "
                                  "(Кодекс 1.5.3); допустимые ходы: c3:e5")
    assert translate(e, "en") == str(e)


def test_every_reason_of_an_illegal_move_in_russian() -> None:
    b = Board("russian", "W:Wc3,e1:Bd4")
    assert translate(illegal(b, "d4-c5"), "ru").startswith(
        "недопустимый ход 'd4-c5': шашка на поле d4 — соперника")
    assert translate(illegal(b, "h2-g3"), "ru").startswith(
        "недопустимый ход 'h2-g3': на поле h2 нет шашки")
    assert translate(illegal(b, "c3-b4"), "ru") == (
        "недопустимый ход 'c3-b4'; допустимые ходы с поля c3: c3:e5")
    assert translate(illegal(Board("russian"), "c3"), "ru") == (
        "неверная запись хода 'c3': у хода должно быть два поля")
    assert translate(illegal(Board("russian"), "zz"), "ru") == (
        "неверная запись хода 'zz': лишний знак 'z' в столбце 1")
    # International draughts: the majority rule is its own article
    e = illegal(Board("international", "W:W32,37:B28,27,18"), "32x21")
    assert str(e) == ("illegal move '32x21': the capture of the largest number of pieces is "
                      "compulsory (FMJD 4.13), here 2; legal moves: 32x12")
    assert translate(e, "ru") == ("недопустимый ход '32x21': обязательно взятие наибольшего "
                                  "числа шашек (ФМЖД 4.13), здесь 2; допустимые ходы: 32x12")


def test_how_a_game_ended_in_russian() -> None:
    g = Game("russian")
    g.play("c3-d4")
    assert translate(g.resign(BLACK).detail, "ru") == "Чёрные сдались"
    g = Game("russian")
    g.play("c3-d4")
    g.offer_draw(BLACK)
    assert translate(g.accept_draw(WHITE).detail, "ru") == "предложили чёрные"
    g = Game("russian", KINGS_ONLY)
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 8):
        g.play(t)
    g.claim_threefold(WHITE)
    t = g.rule_on_claim()
    assert t is not None
    ru = translate(t.detail, "ru")
    assert t.detail.startswith("position repeated 3 times (plies [")
    assert ru.startswith("позиция повторилась 3 раза (полуходы ") and ru.endswith(
        "заявили белые (Кодекс 1.9.2)"), ru
    g = Game("russian", "W:WKb4:BKg5")  # Code 1.9.1.4: king against king
    for t in itertools.islice(itertools.cycle(KK_CYCLE), 10):
        g.play(t)
    assert g.termination is not None
    assert g.termination.detail == ("2 pieces, both with kings, 10 plies without a change; "
                                    "counted from ply 0")
    assert translate(g.termination.detail, "ru") == (
        "шашек: 2, у обеих сторон дамки, полуходов без изменения соотношения: 10; "
        "отсчёт с полухода 0")


def test_a_broken_pdn_record_in_russian() -> None:
    games = list(read_games('[GameType "25"]\n1. c3-d4 f6-e5 2. d4-c5 *\n'))
    e = games[0].errors[0]
    assert str(e).startswith("game 0, line 2, column 19: illegal move 'd4-c5'")
    assert translate(e, "ru") == ("партия 0, строка 2, столбец 19: недопустимый ход 'd4-c5'; "
                                  "допустимые ходы с поля d4: d4:f6")


def test_articles() -> None:
    assert article("Code 3.16.11", "ru") == "Кодекс 3.16.11"
    assert article("FMJD 6.3", "ru") == "ФМЖД 6.3"
    assert article("rules.md P7", "ru") == "rules.md P7"
    assert article(None, "ru") == ""


FIELD = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_is_read_back(template: str) -> None:
    """A message written from a template reads back as that template's translation."""
    values = {name: f"{name[:1]}{i}" for i, name in enumerate(FIELD.findall(template))}
    text = template.format(**values)
    ru = translation("ru").gettext(template)
    assert ru != template or template in ("draw",), template  # it has its own Russian
    assert translate(text, "ru") == ru.format(**values)


def test_the_page_script_gets_every_template() -> None:
    patterns = messages.javascript_patterns("ru")
    assert len(patterns) == len(TEMPLATES) and messages.javascript_patterns("en") == []
    for rx, _ru in patterns:
        assert "(?P<" not in rx  # JavaScript's named groups


ALLOWED_LATIN = {"FEN", "PDN", "NAG", "GameType", "Result", "TimeControl", "Variant", "shashki",
                 "W", "B", "x", "number", "colour", "width", "height", "notation", "invert"}


def english_left(text: str) -> set[str]:
    """The Latin words of a Russian message outside what it quotes (moves, tags, FENs as
    written: '...', [...], /.../), the format names and the notation."""
    bare = re.sub(r"'[^']*'|«[^»]*»|\[[^\]]*\]|/[^/]*/|\"[^\"]*\"", " ", text)
    return {w for w in re.findall(r"[A-Za-z]+", bare)
            if w not in ALLOWED_LATIN and not re.fullmatch(r"[a-j]", w)}


BROKEN_PDN = {
    "unterminated variation": '[GameType "25"]\n1. c3-d4 (f6-g5 2. g3-h4\n',
    "unterminated comment": '[GameType "25"]\n1. c3-d4 {never closed\n',
    "bad tag": '[GameType "25"]\n[White Petrov]\n\n1. c3-d4 *\n',
    "stray parenthesis": '[GameType "25"]\n1. c3-d4 ) f6-g5 *\n',
    "unexpected text": '[GameType "25"]\n1. c3-d4 ### *\n',
    "FEN tag": '[GameType "25"]\n[FEN "W:W21,x:B1"]\n1. c3-d4 *\n',
    "NAG first": '[GameType "25"]\n$1 1. c3-d4 *\n',
    "variation first": '[GameType "25"]\n(1. c3-d4) 1. c3-d4 *\n',
    "setup command": '[GameType "25"]\n1. c3-d4 /XYZ/ *\n',
    "GameType unknown": '[GameType "99"]\n1. c3-d4 *\n',
    "GameType unreadable": '[GameType "abc"]\n1. c3-d4 *\n',
    "blank line in tags": '[Event "x"]\n\n[GameType "25"]\n1. c3-d4 *\n',
    "doubled bracket": '[[Event "x"]\n[GameType "25"]\n1. c3-d4 *\n',
    "pseudo-tag": '[Event "x"]\n[Foo]\n[GameType "25"]\n1. c3-d4 *\n',
    "no opening bracket": 'Event "x"]\n[GameType "25"]\n1. c3-d4 *\n',
    "tags on one line": '[Event "x"] [GameType "25"]\n1. c3-d4 *\n',
    "Result with spaces": '[GameType "25"]\n[Result " 1-0 "]\n1. c3-d4 1-0\n',
    "Result no GameType has": '[GameType "25"]\n[Result "3-0"]\n1. c3-d4 *\n',
    "no result": '[GameType "25"]\n[Result "1-0"]\n1. c3-d4\n',
    "results differ": '[GameType "25"]\n[Result "1-0"]\n1. c3-d4 0-1\n',
    "literal \\r": '[GameType "25"]\n1. c3-d4 *\\r\n',
    "variant inferred": '1. c3-d4 f6-g5 *\n',
}


@pytest.mark.parametrize("case", sorted(BROKEN_PDN))
def test_pdn_errors_and_warnings_in_russian(case: str) -> None:
    """What the PDN reader really writes of a flawed record, every error and warning, is
    read back in Russian with its place (the archive's import report, ``shashki pdn
    check`` in Russian)."""
    games = list(read_games(BROKEN_PDN[case]))
    problems = [p for g in games for p in (*g.errors, *g.warnings)]
    assert problems, case
    for p in problems:
        ru = translate(p, "ru")
        assert ru.startswith("партия 0, строка "), ru
        names = {"lidraughts", "From", "Position"} if case == "GameType unknown" else set()
        assert english_left(ru) <= names, (str(p), ru)  # (another program's game's name)
        assert translate(p, "en") == str(p)


BAD_FENS = ["W:W21,x:B1", "", "X:W21", "W:Q21", "W:W21:W22", "W:W21,21", "W:W1-13",
            "W:Wh8:B1", "W:W40", "W:W5-3"]


@pytest.mark.parametrize("fen", BAD_FENS)
def test_fen_errors_in_russian(fen: str) -> None:
    from shashki.errors import InvalidFen

    with pytest.raises(InvalidFen) as e:
        Board("russian", fen)
    ru = translate(e.value, "ru")
    assert ru.startswith("неверный FEN ") and english_left(ru) == set(), (str(e.value), ru)


def test_a_fen_error_in_russian_word_for_word() -> None:
    with pytest.raises(Exception) as e:
        Board("russian", "W:Wh8:B1")
    assert str(e.value) == ("invalid FEN 'W:Wh8:B1': White man on h8 stands on its "
                            "promotion row (Code 1.4.4) at column 4")
    assert translate(e.value, "ru") == ("неверный FEN 'W:Wh8:B1': Белые: простая на h8 стоит "
                                        "на поле превращения (Кодекс 1.4.4), столбец 4")


@pytest.mark.parametrize("text", ["", "5x", "10h", "abc+3s", "pdn:?", "pdn:40/x"])
def test_time_control_errors_in_russian(text: str) -> None:
    from shashki.clock import InvalidTimeControl, TimeControl

    with pytest.raises(InvalidTimeControl) as e:
        if text.startswith("pdn:"):
            TimeControl.from_pdn(text[4:])
        else:
            TimeControl.parse(text)
    ru = translate(e.value, "ru")
    assert ru != str(e.value) and english_left(ru) <= {"h", "m"}, (str(e.value), ru)
