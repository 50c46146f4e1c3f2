"""Ratings (FIDE B.02, docs/rules.md K34): the table of scoring probabilities, K, each
event's changes, the performance column, players from a rating list in CSV."""

from __future__ import annotations

import math
import pathlib

import pytest

from shashki.cli.competition import main
from shashki.competition.errors import InvalidTournament
from shashki.competition.export import rating_rows, to_html
from shashki.competition.model import Pairing, Round, Tournament
from shashki.competition.rating import (
    PD_TABLE,
    expected,
    import_players,
    k_factor,
    performance_ratings,
    rating_changes,
)


def test_the_table_is_elos_normal_model() -> None:
    """B.02 8.1.2 was built on Elo's normal model (σ = 200 for a player, 200·√2 for a
    difference): the table is that model to two decimals, within a rating point at the
    edges of its bands; it rises with the difference and the two sides add to one."""
    for d in range(0, 1000):
        phi = 0.5 * (1 + math.erf(d / 400))
        assert abs(expected(2000 + d, 2000, cap=0) - phi) < 0.0085, d
        assert expected(2000 + d, 2000, cap=0) + expected(2000, 2000 + d, cap=0) == \
            pytest.approx(1.0)
    tops = [top for top, _ in PD_TABLE]
    assert tops == sorted(tops) and [p for _, p in PD_TABLE] == [
        round(0.50 + i / 100, 2) for i in range(50)]
    # The rule of 400 points (8.3.1): 600 points apart counts as 400.
    assert expected(2600, 2000) == expected(2400, 2000) == 0.92


def test_k_factor_by_b02_833() -> None:
    assert k_factor(2000, games=12) == 40
    assert k_factor(2250, age=16) == 40 and k_factor(2350, age=16) == 20
    assert k_factor(2399) == 20 and k_factor(2400) == 10
    assert k_factor(2300, reached_2400=True) == 10


def test_event_changes_by_hand() -> None:
    """A 2240 beats B 2114 (D 126: PD .67 and .33), draws C 1900 (D 340: .88), loses to
    D 2500 (D 260: .18); K 20: A = (1 − .67 + .5 − .88 + 0 − .18) × 20 = −4.6. A forfeit
    (C v D) is not rated; the unrated E's game is not rated either."""
    t = Tournament(system="berger", start="2026-01-10")
    for name, r in (("A", 2240), ("B", 2114), ("C", 1900), ("D", 2500), ("E", 0)):
        t.add_player(name, rating=r, birth="1990-01-01")
    t.add_round(Round(1, [Pairing(1, 1, 2, ["1-0"]), Pairing(2, 3, 4, ["+/-"])]))
    t.add_round(Round(2, [Pairing(1, 3, 1, ["1/2-1/2"]), Pairing(2, 4, 5, ["1-0"])]))
    t.add_round(Round(3, [Pairing(1, 1, 4, ["0-1"])]))
    got = {c.player: (c.games, c.score, c.expected, c.k, c.change) for c in rating_changes(t)}
    assert got[1] == (3, 1.5, 1.73, 20, -4.6)
    assert got[2] == (1, 0.0, 0.33, 20, -6.6)
    assert got[3] == (1, 0.5, 0.12, 20, 7.6)
    assert got[4] == (1, 1.0, 0.82, 10, 1.8)  # 2500: K 10; the game with E is not rated
    assert 5 not in got
    assert {c.player: c.change for c in rating_changes(t, k=32)}[2] == -10.6
    # Performance (B.02 8.2): A's rated opponents average (2114 + 1900 + 2500) / 3 = 2171,
    # p = .5: dp 0.
    assert performance_ratings(t)[1] == 2171
    rows = {r["name"]: r for r in rating_rows(t)}
    assert (rows["A"]["change"], rows["A"]["new"]) == ("-4.6", 2235)
    assert "2235" in to_html(t)


def test_import_a_rating_list(tmp_path: pathlib.Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    t = Tournament()
    csv_text = ("Фамилия, имя;ID;Рейтинг;Звание;Клуб;Год рождения\n"
                "Иванов, Иван;4100;2310;МС;Тула;1990\n"
                "Петров, Пётр;4101;;КМС;Алексин;2001\n")
    assert import_players(t, csv_text) == [1, 2]
    assert (t.player(2).rating, t.player(2).title, t.player(2).birth) == (0, "КМС", "2001")
    # The same id again updates the player: a new list replaces the old ratings.
    assert import_players(t, "name,id,rating\nИванов И.,4100,2335\n") == [1]
    assert (t.player(1).name, t.player(1).rating, len(t.players)) == ("Иванов И.", 2335, 2)
    with pytest.raises(InvalidTournament, match="line 2: bad rating 'x'"):
        import_players(t, "name,rating\nA,x\n")
    with pytest.raises(InvalidTournament, match="line 1: no name column"):
        import_players(t, "who,rating\nA,1\n")
    f, lst = tmp_path / "cup.json", tmp_path / "list.csv"
    Tournament().save(str(f))
    lst.write_bytes(csv_text.encode("cp1251"))  # a Russian list in Windows-1251
    assert main(["tournament", "import", str(f), str(lst)]) == 0
    assert [p.name for p in Tournament.load(str(f)).players] == ["Иванов, Иван", "Петров, Пётр"]
    capsys.readouterr()
    assert main(["tournament", "rating", str(f)]) == 0
