"""In a real browser (Debian's Chromium through Playwright): a correspondence game played
over several simulated days — Bob on leave, a conditional move of Alice's executed, a move
mailed to Bob through a real SMTP server on loopback (aiosmtpd) and answered by e-mail.
Screenshots go to ``$SHASHKI_TEST_ARTIFACTS/browser`` (default ``test-artifacts/``).

The server runs in-process (uvicorn in a thread) so that the test holds its simulated
calendar (Code 5.1.2: days) and reads the mail it sends."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from shashki.correspondence import SimulatedClock
from shashki.server.accounts.models import Role, User
from shashki.server.app import create_app
from shashki.server.core.db import Database
from shashki.server.correspondence.service import CorrConfig

from .browser import CHROMIUM, NO_CHROMIUM, shot
from .conftest import fast_settings
from .services import Inbox, free_port

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
uvicorn = pytest.importorskip("uvicorn")
aiosmtpd_controller = pytest.importorskip("aiosmtpd.controller")

KEY = "browser-inbound-key"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("corr-browser")
    inbox, smtp_port = Inbox(), free_port()
    ctl = aiosmtpd_controller.Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    ctl.start()
    settings = fast_settings(tmp)
    app = create_app(settings)
    clock = SimulatedClock(datetime(2026, 3, 2, 7, tzinfo=UTC))
    cfg = CorrConfig(smtp_host="127.0.0.1", smtp_port=smtp_port, sender="corr@shashki.test",
                     inbound_key=KEY)
    cfg.simulate(clock)
    app.state.correspondence = cfg
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + "/corr", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.1)
    try:
        yield {"base": base, "inbox": inbox, "clock": clock, "settings": settings}
    finally:
        server.should_exit = True
        thread.join(10)
        ctl.stop()






def signup(page: Any, base: str, name: str, email: str) -> None:
    page.goto(f"{base}/signup")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.fill("input[name=email]", email)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{base}/")


def reply(msg: EmailMessage, sender: str, text: str) -> bytes:
    body = msg.get_body(("plain",))
    assert body is not None
    r = EmailMessage()
    r["From"], r["To"] = sender, str(msg["Reply-To"])
    r["Subject"] = "Re: " + str(msg["Subject"])
    quoted = "\n".join("> " + line for line in str(body.get_content()).splitlines())
    r.set_content(f"{text}\n\n3 марта 2026 г., corr пишет:\n{quoted}\n")
    return r.as_bytes()


def test_correspondence_in_the_browser(site: dict[str, Any], browser: Any) -> None:
    """One story (the phases depend on each other, so they are one test for xdist):
    a game over simulated days, the judge's ruling, an event."""
    game_over_simulated_days(site, browser)
    the_judge_decides_an_overstep(site, browser)
    a_correspondence_event(site, browser)


def game_over_simulated_days(site: dict[str, Any], browser: Any) -> None:
    """Code 5.1.1-5.1.2 and rules.md L1, P4, P7, P11 in the browser."""
    expect = sync_api.expect
    base, inbox, clock = site["base"], site["inbox"], site["clock"]
    alice = browser.new_context(viewport={"width": 1280, "height": 900},
                                locale="ru-RU").new_page()
    bob = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US",
                              is_mobile=True, has_touch=True).new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    signup(alice, base, "alice", "alice@example.org")
    signup(bob, base, "bob", "bob@example.org")

    # Alice starts a correspondence game against Bob: 10 days per 5 moves.
    alice.click("header nav a[href='/corr']")
    alice.fill("#new-corr input[name=opponent]", "bob")
    alice.fill("#new-corr input[name=control]", "10d/5")
    shot(alice, "corr-01-new-game-ru")
    alice.click("#new-corr button[type=submit]")
    alice.wait_for_url("**/corr/*")
    game_url = alice.url

    # The game starts when Bob accepts the invitation (rules.md L18).
    expect(alice.locator("#corr-invitation")).to_be_visible()
    bob.goto(game_url)
    shot(bob, "corr-01b-invitation-en")
    bob.click("#accept-invitation")
    expect(bob.locator("#mail-form button")).to_be_visible()
    # Bob chooses the e-mail channel and takes leave from tomorrow for three days.
    bob.click("#mail-form button")
    expect(bob.locator("#by-mail")).to_be_visible()
    bob.goto(f"{base}/corr")
    bob.fill("#leave-form input[name=first]", "2026-03-03")
    bob.fill("#leave-form input[name=last]", "2026-03-05")
    bob.click("#leave-form button")
    expect(bob.locator("#leaves")).to_contain_text("2026-03-03 – 2026-03-05")
    expect(bob.locator("#leave-summary")).to_contain_text("27 of 30")

    # Alice moves on the site; the move is mailed to Bob.
    alice.goto(game_url)
    alice.fill("#move-form input[name=move]", "c3-d4")
    alice.click("#move-form button")
    expect(alice.locator("#corr-record tbody tr")).to_have_count(1)
    [mail] = inbox.to("bob@example.org")
    text = str(mail.get_body(("plain",)).get_content())  # type: ignore[union-attr]
    assert "Last move: 1. c3-d4" in text or "Последний ход: 1. c3-d4" in text
    # While Bob thinks, Alice leaves a conditional line: if f6-g5 then g3-f4.
    alice.fill("#conditional-form input[name=moves]", "f6-g5 g3-f4")
    alice.click("#conditional-form button")
    expect(alice.locator("#conditionals")).to_contain_text("f6-g5 g3-f4")
    shot(alice, "corr-02-conditional-ru")

    # Four days pass (simulated): three of them Bob is on leave.
    for _ in range(4):
        alice.click("#next-day")
        alice.wait_for_load_state()
    expect(alice.locator("#corr-today")).to_have_text("2026-03-06")
    bob.goto(game_url)
    expect(bob.locator("#corr-times")).to_contain_text("1 of 10 days used")
    shot(bob, "corr-03-after-leave-phone")

    # Bob answers by e-mail, quoting the message; the platform's mail server posts it in.
    r = httpx.post(f"{base}/api/corr/mail/inbound", content=reply(mail, "bob@example.org",
                                                                   "f6-g5"),
                   headers={"X-Shashki-Mail-Key": KEY})
    assert r.status_code == 200, r.text
    # Alice's conditional answer g3-f4 leaves at once, and Bob gets it by mail.
    alice.reload()
    expect(alice.locator("#corr-record tbody tr")).to_have_count(3)
    expect(alice.locator("#corr-record")).to_contain_text("g3-f4")
    expect(alice.locator("#corr-record tbody tr").nth(1)).to_contain_text("e-mail")
    expect(alice.locator("#corr-record tbody tr").nth(2)).to_contain_text("условный")
    assert any("g3-f4" in str(msg.get_body(("plain",)).get_content())  # type: ignore[union-attr]
               for msg in inbox.to("bob@example.org")[1:])
    shot(alice, "corr-04-conditional-played-ru")

    # Another day; Bob moves on the site this time.
    clock.advance(days=1)
    bob.goto(game_url)
    bob.fill("#move-form input[name=move]", "g7-f6")
    bob.click("#move-form button")
    expect(bob.locator("#corr-record tbody tr")).to_have_count(4)
    pdn = httpx.get(f"{game_url}/pdn").text
    flat = " ".join(pdn.split())
    assert "1 d, email" in flat and "conditional" in flat and "sent 2026-03-07" in flat
    shot(bob, "corr-05-record-phone")
    assert errors == []


def the_judge_decides_an_overstep(site: dict[str, Any], browser: Any) -> None:
    """Code 5.1.7: the overstep appears on the judge's page; he warns with a reason. The
    game has no judge of its own, so an administrator judges it (rules.md L15)."""
    expect = sync_api.expect
    base, clock = site["base"], site["clock"]
    judge = browser.new_context(viewport={"width": 1280, "height": 900},
                                locale="en-US").new_page()
    signup(judge, base, "judge", "judge@example.org")
    db = Database(site["settings"].url)
    with db.session() as s:
        s.execute(update(User).where(User.username == "judge").values(
            role=Role.ADMINISTRATOR.value))
    db.dispose()
    clock.advance(days=11)                                  # Alice has not answered
    judge.goto(f"{base}/corr")
    expect(judge.locator("#judge-pending")).to_contain_text("alice: 11 days used of 10")
    shot(judge, "corr-06-judge-list")
    judge.click("#judge-pending a")
    judge.check("#rule-form input[value=warning]")
    judge.fill("#rule-form input[name=reason]", "first overstep; the count restarts")
    shot(judge, "corr-06-judge-game")
    judge.click("#rule-form button")
    expect(judge.locator("#oversteps")).to_contain_text("warning: first overstep")
    expect(judge.locator("#corr-times")).to_contain_text("0 of 10 days used")


def login(page: Any, base: str, name: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "correct horse battery")
    page.click("form.stack button[type=submit]")
    page.wait_for_url(f"{base}/")


def a_correspondence_event(site: dict[str, Any], browser: Any) -> None:
    """Code 5.1.6-5.1.8: the judge creates a round robin, the players join, every game
    starts at once; the results table and the standings are on the event's page."""
    expect = sync_api.expect
    base = site["base"]
    judge = browser.new_context(viewport={"width": 1280, "height": 900},
                                locale="ru-RU").new_page()
    login(judge, base, "judge")
    judge.goto(f"{base}/corr/events")
    judge.fill("#new-corr-event input[name=name]", "ПЧР-26, полуфинал")
    judge.fill("#new-corr-event input[name=control]", "30d/10")
    judge.click("#new-corr-event button[type=submit]")
    judge.wait_for_url("**/corr/events/*")
    event_url = judge.url
    for name in ("alice", "bob"):
        p = browser.new_context(locale="en-US").new_page()
        login(p, base, name)
        p.goto(event_url)
        p.click("#join")
        expect(p.locator("#event-players")).to_contain_text(name)
        p.context.close()
    judge.reload()
    judge.click("#start")
    expect(judge.locator("#event-games tbody tr")).to_have_count(1)
    expect(judge.locator("#results-table")).to_contain_text("alice")
    shot(judge, "corr-07-event-ru")
