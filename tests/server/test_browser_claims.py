"""In a real browser (Debian's Chromium driven by Playwright): a threefold claim in an
event's game is held for the arbiter (Code 1.9.2), and both players and a spectator see
"claim pending" until the arbiter rules, then the result; the lobby shows new challenges
and games without a reload; and every main page, at desktop and phone widths and in both
languages, fits its width (screenshots to ``$SHASHKI_TEST_ARTIFACTS/browser``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.test_i18n import catalogue_pairs

from shashki.server import cli
from shashki.server.accounts.models import Role

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from .serving import free_port, server, url_for
from .test_browser_events import KINGS, SHUFFLE, Account, login, set_role

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")

GAME_LINK = re.compile(r'href="/games/(\d+)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("browser-claims")
    port = free_port()
    db = tmp / "claims.db"
    with server(db, port, tmp / "server.log", ("--language", "en")):
        yield f"http://127.0.0.1:{port}", db






def post_form(acc: Account, url: str, data: dict[str, str]) -> str:
    r = acc.http.post(url, data={**data, "csrf_token": acc.csrf})
    assert r.status_code == 303, r.text
    return str(r.headers["location"])


def event_game(base: str, org: Account, white_name: str, black_name: str,
               name: str) -> tuple[str, int]:
    """A live event of two players from a kings' position, paired: its URL and game."""
    where = post_form(org, "/events", {
        "name": name, "system": "berger", "mode": "live", "variant": "russian",
        "time_control": "15m", "scoring": "2-1-0", "tb1": "sonneborn-berger", "tb2": "wins",
        "rounds": "", "arbiter": "", "fen": KINGS})
    for player in (white_name, black_name):
        post_form(org, f"{where}/players", {"username": player})
    post_form(org, f"{where}/rounds", {})
    found = GAME_LINK.search(org.http.get(where).text)
    assert found
    return base + where, int(found.group(1))


def test_a_claim_pending_is_shown_to_players_and_spectators(site: tuple[str, Path],
                                                            browser: object) -> None:
    base, db = site
    expect = sync_api.expect
    org = Account(base, "ilya")
    accounts = {a.name: a for a in (Account(base, "pyotr"), Account(base, "sonya"))}
    set_role(db, "ilya", Role.ORGANISER)
    event_url, game_id = event_game(base, org, "pyotr", "sonya", "Claims Cup")
    state = org.http.get(f"/api/games/{game_id}").json()
    white, black = accounts[state["white"]["name"]], accounts[state["black"]["name"]]
    for ply, move in enumerate(SHUFFLE * 2):
        (white if ply % 2 == 0 else black).act(game_id, {"type": "move", "move": move,
                                                         "ply": ply})
    desk = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    phone = browser.new_context(viewport=PHONE, locale="en-US",  # type: ignore[attr-defined]
                                is_mobile=True, has_touch=True)
    watcher = browser.new_context(viewport=DESKTOP, locale="ru-RU")  # type: ignore[attr-defined]
    wp, bp, sp, arb = desk.new_page(), phone.new_page(), watcher.new_page(), desk.new_page()
    errors: list[str] = []
    for page in (wp, bp, sp, arb):
        page.on("pageerror", lambda e: errors.append(str(e)))
    login(wp, base, white.name)
    phone_login = bp
    login(phone_login, base, black.name)
    for page in (wp, bp, sp):
        page.goto(f"{base}/games/{game_id}")
        page.wait_for_selector("#board svg .hits rect")
    expect(sp.locator("#claim")).to_be_hidden()
    # White claims by the button; the game waits for the arbiter, and everyone sees it.
    wp.click('#controls button[data-action="claim"]')
    pending = "claim pending — the arbiter rules (Code 1.9.2)"
    expect(wp.locator("#claim")).to_contain_text(pending)
    expect(bp.locator("#claim")).to_contain_text("White claims a draw by threefold repetition")
    expect(bp.locator("#claim")).to_contain_text(pending)
    expect(sp.locator("#claim")).to_contain_text(
        "Белые заявили о троекратном повторении: заявление ждёт решения судьи (Кодекс 1.9.2)")
    expect(wp.locator('#controls button[data-action="claim"]')).to_be_disabled()
    expect(wp.locator('#controls button[data-action="offer"]')).to_be_disabled()
    expect(wp.locator("#board .mark")).to_have_count(0)  # nobody moves meanwhile
    shot(wp, "claims-01-pending-desktop")
    shot(bp, "claims-02-pending-phone")
    shot(sp, "claims-03-pending-spectator-ru")
    # The arbiter rules from the console; the pages show the result at once.
    login(arb, base, "ilya")
    arb.goto(f"{event_url}/arbiter")
    arb.locator(f"#claim-{game_id} button.rule").click()
    expect(arb.locator(f"#game-{game_id}")).to_contain_text("verified claim")
    for page in (wp, bp):
        expect(page.locator("#result")).to_contain_text("1/2-1/2")
        expect(page.locator("#result")).to_contain_text("Code 1.9.1.7")
        expect(page.locator("#claim")).to_be_hidden()
    expect(sp.locator("#result")).to_contain_text("Кодекс 1.9.1.7")
    expect(sp.locator("#result")).to_contain_text(
        "позиция повторилась 3 раза (полуходы 0, 4, 8); заявили белые (Кодекс 1.9.2)")
    shot(bp, "claims-04-ruled-phone")
    shot(sp, "claims-05-ruled-spectator-ru")
    assert errors == []
    for ctx in (desk, phone, watcher):
        ctx.close()


def test_the_lobby_refreshes_by_itself(site: tuple[str, Path], browser: object) -> None:
    base, _ = site
    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    page = ctx.new_page()
    page.goto(base + "/")
    creator, taker = Account(base, "lev"), Account(base, "mila")
    where = post_form(creator, "/challenges", {"variant": "russian",
                                               "time_control": "5m+3s", "color": "white"})
    expect(page.locator("#open-challenges")).to_contain_text("lev", timeout=10000)
    challenge = where.rsplit("/", 1)[1]
    post_form(taker, f"/challenges/{challenge}/accept", {})
    expect(page.locator("#live-games")).to_contain_text(  # each name with its rating
        re.compile(r"lev 1500\? – mila 1500\?"), timeout=10000)
    expect(page.locator("#open-challenges")).not_to_contain_text("lev")
    ctx.close()




def phrases(index: int) -> list[str]:
    """The catalogue's phrases in one language (0: English, 1: Russian) up to their first
    parameter, where the two languages differ."""
    out = set()
    for en, ru in catalogue_pairs():
        head = (en, ru)[index].split("{")[0].strip()
        if en != ru and " " in head and len(head) >= 8:
            out.add(head)
    return sorted(out)


ENGLISH, RUSSIAN = phrases(0), phrases(1)
"""None of the one may stand on a page in the other language."""

ATTRIBUTES = """() => [...document.querySelectorAll("[placeholder], [aria-label], [title]")]
  .map((e) => [e.getAttribute("placeholder"), e.getAttribute("aria-label"),
               e.getAttribute("title")].join("\\n")).join("\\n")"""
"""The texts of a page that are not shown as text: placeholders, labels, tooltips."""

PAGES = ["/", "/signup", "/login", "/events", "{event}", "{event}/arbiter", "/archive",
         "/engine", "/corr", "/corr/events", "/users/nina", "/admin/users", "/games/{game}",
         "/games/{game}/analysis", "/settings/tokens", "{challenge}", "{event}/print",
         "{live}/arbiter"]


def test_every_main_page_fits_desktop_and_phone_in_both_languages(
        site: tuple[str, Path], browser: object) -> None:
    """Screenshots of the main pages; none is wider than the screen, and a Russian page
    has no untranslated label of the platform's own texts."""
    base, db = site
    nina, olya = Account(base, "nina"), Account(base, "olya")
    assert cli.main(["users", "role", "nina", "administrator", "--database", url_for(db)]) == 0
    event_url, game_id = event_game(base, nina, "nina", "olya", "Pages Cup")
    white = olya if olya.http.get(f"/api/games/{game_id}").json()["white"]["name"] == "olya" \
        else nina
    white.act(game_id, {"type": "move", "move": "c1-d2", "ply": 0})
    white.act(game_id, {"type": "resign"})
    event = event_url[len(base):]
    live = event_game(base, nina, "nina", "olya", "Live Cup")[0][len(base):]
    challenge = post_form(nina, "/challenges", {"variant": "brazilian", "time_control": "3m+2s",
                                                 "color": "black", "opponent": "olya"})
    problems: list[str] = []
    for lang in ("en", "ru"):
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            ctx = browser.new_context(  # type: ignore[attr-defined]
                viewport=size, locale="ru-RU" if lang == "ru" else "en-US",
                is_mobile=label == "phone", has_touch=label == "phone")
            page = ctx.new_page()
            login(page, base, "nina")
            page.goto(f"{base}/lang/{lang}?next=/")
            for path in PAGES:
                url = path.format(event=event, game=game_id, challenge=challenge, live=live)
                r = page.goto(base + url)
                assert r is not None and r.status == 200, (url, r and r.status)
                page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                wide = page.evaluate(
                    "() => document.documentElement.scrollWidth - window.innerWidth")
                if wide > 1:
                    problems.append(f"{url} {label} {lang}: {wide}px too wide")
                text = page.inner_text("body") + page.evaluate(ATTRIBUTES)
                other = ENGLISH if lang == "ru" else RUSSIAN
                problems += [f"{url} {label} {lang}: {x!r}" for x in other if x in text]
                name = path.replace("{event}", "/event").replace("{game}", "game").replace(
                    "{challenge}", "challenge").replace("{live}", "/live-event")
                name = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "lobby"
                shot(page, f"pages-{name}-{label}-{lang}")
            ctx.close()
    assert problems == []
