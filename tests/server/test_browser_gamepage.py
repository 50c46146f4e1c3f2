"""The game page without a mouse, in a real browser (Debian's Chromium under Playwright):
a whole game played by keyboard alone — moves typed in the move box in the Code's
notation, and chosen on the board's squares with the arrow keys and Enter — with a
premove, an illegal attempt told why (Code 1.5.3), the moves stepped through with the
arrow keys, then a rematch. No mouse event reaches the pages (they count them). Then the
API docs render their operations offline, and axe-core finds no serious violation on the
main pages. Screenshots at phone and desktop sizes in both languages go to
``$SHASHKI_TEST_ARTIFACTS/browser``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from shashki import Board

from .browser import CHROMIUM, DESKTOP, NO_CHROMIUM, PHONE, axe_violations, shot, signup
from .serving import free_port, server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package")
GEOMETRY = Board("russian").variant.geometry
START = "W:Wc3,e1:Bf6,h8"
"""White c3 and e1 against f6 and h8: c3-d4 f6-e5 forces d4:f6, and so on."""

COUNT_MICE = """() => { window.__mice = 0;
  for (const t of ["mousedown", "mouseup", "pointerdown", "touchstart"])
    document.addEventListener(t, () => { window.__mice++; }, true); }"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("gamepage")
    port = free_port()
    with server(tmp / "gamepage.db", port, tmp / "server.log"):
        yield f"http://127.0.0.1:{port}"


def sq(name: str) -> int:
    return GEOMETRY.parse_square(name)


def to_square(page: Any, target: str) -> None:
    """Move the board's keyboard focus to ``target`` with the arrow keys only."""
    want = sq(target)
    for _ in range(30):
        at = page.evaluate("""() => { const b = document.activeElement;
            return b && b.dataset.sq ? [Number(b.dataset.sq), b.offsetLeft, b.offsetTop]
                                     : null; }""")
        assert at is not None, "the board's squares lost the focus"
        if at[0] == want:
            return
        there = page.evaluate(f"""() => {{ const b = document.querySelector(
            '#board-keys button[data-sq="{want}"]'); return [b.offsetLeft, b.offsetTop]; }}""")
        if abs(there[1] - at[2]) > 2:
            page.keyboard.press("ArrowUp" if there[1] < at[2] else "ArrowDown")
        else:
            page.keyboard.press("ArrowLeft" if there[0] < at[1] else "ArrowRight")
    raise AssertionError(f"could not reach {target}")


def squares(page: Any, *names: str) -> None:
    """Choose squares on the board by keyboard: Tab lands on it, arrows, Enter."""
    page.focus('#board-keys button[tabindex="0"]')
    for name in names:
        to_square(page, name)
        page.keyboard.press("Enter")


def type_move(page: Any, text: str) -> None:
    page.focus("#move-input")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def plies(page: Any, n: int) -> None:
    sync_api.expect(page.locator("#moves button.mv")).to_have_count(n, timeout=10000)


def test_a_game_by_keyboard_alone_with_a_premove_and_a_rematch(base: str,
                                                                browser: Any) -> None:
    expect = sync_api.expect
    ctx_a = browser.new_context(viewport=DESKTOP, locale="ru-RU")
    ctx_b = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True)
    alice, bob = ctx_a.new_page(), ctx_b.new_page()
    errors: list[str] = []
    for page in (alice, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))
    signup(alice, base, "alice")
    signup(bob, base, "bob")

    # Alice invites Bob to a game from a set position, by keyboard (fill and Enter).
    alice.fill("#new-challenge input[name=opponent]", "bob")
    alice.focus("#new-challenge details summary")
    alice.keyboard.press("Enter")  # opens the start position's field
    alice.fill("#new-challenge input[name=fen]", START)
    alice.check("#new-challenge input[name=color][value=white]")
    alice.press("#new-challenge input[name=opponent]", "Enter")
    alice.wait_for_url("**/challenges/*")
    challenge = alice.url
    bob.goto(challenge)
    bob.focus("#accept")
    bob.keyboard.press("Enter")
    bob.wait_for_url("**/games/*")
    alice.wait_for_url("**/games/*", timeout=15000)
    for page in (alice, bob):
        page.wait_for_selector("#board-keys button.key")
        page.evaluate(COUNT_MICE)
    # The board's name is the position in words, not the FEN.
    expect(bob.locator("#board-wrap")).to_have_attribute(
        "aria-label", "White to move. White: men c3, e1. Black: men f6, h8.")
    expect(alice.locator("#board-wrap")).to_have_attribute(
        "aria-label", "Ход белых. Белые: простые c3, e1. Чёрные: простые f6, h8.")
    expect(bob.locator(f'#board-keys button[data-sq="{sq("f6")}"]')).to_have_attribute(
        "aria-label", "f6, black man")

    # Bob, waiting, types his reply in advance: a premove, played when his turn comes.
    type_move(bob, "f6-e5")
    expect(bob.locator("#hint")).to_contain_text("Premove f6-e5")
    shot(bob, "gamepage-01-premove-phone")
    abort = alice.locator('#controls [data-action="abort"]')
    expect(abort).to_be_visible()  # before both first moves (docs/rules.md L1)
    type_move(alice, "c3-d4")
    plies(alice, 2)  # Bob's premove went at once
    expect(alice.locator("#moves")).to_contain_text("f6-e5")
    expect(abort).to_be_hidden()  # gone once both have moved, without a reload

    # Alice tries a quiet move with her other man: refused, with the Code's reason, in Russian.
    type_move(alice, "e1-f2")
    expect(alice.locator("#message")).to_contain_text("взятие обязательно (Кодекс 1.5.3)")
    shot(alice, "gamepage-02-illegal-desktop-ru")
    # She captures on the board's squares: arrows and Enter, d4 then f6.
    squares(alice, "d4", "f6")
    plies(bob, 3)
    # Bob answers on the squares too: h8-g7, and Alice's f6:h8 ends the game.
    squares(bob, "h8", "g7")
    plies(alice, 4)
    squares(alice, "f6", "h8")
    for page in (alice, bob):
        expect(page.locator("#result")).to_contain_text("1-0")
        expect(page.locator("#analysis-link")).to_be_visible()  # without a reload
    shot(bob, "gamepage-03-over-phone")

    # Stepping back through the moves with the arrow keys (the page's, not the board's).
    bob.focus("#moves-title")
    bob.keyboard.press("Home")
    expect(bob.locator("#viewing")).to_contain_text("the start position")
    expect(bob.locator("#board-wrap")).to_have_attribute(
        "aria-label", "White to move. White: men c3, e1. Black: men f6, h8.")
    bob.keyboard.press("ArrowRight")
    expect(bob.locator('#moves button.mv[aria-current="step"]')).to_have_text("c3-d4")
    bob.keyboard.press("End")
    expect(bob.locator("#viewing")).to_be_hidden()
    shot(alice, "gamepage-04-over-desktop-ru")

    # A rematch: Alice proposes it, Bob's page shows it at once, he accepts; colours swap.
    alice.focus("#rematch-form button")
    alice.keyboard.press("Enter")
    alice.wait_for_url("**/challenges/*")
    expect(bob.locator("#rematch-offer")).to_be_visible(timeout=10000)
    bob.focus("#rematch-accept button")
    bob.keyboard.press("Enter")
    bob.wait_for_url("**/games/*")
    alice.wait_for_url("**/games/*", timeout=15000)
    assert bob.url == alice.url
    expect(bob.locator(".player.white .name")).to_have_text("bob")
    expect(bob.locator("#board-wrap")).to_have_attribute(
        "aria-label", "White to move. White: men c3, e1. Black: men f6, h8.")
    for page in (alice, bob):
        page.evaluate(COUNT_MICE)
    type_move(bob, "c3-b4")
    plies(alice, 1)
    assert [p.evaluate("window.__mice") for p in (alice, bob)] == [0, 0]
    assert errors == []
    for ctx in (ctx_a, ctx_b):
        ctx.close()


TACTIC = "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8"


def test_the_analysis_board_with_engine_arrows(base: str, browser: Any) -> None:
    expect = sync_api.expect
    for lang, viewport, suffix in (("en-US", DESKTOP, "desktop"), ("ru-RU", PHONE, "phone-ru")):
        ctx = browser.new_context(viewport=viewport, locale=lang)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        page.goto(f"{base}/analysis?variant=russian&fen={TACTIC}")
        # the engine's best move as an arrow, c3-d4 (squares 22 and 18), live as it deepens
        arrow = page.locator("#board g.engine-arrow.best")
        expect(arrow).to_have_attribute("data-squares", "22 18", timeout=30000)
        expect(page.locator("#engine-lines li")).to_have_count(3)
        expect(page.locator("#engine-status")).to_contain_text(
            "done" if lang == "en-US" else "готово", timeout=30000)
        expect(page.locator("#engine-lines li").first.locator(".score")).to_have_text("#5")
        shot(page, f"analysis-01-lines-{suffix}")
        if lang != "en-US":
            ctx.close()
            assert errors == []
            continue
        # moves by keyboard make a tree: c3-d4, back, e3-f4 is a variation
        type_move(page, "c3-d4")
        expect(page.locator("#tree button.mv.current")).to_have_text("1. c3-d4")
        page.focus("#tree-title")
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#tree button.mv.current")).to_have_text(
            "Start" if lang == "en-US" else "Начало")
        type_move(page, "e3-f4")
        expect(page.locator("#tree .variation")).to_have_count(1)
        expect(page.locator("#tree .variation")).to_contain_text("e3-f4")
        # set up a position: empty board, a white man on c3, a black one on f6
        page.focus("#editor-toggle")
        page.keyboard.press("Enter")
        page.focus("#editor-clear")
        page.keyboard.press("Enter")
        expect(page.locator("#fen-input")).to_have_value("B:W:B")  # Black was to move
        page.focus("#editor-turn input[value=W]")
        page.keyboard.press("Space")
        expect(page.locator("#fen-input")).to_have_value("W:W:B")
        squares(page, "c3")
        page.focus("#editor-piece input[value=bm]")
        page.keyboard.press("Space")
        squares(page, "f6")
        expect(page.locator("#fen-input")).to_have_value(f"W:W{sq('c3')}:B{sq('f6')}")
        page.focus("#editor-done")
        page.keyboard.press("Enter")
        expect(page.locator("#board-wrap")).to_have_attribute(
            "aria-label", "White to move. White: man c3. Black: man f6.")
        expect(page.locator("#engine-lines li").first).to_be_visible(timeout=30000)
        shot(page, "analysis-02-set-up-desktop")
        assert errors == []
        ctx.close()


def test_the_opening_explorer(base: str, browser: Any) -> None:
    from pathlib import Path

    from .test_explorer import WK2003

    if not WK2003.exists():
        pytest.skip(f"the shared real-PDN data is absent ({WK2003})")
    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    signup(page, base, "carol")
    page.goto(f"{base}/archive")
    page.set_input_files("#archive-import input[name=file]", files=[{
        "name": "wk2003.pdn", "mimeType": "text/plain",
        "buffer": Path(WK2003).read_bytes()}])
    page.click("#archive-import button[type=submit]")
    page.wait_for_url("**/archive/imports/*")
    expect(page.locator("#count-imported")).to_have_text("23", timeout=60000)  # the job
    page.goto(f"{base}/archive/explorer?variant=international")
    expect(page.locator("#explorer-count")).to_contain_text("23")
    first = page.locator("#explorer-moves tbody tr").first
    move = first.get_attribute("data-move")
    count = int(first.locator("td.count").inner_text())
    shot(page, "explorer-01-start-desktop")
    first.locator("a").focus()
    page.keyboard.press("Enter")  # one step down the tree, by keyboard
    expect(page.locator("#explorer-count")).to_contain_text(str(count))
    assert move is not None
    expect(page.locator("#explorer-games li")).to_have_count(min(10, count))
    phone = browser.new_context(viewport=PHONE, locale="ru-RU").new_page()
    phone.goto(page.url)
    expect(phone.locator("#explorer-count")).to_contain_text("Партий архива")
    shot(phone, "explorer-02-after-move-phone-ru")
    ctx.close()


def test_a_puzzle_solved(base: str, browser: Any) -> None:
    from .test_analysis import BLUNDER

    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = ctx.new_page()
    signup(page, base, "dora")
    page.goto(f"{base}/archive")
    page.set_input_files("#archive-import input[name=file]", files=[{
        "name": "blunder.pdn", "mimeType": "text/plain", "buffer": BLUNDER.encode()}])
    page.click("#archive-import button[type=submit]")
    page.wait_for_url("**/archive/imports/*")
    expect(page.locator("#count-imported")).to_have_text("1", timeout=60000)
    page.goto(f"{base}/archive?event=blunder")
    page.click("#archive-results tbody a")
    page.goto(page.url + "/analysis")
    page.click("#analysis-request button")
    expect(page.locator("#analysis-status")).to_contain_text("Analysed", timeout=60000)
    page.reload()
    # the man given away is a mistake (?) or a blunder (??) by the depth 0.3 s reaches on
    # a loaded machine; tests/server/test_analysis.py checks the mark at a fixed depth
    expect(page.locator("#eval-graph circle.blunder, #eval-graph circle.mistake")
           ).to_have_count(1)
    shot(page, "puzzles-01-eval-graph-desktop")
    page.goto(f"{base}/puzzles")  # a starter puzzle at once; mine more from its page
    expect(page.locator("#puzzle")).to_have_count(1)
    page.click("#puzzle-mine button")
    page.wait_for_url("**/puzzles?mining=*")
    from shashki.engine.puzzles import starter

    mined = len(starter().puzzles) + 1  # numbered after the starter set, seeded first
    for _ in range(60):  # the job finds it
        answer = page.goto(f"{base}/puzzles/{mined}")
        if answer is not None and answer.status == 200:
            break
        page.wait_for_timeout(1000)
    expect(page.locator("#puzzle-task")).to_contain_text("White to move")
    shot(page, "puzzles-02-puzzle-desktop")
    # the winning capture, chosen on the board by keyboard: h4 then f6 (or d4 then f6)
    fen = page.locator("#board-wrap").get_attribute("aria-label")
    assert fen and fen.startswith("White to move.")
    from shashki.engine import Engine

    b = Board("russian")
    for t in ("c3-d4", "f6-g5", "g3-h4", "d6-e5"):
        b.push_text(t)
    right = Engine("russian", hash_mb=8).lines(b, 2, 8)[0].pv_text(b)[0]
    start, end = right.split(":")
    squares(page, start, end)
    page.wait_for_load_state()
    expect(page.locator("#puzzle-result")).to_contain_text("solved!")
    expect(page.locator("#puzzle-result")).to_contain_text("Your puzzle rating")
    shot(page, "puzzles-03-solved-desktop")
    phone = browser.new_context(viewport=PHONE, locale="ru-RU").new_page()
    phone.goto(page.url)
    shot(phone, "puzzles-04-puzzle-phone-ru")
    ctx.close()


def test_the_api_docs_render_their_operations(base: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    remote: list[str] = []
    page.on("request", lambda r: remote.append(r.url) if not r.url.startswith(base) else None)
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security" in m.text
            else None)
    page.goto(f"{base}/api/docs")
    ops = page.locator(".opblock-summary-path")
    sync_api.expect(ops.first).to_be_visible(timeout=15000)
    assert ops.count() >= 30
    sync_api.expect(page.locator(".opblock-summary-path", has_text="/api/archive/explorer")
                    ).to_have_count(1)
    shot(page, "gamepage-05-api-docs-desktop")
    assert remote == [] and blocked == []
    ctx.close()


PAGES = ["/", "/archive", "/archive/explorer", "/analysis", "/puzzles", "/events", "/corr",
         "/engine", "/login", "/signup"]


def test_no_serious_accessibility_violation(base: str, browser: Any) -> None:
    bad: dict[str, list[str]] = {}
    for lang, viewport in (("en-US", DESKTOP), ("ru-RU", PHONE)):
        ctx = browser.new_context(viewport=viewport, locale=lang, bypass_csp=True)
        page = ctx.new_page()
        signup(page, base, f"axe-{lang[:2]}")
        # a game page too: a challenge to the engine's account is accepted at once
        page.goto(f"{base}/engine")
        page.check("#engine-form input[name=level][value=beginner]")
        page.fill("#engine-form input[name=time_control]", "")
        page.press("#engine-form input[name=time_control]", "Enter")
        page.wait_for_url("**/games/*")
        page.wait_for_selector("#board-keys button.key")
        game = page.url.removeprefix(base)
        # the check can fail: an image without a name and an unlabelled button are found
        page.set_content('<html lang="en"><body><main><img src="x.png">'
                         '<button></button></main></body></html>')
        caught = " ".join(axe_violations(page))
        assert "image-alt" in caught and "button-name" in caught, caught
        for path in [*PAGES, game]:
            page.goto(f"{base}{path}")
            page.wait_for_load_state("networkidle")
            found = axe_violations(page)
            if found:
                bad[f"{lang} {path}"] = found
        ctx.close()
    assert bad == {}


SIZES = {"desktop": (DESKTOP, False), "phone": (PHONE, True)}


def test_the_board_settings_and_every_new_page_at_both_sizes_in_both_languages(
        base: str, browser: Any) -> None:
    """Flip, coordinates, theme, pieces and mute on a game page (by keyboard), then a
    screenshot of every new page at phone and desktop sizes in English and Russian."""
    expect = sync_api.expect
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = ctx.new_page()
    signup(page, base, "erin")
    page.goto(f"{base}/engine")
    page.check("#engine-form input[name=level][value=beginner]")
    page.fill("#engine-form input[name=time_control]", "")
    page.press("#engine-form input[name=time_control]", "Enter")
    page.wait_for_url("**/games/*")
    game = page.url.removeprefix(base)
    page.wait_for_selector("#board-keys button.key")
    expect(page.locator("#board svg g.coordinates")).to_be_visible()
    page.focus("#coords-toggle")
    page.keyboard.press("Enter")
    expect(page.locator("#board svg g.coordinates")).to_be_hidden()
    expect(page.locator("#coords-toggle")).to_have_attribute("aria-pressed", "false")
    page.focus("#mute-toggle")
    page.keyboard.press("Space")
    expect(page.locator("#mute-toggle")).to_have_attribute("aria-pressed", "true")
    page.select_option("#theme-select", "green")
    page.select_option("#pieces-select", "contrast")
    expect(page.locator("#board-wrap")).to_have_class(
        "board-wrap no-coords theme-green pieces-contrast")
    # flipped: Black's side at the bottom, square 1 (b8 at the top when White is below)
    top = page.evaluate("""() => document.querySelector('#board-keys button[data-sq="1"]')
                           .offsetTop""")
    page.focus("#flip-toggle")
    page.keyboard.press("Enter")
    expect(page.locator("#flip-toggle")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function(f"""() => {{ const b = document.querySelector(
        '#board-keys button[data-sq="1"]'); return b && b.offsetTop > {top}; }}""")
    page.reload()  # the settings are kept (but not the flip)
    expect(page.locator("#board-wrap")).to_have_class(
        "board-wrap no-coords theme-green pieces-contrast")
    shot(page, "gamepage-06-settings-desktop")
    ctx.close()
    pages = {"game": game, "analysis": f"/analysis?variant=russian&fen={TACTIC}",
             "explorer": "/archive/explorer", "puzzles": "/puzzles", "api-docs": "/api/docs"}
    for lang in ("en", "ru"):
        for size, (viewport, mobile) in SIZES.items():
            c = browser.new_context(viewport=viewport, is_mobile=mobile,
                                    locale="ru-RU" if lang == "ru" else "en-US")
            p = c.new_page()
            for name, path in pages.items():
                p.goto(f"{base}{path}")
                p.wait_for_load_state("networkidle")
                if name == "analysis":
                    expect(p.locator("#board g.engine-arrow.best")).to_have_count(
                        1, timeout=30000)
                shot(p, f"new-{name}-{size}-{lang}")
            c.close()
