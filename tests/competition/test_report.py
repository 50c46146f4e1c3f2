"""The judges' report (Code 4.6.3), on a 12-player Swiss with a late entry, a withdrawal
(an exclusion), a forfeit, a double forfeit, sanctions, a bonus and a play-off for first
place (report_event.py)."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

from shashki.cli.competition import main
from shashki.competition.model import Pairing
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
                 "Коллегия судей (Кодекс 4.6.1)", "Главный судья", "Белов, Андрей",
                 "спортивный судья всероссийской категории",
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


# --- the event's language, its details, the signatures, the legends (issue 57, item 3) ----


@pytest.mark.parametrize(("event_lang", "machine"), [("ru", "en"), ("en", "ru")])
def test_the_report_speaks_the_events_language_whatever_the_locale(
        monkeypatch: pytest.MonkeyPatch, event_lang: str, machine: str) -> None:
    """The report, the tables and the printouts are in the event's language, under a
    machine whose locale is the other one (``LANG=C`` and ``SHASHKI_LANG``)."""
    from shashki.competition import export
    from shashki.competition.printouts import blank_scoresheets_html, table_cards_html

    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("SHASHKI_LANG", machine)
    t, games = with_playoff(1)
    t.language = event_lang
    ru = ("Отчёт коллегии судей", "Место проведения", "Главный судья", ">подпись<",
          "Кодекс 3.13.1", "01.05.2026")
    en = ("Report of the panel of judges", "Venue", "Chief arbiter", ">signature<", "Code 3.13.1",
          "2026-05-01")
    want, other = (ru, en) if event_lang == "ru" else (en, ru)
    page = report_html(t, games)
    assert f'<html lang="{event_lang}">' in page
    for text in want:
        assert text in page, text
    for text in other:
        assert text not in page, text
    tables = export.to_html(t) + table_cards_html(t, 1) + blank_scoresheets_html(t, 1)
    assert ("Турнирная таблица" in tables) == (event_lang == "ru")
    assert ("Standings" in tables) == (event_lang == "en")
    assert ("Бланк записи партии" in tables) == (event_lang == "ru")
    from shashki.i18n import language

    assert language() == machine  # the machine's language is as it was


def test_missing_details_are_said_not_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    from shashki.competition.model import Round, Tournament

    monkeypatch.setenv("SHASHKI_LANG", "en")
    t = Tournament(name="Bare", system="berger", language="en")
    for name in "ABCD":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 1, 4, ["1-0"]), Pairing(2, 2, 3, ["1/2-1/2"])]))
    details = {d["key"]: (d["value"], d["missing"]) for d in report_data(t)["details"]}
    assert details == {"venue": ("not given", True), "dates": ("not given", True),
                       "time": ("not given", True), "organiser": ("not given", True),
                       "arbiter": ("not given", True)}
    page = report_html(t)
    for k in ("Venue", "Dates", "Time control", "Organiser", "Chief arbiter"):
        assert f'<td class="k">{k}</td><td class="missing">not given</td>' in page, k
    t.language = "ru"
    page = report_html(t)
    for k, v in (("Место проведения", "не указано"), ("Сроки проведения", "не указаны"),
                 ("Контроль времени", "не указан"), ("Проводящая организация", "не указана"),
                 ("Главный судья", "не указан")):
        assert f'<td class="k">{k}</td><td class="missing">{v}</td>' in page, k
    t.set_details(city="Тула", start="2026-05-01", end="2026-05-03", time_control="2700",
                  organiser="Федерация шашек", arbiter="Белов, Андрей", arbiter_category="ВК")
    details = {d["key"]: d["value"] for d in report_data(t)["details"]}
    assert details == {"venue": "Тула", "dates": "01.05.2026 — 03.05.2026", "time": "45 мин",
                       "organiser": "Федерация шашек",
                       "arbiter": "Белов, Андрей (спортивный судья всероссийской категории)"}


def test_signature_lines_with_name_category_and_date(event) -> None:  # type: ignore[no-untyped-def]
    t, games = event
    signs = report_data(t, games)["signatures"]
    assert signs == [
        {"role": "Главный судья", "name": "Белов, Андрей",
         "category": "спортивный судья всероссийской категории"},
        {"role": "Главный секретарь", "name": "Зайцева, Мария",
         "category": "спортивный судья первой категории"}]
    page = report_html(t, games)
    block = page[page.index('<div class="signatures'):page.index('<div class="part">', page.index(
        '<div class="signatures'))]
    assert block.count('class="signature"') == 2
    assert block.count("подпись") == 2 and block.count("фамилия, имя") == 2
    assert block.count("Судейская категория:") == 2 and block.count("Дата:") == 2
    assert '<span class="printed">Белов, Андрей</span>' in block
    # Not given: a line to fill in by hand instead of the printed name and category.
    t.officials = [o for o in t.officials if o.role != "secretary"]
    t.arbiter_category = ""
    signs = report_data(t, games)["signatures"]
    assert signs[0]["category"] == "" and signs[1] == {"role": "Главный секретарь", "name": "",
                                                       "category": ""}
    block = report_html(t, games)
    block = block[block.index('<div class="signatures'):]
    assert block.count('<span class="line short"></span>') == 4  # 2 categories, 2 dates


def test_the_legends_explain_only_what_occurred(monkeypatch: pytest.MonkeyPatch) -> None:
    """An event without forfeits, byes or withdrawals has no line about them: neither the
    readings of Code 3.16.11 / 3.13.3 nor the crosstable's «+», «−», «—»."""
    from shashki.competition.model import Bye, Round, Tournament

    monkeypatch.setenv("SHASHKI_LANG", "en")
    t = Tournament(name="Quiet", system="dutch", rounds_planned=2, language="en",
                   tiebreaks=["buchholz", "wins"])
    for name in "ABCD":
        t.add_player(name)
    t.add_round(Round(1, [Pairing(1, 1, 3, ["1-0"]), Pairing(2, 2, 4, ["1/2-1/2"])]))
    data = report_data(t)
    assert data["readings"] == []
    assert data["crosstable"]["legend"] == "w — White, b — Black"
    page = report_html(t)
    for absent in ("forfeit won", "forfeit wins", "the bye", "virtual opponent",
                   "withdrawn opponent", "double forfeit", "bonus and penalty"):
        assert absent not in page, absent
    # A forfeit and a bye: their lines come, and only theirs.
    t.add_player("E")
    t.add_round(Round(2, [Pairing(1, 1, 2, ["+/-"]), Pairing(2, 3, 4, ["1-0"])],
                      [Bye(5, "PAB")]))
    data = report_data(t)
    assert [line.split(" — ")[1].split(":")[0] for line in data["readings"]] == [
        "the bye's virtual opponent", "forfeit wins among the wins"]
    assert data["crosstable"]["legend"] == ("w — White, b — Black; + and − — a forfeit won and "
                                            "lost (Code 3.13); — the bye (Code 3.16.11)")


def test_the_report_details_round_trip_through_the_command_line(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from shashki.competition.model import Tournament

    monkeypatch.setenv("SHASHKI_LANG", "ru")
    f = tmp_path / "cup.json"
    assert main(["tournament", "new", str(f), "--name", "Кубок", "--system", "berger",
                 "--venue", "Тула", "--start", "2026-05-01", "--end", "2026-05-03",
                 "--arbiter", "Белов, Андрей", "--arbiter-category", "ВК",
                 "--organiser", "Федерация шашек", "--time-control", "45m"]) == 0
    t = Tournament.load(str(f))
    assert (t.language, t.city, t.start, t.end, t.arbiter, t.arbiter_category, t.organiser,
            t.time_control) == ("ru", "Тула", "2026-05-01", "2026-05-03", "Белов, Андрей",
                                "all-russian", "Федерация шашек", "2700")
    monkeypatch.setenv("SHASHKI_LANG", "en")
    f2 = tmp_path / "en.json"
    assert main(["tournament", "new", str(f2)]) == 0
    assert Tournament.load(str(f2)).language == "en"  # the command line's language
    assert main(["tournament", "set", str(f), "--language", "en", "--venue", "Tula",
                 "--end", "2026-05-04", "--organiser", ""]) == 0
    out = capsys.readouterr().out
    assert "Venue: Tula" in out and "Organiser: not given" in out
    assert main(["tournament", "official", str(f), "secretary", "Зайцева, Мария",
                 "--category", "СС1К"]) == 0
    assert main(["tournament", "official", str(f), "judge", "Лебедев, Кирилл",
                 "--category", "young"]) == 0
    assert main(["tournament", "official", str(f), "judge", "Лебедев, Кирилл",
                 "--remove"]) == 0
    t = Tournament.load(str(f))
    assert (t.language, t.city, t.end, t.organiser) == ("en", "Tula", "2026-05-04", "")
    assert [(o.role, o.name, o.category) for o in t.officials] == [
        ("secretary", "Зайцева, Мария", "1")]
    assert Tournament.from_json(t.to_json()).to_dict() == t.to_dict()
    with pytest.raises(SystemExit):
        main(["tournament", "set", str(f), "--start", "1 May"])
    with pytest.raises(SystemExit):
        main(["tournament", "official", str(f), "judge", "X", "--category", "grandmaster"])
    with pytest.raises(SystemExit):  # the end before the start
        main(["tournament", "set", str(f), "--end", "2026-04-01"])
    out = tmp_path / "report.html"
    monkeypatch.setenv("SHASHKI_LANG", "ru")
    assert main(["tournament", "report", str(f), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Report of the panel of judges" in page and "Зайцева, Мария" in page
    assert "sports judge of the first category" in page and "Tula" in page
