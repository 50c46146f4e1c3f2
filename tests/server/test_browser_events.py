"""Events in a real browser (Debian's Chromium driven by Playwright): an arbiter rules on a
threefold claim from the console, and an organiser runs a 6-player round robin to its final
table. Screenshots at desktop and phone widths go to ``$SHASHKI_TEST_ARTIFACTS/browser``
(default ``test-artifacts/``)."""

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
KINGS = "W:WKc1,Ke1:BKd8,Kf8"
SHUFFLE = ["c1-d2", "f8-g7", "d2-c1", "g7-f8"]
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("browser-events")
    port = free_port()
    db = tmp / "events.db"
    with server(db, port, tmp / "server.log", ("--language", "en")):
        yield f"http://127.0.0.1:{port}", db






class Account:
    """A player driven over HTTP (the moves that are not under test)."""

    count = 0

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        # Each account signs up from its own loopback address (sign-ups are rate limited
        # per address).
        Account.count += 1
        transport = httpx.HTTPTransport(local_address=f"127.0.{Account.count // 200}."
                                                      f"{2 + Account.count % 200}")
        self.http = httpx.Client(base_url=base, follow_redirects=False, timeout=20,
                                 transport=transport)
        page = self.http.get("/signup").text
        token = CSRF.search(page)
        assert token
        r = self.http.post("/signup", data={"username": name, "password": PASSWORD,
                                            "csrf_token": token.group(1)})
        assert r.status_code == 303, r.text
        token = CSRF.search(self.http.get("/").text)
        assert token
        self.csrf = token.group(1)

    def act(self, game_id: int, body: dict[str, object]) -> dict[str, object]:
        r = self.http.post(f"/api/games/{game_id}/actions", json=body,
                           headers={"X-CSRF-Token": self.csrf})
        assert r.status_code == 200, r.text
        data: dict[str, object] = r.json()
        return data


def set_role(db: Path, name: str, role: Role) -> None:
    database = Database(url_for(db))
    with database.session() as s:
        user = s.query(User).filter_by(username=name).one()
        user.role = role.value
    database.dispose()


def login(page: object, base: str, name: str) -> None:
    p = page
    p.goto(f"{base}/login")  # type: ignore[attr-defined]
    p.fill("input[name=username]", name)  # type: ignore[attr-defined]
    p.fill("input[name=password]", PASSWORD)  # type: ignore[attr-defined]
    p.click("form.stack button[type=submit]")  # type: ignore[attr-defined]
    p.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def create_event(page: object, base: str, name: str, *, mode: str, fen: str = "",
                 time_control: str = "45m", tiebreaks: tuple[str, ...] = ()) -> str:
    p = page
    p.goto(f"{base}/events")  # type: ignore[attr-defined]
    p.fill("#new-event input[name=name]", name)  # type: ignore[attr-defined]
    p.select_option("#new-event select[name=system]", "berger")  # type: ignore[attr-defined]
    p.check(f"#new-event input[name=mode][value={mode}]")  # type: ignore[attr-defined]
    p.fill("#new-event input[name=time_control]", time_control)  # type: ignore[attr-defined]
    if fen:
        p.click("#new-event details summary")  # type: ignore[attr-defined]
        p.fill("#new-event input[name=fen]", fen)  # type: ignore[attr-defined]
    for i, tb in enumerate(tiebreaks, 1):
        p.select_option(f"#new-event select[name=tb{i}]", tb)  # type: ignore[attr-defined]
    p.click("#new-event button[type=submit]")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r".*/events/\d+$"))  # type: ignore[attr-defined]
    url: str = p.url  # type: ignore[attr-defined]
    return url


def register(page: object, *names: str) -> None:
    for name in names:
        page.fill("#register-form input[name=username]", name)  # type: ignore[attr-defined]
        page.click("#register-form button[type=submit]")  # type: ignore[attr-defined]
        sync_api.expect(page.locator("#players")).to_contain_text(name)  # type: ignore[attr-defined]


def test_an_arbiter_rules_on_a_threefold_claim(site: tuple[str, Path], browser: object) -> None:
    base, db = site
    expect = sync_api.expect
    Account(base, "oleg")
    white_acc, black_acc = Account(base, "pavel"), Account(base, "rita")
    set_role(db, "oleg", Role.ORGANISER)
    desk = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    phone = browser.new_context(viewport=PHONE, locale="en-US",  # type: ignore[attr-defined]
                                is_mobile=True, has_touch=True)
    arb, player = desk.new_page(), phone.new_page()
    errors: list[str] = []
    for page in (arb, player):
        page.on("pageerror", lambda e: errors.append(str(e)))
    login(arb, base, "oleg")
    event_url = create_event(arb, base, "Kings' Thematic", mode="live", fen=KINGS,
                             time_control="15m")
    register(arb, "pavel", "rita")
    arb.click("#pair-round")
    expect(arb.locator("#rounds")).to_contain_text("Round 1")
    shot(arb, "10-event-live-desktop")
    game_id = int(arb.locator("#rounds a[href^='/games/']").first.get_attribute(
        "href").rsplit("/", 1)[1])
    state = white_acc.http.get(f"/api/games/{game_id}").json()
    by_name = {"pavel": white_acc, "rita": black_acc}
    white, black = by_name[state["white"]["name"]], by_name[state["black"]["name"]]
    for ply, move in enumerate(SHUFFLE * 2):
        (white if ply % 2 == 0 else black).act(game_id, {"type": "move", "move": move,
                                                         "ply": ply})
    # White claims on the game page, by the button.
    login(player, base, white.name)
    player.goto(event_url)
    expect(player.locator("#your-games")).to_contain_text("Your game:")
    shot(player, "15-event-player-phone")
    player.click("#your-games a.button")
    player.wait_for_url(f"**/games/{game_id}")
    player.wait_for_selector("#board svg .hits rect")
    player.click('#controls button[data-action="claim"]')
    expect(player.locator("#events")).to_contain_text("Code 1.9.2")
    # The arbiter's console shows the claim with the three positions, then rules.
    arb.goto(f"{event_url}/arbiter")
    claim = arb.locator(f"#claim-{game_id}")
    expect(claim).to_contain_text("3 times, at plies 0, 4, 8")
    expect(claim.locator("figure.diagram")).to_have_count(3)
    expect(claim).to_contain_text("The record confirms it")
    shot(arb, "11-console-claim-desktop")
    mobile_arb = phone.new_page()
    login(mobile_arb, base, "oleg")
    mobile_arb.goto(f"{event_url}/arbiter")
    shot(mobile_arb, "12-console-claim-phone")
    claim.locator("button.rule").click()
    expect(arb.locator(f"#game-{game_id}")).to_contain_text("verified claim")
    expect(arb.locator(f"#game-{game_id}")).to_contain_text("Code 1.9.1.7")
    expect(arb.locator("#claims")).to_have_count(0)
    shot(arb, "13-console-ruled-desktop")
    expect(player.locator("#result")).to_contain_text("1/2-1/2")
    expect(player.locator("#result")).to_contain_text("Code 1.9.1.7")
    shot(player, "14-game-ruled-phone")
    arb.goto(event_url)
    expect(arb.locator("#event-status")).to_contain_text("finished")
    expect(arb.locator("#standings")).to_contain_text("pavel")
    assert errors == []
    for ctx in (desk, phone):
        ctx.close()


def test_an_organiser_runs_a_six_player_round_robin(site: tuple[str, Path],
                                                    browser: object) -> None:
    base, db = site
    expect = sync_api.expect
    names = ["anna", "boris", "vera", "gleb", "daria", "egor"]
    for name in ["olga", *names]:
        Account(base, name)
    set_role(db, "olga", Role.ORGANISER)
    desk = browser.new_context(viewport=DESKTOP, locale="ru-RU")  # type: ignore[attr-defined]
    org = desk.new_page()
    errors: list[str] = []
    org.on("pageerror", lambda e: errors.append(str(e)))
    login(org, base, "olga")
    org.goto(f"{base}/lang/en?next=/events")
    shot(org, "20-events-create-desktop")
    org.set_viewport_size(PHONE)
    shot(org, "20-events-create-phone")
    org.set_viewport_size(DESKTOP)
    event_url = create_event(org, base, "City Championship", mode="otb",
                             tiebreaks=("sonneborn-berger", "wins", "direct"))
    register(org, *names)
    shot(org, "21-event-registered-desktop")
    # A fixed pattern of results: the lower starting number wins on odd boards, draws on
    # board 2, Black wins on board 3.
    plan = ["1-0", "1/2-1/2", "0-1"]
    for rnd in range(1, 6):
        org.goto(event_url)
        org.click("#pair-round")
        expect(org.locator(f"#round-{rnd}")).to_be_visible()
        org.goto(f"{event_url}/arbiter")
        for board in (1, 2, 3):
            row = org.locator(f"#result-{board}-1")
            row.locator("select[name=result]").select_option(plan[board - 1])
            row.locator("button[type=submit]").click()
            org.wait_for_load_state()
            expect(org.locator(f"#result-{board}-1 select[name=result]")).to_have_value(
                plan[board - 1])
        if rnd == 3:
            shot(org, "22-console-results-desktop")
    org.goto(event_url)
    expect(org.locator("#event-status")).to_contain_text("finished")
    expect(org.locator("#table h2").first).to_contain_text("final")
    rows = org.locator("#standings tbody tr")
    expect(rows).to_have_count(6)
    points = [float(x.replace("½", ".5")) if x != "½" else 0.5
              for x in org.locator("#standings td.pts").all_inner_texts()]
    assert sum(points) == 5 * 3 * 2  # 15 games, two points each (scoring 2-1-0)
    assert points == sorted(points, reverse=True)
    expect(org.locator("#crosstable tbody tr")).to_have_count(6)
    shot(org, "23-final-table-desktop")
    org.set_viewport_size(PHONE)
    shot(org, "24-final-table-phone")
    org.set_viewport_size(DESKTOP)
    org.goto(f"{event_url}/print")
    expect(org.locator("h1")).to_contain_text("City Championship")
    shot(org, "25-print-desktop")
    path = event_url.split("127.0.0.1", 1)[1].split("/", 1)[1]
    org.goto(f"{base}/lang/ru?next=/{path}")
    expect(org.locator("#table h2").first).to_contain_text("Турнирная таблица — итоговая")
    shot(org, "26-final-table-ru-desktop")
    org.goto(f"{event_url}/arbiter")
    expect(org.locator("#sanctions")).to_contain_text("Кодекс «Санкции»")
    shot(org, "27-console-ru-desktop")
    trf = httpx.get(f"{event_url}/trf").text
    assert trf.startswith("012 City Championship") and trf.count("\n001 ") == 6
    assert errors == []
    desk.close()
