"""The Hub client against real engines in subprocesses: ``shashki hub`` and dame-rs."""

from __future__ import annotations

import shutil
import sys

import pytest

from shashki import Board
from shashki.engine.book import book_for
from shashki.engine.hub import HubError
from shashki.engine.hubclient import (
    HubClient,
    HubClosed,
    HubNoMove,
    HubTimeout,
    hub_position,
    level_line,
)
from shashki.engine.limits import Limit
from shashki.engine.match import Control, run_match
from shashki.game import judge
from shashki.pdn import read_games

SHASHKI_HUB = [sys.executable, "-m", "shashki.cli", "hub"]
SHASHKI_HUB_SPEC = f"hub:{sys.executable} -m shashki.cli hub"


@pytest.fixture(scope="module")
def russian_hub() -> HubClient:
    client = HubClient(SHASHKI_HUB, variant="russian", params={"hash": "8"})
    yield client  # type: ignore[misc]
    client.close()


def test_handshake_reads_id_and_params(russian_hub: HubClient) -> None:
    assert russian_hub.id["name"] == "shashki"
    assert russian_hub.name.startswith("shashki ")
    assert set(russian_hub.params) >= {"variant", "hash", "level"}
    assert "russian" in russian_hub.params["variant"].values
    assert russian_hub.params["hash"].type == "int"
    assert "> set-param name=variant value=russian" in russian_hub.log
    assert "> set-param name=hash value=8" in russian_hub.log
    assert russian_hub.errors == []


def test_go_returns_a_legal_move_with_infos(russian_hub: HubClient) -> None:
    board = Board("russian", "W:Wa1,b2,c3,e3,g1,h2:Bc5,c7,e5,g7,h8")
    russian_hub.new_game()
    result = russian_hub.go(board, Limit(depth=8))
    assert result.move == board.parse_move("c3-d4")  # a man for three and a king
    assert result.infos and result.last is not None and result.last.depth == 8
    assert result.last.score is not None and result.last.score > 900  # a forced win, in men
    assert result.ponder == "15x22x18"  # e5:c3 in Hub squares, capturing d4
    assert russian_hub.ping() >= 0


def test_go_under_a_clock_and_a_move_time(russian_hub: HubClient) -> None:
    board = Board("russian")
    r = russian_hub.go(board, Limit(remaining=5.0, increment=0.1))
    assert r.move in board.legal_moves
    assert "> level time=5.1 inc=0.1" in russian_hub.log
    r = russian_hub.go(board, Limit(time=0.1))
    assert r.move in board.legal_moves and r.seconds < 5


def test_an_infinite_search_is_stopped_at_the_timeout(russian_hub: HubClient) -> None:
    # out of the opening book (from the start the engine would play its book move at once)
    board = Board("russian", "W:W18,19,21,22,23,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,10,11,"
                  "12,13,16")
    book = book_for("russian")
    assert book is not None and board not in book
    r = russian_hub.go(board, Limit(), timeout=1.0)  # "level infinite", then "stop"
    assert "> level infinite" in russian_hub.log and "> stop" in russian_hub.log
    assert r.move in board.legal_moves
    assert r.seconds >= 1.0  # it answered the stop (else HubTimeout after the grace)


def test_pos_carries_the_king_moves_for_repetitions(russian_hub: HubClient) -> None:
    board = Board("russian", "W:WKg1,a3:BKa7,h6")
    for text in ("g1-h2", "a7-b8", "h2-g1", "b8-a7"):
        board.push_text(text)
    pos, moves = hub_position(board)
    assert pos == "W" + "e" * 4 + "B" + "e" * 6 + "b" + "e" * 8 + "w" + "e" * 10 + "W"
    assert moves == ["32-28", "5-1", "28-32", "1-5"]
    board.push_text("a3-b4")  # a man move: nothing before it matters
    assert hub_position(board)[1] == []
    board.push_text("a7-b8")
    assert hub_position(board)[1] == ["5-1"]
    assert russian_hub.go(board, Limit(depth=4)).move in board.legal_moves


def test_level_lines() -> None:
    assert level_line(Limit(depth=5)) == "level depth=5"
    assert level_line(Limit(remaining=30.0)) == "level time=30"
    assert level_line(Limit(remaining=30.0, moves_to_go=10)) == "level moves=10 time=30"


def test_refuses_a_finished_game_and_another_variant(russian_hub: HubClient) -> None:
    with pytest.raises(HubError, match="no legal move"):
        russian_hub.go(Board("russian", "W:W:B1"), Limit(depth=2))
    with pytest.raises(HubError, match="international"):
        russian_hub.go(Board("international"), Limit(depth=2))


def test_missing_program_is_named() -> None:
    with pytest.raises(HubError, match="no-such-engine-xyz"):
        HubClient(["no-such-engine-xyz", "hub"])


def test_silent_engine_times_out() -> None:
    with pytest.raises(HubTimeout, match="'hub'"):
        HubClient([sys.executable, "-c", "import time; time.sleep(30)"], timeout=1.0)


def test_engine_that_exits_is_reported() -> None:
    with pytest.raises(HubClosed, match="exit status 3"):
        HubClient([sys.executable, "-c", "import sys; sys.exit(3)"], timeout=10.0)


def test_a_match_against_shashki_hub_in_a_subprocess() -> None:
    result = run_match("shashki", SHASHKI_HUB_SPEC + ",hash=8", "russian", 2,
                       Control(nodes=3000), seed=4)
    assert result.b.startswith("shashki ")  # the name from the engine's id line
    assert result.standing.games == 2
    for rec in result.games:
        g = read_games(rec.pdn)[0]
        assert judge(g).result == rec.result
        assert g.headers["Termination"] == rec.termination != ""


@pytest.mark.slow
def test_a_game_on_the_clock_against_shashki_hub() -> None:
    from shashki.clock import TimeControl

    result = run_match("shashki", SHASHKI_HUB_SPEC + ",hash=8", "russian", 1,
                       Control(TimeControl.parse("3s+0.1s")), seed=6)
    rec = result.games[0]
    g = read_games(rec.pdn)[0]
    assert g.headers["TimeControl"] == "3+0.1"
    if rec.termination != "time forfeit (Code 1.8.1)":  # a flag may fall on a loaded machine
        assert judge(g).result == rec.result


dame = pytest.mark.skipif(shutil.which("dame") is None, reason="dame-rs is not installed")


@dame
def test_dame_rs_hub_engine() -> None:
    with HubClient(["dame", "hub"], variant="international") as client:
        assert client.id["name"] == "dame"
        assert "variant" not in client.params  # International only
        board = Board("international")
        r = client.go(board, Limit(depth=6))
        assert r.move in board.legal_moves and r.last is not None and r.last.depth == 6
        # a threefold repetition: dame-rs refuses the moves; the error says so
        board = Board("international", "W:WK31:BK46")
        for text in ["31-36", "46-28", "36-31", "28-46"] * 2 + ["31-36", "46-28"]:
            board.push_text(text)
        with pytest.raises(HubError, match="it reported: illegal move"):
            client.go(board, Limit(depth=4))
        # king against king after 5 moves each: dame-rs holds the game drawn and answers
        # "done" without a move (FMJD 6.4; shashki's rules end the game at that ply too)
        board = Board("international", "W:WK31:BK46")
        for text in ["31-36", "46-28", "36-31", "28-32", "31-36", "32-23", "36-31", "23-14",
                     "31-36", "14-5"]:  # from a match game, no position three times
            board.push_text(text)
        with pytest.raises(HubNoMove, match="without a move"):
            client.go(board, Limit(depth=4))
    with pytest.raises(HubError, match="International only"):
        HubClient(["dame", "hub"], variant="russian")


@dame
def test_a_match_against_dame_rs() -> None:
    result = run_match("shashki", "hub:dame hub", "international", 2, Control(depth=3),
                       seed=2)
    assert result.b == "dame 0.2.0"
    for rec in result.games:
        assert judge(read_games(rec.pdn)[0]).result == rec.result
