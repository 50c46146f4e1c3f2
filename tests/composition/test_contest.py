"""Contest scoring: the judges' average (CPI draft rules, part 2, art. 2), the scale, the
award's distinctions, solving points and standings with time as the tie-break."""

from __future__ import annotations

import pytest

from shashki.composition.contest import (
    ContestError,
    Scale,
    award,
    check_judge,
    score_solution,
    solving_standings,
)


def test_scale() -> None:
    s = Scale()
    assert s.check(7.5) == 7.5
    for bad in (-0.5, 10.5, 7.25):
        with pytest.raises(ContestError, match="scale"):
            s.check(bad)
    assert Scale(0, 15, 1).check(15) == 15


def test_a_judge_never_judges_his_own_entry() -> None:
    check_judge("Ivanov", "Petrov")
    with pytest.raises(ContestError, match="cannot judge"):
        check_judge("Ivanov", "Ivanov")


def test_award_places_and_distinctions() -> None:
    marks = {"E1": [9.0, 8.5, 9.5], "E2": [9.0, 9.0, 9.0], "E3": [7.0, 8.0],
             "E4": [8.0, 8.0, 8.0], "E5": [5.0, 6.0, 4.0], "E6": [0.0, 0.0, 0.0]}
    table = award(marks, prizes=2, mentions=1, commendations=2, unsound=["E6"])
    assert [(r.entry, r.mark, r.place, r.distinction, r.rank) for r in table] == [
        ("E1", 9.0, 1, "prize", 1), ("E2", 9.0, 1, "prize", 1),
        ("E4", 8.0, 3, "mention", 1),
        ("E3", 7.5, 4, "commendation", 1), ("E5", 5.0, 5, "commendation", 2),
        ("E6", 0.0, 0, "", 0)]


def test_solving_points() -> None:
    author = ["d4-c5", "f8-e7", "a3-b4", "a5:c3", "c5-b6", "e7-d6"]
    assert score_solution(author, author, 9) == 9
    assert score_solution(author, [*author, "b6-a7"], 9) == 9
    assert score_solution(author, author[:3], 9) == 6
    assert score_solution(author, ["a3-b4"], 9) == 0
    assert score_solution(author, [], 9) == 0


def test_solving_standings_time_breaks_ties() -> None:
    table = solving_standings({"Anna": ([10, 5], 500), "Boris": ([10, 5], 450),
                               "Vera": ([15], 900), "Gleb": ([2], 60), "Dina": ([2], 60)})
    assert [(s.solver, s.points, s.seconds, s.place) for s in table] == [
        ("Boris", 15, 450, 1), ("Anna", 15, 500, 2), ("Vera", 15, 900, 3),
        ("Dina", 2, 60, 4), ("Gleb", 2, 60, 4)]
