"""In a real browser (Debian's Chromium driven by Playwright): two players sign up and play
by clicking squares — a two-piece capture entered square by square, a draw offer declined,
a resignation — while a spectator watches the moves arrive. Screenshots at desktop and
phone widths go to ``$SHASHKI_TEST_ARTIFACTS/browser`` (default ``test-artifacts/``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shashki import Board

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from .serving import free_port, server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
GEOMETRY = Board("russian").variant.geometry


def sq(name: str) -> int:
    return GEOMETRY.parse_square(name)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("browser")
    port = free_port()
    with server(tmp / "browser.db", port, tmp / "server.log"):
        yield f"http://127.0.0.1:{port}"






def signup(page: object, base: str, name: str) -> None:
    p = page
    p.goto(f"{base}/signup")  # type: ignore[attr-defined]
    p.fill("input[name=username]", name)  # type: ignore[attr-defined]
    p.fill("input[name=password]", "correct horse battery")  # type: ignore[attr-defined]
    p.click("form.stack button[type=submit]")  # type: ignore[attr-defined]
    p.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def click(page: object, *squares: str) -> None:
    for name in squares:
        page.click(f'#board [data-sq="{sq(name)}"]')  # type: ignore[attr-defined]


def wait_plies(page: object, n: int) -> None:
    sync_api.expect(page.locator("#moves span")).to_have_count(  # type: ignore[attr-defined]
        n, timeout=10000)


def test_two_players_and_a_spectator(base: str, browser: object) -> None:
    expect = sync_api.expect
    ctx_a = browser.new_context(viewport=DESKTOP, locale="ru-RU")  # type: ignore[attr-defined]
    ctx_b = browser.new_context(viewport=PHONE, locale="en-US",  # type: ignore[attr-defined]
                                is_mobile=True, has_touch=True)
    ctx_s = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    alice, bob, watcher = ctx_a.new_page(), ctx_b.new_page(), ctx_s.new_page()
    errors: list[str] = []
    for page in (alice, bob, watcher):
        page.on("pageerror", lambda e: errors.append(str(e)))

    bob.goto(f"{base}/signup")
    shot(bob, "01-signup-phone")
    signup(alice, base, "alice")
    signup(bob, base, "bob")
    expect(alice.locator("header")).to_contain_text("alice")

    # Alice invites Bob, playing White with a clock.
    alice.fill("#new-challenge input[name=time_control]", "10m+5s")
    alice.check("#new-challenge input[name=color][value=white]")
    alice.fill("#new-challenge input[name=opponent]", "bob")
    shot(alice, "02-lobby-desktop-ru")
    alice.click("#new-challenge button[type=submit]")
    alice.wait_for_url("**/challenges/*")
    bob.goto(f"{base}/")
    bob.click("#invitations a")
    bob.click("#accept")
    bob.wait_for_url("**/games/*")
    alice.wait_for_url("**/games/*", timeout=15000)
    game_url = bob.url
    watcher.goto(game_url)
    for page in (alice, bob, watcher):
        page.wait_for_selector("#board svg .hits rect")

    # Moves by clicks: start square, then each square the piece lands on.
    click(alice, "a3", "b4")
    wait_plies(bob, 1)
    click(bob, "b6", "a5")
    wait_plies(alice, 2)
    click(alice, "c3", "d4")
    wait_plies(bob, 3)
    # Black must take two pieces: a5 over b4 to c3, then over d4 to e5.
    click(bob, "a5", "c3")
    expect(bob.locator(f"#board .mark.target.sq{sq('e5')}")).to_have_count(1)
    shot(bob, "03-capture-in-progress-phone")
    click(bob, "e5")
    wait_plies(watcher, 4)
    expect(watcher.locator("#moves")).to_contain_text("a5:e5")
    expect(alice.locator("#moves")).to_contain_text("a5:e5")

    # Alice moves and offers a draw (Code 1.9.3); Bob declines.
    click(alice, "b2", "c3")
    wait_plies(bob, 5)
    alice.click('#controls button[data-action="offer"]')
    expect(bob.locator("#offer")).to_be_visible()
    expect(bob.locator("#offer")).to_contain_text("Code 1.9.3")
    shot(bob, "04-offer-phone")
    bob.click('#controls button[data-action="decline"]')
    expect(alice.locator("#events")).to_contain_text("Кодекс 1.9.3")
    expect(bob.locator("#offer")).to_be_hidden()
    click(bob, "h6", "g5")
    wait_plies(alice, 6)
    shot(alice, "05-game-desktop-ru")

    # Bob resigns.
    bob.once("dialog", lambda d: d.accept())
    bob.click('#controls button[data-action="resign"]')
    for page, text in ((alice, "Кодекс 1.8.1"), (bob, "Code 1.8.1"), (watcher, "Code 1.8.1")):
        expect(page.locator("#result")).to_contain_text("1-0")
        expect(page.locator("#result")).to_contain_text(text)
    expect(bob.locator("#controls")).to_be_hidden()
    shot(bob, "06-result-phone")
    shot(watcher, "07-spectator-desktop")
    watcher.reload()
    expect(watcher.locator("#result")).to_contain_text("resignation (Code 1.8.1)")
    assert watcher.locator("#moves span").count() == 6
    assert errors == []
    for ctx in (ctx_a, ctx_b, ctx_s):
        ctx.close()
