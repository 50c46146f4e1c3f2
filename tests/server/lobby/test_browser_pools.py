"""In a real browser (Debian's Chromium under Playwright): two players press the same
quick-pairing pool (3+2, rated), are paired within seconds, play a rated blitz game, and
both ratings change by the Glicko-2 amounts. Screenshots of the new pages (lobby, pool,
game with ratings, profile with its graph, leaderboard, settings) at phone and desktop
sizes in both languages go to ``$SHASHKI_TEST_ARTIFACTS/browser``."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from shashki import Board
from shashki.server.ratings import glicko2
from shashki.server.ratings import service as ratings

from ..browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from ..serving import free_port, server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
GEOMETRY = Board("russian").variant.geometry


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("pools")
    port = free_port()
    with server(tmp / "pools.db", port, tmp / "server.log", ("--no-worker",)):
        yield f"http://127.0.0.1:{port}"


def signup(page: object, base: str, name: str) -> None:
    p: object = page
    p.goto(f"{base}/signup")  # type: ignore[attr-defined]
    p.fill("input[name=username]", name)  # type: ignore[attr-defined]
    p.fill("input[name=password]", "correct horse battery")  # type: ignore[attr-defined]
    p.click("form.stack button[type=submit]")  # type: ignore[attr-defined]
    p.wait_for_url(f"{base}/")  # type: ignore[attr-defined]


def click(page: object, *squares: str) -> None:
    for name in squares:
        page.click(  # type: ignore[attr-defined]
            f'#board [data-sq="{GEOMETRY.parse_square(name)}"]')


def rating_of(base: str, name: str) -> dict[str, float]:
    rows = httpx.get(f"{base}/api/users/{name}/ratings").json()["ratings"]
    [row] = [r for r in rows if r["variant"] == "russian" and r["time_class"] == "blitz"]
    return row  # type: ignore[no-any-return]


def test_a_rated_blitz_game_from_a_pool(base: str, browser: object) -> None:
    expect = sync_api.expect
    ctx_a = browser.new_context(viewport=DESKTOP, locale="ru-RU")  # type: ignore[attr-defined]
    ctx_b = browser.new_context(viewport=PHONE, locale="en-US",  # type: ignore[attr-defined]
                                is_mobile=True, has_touch=True)
    alice, bob = ctx_a.new_page(), ctx_b.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    signup(alice, base, "alice")
    signup(bob, base, "bob")
    alice.goto(f"{base}/lang/ru")
    bob.goto(f"{base}/lang/en")
    shot(alice, "pools-01-lobby-desktop-ru")
    shot(bob, "pools-02-lobby-phone-en")

    alice.click('#pools button[data-pool="3+2"]')
    alice.wait_for_url("**/pools/*")
    expect(alice.locator("#pool-status")).to_be_visible()
    shot(alice, "pools-03-waiting-desktop-ru")
    bob.click('#pools button[data-pool="3+2"]')
    bob.wait_for_url("**/pools/*")
    bob.wait_for_url("**/games/*", timeout=15000)
    alice.wait_for_url("**/games/*", timeout=15000)
    assert alice.url == bob.url
    for page in (alice, bob):
        page.wait_for_selector("#board svg .hits rect")
        expect(page.locator(".player .rating")).to_have_count(2)
        expect(page.locator(".player .rating").first).to_have_text("1500?")

    game_id = int(bob.url.rsplit("/", 1)[1])
    state = httpx.get(f"{base}/api/games/{game_id}").json()
    assert state["rated"] is True and state["clock"]["control"] == "3m+2s"
    assert state["clock"]["running"] is None  # the clock waits for White's first move
    white, black = (alice, bob) if state["white"]["name"] == "alice" else (bob, alice)
    click(white, "c3", "d4")
    expect(black.locator("#moves span")).to_have_count(1, timeout=10000)
    expect(black).to_have_title(__import__("re").compile(r"^\(1\) "))  # your move
    shot(alice, "pools-04-game-desktop-ru")
    shot(bob, "pools-05-game-phone-en")
    black.once("dialog", lambda d: d.accept())
    black.click('#controls button[data-action="resign"]')
    for page in (alice, bob):
        expect(page.locator("#result")).to_contain_text("1-0")

    # Both ratings changed by Glicko-2's amounts for one game between two new players.
    win = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 1.0)], ratings.TAU)
    loss = glicko2.update(ratings.DEFAULT, [(ratings.DEFAULT, 0.0)], ratings.TAU)
    winner, loser = state["white"]["name"], state["black"]["name"]
    w, lo = rating_of(base, winner), rating_of(base, loser)
    assert w["rating"] == pytest.approx(win.rating, abs=0.05)
    assert lo["rating"] == pytest.approx(loss.rating, abs=0.05)
    assert w["rd"] == pytest.approx(win.rd, abs=0.05) and w["games"] == lo["games"] == 1

    # The new pages, at both sizes, in both languages.
    for page, who, size in ((alice, "alice", "desktop-ru"), (bob, "bob", "phone-en")):
        page.goto(f"{base}/users/{who}")
        expect(page.locator("#rating-graph svg polyline")).to_have_count(1)
        shot(page, f"pools-06-profile-{size}")
        page.goto(f"{base}/ratings?variant=russian&tc=blitz")
        expect(page.locator("#leaderboard tbody tr")).to_have_count(2)
        shot(page, f"pools-07-leaderboard-{size}")
        page.goto(f"{base}/settings")
        shot(page, f"pools-08-settings-{size}")
    alice.goto(f"{base}/lang/en?next=/users/alice")
    shot(alice, "pools-09-profile-desktop-en")
    bob.goto(f"{base}/lang/ru?next=/")
    shot(bob, "pools-10-lobby-phone-ru")
    bob.goto(f"{base}/ratings?variant=russian&tc=blitz")
    shot(bob, "pools-11-leaderboard-phone-ru")
    assert errors == []
    for ctx in (ctx_a, ctx_b):
        ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_new_page_in_both_languages(base: str, browser: object, size: str) -> None:
    """Each new page at this size in Russian and English: it loads without a script
    error and nothing is wider than the screen."""
    viewport = DESKTOP if size == "desktop" else PHONE
    extra = {} if size == "desktop" else {"is_mobile": True, "has_touch": True}
    ctx = browser.new_context(viewport=viewport, **extra)  # type: ignore[attr-defined]
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, base, f"shots-{size}")
    for lang in ("ru", "en"):
        page.goto(f"{base}/lang/{lang}")
        page.click('#pools button[data-pool="10+5"]')
        page.wait_for_url("**/pools/*")
        shot(page, f"pages-pool-{size}-{lang}")
        page.click('form[action$="/leave"] button')
        page.wait_for_url(f"{base}/")
        for name, path in (("lobby", "/"), ("leaderboard", "/ratings?tc=blitz"),
                           ("profile", "/users/alice"), ("settings", "/settings")):
            page.goto(base + path)
            shot(page, f"pages-{name}-{size}-{lang}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], (name, lang, width)
    assert errors == []
    ctx.close()
