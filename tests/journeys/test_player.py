"""A player's first hour on the platform of README command 1's install (``pip install -e
'.[server]'``, then ``shashki serve``), driven from outside over HTTP as a browser and a
bot would: sign up, play a rated game to its end, read the engine's analysis of it, solve
a puzzle, open the explorer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.journeys.installs import Install, install
from tests.journeys.platform import Person, serve

pytestmark = pytest.mark.journey


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    where = tmp_path_factory.mktemp("player")
    server: Install = install("server")
    env = server.env(PYTHONUNBUFFERED="1", NUMBA_CACHE_DIR=str(where / "numba"),
                     XDG_DATA_HOME=str(where / "data"), SHASHKI_WORKER_NICE="0")
    with serve(server, f"sqlite:///{where / 'db.sqlite'}", where / "serve.log",
               env=env) as base:
        yield base


def _play(white: Person, black: Person, game: int, plies: int) -> None:
    """Each side plays its first legal move, ``plies`` moves in all."""
    for ply in range(plies):
        side = white if ply % 2 == 0 else black
        state = side.api("GET", f"/games/{game}")
        assert state["ply"] == ply
        side.api("POST", f"/games/{game}/moves", {"move": state["legal"][0]["text"], "ply": ply})


def test_a_rated_game_its_analysis_a_puzzle_and_the_explorer(platform: str,
                                                            tmp_path: Path) -> None:
    anna, boris = Person(platform, "anna"), Person(platform, "boris")
    anna.signup()
    boris.signup()

    # a rated game, challenged and accepted through the API, played to its end
    ch = anna.api("POST", "/challenges", {"variant": "russian", "time_control": "5m+3s",
                                          "color": "white", "opponent": "boris",
                                          "rated": True})
    game = boris.api("POST", f"/challenges/{ch['id']}/accept")["game_id"]
    _play(anna, boris, game, 8)
    boris.api("POST", f"/games/{game}/resign")
    over = anna.api("GET", f"/games/{game}")
    assert (over["status"], over["result"]) == ("finished", "1-0"), over
    rating = {name: anna.api("GET", f"/users/{name}/ratings")["ratings"][0]
              for name in ("anna", "boris")}
    assert rating["anna"]["rating"] > 1500 > rating["boris"]["rating"], rating
    assert rating["anna"]["games"] == 1

    # the engine's analysis of the game, as a job of the worker that serve started
    job = anna.api("POST", f"/games/{game}/analysis")
    deadline = time.monotonic() + 600
    while (a := anna.api("GET", f"/games/{game}/analysis"))["status"] == "running":
        assert time.monotonic() < deadline, a
        time.sleep(1)
    assert a["status"] == "done", (job, a)
    assert len(a["moves"]) == 8

    # a puzzle, from the first minute (the starter set)
    page = anna.page("/puzzles?variant=russian")
    assert page.status_code in (200, 303), page.text[-1000:]
    target = page.headers.get("location") or ""
    assert target.startswith("/puzzles/"), "no puzzle on a fresh platform"
    assert anna.page(target).status_code == 200

    # the explorer answers from the initial position
    ex = anna.api("GET", "/archive/explorer?variant=russian")
    assert ex["fen"].startswith("W:W21,22,23"), ex
