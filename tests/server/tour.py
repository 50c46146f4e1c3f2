"""A platform with something on every page, and the pages to walk (tests of the
languages: tests/server/test_i18n.py with the test client, test_browser_russian.py in
Chromium): an administrator, an organiser (who arbitrates), two players; a finished rated
game (so the ratings, the leaderboard and the profiles' graphs have something) and a live
one, an open challenge, a player waiting in a pool, a live event with its game, a
correspondence game and event, an archive with an imported game and its report, the
opening explorer on it, the analysis board, the puzzles and the account's settings."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .helpers import Visitor

ADMIN, ORGANISER, WHITE, BLACK = "nina", "olga", "petr", "vera"
NAMES = (ADMIN, ORGANISER, WHITE, BLACK)
EVENT = "Кубок Волги"
CORR_EVENT = "Заочный кубок"
ARCHIVE_PDN = """[Event "Москва 1990"]
[White "Ёлкин П."]
[Black "Иванов С."]
[Date "1990.05.01"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. g3-f4 g7-f6 1-0
"""
EXPLORED = ("/archive/explorer?variant=russian&fen=B%3AW18%2C21%2C23%2C24%2C25%2C26%2C27%2C28"
            "%2C29%2C30%2C31%2C32%3AB1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12")
"""The explorer after the archive game's first move (its game continues from there)."""
ANALYSED = "/analysis?variant=russian&moves=c3-d4+f6-g5+g3-h4"
RETRY = ("/analysis?variant=russian&fen=W%3AW21%2C22%2C23%2C24%2C25%2C26%2C27%2C28%2C29%2C30"
         "%2C31%2C32%3AB1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C9%2C10%2C11%2C12&retry=1&played=c3-b4"
         "&best=c3-d4")
"""A mistake retried on the analysis board (the link of an analysis's marked move)."""
GAME = re.compile(r'href="/games/(\d+)"')
ARCHIVE_GAME = re.compile(r'href="/archive/games/(\d+)"')


@dataclass
class Tour:
    visitors: dict[str, Visitor]
    pages: list[tuple[str, str]] = field(default_factory=list)
    """(who, path): ``guest`` for a visitor without an account."""


def _located(r: object) -> str:
    status = r.status_code  # type: ignore[attr-defined]
    assert status == 303, (status, r.text[:500])  # type: ignore[attr-defined]
    return str(r.headers["location"])  # type: ignore[attr-defined]


def build(visitor: Callable[[], Visitor], set_role: Callable[[str, str], None],
          run_jobs: Callable[[], None] = lambda: None) -> Tour:
    """Everything the pages show, made through the platform's own forms and API;
    ``run_jobs`` runs the queued jobs (a real server's worker runs at nice 19, and may
    wait long while the tests load the machine)."""
    people = {}
    for name in NAMES:
        v = visitor()
        v.signup(name, email=f"{name}@example.org")
        people[name] = v
    set_role(ADMIN, "administrator")
    set_role(ORGANISER, "organiser")
    org, white, black = people[ORGANISER], people[WHITE], people[BLACK]
    people["guest"] = visitor()

    # a finished rated game (a move, then resignation) and its analysis page
    ch = _located(white.form("/challenges", {"variant": "russian", "time_control": "5m+3s",
                                             "color": "white", "opponent": BLACK,
                                             "rated": "on"}))
    black.get(ch)
    game = _located(black.form(f"{ch}/accept", {}, page=ch))
    gid = int(game.rsplit("/", 1)[1])
    assert white.api("POST", f"/api/games/{gid}/actions",
                     {"type": "move", "move": "c3-d4", "ply": 0}).status_code == 200
    assert black.api("POST", f"/api/games/{gid}/actions",
                     {"type": "resign"}).status_code == 200
    # a live game with a draw offer, and an open challenge
    ch2 = _located(black.form("/challenges", {"variant": "international",
                                              "time_control": "70m/35 + 15m",
                                              "color": "white", "opponent": WHITE}))
    white.get(ch2)
    live = _located(white.form(f"{ch2}/accept", {}, page=ch2))
    lid = int(live.rsplit("/", 1)[1])
    assert black.api("POST", f"/api/games/{lid}/actions", {"type": "offer"}).status_code == 200
    open_ch = _located(white.form("/challenges", {"variant": "russian-80", "time_control": "",
                                                  "color": "random", "opponent": ""}))

    # a live event of the two players, round 1 paired
    event = _located(org.form("/events", {
        "name": EVENT, "system": "berger", "mode": "live", "variant": "russian",
        "time_control": "15m", "scoring": "2-1-0", "tb1": "sonneborn-berger", "tb2": "wins",
        "rounds": "", "arbiter": "", "fen": ""}, page="/events"))
    for player in (WHITE, BLACK):
        _located(org.form(f"{event}/players", {"username": player}, page=event))
    _located(org.form(f"{event}/rounds", {}, page=event))
    found = GAME.search(org.get(event).text)
    assert found, "the event's game"
    # a player waiting in a quick-pairing pool (the lobby feature)
    pool = _located(black.form("/pools", {"variant": "russian", "pool": "blitz-5",
                                          "rated": "rated"}, page="/"))

    # correspondence: a game with a move, an event
    corr = _located(white.form("/corr", {"opponent": BLACK, "color": "white",
                                         "control": "30d/10", "variant": "russian",
                                         "judge": ""}, page="/corr"))
    _located(black.form(f"{corr}/invitation/accept", {}, page=corr))
    white.form(f"{corr}/move", {"move": "c3-d4"}, page=corr)
    corr_event = _located(org.form("/corr/events", {
        "name": CORR_EVENT, "system": "berger", "control": "30d/10", "variant": "russian",
        "rounds": "", "captain": "", "digest_days": "7"}, page="/corr/events"))

    # the archive: one imported game
    report = _located(white.form("/archive/import", {"text": ARCHIVE_PDN, "variant": ""},
                                 page="/archive"))
    run_jobs()
    deadline = time.monotonic() + 60
    while (archived := ARCHIVE_GAME.search(white.get("/archive").text)) is None:
        assert time.monotonic() < deadline, "the archive's game"
        time.sleep(0.2)

    tour = Tour(people)
    for who in ("guest", WHITE):
        tour.pages += [(who, p) for p in ("/", "/events", event, "/archive", "/engine",
                                          "/compose", f"/users/{WHITE}", game, live,
                                          f"/archive/games/{archived.group(1)}", "/ratings",
                                          "/ratings?variant=russian&tc=rapid",
                                          "/archive/explorer", EXPLORED, "/analysis",
                                          ANALYSED, "/puzzles")]
    tour.pages += [("guest", "/login"), ("guest", "/signup")]
    tour.pages += [(WHITE, p) for p in (ch2, open_ch, f"{game}/analysis", "/corr", corr,
                                        "/corr/events", corr_event, "/settings/tokens",
                                        report, f"/games/{found.group(1)}")]
    tour.pages += [(WHITE, p) for p in ("/settings", RETRY)]
    tour.pages += [(BLACK, p) for p in (live, corr, pool)]
    tour.pages += [(ORGANISER, p) for p in (event, f"{event}/arbiter", f"{event}/print",
                                            "/events", corr_event, "/compose")]
    tour.pages += [(ADMIN, p) for p in ("/admin/users", "/", f"/users/{ORGANISER}")]
    return tour
