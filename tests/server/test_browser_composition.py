"""Composition contests in a real browser (Debian's Chromium under Playwright): the
director creates a composing tournament and appoints judges, entrants submit under a
pseudonym, a judge marks an entry with the keyboard alone, and the award is published.
Screenshots of the pages at desktop and phone widths in Russian and English go to
``$SHASHKI_TEST_ARTIFACTS/browser`` (``70-compose-*.png``); no page may log a script
error or a Content Security Policy violation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from shashki.server.accounts.models import Role, User
from shashki.server.core.db import Database

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from .serving import free_port, server, url_for

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("browser-compose")
    port = free_port()
    db = tmp / "compose.db"
    with server(db, port, tmp / "server.log", ("--language", "ru")):
        yield f"http://127.0.0.1:{port}", db


class Person:
    """An account driven over HTTP (what the browser test does not look at)."""

    count = 0

    def __init__(self, base: str, name: str) -> None:
        Person.count += 1
        transport = httpx.HTTPTransport(local_address=f"127.0.7.{10 + Person.count}")
        self.http = httpx.Client(base_url=base, follow_redirects=False, timeout=30,
                                 transport=transport)
        token = CSRF.search(self.http.get("/signup").text)
        assert token
        r = self.http.post("/signup", data={"username": name, "password": PASSWORD,
                                            "csrf_token": token.group(1)})
        assert r.status_code == 303, r.text

    def post(self, url: str, data: dict[str, str]) -> httpx.Response:
        token = CSRF.search(self.http.get(url.rsplit("/", 1)[0] if "/entries" in url or
                                          "/judges" in url or "/advance" in url
                                          else "/compose").text)
        assert token
        return self.http.post(url, data={**data, "csrf_token": token.group(1)})


def set_role(db: Path, name: str, role: Role) -> None:
    database = Database(url_for(db))
    with database.session() as s:
        s.query(User).filter_by(username=name).one().role = role.value
    database.dispose()


def watch(page: object, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))  # type: ignore[attr-defined]
    page.on("console", lambda m: errors.append(m.text)  # type: ignore[attr-defined]
            if "Content Security Policy" in m.text else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")  # type: ignore[attr-defined]
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)


def login(page: object, base: str, name: str) -> None:
    p = page
    p.goto(f"{base}/login")  # type: ignore[attr-defined]
    p.fill("input[name=username]", name)  # type: ignore[attr-defined]
    p.fill("input[name=password]", PASSWORD)  # type: ignore[attr-defined]
    p.click("form.stack button[type=submit]")  # type: ignore[attr-defined]
    p.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def test_a_composing_tournament_in_the_browser(site: tuple[str, Path], browser: object) -> None:
    base, db = site
    expect = sync_api.expect
    Person(base, "rita")  # the director, who works in the browser below
    set_role(db, "rita", Role.ORGANISER)
    judges = [Person(base, n) for n in ("yuri", "zoya")]
    entrants = [Person(base, n) for n in ("anna", "boris")]
    errors: list[str] = []
    desk = browser.new_context(viewport=DESKTOP)  # type: ignore[attr-defined]
    phone = browser.new_context(viewport=PHONE, is_mobile=True,  # type: ignore[attr-defined]
                                has_touch=True)
    page = desk.new_page()
    watch(page, errors)
    login(page, base, "rita")
    page.goto(f"{base}/compose")
    page.fill("#new-contest input[name=name]", "Мемориал Шошина")
    page.click("#new-contest button[type=submit]")
    page.wait_for_url(re.compile(r".*/compose/\d+$"))
    url = page.url
    shot(page, "70-compose-director-open-ru-desktop")
    cid = url.rsplit("/", 1)[1]
    for j in ("yuri", "zoya"):
        page.fill("input[name=judge]", j)
        page.click("#director-tools form[action$='/judges'] button")
        expect(page.locator(".meta").first).to_contain_text(j)
    for person, pseudonym, fen, sol in (
            (entrants[0], "Берёза", "W:Wa1,b2,c3:Ba5,e5,g7", "1. c3-b4 a5:c3 2. b2:h8"),
            (entrants[1], "Волга", "W:Wb4,d4:Bb6,h8", "1. b4-a5"),
            (judges[0], "Сова", "W:Wg3,f2,a1:Bh4", "1. a1-b2")):
        stip = "block M" if "h4" in fen else "+"
        r = person.post(f"/compose/{cid}/entries", {"pseudonym": pseudonym, "fen": fen,
                                                    "stipulation": stip, "solution": sol})
        assert r.status_code == 303, r.text
    page.reload()
    expect(page.locator("#entries")).to_contain_text("Берёза")
    shot(page, "71-compose-director-entries-ru-desktop")
    page.click("#advance")
    expect(page.locator("#contest-status")).to_contain_text("судейство")

    # the judge, in English, with the keyboard alone
    judge = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[attr-defined]
    watch(judge, errors)
    login(judge, base, "zoya")
    judge.goto(f"{base}/lang/en?next=/compose/{cid}")
    judge.wait_for_url(re.compile(rf".*/compose/{cid}$"))
    expect(judge.locator("#entries")).not_to_contain_text("Берёза")
    expect(judge.locator("#entries")).not_to_contain_text("anna")
    field = judge.locator("#entry-1 input[name=mark]")
    field.focus()
    judge.keyboard.type("8.5")
    judge.keyboard.press("Tab")
    judge.keyboard.type("A clean shot.")
    judge.keyboard.press("Tab")
    judge.keyboard.press("Enter")
    judge.wait_for_load_state()
    expect(judge.locator("#entry-1 input[name=mark]")).to_have_value("8.5")
    shot(judge, "72-compose-judge-en-desktop")
    jphone = phone.new_page()
    watch(jphone, errors)
    login(jphone, base, "yuri")
    jphone.goto(f"{base}/compose/{cid}")
    expect(jphone.locator("#entry-3")).to_contain_text("Ваша композиция")
    shot(jphone, "73-compose-judge-own-entry-ru-phone")
    for n, m in ((1, "9"), (2, "0")):
        jphone.fill(f"#entry-{n} input[name=mark]", m)
        jphone.click(f"#entry-{n} .mark-form button")
        jphone.wait_for_load_state()
    for n, m in ((2, "0"), (3, "7")):
        judge.fill(f"#entry-{n} input[name=mark]", m)
        judge.click(f"#entry-{n} .mark-form button")
        judge.wait_for_load_state()
    page.reload()
    page.click("#advance")
    expect(page.locator("#final-table")).to_contain_text("anna")
    shot(page, "74-compose-award-ru-desktop")
    public = browser.new_context(viewport=PHONE, is_mobile=True,  # type: ignore[attr-defined]
                                 has_touch=True).new_page()
    watch(public, errors)
    public.goto(f"{base}/lang/en?next=/compose/{cid}")
    public.wait_for_url(re.compile(rf".*/compose/{cid}$"))
    expect(public.locator("#final-table")).to_contain_text("Prize 1")
    shot(public, "75-compose-award-en-phone")
    public.goto(f"{base}/compose")
    shot(public, "76-compose-list-en-phone")
    assert public.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    pdf = httpx.get(f"{base}/compose/{cid}/award.pdf", timeout=60)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert errors == []


def test_a_solving_competition_in_the_browser(site: tuple[str, Path], browser: object) -> None:
    base, db = site
    expect = sync_api.expect
    Person(base, "sveta")  # the director
    set_role(db, "sveta", Role.ORGANISER)
    Person(base, "timur")  # a solver
    errors: list[str] = []
    page = browser.new_context(viewport=DESKTOP).new_page()  # type: ignore[attr-defined]
    watch(page, errors)
    login(page, base, "sveta")
    page.goto(f"{base}/lang/en?next=/compose")
    page.fill("#new-contest input[name=name]", "Solving cup")
    page.check("#new-contest input[name=kind][value=solving]")
    page.click("#new-contest button[type=submit]")
    page.wait_for_url(re.compile(r".*/compose/\d+$"))
    cid = page.url.rsplit("/", 1)[1]
    for fen, sol in (("W:Wa1,b2,c3:Ba5,e5,g7", "1. c3-b4 a5:c3 2. b2:h8"),
                     ("W:Wg3,f2,a1:Bh4", "1. a1-b2")):
        page.fill("#add-position input[name=fen]", fen)
        page.fill("#add-position textarea[name=solution]", sol)
        page.click("#add-position button[type=submit]")
        page.wait_for_load_state()
    shot(page, "77-compose-solving-director-en-desktop")
    page.click("#advance")
    expect(page.locator("#contest-status")).to_contain_text("solving")
    solver = browser.new_context(viewport=PHONE, is_mobile=True,  # type: ignore[attr-defined]
                                 has_touch=True).new_page()
    watch(solver, errors)
    login(solver, base, "timur")
    solver.goto(f"{base}/lang/ru?next=/compose/{cid}")
    solver.wait_for_url(re.compile(rf".*/compose/{cid}$"))
    field = solver.locator("#position-1 input[name=moves]")
    field.focus()
    solver.keyboard.type("c3-b4 a5:c3 b2:h8")
    solver.keyboard.press("Enter")  # a single-field form submits on Enter
    solver.wait_for_load_state()
    expect(solver.locator("#standings")).to_contain_text("timur")
    shot(solver, "78-compose-solving-ru-phone")
    page.reload()
    expect(page.locator("#standings")).to_contain_text("10.0")
    shot(page, "79-compose-solving-standings-en-desktop")
    assert errors == []
