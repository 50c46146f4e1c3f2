"""In a real browser (Debian's Chromium driven by Playwright): a player plays the engine by
clicking squares and gets its replies live, resigns, asks for the engine's analysis and
steps through it; imports a PDN file with a broken game on the archive page, sees the
error report, searches and steps through a game in the viewer; makes an API token.
Screenshots at desktop and phone widths go to ``$SHASHKI_TEST_ARTIFACTS/browser``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from .serving import free_port, server
from .test_browser import click as click_squares
from .test_browser import signup

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")

PDN = """[Event "Чемпионат СССР"]
[White "Ёлкин П."]
[Black "Иванов С."]
[Date "1975.05.01"]
[Result "1-0"]
[Opening "Городская партия"]
[GameType "25"]

1. c3-d4 f6-g5 2. b2-c3 g7-f6 3. a1-b2 h8-g7 4. c3-b4 b6-a5 1-0

[Event "Broken"]
[White "Nobody"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4-c5 *
"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("browser-engine")
    port = free_port()
    with server(tmp / "engine.db", port, tmp / "server.log"):
        yield f"http://127.0.0.1:{port}"




def test_engine_game_analysis_and_archive(base: str, browser: object) -> None:
    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    phone_ctx = browser.new_context(viewport=PHONE, locale="ru-RU",  # type: ignore[attr-defined]
                                    is_mobile=True, has_touch=True)
    page, phone = ctx.new_page(), phone_ctx.new_page()
    errors: list[str] = []
    for p in (page, phone):
        p.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, base, "anna")

    # Play the engine (beginner, no clock), White.
    page.goto(f"{base}/engine")
    page.check("#engine-form input[name=level][value=beginner]")
    page.fill("#engine-form input[name=time_control]", "")
    page.check("#engine-form input[name=color][value=white]")
    shot(page, "engine-01-form-desktop")
    page.click("#engine-form button[type=submit]")
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#board svg .hits rect")
    click_squares(page, "c3", "d4")
    expect(page.locator("#moves span")).to_have_count(2, timeout=30000)  # the engine's reply
    expect(page.locator(".player.black .name")).to_have_text("engine-beginner")
    shot(page, "engine-02-game-desktop")
    page.once("dialog", lambda d: d.accept())
    page.click('#controls button[data-action="resign"]')
    expect(page.locator("#result")).to_contain_text("0-1")
    page.reload()
    page.click("#analysis-link")
    page.wait_for_url("**/analysis")
    page.click("#analysis-request button")
    expect(page.locator("#analysis-status")).to_contain_text("Analysed", timeout=60000)
    expect(page.locator("#analysis-table .eval").first).not_to_be_empty()
    page.click('#analysis-table button.mv[data-ply="1"]')
    expect(page.locator("#viewer-ply")).to_contain_text("1")
    expect(page.locator("#analysis-best")).to_be_visible()
    shot(page, "engine-03-analysis-desktop")
    phone.goto(page.url)
    expect(phone.locator("#analysis-status")).to_contain_text("Анализ завершён")
    shot(phone, "engine-04-analysis-phone-ru")
    phone.goto(f"{base}/engine")
    shot(phone, "engine-05-form-phone-ru")

    # The archive: import with an error report, search, the viewer.
    page.goto(f"{base}/archive")
    page.fill("#archive-import textarea[name=text]", PDN)
    page.click("#archive-import button[type=submit]")
    page.wait_for_url("**/archive/imports/*")
    # the import is a job: the page follows it and shows the report when it ends
    expect(page.locator("#count-imported")).to_have_text("1", timeout=60000)
    expect(page.locator("#count-broken")).to_have_text("1")
    expect(page.locator("#broken-games tbody tr")).to_contain_text("d4-c5")
    shot(page, "archive-01-report-desktop")
    page.goto(f"{base}/archive")
    page.fill("#archive-search input[name=player]", "елкин")
    page.fill("#archive-search input[name=moves]", "c3-d4 f6-g5")
    page.click("#archive-search button[type=submit]")
    expect(page.locator("#archive-results tbody tr")).to_have_count(1)
    shot(page, "archive-02-search-desktop")
    page.click("#archive-results tbody a >> nth=0")
    page.wait_for_url("**/archive/games/*")
    page.click('[data-step="first"]')
    page.click('[data-step="next"]')
    page.click('[data-step="next"]')
    expect(page.locator("#viewer-ply")).to_have_text("After ply 2")
    expect(page.locator('#viewer-moves button.current')).to_have_text("f6-g5")
    page.keyboard.press("ArrowRight")
    expect(page.locator('#viewer-moves button.current')).to_have_text("b2-c3")
    shot(page, "archive-03-viewer-desktop")
    phone.goto(page.url)
    phone.click('[data-step="prev"]')
    expect(phone.locator("#viewer-ply")).to_contain_text("После полухода 7")
    shot(phone, "archive-04-viewer-phone-ru")
    phone.goto(f"{base}/archive")
    shot(phone, "archive-05-search-phone-ru")

    # An API token for a bot.
    page.goto(f"{base}/users/anna")
    page.click("#tokens-link")
    page.fill("#token-form input[name=name]", "my bot")
    page.click("#token-form button[type=submit]")
    expect(page.locator("#new-token")).to_contain_text("shk_")
    shot(page, "tokens-01-desktop")
    assert errors == []
    ctx.close()
    phone_ctx.close()
