"""The Hub protocol: a session through a real pipe and the parts one by one."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from shashki import Board
from shashki.engine.hub import (
    HubError,
    HubSession,
    board_from_position,
    move_text,
    parse_line,
    parse_move,
    position_text,
)
from shashki.rules import INTERNATIONAL, RUSSIAN

START_8 = "W" + "b" * 12 + "e" * 8 + "w" * 12
START_10 = "W" + "b" * 20 + "e" * 10 + "w" * 20


def _read_until(proc: subprocess.Popen[str], prefix: str, timeout: float = 60) -> list[str]:
    lines = []
    end = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith(prefix):
            return lines
    raise AssertionError(f"no {prefix!r} line in {lines}")


def _send(proc: subprocess.Popen[str], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


@pytest.mark.parametrize(("variant", "start"), [("russian", START_8),
                                                ("international", START_10)])
def test_hub_session_through_a_pipe(variant: str, start: str) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "shashki.engine.cli", "hub"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        _send(proc, "hub")
        head = _read_until(proc, "wait")
        assert head[0].startswith("id name=shashki")
        assert any(x.startswith("param name=variant") for x in head)
        _send(proc, f"set-param name=variant value={variant}")
        _send(proc, "init")
        assert _read_until(proc, "ready")[-1] == "ready"
        _send(proc, "ping")
        assert _read_until(proc, "pong")[-1] == "pong"
        _send(proc, f"pos pos={start}")
        _send(proc, "level depth=6")
        _send(proc, "go think")
        lines = _read_until(proc, "done")
        infos = [parse_line(x)[1] for x in lines if x.startswith("info")]
        assert [int(i["depth"]) for i in infos][-1] == 6
        assert {"score", "nodes", "time", "nps", "pv", "mean-depth"} <= set(infos[-1])
        _, done = parse_line(lines[-1])
        board = Board(variant)
        move = parse_move(board, done["move"])
        assert move in board.legal_moves
        if "ponder" in done:
            board.push(move)
            parse_move(board, done["ponder"])
        # an infinite search answers ping and stops on request, still with a move
        _send(proc, "level infinite")
        _send(proc, "go analyze")
        time.sleep(0.3)
        _send(proc, "ping")
        _send(proc, "stop")
        lines = _read_until(proc, "done")
        assert "pong" in lines
        _send(proc, "quit")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


def test_session_in_process_with_moves_and_time() -> None:
    out = io.StringIO()
    s = HubSession(out, threaded=False, hash_mb=4)
    for line in ["hub", "set-param name=variant value=brazilian", "init", "new-game",
                 f'pos pos={START_8} moves="23-19 10-14"', "level moves=10 time=3 inc=0.5",
                 "go think"]:
        s.handle(line)
    text = out.getvalue().splitlines()
    assert "ready" in text and text[-1].startswith("done move=")
    assert s.board is not None and s.board.fen() == "W:W19,21,22,24,25,26,27,28,29,30,31,32" \
        ":B1,2,3,4,5,6,7,8,9,11,12,14"


def test_scan_variant_name() -> None:
    out = io.StringIO()
    s = HubSession(out, threaded=False, hash_mb=1)
    s.handle("set-param name=variant value=normal")  # Scan's name for International
    s.handle("init")
    s.handle(f"pos pos={START_10}")
    s.handle("level depth=2")
    s.handle("go think")
    assert out.getvalue().splitlines()[-1].startswith("done move=3")


def test_errors_are_reported_not_raised() -> None:
    out = io.StringIO()
    s = HubSession(out, threaded=False, hash_mb=1)
    s.handle("init")
    s.handle(f"pos pos={START_10}")  # 51 characters for an 8x8 game
    s.handle("pos pos=Wbbb")
    s.handle('pos pos=' + START_8 + ' moves="22-17 17-13"')  # Black's move, not White's
    s.handle("set-param name=variant value=chess")
    s.handle("level depth=x")
    s.handle('go think"')
    s.handle("bogus-command x=1")  # ignored
    errors = [x for x in out.getvalue().splitlines() if x.startswith("error")]
    assert len(errors) == 6, errors
    assert "33" in errors[0] and "russian" in errors[0]


def test_positions_round_trip() -> None:
    b = Board("russian", "B:WKc3,e3:Bd6,Kh8")
    text = position_text(b)
    assert len(text) == 33 and text[0] == "B"
    assert board_from_position(RUSSIAN, text) == b
    assert position_text(Board("international")) == START_10
    assert board_from_position(INTERNATIONAL, "start") == Board("international")


def test_move_text_names_captured_pieces() -> None:
    b = Board("russian", "W:W5,13,15,17,27,28,32:B1,6,7,8,16,23,24")
    texts = {move_text(m) for m in b.legal_moves}
    assert "28x10x7x8x16x24" in texts  # 28 to 10 taking 24, 16, 8, 7 (sorted)
    for t in texts:
        assert move_text(parse_move(b, t)) == t
    with pytest.raises(HubError):
        parse_move(b, "32-28")


def test_parse_line_quoting() -> None:
    assert parse_line('info pv="" score=0.1') == ("info", {"pv": "", "score": "0.1"})
    with pytest.raises(HubError):
        parse_line('pos pos="Weee')


def test_ponder_then_ponder_hit_uses_the_level_from_then_on() -> None:
    out = io.StringIO()
    s = HubSession(out, threaded=True, hash_mb=4)
    s.handle("init")
    s.handle(f"pos pos={START_8}")
    s.handle("level move-time=0.2")
    s.handle("go ponder")
    time.sleep(0.4)
    assert s.searching  # pondering has no time limit of its own
    t = time.monotonic()
    s.handle("ponder-hit")
    s.wait()
    assert time.monotonic() - t < 5.0  # generous: ~0.2 s expected
    assert out.getvalue().splitlines()[-1].startswith("done move=")


def test_other_commands_during_a_search_end_it_first() -> None:
    out = io.StringIO()
    s = HubSession(out, threaded=True, hash_mb=4)
    s.handle("init")
    s.handle(f"pos pos={START_8}")
    s.handle("level infinite")
    s.handle("go analyze")
    time.sleep(0.2)
    s.handle("new-game")  # not allowed while searching: the search stops and answers
    assert not s.searching
    assert out.getvalue().splitlines()[-1].startswith("done move=")
