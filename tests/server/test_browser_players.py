"""The players' features in a real browser (Debian's Chromium under Playwright): a
takeback proposed and accepted in a casual game, the board and the move list going back
on both pages; the end of the game written in the variant's convention, counted in moves.
Screenshots go to ``$SHASHKI_TEST_ARTIFACTS/browser`` (``players-*``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from shashki.server.accounts.models import Role

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot, signup
from .serving import free_port, server
from .test_browser_events import Account, create_event, login, register, set_role

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("players")
    port = free_port()
    with server(tmp / "players.db", port, tmp / "server.log", ("--language", "en")):
        yield f"http://127.0.0.1:{port}", tmp / "players.db"


@pytest.fixture(scope="module")
def base(site: tuple[str, Path]) -> str:
    return site[0]


def type_move(page: Any, text: str) -> None:
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")


def plies(page: Any, n: int) -> None:
    sync_api.expect(page.locator("#moves button.mv")).to_have_count(n, timeout=10000)


def invite(alice: Any, bob: Any, variant: str = "russian") -> None:
    """Alice (White) invites Bob to a casual game without a clock; Bob accepts."""
    alice.select_option("#new-challenge select[name=variant]", variant)
    alice.fill("#new-challenge input[name=opponent]", "bob")
    alice.check("#new-challenge input[name=color][value=white]")
    alice.press("#new-challenge input[name=opponent]", "Enter")
    alice.wait_for_url("**/challenges/*")
    bob.goto(alice.url)
    bob.click("#accept")
    bob.wait_for_url("**/games/*")
    alice.wait_for_url("**/games/*", timeout=15000)
    for page in (alice, bob):
        page.wait_for_selector("#board-keys button.key")


def test_a_takeback_in_two_browsers(base: str, browser: Any) -> None:
    expect = sync_api.expect
    ctx_a = browser.new_context(viewport=DESKTOP, locale="en-US")
    ctx_b = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True)
    alice, bob = ctx_a.new_page(), ctx_b.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    signup(alice, base, "alice")
    signup(bob, base, "bob")
    bob.goto(f"{base}/lang/ru?next=/")
    invite(alice, bob)
    start = alice.locator("#board-wrap").get_attribute("aria-label")
    for i, move in enumerate(["c3-d4", "f6-g5", "g3-f4"]):
        type_move(alice if i % 2 == 0 else bob, move)
        plies(alice, i + 1)
        plies(bob, i + 1)
    after_two = "White to move. White: men a1, a3, b2, c1, d2, d4, e1, e3, f2, g1, g3, h2. " \
                "Black: men a7, b6, b8, c7, d6, d8, e7, f8, g5, g7, h6, h8."
    assert start != after_two
    # Alice asks to take back her last move; Bob's page says so, with Allow and Decline.
    alice.click('#controls button[data-action="takeback"]')
    expect(bob.locator("#takeback-note")).to_contain_text("Белые просят вернуть", timeout=10000)
    expect(alice.locator("#takeback-note")).to_contain_text("White asks to take back")
    expect(alice.locator('#controls button[data-action="takeback"]')).to_be_disabled()
    shot(bob, "players-01-takeback-proposed-phone-ru")
    bob.click('#controls button[data-action="takeback_accept"]')
    # Both boards and move lists go back: two plies, White to move.
    for page in (alice, bob):
        plies(page, 2)
        expect(page.locator("#takeback-note")).to_be_hidden()
    expect(alice.locator("#board-wrap")).to_have_attribute("aria-label", after_two)
    expect(alice.locator("#moves")).not_to_contain_text("g3-f4")
    expect(alice.locator("#events")).to_contain_text("move taken back")
    expect(bob.locator("#events")).to_contain_text("ход возвращён")
    expect(alice.locator("#status")).to_have_text("Your move")
    shot(alice, "players-02-taken-back-desktop")
    # The game goes on with another move; then Bob resigns: the result as the lists
    # write it, counted in moves.
    type_move(alice, "a3-b4")
    plies(bob, 3)
    bob.on("dialog", lambda d: d.accept())
    bob.click('#controls button[data-action="resign"]')
    expect(alice.locator("#result")).to_contain_text("Result: 1-0", timeout=10000)
    expect(alice.locator("#result")).to_contain_text("after move 2.")
    expect(bob.locator("#result")).to_contain_text("после хода 2.")
    shot(alice, "players-03-over-desktop")
    assert errors == []
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_an_international_result_on_the_page(base: str, browser: Any) -> None:
    expect = sync_api.expect
    ctx_a = browser.new_context(viewport=DESKTOP, locale="en-US")
    ctx_b = browser.new_context(viewport=DESKTOP, locale="en-US")
    alice, bob = ctx_a.new_page(), ctx_b.new_page()
    for page, name in ((alice, "alice"), (bob, "bob")):
        # signed up by the module's first test, unless this one runs alone or elsewhere
        page.goto(f"{base}/login")
        page.fill("input[name=username]", name)
        page.fill("input[name=password]", "correct horse battery")
        page.press("input[name=password]", "Enter")
        page.wait_for_load_state()
        if page.url != f"{base}/":
            signup(page, base, name)
    bob.goto(f"{base}/lang/en?next=/")
    invite(alice, bob, "international")
    type_move(alice, "32-28")
    plies(bob, 1)
    alice.on("dialog", lambda d: d.accept())
    alice.click('#controls button[data-action="resign"]')
    # board.js writes the end without a reload: 0-2, the International way (PDN GameType 20)
    expect(bob.locator("#result")).to_contain_text("Result: 0-2", timeout=10000)
    expect(bob.locator("#result")).to_contain_text("after move 1.")
    bob.reload()
    expect(bob.locator("#result")).to_contain_text("Result: 0-2")
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_an_events_pairing_tells_a_player_on_the_lobby_page(site: tuple[str, Path],
                                                            browser: Any) -> None:
    """Player A waits on the lobby page; the organiser pairs the event's round elsewhere:
    A's page tells him at once, with a link to his game, in its title too."""
    base, db = site
    expect = sync_api.expect
    Account(base, "olga")
    Account(base, "petr")
    Account(base, "rita")
    set_role(db, "olga", Role.ORGANISER)
    desk = browser.new_context(viewport=DESKTOP, locale="en-US")
    phone = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True)
    organiser, player = desk.new_page(), phone.new_page()
    errors: list[str] = []
    for page in (organiser, player):
        page.on("pageerror", lambda e: errors.append(str(e)))
    login(player, base, "petr")
    player.goto(f"{base}/lang/en?next=/")
    expect(player.locator("#notify-on")).to_be_visible()  # asked only from a click
    assert player.evaluate("Notification.permission") == "default"
    login(organiser, base, "olga")
    create_event(organiser, base, "Notified", mode="live", time_control="15m")
    register(organiser, "petr", "rita")
    organiser.click("#pair-round")
    expect(organiser.locator("#rounds")).to_contain_text("Round 1")
    href = organiser.locator("#rounds a[href^='/games/']").first.get_attribute("href")
    notice = player.locator("#notices .notice")
    expect(notice).to_contain_text("Your game has started", timeout=10000)
    expect(notice.locator("a")).to_have_attribute("href", href)
    expect(player).to_have_title("(1) Your game has started — Shashki")
    shot(player, "players-04-told-phone")
    notice.locator("a").click()
    player.wait_for_url(f"**{href}")
    expect(player.locator("#board-keys button.key").first).to_be_attached()
    assert errors == []
    for ctx in (desk, phone):
        ctx.close()
