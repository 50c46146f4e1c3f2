"""Classification norms (Code 4.6.3) from a table the organiser supplies (the ЕВСК's own
table for draughts was not found: docs/rules.md K33). The table below is a test table, not
the ЕВСК's; the figures are worked by hand on conftest.rr5."""

from __future__ import annotations

import json
import pathlib

import pytest

from shashki.cli.competition import main
from shashki.competition.errors import InvalidTournament
from shashki.competition.model import Pairing, Round, Tournament
from shashki.competition.norms import check_norms, load_norms
from shashki.competition.report import report_data

TABLE = {
    "name": "test table (not the ЕВСК)", "source": "tests/competition/test_norms.py",
    "year": "2026", "coefficients": {"КМС": 5, "I": 4, "II": 3, "III": 2},
    "norms": [
        {"award": "КМС", "min_games": 4, "min_percent": 60, "min_average": 2.4},
        {"award": "I", "min_games": 4, "min_percent": 50, "min_opponents": {"II": 2}},
        {"award": "II", "min_percent": 35, "min_age": 18, "systems": ["berger"]},
    ]}


def _event(rr: Tournament) -> Tournament:
    # A 5 (beat B, D; drew C; lost to E), B 5, C 4, D 3, E 3 points of 8 (2/1/0).
    rr.start = "2026-03-01"
    for n, (title, birth) in enumerate([("I", "1990"), ("КМС", "1985"), ("II", "2001"),
                                        ("", "2010"), ("III", "2000")], 1):
        rr.player(n).title, rr.player(n).birth = title, f"{birth}-01-01"
    return rr


def test_who_met_which_norm(rr: Tournament) -> None:
    """A: 5 of 8 = 62.5 %, opponents B 5, C 3, D 0, E 2 → average 2.5: КМС (above his I).
    B: 62.5 % but average 2.25; two opponents of II or higher (A, C): I, which he exceeds.
    C: 50 %, opponents A and B of II or higher: I. D: 37.5 %, 16 years old: none. E: 37.5 %,
    26 years: II."""
    got = {r.player: (r.award, r.percent, r.average, r.new)
           for r in check_norms(_event(rr), load_norms(TABLE))}
    assert got == {1: ("КМС", 62.5, 2.5, True), 2: ("I", 62.5, 2.25, False),
                   3: ("I", 50.0, 2.75, True), 4: (None, 37.5, 3.5, False),
                   5: ("II", 37.5, 3.0, True)}
    d = next(r for r in check_norms(rr, load_norms(TABLE)) if r.player == 4)
    assert d.missed == ["КМС: 37.5% < 60%", "I: 37.5% < 50%", "II: age 16 < 18"]


def test_forfeits_are_no_games() -> None:
    t = Tournament(system="berger", start="2026-01-01")
    for name in "AB":
        t.add_player(name, title="I")
    t.add_round(Round(1, [Pairing(1, 1, 2, ["+/-"])]))
    r = check_norms(t, load_norms(TABLE))[0]
    assert (r.games, r.percent, r.award) == (0, 0.0, None)


def test_the_table_is_checked(tmp_path: pathlib.Path) -> None:
    for bad, msg in ([{"norms": [{"min_games": 1}]}, "needs an award"],
                     [{"norms": [{"award": "I", "min_gamez": 1}]}, "unknown field 'min_gamez'"],
                     [{"coefficients": {"I": 1}, "norms": [{"award": "I",
                                                             "min_opponents": {"КМС": 1}}]},
                      "'КМС' has no coefficient"],
                     [{"norms": [{"award": "I", "systems": ["swiss"]}]}, "unknown system"]):
        with pytest.raises(InvalidTournament, match=msg):
            load_norms(bad)
    with pytest.raises(InvalidTournament, match="line 1 column 2"):
        load_norms("{x")
    f = tmp_path / "t.json"
    f.write_text(json.dumps(TABLE, ensure_ascii=False), encoding="utf-8")
    assert load_norms(str(f)).norms[0].award == "КМС"


def test_in_the_report_and_the_cli(rr: Tournament, tmp_path: pathlib.Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    t = _event(rr)
    rows = report_data(t, norms=load_norms(TABLE))["norms"]["rows"]
    assert [(r["name"], r["award"]) for r in rows] == [("A", "КМС"), ("B", "I"), ("C", "I"),
                                                       ("E", "II")]
    f, tab = tmp_path / "rr.json", tmp_path / "norms.json"
    t.save(str(f))
    tab.write_text(json.dumps(TABLE, ensure_ascii=False), encoding="utf-8")
    assert main(["tournament", "norms", str(f), "--table", str(tab)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "КМС" in out[0] and "62.5%" in out[0] and "II: age 16 < 18" in out[3]
