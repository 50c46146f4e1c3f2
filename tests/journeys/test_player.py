"""A player's first hour on the platform of README command 1's install (``pip install -e
'.[server]'``, then ``shashki serve``), driven from outside over HTTP as a browser and a
bot would: sign up, play a rated game to its end, read the engine's analysis of it, solve
a puzzle, open the explorer."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator

import pytest
from tests.journeys.installs import Install, install
from tests.journeys.platform import Person, serve

pytestmark = pytest.mark.journey


@pytest.fixture(scope="module")
def server() -> Install:
    return install("server")


@pytest.fixture(scope="module")
def platform(server: Install, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    where = tmp_path_factory.mktemp("player")
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
                                                            server: Install) -> None:
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

    # a puzzle from the first minute (the starter set the install ships), solved with the
    # solution that set gives for its position
    page = anna.page("/puzzles?variant=russian")
    assert page.status_code == 303 and page.headers["location"].startswith("/puzzles/"), (
        "no puzzle on a fresh platform")
    assert anna.page(page.headers["location"]).status_code == 200
    puzzle = anna.api("GET", "/puzzles/next?variant=russian")
    assert "solution" not in puzzle and "source" not in puzzle  # nothing gives it away
    shipped = json.loads(subprocess.run(
        [str(server.python), "-c", "from importlib import resources; print(resources.files("
         "'shashki.engine').joinpath('learned', 'starter-puzzles.json').read_text())"],
        capture_output=True, text=True, check=True, env=server.env()).stdout)
    solution = next(p["solution"] for p in shipped["puzzles"]
                    if p["variant"] == "russian" and p["fen"] == puzzle["fen"])
    answer = anna.api("POST", f"/puzzles/{puzzle['id']}/attempts", {"move": solution})
    assert answer["solved"] and answer["rated"] and answer["change"] > 0, answer

    # the explorer answers from the initial position
    ex = anna.api("GET", "/archive/explorer?variant=russian")
    assert ex["fen"].startswith("W:W21,22,23"), ex
