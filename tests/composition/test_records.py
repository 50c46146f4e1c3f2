"""Composition records: stipulations in both languages, genres, PDN read and write
(broken records reported with line and column, the others still read), diagrams."""

from __future__ import annotations

import pytest

from shashki.composition import Composition, CompositionError, Genre, Goal, Stipulation
from shashki.composition.diagram import composition_svg, line_svgs, to_png
from shashki.composition.pdn import (
    Broken,
    iter_compositions,
    read_compositions,
    write_compositions,
)

RECORDS = '''[Event "«Этюды», draughts.narod.ru"]
[FEN "W:WKa5,a3:Ba7,f4"]
[Stipulation "Белые начинают и выигрывают"]
[Genre "этюд"]
[Author "А. Шошин"]
[Award "1-й приз"]

1. a5-b4! f4-g3 (1... f4-e3 2. b4-e1 a7-b6 3. a3-b4) 2. b4-c5! g3-h2 3. a3-b4 *

[FEN "W:Wa1,b2,c3:Ba5,e5"]
[Stipulation "Chess to play and mate"]

1. c3-b4 *

[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]
[Stipulation "+"]

1. c3-b4 a5:c3 2. b2:h8 *

[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]

1. c3-d4 e5:c3 2. b2:d4 h8-g7 *
'''


@pytest.mark.parametrize(("text", "goal", "moves", "block"), [
    ("White to play and win", Goal.WIN, None, None),
    ("Белые начинают и выигрывают в 5 ходов", Goal.WIN, 5, None),
    ("белые начинают и делают ничью", Goal.DRAW, None, None),
    ("White to play and draw in 2 moves", Goal.DRAW, 2, None),
    ("+", Goal.WIN, None, None), ("=", Goal.DRAW, None, None), ("+7", Goal.WIN, 7, None),
    ("block 2M", Goal.BLOCK, None, (2, 0)), ("K+M", Goal.BLOCK, None, (1, 1)),
    ("Запереть 2K+M в 4 хода", Goal.BLOCK, 4, (1, 2)),
])
def test_stipulations(text: str, goal: Goal, moves: int | None,
                      block: tuple[int, int] | None) -> None:
    s = Stipulation.parse(text)
    assert (s.goal, s.moves, s.block) == (goal, moves, block)
    assert Stipulation.parse(s.text("ru")) == s == Stipulation.parse(s.text("en"))
    assert Stipulation.parse(s.short()) == s


def test_bad_stipulation_names_its_text() -> None:
    with pytest.raises(CompositionError, match="mate"):
        Stipulation.parse("mate in 2")
    with pytest.raises(CompositionError, match="1 to 200"):
        Stipulation.parse("+0")


def test_russian_plural_of_moves() -> None:
    ends = [Stipulation(Goal.WIN, n).text("ru").split(" в ")[1] for n in (1, 2, 5, 11, 21, 22)]
    assert ends == ["1 ход", "2 хода", "5 ходов", "11 ходов", "21 ход", "22 хода"]


def test_genres_from_material() -> None:
    assert Composition("W:WKa5,a3:Ba7,f4").genre is Genre.STUDY
    assert Composition("W:W21-25:B1-5").genre is Genre.MINIATURE
    assert Composition("W:W21-28:B1-8").genre is Genre.PROBLEM
    assert Composition("W:WK21,22-25:B1-5").genre is Genre.KING_PROBLEM
    assert Composition("W:W21:B1", Stipulation.parse("block M")).genre is Genre.ZADACHA


def test_a_file_with_a_broken_record_yields_the_others() -> None:
    got = list(iter_compositions(RECORDS, text=True))
    assert [type(c).__name__ for c in got] == ["Composition", "Broken", "Composition",
                                              "Broken"]
    bad = got[1]
    assert isinstance(bad, Broken) and (bad.index, bad.line, bad.column) == (1, 11, 15)
    assert "Chess to play and mate" in bad.message
    illegal = got[3]
    assert isinstance(illegal, Broken) and illegal.line is not None and illegal.column
    assert "h8-g7" in illegal.message
    study = got[0]
    assert isinstance(study, Composition)
    assert (study.author, study.source, study.genre, study.extra) == (
        "А. Шошин", "«Этюды», draughts.narod.ru", Genre.STUDY, {"Award": "1-й приз"})
    assert study.main_line() == ["a5-b4", "f4-g3", "b4-c5", "g3-h2", "a3-b4"]


def test_round_trip_keeps_the_tree_and_comments() -> None:
    comps = [c for c in iter_compositions(RECORDS, text=True) if isinstance(c, Composition)]
    comps[0].solution.variations[0].comment = "тонкий ход"  # type: ignore[union-attr]
    again = read_compositions(write_compositions(comps))
    assert [c.main_line() for c in again] == [c.main_line() for c in comps]
    assert again[0].solution.variations[0].comment == "тонкий ход"  # type: ignore[union-attr]
    replies = again[0].solution.variations[0].variations  # type: ignore[union-attr]
    assert [r.parent.board().move_text(r.move) for r in replies] == ["f4-g3", "f4-e3"]
    assert again[0].stipulation == comps[0].stipulation and again[0].author == "А. Шошин"


def test_diagram_in_the_composition_style() -> None:
    c = Composition("W:WKa5,a3:Ba7,f4", author="А. Шошин")
    svg = composition_svg(c, lang="ru")
    assert "Белые начинают и выигрывают (2 + 2)" in svg and "А. Шошин" in svg
    assert "А. Шошин" not in composition_svg(c, show_author=False)
    assert 'class="coord' not in svg  # no coordinates round the board
    assert to_png(svg).startswith(b"\x89PNG")
    seq = line_svgs(c.board(), ["a5-b4", "f4-g3"], lang="ru")
    assert [cap for cap, _ in seq] == ["Начальная позиция", "После 1. a5-b4",
                                       "После 1... f4-g3"]
