"""The Russian interface in a real browser (Debian's Chromium driven by Playwright): every
page of a platform with something on each (tests/server/tour.py: the lobby and a pool,
the ratings, the settings, the analysis board, the puzzles and the opening explorer
too), seen by a guest, a player, an organiser who arbitrates and an administrator, shows
no English word outside the allow-list below: notation (c3-d4, 22-18), the formats (PDN,
FEN, TRF, CSV...), Elo, and the names of people, accounts and events. Screenshots of a
few Russian pages, phone and desktop, go to ``$SHASHKI_TEST_ARTIFACTS/browser``."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from shashki.server import cli

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, shot
from .helpers import Visitor
from .serving import free_port, server, url_for
from .tour import NAMES, Tour, build

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")

LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_'’.:/@+-]*")
NOTATION = re.compile(r"^(?:[a-j]\d{1,2}(?:[-:x][a-j]\d{1,2})*|\d+[-x]\d+(?:x\d+)*)[.,;:)]*$")
ALLOWED = {
    # formats, standards and protocols, written so in Russian too
    "PDN", "FEN", "TRF", "CSV", "JSON", "PDF", "HTML", "SVG", "PNG", "API", "REST", "UTF-8",
    "Windows-1251", "e-mail", "E-mail", "Elo", "Bearer", "Authorization", "shk_",
    # PDN tag names, written in the record as they are
    "GameType", "Opening", "Event", "Site", "Date", "Round", "White", "Black", "Result",
    # preset names of time controls (code-45, blitz-3) that one types as they are, and the
    # quick-pairing pools named after them
    "blitz-3", "code-45", "blitz-5", "rapid-15",
    # the keys as the keyboard writes them (the move lists and the board by keyboard)
    "Home", "End", "Enter", "Tab",
    # the rating system's name
    "Glicko-2",
    # the language menu (EN, RU); the regulations FIDE and their articles (B.02, C.07) and
    # tie-break codes (BH/C1) cited beside the Code's; time zones
    "EN", "RU", "FIDE", "UTC", "Europe/Moscow",
    # names: the accounts of the tour, an example token name, the name an erased account
    # leaves in its opponents' records; a language's own name in the language menu
    *NAMES, "my-bot", "deleted", "English",
}
"""Latin words a Russian page may show; notation, FENs and codes are matched by CODES."""
CODES = re.compile(r"""^(?:[a-j]                       # a file of the board
    |[WB]:[WB]\S*                                     # a FEN, W:W21-32:B1-12
    |[A-Z]\.\d+(?:\.\d+)*                             # an article of FIDE's rules, C.07
    |[A-Z]{2,}/[A-Z]\d                                # a FIDE tie-break code, BH/C1
    |engine-[a-z]+                                     # the engine's accounts
    |(?:fmjd|idf)-[a-z0-9-]+(?::\S+)?                  # ballot tables and their entries
    )$""", re.VERBOSE)

ATTRIBUTES = """() => [...document.querySelectorAll("[placeholder], [aria-label], [title]")]
  .map((e) => [e.getAttribute("placeholder"), e.getAttribute("aria-label"),
               e.getAttribute("title")].join("\\n")).join("\\n")"""


def english_words(text: str) -> set[str]:
    words = set()
    for m in LATIN.finditer(text):
        word = m.group(0).rstrip(".,;:)'’")
        if word in ALLOWED or NOTATION.match(word) or CODES.match(word) or word.startswith(
                ("http", "/")):
            continue
        if "@" in word or re.fullmatch(r"[A-Za-z]?\d[\w.:-]*", word):
            continue  # an address, a number with its unit letter (a FEN's W:W21)
        words.add(word)
    return words


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Tour]]:
    tmp = tmp_path_factory.mktemp("browser-russian")
    port = free_port()
    db = tmp / "russian.db"
    base = f"http://127.0.0.1:{port}"
    count = [0]

    def visitor() -> Visitor:
        # each account signs up from its own loopback address (sign-ups are rate limited)
        count[0] += 1
        transport = httpx.HTTPTransport(local_address=f"127.0.9.{10 + count[0]}")
        return Visitor(httpx.Client(base_url=base, timeout=30,  # type: ignore[arg-type]
                                    transport=transport))

    def set_role(name: str, role: str) -> None:
        assert cli.main(["users", "role", name, role, "--database", url_for(db)]) == 0

    def run_jobs() -> None:  # as a worker would, here (claimed once: the server's or ours)
        import shashki.server.archive.jobs  # noqa: F401  (registers the import's handler)
        from shashki.server.core.db import Database
        from shashki.server.jobs.models import Job
        from shashki.server.jobs.runner import run_inline

        database = Database(url_for(db))
        with database.session() as s:
            queued = [j.id for j in s.query(Job).filter_by(status="queued")]
        for job_id in queued:
            run_inline(database)(job_id)
        database.dispose()

    with server(db, port, tmp / "server.log", ("--language", "en")):
        yield base, build(visitor, set_role, run_jobs)


def test_the_russian_pages_have_no_english_words(site: tuple[str, Tour],
                                                 browser: object) -> None:
    base, tour = site
    problems: dict[str, set[str]] = {}
    shots = {"/", "/events", "/corr", "/archive", "/ratings", "/archive/explorer", "/analysis",
             "/settings"}
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        contexts = {}
        for who, v in tour.visitors.items():
            ctx = browser.new_context(  # type: ignore[attr-defined]
                viewport=size, locale="ru-RU", is_mobile=label == "phone",
                has_touch=label == "phone")
            ctx.add_cookies([{"name": k, "value": val, "url": base}
                             for k, val in v.jar.items()])
            page = ctx.new_page()
            page.goto(f"{base}/lang/ru?next=/")
            contexts[who] = (ctx, page)
        # every page on the desktop; on the phone the main pages, whose layout (the menu,
        # the phone's own labels) every page shares
        pages = tour.pages if label == "desktop" else [
            (who, path) for who, path in tour.pages if path in shots]
        for who, path in pages:
            page = contexts[who][1]
            r = page.goto(base + path)
            assert r is not None and r.status == 200, (who, path, r and r.status)
            page.wait_for_load_state("networkidle")
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            text = page.inner_text("body") + "\n" + page.evaluate(ATTRIBUTES)
            found = english_words(text)
            if found:
                problems.setdefault(f"{who} {path}", set()).update(found)
            if path in shots and (who, label) in (("petr", "desktop"), ("petr", "phone")):
                name = re.sub(r"[^a-z0-9]+", "-", path).strip("-") or "lobby"
                shot(page, f"russian-{name}-{label}")
        for ctx, _page in contexts.values():
            ctx.close()
    words: dict[str, list[str]] = {}
    for where, found in sorted(problems.items()):
        for word in found:
            words.setdefault(word, []).append(where)
    assert words == {}, "\n".join(f"{w}: {', '.join(sorted(set(p))[:3])}"
                                   for w, p in sorted(words.items()))

