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
    proc = subprocess.Popen([sys.executable, "-m", "shashki.cli.engine", "hub"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        _send(proc, "hub")
        head = _read_until(proc, "wait")
        assert head[0].startswith("id name=shashki")
        assert any(x.startswith("param name=variant") for x in head)
        _send(proc, f"set-param name=variant value={variant}")
        _send(proc, "set-param name=book value=false")  # search the start (test_book: the book)
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
    s = HubSession(out, threaded=False, hash_mb=1, variant="russian")
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


# --- the variant: set, or by the position's size (Hub 2: 51 characters) -------------------


def _session(*lines: str, **kw: object) -> tuple[HubSession, list[str]]:
    out = io.StringIO()
    s = HubSession(out, threaded=False, hash_mb=1, **kw)  # type: ignore[arg-type]
    for line in lines:
        s.handle(line)
    return s, out.getvalue().splitlines()


def test_no_variant_set_a_51_character_position_is_international() -> None:
    # what an International GUI sends (Scan's protocol.txt example): no set-param at all
    s, lines = _session("hub", "init", f"pos pos={START_10}", "level depth=3", "go think")
    assert 'param name=variant value=auto type=enum values="auto russian' in " ".join(lines)
    assert not [x for x in lines if x.startswith("error")], lines
    assert s.engine is not None and s.engine.variant.name == "international"
    assert s.board == Board("international")
    move = parse_move(Board("international"), parse_line(lines[-1])[1]["move"])
    assert move in Board("international").legal_moves


def test_protocol_example_with_moves_is_read_as_international() -> None:
    # Hub 2's own example of a position with king moves, verbatim
    pos = "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee"
    s, lines = _session("init", f'pos pos={pos} moves="38-15 5-41 48-26"')
    assert not [x for x in lines if x.startswith("error")], lines
    assert s.board is not None and s.board.variant.name == "international"
    assert s.board.piece_at(26) is not None and s.board.piece_at(26).king


def test_no_variant_set_33_and_41_characters_are_the_8x8_and_10x8_defaults() -> None:
    start_80 = position_text(Board("russian-80"))
    assert len(start_80) == 41
    s, _ = _session("init", f"pos pos={START_8}", "level depth=2", "go think")
    assert s.engine is not None and s.engine.variant.name == "russian"
    s.handle(f"pos pos={start_80}")  # the next game on another board
    assert s.engine.variant.name == "russian-80" and s.board == Board("russian-80")
    s.handle(f"pos pos={START_10}")
    assert s.engine.variant.name == "international"
    s.handle("pos pos=Wbbbb")
    assert "known sizes: 51 (international), 33 (russian), 41 (russian-80)" in \
        s.out.getvalue()  # type: ignore[attr-defined]


def test_a_variant_set_is_kept_whatever_the_positions() -> None:
    _, lines = _session("set-param name=variant value=russian", "init", f"pos pos={START_10}")
    assert lines[-1].startswith("error") and "33" in lines[-1] and "russian" in lines[-1]
    s, _ = _session("init", f"pos pos={START_8}", variant="brazilian")
    assert s.engine is not None and s.engine.variant.name == "brazilian"
    s, _ = _session("set-param name=variant value=russian", "set-param name=variant "
                        "value=auto", "init", f"pos pos={START_10}")
    assert s.engine is not None and s.engine.variant.name == "international"


def test_pos_start_keeps_the_board_in_use() -> None:
    s, _ = _session("init", "pos start")
    assert s.board == Board("international")  # Scan's default
    s.handle(f"pos pos={START_8}")
    s.handle("pos start")
    assert s.board == Board("russian")


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


def test_absurd_levels_and_hash_are_errors_not_crashes() -> None:
    _, lines = _session("init", "level move-time=nan", "level nodes=99999999999999999999999",
                        "set-param name=hash value=100000000", "level time=inf")
    errors = [x for x in lines if x.startswith("error")]
    assert len(errors) == 4, lines
    assert "not a number" in errors[0] and "too many" in errors[1]
    assert "1 to 16384" in errors[2] and "too long" in errors[3]


def test_the_ruleset_parameter_sets_the_search_s_draw_counts() -> None:
    """``set-param name=ruleset``: Brazilian under the CBD's rules counts 20 moves of kings
    (CBD 16), under its default, the Code, 15 (1.9.1.6); a ruleset the variant lacks is
    an error naming the variant's, and so is an unknown one."""
    from shashki.engine import search as S

    s, lines = _session("hub", "set-param name=variant value=brazilian",
                        "set-param name=ruleset value=cbd", "init")
    assert 'param name=ruleset value=default type=enum values="default code-2004 fmjd cbd"' \
        in lines
    assert s.engine is not None and s.engine.params[S.P_RULES_PLIES] == 40
    s.handle("set-param name=ruleset value=default")
    s.handle("new-game")
    assert s.engine.params[S.P_RULES_PLIES] == 30
    s, lines = _session("set-param name=variant value=international",
                        "set-param name=ruleset value=cbd", "init")
    assert any(x.startswith("error") and "known: fmjd" in x for x in lines), lines
    _, lines = _session("set-param name=ruleset value=fide")
    assert any(x.startswith("error") and "unknown ruleset 'fide'" in x for x in lines), lines
    # the start-up warm-up may run before the variant is set: it leaves the rules alone
    s, _ = _session("set-param name=ruleset value=cbd")
    assert s._apply_params(rules=False).variant.name == "international"
    s, lines = _session("set-param name=ruleset value=cbd",
                        "set-param name=variant value=brazilian", "init")
    assert "ready" in lines and not [x for x in lines if x.startswith("error")], lines
