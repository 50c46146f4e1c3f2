"""DXP: messages, positions, and whole games over loopback TCP sockets."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from shashki import Board
from shashki.color import BLACK, WHITE
from shashki.engine.dxp import (
    BackAcc,
    BackReq,
    Chat,
    Connection,
    DxpClient,
    DxpError,
    DxpGame,
    DxpServer,
    GameAcc,
    GameEnd,
    GameReq,
    Move_,
    board_from_position,
    decode,
    encode,
    find_move,
    parse_address,
    position_text,
)
from shashki.engine.match import Control, make_player, run_match
from shashki.game import judge
from shashki.pdn import read_games

ENGINE = "shashki,nodes=1500"

# --- messages -----------------------------------------------------------------------------


def test_reference_examples() -> None:
    # notation-pdn.md §4.2
    assert decode("M001205250422122320") == Move_(12, 5, 25, (22, 12, 23, 20))
    assert encode(Move_(0, 32, 28)) == "M0000322800"
    req = decode("R01" + "Scan 3.1".ljust(32) + "Z001075A")
    assert req == GameReq("Scan 3.1", BLACK, 1, 75, None, 1)
    assert decode("E00") == GameEnd(0, 0)


@pytest.mark.parametrize("msg", [
    GameReq("shashki", WHITE, 5, 0, None),
    GameReq("x" * 40, BLACK, 999, 40, position_text(Board("international", "B:WK46,33:B7,K10"))),
    GameAcc("Kingsrow", 0),
    GameAcc("", 3),
    Move_(9999, 47, 2, (42, 31, 19, 9)),
    GameEnd(3, 1),
    Chat("good game, спасибо"[:9]),
    BackReq(12, WHITE),
    BackAcc(1),
])
def test_round_trip(msg: object) -> None:
    text = encode(msg)  # type: ignore[arg-type]
    assert 1 <= len(text) <= 127
    back = decode(text)
    if isinstance(msg, GameReq):
        assert back == GameReq(msg.name[:32], msg.follower, msg.minutes, msg.moves,
                               msg.position)
    else:
        assert back == msg


@pytest.mark.parametrize(("text", "bad"), [
    ("", "empty"),
    ("Q123", "'Q'"),
    ("M00a1322800", "'00a1'"),
    ("M0001322801", "1 captures but 0 digits"),
    ("R01" + " " * 32 + "X001000A", "'X'"),
    ("R01" + " " * 32 + "W001000Q", "'Q'"),
    ("E", "too short"),
    ("B01", "too short"),
])
def test_bad_messages_name_the_field(text: str, bad: str) -> None:
    with pytest.raises(DxpError, match=bad):
        decode(text)


def test_positions() -> None:
    start = Board("international")
    text = position_text(start)
    assert text == "W" + "z" * 20 + "e" * 10 + "w" * 20
    assert board_from_position(text) == start
    b = Board("international", "B:WK46,33:B7,K10")
    assert board_from_position(position_text(b)) == b
    with pytest.raises(DxpError, match="'x'"):
        board_from_position("W" + "x" * 50)
    with pytest.raises(DxpError, match="4 characters, not 51"):
        board_from_position("Wzzz")


def test_find_move_by_captured_set() -> None:
    b = Board("international", "W:W28:B23,5")
    assert find_move(b, Move_(0, 28, 19, (23,))) in b.legal_moves
    with pytest.raises(DxpError, match="illegal"):
        find_move(b, Move_(0, 28, 22, ()))


def test_addresses() -> None:
    assert parse_address("localhost:27000") == ("localhost", 27000)
    assert parse_address("example.org") == ("example.org", 27531)
    with pytest.raises(DxpError, match="'port'"):
        parse_address("host:port")


# --- games over sockets -------------------------------------------------------------------


@pytest.fixture
def server() -> Iterator[tuple[DxpServer, list[DxpGame]]]:
    srv = DxpServer(make_player(ENGINE, "international"), port=0, name="follower")
    games: list[DxpGame] = []
    t = threading.Thread(target=lambda: games.extend(srv.serve(once=True, timeout=60)),
                         daemon=True)
    t.start()
    yield srv, games
    t.join(30)
    srv.close()


def test_engine_vs_engine_games_over_loopback(server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, served = server
    with DxpClient(make_player(ENGINE, "international"), port=srv.port,
                   name="initiator") as client:
        ours = [client.play(WHITE, minutes=1), client.play(BLACK, minutes=1)]
    assert [(g.white, g.black) for g in ours] == [("initiator", "follower"),
                                                  ("follower", "initiator")]
    for _attempt in range(100):
        if len(served) == 2:
            break
        threading.Event().wait(0.1)
    assert len(served) == 2
    for mine, theirs in zip(ours, served, strict=True):
        # both ends saw the same game and the same ending
        assert (mine.white, mine.black, mine.result, mine.plies) == (
            theirs.white, theirs.black, theirs.result, theirs.plies)
        record = read_games(mine.pdn)[0]
        assert record.mainline_moves() == read_games(theirs.pdn)[0].mainline_moves()
        assert judge(record).result == mine.result
        assert mine.termination == theirs.termination != ""


def test_takeback_and_resignation_by_raw_messages(
        server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, served = server
    conn = Connection(socket.create_connection(("127.0.0.1", srv.port), timeout=30))
    conn.send(GameReq("raw", BLACK, 1, 0))  # the follower (server) plays Black
    assert conn.recv(30) == GameAcc("follower", 0)
    conn.send(Move_(0, 32, 28))
    reply = conn.recv(60)
    assert isinstance(reply, Move_)
    board = Board("international")
    board.push_text("32-28")
    assert find_move(board, reply) in board.legal_moves
    conn.send(BackReq(1, WHITE))  # back to the start: move 1, White to move
    assert conn.recv(30) == BackAcc(0)
    conn.send(BackReq(9, WHITE))  # not in the game
    assert conn.recv(30) == BackAcc(1)
    conn.send(Chat("hello"))
    conn.send(Move_(0, 33, 29))
    reply = conn.recv(60)
    board = Board("international")
    board.push_text("33-29")
    assert isinstance(reply, Move_)
    assert find_move(board, reply) in board.legal_moves
    conn.send(GameEnd(1, 1))  # I lose; stop
    assert conn.recv(30) == GameEnd(3, 0)  # the follower wins
    conn.close()
    for _attempt in range(100):
        if served:
            break
        threading.Event().wait(0.1)
    g = served[0]
    assert g.result == "0-1" and g.plies == 2 and g.stop
    moves = [str(m) for m in read_games(g.pdn)[0].mainline_moves()]
    assert moves[0] == "33-29"  # the take-back removed 32-28
    assert "DXP GAMEEND" in g.termination


def test_follower_refuses_a_bad_version(server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, _ = server
    conn = Connection(socket.create_connection(("127.0.0.1", srv.port), timeout=30))
    conn.send(GameReq("raw", BLACK, 1, 0, None, version=7))
    assert conn.recv(30) == GameAcc("follower", 1)
    conn.close()


def test_dxp_engine_in_a_match(server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, _served = server
    result = run_match(ENGINE, f"dxp:127.0.0.1:{srv.port}", "international", 2,
                       Control(nodes=1500), seed=3)
    assert result.b == f"dxp:127.0.0.1:{srv.port}"
    assert result.standing.games == 2
    for rec in result.games:
        assert judge(read_games(rec.pdn)[0]).result == rec.result


def test_cli_serve_and_connect_between_processes(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    proc = subprocess.Popen(
        [sys.executable, "-m", "shashki.cli", "dxp", "serve", "--port", "0", "--once",
         "--engine", ENGINE, "--name", "served"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline().split()
        assert first[0] == "DXP"
        address = first[1]
        out = tmp_path / "dxp.pdn"
        code, stdout, stderr = cli("dxp", "connect", address, "--games", "1", "--minutes",
                                   "1", "--engine", ENGINE, "--pdn", str(out))
        assert code == 0, stderr
        assert stdout.startswith("shashki - served: ")
        games = read_games(out.read_text(encoding="utf-8"))
        assert games[0].headers["White"] == "shashki"
        server_line = proc.stdout.readline()
        assert server_line.startswith("shashki - served: ")
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_cli_connect_errors(cli) -> None:  # type: ignore[no-untyped-def]
    code, _, stderr = cli("dxp", "connect", "127.0.0.1:port")
    assert code == 2 and "'port'" in stderr
    with socket.socket() as s:  # a port that nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, _, stderr = cli("dxp", "connect", f"127.0.0.1:{port}", "--engine", ENGINE)
    assert code == 2 and f"127.0.0.1:{port}" in stderr
    assert len(stderr.strip().splitlines()) == 1
