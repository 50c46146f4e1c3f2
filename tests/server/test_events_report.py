"""The judges' report of a platform event (Code 4.6.3): the event's language (the
organiser's by default) and what the report says of the event — venue, dates, organising
body, the chief arbiter's name and category, the panel of judges — set on the creation
form and the event page, stored in the event, and printed in the event's language whatever
the visitor's."""

from __future__ import annotations

from fastapi.testclient import TestClient

from shashki.competition import Tournament
from shashki.server.accounts.models import User
from shashki.server.events.models import EventRow

from .helpers import Visitor
from .test_events import create_event, services


def stored(client: TestClient, event_id: int) -> tuple[str, Tournament]:
    with services(client).db.session() as db:
        row = db.get(EventRow, event_id)
        assert row is not None
        return row.language, Tournament.from_json(row.data)


def set_language(client: TestClient, name: str, lang: str) -> None:
    with services(client).db.session() as db:
        db.query(User).filter_by(username=name).one().language = lang


def test_creation_stores_the_language_and_the_details(client: TestClient,
                                                      org: Visitor) -> None:
    """The creation form's language, last day and organising body are kept; without a
    language the event takes the organiser's account language."""
    set_language(client, "olga", "ru")
    event_id = create_event(org, venue="Тула", date="2026-05-01", end="2026-05-05",
                            organiser="Федерация шашек Тульской области")
    lang, t = stored(client, event_id)
    assert lang == t.language == "ru"
    assert (t.city, t.start, t.end) == ("Тула", "2026-05-01", "2026-05-05")
    assert t.organiser == "Федерация шашек Тульской области"
    assert t.time_control == "2700"  # the platform's 45m clock, as TRF 222 writes it
    other = create_event(org, language="en")
    assert stored(client, other)[0] == "en"
    page = org.get("/events").text
    assert 'name="language"' in page and 'name="end"' in page and 'name="organiser"' in page
    r = org.form("/events", {"name": "Bad Dates", "system": "berger", "mode": "live",
                             "variant": "russian", "time_control": "45m", "scoring": "2-1-0",
                             "date": "2026-05-05", "end": "2026-05-01"}, page="/events")
    assert r.status_code == 422


def test_the_report_speaks_the_events_language_and_says_what_is_missing(
        client: TestClient, org: Visitor) -> None:
    event_id = create_event(org, language="en")
    page = org.get(f"/events/{event_id}/report.html").text
    assert "Report of the panel of judges" in page
    assert '<td class="k">Venue</td><td class="missing">not given</td>' in page
    assert '<td class="k">Organiser</td><td class="missing">not given</td>' in page
    assert "45m" in page  # the platform's clock is the time control
    # The organiser fills the report's details in on the event page, in Russian.
    assert 'id="report-form"' in org.get(f"/events/{event_id}").text
    r = org.form(f"/events/{event_id}/details", {
        "language": "ru", "venue": "Тула, Дворец пионеров", "start": "2026-05-01",
        "end": "2026-05-05", "organiser": "Федерация шашек Тульской области",
        "arbiter_name": "Белов, Андрей", "arbiter_category": "all-russian"},
        page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    r = org.form(f"/events/{event_id}/judges", {"role": "secretary", "name": "Зайцева, Мария",
                                               "category": "1"}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    r = org.form(f"/events/{event_id}/judges", {"role": "judge", "name": "Лебедев, Кирилл",
                                               "category": ""}, page=f"/events/{event_id}")
    assert r.status_code == 303, r.text
    lang, t = stored(client, event_id)
    assert lang == t.language == "ru"
    assert (t.city, t.start, t.end, t.arbiter, t.arbiter_category) == (
        "Тула, Дворец пионеров", "2026-05-01", "2026-05-05", "Белов, Андрей", "all-russian")
    assert [(o.role, o.name, o.category) for o in t.officials] == [
        ("secretary", "Зайцева, Мария", "1"), ("judge", "Лебедев, Кирилл", "")]
    # The visitor reads English; the report is in the event's Russian.
    page = org.get(f"/events/{event_id}/report.html").text
    assert '<html lang="ru">' in page
    for text in ("Отчёт коллегии судей", "Место проведения", "Тула, Дворец пионеров",
                 "01.05.2026 — 05.05.2026", "45 мин", "Федерация шашек Тульской области",
                 "спортивный судья всероссийской категории", "Главный секретарь",
                 "спортивный судья первой категории", "подпись", "фамилия, имя",
                 "Судейская категория", "Дата"):
        assert text in page, text
    assert "Лебедев, Кирилл</td><td class=\"l\">не указана" in page
    for english in ("Venue", "not given", "Report of the panel", ">signature<"):
        assert english not in page, english
    # A member of the panel is removed; refused input says why beside the form.
    r = org.form(f"/events/{event_id}/judges/1/remove", {}, page=f"/events/{event_id}")
    assert r.status_code == 303
    assert [o.name for o in stored(client, event_id)[1].officials] == ["Зайцева, Мария"]
    r = org.form(f"/events/{event_id}/judges", {"role": "judge", "name": "Орлов, Олег",
                                               "category": "grandmaster"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422 and "Unknown judging category" in r.text
    r = org.form(f"/events/{event_id}/details", {"language": "ru", "start": "2026-05-05",
                                                "end": "2026-05-01"},
                 page=f"/events/{event_id}")
    assert r.status_code == 422 and "cannot end before it starts" in r.text
    assert stored(client, event_id)[1].end == "2026-05-05"


def test_only_the_organiser_sets_the_reports_details(client: TestClient, org: Visitor,
                                                     alice: Visitor) -> None:
    event_id = create_event(org)
    assert 'id="report-form"' not in alice.get(f"/events/{event_id}").text
    r = alice.form(f"/events/{event_id}/details", {"language": "en", "venue": "Nowhere"},
                   page=f"/events/{event_id}")
    assert r.status_code == 403
    r = alice.form(f"/events/{event_id}/judges", {"role": "judge", "name": "Mallory"},
                   page=f"/events/{event_id}")
    assert r.status_code == 403
    assert stored(client, event_id)[1].city == ""
