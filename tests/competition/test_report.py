"""The judges' report (Code 4.6.3), on a 12-player Swiss with a late entry, a withdrawal
(an exclusion), a forfeit, a double forfeit, sanctions, a bonus and a play-off for first
place (report_event.py)."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

from shashki.cli.competition import main
from shashki.competition.report import report_data, report_html, report_pdf
from shashki.pdn import read_games

from .report_event import with_playoff


@pytest.fixture
def event(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    return with_playoff(1)


def test_every_part_is_there(event) -> None:  # type: ignore[no-untyped-def]
    t, games = event
    page = report_html(t, games)
    for text in ("Отчёт коллегии судей", "Шашечный кодекс, 4.6.3", "Положение о соревновании",
                 "Коллегия судей (Кодекс 4.6.1)", "Главный судья", "Белов, Андрей", "ВК",
                 "Главный секретарь", "Зайцева, Мария", "Участники", "включён с 2-го тура",
                 "выбыл с 4-го тура", "Турнирная таблица", "Место определено",
                 "дополнительное соревнование", "Таблица результатов", "Результаты по турам",
                 "Дополнительные соревнования (Кодекс 3.16.2)", "10 мин + 5 с",
                 "Санкции, неявки и другие решения", "Кодекс 3.13.1", "Кодекс 3.13.3",
                 "Кодекс 1.9.4", "исключение из соревнований", "TRF-2026 299",
                 "Бланки записи партий", "Судья", "01.05.2026"):
        assert text in page, text


def test_final_table_and_decisions(event) -> None:  # type: ignore[no-untyped-def]
    t, games = event
    data = report_data(t, games)
    top = [(r["place"], r["decided"]) for r in data["standings"][:2]]
    assert top == [("1", "play-off"), ("2", "play-off")]
    kinds = [e["what"] for e in data["events"]]
    assert kinds.count("forfeit") == 2 and kinds.count("sanction") == 2
    assert {"adjustment", "withdrawal", "late entry"} <= set(kinds)
    forfeit = next(e for e in data["events"] if e["article"] == "Кодекс 3.13.1")
    assert forfeit["round"] == 2 and forfeit["note"] == "доска 3"


def test_scoresheets_are_the_recorded_games(event) -> None:  # type: ignore[no-untyped-def]
    """Every game of the PDN has its scoresheet, with its moves in the Code's full notation,
    numbered, White and Black side by side, as many as the record holds."""
    t, games = event
    sheets = report_data(t, games)["scoresheets"]
    recorded = read_games(games)
    assert len(sheets) == len(recorded) == sum(
        1 for r in t.rounds for p in r.pairings if p.results[0] not in ("+/-", "-/+", "-/-"))
    first = sheets[0]
    want = [n.move_text(full=True) for n in recorded[0].mainline()]
    got = [m for col in first["columns"] for _, w, b in col for m in (w, b) if m]
    assert got == want
    assert first["columns"][0][0][0] == 1 and len(first["columns"][0]) <= 20
    assert (first["round"], first["board"]) == (1, 1)


def test_pdf(event, tmp_path: pathlib.Path) -> None:  # type: ignore[no-untyped-def]
    pytest.importorskip("weasyprint")
    t, games = event
    out = tmp_path / "report.pdf"
    report_pdf(t, str(out), games)
    assert out.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "Бланк записи партии" in text and "Главный секретарь" in text


def test_english_report_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "en")
    t, games = with_playoff(1)
    page = report_html(t, games)
    assert "Report of the panel of judges" in page and "Scoresheet" in page
    for ru in ("Участник", "Бланк", "Кодекс", "Турнирная", "свободен"):
        assert ru not in page, ru


def test_report_from_the_command_line(tmp_path: pathlib.Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHASHKI_LANG", "en")
    t, games = with_playoff(1)
    f = tmp_path / "cup.json"
    t.save(str(f))
    (tmp_path / "games.pdn").write_text(games, encoding="utf-8")
    assert main(["tournament", "sanction", str(f), "5", "3", "remark", "--article",
                 "Code 3.10.1", "--note", "moves not written"]) == 0
    assert main(["tournament", "official", str(f), "senior", "Ершов, Илья",
                 "--category", "1К"]) == 0
    out = tmp_path / "report.html"
    assert main(["tournament", "report", str(f), "--pdn", str(tmp_path / "games.pdn"),
                 "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Code 3.10.1" in page and "Ершов, Илья" in page and "Senior arbiter" in page
