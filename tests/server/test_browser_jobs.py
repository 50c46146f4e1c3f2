"""In a real browser (Debian's Chromium): an import's page follows its job with a live
progress bar (jobs.js under the site's CSP: no inline script) and its owner cancels it
with the Cancel button; the page then says where it stopped. ``shashki serve`` with its
embedded worker. Screenshots go to ``$SHASHKI_TEST_ARTIFACTS/browser``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browser import CHROMIUM, DESKTOP, shot
from .serving import free_port, server
from .test_browser import signup

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("browser-jobs")
    port = free_port()
    with server(tmp / "jobs.db", port, tmp / "server.log"):
        yield f"http://127.0.0.1:{port}"


def test_the_progress_bar_and_the_cancel_button(base: str, browser: object) -> None:
    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")  # type: ignore[attr-defined]
    page = ctx.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text)  # a script or style refused
            if "Content Security Policy" in m.text else None)
    page.on("response", lambda r: problems.append(r.url) if r.status >= 400 else None)
    signup(page, base, "importer")
    page.goto(f"{base}/archive")
    page.set_input_files("#archive-import input[name=file]", files=[{
        "name": "million.pdn", "mimeType": "text/plain",
        "buffer": b"1. c3-d4 *\n" * 1_000_000}])
    page.click("#archive-import button[type=submit]")
    page.wait_for_url("**/archive/imports/*")
    expect(page.locator("#job-progress")).to_be_visible()
    # the bar moves and the counts follow (jobs.js polls /api/jobs/N)
    page.wait_for_function(
        "() => Number(document.getElementById('job-progress').value) > 0", timeout=60000)
    page.wait_for_function(
        "() => Number(document.getElementById('count-read').textContent) > 0", timeout=60000)
    expect(page.locator("#job-status")).to_have_text("In progress…")
    shot(page, "jobs-01-import-progress-desktop")
    page.click("#job-cancel button")
    expect(page.locator("#import-cancelled")).to_be_visible(timeout=30000)
    expect(page.locator("#job-status")).to_have_text("Cancelled.")
    expect(page.locator("#job-progress")).to_have_count(0)
    expect(page.locator("#import-cancelled")).to_contain_text("Cancelled after game")
    shot(page, "jobs-02-import-cancelled-desktop")
    assert problems == []
    ctx.close()
