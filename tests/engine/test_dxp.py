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
    assert conn.recv(30) == GameEnd(0, 0)  # the acknowledgement: reason always 0
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


# --- an independent implementation: pydraughts' DXP messages and sockets ----------------
# pydraughts 0.6.7 (draughts.engines.dxp_communication, an adaptation of akalverboer's
# DXC100 client) writes and parses DXP messages and frames them with NUL bytes on its own
# socket class; py-draughts 1.10.1 (draughts.boards.standard) is the rules. Neither shares
# code with shashki. (pydraughts' own Board is shadowed by py-draughts' package of the same
# name in this environment, so its message layer is used without its board.)


def _pydraughts() -> tuple[object, object]:
    classes = pytest.importorskip("draughts.engines.dxp_communication.dxp_classes")
    standard = pytest.importorskip("draughts.boards.standard")
    return classes, standard


def _dxp_position(pd: object) -> str:
    """DXP's 50 squares of a py-draughts board (py-draughts: black > 0, white < 0, kings
    ±2)."""
    chars = {1: "z", 2: "Z", -1: "w", -2: "W", 0: "e"}
    return "".join(chars[int(v)] for v in pd.position)  # type: ignore[attr-defined]


def test_pydraughts_writes_and_reads_the_same_messages() -> None:
    classes, standard = _pydraughts()
    d = classes.DamExchange()  # type: ignore[attr-defined]
    # pydraughts writes, shashki reads
    assert decode(d.msg_move([32, 28], [], 3)) == Move_(3, 32, 28)
    assert decode(d.msg_move([47, 2], [42, 31, 19, 9], 12)) == Move_(12, 47, 2, (42, 31, 19, 9))
    assert decode(d.msg_gameend("1")) == GameEnd(1, 1)
    assert decode(d.msg_backreq(5, classes.DXP_BLACK)) == BackReq(5, BLACK)  # type: ignore[attr-defined]
    assert decode(d.msg_backacc("2")) == BackAcc(2)
    assert decode(d.msg_chat("good luck")) == Chat("good luck")

    class Pos:  # what msg_gamereq asks of a board
        def __init__(self, squares: str) -> None:
            self._game = type("G", (), {"get_dxp_fen": staticmethod(lambda: squares)})

    pd = standard.Board.from_fen("B:W31,33,K46:B7,K10")  # type: ignore[attr-defined]
    text = d.msg_gamereq(classes.DXP_WHITE, 10, 50, Pos(_dxp_position(pd)),  # type: ignore[attr-defined]
                         classes.DXP_BLACK)  # type: ignore[attr-defined]
    req = decode(text)
    assert isinstance(req, GameReq)
    assert (req.name, req.follower, req.minutes, req.moves) == ("DXP Client", BLACK, 10, 50)
    assert req.position is not None
    assert board_from_position(req.position) == Board("international", "B:W31,33,K46:B7,K10")
    # shashki writes, pydraughts reads
    got = d.parse(encode(Move_(12, 5, 25, (22, 12, 23, 20))))
    assert (got["time"], got["from"], got["to"], got["captures"]) == (
        "0012", "05", "25", ["22", "12", "23", "20"])
    got = d.parse(encode(GameAcc("shashki", 0)))
    assert (got["engineName"], got["accCode"]) == ("shashki", "0")
    got = d.parse(encode(GameReq("shashki", WHITE, 5, 0, position_text(
        Board("international", "W:W31,33,K46:B7,K10")))))
    assert (got["name"], got["fColor"], got["gameTime"], got["numMoves"], got["posInd"],
            got["mColor"]) == ("shashki", "W", "005", "000", "B", "W")
    assert got["pos"] == _dxp_position(standard.Board.from_fen(  # type: ignore[attr-defined]
        "W:W31,33,K46:B7,K10"))
    assert d.parse(encode(GameEnd(2, 0))) == {"type": "E", "reason": "2", "stop": "0"}
    assert d.parse(encode(BackReq(12, WHITE))) == {"type": "B", "moveId": "012", "mColor": "W"}


def test_a_game_against_an_initiator_made_of_pydraughts_and_py_draughts(
        server: tuple[DxpServer, list[DxpGame]]) -> None:
    """pydraughts' messages and NUL framing on its own socket, py-draughts' rules: the
    follower's every move must be legal by py-draughts, both must see the same game."""
    import random

    classes, standard = _pydraughts()
    srv, served = server
    d = classes.DamExchange()  # type: ignore[attr-defined]
    sock = classes.MySocket().open()  # type: ignore[attr-defined]
    sock.connect("127.0.0.1", srv.port)
    sock.sock.settimeout(60)
    rng = random.Random(5)
    pd = standard.Board()  # type: ignore[attr-defined]
    for _ in range(4):  # start from a position: GAMEREQ's "B" form
        pd.push(rng.choice(pd.legal_moves))
    start_fen = pd.fen.split('"')[1]

    class Pos:
        _game = type("G", (), {"get_dxp_fen": staticmethod(lambda: _dxp_position(pd))})

    # the follower plays the side not to move, so the initiator moves first
    sock.send(d.msg_gamereq(classes.DXP_WHITE, 5, 0, Pos(), classes.DXP_WHITE))  # type: ignore[attr-defined]
    acc = d.parse(sock.receive())
    assert acc["type"] == "A" and acc["accCode"] == "0" and acc["engineName"] == "follower"
    moves: list[str] = []
    ended: dict[str, str] | None = None
    try:
        while len(moves) < 300:
            if str(pd.turn) == "Color.WHITE":  # ours
                legal = pd.legal_moves
                if not legal:
                    sock.send(d.msg_gameend("1"))  # I give up (stop code 1)
                    break
                m = rng.choice(legal)
                sock.send(d.msg_move([s + 1 for s in m.square_list],
                                     [c + 1 for c in m.captured_list], 0))
                pd.push(m)
                moves.append(f"{m.square_list[0] + 1}-{m.square_list[-1] + 1}")
                continue
            msg = d.parse(sock.receive())
            if msg["type"] == "E":
                ended = msg
                sock.send(d.msg_gameend("0"))  # the acknowledgement
                break
            assert msg["type"] == "M", msg
            key = (int(msg["from"]), int(msg["to"]), sorted(int(c) for c in msg["captures"]))
            found = [m for m in pd.legal_moves
                     if (m.square_list[0] + 1, m.square_list[-1] + 1,
                         sorted(c + 1 for c in m.captured_list)) == key]
            assert len(found) == 1, (msg, pd.fen)  # legal by py-draughts' rules
            pd.push(found[0])
            moves.append(f"{key[0]}-{key[1]}")
        else:
            sock.send(d.msg_gameend("0"))
        if ended is None:
            ack = d.parse(sock.receive())
            assert ack == {"type": "E", "reason": "0", "stop": "0"}  # reason always 0
    finally:
        sock.sock.close()
        sock.closed = True  # its close() would wait 7 s
    for _attempt in range(300):
        if served:
            break
        threading.Event().wait(0.1)
    g = served[0]
    record = read_games(g.pdn)[0]
    assert record.headers["FEN"] == start_fen
    assert [f"{m.start}-{m.end}" for m in record.mainline_moves()] == moves
    assert len(moves) >= 20, moves
    if not pd.legal_moves:  # py-draughts' rules: the side to move has lost
        assert g.result == ("0-1" if str(pd.turn) == "Color.WHITE" else "1-0")


# --- a session replayed from the protocol document ----------------------------------------
# Written from F. Mesander's DamExchange pages (mesander.nl/damexchange: "Layer 2 protocol
# description", GAMEREQ, GAMEACC, MOVE, GAMEEND, CHAT, BACKREQ, BACKACC): field widths,
# the example GAMEREQ of "Tornado voor Windows 4.0", NUL-terminated messages (layer 1,
# SOCKET), strictly alternating moves, GAMEEND from the side to move answered by a
# GAMEEND whose reason "is always '0'", CHAT at any moment, and a new GAMEREQ after a game.

TORNADO = "Tornado voor Windows 4.0"


def _raw(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    return s


def _send_raw(s: socket.socket, text: str) -> None:
    s.sendall(text.encode("ascii") + b"\0")


def _recv_raw(s: socket.socket, buf: list[bytes]) -> str:
    while b"\0" not in buf[0]:
        data = s.recv(4096)
        assert data, "the follower closed the connection"
        buf[0] += data
    raw, _, buf[0] = buf[0].partition(b"\0")
    return raw.decode("ascii")


def test_transcript_from_the_damexchange_document(
        server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, served = server
    s = _raw(srv.port)
    buf = [b""]
    try:
        # GAMEREQ as in the document's layout: R, 01, name in 32, follower colour W,
        # 060 minutes, 065 moves, A = the initial position
        _send_raw(s, "R01" + TORNADO.ljust(32) + "W060065A")
        acc = _recv_raw(s, buf)
        assert acc == "A" + "follower".ljust(32) + "0"  # 1 + 32 + 1 bytes
        # the follower has White: it moves first; MOVE = M, time 4, from 2, to 2, count 2
        first = _recv_raw(s, buf)
        assert first[0] == "M" and len(first) == 11 and first[1:].isdigit()
        assert first.endswith("00") and 31 <= int(first[5:7]) <= 35
        board = Board("international")
        board.push(find_move(board, decode(first)))
        _send_raw(s, "CThe Initiator may chat at any moment")
        reply = next(m for m in board.legal_moves if m.start == 19 or m.start == 20)
        _send_raw(s, encode(Move_(1, reply.start, reply.end)))
        board.push(reply)
        second = _recv_raw(s, buf)
        board.push(find_move(board, decode(second)))  # strictly alternating
        # BACKREQ to move 2 with Black to move: accepted, the follower waits for Black
        _send_raw(s, "B002Z")
        assert _recv_raw(s, buf) == "K0"
        board.pop()
        # GAMEEND from the side to move (us): reason 1 = I give up, stop code 0
        _send_raw(s, "E10")
        assert _recv_raw(s, buf) == "E00"  # the acknowledgement, reason always '0'
        # a next game on the same connection, from a position (B, side to move, 50 squares)
        pos = "Z" + "e" * 6 + "z" + "e" * 23 + "w" + "e" * 14 + "W" + "e" * 4  # 7; 31, K46
        _send_raw(s, "R01" + TORNADO.ljust(32) + "W001000B" + pos)
        assert _recv_raw(s, buf) == "A" + "follower".ljust(32) + "0"
        # Black (us) to move: 7-12; the follower (White) answers
        _send_raw(s, "M0000071200")
        answer = decode(_recv_raw(s, buf))
        b2 = Board("international", "B:W31,K46:B7")
        b2.push_text("7-12")
        assert find_move(b2, answer) in b2.legal_moves  # type: ignore[arg-type]
        _send_raw(s, "E01")  # our turn again: end this game, stop code 1 (no next game)
        assert _recv_raw(s, buf) == "E00"
    finally:
        s.close()
    for _attempt in range(300):
        if len(served) == 2:
            break
        threading.Event().wait(0.1)
    # game 1: Black gave up (reason 1), so White, the follower, won; game 2: ended with
    # reason 0 ("without a reason") and stop code 1
    assert [g.result for g in served] == ["1-0", "1/2-1/2"]
    assert [g.plies for g in served] == [3, 2]  # the take-back removed Black's move
    assert all("DXP GAMEEND" in g.termination for g in served)
    assert [g.stop for g in served] == [False, True]


def test_transcript_refusals_from_the_document(server: tuple[DxpServer, list[DxpGame]]) -> None:
    srv, _ = server
    s = _raw(srv.port)
    buf = [b""]
    try:
        _send_raw(s, "R02" + TORNADO.ljust(32) + "W060065A")  # version 02: code 1
        assert _recv_raw(s, buf) == "A" + "follower".ljust(32) + "1"
        # an impossible start position ('x' is no square character): code 2, "willing to
        # play another game"
        _send_raw(s, "R01" + TORNADO.ljust(32) + "W060065BW" + "x" * 50)
        assert _recv_raw(s, buf) == "A" + "follower".ljust(32) + "2"
        _send_raw(s, "CChat between games is allowed too")
        _send_raw(s, "E01")  # stop
    finally:
        s.close()
