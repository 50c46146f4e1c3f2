"""Outputs: CSV, JSON, HTML, PDF, rich tables, crosstables, pairings, PDN."""

from __future__ import annotations

import csv
import io
import json
import pathlib

import pytest

from shashki.competition import export
from shashki.competition.model import Bye, Pairing, Round, Tournament


def test_csv(rr: Tournament) -> None:
    rows = list(csv.reader(io.StringIO(export.to_csv(rr, ["sonneborn-berger", "wins"]))))
    assert rows[0] == ["place", "number", "name", "title", "rating", "club", "points",
                       "sonneborn-berger", "wins"]
    assert rows[1] == ["1", "1", "A", "", "", "", "5", "20", "2"]
    assert rows[4][0] == "4" and rows[4][2] == "E"


def test_json(swiss: Tournament) -> None:
    doc = json.loads(export.to_json(swiss, ["buchholz"]))
    assert doc["tiebreaks"] == [{"key": "buchholz", "article": "Code 3.16.6"}]
    assert [r["name"] for r in doc["standings"]] == ["P1", "P5", "P4", "P2", "P3"]
    assert doc["standings"][0]["tiebreaks"] == {"buchholz": 10.0}
    assert doc["crosstable"]["kind"] == "swiss"


def test_round_robin_crosstable(rr: Tournament, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "en")
    ct = export.crosstable(rr)
    assert ct["header"][2:7] == ["1", "2", "3", "4", "5"]
    assert ct["header"][-2:] == ["Points", "Place"]
    a = ct["rows"][0]
    assert a[:7] == ["1", "A", "■", "2", "1", "2", "0"] and a[-2:] == ["5", "1–2"]


def test_swiss_crosstable(swiss: Tournament, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "en")
    rows = {r[1]: r for r in export.crosstable(swiss)["rows"]}
    assert rows["P1"][2:5] == ["3w2", "5b2", "2w1"]
    assert rows["P5"][2] == "—"  # the bye
    assert rows["P3"][4] == ""  # withdrawn: no game


def test_crosstables_in_the_codes_language(swiss_forfeits: Tournament,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Russian: Cyrillic colour marks (б/ч), «+»/«−» for forfeits (Code 3.13.1, 3.13.3),
    «—» for the bye, Russian headers; English in English, the legend too."""
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    ct = export.crosstable(swiss_forfeits)
    assert ct["header"][:2] + ct["header"][-2:] == ["№", "Участник", "Очки", "Место"]
    rows = {r[1]: r for r in ct["rows"]}
    # P2 won by forfeit against P5 in round 1, P3 v P5 was lost by both in round 2.
    assert rows["P2"][2] == "5б+" and rows["P5"][2] == "2ч−"
    assert rows["P3"][3] == "5б−" and rows["P5"][3] == "3ч−"
    assert rows["P5"][4] == "—" and rows["P1"][2] == "4б2"
    html = export.to_html(swiss_forfeits, ["buchholz"])
    assert "б — белые, ч — чёрные" in html and "Бх — Бухгольц (Кодекс 3.16.6)" in html
    assert "Buchholz" not in html
    monkeypatch.setenv("SHASHKI_LANG", "en")
    html = export.to_html(swiss_forfeits, ["buchholz"])
    assert "w — White, b — Black" in html and "Bh — Buchholz (Code 3.16.6)" in html
    assert "Бухгольц" not in html and "Участник" not in html
    # A round robin shows forfeits as «+»/«−» too (the grid held points before).
    t = Tournament(system="berger")
    for name in "ABC":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 2, 3, ["+/-"])], [Bye(1, "Z")]))
    t.add_round(Round(2, [Pairing(1, 3, 1, ["-/-"])], [Bye(2, "Z")]))
    rows = export.crosstable(t)["rows"]
    assert rows[1][2:5] == ["", "■", "+"] and rows[2][2:5] == ["−", "−", "■"]


def test_html(rr: Tournament) -> None:
    html = export.to_html(rr, ["sonneborn-berger"])
    assert html.startswith("<!DOCTYPE html>")
    assert "Code 3.16.5" in html and "<td class=\"name\">A</td>" in html
    rr.name = "<script>"
    assert "<script>" not in export.to_html(rr)


def test_pdf(rr: Tournament, tmp_path: pathlib.Path) -> None:
    pytest.importorskip("weasyprint")
    out = tmp_path / "rr.pdf"
    export.to_pdf(rr, str(out), ["sonneborn-berger"])
    assert out.read_bytes().startswith(b"%PDF")


def test_pairings_text(swiss: Tournament) -> None:
    assert export.pairings_text(swiss.rounds[0]) == "3\n1 3\n2 4\n5 0\n"


def test_rich_tables(rr: Tournament) -> None:
    from rich.console import Console

    con = Console(record=True, width=120)
    con.print(export.rich_standings(rr, ["riga"]))
    con.print(export.rich_pairings(rr, rr.rounds[0]))
    text = con.export_text()
    assert "23.5" in text and "Round 1" in text


def test_pdn_round_and_event(rr: Tournament) -> None:
    one = export.to_pdn(rr, 1)
    assert one.count("[Event ") == 2
    assert export.to_pdn(rr).count("[Event ") == 10
    assert '[Result "1-0"]' in one or '[Result "0-1"]' in one


def test_points_and_results_text(rr: Tournament) -> None:
    assert export.points_text(3.5) == "3½"
    assert export.result_text(rr, "1/2-1/2") == "1-1"
    assert export.result_text(rr, "-/-") == "−:−"


def test_tiebreak_headings_in_both_languages() -> None:
    from shashki.competition.labels import label
    from shashki.competition.tiebreaks import TIEBREAKS

    for key in TIEBREAKS:
        en, ru = label(f"tb.{key}", "en"), label(f"tb.{key}", "ru")
        assert en != f"tb.{key}" and ru != en, key


def test_micromatch_standings_show_both_measures() -> None:
    """A micro-match event ranked by game points also shows match points (2/1/0 a match
    won, drawn, lost on game points), and the other way round (docs/rules.md K19)."""
    from shashki.competition.model import Pairing, Round

    for ranking, other in (("games", "match_points"), ("match", "game_points")):
        t = Tournament(system="berger", games_per_pairing=2, micromatch_ranking=ranking)
        for name in "ABCD":
            t.add_player(name)
        # 1-4: A wins both games (4:0); 2-3: a win each (2:2, a drawn match).
        t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0", "0-1"]),
                              Pairing(2, 2, 3, ["1-0", "1-0"])]))
        rows = export.to_csv(t).splitlines()
        assert rows[0].split(",")[6:8] == ["points", other]
        got = {r.split(",")[2]: tuple(r.split(",")[6:8]) for r in rows[1:]}
        games = {"A": "4", "B": "2", "C": "2", "D": "0"}
        match = {"A": "2", "B": "1", "C": "1", "D": "0"}
        first, second = (games, match) if ranking == "games" else (match, games)
        assert got == {n: (first[n], second[n]) for n in "ABCD"}


def test_crosstable_csv(rr: Tournament) -> None:
    """Round robin grid (Code 3.16.1): A beat B, drew C, beat D, lost to E (2/1/0)."""
    rows = list(csv.reader(io.StringIO(export.crosstable_csv(rr))))
    assert rows[0][:3] == ["№", "Name", "1"] or rows[0][:3] == ["№", "Участник", "1"]
    assert rows[1] == ["1", "A", "■", "2", "1", "2", "0", "5", "1–2"]
